// The incremental board against its from-scratch twin (Board::checkConsistency) after
// every move of many random games, and undo back to the start.
#include <catch2/catch.hpp>

#include "engine/board/board.hpp"
#include "engine/board/game.hpp"
#include "engine/board/random_player.hpp"

using namespace engine;

namespace {

// Plays a random game with suicide allowed or not, checking after every `every` moves,
// then undoes every move checking hash and colours against the recorded history.
void randomGameRoundTrip(int w, int h, uint64_t seed, bool suicide, int maxMoves, int every) {
  Board b(w, h);
  b.setAllowSuicide(suicide);
  RandomPlayer player(seed);
  Rng rng(seed * 7 + 3);
  std::vector<uint64_t> hashes{b.hash()};
  std::vector<std::vector<Color>> snapshots;
  const bool snap = w * h <= 400;
  if (snap) snapshots.push_back(b.colorsRowMajor());
  Color c = Color::Black;
  int passes = 0;
  for (int m = 0; m < maxMoves && passes < 2; ++m) {
    Point p = player.choose(b, c);
    // Now and then try a suicidal or eye-filling move too, when the rules allow it.
    if (suicide && rng.below(10) == 0) {
      const auto empties = b.emptyPoints();
      const Point q = empties.empty() ? PASS : empties[rng.below(static_cast<uint32_t>(empties.size()))];
      if (q != PASS && b.isLegal(q, c)) p = q;
    }
    if (p == PASS) {
      b.pass(c);
      ++passes;
    } else {
      REQUIRE(b.isLegal(p, c));
      const uint64_t expected = b.hashAfter(p, c);
      b.play(p, c);
      REQUIRE(b.hash() == expected);
      passes = 0;
    }
    hashes.push_back(b.hash());
    if (snap) snapshots.push_back(b.colorsRowMajor());
    if (m % every == 0) {
      const std::string err = b.checkConsistency();
      INFO("size " << w << "x" << h << " seed " << seed << " move " << m);
      REQUIRE(err.empty());
    }
    c = opponent(c);
  }
  REQUIRE(b.checkConsistency().empty());
  for (size_t i = hashes.size() - 1; i > 0; --i) {
    REQUIRE(b.undo());
    REQUIRE(b.hash() == hashes[i - 1]);
    if (snap) REQUIRE(b.colorsRowMajor() == snapshots[i - 1]);
    if (i % every == 0) REQUIRE(b.checkConsistency().empty());
  }
  REQUIRE_FALSE(b.undo());
  REQUIRE(b.emptyPoints().size() == static_cast<size_t>(w * h));
  REQUIRE(b.checkConsistency().empty());
}

}  // namespace

TEST_CASE("random games keep the incremental board consistent", "[random]") {
  const std::pair<int, int> sizes[] = {{5, 5}, {9, 9}, {19, 19}, {13, 9}, {2, 3}, {1, 1}, {1, 7}};
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      randomGameRoundTrip(w, h, seed, false, 3 * w * h + 10, 1);
      randomGameRoundTrip(w, h, seed + 100, true, 3 * w * h + 10, 1);
    }
  }
}

TEST_CASE("random moves on 1001x1001 keep the board consistent", "[random][huge]") {
  randomGameRoundTrip(1001, 1001, 5, false, 20000, 5000);
}

TEST_CASE("game: superko, passes and undo", "[game]") {
  Game g({5, 5});
  CHECK(g.toMove() == Color::Black);
  CHECK(g.play(g.board().point(2, 2), Color::Black) == MoveError::None);
  CHECK(g.play(g.board().point(2, 2), Color::White) == MoveError::Occupied);
  CHECK(g.play(PASS, Color::White) == MoveError::None);
  CHECK(g.play(PASS, Color::Black) == MoveError::None);
  CHECK(g.over());
  CHECK(g.play(g.board().point(0, 0), Color::White) == MoveError::GameOver);
  CHECK(g.undo());
  CHECK_FALSE(g.over());
  CHECK(g.toMove() == Color::Black);
  CHECK(g.undo());
  CHECK(g.undo());
  CHECK_FALSE(g.undo());
  CHECK(g.board().hash() == 0);
  CHECK(g.check(Point(9999999), Color::Black) == MoveError::OffBoard);
  CHECK(g.check(g.board().point(1, 1), Color::Empty) == MoveError::WrongColor);
}

TEST_CASE("positional superko forbids recreating the empty board", "[game]") {
  // On 1x2 a stone captures the other: B a, W b captures a? No: on 1x2, B plays a
  // (one liberty b), W plays b and captures a, giving a board with one white stone.
  Game g({2, 1});
  const Point a = g.board().point(0, 0), b = g.board().point(1, 0);
  REQUIRE(g.play(a, Color::Black) == MoveError::None);
  CHECK(g.check(b, Color::White) == MoveError::None);  // captures a: new position
  REQUIRE(g.play(b, Color::White) == MoveError::None);
  CHECK(g.board().at(a) == Color::Empty);
  // Black recapturing at a would recreate "black at a" (seen): superko, and simple ko.
  CHECK(g.check(a, Color::Black) != MoveError::None);
  CHECK(g.play(PASS, Color::Black) == MoveError::None);
  CHECK(g.check(a, Color::Black) == MoveError::Superko);
}

TEST_CASE("baseline self-play finishes 19x19 games by passes", "[game]") {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Game g({19, 19});
    playRandomGame(g, seed, 3 * 361);
    CHECK(g.over());
    CHECK(g.board().checkConsistency().empty());
  }
}
