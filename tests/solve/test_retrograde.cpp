// The retrograde analysis of simple-forced states (solve/retrograde.hpp) against its
// from-scratch twin (forced_reference.hpp: value iteration over the states reachable from
// the empty board, in Black's terms, without symmetry, ko keys or a move list), against
// the solver on larger boards, against published values, and the table file it writes.
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <vector>

#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "forced_reference.hpp"
#include "solve/compact_board.hpp"
#include "solve/retrograde.hpp"
#include "solve/retrograde_detail.hpp"
#include "solve/solver.hpp"
#include "temp_files.hpp"

using engine::Color;
using namespace solve;

namespace {

RetroOptions twoThreads(RetroOptions::Keep keep = RetroOptions::Keep::Auto) {
  RetroOptions o;
  o.threads = 2;
  o.keepMoves = keep;
  return o;
}

// A random legal position of g (own, opp) with about `fill` of its points taken.
void randomPosition(const Geometry& g, engine::Rng& rng, double fill, Mask& own, Mask& opp) {
  for (;;) {
    own = opp = 0;
    for (int p = 0; p < g.points(); ++p) {
      if (rng.below(1000) >= fill * 1000) continue;
      (rng.below(2) ? own : opp) |= Mask{1} << p;
    }
    if (legalPosition(g, own, opp)) return;
  }
}

}  // namespace

TEST_CASE("the analyses' move generator gives CompactBoard's children", "[solve][retrograde]") {
  // retro_detail::forEachMove finds each side's chains once per position; its twin here
  // plays every point on a CompactBoard. Same moves, same children, same ko bans, on random
  // positions of every density, with and without a ban.
  int positions = 0, kos = 0;
  for (const auto& [w, h] : {std::array{1, 7}, std::array{2, 5}, std::array{3, 3}, std::array{4, 4},
                             std::array{4, 5}, std::array{5, 5}}) {
    const Geometry g(w, h);
    engine::Rng rng(49 + 10 * w + h);
    for (int k = 0; k < 400; ++k, ++positions) {
      Mask own, opp;
      randomPosition(g, rng, 0.05 + 0.9 * (k % 40) / 40.0, own, opp);
      const Mask empty = g.all() & ~(own | opp);
      const int ko = (k % 3 == 0 && empty) ? lowestBit(empty) : -1;
      std::vector<std::array<int64_t, 4>> fast, slow;
      retro_detail::forEachMove(g, own, opp, ko, [&](int p, Mask cOwn, Mask cOpp, int cKo) {
        fast.push_back({p, static_cast<int64_t>(cOwn), static_cast<int64_t>(cOpp), cKo});
      });
      CompactBoard b(g);
      for (int p = 0; p < g.points(); ++p) {
        b.setRaw(own, opp, -1, Color::Empty);
        if (p == ko || !b.isLegal(p, Color::Black)) continue;
        b.play(p, Color::Black);
        slow.push_back(
            {p, static_cast<int64_t>(b.white()), static_cast<int64_t>(b.black()), b.koPoint()});
        kos += b.koPoint() >= 0;
      }
      INFO(w << "x" << h << " own " << own << " opp " << opp << " ko " << ko);
      REQUIRE(fast == slow);
    }
  }
  CHECK(positions == 2400);
  CHECK(kos > 50);  // the bans were exercised
}

