// Territory: groups, safety and status, proto-territory, dead stones and the score
// estimate on small diagrams.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/score.hpp"
#include "engine/territory/territory.hpp"

using namespace engine;

namespace {

// Status of the group holding the stone at (x, y).
GroupStatus statusAt(const Evaluation& ev, int x, int y) {
  const int32_t g = ev.groupOf[static_cast<size_t>(y) * ev.width + x];
  REQUIRE(g >= 0);
  return ev.groups[g].status;
}

Owner ownerAt(const Evaluation& ev, int x, int y) {
  return ev.ownership[static_cast<size_t>(y) * ev.width + x];
}

}  // namespace

TEST_CASE("a group with two eyes is alive", "[territory]") {
  const Board b = parseBoard(R"(
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X . .
    X . X . X . .
    X X X X X . .
    . . . . . . .)");
  const Evaluation ev = evaluate(b, 0);
  REQUIRE(ev.groups.size() == 1);
  CHECK(statusAt(ev, 0, 3) == GroupStatus::Alive);
  CHECK(ev.groups[0].eyes >= 2.0);
  CHECK(ev.groups[0].safety == 1.0);
  CHECK(ev.deadStones.empty());
}

TEST_CASE("a one-eyed group inside the opponent's area is dead", "[territory]") {
  const Board b = parseBoard(R"(
    . O . O X . . . .
    O O O O X . . . .
    O X X O X . . . .
    O . X O X . . . .
    O X X O X X X X X
    O O O O O O O O O
    . . . . . . . . .
    . O . . . . . O .
    . . . . . . . . .)");
  const Evaluation ev = evaluate(b, 0);
  CHECK(statusAt(ev, 1, 2) == GroupStatus::Dead);
  CHECK(statusAt(ev, 0, 5) == GroupStatus::Alive);
  CHECK(statusAt(ev, 4, 0) != GroupStatus::Dead);
  CHECK(ev.deadStones.size() == 5);
  // The dead stones and their eye count for White.
  CHECK(ownerAt(ev, 1, 2) == Owner::White);
  CHECK(ownerAt(ev, 1, 3) == Owner::White);
}
