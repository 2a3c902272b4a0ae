// The incremental instance map against its from-scratch twin (a full rescan) after every
// play and undo of random games on several board sizes, captures and suicide included.
#include <catch2/catch.hpp>

#include <map>

#include "engine/board/random_player.hpp"
#include "engine/shapes/shapes.hpp"

using namespace engine;

namespace {

const ShapeLibrary& library(const char* name) {
  static std::map<std::string, ShapeLibrary> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    it = cache
             .emplace(name, ShapeLibrary::load(std::string(FGO_SOURCE_DIR) +
                                               "/engine/shapes/library/" + name))
             .first;
  }
  return it->second;
}

void playChecked(Board& b, ShapeMap& map, Point p, Color c) {
  if (p == PASS) {
    b.pass(c);
  } else {
    b.play(p, c);
  }
  map.afterPlay(b);
}

void undoChecked(Board& b, ShapeMap& map) {
  map.beforeUndo(b);
  REQUIRE(b.undo());
}

// A random game with the map checked after every move; now and then takes back one to
// three moves; finally undoes everything, checking all the way back.
void randomGame(const ShapeLibrary& lib, int w, int h, uint64_t seed, int maxMoves, bool suicide) {
  Board b(w, h);
  b.setAllowSuicide(suicide);
  ShapeMap map(lib, b);
  RandomPlayer player(seed);
  Rng rng(seed ^ 0xABCDEF);
  Color c = Color::Black;
  int passes = 0;
  for (int m = 0; m < maxMoves && passes < 2; ++m) {
    Point p = player.choose(b, c);
    if (suicide && rng.below(8) == 0) {
      const auto empties = b.emptyPoints();
      if (!empties.empty()) {
        const Point q = empties[rng.below(static_cast<uint32_t>(empties.size()))];
        if (b.isLegal(q, c)) p = q;
      }
    }
    passes = p == PASS ? passes + 1 : 0;
    playChecked(b, map, p, c);
    c = opponent(c);
    INFO(w << "x" << h << " seed " << seed << " move " << m);
    REQUIRE(map.checkConsistency(b) == "");
    if (rng.below(10) == 0) {
      for (int k = 1 + static_cast<int>(rng.below(3)); k > 0 && b.undoDepth() > 0; --k) {
        undoChecked(b, map);
        c = opponent(c);
        REQUIRE(map.checkConsistency(b) == "");
      }
      passes = 0;
    }
  }
  while (b.undoDepth() > 0) {
    undoChecked(b, map);
    REQUIRE(map.checkConsistency(b) == "");
  }
  CHECK(map.size() == ShapeMatcher(lib).count(BitBoard::fromBoard(b, map.bitBoard().pad())));
}

}  // namespace

TEST_CASE("incremental map equals a full rescan after every play and undo") {
  const ShapeLibrary& starter = library("starter.shapes");
  const ShapeLibrary& seed = library("seed.shapes");
  randomGame(starter, 9, 9, 1, 300, false);
  randomGame(starter, 9, 9, 2, 300, true);
  randomGame(starter, 19, 19, 3, 500, false);
  randomGame(seed, 19, 19, 4, 500, true);
  randomGame(starter, 13, 9, 5, 300, false);
  randomGame(starter, 5, 5, 6, 200, true);
  randomGame(seed, 1, 7, 7, 30, false);
}

TEST_CASE("incremental map on big boards", "[slow]") {
  randomGame(library("starter.shapes"), 61, 37, 8, 700, false);
  // 1001x1001: moves confined to the four corners and one edge, so that shapes form
  // against the far edges of the frame; checked against a full rescan every move.
  const ShapeLibrary& lib = library("seed.shapes");
  Board b(1001, 1001);
  ShapeMap map(lib, b);
  Rng rng(9);
  Color c = Color::Black;
  for (int m = 0; m < 160; ++m) {
    const int corner = static_cast<int>(rng.below(5));
    const int x = (corner & 1 ? 1001 - 7 : 0) + static_cast<int>(rng.below(7));
    const int y = corner == 4 ? 497 + static_cast<int>(rng.below(7))
                              : (corner & 2 ? 1001 - 7 : 0) + static_cast<int>(rng.below(7));
    const Point p = b.point(x, y);
    if (!b.isLegal(p, c)) continue;
    playChecked(b, map, p, c);
    c = opponent(c);
    if (m % 4 == 0) REQUIRE(map.checkConsistency(b) == "");
  }
  REQUIRE(map.checkConsistency(b) == "");
  CHECK(map.size() > 20);
  while (b.undoDepth() > 0) undoChecked(b, map);
  REQUIRE(map.checkConsistency(b) == "");
  CHECK(map.size() == 0);
}

TEST_CASE("setup stones and rebuild") {
  const ShapeLibrary& lib = library("seed.shapes");
  Board b(9, 9);
  ShapeMap map(lib, b);
  CHECK(map.size() == 0);
  map.setPoint(2, 2, CELL_BLACK);
  map.setPoint(3, 3, CELL_BLACK);
  // A diagonal connection: exactly one instance, owned by Black.
  REQUIRE(map.size() == 1);
  const Instance in = map.instances()[0];
  CHECK(lib.shapes()[lib.patterns()[in.pattern].shape].name == "diagonal_connection");
  CHECK(in.x == 2);
  CHECK(in.y == 2);
  map.setPoint(3, 2, CELL_WHITE);
  CHECK(map.size() == 0);
  map.rebuild(b);
  CHECK(map.size() == 0);
  CHECK(map.checkConsistency(b) == "");
}
