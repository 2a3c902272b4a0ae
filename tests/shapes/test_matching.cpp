// Matching: the bit board frame, single placements on diagrams, the bit-parallel sweep
// against the naive per-placement scan, and batch matching.
#include <catch2/catch.hpp>

#include <algorithm>
#include <tuple>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/shapes/shapes.hpp"

using namespace engine;

namespace {

const ShapeLibrary& starter() {
  static const ShapeLibrary lib =
      ShapeLibrary::load(std::string(FGO_SOURCE_DIR) + "/engine/shapes/library/starter.shapes");
  return lib;
}

// Instances of the named shape (any variant) in a full scan.
std::vector<Instance> instancesOf(const ShapeLibrary& lib, const BitBoard& bb,
                                  const std::string& name) {
  std::vector<Instance> all, out;
  ShapeMatcher(lib).scan(bb, all);
  for (const Instance& in : all) {
    if (lib.shapes()[lib.patterns()[in.pattern].shape].name == name) out.push_back(in);
  }
  return out;
}

// A board after `moves` random moves (random player, simple ko).
Board randomPosition(int w, int h, uint64_t seed, int moves) {
  Board b(w, h);
  RandomPlayer player(seed);
  Color c = Color::Black;
  for (int i = 0; i < moves; ++i) {
    const Point p = player.choose(b, c);
    if (p == PASS) break;
    b.play(p, c);
    c = opponent(c);
  }
  return b;
}

}  // namespace

TEST_CASE("bit board: 2-bit rows with an off-board frame, any size") {
  BitBoard bb(13, 9, 3);
  CHECK(bb.paddedWidth() == 19);
  CHECK(bb.paddedHeight() == 15);
  CHECK(bb.get(0, 0) == CELL_EMPTY);
  CHECK(bb.get(-1, 0) == CELL_OFF);
  CHECK(bb.get(-3, -3) == CELL_OFF);
  CHECK(bb.get(13, 8) == CELL_OFF);
  CHECK(bb.get(12, 9) == CELL_OFF);
  CHECK(bb.get(15, 11) == CELL_OFF);
  bb.set(12, 8, CELL_WHITE);
  bb.set(0, 4, CELL_BLACK);
  CHECK(bb.get(12, 8) == CELL_WHITE);
  CHECK(bb.get(0, 4) == CELL_BLACK);
  CHECK(bb.plane(CELL_WHITE, 8 + 3)[0] == uint64_t{1} << 15);
  // Row bits straddling a word boundary.
  BitBoard wide(40, 2, 1);
  wide.set(31, 0, CELL_BLACK);
  wide.set(32, 0, CELL_WHITE);
  CHECK((wide.rowBits(1, 2 * 32) & 0xF) == (CELL_BLACK | CELL_WHITE << 2));
  BitBoard big(1001, 1001, 6);
  big.set(1000, 1000, CELL_BLACK);
  CHECK(big.get(1000, 1000) == CELL_BLACK);
  CHECK(big.get(1001, 1000) == CELL_OFF);
  CHECK_THROWS_AS(BitBoard(1002, 3, 2), InputError);
  CHECK_THROWS_AS(BitBoard(5, 5, 0), InputError);
  const Board b = parseBoard("X . O\n. X .\n");
  const BitBoard fb = BitBoard::fromBoard(b, 2);
  CHECK(fb.get(0, 0) == CELL_BLACK);
  CHECK(fb.get(2, 0) == CELL_WHITE);
  CHECK(fb.get(1, 1) == CELL_BLACK);
  CHECK(fb.get(1, 0) == CELL_EMPTY);
}

TEST_CASE("shapes are found where the diagram has them") {
  const ShapeLibrary& lib = starter();
  const int pad = framePad(lib);
  SECTION("bamboo joint, both colours") {
    const Board b = parseBoard(R"(
      . . . . . . .
      . X X . . . .
      . . . . O . O
      . X X . O . O
      . . . . . . .)");
    const BitBoard bb = BitBoard::fromBoard(b, pad);
    const auto found = instancesOf(lib, bb, "bamboo_joint");
    REQUIRE(found.size() == 2);
    CHECK(lib.patterns()[found[0].pattern].owner != lib.patterns()[found[1].pattern].owner);
    for (const Instance& in : found) {
      const Pattern& p = lib.patterns()[in.pattern];
      if (p.owner == Color::Black) {
        CHECK(in.x == 1);
        CHECK(in.y == 1);
        CHECK(p.width == 2);
      } else {
        CHECK(in.x == 4);
        CHECK(in.y == 2);
        CHECK(p.height == 2);
      }
    }
  }
  SECTION("an empty triangle is bad shape, a filled one is not") {
    const Board b = parseBoard(R"(
      . . . . .
      . X X . .
      . X . . .
      . . . X X
      . . . X O
      . . . . .)");
    const BitBoard bb = BitBoard::fromBoard(b, pad);
    const auto found = instancesOf(lib, bb, "empty_triangle");
    REQUIRE(found.size() == 1);
    CHECK(found[0].x == 1);
    CHECK(found[0].y == 1);
  }
  SECTION("corner and edge eyes only where the board ends") {
    const Board b = parseBoard(R"(
      . X . . . X .
      X X . . . X X
      . . . . . . .
      . X X X . . .
      . X . X . . .
      . X X . . . .)");
    const BitBoard bb = BitBoard::fromBoard(b, pad);
    const auto corner = instancesOf(lib, bb, "eye_corner_full");
    REQUIRE(corner.size() == 2);
    for (const Instance& in : corner) CHECK(in.y == -1);
    // The point (2,4) has four X sides and three X diagonals: a full eye in the centre.
    const auto centre = instancesOf(lib, bb, "eye_center_full");
    REQUIRE(centre.size() == 1);
    CHECK(centre[0].x == 1);
    CHECK(centre[0].y == 3);
    CHECK(instancesOf(lib, bb, "eye_center_open_side").empty());
    CHECK(instancesOf(lib, bb, "eye_edge_full").empty());
  }
  SECTION("a joseki stage is anchored to the corner") {
    Board b(19, 19);
    b.play(b.point(15, 3), Color::Black);  // the 4-4 point of the top-right corner
    const BitBoard bb = BitBoard::fromBoard(b, pad);
    const auto found = instancesOf(lib, bb, "hoshi");
    REQUIRE(found.size() == 1);
    CHECK(lib.patterns()[found[0].pattern].owner == Color::Black);
    CHECK(instancesOf(lib, bb, "komoku").empty());
    // Empty corners hold no joseki stage at all.
    Board e(19, 19);
    CHECK(instancesOf(lib, BitBoard::fromBoard(e, pad), "hoshi").empty());
  }
}

