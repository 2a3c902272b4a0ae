// The solver against published values, against the slow reference minimax on
// engine::Game (every board of at most 6 points, and random positions with their game
// history, so that superko history matters), search variants against each other, a
// shared table across calls, static bounds against exact values, and bad input. The
// static bounds' slow twins and the held-region cases are in test_bounds.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "bounds_test_util.hpp"
#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/game.hpp"
#include "engine/board/rng.hpp"
#include "solve/benson.hpp"
#include "solve/minimax.hpp"
#include "solve/solver.hpp"
#include "solve/tt.hpp"
#include "solve/worker.hpp"
#include "solve/zeroed.hpp"

using engine::Color;
using namespace solve;
using namespace solvetest;

namespace {

SolveResult solveEmpty(int w, int h, Rules rules = {}, SolveOptions opt = {}) {
  const Geometry g(w, h);
  opt.rules = rules;
  if (opt.ttLog2 == SolveOptions{}.ttLog2) opt.ttLog2 = 16;  // small unless asked otherwise
  Solver s(g, opt);
  const SolveResult r = s.solve(Position{});
  CHECK(s.lastStats().inconsistent == 0);
  return r;
}

std::vector<std::string> names(const Geometry& g, const std::vector<int>& moves) {
  std::vector<std::string> out;
  for (int m : moves) out.push_back(g.vertex(m));
  return out;
}

// The area score at the end of `pv` replayed on the engine from the empty board, or
// nullopt when a move is illegal there or the game has not ended.
std::optional<int> replayedScore(const Geometry& g, const std::vector<int>& pv) {
  engine::Game game(g.size());
  for (int m : pv) {
    const engine::Point p = m < 0 ? engine::PASS : game.board().point(g.x(m), g.y(m));
    if (game.play(p, game.toMove()) != engine::MoveError::None) return std::nullopt;
  }
  if (!game.over()) return std::nullopt;
  return CompactBoard::fromEngine(g, game.board()).areaScore();
}

// A random game of `moves` moves on engine::Game (passes included), with the compact
// position after it and every earlier position as superko history.
struct RandomGame {
  engine::Game game;
  Position position;
};

RandomGame randomGame(const Geometry& g, engine::Rules er, int moves, uint64_t seed) {
  RandomGame rg{engine::Game(g.size(), er), {}};
  engine::Rng rng(seed);
  std::vector<uint64_t> seen{0};
  for (int i = 0; i < moves && !rg.game.over(); ++i) {
    const Color me = rg.game.toMove();
    std::vector<engine::Point> legal;
    for (int p = 0; p < g.points(); ++p) {
      const engine::Point ep = rg.game.board().point(g.x(p), g.y(p));
      if (rg.game.isLegal(ep, me)) legal.push_back(ep);
    }
    const bool pass = legal.empty() || rng.below(8) == 0;
    rg.game.play(pass ? engine::PASS : legal[rng.below(static_cast<uint32_t>(legal.size()))], me);
    seen.push_back(CompactBoard::fromEngine(g, rg.game.board()).hash());
  }
  const CompactBoard b = CompactBoard::fromEngine(g, rg.game.board());
  Position& p = rg.position;
  p.black = b.black(), p.white = b.white();
  p.toMove = rg.game.toMove();
  p.passes = rg.game.consecutivePasses();
  if (b.koPoint() >= 0 && b.koColor() == p.toMove) p.ko = b.koPoint();
  seen.pop_back();  // the current position is not history
  if (er.ko == engine::KoRule::Positional) p.history = seen;
  return rg;
}

}  // namespace

TEST_CASE("published small-board values under positional superko") {
  // 1xN as in Weninger & Hayward's positional linear Go; 2x2 = +1 (Tromp);
  // 3x3 = +9 from the centre (van der Werf).
  CHECK(solveEmpty(1, 1).value == 0);
  CHECK(solveEmpty(1, 2).value == 0);
  CHECK(solveEmpty(1, 3).value == 3);
  CHECK(solveEmpty(1, 4).value == 4);
  CHECK(solveEmpty(1, 5).value == 0);
  CHECK(solveEmpty(1, 6).value == 1);
  CHECK(solveEmpty(2, 2).value == 1);
  const SolveResult r3 = solveEmpty(3, 3);
  CHECK(r3.exact);
  CHECK(r3.value == 9);
  CHECK(names(Geometry(3, 3), r3.best) == std::vector<std::string>{"B2"});
  // After B2 Black owns the board: White's best is to pass, and Black ends the game.
  CHECK(names(Geometry(3, 3), r3.pv) == std::vector<std::string>{"B2", "pass", "pass"});
}

TEST_CASE("2x2 is a draw under simple ko with cycles drawn") {
  Rules simple;
  simple.ko = KoRule::SimpleCyclesDrawn;
  CHECK(solveEmpty(2, 2, simple).value == 0);
}

