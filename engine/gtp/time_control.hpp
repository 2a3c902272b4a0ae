// Time management: how many seconds the engine may think about one move, given the
// time system the controller announced (clock.hpp) and what is left on the clock, and
// how the engine keeps its own clock when the controller never sends time_left.
//
// Policy (after the usual practice of Fuego's SgTimeControl and Pachi's time_info:
// main time is shared out over the moves expected to remain, byo-yomi time is spent a
// period at a time):
// - Moves left for us: (expectedGameFraction x points - moves played) / 2, but never
//   fewer than minMovesLeft + tailFraction x points: the game can always last longer
//   than expected, and every move costs some overhead the budget cannot see (absolute
//   time: with 0.2 s of overhead a move, 600 s last 400 of our moves on 19x19).
// - Absolute: main / moves left.
// - Canadian: in main time, main / moves left plus one stone's share of a period
//   (period / stones); in a period, period time left / stones left.
// - Japanese byo-yomi: in main time, main / moves left plus one period; in the periods,
//   one period (a move inside a period never costs a period).
// - A safety margin (marginFraction of the budget, then marginSeconds) covers process
//   start-up, the answer's trip through the GUI, and the search's own overshoot.
// - The budget never exceeds what may still be spent on this move without losing:
//   main + one stone's share of a Canadian period, main + one Japanese period, or the
//   time left in the current period; below minSeconds the engine answers anyway at
//   once (there is nothing better to do).
#pragma once

#include "engine/board/coord.hpp"
#include "engine/gtp/clock.hpp"

namespace engine {

struct TimePolicy {
  double marginSeconds = 0.25;        // kept back from every budget (overhead, GUI lag)
  double marginFraction = 0.05;       // and this share of the budget (search overshoot)
  double minSeconds = 0.01;           // the least a move is given
  double expectedGameFraction = 0.7;  // a game lasts about this many moves per point
  int minMovesLeft = 10;              // our moves assumed to remain, at least,
  double tailFraction = 0.2;          // plus this many per point
};

// How many of our own moves are expected to remain after movesPlayed moves (both
// sides, passes included) on a board of `points` points.
double expectedMovesLeft(int points, int movesPlayed, const TimePolicy& policy);

// The most this move may take without losing on time (before the safety margin): the
// hard ceiling. Infinity when there is no time limit.
double hardLimit(const TimeSettings& settings, const ClockReading& reading);

// Seconds to think about the next move for a side whose clock reads `reading`; 0 when
// there is no time limit (the player then uses its fixed budget). Always at most
// hardLimit() minus the margin, and at least policy.minSeconds.
double moveBudget(const TimeSettings& settings, const ClockReading& reading, int points,
                  int movesPlayed, const TimePolicy& policy);

// The clock at the start of a game: main time (or the first period when there is no
// main time), as time_left would report it.
ClockReading initialReading(const TimeSettings& settings);

// The clock after a move that took `seconds`: main time runs down, then the periods;
// a Canadian period restarts after its stones, a Japanese period after every move made
// in time and is lost when overrun. `seconds` is the time the controller saw (it may
// exceed the budget). The reading's `lost` is set when the time ran out.
ClockReading chargeMove(const TimeSettings& settings, ClockReading reading, double seconds);

}  // namespace engine
