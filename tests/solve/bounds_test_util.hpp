// Helpers shared by the solver's test files (test_solver_static.cpp, test_bounds.cpp,
// test_guess.cpp): random positions and checks of static bounds against exact values.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "engine/board/color.hpp"
#include "engine/board/rng.hpp"
#include "solve/geometry.hpp"
#include "solve/solver.hpp"

namespace solvetest {

// A random position of g with every chain keeping a liberty (Black denser than White), or
// false after too many tries.
bool randomPosition(const solve::Geometry& g, engine::Rng& rng, solve::Mask& black,
                    solve::Mask& white);

// Solves p exactly without static bounds within maxNodes; when that succeeds, checks
// (Catch2 CHECKs) that the mover's static bounds (territory on, answered and held regions
// and links as asked) contain the value and that the bounded solver agrees, and returns
// true.
bool boundsContainExact(const solve::Geometry& g, const solve::Position& p, bool answers,
                        uint64_t maxNodes, int held = 0, bool links = false);

// Random stones: each point of g black with odds blackIn20 in 20, else white with odds
// whiteIn20 in 20 (chains without a liberty possible).
void drawStones(const solve::Geometry& g, engine::Rng& rng, uint32_t blackIn20, uint32_t whiteIn20,
                solve::Mask& black, solve::Mask& white);

// A board and its published value from the empty board (-1: none published).
struct EmptyBoardValue {
  int width, height, value;
};
// Checks (Catch2 CHECKs) that the solver under `opt` solves each empty board exactly, to its
// published value, and to the value and optimal moves of the default solver.
void keepsEmptyBoardValues(const solve::SolveOptions& opt,
                           std::initializer_list<EmptyBoardValue> boards);

// Does the solver under `opt` (no move list) give the position the exact value `value`
// at its root, in one node?
bool settledAtRoot(const solve::Geometry& g, solve::SolveOptions opt, solve::Mask black,
                   solve::Mask white, engine::Color toMove, int value);

}  // namespace solvetest
