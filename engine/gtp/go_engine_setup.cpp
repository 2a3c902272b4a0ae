// The setup and clock commands of the GTP engine (handicap, time settings).
#include <algorithm>
#include <set>

#include "engine/board/score.hpp"
#include "engine/gtp/go_engine.hpp"
#include "engine/gtp/handicap.hpp"
#include "engine/gtp/time_control.hpp"

namespace engine {

namespace {

// A clock reading beyond a year is no clock reading.
constexpr double MAX_CLOCK_SECONDS = 366.0 * 24 * 3600;

}  // namespace

void GoEngine::registerSetupCommands() {
  server_.add("fixed_handicap", [this](const GtpArgs& a) { return cmdFixedHandicap(a); });
  server_.add("place_free_handicap", [this](const GtpArgs& a) { return cmdPlaceFreeHandicap(a); });
  server_.add("set_free_handicap", [this](const GtpArgs& a) { return cmdSetFreeHandicap(a); });
  server_.add("time_settings", [this](const GtpArgs& a) { return cmdTimeSettings(a); });
  server_.add("kgs-time_settings", [this](const GtpArgs& a) { return cmdKgsTimeSettings(a); });
  server_.add("time_left", [this](const GtpArgs& a) { return cmdTimeLeft(a); });
}

void GoEngine::placeHandicap(const std::vector<Point>& stones) {
  std::vector<std::pair<Point, Color>> setup;
  for (Point p : stones) setup.emplace_back(p, Color::Black);
  game_.setup(setup);
  game_.setToMove(Color::White);
  setupHandicap_ = stones;
  log("handicap " + std::to_string(stones.size()) + ": " + pointsText(stones));
}

namespace {

// The stone count argument of the handicap commands: "syntax error" when it is not a
// number, "invalid number of stones" when it is one outside lo..hi.
int stoneCountArg(const GtpArgs& a, long long lo, long long hi) {
  a.expectCount(1);
  long long n = 0;
  if (!isIntegerText(a.at(0))) throw GtpError("syntax error");
  if (!parseInteger(a.at(0), n) || n < lo || n > hi) throw GtpError("invalid number of stones");
  return static_cast<int>(n);
}

}  // namespace

std::string GoEngine::cmdFixedHandicap(const GtpArgs& a) {
  const BoardSize size = game_.board().size();
  const int n = stoneCountArg(a, 2, std::max(2, maxFixedHandicap(size)));
  if (!boardEmpty()) throw GtpError("board not empty");
  const std::vector<XY> xys = fixedHandicap(size, n);
  if (xys.empty()) throw GtpError("invalid number of stones");
  std::vector<Point> stones;
  for (XY xy : xys) stones.push_back(game_.board().point(xy));
  placeHandicap(stones);
  return pointsText(stones);
}

std::string GoEngine::cmdPlaceFreeHandicap(const GtpArgs& a) {
  const BoardSize size = game_.board().size();
  const int n = stoneCountArg(a, 2, static_cast<long long>(size.points()) - 1);
  if (!boardEmpty()) throw GtpError("board not empty");
  std::vector<Point> stones;
  for (XY xy : freeHandicap(size, n)) stones.push_back(game_.board().point(xy));
  if (stones.size() < 2) throw GtpError("invalid number of stones");
  placeHandicap(stones);
  return pointsText(stones);
}

std::string GoEngine::cmdSetFreeHandicap(const GtpArgs& a) {
  if (a.size() == 0) throw GtpError("syntax error");
  if (!boardEmpty()) throw GtpError("board not empty");
  std::vector<Point> stones;
  std::set<Point> seen;
  for (size_t i = 0; i < a.size(); ++i) {
    Point p = PASS;
    try {
      p = moveArg(a, i);
    } catch (const GtpError&) {
      throw GtpError("bad vertex list");
    }
    if (p == PASS || !seen.insert(p).second) throw GtpError("bad vertex list");
    stones.push_back(p);
  }
  if (stones.size() < 2 || stones.size() >= static_cast<size_t>(game_.board().size().points())) {
    throw GtpError("bad vertex list");
  }
  placeHandicap(stones);
  return "";
}

namespace {

// New settings start both clocks afresh.
void setClock(ClockState& clock, const TimeSettings& settings) {
  clock.settings = settings;
  clock.black = clock.white = initialReading(settings);
}

}  // namespace

std::string GoEngine::cmdTimeSettings(const GtpArgs& a) {
  setClock(clock_, parseTimeSettings(a));
  log("time settings: " + describe(clock_.settings));
  return "";
}

std::string GoEngine::cmdKgsTimeSettings(const GtpArgs& a) {
  setClock(clock_, parseKgsTimeSettings(a));
  log("time settings: " + describe(clock_.settings));
  return "";
}

std::string GoEngine::cmdTimeLeft(const GtpArgs& a) {
  a.expectCount(3);
  ClockReading& r = clock_.of(colorArg(a, 0));
  const double seconds = a.real(1);
  if (seconds < -MAX_CLOCK_SECONDS || seconds > MAX_CLOCK_SECONDS) throw GtpError("syntax error");
  const int stones = static_cast<int>(a.integer(2, 0, 1000000));
  r = ClockReading{true, seconds, stones};
  return "";
}

}  // namespace engine
