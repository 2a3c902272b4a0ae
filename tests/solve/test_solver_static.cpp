// The solver's static bounds against exact values: Benson's unconditional life, the
// unconditional territory, regions kept by an answer, and the memo of static bounds
// against the direct computation over random games. Their slow twins and the held
// regions are in test_bounds.cpp.
#include <catch2/catch.hpp>

#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "bounds_test_util.hpp"
#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "solve/benson.hpp"
#include "solve/solver.hpp"
#include "solver_test_util.hpp"

using engine::Color;
using namespace solve;
using namespace solvetest;

TEST_CASE("Benson finds unconditional life and its territory") {
  const engine::Board board = engine::parseBoard(
      ". X . X .\n"
      "X X X X X\n"
      ". . O . .\n"
      "O O . O O\n"
      ". . . . .\n");
  const Geometry g(5, 5);
  const CompactBoard b = CompactBoard::fromEngine(g, board);
  // The black wall with two eyes on the top edge is alive; White's stones are not.
  CHECK(bensonAlive(g, b.black(), b.white()) == b.black());
  CHECK(bensonAlive(g, b.white(), b.black()) == 0);
  const Mask top = Mask{0b11111};
  CHECK(safePoints(g, b.black(), b.white()) == (b.black() | top));
  const ScoreBounds sb = staticBounds(g, b.black(), b.white());
  CHECK(sb.lower == 10 - 15);
  CHECK(sb.upper == 10 + 15);
}

TEST_CASE("static bounds contain the exact value of random positions") {
  const Geometry g(3, 3);
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    RandomGame rg = randomGame(g, {}, 10 + seed % 7, seed);
    if (rg.game.over()) continue;
    SolveOptions small;
    small.ttLog2 = 14;
    Solver s(g, small);
    const SolveResult r = s.solve(rg.position);
    REQUIRE(r.exact);
    const Mask own = rg.position.toMove == Color::Black ? rg.position.black : rg.position.white;
    const Mask opp = rg.position.toMove == Color::Black ? rg.position.white : rg.position.black;
    const ScoreBounds sb = boundsAfterPasses(g, own, opp, rg.position.passes);
    const double mover = rg.position.toMove == Color::Black ? r.value : -r.value;
    CHECK(sb.lower <= mover);
    CHECK(mover <= sb.upper);
  }
}

TEST_CASE("unconditional territory: a small interior is safe, room for two eyes is not") {
  // Black's wall is alive with three eyes on the top edge. Below it the region's interior
  // (points not next to the wall) is the whole bottom row: room for two White eyes.
  const engine::Board open = engine::parseBoard(
      ". X . X .\n"
      "X X X X X\n"
      ". . O . .\n"
      ". . . . .\n");
  const Geometry g(5, 4);
  const CompactBoard b = CompactBoard::fromEngine(g, open);
  CHECK(safePoints(g, b.black(), b.white()) == (b.black() | Mask{0b11111}));
  const engine::Board small = engine::parseBoard(
      ". X . X .\n"
      "X X X X X\n"
      "X . O . X\n"
      "X . . . X\n");
  const CompactBoard s = CompactBoard::fromEngine(g, small);
  // Interior = C1 alone (every other point of the region touches the wall): White has no
  // room for two eyes, so the whole board is Black's; Benson's life alone gives the eyes.
  CHECK(safePoints(g, s.black(), s.white(), {.territory = false}) == (s.black() | 0b10101));
  CHECK(safePoints(g, s.black(), s.white()) == g.all());
  CHECK(staticBounds(g, s.black(), s.white()).lower == 20);
  CHECK(staticBounds(g, s.white(), s.black()).upper == -20);
  CHECK(staticBounds(g, s.black(), s.white(), {.territory = false}).lower == 14 - 6);
}