TEST_CASE("every board of at most 6 points matches the reference minimax") {
  for (auto ko : {engine::KoRule::Positional, engine::KoRule::Simple}) {
    for (auto [w, h] : {std::pair{1, 1}, std::pair{1, 2}, std::pair{1, 3}, std::pair{1, 4},
                        std::pair{1, 5}, std::pair{1, 6}, std::pair{2, 2}}) {
      engine::Rules er;
      er.ko = ko;
      engine::Game game({w, h}, er);
      uint64_t nodes = 0;
      const int ref = referenceValue(game, nodes);
      Rules rules;
      if (ko == engine::KoRule::Simple) rules.ko = KoRule::SimpleCyclesDrawn;
      INFO(w << "x" << h << (ko == engine::KoRule::Simple ? " simple" : " psk"));
      CHECK(solveEmpty(w, h, rules).value == ref);
    }
  }
}

TEST_CASE("2x3 matches the reference minimax", "[.slow]") {
  // The reference needs minutes here (superko game trees without a table).
  for (auto [w, h] : {std::pair{2, 3}, std::pair{3, 2}}) {
    engine::Game game({w, h});
    uint64_t nodes = 0;
    CHECK(solveEmpty(w, h).value == referenceValue(game, nodes));
  }
}

TEST_CASE("search variants agree with each other and the reference") {
  // Each switch changes which transpositions and cut-offs the search meets, so history
  // mistakes in the table show up as disagreements.
  for (auto [w, h] : {std::pair{2, 2}, std::pair{1, 5}, std::pair{1, 6}, std::pair{2, 3}}) {
    engine::Game game({w, h});
    uint64_t nodes = 0;
    const int ref = w * h < 6 || h == 1 ? referenceValue(game, nodes) : solveEmpty(w, h).value;
    for (int variant = 0; variant < 16; ++variant) {
      SolveOptions opt;
      opt.algorithm = variant & 1 ? Algorithm::AlphaBeta : Algorithm::Mtdf;
      opt.symmetry = !(variant & 2);
      opt.benson = !(variant & 4);
      opt.transpositions = !(variant & 8);
      INFO(w << "x" << h << " variant " << variant);
      CHECK(solveEmpty(w, h, {}, opt).value == ref);
    }
  }
}

TEST_CASE("MTD(f) guesses, bisection and cut-off depths change effort, not values") {
  for (auto [w, h] : {std::pair{2, 3}, std::pair{3, 3}, std::pair{4, 2}}) {
    const double ref = solveEmpty(w, h).value;
    for (int variant = 0; variant < 12; ++variant) {
      SolveOptions opt;
      opt.bestMoves = opt.principalVariation = false;
      opt.firstGuess = std::array{-5, 0, 7}[variant % 3];
      opt.bisect = variant & 4;
      opt.etcMinDepth = variant & 8 ? 1 : 5;
      opt.territory = variant != 1;
      opt.softCutDepth = std::array{0, 3, 99}[variant / 3 % 3];
      INFO(w << "x" << h << " variant " << variant);
      const SolveResult r = solveEmpty(w, h, {}, opt);
      CHECK(r.exact);
      CHECK(r.value == ref);
    }
  }
}

