// The speed paths of the board against their plain versions: neighbour counts (checked
// by checkConsistency after every move elsewhere, and here against the colours), and
// the playout's quick area count against areaScore on the final position.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"

using namespace engine;

TEST_CASE("neighbour counts follow the colours", "[fast]") {
  Board b = parseBoard(R"(
    X O .
    X X O
    O . .)");
  auto count = [&](int x, int y, Color c) { return b.neighbourCount(b.point(x, y), c); };
  CHECK(count(0, 1, Color::Black) == 2);  // X above, X to the right
  CHECK(count(0, 1, Color::White) == 1);  // O below
  CHECK(count(0, 1, Color::Empty) == 0);
  CHECK(count(0, 1, Color::Border) == 1);
  CHECK(count(2, 2, Color::White) == 1);
  CHECK(count(2, 2, Color::Empty) == 1);
  CHECK(count(2, 2, Color::Border) == 2);
  b.play(b.point(1, 2), Color::Black);  // captures the white corner stone at (0, 2)
  CHECK(b.at(0, 2) == Color::Empty);
  CHECK(count(0, 1, Color::Empty) == 1);
  CHECK(count(0, 1, Color::White) == 0);
  CHECK(b.checkConsistency().empty());
  REQUIRE(b.undo());
  CHECK(count(0, 1, Color::White) == 1);
  CHECK(count(0, 1, Color::Empty) == 0);
  CHECK(b.checkConsistency().empty());
}

TEST_CASE("the playout's quick count equals the area score", "[fast]") {
  const std::pair<int, int> sizes[] = {{1, 1}, {2, 2}, {3, 3}, {5, 5}, {9, 9}, {13, 9}, {19, 19}};
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      Board b(w, h);
      RandomPlayer player(seed);
      // Short move caps leave unfinished positions, where the full count is needed.
      const int cap = seed % 3 == 0 ? w * h / 2 + 1 : 3 * w * h;
      const PlayoutResult r = playout(b, Color::Black, player, cap, 7.5);
      INFO(w << "x" << h << " seed " << seed);
      CHECK(r.margin == areaScore(b, 7.5).margin());
      CHECK(b.checkConsistency().empty());
    }
  }
}
