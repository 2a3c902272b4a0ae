// The Monte-Carlo GTP player: the search copy keeps the last move, the ko and the
// history; genmove reuses the previous search's subtree.
#include <catch2/catch.hpp>

#include <climits>

#include "engine/board/ascii.hpp"
#include "engine/gtp/mcts_player.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::ask;

namespace {

// A game as the GTP engine holds it: never ended by passes.
Game gtpGame(BoardSize size) {
  Rules r = Rules::named("chinese");
  r.passesToEnd = INT_MAX;
  return Game(size, r);
}

void playAll(Game& g, const std::vector<std::pair<int, int>>& xy) {
  for (auto [x, y] : xy) {
    const Point p = x < 0 ? PASS : g.board().point(x, y);
    REQUIRE(g.play(p, g.toMove()) == MoveError::None);
  }
}

}  // namespace

TEST_CASE("searchCopy keeps the moves, the last move and the hash") {
  Game g = gtpGame({9, 9});
  playAll(g, {{2, 2}, {6, 6}, {2, 6}, {6, 2}});
  const Game c = searchCopy(g, g.toMove());
  CHECK(c.moves() == g.moves());
  CHECK(c.board().hash() == g.board().hash());
  CHECK(c.rules().passesToEnd == 2);
  CHECK(c.toMove() == Color::Black);
  CHECK(c.board().checkConsistency().empty());
}

TEST_CASE("searchCopy knows the ko and the earlier positions") {
  // Black takes a ko at D3 (x 3, y 2 from the top); White may not retake at once.
  Game g = gtpGame({7, 7});
  playAll(g, {{2, 2}, {3, 2}, {3, 1}, {4, 1}, {3, 3}, {4, 3}, {6, 6}, {5, 2}});
  REQUIRE(g.play(g.board().point(4, 2), Color::Black) == MoveError::None);  // captures D3
  const Point retake = g.board().point(3, 2);
  REQUIRE(g.check(retake, Color::White) != MoveError::None);
  const Game c = searchCopy(g, Color::White);
  CHECK(c.check(retake, Color::White) != MoveError::None);
  // A position of the game before the capture is known to the copy's superko set.
  Game before = g;
  REQUIRE(before.undo());
  CHECK(c.seen(before.board().hash()));
}

TEST_CASE("searchCopy: passes") {
  Game g = gtpGame({9, 9});
  playAll(g, {{4, 4}, {-1, -1}});
  SECTION("the opponent just passed: the search's pass ends the game") {
    const Game c = searchCopy(g, Color::Black);
    CHECK(c.consecutivePasses() == 1);
    CHECK(c.moves().size() == 2);
  }
  SECTION("the side to move passed last (it plays twice): its pass is left out") {
    const Game c = searchCopy(g, Color::White);
    CHECK(c.consecutivePasses() == 0);
    CHECK(c.toMove() == Color::White);
    CHECK(c.board().hash() == g.board().hash());
  }
  SECTION("after two passes the GTP game goes on: the copy starts after them") {
    playAll(g, {{-1, -1}, {3, 3}, {5, 5}});
    REQUIRE(g.toMove() == Color::White);
    const Game c = searchCopy(g, Color::White);
    CHECK(!c.over());
    CHECK(c.consecutivePasses() == 0);
    REQUIRE(c.moves().size() == 2);
    CHECK(c.moves().back().point == g.board().point(5, 5));
    CHECK(c.board().hash() == g.board().hash());
  }
}

TEST_CASE("searchCopy keeps handicap setup stones") {
  Game g = gtpGame({9, 9});
  g.setup({{g.board().point(2, 2), Color::Black}, {g.board().point(6, 6), Color::Black}});
  g.setToMove(Color::White);
  playAll(g, {{4, 4}});
  const Game c = searchCopy(g, Color::Black);
  CHECK(c.board().hash() == g.board().hash());
  CHECK(c.moves() == g.moves());
}