TEST_CASE("retrograde bounds equal value iteration's at every reachable state",
          "[solve][retrograde]") {
  for (const auto& [w, h] : {std::array{1, 5}, std::array{2, 2}, std::array{2, 3}, std::array{3, 2},
                             std::array{2, 4}, std::array{3, 3}}) {
    const Geometry g(w, h);
    const solve::testing::ForcedReference ref(g, false);
    // Moves kept, or found again in every sweep: the same bounds.
    const RetroAnalysis kept = RetroAnalysis::run(g, twoThreads(RetroOptions::Keep::Yes));
    const RetroAnalysis found = RetroAnalysis::run(g, twoThreads(RetroOptions::Keep::No));
    const DirectRetroAnalysis direct = DirectRetroAnalysis::run(g, twoThreads());
    CHECK(kept.moves() > 0);
    CHECK(found.moves() == 0);
    int open = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
      const solve::testing::State& s = ref.state(i);
      const Mask own = s.whiteToMove ? s.white : s.black, opp = s.whiteToMove ? s.black : s.white;
      int lo = 0, hi = 0;
      INFO(w << "x" << h << " black " << s.black << " white " << s.white
             << (s.whiteToMove ? " white" : " black") << " to move, ko " << s.ko << ", passes "
             << s.passes << ": twin [" << ref.lower(i) << ", " << ref.upper(i) << "]");
      // The twin is Black's side; the analyses are the mover's.
      const auto check = [&](const auto& a) {
        REQUIRE(a.bounds(own, opp, s.ko, s.passes == 1, lo, hi));
        CHECK((s.whiteToMove ? -hi : lo) == ref.lower(i));
        CHECK((s.whiteToMove ? -lo : hi) == ref.upper(i));
      };
      check(kept), check(found), check(direct);
      open += ref.lower(i) != ref.upper(i);
    }
    INFO(w << "x" << h << ": " << ref.size() << " states, " << open << " open");
    if (w * h >= 5) CHECK(open > 0);  // cycles leave some open on every board here
    CHECK(kept.openPositions() == found.openPositions());
    CHECK(kept.exactEntries() == found.exactEntries());
    CHECK(direct.positions() == kept.positions());
    CHECK(direct.koStates() == kept.koStates());
    CHECK(direct.openPositions() == kept.openPositions());
    CHECK(direct.exactEntries() == kept.exactEntries());
  }
}

TEST_CASE("the direct index and the hash give the same bounds to every state",
          "[solve][retrograde]") {
  // Boards too large for the twin: every legal position (no ko; passed or not) and every
  // position with each ban, both analyses; the same file entries.
  for (const auto& [w, h] : {std::array{4, 3}, std::array{2, 6}, std::array{1, 7}}) {
    const Geometry g(w, h);
    const RetroAnalysis hash = RetroAnalysis::run(g, twoThreads());
    RetroOptions one = twoThreads();
    one.threads = 1;  // and on one thread: the fixpoints do not depend on the order
    for (const RetroOptions& o : {twoThreads(), one}) {
      const DirectRetroAnalysis direct = DirectRetroAnalysis::run(g, o);
      CHECK(direct.positions() == hash.positions());
      CHECK(direct.koStates() == hash.koStates());
      CHECK(direct.openPositions() == hash.openPositions());
      CHECK(direct.exactEntries() == hash.exactEntries());
      uint64_t states = 0, koStates = 0, mismatches = 0;
      for (Mask opp = 0; opp <= g.all(); ++opp) {
        const Mask rest = g.all() & ~opp;
        for (Mask own = 0;; own = (own - rest) & rest) {
          for (int ko = -1; ko < g.points(); ++ko) {
            if (ko >= 0 && ((own | opp) >> ko & 1)) continue;
            for (const bool passed : {false, true}) {
              if (passed && ko >= 0) continue;
              int hlo = 0, hhi = 0, dlo = 0, dhi = 0;
              const bool inHash = hash.bounds(own, opp, ko, passed, hlo, hhi);
              const bool inDirect = direct.bounds(own, opp, ko, passed, dlo, dhi);
              mismatches += inHash != inDirect;
              if (!inHash || !inDirect) continue;
              ++states, koStates += ko >= 0;
              mismatches += hlo != dlo || hhi != dhi;
            }
          }
          if (own == rest) break;
        }
      }
      INFO(w << "x" << h << ": " << states << " states, " << koStates << " with a ban");
      CHECK(mismatches == 0);
      CHECK(koStates > 0);
      CHECK(states > 2 * hash.positions());  // every symmetric image, passed or not
    }
  }
}

