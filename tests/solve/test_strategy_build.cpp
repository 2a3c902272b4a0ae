// One side's strategy gathered from a finished analysis (solve/strategy_build.hpp): at the
// side's states it is the ranked table's (whose ranks are found another way, from below
// along the moves reversed), every game it allows ends at the bound it claims, either
// analysis gives the same entries, and its proof walk passes the proof and superko checks.
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <vector>

#include "engine/board/errors.hpp"
#include "solve/proof_table.hpp"
#include "solve/retrograde.hpp"
#include "solve/strategy_build.hpp"
#include "solve/strategy_walk.hpp"
#include "solve/superko_check.hpp"
#include "temp_files.hpp"

namespace {

using engine::Color;
using solve::Geometry;
using solve::Mask;
using solve::RetroAnalysis;
using solve::RetroOptions;
using solve::SolutionEntry;

RetroOptions options(bool ranked) {
  RetroOptions o;
  o.threads = 2;
  o.ranked = ranked;
  return o;
}

template <class Analysis>
solve::StateBounds boundsOf(const Analysis& a) {
  return [&a](Mask own, Mask opp, int ko, bool passed, int& lo, int& hi) {
    return a.bounds(own, opp, ko, passed, lo, hi);
  };
}

// The strategy written to a file and loaded back.
solve::SolutionTable written(const Geometry& g, const solve::StrategyTable& s, Color side,
                             bool proofWalk, const std::filesystem::path& file) {
  solve::writeStrategyTable(g, s, side, proofWalk, file);
  return solve::SolutionTable::load(file, g, solve::Rules::named("simple-forced"));
}

// A random legal position of g (a stone on a point in four), a side to move from x's bits,
// and that side's bounds there; x is the generator's state.
struct Root {
  Mask black = 0, white = 0;
  Color toMove = Color::Black;
  int lo = 0, hi = 0;
};
template <class Analysis>
Root randomRoot(const Geometry& g, const Analysis& a, uint64_t& x) {
  for (;;) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    Root r;
    for (int p = 0; p < g.points(); ++p) {
      const int d = static_cast<int>((x >> (3 * p + 9)) & 7);
      if (d == 1) r.black |= Mask{1} << p;
      if (d == 2) r.white |= Mask{1} << p;
    }
    if (!solve::legalPosition(g, r.black, r.white)) continue;
    r.toMove = (x >> 3) & 1 ? Color::Black : Color::White;
    const bool blackMoves = r.toMove == Color::Black;
    if (!a.bounds(blackMoves ? r.black : r.white, blackMoves ? r.white : r.black, -1, false, r.lo,
                  r.hi)) {
      throw std::logic_error("random root: no bounds for a legal position");
    }
    return r;
  }
}

const std::vector<std::array<int, 2>> BOARDS = {{1, 5}, {2, 2}, {2, 3}, {3, 2},
                                                {2, 4}, {3, 3}, {2, 5}, {3, 4}};

}  // namespace

