// The window search of huge boards (engine/play/local_search.hpp): its window, its
// window count against the area count, the board it keeps in step with the game, legal
// moves to the end of complete games, and a capture it must not miss.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"
#include "engine/play/local_search.hpp"

using namespace engine;

namespace {

LocalSearchParams quick(int window, int playouts, uint64_t seed = 3) {
  LocalSearchParams p;
  p.window = window;
  p.playouts = playouts;
  p.seed = seed;
  return p;
}

// True when c has a move isLocalCandidate accepts anywhere that superko allows.
bool anyCandidate(const Game& game, Color c) {
  Board b = game.board();
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Point p = b.point(x, y);
      if (isLocalCandidate(b, p, c) && !game.seen(b.hashAfter(p, c))) return true;
    }
  }
  return false;
}

}  // namespace

TEST_CASE("the local window is centred on its point and clamped to the board") {
  LocalRegion r = windowAround(10, 10, 7, 101, 101);
  CHECK(r.x0 == 7);
  CHECK(r.x1 == 13);
  CHECK(r.y0 == 7);
  CHECK(r.y1 == 13);
  r = windowAround(0, 100, 7, 101, 101);  // a corner
  CHECK(r.x0 == 0);
  CHECK(r.x1 == 6);
  CHECK(r.y0 == 94);
  CHECK(r.y1 == 100);
  r = windowAround(3, 2, 15, 9, 5);  // a window bigger than the board: the whole board
  CHECK(r.x0 == 0);
  CHECK(r.x1 == 8);
  CHECK(r.y0 == 0);
  CHECK(r.y1 == 4);
  CHECK(r.contains(8, 4));
  CHECK_FALSE(r.contains(9, 4));
}

TEST_CASE("the window count of a whole played-out board equals the area count") {
  // A random game to its end leaves only single-point empty regions, where the window
  // count's neighbour rule and the area count's flood fill must agree.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Game g({9, 9});
    playRandomGame(g, seed, 3 * 81);
    const Board& b = g.board();
    const Score s = areaScore(b, 0);
    const LocalRegion all{0, 0, b.width() - 1, b.height() - 1};
    INFO("seed " << seed);
    CHECK(regionMargin(b, all) == static_cast<int>(s.black - s.white));
  }
}

TEST_CASE("a window counts only its own points, with neighbours outside it") {
  const Board b = parseBoard(
      ". X . O .\n"
      "X X . O O\n"
      ". . . . .\n");
  // Columns 0-1, rows 0-1: three black stones and a black eye.
  CHECK(regionMargin(b, LocalRegion{0, 0, 1, 1}) == 4);
  // Column 2, rows 0-1: (2,0) between X and O is nobody's, (2,1) too (X left, O right).
  CHECK(regionMargin(b, LocalRegion{2, 0, 2, 1}) == 0);
  // Columns 3-4, row 0: a white stone and a point next to white only.
  CHECK(regionMargin(b, LocalRegion{3, 0, 4, 0}) == -2);
}

TEST_CASE("the local searcher's board follows the game, and is rebuilt after an undo") {
  Game g({13, 13});
  LocalSearcher s(quick(7, 8));
  RandomPlayer r(11);
  int undos = 0;
  for (int i = 0; i < 120 && !g.over(); ++i) {
    // Mix the searcher's moves with random ones and take some back.
    if (i % 3 == 0) {
      g.play(r.choose(g), g.toMove());
    } else if (i % 17 == 5 && g.undo()) {
      ++undos;
    } else {
      const LocalSearchResult res = s.choose(g);
      REQUIRE(g.play(res.move, g.toMove()) == MoveError::None);
    }
    s.choose(g);  // syncs (and searches) without playing
    REQUIRE(s.board() != nullptr);
    REQUIRE(s.board()->hash() == g.board().hash());
    REQUIRE(s.board()->koPoint() == g.board().koPoint());
  }
  CHECK(undos > 0);
  CHECK(s.rebuilds() == 1 + undos);  // the first copy, then one a take-back
}

TEST_CASE("local self-play plays legal moves to the end and passes only with no candidate") {
  for (uint64_t seed : {1u, 2u}) {
    Game g({25, 25});
    LocalSearcher s(quick(9, 16, seed));
    int moves = 0;
    while (!g.over() && moves < 3 * 625) {
      const Color c = g.toMove();
      const LocalSearchResult res = s.choose(g);
      if (res.move == PASS) {
        INFO("seed " << seed << ", move " << moves);
        CHECK_FALSE(anyCandidate(g, c));
      } else {
        // The move lies in the searched window, and the window around its focus.
        CHECK(res.region.contains(g.board().x(res.move), g.board().y(res.move)));
        CHECK(res.candidates > 0);
      }
      REQUIRE(g.play(res.move, c) == MoveError::None);
      ++moves;
    }
    CHECK(g.over());
    CHECK(moves > 625);  // the board was filled, not abandoned
  }
}

TEST_CASE("the local search answers next to the opponent's last move and takes a big capture") {
  // The white chain of five has one liberty, at (9,4). White has just played at (10,6);
  // Black must capture.
  const Board b = parseBoard(
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . X X X X X . . . .\n"
      ". . . X O O O O O . . . .\n"
      ". . . . X X X X X . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n"
      ". . . . . . . . . . . . .\n");
  Game g = gameFromBoard(b, Color::White, Rules{});
  const Point last = g.board().point(10, 6);
  REQUIRE(g.play(last, Color::White) == MoveError::None);
  for (uint64_t seed : {1u, 2u, 3u}) {
    LocalSearcher s(quick(9, 200, seed));
    const LocalSearchResult res = s.choose(g);
    INFO("seed " << seed);
    CHECK(res.focus == last);
    CHECK(res.move == g.board().point(9, 4));
  }
}
