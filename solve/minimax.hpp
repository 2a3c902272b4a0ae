// The slow reference: plain alpha-beta minimax (move ordering by a history heuristic) on
// engine::Game (the engine's own board, rules and superko history), with no transposition table, no
// symmetry and no static bounds. Exact and independent of the solver's code, so tests compare the
// two.
#pragma once

#include <cstdint>

#include "engine/board/game.hpp"

namespace solve {

// Black's area score minus White's (komi ignored) under perfect play from the game's
// position and side to move, until two consecutive passes. Positional superko follows
// the game's history; under simple ko (game rules KoRule::Simple) a repeated board with
// the same side to move on the current line ends the game at 0 (cycles drawn).
// Counts visited nodes in `nodes`. Only for tiny trees.
int referenceValue(engine::Game& game, uint64_t& nodes);
// The same within a node budget: false (game unchanged) when the budget runs out.
bool referenceValueWithin(engine::Game& game, uint64_t maxNodes, int& value, uint64_t& nodes);

}  // namespace solve
