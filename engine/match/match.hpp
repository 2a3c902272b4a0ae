// Matches between two GTP engines. Start reading here: runMatch() plays the games;
// gtp_client.hpp talks to one engine (over process.hpp); report.hpp turns results into
// the results table, the summary and its confidence interval; game_record.hpp writes
// each game as SGF.
//
// Every move an engine answers is checked by our own engine::Game. An engine that
// answers an illegal move or a non-move, crashes, hangs past the timeout or breaks the
// protocol loses that game by forfeit with the reason recorded; it is restarted for
// the next game and the match goes on. Finished games (two passes) are scored by the
// referee: our own area/territory scorer (engine/board/score.hpp, all stones alive,
// right when games are played out) or GNU Go's final_score on a replay of the game.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/board/coord.hpp"
#include "engine/board/game.hpp"

namespace engine {

enum class RefereeKind {
  Self,   // our scorer on the final board, every stone counted alive
  Gnugo,  // GNU Go's final_score after replaying the game into it
};

struct MatchOptions {
  std::string engine1;  // command line of the engine that plays Black in game 1
  std::string engine2;  // command line of the engine that plays White in game 1
  int games = 2;
  bool alternate = true;  // swap colours every other game
  BoardSize size{9, 9};
  Rules rules = Rules::named("chinese");  // komi included
  std::string rulesName = "chinese";      // for SGF RU and the table header
  double moveTime = 0;         // seconds a move, sent as time_settings 0 S 1 (0: not sent)
  double moveTimeout = 0;      // hard limit on one genmove; 0: 2 x moveTime + 5, or 60
  double commandTimeout = 10;  // limit on every other command
  int maxMoves = 0;            // move cap (passes included); 0: 3 x points
  RefereeKind referee = RefereeKind::Self;
  std::string refereeCommand;  // "" : "gnugo --mode gtp" (+ --chinese-rules for area)
  std::string outDir;          // where game-N.sgf, results.tsv go; "" writes nothing
  std::string stderrDir;       // engines' stderr go to <dir>/engineN.stderr; "" : /dev/null
  // Called after each game (progress output).
  std::function<void(const struct GameResult&)> onGame;
  // Called after each move (move-by-move progress): the game so far (its last move is
  // the new one), the board after it, and the seconds the genmove took.
  std::function<void(const struct GameResult&, const Game&, double seconds)> onMove;

  // Throws InputError when a value is out of range.
  void validate() const;
  double genmoveTimeout() const;
  int moveCap() const { return maxMoves > 0 ? maxMoves : 3 * size.points(); }
};

// How a game ended.
enum class EndReason {
  Passes,  // both passed: scored by the referee
  Resign,
  MoveCap,        // stopped unfinished at the move cap: no result
  IllegalMove,    // forfeit: a move our rules refuse
  BadResponse,    // forfeit: genmove answered '?' or something that is not a move
  Refused,        // forfeit: the engine refused a legal move of its opponent
  Crash,          // forfeit
  Timeout,        // forfeit (hang)
  ProtocolError,  // forfeit
  StartFailure,   // forfeit: the engine could not be (re)started or set up
};

// "passes", "resign", "move cap", "illegal move", ...
const char* endReasonName(EndReason r);

struct GameResult {
  int index = 0;            // 1-based game number
  bool alternated = false;  // engine 1 played White
  BoardSize size;
  double komi = 0;
  std::string blackName, whiteName;  // engine labels by colour
  std::vector<Move> moves;           // passes included
  EndReason reason = EndReason::Passes;
  // Official result: "B+3.5", "W+R" (resign), "B+F" (forfeit), "W+T" (time), "0", or
  // "?" (unfinished or no referee answer).
  std::string result = "?";
  Color winner = Color::Empty;                           // Empty for a draw or an unknown result
  bool decided = false;                                  // a winner or a draw is known
  std::string resultByBlack = "?", resultByWhite = "?";  // final_score from each engine
  std::string resultReferee = "?";      // the referee's score ("?" when not scored)
  std::string resultSelf = "?";         // our own scorer, for every finished game
  Color errorColor = Color::Empty;      // the engine that failed (forfeits)
  std::string error;                    // what went wrong ("" when nothing did)
  double timeBlack = 0, timeWhite = 0;  // wall seconds spent in genmove
  double cpuBlack = -1, cpuWhite = -1;  // CPU seconds of each engine (-1: unknown)
  int genmovesBlack = 0, genmovesWhite = 0;
};

// The games of a match and the labels of its two engines (GTP name and version).
struct MatchRun {
  std::vector<GameResult> games;
  std::string labels[2];
  std::string commands[2];
};

// Plays the whole match; writes game-N.sgf and results.tsv after every game and
// summary.txt / summary.json at the end when options.outDir is set. Throws InputError
// for bad options and ProcessError/GtpFailure when an engine cannot even be started
// and set up at the outset (a wrong command line is not a game to forfeit).
MatchRun runMatch(const MatchOptions& options);

}  // namespace engine
