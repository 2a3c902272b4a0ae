// Line-of-sight path influence: the templates (counts, shape, symmetry), small golden
// diagrams, and the incremental overlay against its from-scratch twin after every move
// (play and undo) of random games on 9x9, 19x19, 13x9 and 1001x1001.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <set>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/influence/path_influence.hpp"

using namespace engine;

namespace {

const PathTemplates::Offset& offsetOf(const PathTemplates& t, int dx, int dy) {
  for (const auto& o : t.offsets()) {
    if (o.dx == dx && o.dy == dy) return o;
  }
  FAIL("no offset " << dx << "," << dy);
  return t.offsets().front();
}

// Plays a random game, checking the overlay after every move, then undoes it all,
// checking after every undo. Suicide may be allowed to exercise self-capture.
void twinGame(int w, int h, uint64_t seed, int moves, bool suicide) {
  Board b(w, h);
  b.setAllowSuicide(suicide);
  PathInfluence overlay(b);
  RandomPlayer player(seed);
  Rng rng(seed ^ 0x5555);
  Color c = Color::Black;
  int played = 0;
  for (int m = 0; m < moves; ++m, c = opponent(c)) {
    Point p = player.choose(b, c);
    if (suicide && rng.below(8) == 0) {
      const auto empties = b.emptyPoints();
      if (!empties.empty()) {
        const Point q = empties[rng.below(static_cast<uint32_t>(empties.size()))];
        if (b.isLegal(q, c)) p = q;
      }
    }
    if (p == PASS) {
      b.pass(c);
    } else {
      b.play(p, c);
    }
    overlay.afterPlay(b);
    ++played;
    INFO("size " << w << "x" << h << " seed " << seed << " move " << m);
    REQUIRE(overlay.checkConsistency(b) == "");
  }
  for (int m = played; m > 0; --m) {
    overlay.beforeUndo(b);
    REQUIRE(b.undo());
    INFO("size " << w << "x" << h << " seed " << seed << " undo to " << m - 1);
    REQUIRE(overlay.checkConsistency(b) == "");
  }
  for (int32_t v : overlay.map().values) REQUIRE(v == 0);
}

}  // namespace

TEST_CASE("path templates: counts, shape and symmetry") {
  const PathTemplates& t = *PathTemplates::standard();
  CHECK(t.offsets().size() == 60);  // 4 * (1 + 2 + 3 + 4 + 5)
  // Hand counts: straight lines have one path, (1,1) two, (2,1) all three monotone
  // paths, (2,2) the four staircases that stay next to the diagonal.
  CHECK(offsetOf(t, 1, 0).pathCount == 1);
  CHECK(offsetOf(t, 0, -5).pathCount == 1);
  CHECK(offsetOf(t, 1, 1).pathCount == 2);
  CHECK(offsetOf(t, 2, 1).pathCount == 3);
  CHECK(offsetOf(t, 2, 2).pathCount == 4);
  CHECK(offsetOf(t, 1, 0).weight == 65536);
  CHECK(offsetOf(t, 1, 1).weight == 16384);  // f(2) / 2
  CHECK(offsetOf(t, 2, 1).weight == 5461);   // round(16384 / 3)
  int64_t perSource = 0;
  for (const auto& o : t.offsets()) {
    perSource += o.pathCount;
    // Symmetric under reflections and the diagonal transpose.
    CHECK(offsetOf(t, -o.dx, o.dy).pathCount == o.pathCount);
    CHECK(offsetOf(t, o.dy, o.dx).pathCount == o.pathCount);
    // Every path is a chain of unit steps from the source ending at the terminus,
    // never moving away from it.
    for (int k = 0; k < o.pathCount; ++k) {
      int px = 0, py = 0;
      for (int i = 0; i < o.distance; ++i) {
        const XY q = t.points()[o.firstPoint + static_cast<uint32_t>(k * o.distance + i)];
        CHECK(std::abs(q.x - px) + std::abs(q.y - py) == 1);
        CHECK(std::abs(o.dx - q.x) + std::abs(o.dy - q.y) == o.distance - i - 1);
        px = q.x;
        py = q.y;
      }
    }
  }
  // The set is symmetric: each path reversed is a path of the opposite offset (the
  // overlay's terminus update relies on it).
  std::set<std::vector<std::pair<int, int>>> all;
  for (const auto& o : t.offsets()) {
    for (int k = 0; k < o.pathCount; ++k) {
      std::vector<std::pair<int, int>> path;
      for (int i = 0; i < o.distance; ++i) {
        const XY q = t.points()[o.firstPoint + static_cast<uint32_t>(k * o.distance + i)];
        path.emplace_back(q.x, q.y);
      }
      all.insert(path);
    }
  }
  for (const auto& path : all) {
    // Seen from the terminus: the earlier points then the source, shifted by -terminus.
    const auto [tx, ty] = path.back();
    std::vector<std::pair<int, int>> back;
    for (size_t i = path.size() - 1; i-- > 0;)
      back.emplace_back(path[i].first - tx, path[i].second - ty);
    back.emplace_back(-tx, -ty);
    CHECK(all.count(back) == 1);
  }
  CHECK(all.size() == 188);
  CHECK(perSource == t.pathsPerSource());
  CHECK(t.pathsPerSource() == 188);
  CHECK(t.pathsOnBoard(19, 19) == 53728);
  // The trie holds each path once: its weighted nodes are the paths.
  int64_t weighted = 0;
  for (const auto& n : t.nodes()) weighted += n.weight != 0;
  CHECK(weighted == t.pathsPerSource());
  CHECK_THROWS_AS(PathTemplates(PathParams{0, 0.5, 1 << 16}), InputError);
  CHECK_THROWS_AS(PathTemplates(PathParams{5, 1.5, 1 << 16}), InputError);
}