TEST_CASE("regions kept by an answer: a cross with four empty corners owns 5x5") {
  // The cross has no vital region (each corner point touches no black stone), so
  // Benson's life sees nothing; but every white move in a corner has a black answer
  // that leaves a vital part, so the cross lives and, with no room for two white eyes
  // in a corner, owns the board.
  const Geometry g(5, 5);
  const CompactBoard cross = CompactBoard::fromEngine(g, engine::parseBoard(". . X . .\n"
                                                                            ". . X . .\n"
                                                                            "X X X X X\n"
                                                                            ". . X . .\n"
                                                                            ". . X . .\n"));
  CHECK(safePoints(g, cross.black(), cross.white()) == 0);
  CHECK(safePoints(g, cross.black(), cross.white(), {.answers = true}) == g.all());
  CHECK(staticBounds(g, cross.white(), cross.black(), {.answers = true}).upper == -25);
  // A white stone in one corner: that corner is no longer empty, three are enough.
  const CompactBoard one = CompactBoard::fromEngine(g, engine::parseBoard(". . X . .\n"
                                                                          ". O X . .\n"
                                                                          "X X X X X\n"
                                                                          ". . X . .\n"
                                                                          ". . X . .\n"));
  CHECK(safePoints(g, one.black(), one.white(), {.answers = true}) == g.all());
  // White stones in three corners: only one empty corner is left to answer in, and a
  // corner holding a white stone is not tried, so the cross has one eye region of two.
  const CompactBoard three = CompactBoard::fromEngine(g, engine::parseBoard(". . X . .\n"
                                                                            ". O X O .\n"
                                                                            "X X X X X\n"
                                                                            ". O X . .\n"
                                                                            ". . X . .\n"));
  CHECK(safePoints(g, three.black(), three.white(), {.answers = true}) == 0);
  // A 3x2 corner (the cross moved off centre on 6x5) keeps an eye after an answer too.
  const Geometry w(6, 5);
  const CompactBoard wide = CompactBoard::fromEngine(w, engine::parseBoard(". . . X . .\n"
                                                                           ". . . X . .\n"
                                                                           "X X X X X X\n"
                                                                           ". . . X . .\n"
                                                                           ". . . X . .\n"));
  CHECK(safePoints(w, wide.black(), wide.white(), {.answers = true}) == w.all());
  CHECK(safePoints(w, wide.black(), wide.white()) == 0);
  // The solver with answers settles the 5x5 cross at its root.
  SolveOptions opt;
  opt.safety.answers = true;
  CHECK(settledAtRoot(g, opt, cross.black(), 0, Color::White, 25));
}

TEST_CASE("answered regions keep the published values, optimal moves and variations") {
  SolveOptions answers;
  answers.safety.answers = true;
  keepsEmptyBoardValues(answers,
                        {{3, 3, 9}, {2, 4, 8}, {3, 4, 4}, {4, 3, 4}, {2, 5, -1}, {2, 6, -1}});
}

