// An independent check of a table of every state (a ranked simple-forced table,
// SolutionTable::holdsStates): one side plays the table's listed moves and the other
// every legal move, from a root, until every game has ended. It needs only the rules
// (CompactBoard, cross-checked against the engine board) and the file, not the analysis
// that wrote it; docs/SOLVER.md, session 52.
#pragma once

#include <cstdint>
#include <functional>

#include "solve/table_build.hpp"

namespace solve {

struct StrategyWalk {
  // The least final score of any game of the walk, from the side's view (what its
  // strategy forces), when the walk is whole (ok()).
  int forced = 0;
  uint64_t states = 0;   // distinct states walked (up to the board's symmetries)
  uint64_t games = 0;    // game ends reached (two passes), counted once per state they end at
  int longest = 0;       // the most moves on the walk's path at once
  uint64_t missing = 0;  // states the table lacks
  uint64_t noMove = 0;   // states of the side where the table lists no legal move
  uint64_t cycles = 0;   // moves back to a state on the walk's own path (a game without end)
  // States of the side whose entry gives it only the least value there is: leaves of that
  // value, not walked further (there every move keeps the bound, and the ranks promise no
  // end; with an honest table the walk meets them only from a root where the side's bound
  // is the least value, since the bound never falls along the walk).
  uint64_t floors = 0;
  // Every game of the walk ends, so `forced` is what the side forces from the root.
  bool ok() const { return missing == 0 && noMove == 0 && cycles == 0; }
};

// Walks `side`'s strategy in `table` from the state with `black` and `white` stones and
// `toMove` to play (no ko, no pending pass): at the side's turns the first listed move
// (lowest point, the pass last) or, with everyListed, every listed move; at the other
// side's every legal move and the pass; a state of the side whose entry gives it the least
// value there is ends the walk there (StrategyWalk::floors). States are taken up to the board's
// symmetries (the table's canonical keys), so a cycle found is a game that can go on for ever.
// `onProgress` (if given) sees the counts about every `progressSeconds`. Throws engine::InputError
// for a table of positions only or an illegal root.
StrategyWalk walkStrategy(const SolutionTable& table, Mask black, Mask white, engine::Color toMove,
                          engine::Color side, bool everyListed,
                          const std::function<void(const StrategyWalk&)>& onProgress = {},
                          double progressSeconds = 1.0);

}  // namespace solve
