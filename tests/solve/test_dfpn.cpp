// Depth-first proof-number search (SolveOptions::proofNumber, no horizon): published
// values, the reference minimax, random positions with their game history, threads,
// root guesses and question orders, and its principal variation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board/ascii.hpp"
#include "engine/board/game.hpp"
#include "solve/minimax.hpp"
#include "solve/solver.hpp"
#include "solver_test_util.hpp"

using engine::Color;
using namespace solve;
using namespace solvetest;

// ---- df-pn (SolveOptions::proofNumber): the same checks as the horizon search above.

namespace {
SolveOptions proofNumber(SolveOptions opt = {}) {
  opt.proofNumber = true;
  return opt;
}

}  // namespace

TEST_CASE("df-pn: published values, simple ko and the reference on boards up to 6 points") {
  for (auto [w, h, v] :
       {std::tuple{1, 1, 0}, std::tuple{1, 3, 3}, std::tuple{1, 4, 4}, std::tuple{1, 5, 0},
        std::tuple{1, 6, 1}, std::tuple{2, 2, 1}, std::tuple{4, 2, 8}}) {
    INFO(w << "x" << h);
    const SolveResult r = solveEmpty(w, h, {}, proofNumber());
    CHECK(r.exact);
    CHECK(r.value == v);
  }
  const SolveResult r3 = solveEmpty(3, 3, {}, proofNumber());
  CHECK(r3.value == 9);
  CHECK(names(Geometry(3, 3), r3.best) == std::vector<std::string>{"B2"});
  CHECK(names(Geometry(3, 3), r3.pv) == std::vector<std::string>{"B2", "pass", "pass"});
  Rules simple;
  simple.ko = KoRule::SimpleCyclesDrawn;
  CHECK(solveEmpty(2, 2, simple, proofNumber()).value == 0);
  for (auto ko : {engine::KoRule::Positional, engine::KoRule::Simple}) {
    for (auto [w, h] : {std::pair{1, 2}, std::pair{1, 5}, std::pair{1, 6}, std::pair{2, 2}}) {
      engine::Rules er;
      er.ko = ko;
      engine::Game game({w, h}, er);
      uint64_t nodes = 0;
      Rules rules;
      if (ko == engine::KoRule::Simple) rules.ko = KoRule::SimpleCyclesDrawn;
      INFO(w << "x" << h << (ko == engine::KoRule::Simple ? " simple" : " psk"));
      CHECK(solveEmpty(w, h, rules, proofNumber()).value == referenceValue(game, nodes));
    }
  }
}

TEST_CASE("df-pn: search variants agree with the reference and the horizon search") {
  for (auto [w, h] : {std::pair{2, 2}, std::pair{1, 5}, std::pair{1, 6}, std::pair{2, 3}}) {
    engine::Game game({w, h});
    uint64_t nodes = 0;
    const int ref = w * h < 6 || h == 1 ? referenceValue(game, nodes) : solveEmpty(w, h).value;
    for (int variant = 0; variant < 32; ++variant) {
      SolveOptions opt = proofNumber();
      opt.childCache = !(variant & 16);
      // epsilon 0 (plain df-pn) can cycle without end here (2x3 without static bounds:
      // the history-free pn/dn table around superko cycles); docs/SOLVER.md, session 6.
      opt.epsilon = variant & 1 ? 0.5 : 0.25;
      opt.symmetry = !(variant & 2);
      opt.benson = !(variant & 4);
      opt.transpositions = !(variant & 8);
      opt.pnHeuristic = std::array{0, 2, 5}[variant % 3];  // initial numbers: effort only
      INFO(w << "x" << h << " variant " << variant);
      const SolveResult r = solveEmpty(w, h, {}, opt);
      CHECK(r.exact);
      CHECK(r.value == ref);
    }
  }
}

TEST_CASE("df-pn: random positions with their game history match the reference") {
  checkRandomPositionsWithHistory(proofNumber());
  SolveOptions noCache = proofNumber();  // the child cache's from-scratch twin
  noCache.childCache = false;
  checkRandomPositionsWithHistory(noCache);
}

