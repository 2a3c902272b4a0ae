// The proof depth (solve/proof_depth.hpp) against a slow twin: plain recursion over the
// plies, "can Black force a position the static bounds settle at target or above within h
// plies", with no table, no window and no search enhancement.
#include <catch2/catch.hpp>

#include <bit>
#include <chrono>
#include <map>
#include <thread>
#include <tuple>

#include "engine/board/ascii.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/proof_depth.hpp"

namespace {

using engine::Color;
using solve::Geometry;
using solve::Mask;
using solve::Position;

class Twin {
 public:
  // lookahead: as SolveOptions::horizonLookahead, Black at a horizon leaf (the root's
  // too, at horizon 0) also has the moves whose positions the static bounds settle.
  // extensions: as SolveOptions::captureExtensions, that many captures on a line are
  // played without using a ply; selfAtari: as SolveOptions::selfAtariExtensions, so are
  // moves that capture nothing and leave their own chain a single liberty (the same budget).
  Twin(const Geometry& g, int target, bool lookahead = false, int extensions = 0,
       bool selfAtari = false)
      : g_(g),
        target_(target),
        lookahead_(lookahead),
        extensions_(extensions),
        selfAtari_(selfAtari) {}

  bool within(const Position& p, int h) { return within(p, h, extensions_); }

  int depth(const Position& p, int maxDepth) {
    for (int h = 0; h <= maxDepth; ++h) {
      if (within(p, h)) return h;
    }
    return -1;
  }

 private:
  bool settled(const Position& p) const {
    if (p.passes >= 2) return solve::areaScore(g_, p.black, p.white) >= target_;
    const bool black = p.toMove == Color::Black;
    if (!(p.black | p.white)) return false;
    const solve::ScoreBounds b = solve::boundsAfterPasses(g_, black ? p.black : p.white,
                                                          black ? p.white : p.black, p.passes);
    return (black ? b.lower : -b.upper) >= target_;
  }

  // Within h plies, with e captures left that use none.
  bool within(const Position& p, int h, int e) {
    const auto key =
        std::make_tuple(p.black, p.white, p.toMove == Color::White, p.passes, p.ko, h, e);
    const auto it = memo_.find(key);
    if (it != memo_.end()) return it->second;
    const bool r = compute(p, h, e);
    memo_[key] = r;
    return r;
  }

  bool compute(const Position& p, int h, int e) {
    if (settled(p)) return true;
    if (p.passes >= 2) return false;
    const bool black = p.toMove == Color::Black;
    if (h == 0 && !(lookahead_ && black)) return false;
    for (int move = h == 0 ? 0 : -1; move < g_.points(); ++move) {
      solve::CompactBoard b(g_);
      b.setRaw(p.black, p.white, p.ko, p.ko >= 0 ? p.toMove : Color::Empty);
      Position c;
      bool captured = false;
      c.toMove = black ? Color::White : Color::Black;
      if (move < 0) {
        c.passes = p.passes + 1;
      } else {
        if (!b.isLegal(move, p.toMove)) continue;
        captured = b.play(move, p.toMove) != 0;
        c.ko = b.koColor() == c.toMove ? b.koPoint() : -1;
      }
      c.black = b.black(), c.white = b.white();
      if (h == 0) {  // the look past the horizon: Black's point moves, each settled or not
        if (settled(c)) return true;
        continue;
      }
      const bool free = e > 0 && (captured || (selfAtari_ && move >= 0 && oneLiberty(b, move)));
      const bool r = free ? within(c, h, e - 1) : within(c, h - 1, e);
      if (black && r) return true;
      if (!black && !r) return false;
    }
    return !black;
  }

  // The chain at `move` has exactly one liberty (counted from the board's points).
  bool oneLiberty(const solve::CompactBoard& b, int move) const {
    const Mask stones = b.black() >> move & 1 ? b.black() : b.white();
    Mask chain = Mask{1} << move, grown = 0;
    while (grown != chain) {  // flood over neighbours, point by point
      grown = chain;
      for (int p = 0; p < g_.points(); ++p) {
        if (chain >> p & 1) chain |= g_.neighbours(p) & stones;
      }
    }
    Mask libs = 0;
    for (int p = 0; p < g_.points(); ++p) {
      if (chain >> p & 1) libs |= g_.neighbours(p) & ~(b.black() | b.white());
    }
    return std::popcount(libs) == 1;
  }

