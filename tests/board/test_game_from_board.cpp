// gameFromBoard: a Game set up from a bare Board's stones and a side to move.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/game.hpp"

using namespace engine;

namespace {
Point at(const Board& b, const char* vertex) {
  return b.point(*parseVertex(vertex, b.size()));
}
}  // namespace

TEST_CASE("gameFromBoard copies the stones, the side to move and the rules", "[game]") {
  Board b = parseBoard(R"(
    . X O . .
    X . X O .
    . X O . .
    . . . . .)");
  b.play(at(b, "B3"), Color::White);  // captures nothing; the board keeps an undo frame
  const Game g = gameFromBoard(b, Color::White, Rules::named("japanese"));
  CHECK(boardToString(g.board()) == boardToString(b));
  CHECK(g.board().hash() == b.hash());
  CHECK(g.board().size() == b.size());
  CHECK(g.toMove() == Color::White);
  CHECK(g.rules().komi == 6.5);
  CHECK(g.rules().scoring == ScoringRule::Territory);
  CHECK(g.moves().empty());
  CHECK(g.consecutivePasses() == 0);
  CHECK(g.board().undoDepth() == 0);
  CHECK(g.board().checkConsistency().empty());
  // The set-up position and the empty board are both in the superko history.
  CHECK(g.seen(b.hash()));
  CHECK(g.seen(Board(b.size()).hash()));
}

TEST_CASE("gameFromBoard: the game plays on under its own rules", "[game]") {
  const Board b = parseBoard(R"(
    . X .
    X X .
    . . .)");
  Game chinese = gameFromBoard(b, Color::White);
  const Point a3 = at(b, "A3");  // White here would be suicide
  CHECK(chinese.check(a3, Color::White) == MoveError::Suicide);
  CHECK(chinese.check(a3, Color::Black) == MoveError::None);
  CHECK(chinese.play(at(b, "C1"), Color::White) == MoveError::None);
  CHECK(chinese.toMove() == Color::Black);
  CHECK(chinese.undo());
  CHECK_FALSE(chinese.undo());  // the setup itself cannot be undone

  // Suicide allowed, but the lone stone's suicide recreates the set-up position (PSK).
  CHECK(gameFromBoard(b, Color::White, Rules::named("tromp-taylor")).check(a3, Color::White) ==
        MoveError::Superko);
  Rules simpleKo = Rules::named("tromp-taylor");
  simpleKo.ko = KoRule::Simple;
  Game tt = gameFromBoard(b, Color::White, simpleKo);
  CHECK(tt.play(a3, Color::White) == MoveError::None);  // the stone goes at once
  CHECK(tt.board().at(a3) == Color::Empty);
  CHECK(tt.board().captures(Color::White) == 1);
}

TEST_CASE("gameFromBoard on an empty board and on bad input", "[game]") {
  const Board empty(19, 13);
  const Game g = gameFromBoard(empty, Color::Black);
  CHECK(g.board().size() == BoardSize{19, 13});
  CHECK(g.board().hash() == empty.hash());
  CHECK(g.toMove() == Color::Black);
  CHECK_THROWS_AS(gameFromBoard(empty, Color::Empty), InputError);
  CHECK_THROWS_AS(gameFromBoard(empty, Color::Border), InputError);
  // A chain without liberties (possible on a bare Board through setColors) is refused.
  Board dead(2, 1);
  const Color colors[] = {Color::Black, Color::White};
  dead.setColors(colors);
  REQUIRE(dead.hasChainWithoutLiberties());
  CHECK_THROWS_AS(gameFromBoard(dead, Color::Black), InputError);
}
