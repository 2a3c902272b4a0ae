#include "engine/match/match.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "engine/board/errors.hpp"
#include "engine/board/score.hpp"
#include "engine/match/game_record.hpp"
#include "engine/match/gtp_client.hpp"
#include "engine/match/report.hpp"

namespace engine {

const char* endReasonName(EndReason r) {
  switch (r) {
    case EndReason::Passes:
      return "passes";
    case EndReason::Resign:
      return "resign";
    case EndReason::MoveCap:
      return "move cap";
    case EndReason::IllegalMove:
      return "illegal move";
    case EndReason::BadResponse:
      return "bad genmove answer";
    case EndReason::Refused:
      return "refused a legal move";
    case EndReason::Crash:
      return "crash";
    case EndReason::Timeout:
      return "timeout";
    case EndReason::ProtocolError:
      return "protocol error";
    case EndReason::StartFailure:
      return "start failure";
  }
  return "?";
}

void MatchOptions::validate() const {
  if (engine1.empty() || engine2.empty()) throw InputError("both engine command lines are needed");
  if (games < 1 || games > 1000000) throw InputError("the number of games must be 1..1000000");
  validateBoardSize(size.width, size.height);
  if (!(moveTime >= 0 && moveTime <= 86400)) throw InputError("move time must be 0..86400 s");
  if (!(moveTimeout >= 0 && moveTimeout <= 86400))
    throw InputError("move timeout must be 0..86400 s");
  if (!(commandTimeout > 0 && commandTimeout <= 86400)) {
    throw InputError("command timeout must be in (0, 86400] s");
  }
  if (maxMoves < 0) throw InputError("the move cap must not be negative");
  if (!(rules.komi > -1000 && rules.komi < 1000)) throw InputError("komi out of range");
}

double MatchOptions::genmoveTimeout() const {
  if (moveTimeout > 0) return moveTimeout;
  return moveTime > 0 ? 2 * moveTime + 5 : 60;
}

namespace {

// An engine answered '?' to a command it must accept while setting up a game.
struct Refusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\n") - b + 1);
}

std::string formatNumber(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// Winner named by a result text: "B+..." Black, "W+..." White, "0" a draw.
bool parseWinner(const std::string& result, Color& winner) {
  const std::string r = lower(trim(result));
  if (r == "0" || r == "draw" || r == "jigo") {
    winner = Color::Empty;
    return true;
  }
  if (r.size() >= 2 && (r[0] == 'b' || r[0] == 'w') && r[1] == '+') {
    winner = r[0] == 'b' ? Color::Black : Color::White;
    return true;
  }
  return false;
}

std::string moveText(const Move& m, BoardSize size, const Board& board) {
  return m.point == PASS ? "pass" : vertexName(board.xy(m.point), size);
}

// One engine of the match, restarted when it broke.
struct Slot {
  std::string command;
  std::string stderrPath;
  std::unique_ptr<GtpClient> client;

  GtpClient& ready() {
    if (!client || client->broken()) {
      if (client) client->stop(0.5);
      client.reset();
      client = std::make_unique<GtpClient>(command, stderrPath);
    }
    return *client;
  }
  void stop() {
    if (client) client->stop(1.0);
    client.reset();
  }
};

GtpResponse expectOk(GtpClient& c, const std::string& command, double timeout) {
  GtpResponse r = c.send(command, timeout);
  if (!r.ok) throw Refusal("refused '" + command + "': " + r.text);
  return r;
}

// Prepares an engine for a new game: size, empty board, komi, time settings.
void setUpEngine(GtpClient& c, const MatchOptions& o) {
  const double t = o.commandTimeout;
  if (o.size.width == o.size.height) {
    expectOk(c, "boardsize " + std::to_string(o.size.width), t);
  } else if (c.knows("rectangular_boardsize", t)) {
    expectOk(c,
             "rectangular_boardsize " + std::to_string(o.size.width) + " " +
                 std::to_string(o.size.height),
             t);
  } else {
    expectOk(c, "boardsize " + std::to_string(o.size.width) + " " + std::to_string(o.size.height),
             t);
  }
  expectOk(c, "clear_board", t);
  expectOk(c, "komi " + formatNumber(o.rules.komi), t);
  if (o.moveTime > 0 && c.knows("time_settings", t)) {
    expectOk(c, "time_settings 0 " + formatNumber(std::ceil(o.moveTime)) + " 1", t);
  }
}

// Plays games and keeps the engines (and the referee) between them.
class Runner {
 public:
  explicit Runner(const MatchOptions& o) : o_(o) {
    const std::string commands[2] = {o.engine1, o.engine2};
    for (int i = 0; i < 2; ++i) {
      slots_[i].command = commands[i];
      slots_[i].stderrPath = o.stderrDir.empty()
                                 ? "/dev/null"
                                 : o.stderrDir + "/engine" + std::to_string(i + 1) + ".stderr";
    }
    referee_.command = o.refereeCommand;
    if (referee_.command.empty()) {
      const std::string gnugo = findExecutable("gnugo");
      referee_.command = (gnugo.empty() ? "gnugo" : gnugo) + " --mode gtp" +
                         (o.rules.scoring == ScoringRule::Area ? " --chinese-rules" : "");
    }
    referee_.stderrPath = o.stderrDir.empty() ? "/dev/null" : o.stderrDir + "/referee.stderr";
  }
  ~Runner() {
    for (Slot& s : slots_) s.stop();
    referee_.stop();
  }

  // Starts both engines once and reads their names (throws when one cannot start).
  void identify(std::string labels[2]) {
    for (int i = 0; i < 2; ++i) {
      GtpClient& c = slots_[i].ready();
      expectOk(c, "protocol_version", o_.commandTimeout);
      const GtpResponse name = c.send("name", o_.commandTimeout);
      const GtpResponse version = c.send("version", o_.commandTimeout);
      labels[i] = trim((name.ok ? name.text : "engine") + " " + (version.ok ? version.text : ""));
    }
    if (o_.referee == RefereeKind::Gnugo) {
      // Fail at the outset when the referee cannot run, not after the first game.
      expectOk(referee_.ready(), "protocol_version", o_.commandTimeout);
    }
    if (labels[0] == labels[1]) {
      labels[0] += " #1";
      labels[1] += " #2";
    }
  }

  GameResult play(int index, const std::string labels[2]);

 private:
  void forfeit(GameResult& r, Color loser, EndReason reason, const std::string& why) const;
  void failure(GameResult& r, Color loser, const GtpFailure& e) const;
  bool genmoveTurn(GameResult& r, Game& game, Slot* bySide[2]);
  void score(GameResult& r, const Game& game, Slot* bySide[2]);
  std::string refereeScore(const Game& game, GameResult& r);

  const MatchOptions& o_;
  Slot slots_[2];
  Slot referee_;
};

void Runner::forfeit(GameResult& r, Color loser, EndReason reason, const std::string& why) const {
  r.reason = reason;
  r.errorColor = loser;
  r.error = std::string(colorName(loser)) + " (" +
            (loser == Color::Black ? r.blackName : r.whiteName) + "): " + why;
  r.winner = opponent(loser);
  r.decided = true;
  r.result = std::string(colorName(r.winner)) + (reason == EndReason::Timeout ? "+T" : "+F");
}

void Runner::failure(GameResult& r, Color loser, const GtpFailure& e) const {
  const EndReason reason = e.kind() == GtpFailureKind::Crash     ? EndReason::Crash
                           : e.kind() == GtpFailureKind::Timeout ? EndReason::Timeout
                                                                 : EndReason::ProtocolError;
  forfeit(r, loser, reason, e.what());
}

// Asks the side to move for a move, checks it and tells the opponent. False when the
// game ended (resignation or forfeit).
bool Runner::genmoveTurn(GameResult& r, Game& game, Slot* bySide[2]) {
  const Color c = game.toMove();
  const int side = c == Color::Black ? 0 : 1;
  GtpClient& mover = *bySide[side]->client;
  GtpClient& other = *bySide[1 - side]->client;
  const std::string col = c == Color::Black ? "b" : "w";
  std::string answer;
  double moveSeconds = 0;
  try {
    if (o_.moveTime > 0 && mover.knows("time_left", o_.commandTimeout)) {
      mover.send("time_left " + col + " " + formatNumber(std::ceil(o_.moveTime)) + " 1",
                 o_.commandTimeout);
    }
    const auto start = std::chrono::steady_clock::now();
    GtpResponse g;
    try {
      g = mover.send("genmove " + col, o_.genmoveTimeout());
    } catch (...) {
      (side == 0 ? r.timeBlack : r.timeWhite) +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      throw;
    }
    moveSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    (side == 0 ? r.timeBlack : r.timeWhite) += moveSeconds;
    ++(side == 0 ? r.genmovesBlack : r.genmovesWhite);
    if (!g.ok) {
      forfeit(r, c, EndReason::BadResponse, "genmove failed: '" + g.text + "'");
      return false;
    }
    answer = trim(g.text);
  } catch (const GtpFailure& e) {
    failure(r, c, e);
    return false;
  }
  if (lower(answer) == "resign") {
    r.reason = EndReason::Resign;
    r.winner = opponent(c);
    r.decided = true;
    r.result = std::string(colorName(r.winner)) + "+R";
    return false;
  }
  Point p = PASS;
  try {
    if (auto xy = parseVertex(answer, o_.size)) p = game.board().point(*xy);
  } catch (const InputError& e) {
    forfeit(r, c, EndReason::BadResponse,
            "genmove answered '" + answer + "', not a move: " + e.what());
    return false;
  }
  const MoveError err = game.check(p, c);
  if (err != MoveError::None) {
    forfeit(r, c, EndReason::IllegalMove,
            "illegal move " + answer + " (" + moveErrorText(err) + ")");
    return false;
  }
  game.play(p, c);
  r.moves.push_back({p, c});
  if (o_.onMove) o_.onMove(r, game, moveSeconds);
  try {
    const std::string played =
        "play " + col + " " + (p == PASS ? "pass" : vertexName(game.board().xy(p), o_.size));
    const GtpResponse ack = other.send(played, o_.commandTimeout);
    if (!ack.ok) {
      forfeit(r, opponent(c), EndReason::Refused, "refused '" + played + "': " + ack.text);
      return false;
    }
  } catch (const GtpFailure& e) {
    failure(r, opponent(c), e);
    return false;
  }
  return true;
}

std::string Runner::refereeScore(const Game& game, GameResult& r) {
  try {
    GtpClient& ref = referee_.ready();
    setUpEngine(ref, o_);
    for (const Move& m : game.moves()) {
      expectOk(ref,
               std::string("play ") + colorName(m.color) + " " + moveText(m, o_.size, game.board()),
               o_.commandTimeout);
    }
    const GtpResponse s = expectOk(ref, "final_score", o_.commandTimeout);
    return trim(s.text);
  } catch (const std::exception& e) {
    if (referee_.client) referee_.client->stop(0.5);
    referee_.client.reset();
    r.error += std::string(r.error.empty() ? "" : "; ") + "referee: " + e.what();
    return "?";
  }
}

// Scores a game ended by two passes: each engine's own final_score, ours, the referee.
void Runner::score(GameResult& r, const Game& game, Slot* bySide[2]) {
  r.resultSelf = scoreGame(game).result();
  for (int side = 0; side < 2; ++side) {
    std::string& out = side == 0 ? r.resultByBlack : r.resultByWhite;
    try {
      GtpClient& c = *bySide[side]->client;
      if (!c.knows("final_score", o_.commandTimeout)) continue;
      const GtpResponse s = c.send("final_score", o_.commandTimeout);
      if (s.ok) out = trim(s.text);
    } catch (const GtpFailure& e) {
      r.error += std::string(r.error.empty() ? "" : "; ") + (side == 0 ? "B" : "W") +
                 " final_score: " + e.what();
    }
  }
  r.resultReferee = o_.referee == RefereeKind::Self ? r.resultSelf : refereeScore(game, r);
  r.result = r.resultReferee;
  r.decided = parseWinner(r.resultReferee, r.winner);
  if (!r.decided) r.result = "?";
}

GameResult Runner::play(int index, const std::string labels[2]) {
  GameResult r;
  r.index = index;
  r.alternated = o_.alternate && index % 2 == 0;
  r.size = o_.size;
  r.komi = o_.rules.komi;
  Slot* bySide[2] = {&slots_[r.alternated ? 1 : 0], &slots_[r.alternated ? 0 : 1]};
  r.blackName = labels[r.alternated ? 1 : 0];
  r.whiteName = labels[r.alternated ? 0 : 1];
  double cpuStart[2] = {-1, -1};
  for (int side = 0; side < 2; ++side) {
    const Color c = side == 0 ? Color::Black : Color::White;
    try {
      GtpClient& client = bySide[side]->ready();
      setUpEngine(client, o_);
      cpuStart[side] = client.cpuSeconds();
    } catch (const GtpFailure& e) {
      failure(r, c, e);
      return r;
    } catch (const std::exception& e) {
      if (bySide[side]->client) bySide[side]->client->stop(0.5);
      bySide[side]->client.reset();
      forfeit(r, c, EndReason::StartFailure, e.what());
      return r;
    }
  }
  Game game(o_.size, o_.rules);
  bool going = true;
  while (going && !game.over()) {
    if (static_cast<int>(r.moves.size()) >= o_.moveCap()) {
      r.reason = EndReason::MoveCap;
      r.error = "stopped at the move cap of " + std::to_string(o_.moveCap()) + " moves";
      going = false;
      break;
    }
    going = genmoveTurn(r, game, bySide);
  }
  if (going && game.over()) score(r, game, bySide);
  for (int side = 0; side < 2; ++side) {
    const GtpClient* c = bySide[side]->client.get();
    const double now = c && !c->broken() ? c->cpuSeconds() : -1;
    (side == 0 ? r.cpuBlack : r.cpuWhite) =
        now >= 0 && cpuStart[side] >= 0 ? now - cpuStart[side] : -1;
  }
  // An engine that forfeited starts the next game afresh, whatever state it is in.
  if (r.errorColor != Color::Empty) bySide[r.errorColor == Color::Black ? 0 : 1]->stop();
  return r;
}

void writeFileAtomically(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path tmp = path.string() + ".new";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    if (!out) throw InputError("cannot write " + tmp.string());
  }
  std::filesystem::rename(tmp, path);
}

}  // namespace