  const Geometry& g_;
  int target_;
  bool lookahead_;
  int extensions_;
  bool selfAtari_;
  std::map<std::tuple<Mask, Mask, bool, int, int, int, int>, bool> memo_;
};

solve::SolveOptions simpleForced() {
  solve::SolveOptions o;
  o.rules = solve::Rules::named("simple-forced");
  o.ttLog2 = 16;
  return o;
}

// Checks the result of proofDepth against the twin at every position of its line.
void checkAgainstTwin(const Geometry& g, const Position& root, int target, bool lookahead = false) {
  solve::SolveOptions base = simpleForced();
  base.horizonLookahead = lookahead;
  solve::ProofDepthOptions opt;
  opt.target = target;
  opt.maxDepth = 30;
  const solve::ProofDepthResult r = solve::proofDepth(g, root, opt, base);
  Twin twin(g, target, lookahead);
  REQUIRE(r.complete);
  REQUIRE(r.depth == twin.depth(root, 30));
  REQUIRE(static_cast<int>(r.line.size()) == r.depth + 1);
  for (size_t i = 0; i < r.line.size(); ++i) {
    const solve::ProofLineStep& s = r.line[i];
    Position p;
    p.black = s.black, p.white = s.white, p.passes = s.passes, p.ko = s.ko;
    p.toMove = s.whiteToMove ? Color::White : Color::Black;
    CHECK(s.depth == r.depth - static_cast<int>(i));
    CHECK(twin.depth(p, 30) == s.depth);
    if (s.depth == 0) {
      CHECK(s.move == -2);
      continue;
    }
    // Every White move the result calls longest needs depth - 1; the others need less.
    if (s.whiteToMove) {
      REQUIRE(!s.longest.empty());
      CHECK(s.move == s.longest.front());
    }
  }
  // The line is played: each position follows from the one before by its move.
  for (size_t i = 0; i + 1 < r.line.size(); ++i) {
    const solve::ProofLineStep& s = r.line[i];
    solve::CompactBoard b(g);
    b.setRaw(s.black, s.white, s.ko,
             s.ko >= 0 ? (s.whiteToMove ? Color::White : Color::Black) : Color::Empty);
    const Color mover = s.whiteToMove ? Color::White : Color::Black;
    if (s.move >= 0) {
      REQUIRE(b.isLegal(s.move, mover));
      b.play(s.move, mover);
    }
    CHECK(r.line[i + 1].black == b.black());
    CHECK(r.line[i + 1].white == b.white());
    CHECK(r.line[i + 1].passes == (s.move < 0 ? s.passes + 1 : 0));
  }
}

}  // namespace

TEST_CASE("proof depth and its line agree with the slow twin", "[solve][proof-depth]") {
  SECTION("3x3, Black gets the whole board") {
    const Geometry g(3, 3);
    checkAgainstTwin(g, Position{}, 9);
  }
  SECTION("3x3 after B2 and White's B1") {
    const Geometry g(3, 3);
    Position p;
    p.black = Mask{1} << g.point(1, 1);
    p.white = Mask{1} << g.point(1, 0);
    checkAgainstTwin(g, p, 9);
  }
  SECTION("4x2, Black gets the whole board") {
    const Geometry g(4, 2);
    checkAgainstTwin(g, Position{}, 8);
  }
  SECTION("3x3, White to move after B2") {
    const Geometry g(3, 3);
    Position p;
    p.black = Mask{1} << g.point(1, 1);
    p.toMove = Color::White;
    checkAgainstTwin(g, p, 9);
  }
}

