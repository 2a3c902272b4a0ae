// Board basics: layout, captures, ko, suicide, undo, diagrams and hashing.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/board.hpp"
#include "engine/board/errors.hpp"

using namespace engine;

namespace {
Point at(const Board& b, const char* vertex) { return b.point(*parseVertex(vertex, b.size())); }
}  // namespace

TEST_CASE("points and neighbours on a rectangular board") {
  Board b(13, 9);
  CHECK(b.width() == 13);
  CHECK(b.height() == 9);
  CHECK(b.emptyPoints().size() == 117);
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 13; ++x) {
      const Point p = b.point(x, y);
      CHECK(b.x(p) == x);
      CHECK(b.y(p) == y);
      CHECK(b.isPoint(p));
    }
  }
  // Neighbours off the edge are border.
  CHECK(b.at(b.neighbours(b.point(0, 0))[0]) == Color::Border);
  CHECK(b.at(b.neighbours(b.point(0, 0))[1]) == Color::Border);
  CHECK(b.at(b.neighbours(b.point(12, 8))[2]) == Color::Border);
  CHECK(b.at(b.neighbours(b.point(12, 8))[3]) == Color::Border);
  CHECK_FALSE(b.isPoint(PASS));
  CHECK(b.checkConsistency().empty());
}

TEST_CASE("bad sizes are refused") {
  CHECK_THROWS_AS(Board(0, 5), InputError);
  CHECK_THROWS_AS(Board(5, -1), InputError);
  CHECK_THROWS_AS(Board(MAX_BOARD_SIDE + 1, 3), InputError);
  CHECK_NOTHROW(Board(1, 1));
  CHECK_THROWS_AS(parseBoardSize("abc"), InputError);
  CHECK_THROWS_AS(parseBoardSize("19x"), InputError);
  CHECK_THROWS_AS(parseBoardSize("0"), InputError);
  CHECK_THROWS_AS(parseBoardSize("1002"), InputError);
  CHECK_THROWS_AS(parseBoardSize("-5"), InputError);
  CHECK(parseBoardSize("19x13") == BoardSize{19, 13});
  CHECK(parseBoardSize("9:7") == BoardSize{9, 7});
  CHECK(parseBoardSize("1001") == BoardSize{1001, 1001});
}

TEST_CASE("vertex names round-trip, with two letters past 25 columns") {
  CHECK(vertexName({0, 18}, {19, 19}) == "A1");
  CHECK(vertexName({8, 0}, {19, 19}) == "J19");
  CHECK(columnName(25) == "AA");
  CHECK(columnName(26) == "AB");
  CHECK(columnName(49) == "AZ");
  CHECK(columnName(50) == "BA");
  for (const BoardSize size : {BoardSize{19, 19}, BoardSize{37, 37}, BoardSize{101, 7}, BoardSize{625, 3}, BoardSize{1001, 1001}}) {
    for (int x = 0; x < size.width; x += std::max(1, size.width / 40)) {
      for (int y = 0; y < size.height; y += std::max(1, size.height / 7)) {
        const std::string name = vertexName({x, y}, size);
        const auto back = parseVertex(name, size);
        REQUIRE(back);
        CHECK(*back == XY{x, y});
      }
    }
  }
  CHECK(parseVertex("d4", {19, 19}) == parseVertex("D4", {19, 19}));
  CHECK_FALSE(parseVertex("PASS", {19, 19}).has_value());
  for (const char* bad : {"", "I5", "Z1", "A0", "A20", "A-1", "4D", "AAA1", "(1,2", "(x,y)", "(19,0)", "A99999999999"}) {
    CHECK_THROWS_AS(parseVertex(bad, {19, 19}), InputError);
  }
}

TEST_CASE("capture, ko and undo") {
  Board b = parseBoard(R"(
    . X O .
    X O . O
    . X O .
    . . . .)");
  REQUIRE(b.checkConsistency().empty());
  const uint64_t h0 = b.hash();
  const Point c3 = at(b, "C3");  // the empty point between the white stones
  REQUIRE(b.at(c3) == Color::Empty);
  CHECK(b.isLegal(c3, Color::Black));
  b.play(c3, Color::Black);  // captures the white stone at B3
  CHECK(b.at(at(b, "B3")) == Color::Empty);
  CHECK(b.captures(Color::White) == 1);
  CHECK(b.lastRecord().captured.size() == 1);
  CHECK(b.koPoint() == at(b, "B3"));
  CHECK_FALSE(b.isLegal(at(b, "B3"), Color::White));  // ko
  CHECK(b.checkConsistency().empty());
  b.pass(Color::White);
  CHECK(b.koPoint() == NO_POINT);
  REQUIRE(b.undo());
  CHECK(b.koPoint() == at(b, "B3"));
  REQUIRE(b.undo());
  CHECK(b.hash() == h0);
  CHECK(b.at(at(b, "B3")) == Color::White);
  CHECK(b.captures(Color::White) == 0);
  CHECK(b.checkConsistency().empty());
  CHECK_FALSE(b.undo());
}