namespace {

// Positions after random games on boards of up to 6 points (3x3 after longer games):
// superko history from before the root changes which moves are legal. Every position the
// reference settles within its node budget must get its value from `opt`, with one table
// shared by the positions of a size and with a fresh one.
void checkRandomPositionsWithHistory(SolveOptions opt) {
  int checked = 0;
  for (auto [w, h, len] : {std::tuple{2, 2, 6}, std::tuple{1, 5, 5}, std::tuple{1, 6, 6},
                           std::tuple{2, 3, 6}, std::tuple{3, 2, 8}, std::tuple{3, 3, 12}}) {
    const Geometry g(w, h);
    opt.ttLog2 = 16;
    Solver shared(g, opt);  // one table for all positions of this size: reuse across calls
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      RandomGame rg = randomGame(g, {}, len, seed * 7919 + w * 31 + h);
      if (rg.game.over()) continue;
      uint64_t nodes = 0;
      int ref = 0;
      if (!referenceValueWithin(rg.game, 100'000, ref, nodes)) continue;  // too big a tree
      INFO(w << "x" << h << " seed " << seed << "\n" << engine::boardToString(rg.game.board()));
      const SolveResult r = shared.solve(rg.position);
      CHECK(r.exact);
      CHECK(r.value == ref);
      CHECK(shared.lastStats().inconsistent == 0);
      Solver fresh(g, opt);
      CHECK(fresh.solve(rg.position).value == ref);
      ++checked;
    }
  }
  CHECK(checked > 20);
}

}  // namespace

TEST_CASE("random positions with their game history match the reference") {
  checkRandomPositionsWithHistory(SolveOptions{});
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
    opt.maxNodes = 200'000;
    opt.bestMoves = opt.principalVariation = false;
    const Geometry g(w, h);
    Solver s(g, opt);
    s.solve(Position{});
    INFO(w << "x" << h << " soft cut depth " << depth);
    CHECK((s.lastStats().softCuts > 0) == expectCuts);
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

namespace {

// Solves the empty board of g with `off` and with `on`, two option sets that should change
// only the effort: both exact, no crossed bounds with `on`, the same value and, unless
// valueOnly, the same optimal moves and a principal variation that replays to the value.
// Returns both solves' counters.
std::pair<SearchStats, SearchStats> sameResultsBothWays(const Geometry& g, const SolveOptions& off,
                                                        const SolveOptions& on, bool valueOnly) {
  Solver a(g, off), b(g, on);
  const SolveResult ra = a.solve(Position{});
  const SolveResult rb = b.solve(Position{});
  CHECK(b.lastStats().inconsistent == 0);
  CHECK(ra.exact);
  CHECK(rb.exact);
  CHECK(rb.value == ra.value);
  if (!valueOnly) {
    CHECK(names(g, rb.best) == names(g, ra.best));
    CHECK(replayedScore(g, rb.pv) == rb.value);
  }
  return {a.lastStats(), b.lastStats()};
}

}  // namespace

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
    o.maxNodes = 200'000;
    o.bestMoves = o.principalVariation = false;
    const Geometry g(w, h);
    Solver s(g, o);
    s.solve(Position{});
    INFO(w << "x" << h << (oneSided ? " one-sided" : " two-sided"));
    CHECK((s.lastStats().passChecks > 0) == expectSkips);
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

// A cut rests on the cutting child alone (session 13): its table entry's summary leaves
// out the children searched before it, so entries are reused on more paths. Many random
// histories, one table per board and variant (reuse across paths), with and without
// symmetry and static bounds.
TEST_CASE("results reused across random game histories match the reference") {
  int checked = 0;
  for (int variant = 0; variant < 4; ++variant) {
    SolveOptions opt;
    opt.symmetry = !(variant & 1);
    opt.benson = !(variant & 2);
    opt.ttLog2 = 14;
    opt.bestMoves = opt.principalVariation = false;
    for (auto [w, h, len] : {std::tuple{2, 2, 7}, std::tuple{1, 6, 7}, std::tuple{2, 3, 5},
                             std::tuple{3, 2, 9}, std::tuple{1, 7, 6}}) {
      const Geometry g(w, h);
      Solver shared(g, opt);
      for (uint64_t seed = 1; seed <= 24; ++seed) {
        RandomGame rg =
            randomGame(g, {}, len + static_cast<int>(seed % 4), seed * 104729 + w * 7 + h);
        if (rg.game.over()) continue;
        uint64_t nodes = 0;
        int ref = 0;
        if (!referenceValueWithin(rg.game, 60'000, ref, nodes)) continue;
        INFO(w << "x" << h << " variant " << variant << " seed " << seed << "\n"
               << engine::boardToString(rg.game.board()));
        const SolveResult r = shared.solve(rg.position);
        CHECK(r.exact);
        CHECK(r.value == ref);
        CHECK(shared.lastStats().inconsistent == 0);
        ++checked;
      }
    }
  }
  CHECK(checked > 150);
}

TEST_CASE("two MTD threads (ABDADA, lazy SMP) keep the reference values") {
  for (bool lazy : {false, true}) {
    SolveOptions opt;
    opt.threads = 2;
    opt.lazySmp = lazy;
    INFO((lazy ? "lazy SMP" : "ABDADA"));
    checkRandomPositionsWithHistory(opt);
    for (auto [w, h] : {std::pair{2, 2}, std::pair{1, 5}, std::pair{1, 6}, std::pair{2, 3}}) {
      engine::Game game({w, h});
      uint64_t nodes = 0;
      const int ref = w * h < 6 || h == 1 ? referenceValue(game, nodes) : solveEmpty(w, h).value;
      for (int variant = 0; variant < (lazy ? 2 : 8); ++variant) {
        SolveOptions o = opt;
        o.algorithm = variant & 1 ? Algorithm::AlphaBeta : Algorithm::Mtdf;
        o.symmetry = !(variant & 2);
        o.benson = !(variant & 4);
        o.ttLog2 = 12;  // a small table: entries overwritten while the other thread reads
        INFO(w << "x" << h << " variant " << variant);
        CHECK(solveEmpty(w, h, {}, o).value == ref);
      }
    }
    opt.bestMoves = opt.principalVariation = false;
    const SolveResult r = solveEmpty(4, 3, {}, opt);
    CHECK(r.exact);
    CHECK(r.value == 4);
    opt.maxNodes = 400;  // per thread: both stop with valid bounds
    const SolveResult cut = solveEmpty(4, 3, {}, opt);
    CHECK_FALSE(cut.exact);
    CHECK(cut.lower <= 4);
    CHECK(cut.upper >= 4);
  }
}

TEST_CASE("two MTD threads on different root questions keep the reference values") {
  SolveOptions opt;
  opt.threads = 2;
  opt.mtdSplit = true;
  checkRandomPositionsWithHistory(opt);
  for (auto [w, h] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 3}, std::pair{4, 2}}) {
    const double ref = solveEmpty(w, h).value;
    for (int variant = 0; variant < 16; ++variant) {
      SolveOptions o = opt;
      o.ttLog2 = 12;  // a small table: entries overwritten while the other thread reads
      o.bestMoves = o.principalVariation = variant & 1;
      o.bisect = !(variant & 2);
      o.firstGuessMode = variant & 4 ? FirstGuess::Heuristic : FirstGuess::Middle;
      o.firstGuess = variant & 8 ? 7 : -2;  // MTD(f)'s first value when not computed
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
  const SolveResult r = solveEmpty(4, 3, {}, opt);
  CHECK(r.exact);
  CHECK(r.value == 4);
  opt.maxNodes = 400;  // per thread: both stop with valid bounds
  const SolveResult cut = solveEmpty(4, 3, {}, opt);
  CHECK_FALSE(cut.exact);
  CHECK(cut.lower <= 4);
  CHECK(cut.upper >= 4);
}

TEST_CASE("ABDADA: a worker releases every busy mark, also when a limit stops it") {
  const Geometry g(3, 3);
  SolveOptions opt;
  BusyTable busy(10);
  uint64_t unlimited = 0;
  for (uint64_t limit : {uint64_t{0}, uint64_t{50}, uint64_t{300}}) {
    TranspositionTable tt(14);  // fresh: the same search each time
    SearchLimits limits;
    limits.maxNodes = limit;
    Worker w(g, opt, tt, Position{}, limits);
    w.setBusyTable(&busy);
    const Node root = Worker::rootNode(Position{});
    w.pushPath(root, true);
    Summary sum;
    int rep = INT32_MAX;
    const Bounds b = w.search(root, 8, 9, 12, sum, rep);
    INFO("node limit " << limit);
    if (limit == 0) unlimited = w.nodes();
    CHECK(unlimited > 300);  // so that both limits stop the search
    CHECK(w.aborted() == (limit != 0));
    CHECK(b.lo <= 9);  // 3x3 is +9: a true bound whatever the limit
    CHECK(b.hi >= 9);
    CHECK(busy.idle());
  }
}

TEST_CASE("the default first horizon: 2 * points - 4 up to 12 points, then a ply a point") {
  CHECK(defaultFirstDepth(1) == 4);
  CHECK(defaultFirstDepth(6) == 8);
  CHECK(defaultFirstDepth(9) == 14);
  CHECK(defaultFirstDepth(12) == 20);
  CHECK(defaultFirstDepth(15) == 24);
  CHECK(defaultFirstDepth(16) == 24);
  CHECK(defaultFirstDepth(20) == 28);
  CHECK(defaultFirstDepth(25) == 34);
  CHECK(Solver(Geometry(4, 4)).options().firstDepth == 24);
  SolveOptions opt;
  opt.firstDepth = 28;
  CHECK(Solver(Geometry(4, 4), opt).options().firstDepth == 28);
}

TEST_CASE("best moves and the principal variation are optimal") {
  const Geometry g(2, 3);
  SolveOptions small;
  small.ttLog2 = 14;
  Solver s(g, small);
  const SolveResult r = s.solve(Position{});
  REQUIRE(r.exact);
  REQUIRE(!r.best.empty());
  REQUIRE(!r.pv.empty());
  // Replaying the PV on the engine ends the game with exactly the solved score.
  CHECK(replayedScore(g, r.pv) == r.value);
  // Each listed best move, played, leaves a position of the same value (solved afresh
  // with the empty board as history), and every other move a worse one.
  for (int m = -1; m < g.points(); ++m) {
    Position child;
    child.toMove = Color::White;
    child.history = {0};
    if (m >= 0) {
      child.black = Mask{1} << m;
    } else {
      child.passes = 1;
    }
    SolveOptions small;
    small.ttLog2 = 14;
    Solver fresh(g, small);
    const bool listed = std::find(r.best.begin(), r.best.end(), m) != r.best.end();
    INFO("move " << g.vertex(m));
    CHECK((fresh.solve(child).value == r.value) == listed);
  }
}

TEST_CASE("firstBestOnly gives the first optimal move centre first, on 1 and 2 threads") {
  // Positions with history, ko and passes from random games on 3x3 and 2x4: the one move
  // listed is the full list's first in moveTestOrder (centre first, self-ataris and own
  // eye fills after the other points, the pass last or first).
  int reordered = 0;
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{4, 2}}) {
    const Geometry g(w, h);
    int compared = 0, single = 0;
    for (uint64_t seed = 1; compared < 24; ++seed) {
      const RandomGame rg = randomGame(g, {}, static_cast<int>(seed % 7), seed * 31 + w);
      if (rg.game.over()) continue;
      const Position& p = rg.position;
      SolveOptions all;
      all.ttLog2 = 14;
      all.principalVariation = false;
      const SolveResult full = Solver(g, all).solve(p);
      REQUIRE(full.exact);
      for (int threads : {1, 2}) {
        SolveOptions first = all;
        first.firstBestOnly = true;
        first.threads = threads;
        const SolveResult r = Solver(g, first).solve(p);
        REQUIRE(r.exact);
        CHECK(r.value == full.value);
        REQUIRE(r.best.size() == 1);
        const bool black = p.toMove == engine::Color::Black;
        const std::vector<int> order =
            moveTestOrder(g, black ? p.black : p.white, black ? p.white : p.black,
                          static_cast<int>(black ? full.value : -full.value));
        const auto expected = std::find_if(order.begin(), order.end(), [&](int m) {
          return std::find(full.best.begin(), full.best.end(), m) != full.best.end();
        });
        REQUIRE(expected != order.end());
        CHECK(r.best[0] == *expected);
        reordered +=
            *expected != *std::min_element(full.best.begin(), full.best.end(), [&](int a, int b) {
              return (a < 0 ? 99 : g.centreRank(a)) < (b < 0 ? 99 : g.centreRank(b));
            });
        ++compared;
      }
      single += full.best.size() == 1;
    }
    CHECK(single < 12);  // most positions have several optimal moves
  }
  CHECK(reordered > 0);  // moveTestOrder differs from plain centre order
}

TEST_CASE("a limit that stops the move tests marks the list of optimal moves partial") {
  // The value alone first; a second solver on the same table gets the value from it at
  // once, but its move tests run out of nodes.
  const Geometry g(4, 3);
  SolveOptions valueOnly;
  valueOnly.ttLog2 = 16;
  valueOnly.threads = 1;
  valueOnly.bestMoves = valueOnly.principalVariation = false;
  Solver first(g, valueOnly);
  const SolveResult v = first.solve(Position{});
  REQUIRE(v.exact);
  CHECK_FALSE(v.allBest);  // no move tests, no list
  SolveOptions moves = valueOnly;
  moves.bestMoves = true;
  moves.maxNodes = 50;
  Solver second(g, moves, first.sharedTable());
  const SolveResult cut = second.solve(Position{});
  REQUIRE(cut.exact);
  CHECK(cut.value == 4);
  CHECK_FALSE(cut.allBest);
  second.setLimits(0, 0);
  const SolveResult whole = second.solve(Position{});
  REQUIRE(whole.exact);
  CHECK(whole.allBest);
  CHECK(whole.best.size() == 2);                // B2 and C2
  CHECK(cut.best.size() <= whole.best.size());  // what it lists is optimal, maybe all of them
}

TEST_CASE("published rectangle values: 2x4 = +8, 3x4 = +4") {
  CHECK(solveEmpty(4, 2).value == 8);
  SolveOptions opt;
  opt.bestMoves = false;  // the value alone: 0.4 s in Release on the loaded machine
  opt.principalVariation = false;
  const SolveResult r = solveEmpty(4, 3, {}, opt);
  CHECK(r.exact);
  CHECK(r.value == 4);
}

TEST_CASE("3x5 is +15", "[.slow]") {
  // About 50 s with one thread in Release (loaded machine); build-*/tests/test_solve "3x5*"
  SolveOptions opt;
  opt.ttLog2 = 22;
  opt.bestMoves = false;
  opt.principalVariation = false;
  const SolveResult r = solveEmpty(5, 3, {}, opt);
  CHECK(r.exact);
  CHECK(r.value == 15);
}

TEST_CASE("4x4 is +2 with a central first move", "[.slow]") {
  // About 100 s with two threads for the value alone (loaded machine), more for the moves.
  SolveOptions opt;
  opt.ttLog2 = 22;
  opt.threads = 2;
  const SolveResult r = solveEmpty(4, 4, {}, opt);
  CHECK(r.exact);
  CHECK(r.value == 2);
  const auto best = names(Geometry(4, 4), r.best);
  CHECK(std::find(best.begin(), best.end(), "B3") != best.end());
}

TEST_CASE("node limits stop the search with valid bounds") {
  SolveOptions opt;
  opt.maxNodes = 2000;
  const SolveResult r = solveEmpty(4, 3, {}, opt);
  CHECK_FALSE(r.exact);
  CHECK(r.lower <= 4);  // 3x4 is +4
  CHECK(r.upper >= 4);
}

TEST_CASE("after a pass the mover may end the game inside the opponent's territory") {
  // Black's chains are pass-alive with White stones in their regions; Black has just
  // passed, so White can pass too and score the board as it stands (White +4).
  const engine::Board board = engine::parseBoard(
      "O X O\n"
      "O X .\n"
      "O . X\n"
      "O O O\n");
  const Geometry g(3, 4);
  const CompactBoard b = CompactBoard::fromEngine(g, board);
  CHECK(staticBounds(g, b.white(), b.black()).upper == 2);  // Black's safe points counted
  CHECK(boundsAfterPasses(g, b.white(), b.black(), 1).upper >= 4);
  Position p;
  p.black = b.black(), p.white = b.white();
  p.toMove = Color::White;
  p.passes = 1;
  SolveOptions small;
  small.ttLog2 = 14;
  Solver s(g, small);
  const SolveResult r = s.solve(p);
  CHECK(r.value == -4);  // White's area minus Black's is 4
}

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
  CHECK(safePoints(g, s.black(), s.white(), false) == (s.black() | 0b10101));
  CHECK(safePoints(g, s.black(), s.white(), true) == g.all());
  CHECK(staticBounds(g, s.black(), s.white()).lower == 20);
  CHECK(staticBounds(g, s.white(), s.black()).upper == -20);
  CHECK(staticBounds(g, s.black(), s.white(), false).lower == 14 - 6);
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
  CHECK(safePoints(g, cross.black(), cross.white(), true, false) == 0);
  CHECK(safePoints(g, cross.black(), cross.white(), true, true) == g.all());
  CHECK(staticBounds(g, cross.white(), cross.black(), true, true).upper == -25);
  // A white stone in one corner: that corner is no longer empty, three are enough.
  const CompactBoard one = CompactBoard::fromEngine(g, engine::parseBoard(". . X . .\n"
                                                                          ". O X . .\n"
                                                                          "X X X X X\n"
                                                                          ". . X . .\n"
                                                                          ". . X . .\n"));
  CHECK(safePoints(g, one.black(), one.white(), true, true) == g.all());
  // White stones in three corners: only one empty corner is left to answer in, and a
  // corner holding a white stone is not tried, so the cross has one eye region of two.
  const CompactBoard three = CompactBoard::fromEngine(g, engine::parseBoard(". . X . .\n"
                                                                            ". O X O .\n"
                                                                            "X X X X X\n"
                                                                            ". O X . .\n"
                                                                            ". . X . .\n"));
  CHECK(safePoints(g, three.black(), three.white(), true, true) == 0);
  // A 3x2 corner (the cross moved off centre on 6x5) keeps an eye after an answer too.
  const Geometry w(6, 5);
  const CompactBoard wide = CompactBoard::fromEngine(w, engine::parseBoard(". . . X . .\n"
                                                                           ". . . X . .\n"
                                                                           "X X X X X X\n"
                                                                           ". . . X . .\n"
                                                                           ". . . X . .\n"));
  CHECK(safePoints(w, wide.black(), wide.white(), true, true) == w.all());
  CHECK(safePoints(w, wide.black(), wide.white(), true, false) == 0);
  // The solver with answers settles the 5x5 cross at its root.
  SolveOptions opt;
  opt.answers = true;
  CHECK(settledAtRoot(g, opt, cross.black(), 0, Color::White, 25));
}

TEST_CASE("answered regions keep the published values, optimal moves and variations") {
  SolveOptions answers;
  answers.answers = true;
  for (auto [w, h, value] : {std::tuple{3, 3, 9}, std::tuple{2, 4, 8}, std::tuple{3, 4, 4},
                             std::tuple{4, 3, 4}, std::tuple{2, 5, -1}, std::tuple{2, 6, -1}}) {
    const SolveResult plain = solveEmpty(w, h);
    const SolveResult r = solveEmpty(w, h, {}, answers);
    INFO(w << "x" << h);
    CHECK(r.exact);
    if (value >= 0) CHECK(r.value == value);
    CHECK(r.value == plain.value);
    CHECK(r.best == plain.best);
  }
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
      Mask black = 0, white = 0;
      for (int p = 0; p < g.points(); ++p) {
        const uint32_t r = rng.below(20);
        if (r < 11) black |= Mask{1} << p;
        if (r >= 11 && r < 13) white |= Mask{1} << p;
      }
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
      const bool extra = safePoints(g, black, white, true, true) != safePoints(g, black, white) ||
                         safePoints(g, white, black, true, true) != safePoints(g, white, black);
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
      const ScoreBounds sb = boundsAfterPasses(g, own, opp, p.passes, true, true);
      const ScoreBounds base = boundsAfterPasses(g, own, opp, p.passes, true, false);
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
      const bool extra = safePoints(g, black, white, true) != safePoints(g, black, white, false) ||
                         safePoints(g, white, black, true) != safePoints(g, white, black, false);
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

TEST_CASE("bad input gives clear errors") {
  engine::BoardSize size;
  CHECK_THROWS_AS(positionFromDiagram(". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"
                                      ". . . . . .\n. . . . . .\n",
                                      Color::Black, size),
                  engine::InputError);
  CHECK_THROWS_AS(positionFromDiagram("X . Q\n", Color::Black, size), engine::InputError);
  CHECK_THROWS_AS(positionFromDiagram("X .\n. . .\n", Color::Black, size), engine::InputError);
  CHECK_THROWS_AS(Rules::named("ing"), engine::InputError);
  const Geometry g(2, 2);
  Solver s(g);
  Position p;
  p.black = 1;
  p.white = 1;
  CHECK_THROWS_AS(s.solve(p), engine::InputError);
  p.white = 0;
  p.passes = 2;
  CHECK_THROWS_AS(s.solve(p), engine::InputError);
  SolveOptions huge;
  huge.ttLog2 = 40;
  CHECK_THROWS_AS(Solver(g, huge), engine::InputError);
  SolveOptions depths;
  depths.depthStep = 0;
  CHECK_THROWS_AS(Solver(g, depths), engine::InputError);
}

TEST_CASE("the static-bounds cache agrees with the direct computation over random games") {
  // A tiny cache (2^4 entries) so that entries are overwritten often; both colours as
  // mover, with and without a pass. Boards above 16 points use the upper mask bytes.
  for (auto [w, h] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{5, 4}, std::pair{5, 5}}) {
    const Geometry g(w, h);
    for (const auto& [territory, answers] :
         {std::pair{true, false}, std::pair{false, false}, std::pair{true, true}}) {
      StaticBoundsCache cache(g, 4, territory, answers);
      int compared = 0;
      for (uint64_t seed = 1; seed <= 40; ++seed) {
        RandomGame rg = randomGame(g, {}, 5 + static_cast<int>(seed % 30), seed * 31 + w);
        const Position& p = rg.position;
        if (!(p.black | p.white)) continue;
        for (int passes = 0; passes <= 1; ++passes) {
          for (const bool swap : {false, true}) {
            const Mask own = swap ? p.white : p.black, opp = swap ? p.black : p.white;
            for (int again = 0; again < 2; ++again) {  // a miss, then (usually) a hit
              const ScoreBounds c = cache.boundsAfterPasses(own, opp, passes);
              const ScoreBounds d = boundsAfterPasses(g, own, opp, passes, territory, answers);
              CHECK(c.lower == d.lower);
              CHECK(c.upper == d.upper);
              ++compared;
            }
          }
        }
      }
      CHECK(compared > 200);
      CHECK(cache.hits() > 0);
    }
  }
}

TEST_CASE("symmetry images of masks agree with the point maps on every board size") {
  for (auto [w, h] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{5, 5}, std::pair{4, 8}}) {
    const Geometry g(w, h);
    engine::Rng rng(static_cast<uint64_t>(w * 100 + h));
    for (int i = 0; i < 50; ++i) {
      const Mask m = rng.next() & g.all();
      for (int s = 0; s < g.symmetries(); ++s) {
        Mask expected = 0;
        for (int p = 0; p < g.points(); ++p) {
          if (m >> p & 1) expected |= Mask{1} << g.mapPoint(s, p);
        }
        CHECK(g.mapMask(s, m) == expected);
      }
    }
  }
}

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

