// Move features on hand-made diagrams, their symmetry and colour invariance, and the
// incremental extraction against its play-it-out twin after random games.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/symmetry.hpp"
#include "engine/prior/features.hpp"
#include "engine/prior/pattern3.hpp"
#include "engine/prior/spatial.hpp"

using namespace engine;
using prior::FeatureContext;
using prior::MoveFeatures;

namespace {
Point at(const Board& b, const char* vertex) {
  return b.point(*parseVertex(vertex, b.size()));
}

MoveFeatures featuresOf(const Board& b, Color toMove, const char* move, Point last = NO_POINT) {
  FeatureContext ctx;
  ctx.reset(b, toMove, last, NO_POINT);
  return ctx.features(at(b, move));
}

// The board after symmetry s (square boards).
Board transformed(const Board& b, int s) {
  Board out(b.size());
  std::vector<Color> colors(static_cast<size_t>(b.size().points()));
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const XY to = applySymmetry(s, {x, y}, b.size());
      colors[static_cast<size_t>(to.y * b.width() + to.x)] = b.at(x, y);
    }
  }
  out.setColors(colors);
  return out;
}

Board randomBoard(int size, int moves, uint64_t seed) {
  Board b(size, size);
  RandomPlayer player(seed);
  Color c = Color::Black;
  for (int i = 0; i < moves; ++i) {
    const Point p = player.choose(b, c);
    if (p == PASS) {
      b.pass(c);
    } else {
      b.play(p, c);
    }
    c = opponent(c);
  }
  return b;
}
}  // namespace

TEST_CASE("capture features: the last move's stone, two stones, a single stone") {
  const Board b = parseBoard(
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . X . . . .\n"
      ". X O X . . .\n"
      ". . . . . . .\n"
      ". O O . . . .\n"
      ". X X O . . .\n");
  // C3 takes the white stone at C4: a single stone, or the last move's stone.
  CHECK(featuresOf(b, Color::Black, "C3").value[prior::G_CAPTURE] == 4);
  CHECK(featuresOf(b, Color::Black, "C3", at(b, "C4")).value[prior::G_CAPTURE] == 1);
  // White A1 takes B1 and C1.
  CHECK(featuresOf(b, Color::White, "A1").value[prior::G_CAPTURE] == 3);
  // Black E1 and D2 capture nothing but put D1 in atari.
  CHECK(featuresOf(b, Color::Black, "E1").value[prior::G_CAPTURE] == 0);
  CHECK(featuresOf(b, Color::Black, "E1").value[prior::G_ATARI] == 2);
  CHECK(featuresOf(b, Color::Black, "D2").value[prior::G_ATARI] == 2);
}

TEST_CASE("a capture next to our chain in atari; the capturing stone is self-atari") {
  const Board b = parseBoard(
      ". . . . .\n"
      ". . . . .\n"
      "O O . . .\n"
      "X X O . .\n"
      ". O X . .\n");
  // Black A1 takes B1, which touches A2-B2 (in atari). Afterwards A1-A2-B2 has only B1.
  const MoveFeatures f = featuresOf(b, Color::Black, "A1");
  CHECK(f.value[prior::G_CAPTURE] == 2);
  CHECK(f.value[prior::G_SELF_ATARI] == 3);
  CHECK(f.value[prior::G_ESCAPE] == 0);
  CHECK(featuresOf(b, Color::Black, "A1", at(b, "B1")).value[prior::G_CAPTURE] == 1);
  const MoveFeatures twin =
      prior::tacticalFeaturesByPlaying(b, Color::Black, NO_POINT, at(b, "A1"));
  for (int g :
       {prior::G_CAPTURE, prior::G_ESCAPE, prior::G_SELF_ATARI, prior::G_ATARI, prior::G_LADDER}) {
    CHECK(f.value[g] == twin.value[g]);
  }
}

TEST_CASE("atari, self-atari and escape") {
  const Board b = parseBoard(
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . O . . .\n"
      ". . O X O . .\n"
      ". . . . . . .\n"
      ". . . . X O .\n"
      "O . . . . X .\n");
  // Black F3 puts the white stone F2 in atari (F3 and G2 were its liberties).
  const MoveFeatures atari = featuresOf(b, Color::Black, "F3");
  CHECK(atari.value[prior::G_ATARI] == 2);
  CHECK(atari.value[prior::G_SELF_ATARI] == 0);
  // Black B1 next to white A1: black B1 has A2? no: B1 touches A1 (white), C1, B2 - not
  // self-atari. Black A2 touches A1 (white), A3, B2: two liberties, and ataris A1.
  CHECK(featuresOf(b, Color::Black, "A2").value[prior::G_ATARI] == 2);
  // Black D3 extends D4 (in atari: D3 is its only liberty) to C3, E3, D2: escape 3+.
  const MoveFeatures esc = featuresOf(b, Color::Black, "D3");
  CHECK(esc.value[prior::G_ESCAPE] == 2);
  // The same when the last move (E4) put it in atari.
  CHECK(featuresOf(b, Color::Black, "D3", at(b, "E4")).value[prior::G_ESCAPE] == 4);
  // White G1 is self-atari of one stone (F1 black, G2 empty is its only liberty).
  const MoveFeatures self = featuresOf(b, Color::White, "G1");
  CHECK(self.value[prior::G_SELF_ATARI] == 1);
  // White G2 joins F2: the chain F2-G2 has G1, G3, F3... not self-atari.
  CHECK(featuresOf(b, Color::White, "G2").value[prior::G_SELF_ATARI] == 0);
}

