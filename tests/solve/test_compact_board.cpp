// The compact solver board against engine::Board, move for move over random games on
// every size from 1x1 to 5x5 and on rectangles up to 32 points; geometry symmetries.
#include <catch2/catch.hpp>

#include <array>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "solve/compact_board.hpp"

using engine::Color;
using namespace solve;

namespace {

// Same colours on every point, same ko point and colour.
void requireSame(const CompactBoard& c, const engine::Board& e) {
  const Geometry& g = c.geometry();
  for (int p = 0; p < g.points(); ++p) REQUIRE(c.at(p) == e.at(g.x(p), g.y(p)));
  if (e.koPoint() == engine::NO_POINT) {
    REQUIRE(c.koPoint() == -1);
  } else {
    REQUIRE(c.koPoint() == g.point(e.x(e.koPoint()), e.y(e.koPoint())));
    REQUIRE(c.koColor() == e.koColor());
  }
}

// Plays a random game on both boards, comparing legality of every point for both
// colours before each move, and the boards and captures after it.
void crossCheck(int w, int h, uint64_t seed, bool suicide) {
  const Geometry g(w, h);
  CompactBoard c(g);
  engine::Board e(w, h);
  c.setAllowSuicide(suicide);
  e.setAllowSuicide(suicide);
  engine::Rng rng(seed);
  Color side = Color::Black;
  for (int move = 0; move < 6 * g.points() + 10; ++move) {
    INFO("size " << w << "x" << h << " seed " << seed << " move " << move);
    std::vector<int> legal;
    for (int p = 0; p < g.points(); ++p) {
      for (Color col : {Color::Black, Color::White}) {
        const bool el = e.isLegal(e.point(g.x(p), g.y(p)), col);
        REQUIRE(c.isLegal(p, col) == el);
        if (col == side && el) legal.push_back(p);
      }
    }
    if (legal.empty() || rng.below(12) == 0) {
      c.pass(side);
      e.pass(side);
    } else {
      const int p = legal[rng.below(static_cast<uint32_t>(legal.size()))];
      const int before = e.captures(Color::Black) + e.captures(Color::White);
      const Mask removed = c.play(p, side);
      e.play(e.point(g.x(p), g.y(p)), side);
      REQUIRE(popcount(removed) == e.captures(Color::Black) + e.captures(Color::White) - before);
    }
    requireSame(c, e);
    REQUIRE(CompactBoard::fromEngine(g, e).hash() == c.hash());
    side = engine::opponent(side);
  }
}

}  // namespace

TEST_CASE("compact board matches the engine board on every small size") {
  for (int w = 1; w <= 5; ++w) {
    for (int h = 1; h <= 5; ++h) {
      for (uint64_t seed = 1; seed <= 12; ++seed) crossCheck(w, h, seed * 31 + w * 7 + h, false);
    }
  }
}

TEST_CASE("compact board matches the engine board on rectangles up to 32 points") {
  const std::pair<int, int> sizes[] = {{1, 32}, {32, 1}, {2, 16}, {8, 4}, {4, 8}, {6, 5}, {3, 10}};
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 6; ++seed) crossCheck(w, h, seed, false);
  }
}

TEST_CASE("compact board matches the engine board with suicide allowed") {
  for (int s = 2; s <= 5; ++s) {
    for (uint64_t seed = 1; seed <= 10; ++seed) crossCheck(s, s, seed + 100, true);
  }
  crossCheck(4, 8, 7, true);
}

TEST_CASE("geometry symmetries are permutations and agree with mask mapping") {
  for (auto [w, h] : {std::pair{4, 4}, std::pair{5, 5}, std::pair{3, 5}, std::pair{4, 8}}) {
    const Geometry g(w, h);
    CHECK(g.symmetries() == (w == h ? 8 : 4));
    for (int s = 0; s < g.symmetries(); ++s) {
      Mask image = 0;
      for (int p = 0; p < g.points(); ++p) {
        CHECK(g.unmapPoint(s, g.mapPoint(s, p)) == p);
        CHECK(g.mapMask(s, Mask{1} << p) == Mask{1} << g.mapPoint(s, p));
        image |= Mask{1} << g.mapPoint(s, p);
        // Neighbours map to neighbours.
        for (Mask n = g.neighbours(p); n; n &= n - 1) {
          CHECK((g.neighbours(g.mapPoint(s, p)) >> g.mapPoint(s, lowestBit(n)) & 1) == 1);
        }
      }
      CHECK(image == g.all());
    }
  }
}

