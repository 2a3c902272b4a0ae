// Options of the solver that change the search effort and never a value, an optimal move
// or a replayable variation: MTD guesses and cut-off depths, soft cuts, one-sided tests,
// failure memos, the pass check, prover widths, guided one-sided tests, children's static
// bounds first, move hints and progress reports. Each is compared with the reference or
// with the search without it, also on random positions with their game history.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <functional>
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

TEST_CASE("MTD(f) guesses, bisection and cut-off depths change effort, not values") {
  for (auto [w, h] : {std::pair{2, 3}, std::pair{3, 3}, std::pair{4, 2}}) {
    const double ref = solveEmpty(w, h).value;
    for (int variant = 0; variant < 12; ++variant) {
      SolveOptions opt;
      opt.bestMoves = opt.principalVariation = false;
      opt.firstGuess = std::array{-5, 0, 7}[variant % 3];
      opt.bisect = variant & 4;
      opt.etcMinDepth = variant & 8 ? 1 : 5;
      opt.safety.territory = variant != 1;
      opt.softCutDepth = std::array{0, 3, 99}[variant / 3 % 3];
      INFO(w << "x" << h << " variant " << variant);
      const SolveResult r = solveEmpty(w, h, {}, opt);
      CHECK(r.exact);
      CHECK(r.value == ref);
    }
  }
}

// Soft cuts (SolveOptions::softCutDepth) return bounds whose upper half is the node's own
// and rest on the children searched before the undecided one: off, and at every depth
// (where they also make the driver deepen further), the values and the table's reuse
// across histories must stay right.
TEST_CASE("soft cuts off and everywhere keep values exact") {
  for (int depth : {0, 99}) {
    SolveOptions opt;
    opt.softCutDepth = depth;
    INFO("soft cut depth " << depth);
    checkRandomPositionsWithHistory(opt);
  }
  // The default (-1) soft-cuts on boards of up to 16 points and not on larger ones.
  for (auto [w, h, depth, expectCuts] : {std::tuple{3, 4, -1, true}, std::tuple{3, 4, 0, false},
                                         std::tuple{4, 5, -1, false}, std::tuple{4, 5, 3, true}}) {
    SolveOptions opt;
    opt.softCutDepth = depth;
    INFO(w << "x" << h << " soft cut depth " << depth);
    CHECK((boundedRun(w, h, opt).first.softCuts > 0) == expectCuts);
  }
  for (auto [w, h, value] : {std::tuple{2, 3, 0}, std::tuple{3, 3, 9}, std::tuple{2, 4, 8}}) {
    SolveOptions opt;
    opt.softCutDepth = 99;
    opt.bestMoves = opt.principalVariation = false;
    const SolveResult r = solveEmpty(w, h, {}, opt);
    INFO(w << "x" << h);
    CHECK(r.exact);
    CHECK(r.value == value);
  }
}

// One-sided tests (SolveOptions::oneSided): each null-window test as a search that can
// only answer yes (soft cuts at every node of the side that must fail for a yes) and one
// that can only answer no. Values, optimal moves, principal variations and the table's
// reuse across histories must stay those of the two-sided search.
TEST_CASE("one-sided tests keep values, optimal moves and history reuse exact") {
  for (bool noFirst : {false, true}) {
    SolveOptions opt;
    opt.oneSided = true;
    opt.oneSidedNoFirst = noFirst;
    INFO("no first " << noFirst);
    checkRandomPositionsWithHistory(opt);
    for (auto [w, h] : {std::pair{2, 3}, std::pair{3, 3}, std::pair{2, 4}, std::pair{3, 4}}) {
      INFO(w << "x" << h);
      const SolveResult two = solveEmpty(w, h);
      opt.softCutDepth = 0;  // every soft cut is then a one-sided one
      const Geometry g(w, h);
      opt.ttLog2 = 16;
      Solver s(g, opt);
      const SolveResult one = s.solve(Position{});
      CHECK(s.lastStats().inconsistent == 0);
      CHECK(s.lastStats().softCuts > 0);
      CHECK(one.exact);
      CHECK(one.value == two.value);
      CHECK(names(g, one.best) == names(g, two.best));
      // The principal variation may differ; replayed, it must end the game at that value.
      CHECK(replayedScore(g, one.pv) == one.value);
      opt.softCutDepth = -1;
    }
  }
}