TEST_CASE("retrograde analysis finds the published values of the empty boards",
          "[solve][retrograde]") {
  // Under simple ko alone 2x4 = 8, 3x3 = 9 and 3x5 = 15 are forced (the values under
  // positional superko; van der Werf & Winands 2009), while 1x5 and 3x4 stay open.
  struct Case {
    int w, h;
    bool exact;
    int value;
  };
  for (const Case c : {Case{2, 4, true, 8}, Case{3, 3, true, 9}, Case{5, 3, true, 15},
                       Case{5, 1, false, 0}, Case{4, 3, false, 0}}) {
    const Geometry g(c.w, c.h);
    const RetroAnalysis a = RetroAnalysis::run(g, twoThreads());
    const DirectRetroAnalysis d = DirectRetroAnalysis::run(g, twoThreads());
    int lo = 0, hi = 0, dlo = 0, dhi = 0;
    REQUIRE(a.bounds(0, 0, -1, false, lo, hi));
    REQUIRE(d.bounds(0, 0, -1, false, dlo, dhi));
    INFO(c.w << "x" << c.h << ": [" << lo << ", " << hi << "], " << a.positions() << " positions, "
             << a.sweeps() << " sweeps (direct " << d.sweeps() << ")");
    CHECK((lo == hi) == c.exact);
    if (c.exact) CHECK(lo == c.value);
    CHECK(dlo == lo);
    CHECK(dhi == hi);
  }
}

TEST_CASE("retrograde bounds agree with the solver's under simple-forced rules",
          "[solve][retrograde]") {
  // Random positions of boards too large for the twin: where the analysis is exact the
  // solver must find the same value, and the solver's bounds always hold the analysis's.
  for (const auto& [w, h] : {std::array{4, 3}, std::array{2, 6}}) {
    const Geometry g(w, h);
    const RetroAnalysis a = RetroAnalysis::run(g, twoThreads());
    SolveOptions opt;
    opt.rules = Rules::named("simple-forced");
    opt.bestMoves = false, opt.principalVariation = false;
    opt.ttLog2 = 16;
    opt.maxDepth = a.sweeps() * g.points() + 8;
    Solver solver(g, opt);
    engine::Rng rng(47 + w);
    int exact = 0;
    for (int k = 0; k < 40; ++k) {
      Mask own, opp;
      randomPosition(g, rng, 0.2 + 0.02 * k, own, opp);
      int lo = 0, hi = 0;
      REQUIRE(a.bounds(own, opp, -1, false, lo, hi));
      Position p;
      p.black = own, p.white = opp;
      const SolveResult r = solver.solve(p);
      INFO(w << "x" << h << " own " << own << " opp " << opp << ": analysis [" << lo << ", " << hi
             << "], solver [" << r.lower << ", " << r.upper << "]");
      CHECK(r.lower <= lo);
      CHECK(r.upper >= hi);
      if (lo == hi) {
        CHECK(r.exact);
        CHECK(r.value == lo);
        ++exact;
      }
    }
    CHECK(exact > 20);
  }
}