TEST_CASE("path influence golden values") {
  // A lone stone: a terminus at distance d collects N * round(f(d) / N).
  Board b(7, 7);
  b.play(b.point(3, 3), Color::Black);
  const InfluenceMap m = pathInfluenceScratch(b, *PathTemplates::standard());
  CHECK(m.at(3, 3) == 0);
  CHECK(m.at(4, 3) == 65536);
  CHECK(m.at(3, 1) == 32768);
  CHECK(m.at(4, 4) == 32768);
  CHECK(m.at(5, 4) == 3 * 5461);
  CHECK(m.at(0, 0) == 0);  // distance 6: out of reach
  CHECK(m.at(0, 1) == 7 * offsetOf(*PathTemplates::standard(), -3, -2).weight);
  CHECK(m.at(0, 5) == m.at(0, 1));
  // On a line, stones block the paths that cross them and occupied termini read 0.
  const Board line = parseBoard("X . O . .\n");
  CHECK(pathInfluenceScratch(line, *PathTemplates::standard()).values ==
        std::vector<int32_t>{0, 0, 0, -65536, -32768});
  // The overlay agrees with the scratch computation on both.
  CHECK(PathInfluence(b).map() == m);
  CHECK(PathInfluence(line).map().values == std::vector<int32_t>{0, 0, 0, -65536, -32768});
}

TEST_CASE("a path blocked in its middle is removed and restored exactly") {
  Board b(9, 1);
  PathInfluence overlay(b);
  b.play(b.point(0, 0), Color::Black);
  overlay.afterPlay(b);
  CHECK(overlay.at(5, 0) == 4096);
  b.play(b.point(3, 0), Color::White);
  overlay.afterPlay(b);
  CHECK(overlay.at(5, 0) == -32768);  // black is cut off; white's distance-2 path
  CHECK(overlay.at(2, 0) == 32768 - 65536);
  overlay.beforeUndo(b);
  b.undo();
  CHECK(overlay.at(5, 0) == 4096);
  CHECK(overlay.checkConsistency(b) == "");
}

TEST_CASE("path overlay equals its twin after every move and undo", "[random]") {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    twinGame(9, 9, seed, 200, false);
    twinGame(19, 19, seed + 10, 250, false);
    twinGame(13, 9, seed + 20, 200, false);
    twinGame(9, 9, seed + 30, 250, true);
  }
  twinGame(1, 1, 1, 4, false);
  twinGame(2, 3, 2, 30, true);
  twinGame(1, 12, 3, 40, false);
}

TEST_CASE("path overlay on 1001x1001", "[random][huge]") {
  // Random legal moves in a 24x24 window at the bottom-right corner (so that stones meet,
  // capture and touch the edges) and a few anywhere, checked after every move and undo.
  Board b(1001, 1001);
  PathInfluence overlay(b);
  Rng rng(77);
  Color c = Color::Black;
  int played = 0;
  for (int m = 0; m < 300; ++m, c = opponent(c)) {
    Point p = PASS;
    for (int tries = 0; tries < 50 && p == PASS; ++tries) {
      const bool far = rng.below(20) == 0;
      const int x = far ? static_cast<int>(rng.below(1001)) : 977 + static_cast<int>(rng.below(24));
      const int y = far ? static_cast<int>(rng.below(1001)) : 977 + static_cast<int>(rng.below(24));
      const Point q = b.point(x, y);
      if (b.isLegal(q, c) && !b.isEyeOf(q, c)) p = q;
    }
    if (p == PASS) {
      b.pass(c);
    } else {
      b.play(p, c);
    }
    overlay.afterPlay(b);
    ++played;
    if (m % 10 == 0 || b.lastRecord().captured.size() > 0) {
      INFO("move " << m);
      REQUIRE(overlay.checkConsistency(b) == "");
    }
  }
  REQUIRE(overlay.checkConsistency(b) == "");
  for (; played > 0; --played) {
    overlay.beforeUndo(b);
    REQUIRE(b.undo());
    if (played % 25 == 0) REQUIRE(overlay.checkConsistency(b) == "");
  }
  REQUIRE(overlay.checkConsistency(b) == "");
}
