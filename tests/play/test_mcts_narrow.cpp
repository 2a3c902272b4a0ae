// Narrowed searches (issue 7): a root restricted to given moves, inner nodes kept to the
// best few children by prior, the automatic playout cap and width on huge boards, and
// the must-consider tactical moves of policy.hpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/play/mcts.hpp"
#include "engine/play/policy.hpp"

using namespace engine;

namespace {

MctsParams quick(int playouts, int threads = 1) {
  MctsParams p;
  p.playouts = playouts;
  p.threads = threads;
  p.seed = 5;
  return p;
}

// A 9x9 game after `moves` random moves (seeded).
Game randomGame(int moves, uint64_t seed) {
  Game g({9, 9});
  RandomPlayer r(seed);
  for (int i = 0; i < moves && !g.over(); ++i) {
    g.play(r.choose(g), g.toMove());
  }
  return g;
}

}  // namespace

TEST_CASE("the automatic playout cap and inner width start above 19x19") {
  MctsParams p;
  CHECK(playoutCap(p, 81) == 3 * 81 + 20);
  CHECK(playoutCap(p, 361) == 3 * 361 + 20);
  CHECK(playoutCap(p, 37 * 37) == HUGE_BOARD_PLAYOUT_CAP);
  CHECK(playoutCap(p, 1001 * 1001) == HUGE_BOARD_PLAYOUT_CAP);
  CHECK(innerWidthFor(p, 361) == 0);
  CHECK(innerWidthFor(p, 362) == HUGE_BOARD_INNER_WIDTH);
  p.maxPlayoutMoves = 50;
  p.innerWidth = 7;
  CHECK(playoutCap(p, 361) == 50);
  CHECK(playoutCap(p, 1001 * 1001) == 50);
  CHECK(innerWidthFor(p, 81) == 7);
  p.innerWidth = -1;
  CHECK(innerWidthFor(p, 1001 * 1001) == 0);
}

TEST_CASE("rootMoves: the root considers only the given moves and PASS") {
  Game g({9, 9});
  g.play(g.board().point(4, 4), Color::Black);
  MctsParams p = quick(300);
  const Board& b = g.board();
  // The centre stone's own point is not legal: it is dropped, not searched.
  p.rootMoves = {b.point(2, 2), b.point(6, 6), b.point(4, 4), b.point(2, 6)};
  const MctsResult r = mctsSearch(g, p);
  REQUIRE(r.playouts == 300);
  std::set<Point> seen;
  for (const MoveStat& m : r.moves) seen.insert(m.move);
  CHECK(seen == std::set<Point>{b.point(2, 2), b.point(6, 6), b.point(2, 6), PASS});
  CHECK((r.move == b.point(2, 2) || r.move == b.point(6, 6) || r.move == b.point(2, 6)));
}

TEST_CASE("innerWidth: inner nodes keep the widest children plus PASS, the root all") {
  const Game g = randomGame(10, 3);
  MctsParams p = quick(600);
  p.innerWidth = 5;
  p.expandAfter = 2;
  MctsTrees trees;
  const MctsResult r = mctsSearch(g, p, &trees);
  REQUIRE(trees.checkConsistency().empty());
  const auto rootStats = trees.childStats({});
  CHECK(rootStats.size() > 6u);  // the root is not narrowed
  // The same search with every child kept, to compare the kept children with all of them.
  MctsParams all = p;
  all.innerWidth = -1;
  MctsTrees wide;
  mctsSearch(g, all, &wide);
  // The most visited root move expanded in both trees (the two searches visit differently).
  std::vector<Move> path;
  for (const MoveStat& m : r.moves) {
    const std::vector<Move> candidate{Move{m.move, g.toMove()}};
    if (!trees.childStats(candidate).empty() && !wide.childStats(candidate).empty()) {
      path = candidate;
      break;
    }
  }
  REQUIRE(!path.empty());
  // Its node in the narrowed tree: 5 children and PASS.
  const auto inner = trees.childStats(path);
  REQUIRE(!inner.empty());
  CHECK(inner.size() == 6u);
  CHECK(std::any_of(inner.begin(), inner.end(), [](const MoveStat& m) { return m.move == PASS; }));
  // They are the children with the most prior wins above even.
  auto full = wide.childStats(path);
  REQUIRE(full.size() > inner.size());
  std::erase_if(full, [](const MoveStat& m) { return m.move == PASS; });
  std::sort(full.begin(), full.end(), [](const MoveStat& a, const MoveStat& b) {
    return a.priorWins - 0.5f * a.priorVisits > b.priorWins - 0.5f * b.priorVisits;
  });
  const float fifth = full[4].priorWins - 0.5f * full[4].priorVisits;
  for (const MoveStat& m : inner) {
    if (m.move != PASS) CHECK(m.priorWins - 0.5f * m.priorVisits >= fifth);
  }
}

TEST_CASE("a 101x101 search uses the automatic cap and width (bounded tree)") {
  Game g({101, 101});
  g.play(g.board().point(50, 50), Color::Black);
  MctsParams p = quick(40, 1);
  p.expandAfter = 2;
  MctsTrees trees;
  const MctsResult r = mctsSearch(g, p, &trees);
  CHECK(r.playouts == 40);
  CHECK(r.move != NO_POINT);
  // Root: every legal point; each inner expansion at most 361 + 1 children.
  const size_t rootChildren = 101 * 101 - 1 + 1;
  CHECK(trees.nodes() <= 1 + rootChildren + 40 * (HUGE_BOARD_INNER_WIDTH + 1));
  CHECK(trees.nodes() > rootChildren);
  CHECK(trees.checkConsistency().empty());
}

TEST_CASE("mustConsiderMoves: captures, escapes and two-liberty chains") {
  const Board b = parseBoard(R"(
    . . . . . . .
    . . X . . . .
    . X O X . . .
    . . . . . . .
    . . . . . . .
    . . . . O O .
    . . . O X X .)");
  auto pts = [&](std::initializer_list<XY> xys) {
    std::set<Point> s;
    for (XY xy : xys) s.insert(b.point(xy));
    return s;
  };
  Board scratch = b;
  std::vector<Point> out;
  // Black: capture the white stone in atari; the black pair's escape at (6,6) leaves one
  // liberty, so it is no escape; the white corner stone's two liberties.
  mustConsiderMoves(scratch, Color::Black, out);
  CHECK(std::set<Point>(out.begin(), out.end()) == pts({{2, 3}, {2, 6}, {3, 5}}));
  CHECK(out.size() == 3u);
  // White: capture the black pair, extend the white stone in atari (three liberties
  // after), and the same two liberties of its corner stone.
  out.clear();
  mustConsiderMoves(scratch, Color::White, out);
  CHECK(std::set<Point>(out.begin(), out.end()) == pts({{6, 6}, {2, 3}, {2, 6}, {3, 5}}));
  CHECK(out.size() == 4u);
  CHECK(boardToString(scratch) == boardToString(b));  // unchanged
}

TEST_CASE("mustConsiderMoves holds every legal capture, after random games") {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const Game g = randomGame(30 + static_cast<int>(seed) * 3, seed);
    Board b = g.board();
    for (Color c : {Color::Black, Color::White}) {
      std::vector<Point> out;
      mustConsiderMoves(b, c, out);
      const std::set<Point> got(out.begin(), out.end());
      CHECK(got.size() == out.size());
      for (Point p : out) CHECK(b.isLegal(p, c));
      for (Point p : b.emptyPoints()) {
        if (b.isLegal(p, c) && captureCount(b, p, c) > 0) CHECK(got.count(p) == 1);
      }
    }
  }
}
