// Simple ko with forced bounds (KoRule::SimpleForced, `--rules simple-forced`) against a
// from-scratch twin: value iteration over every position reachable on a tiny board
// (forced_reference.hpp). The solver must never claim more than the twin's bounds
// (soundness), and on these boards it must reach every value the twin finds exact
// (nothing is missing from its search).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/board/rng.hpp"
#include "forced_reference.hpp"
#include "solve/solver.hpp"

using engine::Color;
using namespace solve;
using solve::testing::ForcedReference;
using solve::testing::State;

namespace {

struct Tally {
  int exact = 0, open = 0;
};

// Solves `samples` states of the reference (all of them when there are fewer) with the
// solver under simple-forced rules and checks its bounds against the reference's.
Tally compareWithSolver(const Geometry& g, const ForcedReference& ref, SolveOptions opt,
                        size_t samples, uint64_t seed) {
  opt.rules = Rules::named("simple-forced");
  opt.bestMoves = false, opt.principalVariation = false;
  opt.ttLog2 = 14;
  // The reference's rounds bound the plies any of its exact values needs; deeper horizons
  // would only go round the cycles of the open positions.
  opt.maxDepth = ref.rounds() + 2;
  opt.firstDepth = std::min(opt.firstDepth ? opt.firstDepth : 4, opt.maxDepth);
  Solver solver(g, opt);  // one table for every state: entries are history-free
  engine::Rng rng(seed);
  Tally t;
  for (size_t k = 0; k < std::min(samples, ref.size()); ++k) {
    const size_t i = samples >= ref.size() ? k : rng.below(static_cast<uint32_t>(ref.size()));
    const State& s = ref.state(i);
    Position p;
    p.black = s.black, p.white = s.white, p.ko = s.ko, p.passes = s.passes;
    p.toMove = s.whiteToMove ? Color::White : Color::Black;
    const SolveResult r = solver.solve(p);
    INFO(g.width() << "x" << g.height() << " state " << i << " black " << s.black << " white "
                   << s.white << (s.whiteToMove ? " white" : " black") << " to move, ko " << s.ko
                   << ", passes " << s.passes << ": reference [" << ref.lower(i) << ", "
                   << ref.upper(i) << "], solver [" << r.lower << ", " << r.upper << "]");
    CHECK(solver.lastStats().inconsistent == 0);
    CHECK(r.lower <= ref.lower(i));  // never more than a side can force
    CHECK(r.upper >= ref.upper(i));
    if (ref.lower(i) == ref.upper(i)) {
      CHECK(r.exact);  // and everything it can force is found
      ++t.exact;
    } else {
      ++t.open;
    }
  }
  return t;
}

}  // namespace

TEST_CASE("simple-forced bounds match value iteration over every reachable position",
          "[solve][simple-forced]") {
  struct Board {
    int w, h;
    size_t samples;
  };
  for (const Board b : {Board{1, 4, 1000}, Board{1, 5, 1000}, Board{2, 2, 1000}, Board{2, 3, 150},
                        Board{3, 2, 150}}) {
    const Geometry g(b.w, b.h);
    for (bool statics : {false, true}) {
      const ForcedReference ref(g, statics);
      SolveOptions opt;
      opt.benson = statics;
      const Tally plain = compareWithSolver(g, ref, opt, b.samples, 11 + b.w * 7 + b.h);
      // One-sided tests with failure memos (session 22): a memo must never hide a value
      // the twin proves exact.
      SolveOptions memo = opt;
      memo.oneSided = true;
      const Tally memos = compareWithSolver(g, ref, memo, b.samples, 11 + b.w * 7 + b.h);
      opt.symmetry = false, opt.algorithm = Algorithm::AlphaBeta;
      const Tally other = compareWithSolver(g, ref, opt, b.samples, 11 + b.w * 7 + b.h);
      INFO(b.w << "x" << b.h << (statics ? " with" : " without") << " static bounds: " << ref.size()
               << " positions, " << ref.rounds() << " rounds, " << plain.exact << " exact, "
               << plain.open << " open");
      // Both kinds occur: cycles leave some positions open under simple ko.
      CHECK(plain.exact > 0);
      CHECK(plain.exact + plain.open == other.exact + other.open);
      CHECK(memos.exact == plain.exact);
    }
  }
}

TEST_CASE("simple-forced reference: the empty 1x5 board is open, 2x4 and 3x3 are forced",
          "[solve][simple-forced]") {
  // 1x5 is 0 under positional superko; under simple ko alone neither side can force an
  // end, because a ko fight can cycle. Boards without such cycles keep their PSK values.
  const ForcedReference r15(Geometry(1, 5), true);
  CHECK(r15.lower(0) < r15.upper(0));
  for (const auto& [w, h, value] : {std::array{2, 4, 8}, std::array{3, 3, 9}}) {
    const Geometry g(w, h);
    SolveOptions opt;
    opt.rules = Rules::named("simple-forced");
    opt.ttLog2 = 16;
    opt.bestMoves = false, opt.principalVariation = false;
    Solver s(g, opt);
    const SolveResult r = s.solve(Position{});
    CHECK(r.exact);
    CHECK(r.value == value);
  }
}
