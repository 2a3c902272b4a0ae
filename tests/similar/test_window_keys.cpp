// The incremental window keys against their from-scratch twin after random games.
#include <catch2/catch.hpp>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/rng.hpp"
#include "engine/similar/window_keys.hpp"

using namespace engine;

namespace {

// Plays `moves` random moves (taking one back now and then), checking the tracker against
// windowKeys after every play and every undo. Returns the number of captures seen.
int randomGame(BoardSize size, const WindowParams& params, bool suicide, uint64_t seed, int moves) {
  Board b(size);
  b.setAllowSuicide(suicide);
  WindowKeyTracker t(b, params);
  RandomPlayer player(seed);
  Rng rng(seed * 7 + 1);
  Color c = Color::Black;
  int captures = 0;
  for (int i = 0; i < moves; ++i) {
    if (b.undoDepth() > 0 && rng.below(6) == 0) {
      t.beforeUndo(b);
      REQUIRE(b.undo());
      c = opponent(c);
    } else {
      Point p = player.choose(b, c);
      // With suicide allowed, now and then play a suicidal point on purpose.
      if (suicide && p != PASS) {
        for (Point q : b.emptyPoints()) {
          if (b.isSuicide(q, c) && !(q == b.koPoint() && c == b.koColor())) {
            p = q;
            break;
          }
        }
      }
      if (p == PASS) {
        b.pass(c);
      } else {
        b.play(p, c);
      }
      t.afterPlay(b);
      captures += b.lastRecord().captured.empty() ? 0 : 1;
      c = opponent(c);
    }
    const std::string problem = t.checkConsistency(b);
    INFO("move " << i);
    REQUIRE(problem.empty());
  }
  return captures;
}

}  // namespace

TEST_CASE("window tracker: incremental keys equal windowKeys after random games") {
  int captures = 0;
  captures += randomGame({19, 19}, {}, false, 1, 400);
  captures += randomGame({19, 19}, {}, false, 2, 400);
  captures += randomGame({9, 9}, {3, 2}, false, 3, 300);
  captures += randomGame({13, 7}, {4, 4}, false, 4, 300);
  CHECK(captures > 10);  // the games did exercise captures
}

TEST_CASE("window tracker: suicide removes the mover's stones, undo restores them") {
  const int captures = randomGame({7, 7}, {3, 3}, true, 5, 300);
  CHECK(captures > 0);
}

TEST_CASE("window tracker: windows of a point, reset, size checks") {
  Board b(19, 19);
  WindowKeyTracker t(b);
  REQUIRE(t.keys().size() == 36);
  // The corner point lies in one window, a point at (6, 6) in 2 x 2 (origins 3 and 6).
  CHECK(t.windowsOf(b.point(0, 0)).size() == 1);
  CHECK(t.windowsOf(b.point(6, 6)).size() == 4);
  CHECK(t.windowsOf(b.point(9, 9)).size() == 4);
  for (const WindowKey& k : t.keys()) CHECK(k.key == 0);
  b.playNoUndo(b.point(9, 9), Color::Black);  // no record: the tracker must be reset
  CHECK_FALSE(t.checkConsistency(b).empty());
  t.reset(b);
  CHECK(t.checkConsistency(b).empty());
  Board other(9, 9);
  CHECK_THROWS_AS(t.reset(other), InputError);
  CHECK_FALSE(t.checkConsistency(other).empty());
}
