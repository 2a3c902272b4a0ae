// The solver against published values, against the slow reference minimax on
// engine::Game (every board of at most 6 points, and random positions with their game
// history, so that superko history matters), search variants against each other, threads,
// best moves and variations, limits, a shared table across calls, the fast helpers
// against their slow twins, and bad input. The options that change only the effort are in
// test_solver_effort.cpp, the static bounds in test_solver_static.cpp (their slow twins
// and the held regions in test_bounds.cpp), df-pn in test_dfpn.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

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
#include "solver_test_util.hpp"

using engine::Color;
using namespace solve;
using namespace solvetest;

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

TEST_CASE("random positions with their game history match the reference") {
  checkRandomPositionsWithHistory(SolveOptions{});
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
