// Chains linked by two shared liberties (SolveOptions::safety.links, solve/benson.cpp, linkGroups):
// hand-made shapes, a point two links would share, and the bounds against exact values.
#include <catch2/catch.hpp>

#include <cstdint>
#include <tuple>
#include <utility>

#include "bounds_test_util.hpp"
#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/solver.hpp"
#include "solver_test_util.hpp"

using engine::Color;
using namespace solve;
using namespace solvetest;

namespace {

CompactBoard parse(const Geometry& g, const char* rows) {
  return CompactBoard::fromEngine(g, engine::parseBoard(rows));
}

}  // namespace

TEST_CASE("linked chains: three chains joined by shared liberties own 5x5") {
  // Two top chains and a wall. Each pair has two empty liberties in common (B5 and C4 for
  // the top chains, A3 and B3, D3 and E3 with the wall), so an answer keeps each pair
  // connected; the group then has four vital regions (A5, E5, the middle, the bottom row).
  // Alone, no chain has two: the top ones have one corner each, the wall only the
  // bottom row (the middle holds C4 and C5, which are no liberties of the wall).
  const Geometry g(5, 5);
  const CompactBoard b = parse(g,
                               ". X . X .\n"
                               "X X . X X\n"
                               ". . . . .\n"
                               "X X X X X\n"
                               ". . . . .\n");
  CHECK(bensonAlive(g, b.black(), b.white()) == 0);
  CHECK(safePoints(g, b.black(), b.white()) == 0);
  CHECK(safePoints(g, b.black(), b.white(), {.links = true}) == g.all());
  CHECK(staticBounds(g, b.white(), b.black(), {.links = true}).upper == -25);
  SolveOptions opt;
  opt.safety.links = true;
  CHECK(settledAtRoot(g, opt, b.black(), 0, Color::White, 25));
  opt.safety.links = false;
  CHECK_FALSE(settledAtRoot(g, opt, b.black(), 0, Color::White, 25));
  // White on B3 and C4, one point of two links each: the top-left chain keeps no link
  // (one liberty in common with each other chain) and has one vital region (A5), so it
  // is not alive, nor are the regions next to it; the other two still live, linked.
  const CompactBoard cut = parse(g,
                                 ". X . X .\n"
                                 "X X O X X\n"
                                 ". O . . .\n"
                                 "X X X X X\n"
                                 ". . . . .\n");
  const Mask topLeft = g.flood(Mask{1} << g.point(1, 0), cut.black());
  const Mask safe = safePoints(g, cut.black(), cut.white(), {.links = true});
  CHECK(!(safe & topLeft));
  CHECK(safe == (cut.black() & ~topLeft | Mask{1} << g.point(4, 0) | g.all() >> 20 << 20));
}

TEST_CASE("a point that two links would share links only one pair") {
  // The stones at B4 and D4 each have two liberties, both in common with the living wall:
  // B4 has C4 and B3, D4 has C4 and D3. White at C4 puts both in atari, and Black can
  // save only one, so only one pair may be linked: links never share a point. The rule
  // links B4 (the first pair found) and leaves D4 and D3 out.
  const Geometry g(5, 5);
  const CompactBoard b = parse(g,
                               ". O O O .\n"
                               "O X . X O\n"
                               "X . X . X\n"
                               "X X X X X\n"
                               ". . X . .\n");
  const Mask b4 = Mask{1} << g.point(1, 1), d4 = Mask{1} << g.point(3, 1);
  const Mask b3 = Mask{1} << g.point(1, 2), d3 = Mask{1} << g.point(3, 2);
  const Mask eyes = Mask{1} << g.point(0, 4) | Mask{1} << g.point(1, 4) | Mask{1} << g.point(3, 4) |
                    Mask{1} << g.point(4, 4);
  CHECK(safePoints(g, b.black(), b.white()) == (b.black() & ~b4 & ~d4 | eyes));
  CHECK(safePoints(g, b.black(), b.white(), {.links = true}) == (b.black() & ~d4 | b3 | eyes));
  CHECK(!(safePoints(g, b.black(), b.white(), {.answers = true, .links = true}) & (d4 | d3)));
}