TEST_CASE("genmove reuses the subtree of the moves played since the last genmove") {
  MctsParams params;
  params.playouts = 600;
  params.threads = 1;
  MctsPlayerOptions options;
  options.search = params;
  options.reuseTrees = true;  // off by default (measured weaker so far)
  auto player = std::make_unique<MctsPlayer>(options);
  MctsPlayer* mcts = player.get();
  GoEngine e(GoEngineConfig{}, std::move(player));
  REQUIRE(ask(e, "boardsize 9") == "");
  const std::string first = ask(e, "genmove b");
  REQUIRE(first.rfind("?", 0) != 0);
  CHECK(mcts->lastResult().reusedVisits == 0);
  // The reply the search liked best for White is the likeliest to have a subtree.
  const auto& pv = mcts->lastResult().pv;
  REQUIRE(pv.size() >= 2);
  REQUIRE(ask(e, "play w " + vertexName(e.game().board().xy(pv[1]), {9, 9})) == "");
  REQUIRE(ask(e, "genmove b").rfind("?", 0) != 0);
  CHECK(mcts->lastResult().reusedVisits > 0);
  // A new game drops the trees.
  REQUIRE(ask(e, "clear_board") == "");
  REQUIRE(ask(e, "genmove b").rfind("?", 0) != 0);
  CHECK(mcts->lastResult().reusedVisits == 0);
}

TEST_CASE("genmove varies its search seed from game to game, reproducibly") {
  MctsParams params;
  params.playouts = 300;
  params.threads = 1;  // one thread: the search is a function of its seed
  params.seed = 7;
  // The root visit counts of the first genmove of `games` new games.
  auto firstSearches = [&](int games) {
    MctsPlayer player(params);
    std::vector<std::vector<int>> out;
    for (int i = 0; i < games; ++i) {
      player.newGame();
      const Game g = gtpGame({9, 9});
      player.chooseMove(g, ClockState{}, MoveRequest::Normal);
      std::vector<int> visits;
      for (const MoveStat& m : player.lastResult().moves) visits.push_back(m.visits);
      out.push_back(visits);
    }
    return out;
  };
  const auto a = firstSearches(3);
  // The same position in a new game is searched with a new seed (a deterministic
  // opponent must not meet the same game every time) ...
  CHECK(a[0] != a[1]);
  CHECK(a[1] != a[2]);
  // ... and the player's seed still reproduces the whole sequence.
  CHECK(firstSearches(3) == a);
}

TEST_CASE("genmove uses the window search when asked or above 101x101, and finishes games") {
  MctsPlayerOptions o;
  o.search.playouts = 50;
  o.search.threads = 1;
  o.search.seed = 3;
  o.localWindow = 7;
  o.localPlayouts = 16;
  // Forced on 13x13: a whole game by the window search, both sides, to two passes.
  MctsPlayer player(o);
  Game g = gtpGame({13, 13});
  int passesInARow = 0, moves = 0;
  while (passesInARow < 2 && moves < 3 * 169) {
    const Point p = player.chooseMove(g, ClockState{}, MoveRequest::Normal);
    REQUIRE(p != RESIGN);
    REQUIRE(g.play(p, g.toMove()) == MoveError::None);
    CHECK(player.lastResult().moves.empty());  // the window search has no root list
    passesInARow = p == PASS ? passesInARow + 1 : 0;
    ++moves;
  }
  CHECK(passesInARow == 2);
  CHECK(moves > 100);
  CHECK(player.description().find("window search 7x7") != std::string::npos);

  // Automatic: the full-board search up to 101x101, the window search above.
  o.localWindow = -1;
  MctsPlayer automatic(o);
  Game small = gtpGame({101, 101});
  automatic.chooseMove(small, ClockState{}, MoveRequest::Normal);
  CHECK_FALSE(automatic.lastResult().moves.empty());
  Game huge = gtpGame({102, 102});
  const Point p = automatic.chooseMove(huge, ClockState{}, MoveRequest::Normal);
  CHECK(huge.isLegal(p, Color::Black));
  CHECK(automatic.lastResult().moves.empty());
  CHECK(automatic.lastResult().playouts > 0);
}