TEST_CASE("the bit-parallel sweep finds exactly what the per-placement scan finds") {
  const ShapeLibrary& lib = starter();
  const ShapeMatcher matcher(lib);
  const int sizes[][2] = {{9, 9}, {19, 19}, {13, 9}, {5, 17}, {1, 1}, {2, 3}, {70, 40}};
  uint64_t seed = 1;
  for (const auto& s : sizes) {
    for (int fill : {0, 20, 60, 95}) {
      const Board b = randomPosition(s[0], s[1], seed++, s[0] * s[1] * fill / 100);
      const BitBoard bb = BitBoard::fromBoard(b, framePad(lib));
      std::vector<Instance> fast;
      matcher.scan(bb, fast);
      std::sort(fast.begin(), fast.end());
      auto naive = scanNaive(lib, bb);
      std::sort(naive.begin(), naive.end());
      INFO(s[0] << "x" << s[1] << " fill " << fill);
      REQUIRE(fast == naive);
      CHECK(matcher.count(bb) == naive.size());
    }
  }
  // A frame too small for the library is refused, not read out of bounds.
  CHECK_THROWS_AS(matcher.count(BitBoard(9, 9, 1)), InputError);
}

TEST_CASE("the sweep's vector paths agree with the naive scan at their width limits") {
  // Seed library: frame 2, so widths 28/29 put the padded row at 32/33 points (the last
  // width with 32-bit lanes, the first with 64-bit lanes) and 60/61 at 64/65 (the last
  // with 64-bit lanes, the first word-by-word). Heights cover partial vector blocks and
  // boards taller than one chunk of blocks.
  const ShapeLibrary seed =
      ShapeLibrary::load(std::string(FGO_SOURCE_DIR) + "/engine/shapes/library/seed.shapes");
  const ShapeMatcher matcher(seed);
  const int sizes[][2] = {{28, 3},  {28, 41}, {29, 5}, {29, 18}, {30, 1},  {60, 2},
                          {60, 19}, {61, 7},  {62, 4}, {7, 300}, {31, 70}, {3, 2}};
  uint64_t rngSeed = 100;
  for (const auto& s : sizes) {
    for (int fill : {15, 50, 90}) {
      const Board b = randomPosition(s[0], s[1], rngSeed++, s[0] * s[1] * fill / 100);
      const BitBoard bb = BitBoard::fromBoard(b, framePad(seed));
      std::vector<Instance> fast;
      matcher.scan(bb, fast);
      INFO(s[0] << "x" << s[1] << " fill " << fill);
      // scan's order: pattern, then row, then column.
      CHECK(std::is_sorted(fast.begin(), fast.end(), [](const Instance& a, const Instance& c) {
        return std::tie(a.pattern, a.y, a.x) < std::tie(c.pattern, c.y, c.x);
      }));
      std::sort(fast.begin(), fast.end());
      auto naive = scanNaive(seed, bb);
      std::sort(naive.begin(), naive.end());
      REQUIRE(fast == naive);
      CHECK(matcher.count(bb) == naive.size());
      if (fill == 50) CHECK(!naive.empty());
    }
  }
}

TEST_CASE("batch matching on 1 and 2 threads equals one-by-one matching") {
  const ShapeLibrary& lib = starter();
  const ShapeMatcher matcher(lib);
  std::vector<BitBoard> boards;
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    boards.push_back(BitBoard::fromBoard(
        randomPosition(19, 19, seed, 40 + 8 * static_cast<int>(seed)), framePad(lib)));
  }
  std::vector<uint32_t> expected;
  for (const BitBoard& bb : boards) expected.push_back(static_cast<uint32_t>(matcher.count(bb)));
  CHECK(matcher.countBatch(boards, 1) == expected);
  CHECK(matcher.countBatch(boards, 2) == expected);
  CHECK(matcher.countBatch(boards, 0) == expected);
}