// Failure memos (SolveOptions::failMemo, session 22): a null-window search that failed to
// find its proof at a node keeps that in the table and does not search the same position
// again with no more plies left. Only the effort may change: the same values, optimal
// moves and replayable variations with and without them, under both rules, and the memos
// must be used.
TEST_CASE("failure memos change effort, not values") {
  for (const char* rules : {"psk", "simple-forced"}) {
    for (bool oneSided : {false, true}) {
      uint64_t cuts = 0;
      for (auto [w, h] :
           {std::pair{2, 3}, std::pair{3, 3}, std::pair{2, 4}, std::pair{3, 4}, std::pair{2, 5}}) {
        const bool simple = std::string(rules) == "simple-forced";
        if (simple && (w * h == 6 || w * h == 12)) continue;  // open under simple ko
        INFO(rules << " " << w << "x" << h << (oneSided ? " one-sided" : " two-sided"));
        const Geometry g(w, h);
        SolveOptions opt;
        opt.rules = Rules::named(rules);
        opt.oneSided = oneSided;
        opt.ttLog2 = 16;
        // Under simple ko, proving a move suboptimal can be a cycle question: value only.
        if (simple) opt.bestMoves = opt.principalVariation = false, opt.maxDepth = 40;
        SolveOptions on = opt;
        opt.failMemo = false;
        on.failMemo = true;
        const auto [offStats, onStats] = sameResultsBothWays(g, opt, on, simple);
        CHECK(offStats.failMemoCuts == 0);
        cuts += onStats.failMemoCuts;
      }
      CHECK(cuts > 0);
    }
  }
  checkRandomPositionsWithHistory(SolveOptions{});
  SolveOptions opt;
  opt.oneSided = true;
  opt.oneSidedNoFirst = true;
  checkRandomPositionsWithHistory(opt);
}

// The pass check (SolveOptions::passCheck, session 30): two plies above the horizon a
// one-sided prover skips the moves after which the opponent's pass leaves it short of
// beta at the horizon. It runs only where no soft cut gives up near the horizon, so on
// these small boards only with softCutDepth 0. Values, optimal moves and replayable
// variations must be those without it, under PSK, simple ko with cycles drawn (where a
// repetition after the pass is worth 0) and simple ko alone, on the empty boards and on
// random positions with their history; and it must skip moves where it runs and nowhere
// else.
TEST_CASE("the pass check two plies above the horizon changes effort, not values") {
  for (const char* rules : {"psk", "simple", "simple-forced"}) {
    uint64_t skipped = 0;
    for (auto [w, h] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 3}, std::pair{2, 4},
                        std::pair{3, 4}, std::pair{2, 5}}) {
      const bool simple = std::string(rules) == "simple-forced";
      if (simple && (w * h <= 6 || w * h == 12)) continue;  // open under simple ko
      INFO(rules << " " << w << "x" << h);
      const Geometry g(w, h);
      SolveOptions opt;
      opt.rules = Rules::named(rules);
      opt.oneSided = true;
      opt.softCutDepth = 0;
      opt.ttLog2 = 16;
      const bool valueOnly = simple || std::string(rules) == "simple";
      if (valueOnly) opt.bestMoves = opt.principalVariation = false, opt.maxDepth = 40;
      SolveOptions on = opt;
      opt.passCheck = false;
      on.passCheck = true;
      const auto [offStats, onStats] = sameResultsBothWays(g, opt, on, valueOnly);
      CHECK(offStats.passChecks == 0);
      skipped += onStats.passChecks;
    }
    INFO(rules);
    CHECK(skipped > 0);
  }
  SolveOptions opt;
  opt.oneSided = true;
  opt.softCutDepth = 0;
  checkRandomPositionsWithHistory(opt);
  // By default: one-sided searches of boards above 16 points only.
  for (auto [w, h, oneSided, expectSkips] :
       {std::tuple{4, 5, true, true}, std::tuple{4, 5, false, false},
        std::tuple{3, 4, true, false}}) {
    SolveOptions o;
    o.oneSided = oneSided;
    INFO(w << "x" << h << (oneSided ? " one-sided" : " two-sided"));
    CHECK((boundedRun(w, h, o).first.passChecks > 0) == expectSkips);
  }
}