TEST_CASE("a side's strategy is the ranked table at its states and ends every game",
          "[solve][strategy][ranks]") {
  const auto dir = solve_test::tempDir("solve", "strategy_build");
  uint64_t sideEntries = 0, otherEntries = 0, someBest = 0;
  for (const auto& [w, h] : BOARDS) {
    const Geometry g(w, h);
    const int n = g.points();
    const RetroAnalysis ranked = RetroAnalysis::run(g, options(true));
    std::vector<SolutionEntry> all;
    ranked.stateEntries(0, uint64_t{1} << g.points(), all);
    std::map<uint64_t, SolutionEntry> byKey;
    for (const SolutionEntry& e : all) byKey[e.key] = e;
    const RetroAnalysis plain = RetroAnalysis::run(g, options(false));
    const solve::DirectRetroAnalysis direct = solve::DirectRetroAnalysis::run(g, options(false));
    int lo = 0, hi = 0;
    REQUIRE(plain.bounds(0, 0, -1, false, lo, hi));
    for (const Color side : {Color::Black, Color::White}) {
      INFO(w << "x" << h << (side == Color::Black ? " Black" : " White"));
      solve::StrategyOptions so;
      so.threads = 2;
      const solve::StrategyTable s =
          solve::buildStrategy(g, boundsOf(plain), 0, 0, Color::Black, side, so);
      CHECK(s.forced == (side == Color::Black ? lo : -hi));
      CHECK(s.unranked == 0);
      REQUIRE(s.entries.size() == s.roles.size());
      REQUIRE(std::is_sorted(s.entries.begin(), s.entries.end(),
                             [](const auto& a, const auto& b) { return a.key < b.key; }));
      for (size_t i = 0; i < s.entries.size(); ++i) {
        const SolutionEntry& e = s.entries[i];
        const auto it = byKey.find(e.key);
        INFO("key " << std::hex << e.key << std::dec << " roles " << int(s.roles[i]));
        REQUIRE(it != byKey.end());
        const SolutionEntry& r = it->second;
        CHECK(e.value == r.value);
        CHECK((e.best & solve::LOWER_BOUND) == (r.best & solve::LOWER_BOUND));
        if (s.roles[i] & 1) {
          CHECK(e.best == r.best);  // the same moves, the same SOME_BEST
          ++sideEntries;
          someBest += (e.best & solve::SOME_BEST) != 0;
        } else {
          CHECK((e.best & ~solve::LOWER_BOUND) == solve::SOME_BEST);  // nothing listed
          ++otherEntries;
        }
      }
      // The other analysis gives the very same strategy, on one thread too.
      so.threads = 1;
      const solve::StrategyTable d =
          solve::buildStrategy(g, boundsOf(direct), 0, 0, Color::Black, side, so);
      CHECK(d.entries == s.entries);
      CHECK(d.maxRank == s.maxRank);
      // Every game the side's listed moves allow ends, at the bound it claims.
      if (s.entries.size() > 1) {
        const solve::SolutionTable t = written(g, s, side, false, dir / "s.fgt");
        REQUIRE(t.holdsStates());
        for (const bool every : {false, true}) {
          const solve::StrategyWalk walk = solve::walkStrategy(t, 0, 0, Color::Black, side, every);
          CHECK(walk.ok());
          CHECK(walk.forced >= s.forced);
        }
      } else {  // the side forces nothing: the other side's root alone, at its ceiling
        CHECK(s.forced == -n);
      }
      // Depth first within a rank budget: the root shown with the same least rank, the
      // side's states a part of the ranked table's with its values, every game ended. Depth
      // first with no budget: the same, the root's rank the longest line, not the least.
      // Deepening from a first budget of 12: some strategy within it (or the least above
      // it), the same checks.
      for (const int mode : {0, 1, 2}) {
        INFO((mode == 0 ? "deepening" : mode == 1 ? "first budget 12" : "depth first"));
        so.deepening = mode < 2;
        so.firstBudget = mode == 1 ? 12 : 0;
        so.depthFirst = mode == 2;
        const solve::StrategyTable dp =
            solve::buildStrategy(g, boundsOf(plain), 0, 0, Color::Black, side, so);
        so.deepening = so.depthFirst = false;
        so.firstBudget = 0;
        CHECK(dp.forced == s.forced);
        if (mode == 0) {
          CHECK(dp.rootRank == s.rootRank);
          CHECK(dp.entries.size() <= s.entries.size() + 1);
        } else {
          CHECK(dp.rootRank >= s.rootRank);
        }
        if (mode == 1) CHECK((dp.rootRank <= 12 || dp.rootRank == s.rootRank));
        for (size_t i = 0; i < dp.entries.size(); ++i) {
          const auto it = byKey.find(dp.entries[i].key);
          REQUIRE(it != byKey.end());
          CHECK(dp.entries[i].value == it->second.value);
          if (dp.roles[i] & 1) {  // listed moves: some of those that keep the value
            const uint64_t key = dp.entries[i].key, stones = key & ~solve::PASSED_KEY;
            uint64_t keeping = 0;
            bool all = true;
            REQUIRE(plain.keepingMoves(stones & g.all(), (stones >> 32) & g.all(),
                                       solve::koOfKey(g, stones), (key & solve::PASSED_KEY) != 0,
                                       keeping, all));
            const uint64_t moves = dp.entries[i].best & (solve::PASS_BIT | g.all());
            CHECK((moves & ~keeping) == 0);
            CHECK((moves != 0 || dp.entries[i].value == -n));
          }
        }
        if (dp.entries.size() > 1) {
          const solve::SolutionTable t = written(g, dp, side, false, dir / "d.fgt");
          for (const bool every : {false, true}) {
            const solve::StrategyWalk walk =
                solve::walkStrategy(t, 0, 0, Color::Black, side, every);
            CHECK(walk.ok());
            CHECK(walk.forced >= dp.forced);
          }
        }
      }
    }
  }
  // The comparison saw both kinds of entry, and lists that leave a keeping move out.
  CHECK(sideEntries > 1000);
  CHECK(otherEntries > 1000);
  CHECK(someBest > 100);
  std::filesystem::remove_all(dir);
}