TEST_CASE("the search's fast play and repetition test agree with their slow twins") {
  // playFast (no flood fill for a move that captures nothing) against play, and the
  // prefix-filtered repetition test against the plain scan, on random games with their
  // history as the path; PSK, simple ko with cycles drawn, and suicide allowed (where
  // playFast is play itself).
  for (auto [w, h] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{5, 3}, std::pair{5, 5}}) {
    const Geometry g(w, h);
    for (const char* rules : {"psk", "simple", "tromp-taylor"}) {
      SolveOptions opt;
      opt.rules = Rules::named(rules);
      engine::Rules er;
      er.suicideAllowed = opt.rules.suicideAllowed;  // games under PSK: a history to test
      int moves = 0, captures = 0, repeats = 0;
      for (uint64_t seed = 1; seed <= 80; ++seed) {
        RandomGame rg = randomGame(g, er, 5 + static_cast<int>(seed % 40), seed * 17 + w);
        TranspositionTable tt(10);
        Worker wk(g, opt, tt, rg.position, SearchLimits{});
        const Node n = Worker::rootNode(rg.position);
        wk.pushPath(n, false);
        const Mask capturing = wk.captureMoves(n);
        const int lastCapture = static_cast<int>(rg.position.history.size());
        CompactBoard board(g);
        board.setRaw(n.own, n.opp, n.ko, n.ko >= 0 ? Color::Black : Color::Empty);
        board.setAllowSuicide(opt.rules.suicideAllowed);
        for (int p = 0; p < g.points(); ++p) {
          if (!board.isLegal(p, Color::Black)) continue;
          Mask slowCaptured = 0, fastCaptured = 0;
          const Node slow = wk.play(n, p, slowCaptured);
          const Node fast = wk.playFast(n, p, capturing, fastCaptured);
          CHECK(fast.own == slow.own);
          CHECK(fast.opp == slow.opp);
          CHECK(fast.ko == slow.ko);
          CHECK(fast.whiteToMove == slow.whiteToMove);
          CHECK(fastCaptured == slowCaptured);
          if (!opt.rules.suicideAllowed) CHECK(((capturing >> p & 1) != 0) == (slowCaptured != 0));
          captures += slowCaptured != 0;
          ++moves;
          for (int last : {lastCapture, lastCapture + 1, lastCapture / 2}) {
            const int r = wk.repetition(Worker::absKey(slow), slow.whiteToMove, last);
            CHECK(r == wk.repetitionScan(Worker::absKey(slow), slow.whiteToMove, last));
            repeats += r >= 0;
          }
        }
      }
      INFO(w << "x" << h << " " << rules);
      CHECK(moves > 200);
      CHECK(captures > 5);
      if (w * h <= 9 && opt.rules.ko == KoRule::Positional) CHECK(repeats > 0);  // 3x3 repeats
    }
  }
}

