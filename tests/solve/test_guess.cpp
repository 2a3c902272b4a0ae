// The computed first guess of the MTD driver (solve/guess.hpp): it changes the order of
// the null-window questions, never the value, and it is computed from the position.
#include <catch2/catch.hpp>

#include <set>

#include "engine/board/rng.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/guess.hpp"
#include "solve/solver.hpp"

using engine::Color;
using namespace solve;

namespace {

// A position after `moves` random legal moves from the empty board (no passes, no
// history), side to move alternating from Black.
Position randomPosition(const Geometry& g, int moves, uint64_t seed) {
  engine::Rng rng(seed);
  CompactBoard b(g);
  Color me = Color::Black;
  for (int i = 0; i < moves; ++i) {
    std::vector<int> legal;
    for (int p = 0; p < g.points(); ++p) {
      if (b.isLegal(p, me)) legal.push_back(p);
    }
    if (legal.empty()) break;
    b.play(legal[rng.below(static_cast<uint32_t>(legal.size()))], me);
    me = me == Color::Black ? Color::White : Color::Black;
  }
  Position p;
  p.black = b.black(), p.white = b.white(), p.toMove = me;
  if (b.koPoint() >= 0 && b.koColor() == me) p.ko = b.koPoint();
  return p;
}

SolveResult solveWith(const Geometry& g, const Position& p, FirstGuess mode, bool bisect, int depth,
                      SearchStats* stats = nullptr) {
  SolveOptions o;
  o.ttLog2 = 16;
  o.bestMoves = o.principalVariation = false;
  o.firstGuessMode = mode;
  o.bisect = bisect;
  o.guessDepth = depth;
  Solver s(g, o);
  const SolveResult r = s.solve(p);
  CHECK(s.lastStats().inconsistent == 0);
  if (stats) *stats = s.lastStats();
  return r;
}

}  // namespace

TEST_CASE("the computed first guess changes effort, not values") {
  int positions = 0;
  for (auto [w, h, len] :
       {std::tuple{2, 3, 0}, std::tuple{3, 3, 0}, std::tuple{4, 2, 0}, std::tuple{2, 4, 0},
        std::tuple{3, 3, 3}, std::tuple{3, 3, 5}, std::tuple{4, 2, 4}, std::tuple{3, 4, 9}}) {
    const Geometry g(w, h);
    for (uint64_t seed = 1; seed <= (len ? 4u : 1u); ++seed) {
      const Position p = randomPosition(g, len, seed * 131 + w * 7 + h);
      const SolveResult ref = solveWith(g, p, FirstGuess::Middle, true, 4);
      REQUIRE(ref.exact);
      for (int variant = 0; variant < 6; ++variant) {
        const bool bisect = variant & 1;
        const int depth = std::array{1, 2, 4}[variant / 2];
        INFO(w << "x" << h << " moves " << len << " seed " << seed << " variant " << variant);
        const SolveResult r = solveWith(g, p, FirstGuess::Heuristic, bisect, depth);
        CHECK(r.exact);
        CHECK(r.value == ref.value);
        CHECK(solveWith(g, p, FirstGuess::Middle, bisect, depth).value == ref.value);
      }
      ++positions;
    }
  }
  CHECK(positions == 20);
}

TEST_CASE("the first guess is computed from the position") {
  const Geometry g(4, 4);
  // Depth 0 is the area estimate itself; it lies within the static bounds.
  std::set<int> guesses;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const Position p = randomPosition(g, 4 + static_cast<int>(seed % 9), seed);
    const bool white = p.toMove == Color::White;
    const Mask own = white ? p.white : p.black, opp = white ? p.black : p.white;
    const int e = areaEstimate(g, own, opp, 0, true);
    const ScoreBounds b = staticBounds(g, own, opp);
    CHECK(e >= b.lower);
    CHECK(e <= b.upper);
    CHECK(heuristicGuess(g, {}, own, opp, p.ko, 0, 0, true).value == e);
    const HeuristicGuess hg = heuristicGuess(g, {}, own, opp, p.ko, 0, 3, true);
    CHECK(hg.nodes > 1);
    guesses.insert(hg.value);
  }
  CHECK(guesses.size() >= 4);  // not one value for every position
  // A board Black has all but surrounded: the guess is large for Black, and the solver
  // reports the same guess (Black's side) whoever is to move.
  Position p;
  const Mask ring = g.all() & ~(Mask{1} << g.point(0, 0)) & ~(Mask{1} << g.point(1, 0)) &
                    ~(Mask{1} << g.point(3, 3)) & ~(Mask{1} << g.point(2, 3));
  p.black = ring;
  p.white = 0;
  SearchStats s;
  const SolveResult r = solveWith(g, p, FirstGuess::Heuristic, true, 2, &s);
  CHECK(r.value == 16);
  CHECK(s.guess >= 10);
  CHECK(s.guessNodes > 1);
  p.toMove = Color::White;
  solveWith(g, p, FirstGuess::Heuristic, false, 2, &s);
  CHECK(s.guess >= 10);
  // And the empty board's guess is small (the heuristic sees no captures so soon).
  solveWith(Geometry(2, 3), Position{}, FirstGuess::Heuristic, true, 3, &s);
  CHECK(s.guess < 10);
  CHECK(s.guess > -10);
}
