#include "bounds_test_util.hpp"

#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solver_test_util.hpp"

namespace solvetest {

using engine::Color;
using namespace solve;

// A random position of g with every chain keeping a liberty (Black denser than White, so
// that Black often has an alive wall), or false after too many tries.
void drawStones(const Geometry& g, engine::Rng& rng, uint32_t blackIn20, uint32_t whiteIn20,
                Mask& black, Mask& white) {
  black = white = 0;
  for (int p = 0; p < g.points(); ++p) {
    const uint32_t r = rng.below(20);
    if (r < blackIn20) black |= Mask{1} << p;
    if (r >= blackIn20 && r < blackIn20 + whiteIn20) white |= Mask{1} << p;
  }
}

bool randomPosition(const Geometry& g, engine::Rng& rng, Mask& black, Mask& white) {
  for (int attempt = 0; attempt < 1000; ++attempt) {
    drawStones(g, rng, 9, 4, black, white);
    CompactBoard b(g);
    try {
      b.setStones(black, white);
      return true;
    } catch (const engine::InputError&) {
    }
  }
  return false;
}

void keepsEmptyBoardValues(const SolveOptions& opt, std::initializer_list<EmptyBoardValue> boards) {
  for (const EmptyBoardValue& b : boards) {
    const SolveResult plain = solveEmpty(b.width, b.height);
    const SolveResult r = solveEmpty(b.width, b.height, {}, opt);
    INFO(b.width << "x" << b.height);
    CHECK(r.exact);
    if (b.value >= 0) CHECK(r.value == b.value);
    CHECK(r.value == plain.value);
    CHECK(r.best == plain.best);
  }
}

// Does the solver under `opt` (no move list) give the position the exact value `value`
// at its root, in one node?
bool settledAtRoot(const Geometry& g, SolveOptions opt, Mask black, Mask white, Color toMove,
                   int value) {
  opt.bestMoves = opt.principalVariation = false;
  Solver solver(g, opt);
  Position p;
  p.black = black, p.white = white;
  p.toMove = toMove;
  const SolveResult r = solver.solve(p);
  INFO("value " << r.value << " exact " << r.exact << " nodes " << r.nodes);
  return r.exact && r.value == value && r.nodes == 1;
}

// Solves p exactly without static bounds (itself checked against the reference minimax in
// test_solver.cpp), within maxNodes; when that succeeds, checks that the static bounds of p's
// mover (territory on, answered and held regions as asked) contain the value and that the
// solver with those bounds agrees, and returns true.
bool boundsContainExact(const Geometry& g, const Position& p, bool answers, uint64_t maxNodes,
                        int held, bool links) {
  SolveOptions plain;
  plain.ttLog2 = 14;
  plain.benson = false;
  plain.bestMoves = plain.principalVariation = false;
  plain.maxNodes = maxNodes;
  Solver s(g, plain);
  const SolveResult r = s.solve(p);
  if (!r.exact) return false;
  const Mask own = p.toMove == Color::Black ? p.black : p.white;
  const Mask opp = p.toMove == Color::Black ? p.white : p.black;
  const ScoreBounds sb =
      boundsAfterPasses(g, own, opp, p.passes, {.answers = answers, .held = held, .links = links});
  const int mover = static_cast<int>(p.toMove == Color::Black ? r.value : -r.value);
  CompactBoard shown(g);
  shown.setStones(p.black, p.white);
  INFO(g.width() << "x" << g.height() << " " << (p.toMove == Color::Black ? "B" : "W")
                 << " to move, passes " << p.passes << ", answers " << answers << ", held " << held
                 << ", links " << links << "\n"
                 << engine::boardToString(shown.toEngine()));
  CHECK(sb.lower <= mover);
  CHECK(mover <= sb.upper);
  SolveOptions bounded = plain;
  bounded.benson = true;
  bounded.safety.answers = answers;
  bounded.safety.held = held;
  bounded.safety.links = links;
  bounded.staticEtcMinDepth = held > 0 ? 1 : 0;
  Solver sb2(g, bounded);
  const SolveResult rb = sb2.solve(p);  // may run out of nodes: then only bounds
  CHECK(rb.lower <= r.value);
  CHECK(r.value <= rb.upper);
  return true;
}

}  // namespace solvetest
