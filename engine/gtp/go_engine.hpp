// The Go engine behind `fgo gtp`: a GtpServer (protocol.hpp) with one handler per Go
// command, holding an engine::Game, the clock as announced, and a pluggable Player
// (player.hpp) for genmove. Reading guide: the constructor lists every command it
// registers; each handler is a short member function in go_engine.cpp (game commands),
// go_engine_setup.cpp (handicap, time), go_engine_eval.cpp (scoring), go_engine_sgf.cpp
// (loadsgf, printsgf) or go_engine_analyze.cpp (lz-analyze, kata-analyze and their
// genmove forms, which stream while searching: see GtpServer::runLive).
//
// Known limits, said plainly:
// - genmove uses whatever Player it is given: `fgo gtp` gives it the Monte-Carlo tree
//   search of engine/play (mcts_player.hpp); the baseline random player is the other.
// - There is no dead-stone estimator yet: final_score counts the board as it stands
//   (Tromp-Taylor area, or territory if the rules say so) and final_status_list
//   reports every stone alive, with empty dead and seki lists.
// - Time: genmove thinks by the clock (time_control.hpp) when one is set; the engine
//   runs its own copy of the clock down by the time each genmove took, so it manages
//   even when the controller never sends time_left (a time_left resets it).
// - The controller referees: passes never end the game here, so play and genmove keep
//   working after two passes (KGS cleanup).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/gtp/clock.hpp"
#include "engine/gtp/player.hpp"
#include "engine/gtp/protocol.hpp"

namespace engine {

// The project version the library was built as ("0.1.0").
std::string projectVersion();

struct GoEngineConfig {
  BoardSize size{19, 19};  // until the controller sends boardsize
  Rules rules;             // ko, suicide, scoring and the default komi
  std::string name = "fractalgo";
  std::string version = projectVersion();  // `version` adds the player's description
  std::ostream* log = nullptr;             // diagnostics (stderr in fgo gtp); never the GTP stream
};

class GoEngine {
 public:
  GoEngine(GoEngineConfig config, std::unique_ptr<Player> player);
  GoEngine(const GoEngine&) = delete;  // the handlers hold `this`
  GoEngine& operator=(const GoEngine&) = delete;

  GtpServer& server() { return server_; }
  const Game& game() const { return game_; }
  const ClockState& clock() const { return clock_; }
  // Handicap stones: those placed by fixed/free handicap commands, or else a run of at
  // least two black stones played at the start before any other move.
  std::vector<Point> handicapStones() const;

  // Answers every command on in until end of input or quit.
  void run(std::istream& in, std::ostream& out) { server_.run(in, out); }
  // The same on a file descriptor, reading ahead on a thread so that analysis
  // commands stream until the next command arrives (fgo gtp uses it on stdin).
  void runLive(int inputFd, std::ostream& out) { server_.runLive(inputFd, out); }
  // One input line in, its framed answer out ("" for a skipped line).
  std::string processLine(std::string_view line) { return server_.processLine(line); }

 private:
  void registerGameCommands();
  void registerSetupCommands();
  void registerSgfCommands();
  void registerEvalCommands();     // go_engine_eval.cpp: scoring
  void registerAnalyzeCommands();  // go_engine_analyze.cpp: streaming analysis
  void newGame(BoardSize size);
  void log(const std::string& line) const;
  // Argument readers that fail with the spec's messages.
  Color colorArg(const GtpArgs& a, size_t i) const;
  Point moveArg(const GtpArgs& a, size_t i) const;
  std::string moveText(Point p) const;
  std::string pointsText(const std::vector<Point>& points) const;
  bool boardEmpty() const;
  // Places handicap stones as setup (not moves); White is then to move.
  void placeHandicap(const std::vector<Point>& stones);
  // Asks the player for c's move (reporting to reporter when given), checks it is legal,
  // runs the engine's clock down, and returns it (not played) or RESIGN.
  Point generate(Color c, MoveRequest request, const SearchReporter* reporter = nullptr);

  std::string cmdBoardsize(const GtpArgs& a);
  std::string cmdClearBoard(const GtpArgs& a);
  std::string cmdKomi(const GtpArgs& a);
  std::string cmdPlay(const GtpArgs& a);
  std::string cmdGenmove(const GtpArgs& a, MoveRequest request);
  std::string cmdRegGenmove(const GtpArgs& a);
  std::string cmdUndo(const GtpArgs& a);
  std::string cmdShowboard(const GtpArgs& a);
  std::string cmdFixedHandicap(const GtpArgs& a);
  std::string cmdPlaceFreeHandicap(const GtpArgs& a);
  std::string cmdSetFreeHandicap(const GtpArgs& a);
  std::string cmdTimeSettings(const GtpArgs& a);
  std::string cmdKgsTimeSettings(const GtpArgs& a);
  std::string cmdTimeLeft(const GtpArgs& a);
  std::string cmdFinalScore(const GtpArgs& a);
  std::string cmdFinalStatusList(const GtpArgs& a);
  std::string cmdAnalyzeCommands(const GtpArgs& a);
  std::string cmdAreaOwner(const GtpArgs& a);
  std::string cmdAnalyze(const GtpArgs& a, GtpStream& out, bool kata, bool genmove);
  // One report line of an analysis command in Leela Zero's or KataGo's format.
  std::string analysisLine(const MctsResult& r, Color toMove, bool kata, int minMoves, int maxMoves,
                           bool ownership) const;
  std::string cmdLoadSgf(const GtpArgs& a);
  std::string cmdPrintSgf(const GtpArgs& a);

  GoEngineConfig config_;
  std::unique_ptr<Player> player_;
  GtpServer server_;
  Game game_;
  ClockState clock_;
  std::vector<Point> setupHandicap_;
  bool startedEmpty_ = true;  // the move list starts from an empty board
};

// A number as GTP and logs print it: "7.5", "0", "-3".
std::string numberText(double v);

// The rules the GTP engine plays under: as given, except that passes never end the game
// (the controller decides when it is over).
Rules gtpRules(Rules rules);

}  // namespace engine