TEST_CASE("strategies from other roots, each side to move, gathered and deepened",
          "[solve][strategy]") {
  // Random positions of 3x4 with both sides to move: most are worth less than the whole
  // board to either side, so both sides' strategies are games of their own.
  const Geometry g(3, 4);
  const int n = g.points();
  const RetroAnalysis a = RetroAnalysis::run(g, options(false));
  const auto file = solve_test::tempDir("solve", "strategy_root") / "s.fgt";
  uint64_t x = 777, roots = 0, partial = 0, fixedFewer = 0;
  while (roots < 24) {
    const auto [black, white, toMove, lo, hi] = randomRoot(g, a, x);
    ++roots;
    for (const Color side : {Color::Black, Color::White}) {
      INFO("root " << roots << (side == Color::Black ? " Black" : " White"));
      solve::StrategyOptions so;
      const solve::StrategyTable s =
          solve::buildStrategy(g, boundsOf(a), black, white, toMove, side, so);
      so.deepening = true;
      const solve::StrategyTable d =
          solve::buildStrategy(g, boundsOf(a), black, white, toMove, side, so);
      so.firstBudget = 10;
      const solve::StrategyTable e =
          solve::buildStrategy(g, boundsOf(a), black, white, toMove, side, so);
      so.deepening = false;
      so.firstBudget = 0;
      so.depthFirst = true;
      const solve::StrategyTable f =
          solve::buildStrategy(g, boundsOf(a), black, white, toMove, side, so);
      // The root's bound everywhere, depth first and by deepening: no more states visited
      // than the own bounds' deepening, where the root's bound is not the whole board.
      so.fixedBound = true;
      const solve::StrategyTable ff =
          solve::buildStrategy(g, boundsOf(a), black, white, toMove, side, so);
      so.depthFirst = false;
      so.deepening = true;
      const solve::StrategyTable fd =
          solve::buildStrategy(g, boundsOf(a), black, white, toMove, side, so);
      const int forced = toMove == side ? lo : -hi;
      CHECK(e.forced == forced);
      CHECK(e.rootRank >= s.rootRank);
      CHECK(s.forced == forced);
      CHECK(d.forced == forced);
      CHECK(f.forced == forced);
      CHECK(ff.forced == forced);
      CHECK(fd.forced == forced);
      CHECK(d.rootRank == s.rootRank);
      CHECK(f.rootRank >= s.rootRank);
      partial += forced > -n && forced < n;
      fixedFewer += fd.sideStates + fd.otherStates < d.sideStates + d.otherStates;
      for (const solve::StrategyTable* t : {&s, &d, &e, &f, &ff, &fd}) {
        if (t->entries.size() <= 1) continue;
        const solve::SolutionTable table = written(g, *t, side, false, file);
        const solve::StrategyWalk walk =
            solve::walkStrategy(table, black, white, toMove, side, true);
        CHECK(walk.ok());
        CHECK(walk.forced >= forced);
      }
    }
  }
  CHECK(partial >= 3);     // strategies that force part of the board, not all or nothing (4)
  CHECK(fixedFewer >= 3);  // (4)
  std::filesystem::remove_all(file.parent_path());
}