namespace {

// sameResultsBothWays on 3x3, 2x4, 3x4 and 2x5 under PSK and simple ko (3x4 is open under
// simple ko), the option set by `set(options, on)`; the counters of each pair, off first.
std::vector<std::pair<SearchStats, SearchStats>> bothWaysOnSmallBoards(
    const std::function<void(SolveOptions&, bool)>& set) {
  std::vector<std::pair<SearchStats, SearchStats>> stats;
  for (const char* rules : {"psk", "simple-forced"}) {
    for (auto [w, h] : {std::pair{3, 3}, std::pair{2, 4}, std::pair{3, 4}, std::pair{2, 5}}) {
      const bool simple = std::string(rules) == "simple-forced";
      if (simple && w * h == 12) continue;
      INFO(rules << " " << w << "x" << h);
      const Geometry g(w, h);
      SolveOptions off;
      off.rules = Rules::named(rules);
      off.ttLog2 = 16;
      if (simple) off.bestMoves = off.principalVariation = false, off.maxDepth = 40;
      SolveOptions on = off;
      set(off, false);
      set(on, true);
      stats.push_back(sameResultsBothWays(g, off, on, simple));
    }
  }
  return stats;
}

}  // namespace

// Table probes at the horizon's leaves (SolveOptions::leafProbe, session 35): on or off,
// the same values, optimal moves and history reuse; on by default.
TEST_CASE("table probes at the horizon's leaves change effort, not values") {
  for (const auto& [offStats, onStats] :
       bothWaysOnSmallBoards([](SolveOptions&o, bool on) { o.leafProbe = on; })) {
    CHECK(offStats.horizonLeaves > 0);
  }
  SolveOptions opt;
  opt.leafProbe = false;
  checkRandomPositionsWithHistory(opt);
  // The option takes effect: the counters differ with it, on a small and a larger board.
  const auto stats = [](int w, int h, bool leafProbe) {
    SolveOptions o;
    o.leafProbe = leafProbe;
    const auto [st, nodes] = boundedRun(w, h, o);
    return std::tuple{st.ttHits, st.horizonLeaves, nodes};
  };
  CHECK(stats(3, 4, false) != stats(3, 4, true));
  CHECK(stats(4, 5, false) != stats(4, 5, true));
}

// The prover's look past the horizon (SolveOptions::horizonLookahead, session 36): on or
// off, the same values, optimal moves and principal variations under both rules; random
// positions with their history (superko) keep their reference values with it; and it
// decides horizon leaves on these boards.
TEST_CASE("the prover's look past the horizon changes effort, not values") {
  uint64_t cuts = 0;
  for (const auto& [offStats, onStats] :
       bothWaysOnSmallBoards([](SolveOptions&o, bool on) { o.horizonLookahead = on; })) {
    CHECK(offStats.lookaheadCuts == 0);
    cuts += onStats.lookaheadCuts;
  }
  CHECK(cuts > 0);
  SolveOptions opt;
  opt.horizonLookahead = true;
  checkRandomPositionsWithHistory(opt);
  opt.oneSided = true;
  checkRandomPositionsWithHistory(opt);
}

// Moves that do not count as plies: captures (SolveOptions::captureExtensions, session 37)
// and, sharing their budget, self-ataris (SolveOptions::selfAtariExtensions, session 38).
// With each, the same values, optimal moves and principal variations under both rules;
// random positions with their history keep their reference values; such moves are
// extended on these boards.
TEST_CASE("moves that do not count as plies change effort, not values") {
  for (bool selfAtari : {false, true}) {
    INFO((selfAtari ? "self-ataris (against captures alone)" : "captures (against none)"));
    const auto set = [selfAtari](SolveOptions& o, bool on) {
      o.captureExtensions = on || selfAtari ? 3 : 0;
      o.selfAtariExtensions = selfAtari && on;
    };
    const auto count = [selfAtari](const SearchStats& s) {
      return selfAtari ? s.selfAtariExtensions : s.captureExtensions;
    };
    uint64_t extended = 0;
    for (const auto& [offStats, onStats] : bothWaysOnSmallBoards(set)) {
      CHECK(count(offStats) == 0);
      CHECK(onStats.inconsistent == 0);
      extended += count(onStats);
    }
    CHECK(extended > 0);
    for (int n : {1, 8}) {
      SolveOptions opt;
      opt.captureExtensions = n;
      opt.selfAtariExtensions = selfAtari;
      checkRandomPositionsWithHistory(opt);
      opt.oneSided = true;
      checkRandomPositionsWithHistory(opt);
    }
  }
}