MatchRun runMatch(const MatchOptions& options) {
  options.validate();
  namespace fs = std::filesystem;
  if (!options.outDir.empty()) fs::create_directories(options.outDir);
  if (!options.stderrDir.empty()) fs::create_directories(options.stderrDir);
  MatchRun run;
  run.commands[0] = options.engine1;
  run.commands[1] = options.engine2;
  Runner runner(options);
  runner.identify(run.labels);
  for (int i = 1; i <= options.games; ++i) {
    run.games.push_back(runner.play(i, run.labels));
    const GameResult& g = run.games.back();
    if (!options.outDir.empty()) {
      // SGF cannot address boards above 52x52: no game records there.
      if (std::max(options.size.width, options.size.height) <= SGF_MAX_SIDE) {
        writeFileAtomically(fs::path(options.outDir) / ("game-" + std::to_string(i) + ".sgf"),
                            matchGameSgf(g, options.rulesName));
      }
      std::ostringstream table;
      writeResultsTable(table, options, run.games, run.labels);
      writeFileAtomically(fs::path(options.outDir) / "results.tsv", table.str());
    }
    if (options.onGame) options.onGame(g);
  }
  if (!options.outDir.empty()) {
    const MatchSummary s = summarize(run.games, run.labels, run.commands);
    std::ostringstream text, json;
    writeSummaryText(text, s);
    writeSummaryJson(json, s);
    writeFileAtomically(fs::path(options.outDir) / "summary.txt", text.str());
    writeFileAtomically(fs::path(options.outDir) / "summary.json", json.str());
  }
  return run;
}

}  // namespace engine