TEST_CASE("a strategy's proof walk passes the proof and superko checks", "[solve][strategy]") {
  const auto dir = solve_test::tempDir("solve", "strategy_proof");
  solve::SolveOptions search;
  search.rules = solve::Rules::named("simple-forced");
  for (const auto& [w, h] : std::vector<std::array<int, 2>>{{3, 3}, {2, 4}, {2, 5}, {2, 6}}) {
    INFO(w << "x" << h);
    const Geometry g(w, h);
    const solve::DirectRetroAnalysis a = solve::DirectRetroAnalysis::run(g, options(false));
    solve::StrategyOptions so;
    // Every position the keeping moves reach, ranked layer by layer; then depth first within
    // a rank budget (deepening), which shows the root with the same least rank.
    so.proofWalk = true;
    const solve::StrategyTable gathered =
        solve::buildStrategy(g, boundsOf(a), 0, 0, Color::Black, Color::Black, so);
    so.deepening = true;
    const solve::StrategyTable deepened =
        solve::buildStrategy(g, boundsOf(a), 0, 0, Color::Black, Color::Black, so);
    so.deepening = false;
    so.depthFirst = true;  // any strategy, depth first
    const solve::StrategyTable first =
        solve::buildStrategy(g, boundsOf(a), 0, 0, Color::Black, Color::Black, so);
    CHECK(deepened.rootRank == gathered.rootRank);
    CHECK(first.rootRank >= gathered.rootRank);
    CHECK(deepened.sideStates + deepened.otherStates < gathered.sideStates + gathered.otherStates);
    for (const solve::StrategyTable* s : {&gathered, &deepened, &first}) {
      CHECK(s->forced == g.points());
      CHECK(s->leaves > 0);
      for (const SolutionEntry& e : s->entries) {
        CHECK(!(e.key & solve::PASSED_KEY));  // positions and ko states only
        CHECK(std::abs(e.value) == g.points());
      }
      const solve::SolutionTable t = written(g, *s, Color::Black, true, dir / "p.fgt");
      CHECK(!t.holdsStates());
      const solve::ProofCheck c = solve::checkProofTable(g, t, search);
      CHECK(c.ok());
      CHECK(c.rootValue == g.points());
      CHECK(c.cycles == 0);
      CHECK(c.positions > 10);
      const solve::SuperkoCheck k = solve::checkSuperko(g, t, search);
      CHECK(k.ok());
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("a strategy refuses bad roots and bounds that are not the analysis's",
          "[solve][strategy]") {
  const Geometry g(2, 3);
  const RetroAnalysis a = RetroAnalysis::run(g, options(false));
  const solve::StateBounds good = boundsOf(a);
  // Stones on one point twice, and a chain without liberties.
  CHECK_THROWS_AS(solve::buildStrategy(g, good, 1, 1, Color::Black, Color::Black),
                  engine::InputError);
  CHECK_THROWS_AS(solve::buildStrategy(g, good, 0b000011, 0b111100, Color::Black, Color::Black),
                  engine::InputError);
  CHECK_THROWS_AS(solve::buildStrategy(g, good, 0, 0, Color::Black, Color::Empty),
                  engine::InputError);
  solve::StrategyOptions loose;  // the root's bound without a search to use it; a budget too big
  loose.fixedBound = true;
  CHECK_THROWS_AS(solve::buildStrategy(g, good, 0, 0, Color::Black, Color::Black, loose),
                  engine::InputError);
  loose.deepening = true;
  loose.firstBudget = 255;
  CHECK_THROWS_AS(solve::buildStrategy(g, good, 0, 0, Color::Black, Color::Black, loose),
                  engine::InputError);
  // A proof walk needs the whole board for the side: 3x4's empty board is open.
  const Geometry g34(3, 4);
  const RetroAnalysis a34 = RetroAnalysis::run(g34, options(false));
  solve::StrategyOptions proof;
  proof.proofWalk = true;
  CHECK_THROWS_AS(solve::buildStrategy(g34, boundsOf(a34), 0, 0, Color::Black, Color::Black, proof),
                  engine::InputError);
  proof.deepening = true;
  CHECK_THROWS_AS(solve::buildStrategy(g34, boundsOf(a34), 0, 0, Color::Black, Color::Black, proof),
                  engine::InputError);
  proof.deepening = false;
  proof.depthFirst = true;
  CHECK_THROWS_AS(solve::buildStrategy(g34, boundsOf(a34), 0, 0, Color::Black, Color::Black, proof),
                  engine::InputError);

  // Bounds missing for a state reached, and bounds one point too high everywhere (no move
  // attains them): refused, not ranked.
  const solve::StateBounds missing = [&a](Mask own, Mask opp, int ko, bool passed, int& lo,
                                          int& hi) {
    return own == 0 && opp == 0 && a.bounds(own, opp, ko, passed, lo, hi);
  };
  CHECK_THROWS_AS(solve::buildStrategy(g, missing, 0, 0, Color::Black, Color::Black),
                  std::runtime_error);
  const solve::StateBounds shifted = [&a](Mask own, Mask opp, int ko, bool passed, int& lo,
                                          int& hi) {
    if (!a.bounds(own, opp, ko, passed, lo, hi)) return false;
    lo = std::min(lo + 1, 6), hi = std::min(hi + 1, 6);
    return true;
  };
  CHECK_THROWS_AS(solve::buildStrategy(g, shifted, 0, 0, Color::Black, Color::Black),
                  std::runtime_error);
}

TEST_CASE("deepening from random roots: every reply shown below its position's rank",
          "[solve][strategy]") {
  // From random positions of 4x4 where the side to move wins the whole board, positions
  // are met again deeper on their own path (ko cycles) with smaller budgets: the least rank
  // shown must stand, or a reply is ranked above its position and the table is refused
  // (with the outer frame's rank written over the inner one, the 26th root fails so).
  const Geometry g(4, 4);
  const RetroAnalysis a = RetroAnalysis::run(g, options(false));
  solve::StrategyOptions so;
  so.proofWalk = true;
  so.deepening = true;
  uint64_t x = 12345, roots = 0;
  const int n = g.points();
  while (roots < 30) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    Mask own = 0, opp = 0;
    for (int p = 0; p < n; ++p) {
      const int d = static_cast<int>((x >> (2 * p + 7)) & 3);
      if (d == 1) own |= Mask{1} << p;
      if (d == 2) opp |= Mask{1} << p;
    }
    int lo = 0, hi = 0;
    if (!solve::legalPosition(g, own, opp) || !a.bounds(own, opp, -1, false, lo, hi) || lo != n) {
      continue;
    }
    ++roots;
    const solve::StrategyTable s =
        solve::buildStrategy(g, boundsOf(a), own, opp, Color::Black, Color::Black, so);
    REQUIRE(s.forced == n);
  }
}

TEST_CASE("depth first from random roots: failures on the line are not kept", "[solve][strategy]") {
  // Depth first, a move back to a state on the line fails there; that failure rests on the
  // line and must not be kept for the state when it rests on a state above it, or a state
  // met first inside a ko cycle is never searched again from a line where it wins. From
  // random positions of 4x4 and 3x5, both sides to move, the side to move's strategy over
  // the game's states and as a proof walk: every one is found (none refused), and every game
  // it allows ends at its bound.
  const auto file = solve_test::tempDir("solve", "strategy_depth_first") / "f.fgt";
  uint64_t partial = 0;
  for (const auto& [w, h] : std::vector<std::array<int, 2>>{{4, 4}, {3, 5}}) {
    const Geometry g(w, h);
    const int n = g.points();
    const RetroAnalysis a = RetroAnalysis::run(g, options(false));
    uint64_t x = 4242 + w, roots = 0, walked = 0;
    while (roots < 40) {
      const auto [black, white, toMove, lo, hi] = randomRoot(g, a, x);
      ++roots;
      INFO(w << "x" << h << " root " << roots);
      solve::StrategyOptions so;
      so.depthFirst = true;
      for (const int mode : {0, 1, 2}) {  // the game's states, with the root's bound, proof walk
        const bool proofWalk = mode == 2;
        if (proofWalk && lo != n) continue;
        so.proofWalk = proofWalk;
        so.fixedBound = mode == 1;
        const solve::StrategyTable f =
            solve::buildStrategy(g, boundsOf(a), black, white, toMove, toMove, so);
        CHECK(f.forced == lo);
        partial += lo > -n && lo < n;
        if (proofWalk || f.entries.size() <= 1) continue;
        const solve::SolutionTable table = written(g, f, toMove, false, file);
        const solve::StrategyWalk walk =
            solve::walkStrategy(table, black, white, toMove, toMove, true);
        CHECK(walk.ok());
        CHECK(walk.forced >= lo);
        ++walked;
      }
    }
    CHECK(walked > 20);
  }
  CHECK(partial > 5);  // strategies that force part of the board (8)
  std::filesystem::remove_all(file.parent_path());
}
