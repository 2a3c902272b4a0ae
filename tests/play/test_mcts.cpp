// Monte-Carlo tree search: tactics it must see, legality, and strength over the baseline.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"
#include "engine/play/mcts.hpp"

using namespace engine;

namespace {
Game gameFrom(const char* diagram, Color toMove, double komi = 0.5) {
  const Board b = parseBoard(diagram);
  Rules r;
  r.komi = komi;
  Game g(b.size(), r);
  std::vector<std::pair<Point, Color>> stones;
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x)
      if (isStone(b.at(x, y))) stones.emplace_back(g.board().point(x, y), b.at(x, y));
  g.setup(stones);
  g.setToMove(toMove);
  return g;
}
}  // namespace

TEST_CASE("mcts captures a large group in atari") {
  Game g = gameFrom(R"(
    . . . . . . .
    . X X X X . .
    X O O O O . .
    . X X X X . .
    . . . . . . .
    . . . . . . .
    . . . . . . .)",
                    Color::Black);
  MctsParams p;
  p.playouts = 3000;
  p.threads = 1;
  const MctsResult r = mctsSearch(g, p);
  CHECK(r.move == g.board().point(5, 2));
  CHECK(r.winrate > 0.8);
  CHECK(r.playouts >= 3000);
  REQUIRE(!r.pv.empty());
  CHECK(r.pv.front() == r.move);
}

TEST_CASE("mcts saves its own group from atari") {
  Game g = gameFrom(R"(
    . . . . . . .
    . O O O O . .
    O X X X X . .
    . O O O O . .
    . . . . . . .
    . . . . . . .
    . . . . . . .)",
                    Color::Black, -0.5);
  MctsParams p;
  p.playouts = 3000;
  p.threads = 2;
  const MctsResult r = mctsSearch(g, p);
  CHECK(r.move == g.board().point(5, 2));
}

TEST_CASE("mcts moves are legal and it passes when the game is won") {
  Game g({5, 5});
  MctsParams p;
  p.playouts = 300;
  p.threads = 2;
  for (int i = 0; i < 60 && !g.over(); ++i) {
    const MctsResult r = mctsSearch(g, p);
    REQUIRE(r.move != NO_POINT);
    REQUIRE(g.play(r.move, g.toMove()) == MoveError::None);
  }
  CHECK(g.over());
}

TEST_CASE("ownership marks dead stones") {
  Game g = gameFrom(R"(
    . . . . .
    . X X X .
    . X . X .
    . X O X .
    . X X X .)",
                    Color::White);
  const auto own = playoutOwnership(g, 200, 7);
  const auto dead = deadStones(g, own);
  REQUIRE(dead.size() == 1);
  CHECK(dead[0] == g.board().point(2, 3));
  CHECK(own[0] > 0.5);
}

TEST_CASE("mcts beats the baseline player on 9x9", "[strength]") {
  int wins = 0;
  const int games = 6;
  for (int i = 0; i < games; ++i) {
    Game g({9, 9});
    const Color mcts = i % 2 == 0 ? Color::Black : Color::White;
    RandomPlayer baseline(100 + i);
    MctsParams p;
    p.playouts = 400;
    p.threads = 2;
    p.seed = 1 + i;
    for (int m = 0; m < 300 && !g.over(); ++m) {
      const Point move = g.toMove() == mcts ? mctsSearch(g, p).move : baseline.choose(g);
      REQUIRE(g.play(move, g.toMove()) == MoveError::None);
    }
    const double margin = areaScore(g.board(), g.rules().komi).margin();
    if ((margin > 0) == (mcts == Color::Black)) ++wins;
  }
  CHECK(wins >= games - 1);
}

TEST_CASE("mcts progress hook reports snapshots and can stop the search") {
  Game g({9, 9});
  MctsParams p;
  p.playouts = 0;  // no budget: only the hook ends the search
  p.threads = 2;
  p.progressSeconds = 0.01;
  std::vector<int> seen;
  bool ownershipSizesOk = true;
  p.progress = [&](const MctsResult& snap) {
    seen.push_back(snap.playouts);
    if (!snap.ownership.empty()) ownershipSizesOk = false;  // not asked for
    return seen.size() < 3;
  };
  const MctsResult r = mctsSearch(g, p);
  REQUIRE(seen.size() == 3);
  CHECK(seen[0] > 0);
  CHECK(seen[1] >= seen[0]);
  CHECK(seen[2] >= seen[1]);
  CHECK(ownershipSizesOk);
  CHECK(r.playouts >= seen[2]);
  CHECK(!r.moves.empty());
  CHECK(r.ownership.size() == 81);
}

TEST_CASE("mcts progress snapshot carries moves, pv and ownership when asked") {
  Game g({9, 9});
  MctsParams p;
  p.playouts = 50'000'000;  // far more than the test lets it run
  p.threads = 2;
  p.progressSeconds = 0.02;
  p.wantOwnership = true;
  MctsResult last;
  p.progress = [&](const MctsResult& snap) {
    last = snap;
    return false;  // stop at the first report
  };
  const MctsResult r = mctsSearch(g, p);
  CHECK(r.playouts < 50'000'000);
  CHECK(last.playouts > 0);
  CHECK(last.seconds >= 0.02);
  CHECK(!last.moves.empty());
  CHECK(!last.pv.empty());
  CHECK(last.ownership.size() == 81);
  int visits = 0;
  for (const MoveStat& m : last.moves) visits += m.visits;
  CHECK(visits > 0);
  CHECK(visits <= last.playouts);
}

TEST_CASE("mcts stop flag ends the search") {
  Game g({9, 9});
  std::atomic<bool> stop{false};
  MctsParams p;
  p.playouts = 0;
  p.threads = 2;
  p.stop = &stop;
  std::thread setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  const MctsResult r = mctsSearch(g, p);
  setter.join();
  CHECK(r.playouts > 0);
  CHECK(r.seconds >= 0.04);
  CHECK(r.seconds < 5);
  CHECK(r.move != NO_POINT);

  // Already set: at most one simulation per thread, still a legal answer.
  const MctsResult r2 = mctsSearch(g, p);
  CHECK(r2.playouts <= 2);
  CHECK((r2.move == PASS || g.isLegal(r2.move, Color::Black)));
}
