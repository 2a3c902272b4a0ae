// The link to engine/territory: its groups, status, territory and score as the view's
// plain structs. When engine/territory is not built (FGO_HAVE_TERRITORY unset) the
// layer says it is unavailable.
#pragma once

#include <vector>

#include "engine/board/board.hpp"
#include "engine/view/analysis.hpp"

namespace engine {

// True when engine/territory is linked in.
bool territoryAvailable();

// Groups, territory and score of `board` by engine/territory's evaluate() with its
// default parameters and shape library, counted by area or by territory (available
// false, everything empty, without engine/territory).
TerritoryLayer territoryLayer(const Board& board, double komi, bool areaScoring);

}  // namespace engine