TEST_CASE("a link point that is a region's only empty point is no eye") {
  // Black's answer at a link point can fill it: here the stone at B4 and the chain below
  // it are linked by A4 and B3, and B3 is the only empty point of a region the chain
  // needs as an eye. White at A4 (capturing the stone at A5) and Black's answer at B3
  // leave one eye (B1), and White to move takes the board (the exact value from the
  // solver without static bounds). So a region counts as vital only with an empty point
  // that is no link point.
  const Geometry g(2, 6);
  const CompactBoard b = parse(g,
                               "O .\n"
                               "X O\n"
                               ". X\n"
                               "X .\n"
                               "X X\n"
                               "X .\n");
  CHECK(safePoints(g, b.black(), b.white(), {.links = true}) == 0);
  Position p;
  p.black = b.black(), p.white = b.white(), p.toMove = Color::White;
  REQUIRE(boundsContainExact(g, p, false, 2'000'000, 0, true));
  SolveOptions plain;
  plain.benson = false;
  plain.bestMoves = plain.principalVariation = false;
  Solver s(g, plain);
  const SolveResult r = s.solve(p);
  REQUIRE(r.exact);
  CHECK(r.value == -12);
}

TEST_CASE("links keep the published values and optimal moves") {
  SolveOptions links;
  links.safety.links = true;
  keepsEmptyBoardValues(
      links, {{3, 3, 9}, {2, 4, 8}, {3, 4, 4}, {4, 3, 4}, {4, 4, 2}, {2, 5, -1}, {2, 6, -1}});
}

TEST_CASE("bounds with links contain the exact value of random positions") {
  // Dense random positions and positions of random games (with their history, superko),
  // where links add points to either side's safe points; exact values from the solver
  // without static bounds, either side to move, with and without a pass, and with the
  // other rules (answered and held regions) on and off.
  int denseCases = 0, gameCases = 0, extras = 0;
  engine::Rng rng(2028);
  for (auto [w, h] : {std::pair{4, 3}, std::pair{4, 4}, std::pair{5, 3}, std::pair{5, 4}}) {
    const Geometry g(w, h);
    const int shapeStart = denseCases;
    for (int i = 0; i < 20000 && denseCases - shapeStart < 50; ++i) {
      Mask black, white;
      drawStones(g, rng, 10, 2, black, white);
      if (i & 1) std::swap(black, white);
      CompactBoard b(g);
      try {
        b.setStones(black, white);
      } catch (const engine::InputError&) {
        continue;
      }
      const bool answers = (i >> 3) & 1;
      const int held = (i >> 4) & 1 ? 2 : 0;
      const bool extra =
          safePoints(g, black, white, {.answers = answers, .held = held, .links = true}) !=
              safePoints(g, black, white, {.answers = answers, .held = held}) ||
          safePoints(g, white, black, {.answers = answers, .held = held, .links = true}) !=
              safePoints(g, white, black, {.answers = answers, .held = held});
      if (!extra) continue;
      ++extras;
      Position p;
      p.black = black, p.white = white;
      p.toMove = i & 2 ? Color::White : Color::Black;
      p.passes = (i >> 2) & 1;
      if (!boundsContainExact(g, p, answers, 200'000, held, true)) continue;
      ++denseCases;
    }
  }
  for (auto [w, h] : {std::pair{4, 3}, std::pair{4, 4}, std::pair{5, 3}, std::pair{5, 4}}) {
    const Geometry g(w, h);
    for (uint64_t seed = 1; seed <= 3000; ++seed) {
      RandomGame rg = randomGame(g, {}, 10 + static_cast<int>(seed % 40), seed * 13 + w * h);
      const Position& p = rg.position;
      if (rg.game.over()) continue;
      const Mask own = p.toMove == Color::Black ? p.black : p.white;
      const Mask opp = p.toMove == Color::Black ? p.white : p.black;
      const bool answers = seed & 1;
      const ScoreBounds sb =
          boundsAfterPasses(g, own, opp, p.passes, {.answers = answers, .links = true});
      const ScoreBounds base = boundsAfterPasses(g, own, opp, p.passes, {.answers = answers});
      if (sb.lower == base.lower && sb.upper == base.upper) continue;
      ++extras;
      if (!boundsContainExact(g, p, answers, 200'000, 0, true)) continue;
      ++gameCases;
    }
  }
  INFO("dense " << denseCases << ", from games " << gameCases << ", of " << extras);
  CHECK(denseCases >= 150);
  CHECK(gameCases >= 40);
}
