// The ladder reader (engine/prior/ladder.hpp) on hand-made ladders, against its
// copying twin on random games, and the ladder feature of the move model.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/prior/features.hpp"
#include "engine/prior/ladder.hpp"

using namespace engine;
using prior::FeatureContext;
using prior::MoveFeatures;

namespace {
Point at(const Board& b, const char* vertex) {
  return b.point(*parseVertex(vertex, b.size()));
}

MoveFeatures featuresOf(const Board& b, Color toMove, const char* move) {
  FeatureContext ctx;
  ctx.reset(b, toMove, NO_POINT, NO_POINT);
  return ctx.features(at(b, move));
}

// White D4 between black C4, D5 and E3: black D3 starts a ladder that runs up and to the
// right. With `breaker` a white stone on G7 stands in its path.
Board ladderStart(bool breaker) {
  return parseBoard(std::string(". . . . . . . . .\n"
                                ". . . . . . . . .\n") +
                    (breaker ? ". . . . . . O . .\n" : ". . . . . . . . .\n") +
                    ". . . . . . . . .\n"
                    ". . . X . . . . .\n"
                    ". . X O . . . . .\n"
                    ". . . . X . . . .\n"
                    ". . . . . . . . .\n"
                    ". . . . . . . . .\n");
}
}  // namespace

TEST_CASE("ladder: works on an open board, fails against a breaker") {
  for (bool breaker : {false, true}) {
    INFO("breaker " << breaker);
    Board b = ladderStart(breaker);
    const uint64_t hash = b.hash();
    // Black D3 puts D4 in atari; the ladder captures it unless G7 is white.
    const MoveFeatures f = featuresOf(b, Color::Black, "D3");
    CHECK(f.value[prior::G_ATARI] == 2);
    CHECK(f.value[prior::G_LADDER] == (breaker ? 2u : 1u));
    // Black E4 is an atari too; white D3 then runs down and to the left, to the corner,
    // where G7 does not help: captured either way.
    CHECK(featuresOf(b, Color::Black, "E4").value[prior::G_LADDER] == 1);
    // White to move after black D3: extending at E4 is the escape the ladder still
    // catches without the breaker.
    b.play(at(b, "D3"), Color::Black);
    int budget = prior::LADDER_BUDGET;
    CHECK(prior::ladderCaptured(b, at(b, "D4"), budget) == !breaker);
    const MoveFeatures e = featuresOf(b, Color::White, "E4");
    CHECK(e.value[prior::G_ESCAPE] != 0);
    CHECK(e.value[prior::G_LADDER] == (breaker ? 4u : 3u));
    b.undo();
    CHECK(b.hash() == hash);
  }
}

TEST_CASE("ladder: an exhausted budget counts as an escape") {
  Board b = ladderStart(false);
  b.play(at(b, "D3"), Color::Black);
  int budget = 3;
  CHECK_FALSE(prior::ladderCaptured(b, at(b, "D4"), budget));
  int twin = 3;
  CHECK_FALSE(prior::ladderCapturedByCopying(b, at(b, "D4"), twin));
  CHECK(budget == twin);
}

TEST_CASE("ladder reader equals its copying twin after random games") {
  int atari = 0, captured = 0, attacks = 0;
  for (int side : {9, 13}) {
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      Board b(side, side);
      RandomPlayer player(seed * 31 + static_cast<uint64_t>(side));
      Color c = Color::Black;
      for (int move = 0; move < side * side; ++move) {
        if (move % 3 == 0) {
          const uint64_t hash = b.hash();
          for (int y = 0; y < side; ++y) {
            for (int x = 0; x < side; ++x) {
              const Point p = b.point(x, y);
              if (!isStone(b.at(p)) || b.chainHead(p) != p) continue;
              const int libs = b.liberties(p);
              for (int start : {prior::LADDER_BUDGET, 7}) {
                int fast = start, slow = start;
                INFO("side " << side << " seed " << seed << " move " << move << " point " << p);
                if (libs == 1) {
                  const bool r = prior::ladderCaptured(b, p, fast);
                  REQUIRE(r == prior::ladderCapturedByCopying(b, p, slow));
                  if (start == prior::LADDER_BUDGET) {
                    ++atari;
                    captured += r ? 1 : 0;
                  }
                } else if (libs == 2) {
                  const bool r = prior::ladderAttackWorks(b, p, fast);
                  REQUIRE(r == prior::ladderAttackWorksByCopying(b, p, slow));
                  attacks += start == prior::LADDER_BUDGET && r ? 1 : 0;
                }
                REQUIRE(fast == slow);
                REQUIRE(b.hash() == hash);
              }
            }
          }
        }
        const Point p = player.choose(b, c);
        p == PASS ? b.pass(c) : b.play(p, c);
        c = opponent(c);
      }
    }
  }
  // The random games must exercise both answers.
  CHECK(captured > 0);
  CHECK(captured < atari);
  CHECK(attacks > 0);
}