TEST_CASE("suicide is illegal unless allowed, and then removes the chain") {
  Board b = parseBoard(R"(
    . O .
    O . O
    . O .)");
  const Point a3 = b.point(0, 0);
  CHECK(b.isSuicide(a3, Color::Black));
  CHECK_FALSE(b.isLegal(a3, Color::Black));
  const Point b2 = b.point(1, 1);
  CHECK(b.isSuicide(b2, Color::Black));  // no liberty, captures nothing
  b.setAllowSuicide(true);
  CHECK(b.isLegal(b2, Color::Black));
  const uint64_t before = b.hash();
  CHECK(b.hashAfter(b2, Color::Black) == before);
  b.play(b2, Color::Black);
  CHECK(b.at(b2) == Color::Empty);
  CHECK(b.captures(Color::Black) == 1);
  CHECK(b.hash() == before);
  CHECK(b.checkConsistency().empty());
  b.undo();
  CHECK(b.checkConsistency().empty());
}

TEST_CASE("multi-stone suicide under Tromp-Taylor removes the merged chain") {
  Board b = parseBoard(R"(
    X . O .
    X O . .
    O . . .
    . . . .)");
  b.setAllowSuicide(true);
  const Point b4 = b.point(1, 0);
  const uint64_t expected = b.hashAfter(b4, Color::Black);
  b.play(b4, Color::Black);
  CHECK(b.at(b.point(0, 0)) == Color::Empty);
  CHECK(b.at(b.point(0, 1)) == Color::Empty);
  CHECK(b.captures(Color::Black) == 3);
  CHECK(b.hash() == expected);
  CHECK(b.checkConsistency().empty());
  b.undo();
  CHECK(b.at(b.point(0, 1)) == Color::Black);
  CHECK(b.checkConsistency().empty());
}

TEST_CASE("liberties and atari") {
  Board b = parseBoard(R"(
    . . . . .
    . X X . .
    . O X . .
    . . O . .
    . . . . .)");
  const Point black = b.point(1, 1);
  CHECK(b.chainSize(black) == 3);
  CHECK(b.liberties(black) == 5);
  CHECK(b.liberties(b.point(1, 2)) == 2);
  CHECK_FALSE(b.inAtari(black));
  b.play(b.point(1, 3), Color::Black);
  CHECK(b.inAtari(b.point(1, 2)));
  CHECK(b.atariLiberty(b.point(1, 2)) == b.point(0, 2));
  CHECK(b.onlyLiberty(b.point(1, 2), b.point(0, 2)));
}

TEST_CASE("eyes for the baseline player") {
  Board b = parseBoard(R"(
    . X . . .
    X . X . .
    . X O . .
    . . . . .
    . . . . .)");
  CHECK(b.isEyeOf(b.point(0, 0), Color::Black));        // corner eye
  CHECK(b.isEyeOf(b.point(1, 1), Color::Black));        // one enemy diagonal inside: still an eye
  CHECK_FALSE(b.isEyeOf(b.point(2, 0), Color::Black));  // not surrounded
  CHECK_FALSE(b.isEyeOf(b.point(1, 1), Color::White));
  Board e = parseBoard(R"(
    X . X
    O X .
    . . .)");
  CHECK_FALSE(e.isEyeOf(e.point(1, 0), Color::Black));  // edge point with an enemy diagonal
}

TEST_CASE("diagrams: golden print and errors that name the place") {
  Board b = parseBoard(R"(
     A B C
   3 . X .  3
   2 O . .  2
   1 . . X  1
     A B C)");
  CHECK(b.width() == 3);
  CHECK(boardToString(b) == ". X .\nO . .\n. . X\n");
  CHECK(boardToString(b, true) == "  A B C\n3 . X . 3\n2 O . . 2\n1 . . X 1\n  A B C\n");
  CHECK(parseBoard(boardToString(b, true)).hash() == b.hash());
  CHECK_THROWS_WITH(parseBoard(". X\n. . ."), Catch::Contains("line 2"));
  CHECK_THROWS_WITH(parseBoard(". X\n. ?"), Catch::Contains("column"));
  CHECK_THROWS_AS(parseBoard(""), InputError);
  CHECK_THROWS_WITH(parseBoard("X O\nO ."), Catch::Contains("without liberties"));
}

TEST_CASE("the hash depends on the position only") {
  Board a(9, 9), b(9, 9);
  a.play(a.point(2, 2), Color::Black);
  a.play(a.point(6, 6), Color::White);
  b.play(b.point(6, 6), Color::White);
  b.play(b.point(2, 2), Color::Black);
  CHECK(a.hash() == b.hash());
  CHECK(a.hash() != 0);
  Board c(9, 9);
  c.play(c.point(2, 2), Color::White);
  c.play(c.point(6, 6), Color::Black);
  CHECK(c.hash() != a.hash());
  // Keys do not depend on the padded layout: same (x, y) on two sizes.
  CHECK(zobristKey(3, 4, Color::Black) != zobristKey(4, 3, Color::Black));
}
