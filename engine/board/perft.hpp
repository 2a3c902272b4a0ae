// Perft, the deterministic signature of the rules (after chess's perft): the number of
// distinct legal move sequences of exactly `depth` moves from a position. A move is a
// legal stone placement or a pass, under the game's rules (positional superko by
// default); no move follows the passes that end the game.
#pragma once

#include <cstdint>

#include "engine/board/game.hpp"

namespace engine {

// Counts sequences from the game's current position with its side to move. The game
// is returned to the same position.
uint64_t perft(Game& game, int depth);

}  // namespace engine
