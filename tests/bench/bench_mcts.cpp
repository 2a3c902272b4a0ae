// Search speed (figures in docs/STRENGTH.md):
//   BM_PolicyPlayout/N/heavy  one playout from the empty NxN board with the playout
//                             policy of engine/play/policy.hpp, one thread; heavy = 1:
//                             captures, atari escapes, 3x3 patterns, no big self-atari;
//                             heavy = 0: uniform eye-avoiding moves. items/s = playouts/s.
//   BM_Search/N/mode          mctsSearch with 2,000 simulations on the empty NxN board,
//                             2 threads; mode 0: light (no priors, light playouts),
//                             mode 1: default (priors, heavy playouts). items/s =
//                             simulations per second of wall time.
#include <benchmark/benchmark.h>

#include "engine/board/board.hpp"
#include "engine/board/game.hpp"
#include "engine/play/mcts.hpp"
#include "engine/play/policy.hpp"

using namespace engine;

namespace {

void BM_PolicyPlayout(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  PolicyParams params;
  params.heavy = state.range(1) != 0;
  PlayoutPolicy policy(7, params);
  const Board empty(n, n);
  Board b = empty;
  const int maxMoves = 3 * n * n + 20;
  int64_t moves = 0;
  for (auto _ : state) {
    b = empty;
    Color c = Color::Black;
    Point last = NO_POINT;
    int passes = 0;
    for (int m = 0; m < maxMoves && passes < 2; ++m) {
      const Point p = policy.choose(b, c, last);
      if (p == PASS) {
        b.pass(c);
        ++passes;
      } else {
        b.play(p, c);
        passes = 0;
      }
      last = p;
      c = opponent(c);
      ++moves;
    }
    benchmark::DoNotOptimize(b.hash());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["moves_per_playout"] =
      static_cast<double>(moves) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_PolicyPlayout)->Args({9, 0})->Args({9, 1})->Args({19, 0})->Args({19, 1});

void BM_Search(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  MctsParams p;
  p.playouts = 2000;
  p.threads = 2;
  if (state.range(1) == 0) {
    p.priors = false;
    p.policy.heavy = false;
    p.explore = 0.2;
    p.expandAfter = 2;
  }
  const Game g({n, n});
  int64_t sims = 0;
  for (auto _ : state) {
    const MctsResult r = mctsSearch(g, p);
    sims += r.playouts;
    benchmark::DoNotOptimize(r.move);
  }
  state.SetItemsProcessed(sims);
}
BENCHMARK(BM_Search)
    ->Args({9, 0})
    ->Args({9, 1})
    ->Args({19, 0})
    ->Args({19, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
