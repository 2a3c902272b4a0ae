// this code uses the idea of fractal go by Serge Boisse
//
// Legality repair after a reduction: a chain without liberties either loses one of its
// stones or gains a liberty by losing an adjacent enemy stone, whichever removes the
// stone with the least evidence behind it (its channel value in the Reduction), so the
// reduced board stays most like the original. Repeats until every chain has a liberty.
#pragma once

#include <vector>

#include "engine/board/color.hpp"
#include "reduce/reducer.hpp"

namespace reduce {

// colors: row-major w x h (Empty/Black/White); black/white: evidence per point.
// Returns the number of stones removed. Visits only stones that can lack a liberty
// (word-parallel masks for widths up to 64).
int repairLegality(std::vector<engine::Color>& colors, int w, int h,
                   const std::vector<float>& black, const std::vector<float>& white);
// The same repair by a plain scan of every point (a padded copy, a flood fill from each
// chain's first stone): the from-scratch twin the tests compare repairLegality with.
int repairLegalityReference(std::vector<engine::Color>& colors, int w, int h,
                            const std::vector<float>& black, const std::vector<float>& white);

// Repairs the legality of a grid whose colours and channels a reducer just chose
// (Grid::repaired := the stones removed).
void finishGrid(Grid& g);

}  // namespace reduce
