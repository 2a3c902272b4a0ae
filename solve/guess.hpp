// A computed first guess for the MTD driver (docs/SOLVER.md, session 11, "a computed first
// guess"): a shallow fixed-depth alpha-beta whose leaves are valued by a cheap area
// estimate. The guess only orders the driver's null-window questions; the value the
// solver returns never depends on it.
#pragma once

#include <cstdint>

#include "solve/geometry.hpp"
#include "solve/solver.hpp"

namespace solve {

// A cheap estimate of the final area score for `own` (the mover): own stones plus empty
// points next to own stones only, minus the same for `opp`, clamped into the static
// bounds of the position after `passes` consecutive passes (boundsAfterPasses).
int areaEstimate(const Geometry& g, Mask own, Mask opp, int passes, bool territory);

// The result of heuristicGuess: the estimated value for the mover and the nodes visited.
struct HeuristicGuess {
  int value = 0;
  uint64_t nodes = 0;
};

// The mean (rounded down) of negamax alpha-beta searches `depth` and `depth` - 1 plies
// deep from the position (own to move, simple-ko point `ko`,
// `passes` consecutive passes just made): a second pass ends the game at its area score,
// a node at the horizon takes areaEstimate. Positional superko is not checked (a guess,
// not a proof). Moves are tried in point order, pass last.
HeuristicGuess heuristicGuess(const Geometry& g, const Rules& rules, Mask own, Mask opp, int ko,
                              int passes, int depth, bool territory);

}  // namespace solve