// With the prover's look past the horizon (SolveOptions::horizonLookahead), the same
// agreement with a twin that looks past its horizon the same way; and a proof that ends
// with Black's move settling the board appears one horizon earlier.
TEST_CASE("proof depth with the prover's look past the horizon", "[solve][proof-depth]") {
  SECTION("3x3, Black gets the whole board") {
    const Geometry g(3, 3);
    checkAgainstTwin(g, Position{}, 9, true);
    Twin plain(g, 9), looking(g, 9, true);
    CHECK(looking.depth(Position{}, 30) == plain.depth(Position{}, 30) - 1);
  }
  SECTION("3x3, White to move after B2") {
    const Geometry g(3, 3);
    Position p;
    p.black = Mask{1} << g.point(1, 1);
    p.toMove = Color::White;
    checkAgainstTwin(g, p, 9, true);
  }
  SECTION("4x2, Black gets the whole board") {
    const Geometry g(4, 2);
    checkAgainstTwin(g, Position{}, 8, true);
  }
  SECTION("3x5 near the end of its proof, White to move") {
    // Black's seven stones (the end of the 3x5 line in docs/SOLVER.md): whatever White
    // plays, one Black answer settles the whole board. Horizon 1 proves it only when
    // Black looks past it.
    const Geometry g(3, 5);
    const solve::CompactBoard b = solve::CompactBoard::fromEngine(g, engine::parseBoard(". X .\n"
                                                                                        "X . .\n"
                                                                                        ". X .\n"
                                                                                        "X X .\n"
                                                                                        ". X X\n"));
    Position p;
    p.black = b.black(), p.white = b.white(), p.toMove = Color::White;
    solve::SolveOptions base = simpleForced();
    uint64_t nodes = 0;
    CHECK_FALSE(solve::provableWithin(g, p, 15, 1, base, nodes));
    CHECK(solve::provableWithin(g, p, 15, 2, base, nodes));
    base.horizonLookahead = true;
    CHECK(solve::provableWithin(g, p, 15, 1, base, nodes));
    CHECK_FALSE(solve::provableWithin(g, p, 15, 0, base, nodes));  // White moves first
  }
}

// With captures that do not count as plies (SolveOptions::captureExtensions, session 37):
// the horizon at which the search first proves the question is the twin's, which plays
// the same number of captures on each line without a ply; and on these positions some
// proof gets shorter with the extensions.
TEST_CASE("proof depth with captures that do not count as plies", "[solve][proof-depth]") {
  const Geometry g3(3, 3), g42(4, 2);
  Position afterB2;
  afterB2.black = Mask{1} << g3.point(1, 1);
  afterB2.toMove = Color::White;
  Position afterB2B1 = afterB2;
  afterB2B1.white = Mask{1} << g3.point(1, 0);
  afterB2B1.toMove = Color::Black;
  bool shorter = false;
  for (int n : {1, 2, 4}) {
    for (const auto& [g, p, target] :
         {std::tuple{&g3, Position{}, 9}, std::tuple{&g3, afterB2, 9},
          std::tuple{&g3, afterB2B1, 9}, std::tuple{&g42, Position{}, 8}}) {
      INFO(n << " extensions, " << g->width() << "x" << g->height() << ", target " << target);
      solve::SolveOptions base = simpleForced();
      base.captureExtensions = n;
      solve::ProofDepthOptions opt;
      opt.target = target;
      opt.maxDepth = 30;
      const solve::ProofDepthResult r = solve::proofDepth(*g, p, opt, base);
      Twin twin(*g, target, false, n), plain(*g, target);
      const int depth = twin.depth(p, 30);
      REQUIRE(depth >= 0);
      CHECK(r.depth == depth);
      shorter = shorter || depth < plain.depth(p, 30);
    }
  }
  CHECK(shorter);
}

