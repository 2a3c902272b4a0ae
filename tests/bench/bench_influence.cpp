// Influence benchmarks on 19x19: the incremental path overlay per move over 100 random
// games of 250 moves (the design's yardstick), beside the bare board replay of the same
// games, and every model's full computation per position. Items are moves or positions.
//   bench_influence --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/board/random_player.hpp"
#include "engine/influence/influence.hpp"
#include "engine/influence/path_influence.hpp"

using namespace engine;

namespace {

constexpr int SIDE = 19, GAMES = 100, MOVES = 250;

// 100 fixed random games (baseline player, simple ko), as move lists; PASS for passes.
const std::vector<std::vector<Point>>& games() {
  static const std::vector<std::vector<Point>> all = [] {
    std::vector<std::vector<Point>> out;
    for (int g = 0; g < GAMES; ++g) {
      Board b(SIDE, SIDE);
      RandomPlayer player(1000 + g);
      std::vector<Point> moves;
      Color c = Color::Black;
      for (int m = 0; m < MOVES; ++m, c = opponent(c)) {
        const Point p = player.choose(b, c);
        p == PASS ? b.pass(c) : b.play(p, c);
        moves.push_back(p);
      }
      out.push_back(std::move(moves));
    }
    return out;
  }();
  return all;
}

// Positions after 50, 100, 150, 200 and 250 moves of every game.
const std::vector<Board>& positions() {
  static const std::vector<Board> all = [] {
    std::vector<Board> out;
    for (const auto& moves : games()) {
      Board b(SIDE, SIDE);
      Color c = Color::Black;
      for (size_t m = 0; m < moves.size(); ++m, c = opponent(c)) {
        moves[m] == PASS ? b.pass(c) : b.play(moves[m], c);
        if ((m + 1) % 50 == 0) out.push_back(b);
      }
    }
    return out;
  }();
  return all;
}

template <typename OnMove>
int64_t replayAll(OnMove onMove) {
  int64_t n = 0;
  for (const auto& moves : games()) {
    Board b(SIDE, SIDE);
    Color c = Color::Black;
    for (Point p : moves) {
      p == PASS ? b.pass(c) : b.play(p, c);
      onMove(b);
      c = opponent(c);
      ++n;
    }
  }
  return n;
}

void BM_BoardReplay(benchmark::State& state) {
  games();
  int64_t n = 0;
  for (auto _ : state) n += replayAll([](const Board& b) { benchmark::DoNotOptimize(b.hash()); });
  state.SetItemsProcessed(n);
}
BENCHMARK(BM_BoardReplay)->Unit(benchmark::kMillisecond);

void BM_PathIncrementalReplay(benchmark::State& state) {
  games();
  Board empty(SIDE, SIDE);
  PathInfluence overlay(empty);
  int64_t n = 0;
  for (auto _ : state) {
    for (const auto& moves : games()) {
      Board b(SIDE, SIDE);
      overlay.reset(b);
      Color c = Color::Black;
      for (Point p : moves) {
        p == PASS ? b.pass(c) : b.play(p, c);
        overlay.afterPlay(b);
        c = opponent(c);
        ++n;
      }
      benchmark::DoNotOptimize(overlay.at(3, 3));
    }
  }
  state.SetItemsProcessed(n);
}
BENCHMARK(BM_PathIncrementalReplay)->Unit(benchmark::kMillisecond);

// Every game played forward and undone back, overlay following both ways.
void BM_PathPlayUndo(benchmark::State& state) {
  games();
  Board empty(SIDE, SIDE);
  PathInfluence overlay(empty);
  int64_t n = 0;
  for (auto _ : state) {
    for (const auto& moves : games()) {
      Board b(SIDE, SIDE);
      overlay.reset(b);
      Color c = Color::Black;
      for (Point p : moves) {
        p == PASS ? b.pass(c) : b.play(p, c);
        overlay.afterPlay(b);
        c = opponent(c);
      }
      for (size_t i = 0; i < moves.size(); ++i) {
        overlay.beforeUndo(b);
        b.undo();
      }
      n += 2 * static_cast<int64_t>(moves.size());
      benchmark::DoNotOptimize(overlay.at(3, 3));
    }
  }
  state.SetItemsProcessed(n);
}
BENCHMARK(BM_PathPlayUndo)->Unit(benchmark::kMillisecond);

template <typename F>
void perPosition(benchmark::State& state, F f) {
  positions();
  int64_t n = 0;
  for (auto _ : state) {
    for (const Board& b : positions()) {
      auto m = f(b);
      benchmark::DoNotOptimize(m);
      ++n;
    }
  }
  state.SetItemsProcessed(n);
}

void BM_FullRadiation(benchmark::State& s) {
  perPosition(s, [](const Board& b) { return radiationMap(b); });
}
void BM_FullZobrist(benchmark::State& s) {
  perPosition(s, [](const Board& b) { return zobristMap(b); });
}
void BM_FullBouzy5_21(benchmark::State& s) {
  perPosition(s, [](const Board& b) { return bouzyMap(b); });
}
void BM_FullSpight(benchmark::State& s) {
  perPosition(s, [](const Board& b) { return spightMap(b); });
}
void BM_FullPathScratch(benchmark::State& s) {
  const auto t = PathTemplates::standard();
  perPosition(s, [&](const Board& b) { return pathInfluenceScratch(b, *t); });
}
void BM_FullPathTrie(benchmark::State& s) {
  Board empty(SIDE, SIDE);
  PathInfluence overlay(empty);
  perPosition(s, [&](const Board& b) {
    overlay.reset(b);
    return overlay.at(9, 9);
  });
}
BENCHMARK(BM_FullRadiation)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FullZobrist)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FullBouzy5_21)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FullSpight)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FullPathScratch)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FullPathTrie)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
