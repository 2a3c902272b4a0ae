// Final status by heavy playouts (engine/play/final_status.hpp): the corner of a real
// game whose capturing race the light playouts misread, and the reader's basic contract.
#include <cmath>

#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/play/final_status.hpp"
#include "engine/territory/detail.hpp"
#include "engine/territory/overlay.hpp"
#include "engine/territory/territory.hpp"

using namespace engine;

namespace {

GroupStatus statusAt(const Evaluation& ev, int x, int y) {
  const int32_t g = ev.groupOf[static_cast<size_t>(y) * ev.width + x];
  REQUIRE(g >= 0);
  return ev.groups[g].status;
}

// The final position of the Fox record 1448111950019999364 (pro19 corpus; White won by
// 1.5 with komi 6.5 under territory counting, 4 prisoners each). Top left: a black
// chain of six with an eye at the corner inside a white group of sixteen whose eye at
// (0, 3) is spoiled by the lone white stone at (0, 2): neither captures the other.
const char* const CORNER_RACE = R"(
  . X . X O O X . . . . . . X X O . . .
  X X X O O X . X . . . . . X O O . . .
  O X O O O X X . . . . . X X O . . . .
  . O O O X X O X . X X . X O O O . . .
  O O . O X . O X X O X . . X O . . . .
  X O O X O O O . X O X X X X O . O . .
  X X X X O X O O O O X O X O O . . . .
  . . . X X X X X O O O O O . . . . . .
  . . . . . . . . X X X X O . . . . . .
  . . . O . . . . . . . X O . O . . O .
  . . . X X X X X O O . O X O . X . . .
  X X . X O X O O X O . . X O O X . X .
  O X X O O X O X X X . X . X O X O . .
  O O O O O O O O O X . . . X X O O . O
  . O X X X O . . O X . . . X O . . O .
  O O . X O . O O X X X X X X O O O . O
  O X X X O O . O X O O X O O X X O O X
  X . . X X X O . O . O O O X . X X X X
  . X . . X O O . . . . O X . X . . . .)";

}  // namespace

TEST_CASE("heavy playouts read a corner race the light playouts kill", "[final_status]") {
  const Board b = parseBoard(CORNER_RACE);
  const double komi = 6.5, recorded = -1.5;
  TerritoryParams light;
  light.playouts = 100;
  const Evaluation before = evaluate(b, komi, light);
  // The light reading: both corner groups dead, a 24-point miss.
  CHECK(statusAt(before, 4, 0) == GroupStatus::Dead);
  CHECK(statusAt(before, 1, 0) == GroupStatus::Dead);
  CHECK(std::fabs(before.territoryMargin() - recorded) > 10);
  const TerritoryParams heavyParams = finalStatusParams(light, FinalStatusParams{});
  CHECK_FALSE(heavyParams.readerForPoints);
  const Evaluation after = evaluate(b, komi, heavyParams);
  // Heavy playouts: neither side captures, both keep their stones (a seki in the
  // game); the rest of the board reads the same.
  CHECK(statusAt(after, 4, 0) != GroupStatus::Dead);
  CHECK(statusAt(after, 1, 0) != GroupStatus::Dead);
  CHECK(statusAt(after, 8, 10) == GroupStatus::Dead);   // white stones in Black's area
  CHECK(statusAt(after, 15, 10) == GroupStatus::Dead);  // black stones in White's area
  INFO("light " << before.territoryMargin() << ", heavy " << after.territoryMargin());
  CHECK(std::fabs(after.territoryMargin() - recorded) <= 2);
}

TEST_CASE("heavy ownership: settled points, determinism, board shape", "[final_status]") {
  // Two walls with two eyes each: every playout ends with the same owners.
  const Board b = parseBoard(R"(
    . X . X O . O .
    X X X X O O O O
    . . . X O . . .
    . . . X O . . .
    . . . X O . . .
    X X X X O O O O
    . X . X O . O .)");
  FinalStatusParams fs;
  fs.playouts = 40;
  const std::vector<float> own = heavyOwnership(b, fs);
  REQUIRE(own.size() == 8u * 7u);
  for (int y = 0; y < 7; ++y) {
    CHECK(own[y * 8 + 0] == 1.f);
    CHECK(own[y * 8 + 7] == -1.f);
  }
  CHECK(heavyOwnership(b, fs) == own);
  fs.playouts = 0;
  CHECK(heavyOwnership(b, fs) == std::vector<float>(8u * 7u, 0.f));
  // finalStatusParams turns the check on only when it was off, and installs the reader.
  TerritoryParams base;
  fs.playouts = 30;
  CHECK(finalStatusParams(base, fs).playouts == 30);
  base.playouts = 100;
  const TerritoryParams p = finalStatusParams(base, fs);
  CHECK(p.playouts == 100);
  REQUIRE(p.ownershipReader);
  CHECK(p.ownershipReader(b) == heavyOwnership(b, fs));
}

TEST_CASE("territory overlay with the heavy reader equals its twin", "[final_status]") {
  // After every move and now and then an undo of a random 9x9 game, the overlay's
  // evaluation with the heavy-playout check equals evaluate() with the same parameters.
  FinalStatusParams fs;
  fs.playouts = 8;
  TerritoryParams base;
  base.playouts = 8;
  const TerritoryParams p = finalStatusParams(base, fs);
  Board b(BoardSize{9, 9});
  TerritoryOverlay overlay(b, 7.5, p);
  RandomPlayer player(31);
  Color toMove = Color::Black;
  int passes = 0, checked = 0;
  for (int m = 0; m < 120 && passes < 2; ++m) {
    if (b.undoDepth() > 0 && player.rng().below(8) == 0) {
      overlay.beforeUndo(b);
      REQUIRE(b.undo());
    } else {
      const Point q = player.choose(b, toMove);
      if (q == PASS) {
        b.pass(toMove);
        ++passes;
      } else {
        b.play(q, toMove);
        passes = 0;
      }
      overlay.afterPlay(b);
    }
    toMove = opponent(toMove);
    INFO("step " << m);
    REQUIRE(overlay.checkConsistency(b) == "");
    ++checked;
  }
  CHECK(checked > 80);
}
