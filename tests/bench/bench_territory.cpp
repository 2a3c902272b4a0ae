// Territory evaluation speed, from scratch and as an overlay (issue 4). The machine may
// be loaded: compare ratios within one run and repeat.
//   BM_EvaluateScratch/N   evaluate() after every move of random N x N games (10 games of
//                          up to 250 moves, the same seeds for every benchmark): a full
//                          shape sweep plus groups, regions, safety and ownership.
//   BM_OverlayEvery/N      the same moves: Board::play + TerritoryOverlay::afterPlay +
//                          evaluation() after every move (shape matches from the
//                          incremental ShapeMap, the rest recomputed).
//   BM_OverlayUpdate/N     the same moves: play + afterPlay only, no evaluation asked
//                          (the per-move cost of keeping the overlay, lazily).
//   BM_OverlayUndo/N       the games walked back after evaluating every position on the
//                          way in: beforeUndo + undo + evaluation() (cached: no
//                          recomputation).
//   BM_Board/N             play alone (subtract it from the others).
// items = moves; the per-move cost of a variant is its time per item.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/board/random_player.hpp"
#include "engine/territory/overlay.hpp"

using namespace engine;

namespace {

constexpr int GAMES = 10, MOVES = 250;

// The moves of the random games on N x N (passes included), from fixed seeds.
const std::vector<std::vector<Move>>& games(int n) {
  static std::vector<std::vector<Move>> cache[32];
  auto& g = cache[n];
  if (g.empty()) {
    for (int i = 0; i < GAMES; ++i) {
      Board b(n, n);
      RandomPlayer player(1000 + i);
      std::vector<Move> moves;
      Color c = Color::Black;
      for (int m = 0, passes = 0; m < MOVES && passes < 2; ++m, c = opponent(c)) {
        const Point p = player.choose(b, c);
        if (p == PASS) {
          b.pass(c);
          ++passes;
        } else {
          b.play(p, c);
          passes = 0;
        }
        moves.push_back({p, c});
      }
      g.push_back(std::move(moves));
    }
  }
  return g;
}

void apply(Board& b, const Move& m) {
  if (m.point == PASS) {
    b.pass(m.color);
  } else {
    b.play(m.point, m.color);
  }
}

enum class Mode { Scratch, Every, Update, Board };

void runGames(benchmark::State& state, Mode mode) {
  const int n = static_cast<int>(state.range(0));
  const auto& gs = games(n);
  int64_t moves = 0;
  double sink = 0;
  for (auto _ : state) {
    for (const auto& g : gs) {
      Board b(n, n);
      TerritoryOverlay overlay(b, 7.5);
      for (const Move& m : g) {
        apply(b, m);
        if (mode == Mode::Scratch) sink += evaluate(b, 7.5).areaMargin();
        if (mode == Mode::Every || mode == Mode::Update) overlay.afterPlay(b);
        if (mode == Mode::Every) sink += overlay.evaluation(b).areaMargin();
      }
      moves += static_cast<int64_t>(g.size());
    }
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(moves);
}

void BM_EvaluateScratch(benchmark::State& s) {
  runGames(s, Mode::Scratch);
}
void BM_OverlayEvery(benchmark::State& s) {
  runGames(s, Mode::Every);
}
void BM_OverlayUpdate(benchmark::State& s) {
  runGames(s, Mode::Update);
}
void BM_Board(benchmark::State& s) {
  runGames(s, Mode::Board);
}

void BM_OverlayUndo(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto& gs = games(n);
  int64_t moves = 0;
  double sink = 0;
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<Board> boards;
    std::vector<TerritoryOverlay> overlays;
    boards.reserve(gs.size());
    overlays.reserve(gs.size());
    for (const auto& g : gs) {
      boards.emplace_back(n, n);
      overlays.emplace_back(boards.back(), 7.5);
      for (const Move& m : g) {
        apply(boards.back(), m);
        overlays.back().afterPlay(boards.back());
        overlays.back().evaluation(boards.back());
      }
    }
    state.ResumeTiming();
    for (size_t i = 0; i < gs.size(); ++i) {
      while (boards[i].undoDepth() > 0) {
        overlays[i].beforeUndo(boards[i]);
        boards[i].undo();
        sink += overlays[i].evaluation(boards[i]).areaMargin();
        ++moves;
      }
    }
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(moves);
}

}  // namespace

BENCHMARK(BM_EvaluateScratch)->Arg(9)->Arg(19)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OverlayEvery)->Arg(9)->Arg(19)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OverlayUpdate)->Arg(9)->Arg(19)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OverlayUndo)->Arg(9)->Arg(19)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Board)->Arg(9)->Arg(19)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