TEST_CASE("a simple-forced complete table holds the exact positions and their moves",
          "[solve][retrograde][tables]") {
  const auto dir = solve_test::tempDir("solve", "retrograde");
  const Geometry g(3, 3);
  RetroOptions byIndex = twoThreads();
  byIndex.lookup = RetroOptions::Lookup::Direct;
  const RetroBuildResult r = buildRetrogradeTable(g, dir / "t.fgt", byIndex);
  // The default on 9 points: the hash with its moves kept.
  const RetroBuildResult rh = buildRetrogradeTable(g, dir / "h.fgt", twoThreads());
  const RetroAnalysis a = RetroAnalysis::run(g, twoThreads());
  const SolutionTable t = SolutionTable::load(dir / "t.fgt", g, Rules::named("simple-forced"));
  // The direct index and the hash write the same entries.
  CHECK(r.moves == 0);
  CHECK(rh.moves > 0);
  CHECK(rh.exact == r.exact);
  CHECK(SolutionTable::load(dir / "h.fgt", g, Rules::named("simple-forced")).entries() ==
        t.entries());
  CHECK(r.positions == a.positions());
  CHECK(r.exact + r.open == r.positions);
  CHECK(r.open == a.openPositions());
  REQUIRE(t.entries().size() == r.exact);
  CHECK(t.entries() == a.exactEntries());
  std::vector<SolutionEntry> pieces;  // in pieces of key ranks, as the file is written
  for (uint64_t from = 0; from < a.positions(); from += 1000)
    a.exactEntries(from, from + 1000, pieces);
  CHECK(pieces == t.entries());
  // The empty board: 9, opened at the centre.
  int value = 0;
  uint64_t best = 0;
  REQUIRE(t.lookup(0, 0, value, best));
  CHECK(value == 9);
  CHECK(best == (Mask{1} << 4));
  // Every entry's moves: a listed move keeps the value exact, any other lets the other
  // side hold the mover below it.
  CompactBoard b(g);
  for (const SolutionEntry& e : t.entries()) {
    const Mask own = e.key & g.all(), opp = e.key >> 32;
    int lo = 0, hi = 0;
    REQUIRE(a.bounds(opp, own, -1, true, lo, hi));  // the pass
    CHECK(((e.best & PASS_BIT) != 0) == (-hi == e.value && -lo == e.value));
    for (int p = 0; p < g.points(); ++p) {
      b.setRaw(own, opp, -1, Color::Empty);
      if (!b.isLegal(p, Color::Black)) {
        CHECK((e.best >> p & 1) == 0);
        continue;
      }
      b.play(p, Color::Black);
      REQUIRE(a.bounds(b.white(), b.black(), b.koPoint(), false, lo, hi));
      INFO("position " << e.key << " value " << e.value << " move " << p << ": [" << -hi << ", "
                       << -lo << "]");
      if (e.best >> p & 1) {
        CHECK(-hi == e.value);
        CHECK(-lo == e.value);
      } else {
        CHECK(-hi < e.value);
      }
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("the default analysis is the hash up to 16 points, the direct index above",
          "[solve][retrograde]") {
  using Lookup = RetroOptions::Lookup;
  RetroOptions o;
  CHECK(chosenLookup(Geometry(3, 3), o) == Lookup::Hash);
  CHECK(chosenLookup(Geometry(4, 4), o) == Lookup::Hash);
  CHECK(chosenLookup(Geometry(1, 17), o) == Lookup::Direct);
  CHECK(chosenLookup(Geometry(4, 5), o) == Lookup::Direct);
  o.keepMoves = RetroOptions::Keep::No;  // the hash's choice
  CHECK(chosenLookup(Geometry(4, 5), o) == Lookup::Hash);
  o.keepMoves = RetroOptions::Keep::Auto;
  o.lookup = Lookup::Direct;  // asked for: taken as it is
  CHECK(chosenLookup(Geometry(3, 3), o) == Lookup::Direct);
  o.lookup = Lookup::Hash;
  CHECK(chosenLookup(Geometry(2, 9), o) == Lookup::Hash);
}

TEST_CASE("retrograde analysis refuses boards above its limit", "[solve][retrograde]") {
  RetroOptions o;
  o.maxPoints = 8;
  CHECK_THROWS_AS(RetroAnalysis::run(Geometry(3, 3), o), engine::InputError);
  CHECK_THROWS_AS(DirectRetroAnalysis::run(Geometry(3, 3), o), engine::InputError);
  o.maxPoints = 32;  // the direct index stops at 20 points whatever the option
  CHECK_THROWS_AS(DirectRetroAnalysis::run(Geometry(3, 7), o), engine::InputError);
  // Kept or found-again moves are the hash's choices, not the direct index's.
  o.lookup = RetroOptions::Lookup::Direct, o.keepMoves = RetroOptions::Keep::Yes;
  const auto dir = solve_test::tempDir("solve", "retrograde-refused");
  CHECK_THROWS_AS(buildRetrogradeTable(Geometry(2, 2), dir / "t.fgt", o), engine::InputError);
  CHECK_FALSE(std::filesystem::exists(dir / "t.fgt"));
  std::filesystem::remove_all(dir);
}