TEST_CASE("the centre-first order of the points") {
  // 3x3: the centre, then the sides' middles, then the corners, each in point order.
  const Geometry g3(3, 3);
  const std::vector<int> expected3{4, 1, 3, 5, 7, 0, 2, 6, 8};
  for (int i = 0; i < 9; ++i) CHECK(g3.centreFirst()[i] == expected3[i]);
  // 4x3 (rows of 4): the two centre points b2 and c2 first, the corners a1, d1, a3, d3 last.
  const Geometry g43(4, 3);
  CHECK(g43.centreFirst()[0] == 5);
  CHECK(g43.centreFirst()[1] == 6);
  for (int i = 8; i < 12; ++i) CHECK(std::vector<int>{0, 3, 8, 11}[i - 8] == g43.centreFirst()[i]);
  // Every shape: a permutation, ranks its inverse, distance to the centre never falling,
  // and points the same distance away in point order.
  for (int w = 1; w <= 8; ++w) {
    for (int h = 1; w * h <= MAX_POINTS; ++h) {
      const Geometry g(w, h);
      Mask seen = 0;
      int lastDistance = -1, lastPoint = -1;
      for (int i = 0; i < g.points(); ++i) {
        const int p = g.centreFirst()[i];
        seen |= Mask{1} << p;
        CHECK(g.centreRank(p) == i);
        const int dx = 2 * g.x(p) - (w - 1), dy = 2 * g.y(p) - (h - 1);
        const int distance = dx * dx + dy * dy;
        CHECK(distance >= lastDistance);
        if (distance == lastDistance) CHECK(p > lastPoint);
        lastDistance = distance, lastPoint = p;
      }
      CHECK(seen == g.all());
    }
  }
}

TEST_CASE("symmetry images by delta swaps agree with the byte tables on every shape") {
  // Geometry::images (both halves of a key at once) and minImage (the smallest image and
  // its first symmetry) against mapMask per half, on random pairs of sets, for every
  // board of at most 32 points (sparse ones included, so that images tie).
  engine::Rng rng(11);
  int shapes = 0;
  for (int w = 1; w <= MAX_POINTS; ++w) {
    for (int h = 1; w * h <= MAX_POINTS; ++h) {
      const Geometry g(w, h);
      ++shapes;
      std::array<uint64_t, 8> image;
      for (int i = 0; i < 200; ++i) {
        Mask low = rng.next() & rng.next() & g.all(), high = rng.next() & g.all() & ~low;
        if (i % 4 == 0) low &= rng.next() & rng.next(), high &= rng.next() & rng.next();
        g.images(low | high << 32, image);
        uint64_t smallest = low | high << 32;
        int first = 0;
        for (int s = 0; s < g.symmetries(); ++s) {
          INFO(w << "x" << h << " symmetry " << s);
          const uint64_t slow = g.mapMask(s, low) | g.mapMask(s, high) << 32;
          REQUIRE(image[s] == slow);
          if (slow < smallest) smallest = slow, first = s;
        }
        int sym = -1;
        INFO(w << "x" << h << " low " << low << " high " << high);
        REQUIRE(g.minImage(low | high << 32, sym) == smallest);
        REQUIRE(sym == first);
      }
    }
  }
  CHECK(shapes == 119);
}

TEST_CASE("compact board refuses bad sizes and bad stones") {
  CHECK_THROWS_AS(Geometry(6, 6), engine::InputError);
  CHECK_THROWS_AS(Geometry(0, 3), engine::InputError);
  CHECK_NOTHROW(Geometry(1, 32));
  const Geometry g(3, 3);
  CompactBoard b(g);
  CHECK_THROWS_AS(b.setStones(1, 1), engine::InputError);
  CHECK_THROWS_AS(b.setStones(Mask{1} << 9, 0), engine::InputError);
  // A white stone in the corner with both neighbours black has no liberty.
  CHECK_THROWS_AS(b.setStones(0b000000010 | 0b000001000, 1), engine::InputError);
}

TEST_CASE("area score counts stones and one-coloured regions") {
  const Geometry g(3, 3);
  // X X .     A2 is surrounded by black (one point); C3 touches both colours (dame):
  // . X O     5 black stones + 1 point against 2 white stones.
  // X X O
  CompactBoard b(g);
  b.setStones(0b011010011, 0b100100000);
  CHECK(b.areaScore() == 4);
}