// A prover width (SolveOptions::proverWidth): the side looking for a proof tries only the
// first moves, so values may stay open, but every bound must hold (against the reference
// on random positions with their history, every width), and 3x5's maximum (+15) is still
// found with four moves.
TEST_CASE("a prover width leaves values open but every bound true") {
  for (int width : {1, 2, 3}) {
    int checked = 0;
    for (auto [w, h, len] : {std::tuple{2, 2, 6}, std::tuple{1, 5, 5}, std::tuple{1, 6, 6},
                             std::tuple{2, 3, 6}, std::tuple{3, 2, 8}, std::tuple{3, 3, 12}}) {
      const Geometry g(w, h);
      SolveOptions opt;
      opt.oneSided = true, opt.proverWidth = width;
      opt.ttLog2 = 16, opt.maxDepth = 30;
      opt.bestMoves = opt.principalVariation = false;
      Solver shared(g, opt);
      for (uint64_t seed = 1; seed <= 8; ++seed) {
        RandomGame rg = randomGame(g, {}, len, seed * 7919 + w * 31 + h);
        if (rg.game.over()) continue;
        uint64_t nodes = 0;
        int ref = 0;
        if (!referenceValueWithin(rg.game, 100'000, ref, nodes)) continue;
        INFO("width " << width << ", " << w << "x" << h << " seed " << seed << "\n"
                      << engine::boardToString(rg.game.board()));
        const SolveResult r = shared.solve(rg.position);
        CHECK(r.lower <= ref);
        CHECK(r.upper >= ref);
        CHECK(shared.lastStats().inconsistent == 0);
        ++checked;
      }
    }
    CHECK(checked > 20);
  }
  const Geometry g(3, 5);
  SolveOptions opt;
  opt.oneSided = true, opt.proverWidth = 4;
  opt.algorithm = Algorithm::Mtdf, opt.bisect = false, opt.firstGuess = 15;
  opt.bestMoves = opt.principalVariation = false;
  opt.ttLog2 = 18;
  Solver s(g, opt);
  const SolveResult r = s.solve(Position{});
  CHECK(r.exact);
  CHECK(r.value == 15);
  CHECK(s.lastStats().widthCuts > 0);
}

// One-sided tests whose questions follow a guess (MTD(f)) search first for the answer the
// guess predicts (session 17): with the right guess and a horizon that decides every
// question, no test needs its second search, whichever side is to move. (With White to
// move, "Black gets 9" is a no to the mover's question "value >= -8": asked yes-first,
// as before, it always needed both searches.)
TEST_CASE("one-sided tests that follow a guess search first for the predicted answer") {
  struct Case {
    const char* diagram;
    Color toMove;
    int value;  // Black's side
  };
  for (const Case& c : {Case{". . .\n. X .\n. . .\n", Color::White, 9},
                        Case{". . .\n. . .\n. . .\n", Color::Black, 9},
                        Case{". .\n. X\n. .\n. .\n", Color::White, 8},
                        Case{". .\n. .\n. .\n. .\n", Color::Black, 8}}) {
    engine::BoardSize size;
    const Position p = positionFromDiagram(c.diagram, c.toMove, size);
    const Geometry g(size.width, size.height);
    SolveOptions opt;
    opt.algorithm = Algorithm::Mtdf;
    opt.bisect = false;
    opt.oneSided = true;
    opt.firstGuess = c.value;
    opt.firstDepth = 14;
    opt.bestMoves = opt.principalVariation = false;
    INFO(c.diagram << (c.toMove == Color::White ? "White" : "Black") << " to move");
    Solver s(g, opt);
    const SolveResult r = s.solve(p);
    CHECK(r.exact);
    CHECK(r.value == c.value);
    CHECK(s.lastStats().secondSearches == 0);
    // The two-sided search agrees.
    opt.oneSided = false;
    Solver two(g, opt);
    CHECK(two.solve(p).value == c.value);
  }
}

// First-only one-sided tests (session 33): the right guess still decides every question
// with the first searches alone; a wrong one leaves its question open at the horizon, with
// true bounds, where both searches decide it.
TEST_CASE("first-only one-sided tests leave a wrong guess open, with true bounds") {
  const Geometry g(3, 3);
  SolveOptions opt;
  opt.algorithm = Algorithm::Mtdf;
  opt.bisect = false;
  opt.oneSided = true;
  opt.oneSidedFirstOnly = true;
  opt.firstDepth = opt.maxDepth = 14;
  opt.bestMoves = opt.principalVariation = false;
  opt.firstGuess = 9;
  {
    Solver s(g, opt);
    const SolveResult r = s.solve(Position{});
    CHECK(r.exact);
    CHECK(r.value == 9);
    CHECK(s.lastStats().secondSearches == 0);
  }
  // 3x3 with Black's first move at a corner, White to move: Black gets less than 9 (the
  // reference value), so the guess 9 is wrong.
  engine::BoardSize size;
  const Position corner = positionFromDiagram("X . .\n. . .\n. . .\n", Color::White, size);
  int ref = 0;
  {
    SolveOptions full = opt;
    full.oneSided = full.oneSidedFirstOnly = false;
    full.maxDepth = 40;
    const SolveResult r = Solver(g, full).solve(corner);
    REQUIRE(r.exact);
    ref = static_cast<int>(r.value);
    REQUIRE(ref < 9);
  }
  {
    Solver s(g, opt);
    const SolveResult r = s.solve(corner);
    CHECK_FALSE(r.exact);
    CHECK(r.lower <= ref);
    CHECK(r.upper >= ref);
    CHECK(r.upper == 9);  // the question "Black >= 9" was never answered no
    CHECK(s.lastStats().secondSearches == 0);
  }
  {
    SolveOptions both = opt;
    both.oneSidedFirstOnly = false;
    both.maxDepth = 40;
    Solver s(g, both);
    const SolveResult r = s.solve(corner);
    CHECK(r.exact);
    CHECK(r.value == ref);
    CHECK(s.lastStats().secondSearches > 0);
  }
}

TEST_CASE("children's static bounds tried first keep values, moves and history reuse exact") {
  // Off, at every interior node (the default) and only 3 plies above the horizon.
  for (int depth : {0, 3}) {
    SolveOptions opt;
    opt.staticEtcMinDepth = depth;
    checkRandomPositionsWithHistory(opt);
  }
  SolveOptions off;
  off.staticEtcMinDepth = 0;
  for (auto [w, h] : {std::pair{2, 3}, std::pair{3, 3}, std::pair{2, 4}, std::pair{3, 4}}) {
    const SolveResult plain = solveEmpty(w, h, {}, off);
    for (int depth : {1, 3}) {
      for (int held : {0, 2}) {
        SolveOptions opt;
        opt.staticEtcMinDepth = depth;
        opt.safety.held = held;
        const SolveResult r = solveEmpty(w, h, {}, opt);
        INFO(w << "x" << h << " static-etc " << depth << " held " << held);
        CHECK(r.exact);
        CHECK(r.value == plain.value);
        CHECK(r.best == plain.best);
        CHECK(r.pv.size() >= 1);
      }
    }
  }
}

// Move hints from a simple-ko solve (SolveOptions::forcedHintSeconds) order moves and
// pick the first question; values, optimal moves and reuse across histories stay exact.
TEST_CASE("move hints from simple ko change effort, not values") {
  SolveOptions opt;
  opt.forcedHintSeconds = 5;
  checkRandomPositionsWithHistory(opt);
  for (auto [w, h] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 3}, std::pair{3, 4}}) {
    const SolveResult plain = solveEmpty(w, h);
    const Geometry g(w, h);
    opt.ttLog2 = 16;
    Solver s(g, opt);
    const SolveResult r = s.solve(Position{});
    INFO(w << "x" << h);
    CHECK(r.exact);
    CHECK(r.value == plain.value);
    CHECK(r.best == plain.best);
    CHECK(replayedScore(g, r.pv) == r.value);
    CHECK(s.lastStats().hintNodes > 0);
    CHECK(s.lastStats().hintMoves > 0);
  }
}