TEST_CASE("bounds with answered regions contain the exact value of random positions") {
  // Positions with empty pockets inside black walls, where answered regions add points;
  // exact values from the solver without static bounds, either side to move, with and
  // without a pass; the bounded search with answers must agree.
  int answerCases = 0, checked = 0, extras = 0;
  engine::Rng rng(2027);
  for (auto [w, h] : {std::pair{4, 3}, std::pair{4, 4}, std::pair{5, 3}, std::pair{5, 4}}) {
    const Geometry g(w, h);
    const int shapeStart = answerCases;
    for (int i = 0; i < 20000 && answerCases - shapeStart < 60; ++i) {
      Mask black, white;
      drawStones(g, rng, 11, 2, black, white);
      // Empty pockets in some corners, walled by the first colour: where answers matter.
      for (int corner = 0; corner < 4; ++corner) {
        if (rng.below(2)) continue;
        const int pw = 2 + static_cast<int>(rng.below(2)), ph = 1 + static_cast<int>(rng.below(3));
        Mask pocket = 0;
        for (int y = 0; y < ph; ++y) {
          for (int x = 0; x < pw; ++x) {
            pocket |= Mask{1} << g.point(corner & 1 ? w - 1 - x : x, corner & 2 ? h - 1 - y : y);
          }
        }
        const Mask wall = g.expand(pocket) & ~pocket;
        black = (black | wall) & ~pocket, white &= ~(wall | pocket);
      }
      if (i & 1) std::swap(black, white);
      CompactBoard b(g);
      try {
        b.setStones(black, white);
      } catch (const engine::InputError&) {
        continue;
      }
      const bool extra =
          safePoints(g, black, white, {.answers = true}) != safePoints(g, black, white) ||
          safePoints(g, white, black, {.answers = true}) != safePoints(g, white, black);
      if (!extra) continue;
      ++extras;
      Position p;
      p.black = black, p.white = white;
      p.toMove = i & 2 ? Color::White : Color::Black;
      p.passes = (i >> 2) & 1;
      if (!boundsContainExact(g, p, true, 200'000)) continue;
      ++answerCases;
      ++checked;
    }
  }
  // Positions from random games, with their history (superko), where answers add points.
  int gameCases = 0;
  for (auto [w, h] : {std::pair{4, 3}, std::pair{4, 4}, std::pair{5, 3}, std::pair{5, 4}}) {
    const Geometry g(w, h);
    for (uint64_t seed = 1; seed <= 6000; ++seed) {
      RandomGame rg = randomGame(g, {}, 10 + static_cast<int>(seed % 40), seed * 7 + w * h);
      const Position& p = rg.position;
      if (rg.game.over()) continue;
      const Mask own = p.toMove == Color::Black ? p.black : p.white;
      const Mask opp = p.toMove == Color::Black ? p.white : p.black;
      const ScoreBounds sb = boundsAfterPasses(g, own, opp, p.passes, {.answers = true});
      const ScoreBounds base = boundsAfterPasses(g, own, opp, p.passes);
      if (sb.lower == base.lower && sb.upper == base.upper) continue;
      ++extras;
      if (!boundsContainExact(g, p, true, 200'000)) continue;
      ++gameCases;
    }
  }
  INFO("checked " << checked << " of " << extras << ", from games " << gameCases);
  CHECK(answerCases >= 200);
  CHECK(gameCases >= 40);
}

TEST_CASE("territory bounds contain the exact value of random dense positions") {
  // Exact values from the solver without static bounds (itself checked against the
  // reference minimax above); the bounds with unconditional territory must contain them,
  // for either side to move and after a pass, and the bounded search must agree.
  int territoryCases = 0, checked = 0;
  engine::Rng rng(2026);
  for (auto [w, h] : {std::pair{3, 3}, std::pair{4, 2}, std::pair{4, 3}, std::pair{4, 4}}) {
    const Geometry g(w, h);
    for (int i = 0; i < 300; ++i) {
      Mask black, white;
      REQUIRE(randomPosition(g, rng, black, white));
      const bool extra =
          safePoints(g, black, white) != safePoints(g, black, white, {.territory = false}) ||
          safePoints(g, white, black) != safePoints(g, white, black, {.territory = false});
      if (!extra && i % 8) continue;  // mostly positions where territory adds something
      Position p;
      p.black = black, p.white = white;
      p.toMove = i & 1 ? Color::White : Color::Black;
      p.passes = (i >> 1) & 1;
      if (!boundsContainExact(g, p, false, 30'000)) continue;
      territoryCases += extra;
      ++checked;
    }
  }
  INFO("checked " << checked << ", territory cases " << territoryCases);
  CHECK(territoryCases >= 30);
}

TEST_CASE("the static-bounds cache agrees with the direct computation over random games") {
  // A tiny cache (2^4 entries) so that entries are overwritten often; both colours as
  // mover, with and without a pass. Boards above 16 points use the upper mask bytes.
  for (auto [w, h] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{5, 4}, std::pair{5, 5}}) {
    const Geometry g(w, h);
    for (const SafetyRules& rules :
         {SafetyRules{}, SafetyRules{.territory = false}, SafetyRules{.answers = true},
          SafetyRules{.answers = true, .links = true}}) {
      StaticBoundsCache cache(g, 4, rules);
      int compared = 0;
      for (uint64_t seed = 1; seed <= 40; ++seed) {
        RandomGame rg = randomGame(g, {}, 5 + static_cast<int>(seed % 30), seed * 31 + w);
        const Position& p = rg.position;
        if (!(p.black | p.white)) continue;
        for (int passes = 0; passes <= 1; ++passes) {
          for (const bool swap : {false, true}) {
            const Mask own = swap ? p.white : p.black, opp = swap ? p.black : p.white;
            // The floor under the upper bound: at first often from opp's safe points
            // alone (an entry holding one side), later from the bounds themselves.
            const ScoreBounds d = boundsAfterPasses(g, own, opp, 0, rules);
            const int floor = cache.upperFloor(own, opp);
            CHECK(floor <= d.upper);
            CHECK(floor >= g.points() - 2 * popcount(safePoints(g, opp, own, rules)));
            for (int again = 0; again < 2; ++again) {  // a miss, then (usually) a hit
              const ScoreBounds c = cache.boundsAfterPasses(own, opp, passes);
              const ScoreBounds d = boundsAfterPasses(g, own, opp, passes, rules);
              CHECK(c.lower == d.lower);
              CHECK(c.upper == d.upper);
              ++compared;
            }
          }
        }
      }
      CHECK(compared > 200);
      CHECK(cache.hits() > 0);
      // An entry that holds one side's safe points, completed by the bounds, then read.
      for (uint64_t seed = 41; seed <= 60; ++seed) {
        RandomGame rg = randomGame(g, {}, 5 + static_cast<int>(seed % 30), seed * 31 + w);
        const Mask b = rg.position.black, wt = rg.position.white;
        if (!(b | wt)) continue;
        StaticBoundsCache fresh(g, 10, rules);
        const ScoreBounds d = staticBounds(g, b, wt, rules);
        CHECK(fresh.upperFloor(b, wt) <= d.upper);
        const ScoreBounds c = fresh.boundsAfterPasses(wt, b, 0);  // the sides swapped
        CHECK(c.lower == -d.upper);
        CHECK(c.upper == -d.lower);
        CHECK(fresh.upperFloor(b, wt) == d.upper);  // the entry now holds the bounds
        CHECK(fresh.upperFloor(wt, b) == -d.lower);
      }
    }
  }
}
