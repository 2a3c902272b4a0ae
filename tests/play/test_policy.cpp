// Playout policy and priors (engine/play/policy.hpp): patterns, tactics, self-atari,
// and that heavy playouts answer ataris and take captures that uniform play ignores.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/play/policy.hpp"

using namespace engine;

namespace {
Point at(const Board& b, int x, int y) {
  return b.point(x, y);
}
}  // namespace

TEST_CASE("3x3 patterns: hane and cut match, empty space does not") {
  // Hane: X O X above the centre, empty row below -> matches at (1, 1).
  Board b = parseBoard(R"(
    X O X .
    . . . .
    . . . .
    . . . .)");
  CHECK(matchesPattern3x3(b, at(b, 1, 1)));
  // Colour-swapped and rotated (hane from the left side).
  Board b2 = parseBoard(R"(
    . . . . .
    . O . . .
    . X . . .
    . O . . .
    . . . . .)");
  CHECK(matchesPattern3x3(b2, at(b2, 2, 2)));
  // Cut 1 (unprotected cut): X O / O . with the other diagonals not O.
  Board b3 = parseBoard(R"(
    . . . . .
    . X O . .
    . O . . .
    . . . . .
    . . . . .)");
  CHECK(matchesPattern3x3(b3, at(b3, 2, 2)));
  Board empty(9, 9);
  CHECK_FALSE(matchesPattern3x3(empty, at(empty, 4, 4)));
  CHECK_FALSE(matchesPattern3x3(empty, at(empty, 0, 0)));
  // A lone stone diagonal to the point matches nothing.
  Board b4 = parseBoard(R"(
    . . . . .
    . X . . .
    . . . . .
    . . . . .
    . . . . .)");
  CHECK_FALSE(matchesPattern3x3(b4, at(b4, 2, 2)));
}

TEST_CASE("capture count and self-atari") {
  Board b = parseBoard(R"(
    . X O . .
    X O O . .
    . X X . .
    . . . . .
    . . . . .)");
  // The three white stones have two liberties, (3,0) and (3,1): nothing to capture yet.
  CHECK(captureCount(b, at(b, 3, 0), Color::Black) == 0);
  b.play(at(b, 3, 1), Color::Black);
  CHECK(captureCount(b, at(b, 3, 0), Color::Black) == 3);
  Board c = parseBoard(R"(
    . . . . .
    . O O X .
    . X X . .
    . . . . .
    . . . . .)");
  // White extending at (0,1): the chain keeps (0,0), (0,2), (1,0) and (2,0).
  CHECK_FALSE(isSelfAtari(c, at(c, 0, 1), Color::White, 2));
  // Black playing (0,1) next to white: one stone with libs (0,0),(0,2): not atari.
  CHECK_FALSE(isSelfAtari(c, at(c, 0, 1), Color::Black, 1));
  Board d = parseBoard(R"(
    . O . . .
    O . O . .
    . . . . .
    . . . . .
    . . . . .)");
  // Black at (1,1) has the single liberty (1,2): a one-stone self-atari.
  CHECK(isSelfAtari(d, at(d, 1, 1), Color::Black, 1));
  CHECK_FALSE(isSelfAtari(d, at(d, 1, 1), Color::Black, 2));
  const uint64_t h = d.hash();
  CHECK(d.hash() == h);
  CHECK(d.checkConsistency().empty());
}

TEST_CASE("heavy policy answers an atari and captures") {
  // White just played (3,1), putting the black pair in atari; extending at (1,2) gives
  // it two liberties, and no attacker is in atari.
  Board b = parseBoard(R"(
    . O O . . . .
    O X X O . . .
    . . O . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .)");
  const Point last = at(b, 3, 1);
  REQUIRE(b.inAtari(at(b, 1, 1)));
  PlayoutPolicy policy(3);
  int escapes = 0;
  for (int i = 0; i < 50; ++i) {
    if (policy.choose(b, Color::Black, last) == at(b, 1, 2)) ++escapes;
  }
  CHECK(escapes >= 45);
  // Capture: a white stone in atari next to the last move is taken.
  Board c = parseBoard(R"(
    . . . . . . .
    . . X . . . .
    . X O X . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .)");
  int captures = 0;
  for (int i = 0; i < 50; ++i) {
    if (policy.choose(c, Color::Black, at(c, 2, 2)) == at(c, 2, 3)) ++captures;
  }
  CHECK(captures >= 35);
  // Uniform play finds it rarely.
  PolicyParams light;
  light.heavy = false;
  PlayoutPolicy uniform(3, light);
  int lightCaptures = 0;
  for (int i = 0; i < 50; ++i) {
    if (uniform.choose(c, Color::Black, at(c, 2, 2)) == at(c, 2, 3)) ++lightCaptures;
  }
  CHECK(lightCaptures < 10);
}

TEST_CASE("heavy playouts stay legal and leave a consistent board") {
  for (int size : {5, 9, 13}) {
    PlayoutPolicy policy(11 + size);
    Board b(size, size);
    Color c = Color::Black;
    Point last = NO_POINT;
    int passes = 0;
    for (int m = 0; m < 3 * size * size && passes < 2; ++m) {
      const Point p = policy.choose(b, c, last);
      if (p == PASS) {
        b.pass(c);
        ++passes;
      } else {
        REQUIRE(b.isLegal(p, c));
        REQUIRE_FALSE(b.isEyeOf(p, c));
        b.play(p, c);
        passes = 0;
      }
      last = p;
      c = opponent(c);
    }
    CHECK(passes == 2);
    CHECK(b.checkConsistency().empty());
  }
}

TEST_CASE("priors favour captures and disfavour self-atari") {
  Board b = parseBoard(R"(
    . . . . . . .
    . . X . . . .
    . X O X . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .)");
  const Point capture = at(b, 2, 3), far = at(b, 6, 6);
  std::vector<Point> moves = {capture, far, PASS};
  const auto pr = computePriors(b, Color::Black, at(b, 2, 2), moves);
  REQUIRE(pr.size() == 3);
  CHECK(pr[0].wins / pr[0].visits > pr[1].wins / pr[1].visits);
  CHECK(pr[2].wins / pr[2].visits < 0.5);
  for (const Prior& p : pr) {
    CHECK(p.visits > 0);
    CHECK(p.wins <= p.visits);
  }
}
