// this code uses the idea of fractal go by Serge Boisse
//
// Reduction quality: how much of a position's influence survives a reduction. The small
// board is scaled back up (each big point takes the colour of the small point it maps to
// by the linear transform, centre to centre) and the two boards' influence maps are
// compared: D = sum over points of |f(x) - f(y)|, given in units of one lone stone's
// influence (engine::modelUnit), and the distance 1 - 2/(1 + exp(a D)) for a chosen a.
// With the models' own a (one stone's worth = 1/2) whole-board differences saturate
// near 1, so the reports use D in stone units.
#pragma once

#include "engine/board/board.hpp"
#include "engine/influence/influence.hpp"

namespace reduce {

// The small board scaled up to size `big`.
engine::Board scaleUp(const engine::Board& small, engine::BoardSize big);

// D / modelUnit(m): the influence lost by the reduction, in lone-stone units.
double reductionDifference(const engine::Board& big, const engine::Board& small, engine::Model m);

// The distance 1 - 2 / (1 + exp(a D)) for the same D (engine::mapDistance).
double reductionDistance(const engine::Board& big, const engine::Board& small, engine::Model m,
                         double a);

}  // namespace reduce
