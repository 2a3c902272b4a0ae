// Helpers shared by the solver's search tests (test_solver.cpp, test_solver_effort.cpp,
// test_solver_static.cpp, test_dfpn.cpp): solves of empty boards, move names, variations
// replayed on the engine, random games with their superko history, and the comparisons
// of option sets that should change only the effort.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/board/game.hpp"
#include "solve/geometry.hpp"
#include "solve/solver.hpp"

namespace solvetest {

// Solves the empty w x h board under `rules` (a 2^16 table unless opt asks for another
// size) and checks that no bounds crossed.
solve::SolveResult solveEmpty(int w, int h, solve::Rules rules = {}, solve::SolveOptions opt = {});

// The vertex names of `moves` ("pass" for -1).
std::vector<std::string> names(const solve::Geometry& g, const std::vector<int>& moves);

// The area score at the end of `pv` replayed on the engine from the empty board, or
// nullopt when a move is illegal there or the game has not ended.
std::optional<int> replayedScore(const solve::Geometry& g, const std::vector<int>& pv);

// A random game of `moves` moves on engine::Game (passes included), with the compact
// position after it and every earlier position as superko history.
struct RandomGame {
  engine::Game game;
  solve::Position position;
};
RandomGame randomGame(const solve::Geometry& g, engine::Rules er, int moves, uint64_t seed);

// Positions after random games on boards of up to 6 points (3x3 after longer games):
// superko history from before the root changes which moves are legal. Every position the
// reference settles within its node budget must get its value from `opt`, with one table
// shared by the positions of a size and with a fresh one.
void checkRandomPositionsWithHistory(solve::SolveOptions opt);

// Solves the empty board of g with `off` and with `on`, two option sets that should change
// only the effort: both exact, no crossed bounds with `on`, the same value and, unless
// valueOnly, the same optimal moves and a principal variation that replays to the value.
// Returns both solves' counters.
std::pair<solve::SearchStats, solve::SearchStats> sameResultsBothWays(
    const solve::Geometry& g, const solve::SolveOptions& off, const solve::SolveOptions& on,
    bool valueOnly);

// The counters and nodes of a solve of g's empty board with `opt`, stopped after `maxNodes`
// nodes (value and moves not asked for): to see whether an option takes effect.
std::pair<solve::SearchStats, uint64_t> boundedRun(int w, int h, solve::SolveOptions opt,
                                                   uint64_t maxNodes = 200'000);

}  // namespace solvetest
