// TerritoryOverlay against its from-scratch twin evaluate(): after every move and every
// undo of random games on square and rectangular boards.
#include <algorithm>

#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/territory/overlay.hpp"

using namespace engine;

namespace {

// Plays the random player's choice for toMove (a pass when it has none); true on a pass.
bool playRandomMove(Board& b, RandomPlayer& player, Color toMove) {
  const Point p = player.choose(b, toMove);
  if (p == PASS) {
    b.pass(toMove);
    return true;
  }
  b.play(p, toMove);
  return false;
}

// Plays a random game of up to maxMoves on `size`, taking a move back now and then,
// and compares the overlay with evaluate() after each step. Returns the steps checked.
int twinGame(BoardSize size, uint64_t seed, int maxMoves, double komi,
             const TerritoryParams& params = {}) {
  Board b(size);
  TerritoryOverlay overlay(b, komi, params);
  RandomPlayer player(seed);
  Color toMove = Color::Black;
  int passes = 0, checked = 0;
  for (int m = 0; m < maxMoves && passes < 2; ++m) {
    if (b.undoDepth() > 0 && player.rng().below(8) == 0) {
      overlay.beforeUndo(b);
      REQUIRE(b.undo());
      toMove = opponent(toMove);
    } else {
      passes = playRandomMove(b, player, toMove) ? passes + 1 : 0;
      overlay.afterPlay(b);
      toMove = opponent(toMove);
    }
    INFO("size " << size.str() << " seed " << seed << " step " << m);
    REQUIRE(overlay.checkConsistency(b) == "");
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("territory overlay equals evaluate() after random moves and undos",
          "[territory][overlay]") {
  int steps = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) steps += twinGame({9, 9}, seed, 400, 7.5);
  steps += twinGame({7, 5}, 11, 300, 0.5);
  steps += twinGame({13, 9}, 12, 300, 6.5);
  steps += twinGame({19, 19}, 13, 220, 6.5);
  // Guard against a generator that ends games early: 5 games, most of them hundreds of steps.
  CHECK(steps > 600);
}

TEST_CASE("territory overlay with the playout check equals its twin", "[territory][overlay]") {
  TerritoryParams p;
  p.playouts = 8;
  CHECK(twinGame({9, 9}, 21, 150, 7.5, p) > 100);
}

TEST_CASE("territory overlay: undo and pass reuse evaluations", "[territory][overlay]") {
  Board b(9, 9);
  TerritoryOverlay overlay(b, 7.5);
  const double empty = overlay.evaluation(b).areaMargin();
  CHECK(overlay.computed() == 1);
  b.play(b.point(2, 2), Color::Black);
  overlay.afterPlay(b);
  overlay.evaluation(b);
  CHECK(overlay.computed() == 2);
  b.pass(Color::White);
  overlay.afterPlay(b);
  CHECK(overlay.checkConsistency(b) == "");
  CHECK(overlay.computed() == 2);  // the pass changed nothing
  overlay.beforeUndo(b);
  REQUIRE(b.undo());
  overlay.beforeUndo(b);
  REQUIRE(b.undo());
  CHECK(overlay.evaluation(b).areaMargin() == empty);
  CHECK(overlay.computed() == 2);  // back to the first position without recomputing
  // Setup stones: rebuild.
  Board small = parseBoard(R"(
    . X O .
    X X O .
    . X O .)");
  TerritoryOverlay o2(Board(4, 3), 0.5);
  o2.rebuild(small);
  CHECK(o2.checkConsistency(small) == "");
  CHECK(o2.evaluation(small).blackArea == 6);
}

TEST_CASE("join cache: refreshed now and then, equal to pointJoins at every point",
          "[territory][overlay]") {
  for (BoardSize size : {BoardSize{9, 9}, BoardSize{13, 9}, BoardSize{19, 19}}) {
    Board b(size);
    territory_detail::JoinCache cache;
    cache.reset(b);
    const TerritoryParams params;
    RandomPlayer player(77 + static_cast<uint64_t>(size.width));
    Color toMove = Color::Black;
    int compared = 0;
    for (int m = 0; m < 300; ++m, toMove = opponent(toMove)) {
      playRandomMove(b, player, toMove);
      cache.afterPlay(b);
      if (player.rng().below(3) != 0) continue;  // several moves between refreshes
      cache.refresh(b, params);
      for (Point e : b.emptyPoints()) {
        const territory_detail::PointJoins fresh = territory_detail::pointJoins(b, e, params);
        const territory_detail::PointJoins& kept = cache.joins[e];
        INFO("size " << size.str() << " move " << m << " point " << e);
        REQUIRE(kept.nShared == fresh.nShared);
        REQUIRE(kept.nLinked == fresh.nLinked);
        CHECK(std::equal(fresh.shared.begin(), fresh.shared.begin() + fresh.nShared,
                         kept.shared.begin()));
        CHECK(std::equal(fresh.linked.begin(), fresh.linked.begin() + fresh.nLinked,
                         kept.linked.begin()));
        ++compared;
      }
    }
    CHECK(compared > 1000);
  }
}

TEST_CASE("territory overlay asked only now and then equals its twin", "[territory][overlay]") {
  Board b(19, 19);
  TerritoryOverlay overlay(b, 6.5);
  RandomPlayer player(4242);
  Color toMove = Color::Black;
  int checked = 0;
  for (int m = 0; m < 200; ++m, toMove = opponent(toMove)) {
    playRandomMove(b, player, toMove);
    overlay.afterPlay(b);
    if (player.rng().below(5) != 0) continue;
    INFO("move " << m);
    REQUIRE(overlay.checkConsistency(b) == "");
    ++checked;
  }
  CHECK(checked > 20);
}