// With self-ataris sharing that budget (SolveOptions::selfAtariExtensions, session 38): the
// depth is again the twin's, which extends the same moves; and on these positions the
// self-ataris shorten some proof beyond what the captures alone do.
TEST_CASE("proof depth with self-ataris that do not count as plies", "[solve][proof-depth]") {
  const Geometry g3(3, 3), g42(4, 2), g52(5, 2);
  Position afterB2;
  afterB2.black = Mask{1} << g3.point(1, 1);
  afterB2.toMove = Color::White;
  bool shorter = false;
  int checked = 0;
  for (int n : {1, 2, 4}) {
    for (const auto& [g, p, target] :
         {std::tuple{&g3, Position{}, 9}, std::tuple{&g3, afterB2, 9},
          std::tuple{&g42, Position{}, 8}, std::tuple{&g52, Position{}, 10}}) {
      INFO(n << " extensions, " << g->width() << "x" << g->height() << ", target " << target);
      solve::SolveOptions base = simpleForced();
      base.captureExtensions = n;
      base.selfAtariExtensions = true;
      solve::ProofDepthOptions opt;
      opt.target = target;
      opt.maxDepth = 30;
      const solve::ProofDepthResult r = solve::proofDepth(*g, p, opt, base);
      Twin twin(*g, target, false, n, true), captures(*g, target, false, n);
      const int depth = twin.depth(p, 30);
      REQUIRE(depth >= 0);
      CHECK(r.depth <= depth);
      base.transpositions = false;
      const solve::ProofDepthResult bare = solve::proofDepth(*g, p, opt, base);
      CHECK(bare.depth == depth);
      ++checked;
      shorter = shorter || depth < captures.depth(p, 30);
    }
  }
  CHECK(checked == 12);
  CHECK(shorter);
}

TEST_CASE("the longest White replies are exactly those that need every ply left",
          "[solve][proof-depth]") {
  const Geometry g(3, 3);
  Position p;
  p.black = Mask{1} << g.point(1, 1);
  p.toMove = Color::White;
  solve::ProofDepthOptions opt;
  opt.target = 9;
  const solve::ProofDepthResult r = solve::proofDepth(g, p, opt, simpleForced());
  REQUIRE(r.complete);
  REQUIRE(r.depth > 1);
  Twin twin(g, 9);
  const solve::ProofLineStep& s = r.line.front();
  for (int move = -1; move < g.points(); ++move) {
    solve::CompactBoard b(g);
    b.setStones(s.black, s.white);
    Position c;
    c.toMove = Color::Black;
    if (move >= 0) {
      if (!b.isLegal(move, Color::White)) continue;
      b.play(move, Color::White);
      c.ko = b.koColor() == Color::Black ? b.koPoint() : -1;
    } else {
      c.passes = 1;
    }
    c.black = b.black(), c.white = b.white();
    const bool listed = std::find(s.longest.begin(), s.longest.end(), move) != s.longest.end();
    CHECK(listed == (twin.depth(c, 30) == r.depth - 1));
  }
}

TEST_CASE("a question that cannot be proven has no proof depth", "[solve][proof-depth]") {
  // 2x2 is worth less than the whole board to Black.
  const Geometry g(2, 2);
  solve::ProofDepthOptions opt;
  opt.target = 4;
  opt.maxDepth = 12;
  const solve::ProofDepthResult r = solve::proofDepth(g, Position{}, opt, simpleForced());
  CHECK(r.depth == -1);
  CHECK_FALSE(r.complete);
  CHECK(r.line.empty());
  CHECK(r.tests == 12);
}