TEST_CASE("df-pn: heuristic initial numbers keep the reference values with history") {
  SolveOptions opt = proofNumber();
  opt.pnHeuristic = 3;
  checkRandomPositionsWithHistory(opt);
}

TEST_CASE("df-pn: two threads on different root questions keep the reference values") {
  SolveOptions opt = proofNumber();
  opt.threads = 2;
  opt.splitQuestions = true;
  checkRandomPositionsWithHistory(opt);
  for (auto [w, h] : {std::pair{2, 3}, std::pair{3, 3}, std::pair{4, 2}, std::pair{1, 6}}) {
    const double ref = solveEmpty(w, h).value;
    for (int variant = 0; variant < 8; ++variant) {
      SolveOptions o = proofNumber();
      o.threads = 2;
      o.ttLog2 = 14;
      o.bestMoves = o.principalVariation = variant & 1;
      o.firstGuess = std::array{0, 5, -3, 9}[variant / 2];
      o.splitQuestions = variant != 6;  // one run of the hybrid (the default) as well
      INFO(w << "x" << h << " variant " << variant);
      const Geometry g(w, h);
      Solver s(g, o);
      const SolveResult r = s.solve(Position{});
      CHECK(r.exact);
      CHECK(r.value == ref);
      CHECK(s.lastStats().inconsistent == 0);
    }
  }
  opt.bestMoves = opt.principalVariation = false;
  opt.maxNodes = 300;  // per thread: both threads stop with valid bounds
  const SolveResult cut = solveEmpty(4, 3, {}, opt);
  CHECK_FALSE(cut.exact);
  CHECK(cut.lower <= 4);
  CHECK(cut.upper >= 4);
}

TEST_CASE("df-pn: root guesses and question orders change effort, not values") {
  for (auto [w, h] : {std::pair{2, 3}, std::pair{3, 3}, std::pair{4, 2}}) {
    const double ref = solveEmpty(w, h).value;
    for (int variant = 0; variant < 12; ++variant) {
      SolveOptions opt = proofNumber();
      opt.bestMoves = opt.principalVariation = false;
      opt.firstGuess = std::array{-5, 0, 7, 9}[variant % 4];
      opt.bisect = variant & 4;
      opt.pnHeuristic = variant & 8 ? 2 : 0;
      INFO(w << "x" << h << " variant " << variant);
      const SolveResult r = solveEmpty(w, h, {}, opt);
      CHECK(r.exact);
      CHECK(r.value == ref);
      CHECK(r.lower == r.upper);
    }
  }
}

TEST_CASE("df-pn: the principal variation replays to the value; 3x4 = +4; limits") {
  const Geometry g(2, 3);
  SolveOptions small = proofNumber();
  small.ttLog2 = 14;
  Solver s(g, small);
  const SolveResult r = s.solve(Position{});
  REQUIRE(r.exact);
  CHECK(r.value == solveEmpty(2, 3).value);
  CHECK(replayedScore(g, r.pv) == r.value);
  SolveOptions opt = proofNumber();
  opt.bestMoves = opt.principalVariation = false;
  for (int threads : {1, 2}) {
    opt.threads = threads;
    const SolveResult r34 = solveEmpty(4, 3, {}, opt);
    CHECK(r34.exact);
    CHECK(r34.value == 4);
  }
  opt.threads = 1;
  opt.maxNodes = 500;
  const SolveResult cut = solveEmpty(4, 3, {}, opt);
  CHECK_FALSE(cut.exact);
  CHECK(cut.lower <= 4);
  CHECK(cut.upper >= 4);
}

TEST_CASE("df-pn: 4x4 is +2 with B3 among the best moves", "[.slow]") {
  SolveOptions opt = proofNumber();
  opt.ttLog2 = 22;
  const SolveResult r = solveEmpty(4, 4, {}, opt);
  CHECK(r.exact);
  CHECK(r.value == 2);
  const auto best = names(Geometry(4, 4), r.best);
  CHECK(std::find(best.begin(), best.end(), "B3") != best.end());
}
