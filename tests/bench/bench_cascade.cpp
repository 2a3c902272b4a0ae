// Cascade benchmarks (issue 6 speed targets), CPU time per item:
//   Reduce19to5/<reducer>/<schedule>  the whole 19x19 -> 5x5 reduction (target < 50 us):
//                                      light grids between levels, one engine Board (the
//                                      5x5 one the advisor needs) per chain, the real board
//                                      read once for all chains and the level grids kept
//                                      from item to item (Cascade::reduceSchedule into a
//                                      ScheduleGrids, as Cascade::run does; before session 8
//                                      fresh grids every item)
//   ReduceBoards19/<reducer>/<schedule> the same with an engine Board at every level, as
//                                      the cascade builds them for its ranking
//   Cascade19/<ranking>                reduction + 5x5 advice (Monte-Carlo stand-in, 200
//                                      playouts) + upload to 19x19 (target < 5 ms)
//   Cascade1001                        the automatic 1001x1001 schedule (target < 1 s)
//   Reduce19to5Count/.../iterations:N  Reduce19to5 run exactly N times (callgrind counts)
// Positions: fixed random games (baseline player), 19x19 after 120 moves.
//   bench_cascade --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/board/random_player.hpp"
#include "engine/play/cascade.hpp"
#include "reduce/schedule.hpp"

using namespace engine;

namespace {

const std::vector<Game>& positions19() {
  static const std::vector<Game> all = [] {
    std::vector<Game> out;
    for (int g = 0; g < 16; ++g) {
      Game game({19, 19});
      playRandomGame(game, 500 + g, 120);
      out.push_back(std::move(game));
    }
    return out;
  }();
  return all;
}

const char* REDUCERS[] = {"resample", "sector", "block"};
const char* SCHEDULES[] = {"standard", "faster", "slower"};

// Runs body(cascade, game, schedule) once per item over the sample positions; reducer
// and schedule come from the benchmark's two arguments.
template <class Body>
void runOnPositions(benchmark::State& state, Body body) {
  CascadeParams p;
  p.reducer = REDUCERS[state.range(0)];
  p.schedule = SCHEDULES[state.range(1)];
  const Cascade cascade(p);
  const reduce::Schedule s = reduce::parseSchedule(p.schedule, {19, 19});
  state.SetLabel(p.reducer + "/" + p.schedule);
  size_t i = 0;
  for (auto _ : state) body(cascade, positions19()[i++ % positions19().size()], s);
  state.SetItemsProcessed(state.iterations());
}

// Runs reduce(cascade, game, chain) over every chain of the schedule for each item.
template <class Reduce>
void runReduction(benchmark::State& state, Reduce reduce) {
  runOnPositions(state, [&](const Cascade& cascade, const Game& g, const reduce::Schedule& s) {
    for (const auto& chain : s.chains) benchmark::DoNotOptimize(reduce(cascade, g, chain));
  });
}

void Reduce19to5(benchmark::State& state) {
  ScheduleGrids grids;  // reused from item to item, as Cascade::run keeps its own
  runOnPositions(state, [&](const Cascade& cascade, const Game& g, const reduce::Schedule& s) {
    cascade.reduceSchedule(g.board(), s, grids);
    for (const auto& levels : grids.chains)
      benchmark::DoNotOptimize(levels.back().toBoard().hash());
  });
}
BENCHMARK(Reduce19to5)->ArgsProduct({{0, 1, 2}, {0, 1, 2}})->Unit(benchmark::kMicrosecond);
// The same body a fixed number of times, for instruction counts: callgrind's total of
// iterations:1001 minus that of iterations:1 is 1,000 reductions (setup cancels out).
BENCHMARK(Reduce19to5)
    ->Name("Reduce19to5Count")
    ->ArgsProduct({{0, 1, 2}, {0, 1, 2}})
    ->Iterations(1);
BENCHMARK(Reduce19to5)
    ->Name("Reduce19to5Count")
    ->ArgsProduct({{0, 1, 2}, {0, 1, 2}})
    ->Iterations(1001);

void ReduceBoards19(benchmark::State& state) {
  runReduction(state, [](const Cascade& cascade, const Game& g, const auto& chain) {
    return cascade.reduceChain(g.board(), g.toMove(), chain).back().hash();
  });
}
BENCHMARK(ReduceBoards19)->ArgsProduct({{0, 1, 2}, {0, 1, 2}})->Unit(benchmark::kMicrosecond);

const char* RANKINGS[] = {"geometric", "eval", "eval-search"};

void Cascade19(benchmark::State& state) {
  CascadeParams p;
  p.ranking = RANKINGS[state.range(0)];
  Cascade cascade(p);
  state.SetLabel(p.ranking);
  size_t i = 0;
  for (auto _ : state) {
    const Game& g = positions19()[i++ % positions19().size()];
    benchmark::DoNotOptimize(cascade.run(g.board(), g.toMove()).candidates.size());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(Cascade19)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

void Cascade1001(benchmark::State& state) {
  static const Game game = [] {
    Game g({1001, 1001});
    playRandomGame(g, 7, 100000);
    return g;
  }();
  CascadeParams p;
  p.ranking = RANKINGS[state.range(0)];
  Cascade cascade(p);
  state.SetLabel(p.ranking);
  for (auto _ : state) {
    benchmark::DoNotOptimize(cascade.run(game.board(), game.toMove()).candidates.size());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(Cascade1001)->DenseRange(0, 1)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