TEST_CASE("a line re-anchors where no move keeps the depth", "[solve][proof-depth]") {
  // The walk with an oracle for the horizon tests, on 3x3 (c, x, z and w the first four
  // points of the centre-first order). The empty board needs 3 plies; after Black's c,
  // 2; of White's replies only x is not settled at once, so the line follows it. There no
  // Black move is proven within the 1 ply left: the position's own depth, dX, is taken
  // afresh. With dX = 4 the line goes on with Black's z (3 plies left there, 2 needed),
  // where every White reply is proven within 1 ply: the line follows w, the one whose own
  // depth is the largest (1; the others are settled at once), to its end. With dX = 1, the
  // depth it already had, the line goes on with the Black move whose position's own depth
  // is the smallest (z, whose position needs zNeed plies; every other move's is unproven);
  // with no such move it stops at x, incomplete, as it does when re-anchoring is off.
  const Geometry g(3, 3);
  const int c = g.centreFirst()[0], x = g.centreFirst()[1], z = g.centreFirst()[2];
  const int w = g.centreFirst()[3];
  const Mask C = Mask{1} << c, X = Mask{1} << x, Z = Mask{1} << z, W = Mask{1} << w;
  auto oracle = [&](int dX, int zNeed = 2, int wNeed = 99) {
    return [=](const Position& p, int depth, uint64_t& nodes) {
      ++nodes;
      const bool white = p.toMove == Color::White;
      int need = 99;
      if (!p.black && !p.white) {
        need = 3;
      } else if (p.black == C && !p.white) {
        need = white ? 2 : 0;  // Black's c; White passed after it
      } else if (p.black == C && p.white == X && !white) {
        need = dX;
      } else if (p.black == C && solve::popcount(p.white) == 1 && !white) {
        need = 0;  // White's other replies
      } else if (p.black == (C | Z) && p.white == X && white && p.passes == 0) {
        need = zNeed;
      } else if ((p.black & (C | Z)) == (C | Z) && (p.white & X) && !white) {
        need = p.white == (X | W) ? 1 : 0;  // White's replies to z: w needs a ply
      } else if ((p.black & (C | Z)) == (C | Z) && p.white == (X | W) && white) {
        need = 0;  // Black's answers to w
      } else if (p.black == (C | W) && p.white == X && white && p.passes == 0) {
        need = wNeed;  // Black's w instead of z at x
      } else if ((p.black & (C | W)) == (C | W) && (p.white & X) && !white) {
        need = 0;  // White's replies to that w
      }
      return depth >= need;
    };
  };
  solve::ProofDepthOptions opt;
  opt.maxDepth = 10;
  SECTION("re-anchored twice and complete") {
    const solve::ProofDepthResult r = solve::proofDepthWalk(g, Position{}, opt, false, oracle(4));
    CHECK(r.depth == 3);
    CHECK(r.complete);
    CHECK(r.reanchors == 2);
    REQUIRE(r.line.size() == 6);
    CHECK(r.line[0].move == c);
    CHECK(r.line[1].depth == 2);
    CHECK(r.line[1].move == x);
    CHECK(r.line[1].longest == std::vector<int>{x});
    CHECK_FALSE(r.line[1].reanchored);
    CHECK(r.line[2].reanchored);  // x: its own depth, 4
    CHECK(r.line[2].depth == 4);
    CHECK(r.line[2].move == z);
    CHECK(r.line[3].depth == 3);
    CHECK_FALSE(r.line[3].reanchored);
    CHECK(r.line[3].move == w);
    CHECK(r.line[3].longest == std::vector<int>{w});
    CHECK(r.line[4].reanchored);
    CHECK(r.line[4].depth == 1);
    CHECK_FALSE(r.line[4].whiteToMove);
    CHECK(r.line[5].depth == 0);
    CHECK(r.line[5].move == -2);
  }
  SECTION("the same depth again: Black's quickest move by fresh tests") {
    const solve::ProofDepthResult r = solve::proofDepthWalk(g, Position{}, opt, false, oracle(1));
    CHECK(r.depth == 3);
    CHECK(r.complete);
    CHECK(r.reanchors == 1);
    REQUIRE(r.line.size() == 6);
    CHECK_FALSE(r.line[2].reanchored);
    CHECK(r.line[2].depth == 1);
    CHECK(r.line[2].move == z);
    CHECK(r.line[3].reanchored);  // z's position: its own depth, 2
    CHECK(r.line[3].depth == 2);
    CHECK(r.line[3].whiteToMove);
    CHECK(r.line[3].move == w);
    CHECK_FALSE(r.line[4].reanchored);
    CHECK(r.line[4].depth == 1);
    CHECK(r.line[5].depth == 0);
  }
  SECTION("the smallest fresh depth is followed, not the first") {
    // z's position needs 3 plies, w's (later in the order) 1: the line follows w.
    const solve::ProofDepthResult r =
        solve::proofDepthWalk(g, Position{}, opt, false, oracle(1, 3, 1));
    CHECK(r.complete);
    REQUIRE(r.line.size() == 5);
    CHECK(r.line[2].move == w);
    CHECK(r.line[3].reanchored);
    CHECK(r.line[3].depth == 1);
    CHECK(r.line[4].depth == 0);
  }
  SECTION("a move never proven costs no more tests than the quickest move needs") {
    // z (first in the order) is never proven, w needs 1 ply: the moves are tested horizon
    // by horizon, so z is tested once before w is found (24 tests in all; testing each
    // move up to its own depth would test z at every horizon up to 10 first: 33).
    const solve::ProofDepthResult r =
        solve::proofDepthWalk(g, Position{}, opt, false, oracle(1, 99, 1));
    CHECK(r.complete);
    REQUIRE(r.line.size() == 5);
    CHECK(r.line[2].move == w);
    CHECK(r.tests == 24);
  }
  SECTION("the same depth again and no move proven afresh: incomplete") {
    const solve::ProofDepthResult r =
        solve::proofDepthWalk(g, Position{}, opt, false, oracle(1, 99));
    CHECK(r.depth == 3);
    CHECK_FALSE(r.complete);
    CHECK(r.reanchors == 0);
    REQUIRE(r.line.size() == 3);
    CHECK_FALSE(r.line[2].reanchored);
    CHECK(r.line[2].depth == 1);
    CHECK(r.line[2].move == -2);
  }
  SECTION("re-anchoring off: incomplete at the first disagreement") {
    opt.maxReanchors = 0;
    const solve::ProofDepthResult r = solve::proofDepthWalk(g, Position{}, opt, false, oracle(4));
    CHECK_FALSE(r.complete);
    CHECK(r.reanchors == 0);
    REQUIRE(r.line.size() == 3);
    CHECK(r.line[2].depth == 1);
    CHECK(r.line[2].move == -2);
  }
}

