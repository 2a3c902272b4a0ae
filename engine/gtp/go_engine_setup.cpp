// The setup, clock, scoring and analysis commands of the GTP engine.
#include <algorithm>
#include <set>

#include "engine/board/score.hpp"
#include "engine/gtp/go_engine.hpp"
#include "engine/gtp/handicap.hpp"

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
  server_.add("final_score", [this](const GtpArgs& a) { return cmdFinalScore(a); });
  server_.add("final_status_list", [this](const GtpArgs& a) { return cmdFinalStatusList(a); });
  server_.add("gogui-analyze_commands", [this](const GtpArgs& a) { return cmdAnalyzeCommands(a); });
  server_.add("fgo-area_owner", [this](const GtpArgs& a) { return cmdAreaOwner(a); });
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

std::string GoEngine::cmdTimeSettings(const GtpArgs& a) {
  clock_.settings = parseTimeSettings(a);
  log("time settings: " + describe(clock_.settings) + " (stored; no time management yet)");
  return "";
}

std::string GoEngine::cmdKgsTimeSettings(const GtpArgs& a) {
  clock_.settings = parseKgsTimeSettings(a);
  log("time settings: " + describe(clock_.settings) + " (stored; no time management yet)");
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

std::string GoEngine::cmdFinalScore(const GtpArgs& a) {
  a.expectCount(0);
  // No dead-stone estimator yet: the board is counted as it stands (Tromp-Taylor).
  return scoreGame(game_).result();
}

std::string GoEngine::cmdFinalStatusList(const GtpArgs& a) {
  a.expectCount(1);
  const std::string status = a.at(0);
  if (status == "dead" || status == "seki") return "";  // nothing is judged dead yet
  if (status != "alive") throw GtpError("syntax error");
  // Every stone, one chain per line.
  const Board& b = game_.board();
  std::vector<uint8_t> done(b.arraySize(), 0);
  std::string out;
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Point p = b.point(x, y);
      if (!isStone(b.at(p)) || done[b.chainHead(p)]) continue;
      done[b.chainHead(p)] = 1;
      std::vector<Point> chain;
      Point q = p;
      do {
        chain.push_back(q);
        q = b.nextInChain(q);
      } while (q != p);
      std::sort(chain.begin(), chain.end());
      out += pointsText(chain) + "\n";
    }
  }
  return out;
}

std::string GoEngine::cmdAnalyzeCommands(const GtpArgs& a) {
  a.expectCount(0);
  // GoGui's "type/label/command" lines; only commands that exist here.
  return "gfx/Area owner (Tromp-Taylor, board as it stands)/fgo-area_owner\n"
         "string/Final score (board as it stands)/final_score\n"
         "string/Show board/showboard\n";
}

std::string GoEngine::cmdAreaOwner(const GtpArgs& a) {
  a.expectCount(0);
  const Board& b = game_.board();
  const Score s = areaScore(b, game_.rules().komi);
  std::string black = "BLACK", white = "WHITE";
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Color owner = s.owner[static_cast<size_t>(y) * b.width() + x];
      if (b.at(x, y) != Color::Empty || !isStone(owner)) continue;
      std::string& list = owner == Color::Black ? black : white;
      list += ' ';
      list += vertexName({x, y}, b.size());
    }
  }
  return black + "\n" + white;
}

}  // namespace engine