TEST_CASE("canonical keys by delta swaps agree with the plain loop on every shape") {
  // Worker::canonical (all images at once) against canonicalScan (byte tables, one
  // symmetry at a time): the same key, extra byte and symmetry, on random positions of
  // every board of at most 32 points, with and without a ko point, and on positions made
  // symmetric so that ties (broken by the ko point, then the first symmetry) occur.
  engine::Rng rng(5);
  int ties = 0, shapes = 0;
  for (int w = 1; w <= MAX_POINTS; ++w) {
    for (int h = 1; w * h <= MAX_POINTS; ++h) {
      const Geometry g(w, h);
      ++shapes;
      SolveOptions opt;
      TranspositionTable tt(4);
      Worker wk(g, opt, tt, Position{}, SearchLimits{});
      for (int i = 0; i < 120; ++i) {
        Mask own = rng.next() & rng.next() & g.all();
        Mask opp = rng.next() & rng.next() & g.all() & ~own;
        if (i % 3 == 0) {  // symmetric under a random symmetry
          const int s = static_cast<int>(rng.next() % g.symmetries());
          for (int k = 0; k < 4; ++k) own |= g.mapMask(s, own), opp |= g.mapMask(s, opp);
          opp &= ~own;
        }
        const Mask empty = g.all() & ~(own | opp);
        int ko = -1;
        if (empty && i % 2) {
          int k = static_cast<int>(rng.next() % popcount(empty));
          Mask m = empty;
          while (k--) m &= m - 1;
          ko = lowestBit(m);
        }
        const Node n{own, opp, (i & 4) != 0, ko, i % 3};
        uint64_t key1, key2;
        uint8_t extra1, extra2;
        int sym1, sym2;
        wk.canonical(n, key1, extra1, sym1);
        wk.canonicalScan(n, key2, extra2, sym2);
        INFO(w << "x" << h << " own " << own << " opp " << opp << " ko " << ko);
        REQUIRE(key1 == key2);
        REQUIRE(extra1 == extra2);
        REQUIRE(sym1 == sym2);
        for (int s = 1; s < g.symmetries(); ++s) {
          ties += (g.mapMask(s, own) | g.mapMask(s, opp) << 32) == (own | opp << 32);
        }
      }
    }
  }
  CHECK(shapes == 119);
  CHECK(ties > 1000);
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
        opt.held = held;
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

TEST_CASE("zeroed tables start empty and keep what is stored (small and mapped)") {
  for (size_t n : {size_t{1}, size_t{1000}, size_t{1} << 19}) {  // 16 B entries: 8 MB mapped
    struct Entry {
      uint64_t a, b;
    };
    ZeroedArray<Entry> z(n);
    INFO("entries " << n);
    REQUIRE(z.size() == n);
    CHECK(z.bytes() == n * sizeof(Entry));
    bool zero = true;
    for (size_t i = 0; i < n; ++i) zero = zero && z[i].a == 0 && z[i].b == 0;
    CHECK(zero);
    if (z.bytes() >= (size_t{1} << 21)) {  // mapped: starts on a huge-page boundary
      CHECK(reinterpret_cast<uintptr_t>(&z[0]) % (size_t{1} << 21) == 0);
    }
    for (size_t i = 0; i < n; i += 7) z[i] = {i, ~i};
    ZeroedArray<Entry> moved(std::move(z));
    bool kept = true;
    for (size_t i = 0; i < n; ++i) {
      kept = kept && moved[i].a == (i % 7 ? 0 : i) && moved[i].b == (i % 7 ? 0 : ~i);
    }
    CHECK(kept);
  }
  // A mapped transposition table (2^18 entries of 40 bytes): what is stored is found.
  TranspositionTable tt(18);
  engine::Rng rng(13);
  std::vector<std::pair<uint64_t, uint8_t>> keys;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t key = rng.next() | 1;
    const uint8_t extra = static_cast<uint8_t>(i % 5);
    TTData d;
    d.lower = -(i % 16), d.upper = i % 16, d.move = i % 16, d.work = 40;
    tt.store(key, extra, d);
    keys.emplace_back(key, extra);
  }
  int found = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    TTData d;
    if (!tt.probe(keys[i].first, keys[i].second, d)) continue;
    ++found;
    CHECK(d.lower == -static_cast<int>(i % 16));
    CHECK(d.upper == static_cast<int>(i % 16));
  }
  CHECK(found >= 990);  // two slots a bucket in 2^17 buckets: collisions are rare
  size_t listed = 0;
  tt.forEach([&](uint64_t, uint8_t, const TTData&) { ++listed; });
  CHECK(listed == static_cast<size_t>(found));
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