TEST_CASE("proof-depth progress reports come once a test", "[solve][proof-depth]") {
  const Geometry g(3, 3);
  solve::ProofDepthOptions opt;
  opt.target = 9;
  std::vector<solve::ProofDepthProgress> seen;
  opt.onTest = [&](const solve::ProofDepthProgress& p) { seen.push_back(p); };
  const solve::ProofDepthResult r = solve::proofDepth(g, Position{}, opt, simpleForced());
  REQUIRE(r.complete);
  CHECK_FALSE(r.stopped);
  REQUIRE(static_cast<int>(seen.size()) == r.tests);
  for (size_t i = 0; i < seen.size(); ++i) {
    CHECK(seen[i].tests == static_cast<int>(i) + 1);
    CHECK_FALSE(seen[i].stopped);
    if (i > 0) CHECK(seen[i].nodes >= seen[i - 1].nodes);
  }
  CHECK(seen.back().nodes == r.nodes);
  // The root's depth is known from the first test after the one that found it.
  CHECK(seen.back().rootDepth == r.depth);
  CHECK(seen.front().rootDepth == -1);
}

TEST_CASE("a proof-depth time limit stops the walk and the running test", "[solve][proof-depth]") {
  SECTION("the walk: slow answers, no more tests after the limit") {
    // Every answer takes 30 ms; without a limit the 3x3 walk makes dozens of tests.
    const Geometry g(3, 3);
    solve::ProofDepthOptions opt;
    opt.maxSeconds = 0.1;
    const auto slow = [](const Position& p, int depth, uint64_t& nodes) {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      ++nodes;
      return depth >= 2 + solve::popcount(p.black | p.white) % 2;
    };
    const solve::ProofDepthResult r = solve::proofDepthWalk(g, Position{}, opt, false, slow);
    CHECK(r.stopped);
    CHECK_FALSE(r.complete);
    CHECK(r.tests <= 5);
  }
  SECTION("the search: 4x5's first test is cut short") {
    // Horizon 40 from the empty 4x5 board takes minutes; the limit stops it inside.
    const Geometry g(4, 5);
    solve::ProofDepthOptions opt;
    opt.target = 20;
    opt.minDepth = 40;
    opt.maxSeconds = 0.2;
    solve::SolveOptions base = simpleForced();
    base.ttLog2 = 18;
    const auto start = std::chrono::steady_clock::now();
    const solve::ProofDepthResult r = solve::proofDepth(g, Position{}, opt, base);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(r.stopped);
    CHECK_FALSE(r.complete);
    CHECK(r.depth == -1);
    CHECK(r.tests == 1);
    CHECK(seconds < 20);  // a generous margin: without the limit inside, minutes
  }
}