TEST_CASE("progress reports hold the proven interval and leave the search unchanged") {
  // 4x4 (+2) on one thread: the same nodes with and without reports; every report's
  // interval holds the value, its nodes never fall, and its question lies in the interval.
  // The root's move loop is reported with all 17 moves of the empty board (16 points and
  // the pass), the move searched among them.
  const Geometry g(4, 4);
  SolveOptions o;
  o.ttLog2 = 18;
  o.bestMoves = o.principalVariation = false;
  const SolveResult plain = Solver(g, o).solve(Position{});
  std::vector<SolveProgress> reports;
  o.progressSeconds = 0.01;
  o.onProgress = [&](const SolveProgress& p) { reports.push_back(p); };
  const SolveResult watched = Solver(g, o).solve(Position{});
  REQUIRE(plain.exact);
  REQUIRE(watched.exact);
  CHECK(watched.value == plain.value);
  CHECK(watched.nodes == plain.nodes);
  uint64_t last = 0;
  int inLoop = 0;
  for (const SolveProgress& p : reports) {
    CHECK(p.lower <= 2);
    CHECK(p.upper >= 2);
    CHECK(p.nodes >= last);
    CHECK(p.nodes <= watched.nodes);
    CHECK((p.horizon == 0 || p.horizon >= defaultFirstDepth(16)));  // 0: before the first
    if (p.hasQuestion) CHECK((p.question > p.lower && p.question <= p.upper));
    last = p.nodes;
    if (p.rootMoves > 0) {
      CHECK(p.rootMoves == 17);
      CHECK((p.rootMove >= 0 && p.rootMove < p.rootMoves));
      CHECK((p.rootPoint >= -1 && p.rootPoint < 16));
      ++inLoop;
    }
  }
  CHECK(inLoop > 0);
  // The optimal-move tests of 4x3 (a report at every 128 nodes): each report of that
  // phase names one of the 13 legal moves of the empty board.
  {
    SolveOptions mo;
    mo.ttLog2 = 18;
    mo.principalVariation = false;
    mo.progressSeconds = 0;
    std::vector<SolveProgress> seen;
    mo.onProgress = [&](const SolveProgress& p) { seen.push_back(p); };
    const SolveResult r = Solver(Geometry(4, 3), mo).solve(Position{});
    REQUIRE(r.exact);
    int testing = 0;
    for (const SolveProgress& p : seen) {
      if (!p.bestMoves || p.rootMoves == 0) continue;
      ++testing;
      CHECK(p.rootMoves == 13);
      CHECK((p.rootMove >= 0 && p.rootMove < 13));
      CHECK((p.rootPoint >= -1 && p.rootPoint < 12));
    }
    CHECK(testing > 0);
  }
  // One-sided tests (4x4 on one thread, MTD(f) from the right guess, a report every 128
  // nodes): the reports name the search that runs. The first search of "value >= 2"
  // expects yes and the first of "value >= 3" expects no, so both kinds are seen with
  // those questions; without one-sided tests no report names one.
  for (const bool oneSided : {true, false}) {
    SolveOptions so;
    so.ttLog2 = 18;
    so.bestMoves = so.principalVariation = false;
    so.bisect = false;
    so.oneSided = oneSided;
    so.firstGuess = 2;
    so.progressSeconds = 0;
    std::vector<SolveProgress> seen;
    so.onProgress = [&](const SolveProgress& p) { seen.push_back(p); };
    const SolveResult r = Solver(g, so).solve(Position{});
    REQUIRE(r.exact);
    CHECK(r.value == 2);
    int yesAt2 = 0, noAt3 = 0, named = 0, unnamed = 0;
    for (const SolveProgress& p : seen) {
      if (!p.hasQuestion) {
        CHECK(p.oneSided == 0);
        continue;
      }
      CHECK((p.question == 2 || p.question == 3));
      if (p.oneSided == 0) {
        ++unnamed;
        continue;
      }
      CHECK((p.oneSided == 1 || p.oneSided == -1));
      ++named;
      yesAt2 += p.oneSided > 0 && p.question == 2;
      noAt3 += p.oneSided < 0 && p.question == 3;
    }
    if (oneSided) {
      CHECK(yesAt2 > 0);
      CHECK(noAt3 > 0);
    } else {
      CHECK(named == 0);
      CHECK(unnamed > 0);
    }
  }
  // A stopped 4x5 search on two threads, White to move with komi: reports keep coming
  // until the limit, from Black's side with komi, and hold the bounds it returns.
  reports.clear();
  o.threads = 2;
  o.maxSeconds = 0.6;
  o.progressSeconds = 0.05;
  o.rules.komi = 0.5;
  Position white;
  white.toMove = Color::White;
  const SolveResult stopped = Solver(Geometry(4, 5), o).solve(white);
  CHECK_FALSE(stopped.exact);
  REQUIRE(reports.size() >= 2);
  CHECK(reports.back().nodes > reports.front().nodes);
  for (const SolveProgress& p : reports) {
    CHECK(p.lower <= stopped.lower);
    CHECK(p.upper >= stopped.upper);
    CHECK(p.lower >= -19.5);
    CHECK(p.upper <= 20.5);
  }
}
