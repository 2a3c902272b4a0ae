// Match reports: the results table (TSV with gogui-twogtp's columns), the summary
// (wins, win rate with its Wilson 95% interval, game length, time a move) as text and
// JSON.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/match/match.hpp"

namespace engine {

// A binomial proportion interval.
struct Interval {
  double low = 0, high = 1;
};

// Wilson score interval (E. B. Wilson, 1927) for `successes` out of n trials at
// normal quantile z (1.96 for 95%). Returns [0, 1] when n == 0.
Interval wilsonInterval(double successes, int n, double z = 1.96);

struct EngineStats {
  std::string label;
  std::string command;
  int games = 0, asBlack = 0, asWhite = 0;
  int wins = 0, winsAsBlack = 0, winsAsWhite = 0;
  int losses = 0, draws = 0;
  int errors = 0;      // games this engine forfeited
  double seconds = 0;  // wall time in genmove
  int genmoves = 0;
  double secondsPerMove() const { return genmoves ? seconds / genmoves : 0; }
};

struct MatchSummary {
  int games = 0;
  int decided = 0;     // with a winner or a draw
  int unfinished = 0;  // move cap or no referee answer
  int draws = 0;
  EngineStats engine[2];
  // Engine 1's score rate over decided games (a draw counts one half) and its Wilson
  // 95% interval (draws as half successes: an approximation).
  double winRate1 = 0;
  Interval interval1;
  double averageLength = 0;  // moves per game, passes included
  int blackWins = 0, whiteWins = 0;
  // Wall seconds a move by colour (whichever engine played it).
  double secondsPerMoveBlack = 0, secondsPerMoveWhite = 0;
};

// Tallies results; labels and commands name engine 1 and engine 2.
MatchSummary summarize(const std::vector<GameResult>& results, const std::string labels[2],
                       const std::string commands[2]);

// The results table: '#' header lines (engines, size, komi, rules, referee, date), then
// a '#'-prefixed column line and one tab-separated row per game. Columns GAME..ERR_MSG
// are gogui-twogtp's (RES_B/RES_W: final_score of the engine playing Black/White; ALT:
// 1 when engine 1 played White; DUP: always "-", no duplicate detection; TIME_*: wall
// seconds in genmove; CPU_*: engine CPU seconds, "-" when unknown), then ours: BLACK,
// WHITE (labels), RESULT (official), REASON, SELF (our scorer).
void writeResultsTable(std::ostream& out, const MatchOptions& options,
                       const std::vector<GameResult>& results, const std::string labels[2]);

// Human-readable summary.
void writeSummaryText(std::ostream& out, const MatchSummary& s);
// The same as one JSON object.
void writeSummaryJson(std::ostream& out, const MatchSummary& s);

}  // namespace engine
