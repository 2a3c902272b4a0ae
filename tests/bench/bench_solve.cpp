// Solver benchmarks (issue 5), wall time per item:
//   Solve/<W>x<H>          the empty board solved exactly from scratch (value, nodes, best
//                          moves and PV off; one thread, table 2^22); counters: value, nodes
//   AdviseReal/<ms>        solve::advise on 5x5 boards reduced from real 19x19 positions
//                          (pro19 corpus, the cascade's "standard" schedule, resample
//                          reducer) with a budget of <ms> milliseconds; counters: exact =
//                          share of positions solved exactly, positions = how many
//   Retrograde/<W>x<H>/<keep>/<threads>  every simple-forced state of the board by retrograde
//                          analysis (solve/retrograde.hpp): a hash of keys with the moves
//                          kept (keep 1) or found again in every sweep (0), or the direct
//                          index of the colourings (2, DirectRetroAnalysis); counters: positions,
//                          open (positions left open), sweeps, states_per_s (positions and ko
//                          states a second)
// Positions of AdviseReal: the first 25 games of the sorted corpus at moves 60, 120, 180
// (when the game is that long), the side to move of the real game to play. The corpus is
// found via FGO_SHARED or FGO_SOURCE_DIR/../shared; without it AdviseReal is skipped.
//   bench_solve --benchmark_filter=AdviseReal
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "engine/play/cascade.hpp"
#include "engine/sgf/record.hpp"
#include "engine/sgf/sgf.hpp"
#include "reduce/schedule.hpp"
#include "solve/advise.hpp"
#include "solve/retrograde.hpp"
#include "solve/solver.hpp"

namespace fs = std::filesystem;

namespace {

void Solve(benchmark::State& state) {
  const solve::Geometry g(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  solve::SolveResult r;
  for (auto _ : state) {
    solve::SolveOptions o;
    o.ttLog2 = 22;
    o.bestMoves = false;
    o.principalVariation = false;
    solve::Solver s(g, o);
    r = s.solve(solve::Position{});
  }
  state.counters["value"] = r.value;
  state.counters["exact"] = r.exact;
  state.counters["nodes"] = static_cast<double>(r.nodes);
}
BENCHMARK(Solve)
    ->Args({2, 2})
    ->Args({3, 2})
    ->Args({4, 2})
    ->Args({3, 3})
    ->Args({4, 3})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void Retrograde(benchmark::State& state) {
  const solve::Geometry g(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  solve::RetroOptions o;
  o.keepMoves =
      state.range(2) == 1 ? solve::RetroOptions::Keep::Yes : solve::RetroOptions::Keep::No;
  o.threads = static_cast<int>(state.range(3));
  uint64_t positions = 0, open = 0, states = 0;
  int sweeps = 0;
  const auto count = [&](const auto& a) {
    positions = a.positions(), open = a.openPositions(), sweeps = a.sweeps();
    states = a.positions() + a.koStates();
  };
  for (auto _ : state) {
    if (state.range(2) == 2) {
      count(solve::DirectRetroAnalysis::run(g, o));
    } else {
      count(solve::RetroAnalysis::run(g, o));
    }
  }
  state.counters["positions"] = static_cast<double>(positions);
  state.counters["open"] = static_cast<double>(open);
  state.counters["sweeps"] = sweeps;
  state.counters["states_per_s"] = benchmark::Counter(
      static_cast<double>(states), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(Retrograde)
    ->Args({4, 3, 1, 1})
    ->Args({4, 3, 0, 1})
    ->Args({4, 3, 2, 1})
    ->Args({4, 3, 1, 2})
    ->Args({4, 3, 2, 2})
    ->Args({4, 4, 1, 2})
    ->Args({4, 4, 0, 2})
    ->Args({4, 4, 2, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

struct Reduced {
  engine::Board board{5, 5};
  engine::Color toMove = engine::Color::Black;
};

fs::path corpusDir() {
  const char* shared = std::getenv("FGO_SHARED");
  return shared ? fs::path(shared) / "data" / "pro19"
                : fs::path(FGO_SOURCE_DIR) / ".." / "shared" / "data" / "pro19";
}

// 5x5 reductions of real positions (empty when the corpus is absent).
const std::vector<Reduced>& reducedPositions() {
  static const std::vector<Reduced> all = [] {
    std::vector<Reduced> out;
    const fs::path dir = corpusDir();
    if (!fs::is_directory(dir)) return out;
    std::vector<std::string> files = engine::listSgfFiles(dir.string());
    std::sort(files.begin(), files.end());
    const engine::Cascade cascade(engine::CascadeParams{});
    for (size_t f = 0; f < files.size() && f < 25; ++f) {
      for (int moves : {60, 120, 180}) {
        try {
          engine::ReplayOptions ro;
          ro.maxMoves = moves;
          const engine::LoadedGame lg = engine::loadSgfGame(engine::readFileBytes(files[f]), ro);
          if (lg.replay.movesPlayed < moves) continue;
          const engine::Game& game = lg.replay.game;
          const reduce::Schedule s = reduce::parseSchedule("standard", game.board().size());
          const auto boards = cascade.reduceChain(game.board(), game.toMove(), s.chains[0]);
          out.push_back({boards.back(), game.toMove()});
        } catch (const std::exception&) {
          // a record that does not replay is left out
        }
      }
    }
    return out;
  }();
  return all;
}

void AdviseReal(benchmark::State& state) {
  const std::vector<Reduced>& positions = reducedPositions();
  if (positions.empty()) {
    state.SkipWithError("pro19 corpus not found (set FGO_SHARED)");
    return;
  }
  const double seconds = static_cast<double>(state.range(0)) / 1000.0;
  size_t exact = 0, done = 0;
  for (auto _ : state) {
    exact = done = 0;
    for (const Reduced& r : positions) {
      solve::AdviseBudget b;
      b.maxSeconds = seconds;
      b.threads = static_cast<int>(state.range(1));
      const solve::Advice a = solve::advise(r.board, r.toMove, b);
      exact += a.exact();
      ++done;
    }
  }
  state.counters["positions"] = static_cast<double>(done);
  state.counters["exact"] = done ? static_cast<double>(exact) / static_cast<double>(done) : 0;
}
BENCHMARK(AdviseReal)
    ->Args({10, 1})
    ->Args({100, 1})
    ->Args({100, 2})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