TEST_CASE("edge and distance features") {
  const Board b(19, 19);
  FeatureContext ctx;
  ctx.reset(b, Color::Black, at(b, "D4"), at(b, "Q16"));
  const MoveFeatures f = ctx.features(at(b, "E6"));
  CHECK(f.value[prior::G_EDGE] == 5);                   // E6: the 5th line from the left
  CHECK(f.value[prior::G_DIST_LAST] == 1 + 2 + 2 - 1);  // dx 1, dy 2: d = 5
  CHECK(f.value[prior::G_DIST_BEFORE] == 16);           // far: d >= 17
  CHECK(ctx.features(at(b, "A1")).value[prior::G_EDGE] == 1);
  CHECK(ctx.features(at(b, "C17")).value[prior::G_EDGE] == 3);
  CHECK(ctx.features(PASS).value[prior::G_PASS] == 1);
  ctx.reset(b, Color::Black, PASS, NO_POINT);
  CHECK(ctx.features(PASS).value[prior::G_PASS] == 2);
  CHECK(ctx.features(at(b, "K10")).value[prior::G_DIST_LAST] == 0);
}

TEST_CASE("3x3 pattern classes: 8 symmetries give one id") {
  uint64_t state = 12345;
  for (int i = 0; i < 2000; ++i) {
    state = splitmix64(state);
    const uint32_t code = static_cast<uint32_t>(state) & (prior::PATTERN3_CODES - 1);
    for (int s = 0; s < 8; ++s) {
      CHECK(prior::pattern3Id(prior::pattern3Transform(code, s)) == prior::pattern3Id(code));
      CHECK(prior::pattern3Transform(prior::pattern3Transform(code, s), invertSymmetry(s)) == code);
    }
  }
  // Between 2^20 / 8 and 2^20 classes.
  CHECK(prior::pattern3Count() > prior::PATTERN3_CODES / 8);
  CHECK(prior::pattern3Count() < prior::PATTERN3_CODES / 4);
  CHECK(prior::pattern3Canonical(prior::pattern3Id(0)) == 0);
}

TEST_CASE("features are the same on the 8 transformed boards") {
  const Board b = randomBoard(9, 50, 7);
  FeatureContext ctx, ctxT;
  for (int s = 0; s < 8; ++s) {
    const Board t = transformed(b, s);
    ctx.reset(b, Color::Black, NO_POINT, NO_POINT);
    ctxT.reset(t, Color::Black, NO_POINT, NO_POINT);
    for (Point p : b.emptyPoints()) {
      const Point q = t.point(applySymmetry(s, b.xy(p), b.size()));
      CHECK(ctx.features(p).value[prior::G_PATTERN3] == ctxT.features(q).value[prior::G_PATTERN3]);
      CHECK(prior::spatialHashes(b, p, Color::Black) == prior::spatialHashes(t, q, Color::Black));
      CHECK(prior::spatialHashesOriented(b, p, Color::Black, 0) !=
            prior::spatialHashesOriented(b, p, Color::White, 0));
    }
  }
}

TEST_CASE("swapping colours and the side to move keeps every feature") {
  const Board b = randomBoard(9, 60, 11);
  std::vector<Color> colors = b.colorsRowMajor();
  for (Color& c : colors) {
    if (isStone(c)) c = opponent(c);
  }
  Board swapped(b.size());
  swapped.setColors(colors);
  const prior::SpatialDictionary dict(
      {{prior::spatialHashes(b, b.emptyPoints()[0], Color::Black)[0], 3}});
  FeatureContext ctx, ctxS;
  const Point last = b.point(4, 4), before = b.point(2, 6);
  ctx.reset(b, Color::Black, last, before, &dict);
  ctxS.reset(swapped, Color::White, last, before, &dict);
  int spatialHits = 0;
  for (Point p : b.emptyPoints()) {
    if (!b.isLegal(p, Color::Black)) continue;
    CHECK(ctx.features(p) == ctxS.features(p));
    CHECK(prior::pattern3SwapColors(ctx.pattern3Code(p)) ==
          [&] {  // the same code seen by the other player
            FeatureContext other;
            other.reset(b, Color::White, last, before);
            return other.pattern3Code(p);
          }());
    spatialHits += ctx.features(p).value[prior::G_SPATIAL] != 0;
  }
  CHECK(spatialHits >= 1);
}

TEST_CASE("incremental features match the play-it-out twin after random games") {
  FeatureContext ctx;
  std::vector<Point> cands;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Board b(9, 9);
    RandomPlayer player(seed);
    Color c = Color::Black;
    Point last = NO_POINT;
    for (int move = 0; move < 160; ++move) {
      if (move % 4 == 0) {
        ctx.reset(b, c, last, NO_POINT);
        for (int y = 0; y < 9; ++y) {
          for (int x = 0; x < 9; ++x) {
            const Point q = b.point(x, y);
            if (isStone(b.at(q))) REQUIRE(ctx.libertyClass(q) == std::min(b.liberties(q), 4));
          }
        }
        ctx.candidates(cands);
        for (Point p : cands) {
          const MoveFeatures fast = ctx.features(p);
          const MoveFeatures slow = prior::tacticalFeaturesByPlaying(b, c, last, p);
          for (int g : {prior::G_CAPTURE, prior::G_ESCAPE, prior::G_SELF_ATARI, prior::G_ATARI,
                        prior::G_LADDER}) {
            INFO("seed " << seed << " move " << move << " group " << prior::groupName(g));
            REQUIRE(fast.value[g] == slow.value[g]);
          }
        }
      }
      const Point p = player.choose(b, c);
      if (p == PASS) {
        b.pass(c);
      } else {
        b.play(p, c);
      }
      last = p;
      c = opponent(c);
    }
  }
}
