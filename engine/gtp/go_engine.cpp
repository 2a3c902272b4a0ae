// The game commands of the GTP engine: board size, komi, moves, genmove, undo, showboard.
#include "engine/gtp/go_engine.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <ostream>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/gtp/time_control.hpp"

namespace engine {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return s;
}

// A board side from text: "syntax error" when it is not a number at all, "unacceptable
// size" when it is a number (however large or negative) outside 1..MAX_BOARD_SIDE.
int sideArg(const std::string& text) {
  if (!isIntegerText(text)) throw GtpError("syntax error");
  long long v = 0;
  if (!parseInteger(text, v) || v < 1 || v > MAX_BOARD_SIDE) {
    throw GtpError("unacceptable size");
  }
  return static_cast<int>(v);
}

}  // namespace

std::string projectVersion() {
  return FGO_VERSION;
}

std::string numberText(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Rules gtpRules(Rules rules) {
  rules.passesToEnd = INT_MAX;
  return rules;
}

GoEngine::GoEngine(GoEngineConfig config, std::unique_ptr<Player> player)
    : config_(std::move(config)),
      player_(std::move(player)),
      server_(config_.log),
      game_(config_.size, gtpRules(config_.rules)) {
  registerGameCommands();
  registerSetupCommands();
  registerSgfCommands();
  registerEvalCommands();
  registerAnalyzeCommands();
  log("fractalgo GTP engine: genmove uses the " + player_->description());
}

void GoEngine::registerGameCommands() {
  server_.add("name", [this](const GtpArgs& a) {
    a.expectCount(0);
    return config_.name;
  });
  server_.add("version", [this](const GtpArgs& a) {
    a.expectCount(0);
    return config_.version + " (" + player_->description() + ")";
  });
  server_.add("boardsize", [this](const GtpArgs& a) { return cmdBoardsize(a); });
  server_.add("rectangular_boardsize", [this](const GtpArgs& a) {
    a.expectCount(2);
    return cmdBoardsize(a);
  });
  server_.add("clear_board", [this](const GtpArgs& a) { return cmdClearBoard(a); });
  server_.add("komi", [this](const GtpArgs& a) { return cmdKomi(a); });
  server_.add("play", [this](const GtpArgs& a) { return cmdPlay(a); });
  server_.add("genmove", [this](const GtpArgs& a) { return cmdGenmove(a, MoveRequest::Normal); });
  server_.add("reg_genmove", [this](const GtpArgs& a) { return cmdRegGenmove(a); });
  server_.add("kgs-genmove_cleanup",
              [this](const GtpArgs& a) { return cmdGenmove(a, MoveRequest::Cleanup); });
  server_.add("undo", [this](const GtpArgs& a) { return cmdUndo(a); });
  server_.add("showboard", [this](const GtpArgs& a) { return cmdShowboard(a); });
}

void GoEngine::log(const std::string& line) const {
  if (config_.log) *config_.log << line << "\n";
}

void GoEngine::newGame(BoardSize size) {
  Rules rules = game_.rules();  // keeps the komi the controller set
  game_ = Game(size, rules);
  setupHandicap_.clear();
  startedEmpty_ = true;
  clock_.black = clock_.white = initialReading(clock_.settings);
  player_->newGame();
}

Color GoEngine::colorArg(const GtpArgs& a, size_t i) const {
  const std::string c = lower(a.at(i));
  if (c == "b" || c == "black") return Color::Black;
  if (c == "w" || c == "white") return Color::White;
  throw GtpError("syntax error");
}

Point GoEngine::moveArg(const GtpArgs& a, size_t i) const {
  const std::string& text = a.at(i);
  const BoardSize size = game_.board().size();
  try {
    const auto xy = parseVertex(text, size);
    return xy ? game_.board().point(*xy) : PASS;
  } catch (const InputError&) {
    // A well-formed vertex off this board is an illegal move; anything else is syntax.
    try {
      (void)parseVertex(text, BoardSize{MAX_BOARD_SIDE, MAX_BOARD_SIDE});
    } catch (const InputError&) {
      throw GtpError("syntax error");
    }
    throw GtpError("illegal move");
  }
}

std::string GoEngine::moveText(Point p) const {
  if (p == PASS) return "pass";
  return vertexName(game_.board().xy(p), game_.board().size());
}

std::string GoEngine::pointsText(const std::vector<Point>& points) const {
  std::string out;
  for (Point p : points) {
    if (!out.empty()) out += ' ';
    out += moveText(p);
  }
  return out;
}

bool GoEngine::boardEmpty() const {
  return game_.board().stoneCount(Color::Black) == 0 && game_.board().stoneCount(Color::White) == 0;
}

std::vector<Point> GoEngine::handicapStones() const {
  if (!setupHandicap_.empty()) return setupHandicap_;
  // Controllers (and GoGui) often send handicap stones as consecutive "play B" at the
  // start of a game on an empty board.
  std::vector<Point> run;
  for (const Move& m : game_.moves()) {
    if (m.color != Color::Black || m.point == PASS) break;
    run.push_back(m.point);
  }
  if (run.size() < 2 || !startedEmpty_) return {};
  return run;
}

std::string GoEngine::cmdBoardsize(const GtpArgs& a) {
  a.expectBetween(1, 2);
  const int w = sideArg(a.at(0));
  const int h = a.size() == 2 ? sideArg(a.at(1)) : w;
  newGame(BoardSize{w, h});
  return "";
}

std::string GoEngine::cmdClearBoard(const GtpArgs& a) {
  a.expectCount(0);
  newGame(game_.board().size());
  return "";
}

std::string GoEngine::cmdKomi(const GtpArgs& a) {
  a.expectCount(1);
  game_.setKomi(a.real(0));
  return "";
}

std::string GoEngine::cmdPlay(const GtpArgs& a) {
  a.expectCount(2);
  const Color c = colorArg(a, 0);
  const Point p = moveArg(a, 1);
  const MoveError e = game_.play(p, c);
  if (e != MoveError::None) {
    log("play " + a.at(0) + " " + a.at(1) + " refused: " + moveErrorText(e));
    throw GtpError("illegal move");
  }
  return "";
}

Point GoEngine::generate(Color c, MoveRequest request, const SearchReporter* reporter) {
  const auto start = std::chrono::steady_clock::now();
  game_.setToMove(c);
  const Point p = reporter ? player_->chooseMove(game_, clock_, request, *reporter)
                           : player_->chooseMove(game_, clock_, request);
  // The engine's own clock: the controller may never send time_left.
  if (clock_.settings.system != TimeSystem::None) {
    const double used =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    clock_.of(c) = chargeMove(clock_.settings, clock_.of(c), used);
    log("genmove " + std::string(colorName(c)) + ": " + numberText(used) + " s; clock " +
        numberText(clock_.of(c).seconds) + " s, " + std::to_string(clock_.of(c).stones) +
        " stones" + (clock_.of(c).lost ? " (time ran out)" : ""));
  }
  if (p == RESIGN) return p;
  const MoveError e = game_.check(p, c);
  if (e != MoveError::None) {
    // A player bug, never hidden by playing something else.
    throw GtpError("engine error: the player proposed " + moveText(p) + " (" + moveErrorText(e) +
                   ")");
  }
  return p;
}

std::string GoEngine::cmdGenmove(const GtpArgs& a, MoveRequest request) {
  a.expectCount(1);
  const Color c = colorArg(a, 0);
  const Point p = generate(c, request);
  if (p == RESIGN) return "resign";
  game_.play(p, c);
  return moveText(p);
}

std::string GoEngine::cmdRegGenmove(const GtpArgs& a) {
  a.expectCount(1);
  const Color c = colorArg(a, 0);
  const Color before = game_.toMove();
  const ClockState clock = clock_;  // reg_genmove spends no time on the game clock
  const Point p = generate(c, MoveRequest::Normal);
  clock_ = clock;
  game_.setToMove(before);
  return p == RESIGN ? "resign" : moveText(p);
}

std::string GoEngine::cmdUndo(const GtpArgs& a) {
  a.expectCount(0);
  if (!game_.undo()) throw GtpError("cannot undo");
  return "";
}

std::string GoEngine::cmdShowboard(const GtpArgs& a) {
  a.expectCount(0);
  const Board& b = game_.board();
  // Column labels line up only while every column has one letter.
  std::string out = "\n";
  out += boardToString(b, b.width() <= 25);
  out += colorName(game_.toMove());
  out += " to move, move " + std::to_string(game_.moves().size());
  out += ", komi " + numberText(game_.rules().komi);
  out += ", captured stones: black " + std::to_string(b.captures(Color::Black));
  out += ", white " + std::to_string(b.captures(Color::White));
  const auto handicap = handicapStones();
  if (!handicap.empty()) out += ", handicap " + std::to_string(handicap.size());
  return out;
}

}  // namespace engine
