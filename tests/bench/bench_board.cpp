// Board speed (issue 2 targets, figures in docs/PERFORMANCE.md):
//   BM_PlayUndo/19        play+undo in random 19x19 games (Board, simple ko); the move
//                         sequences are generated before timing, so only play and undo
//                         are measured. items/s = play+undo pairs per second.
//   BM_GamePlayUndo/19    the same through Game (superko history, pass bookkeeping).
//   BM_Playout/N/T        light playouts (engine::playout, uniform random, simple ko)
//                         on NxN with T OpenMP threads, each thread its own board copy
//                         and RNG. items/s = playouts per second (wall clock);
//                         playouts_per_thread_cpu_s = per-core speed from thread CPU time.
//   BM_PlayoutFixed/N     1,000 (9x9) or 200 (19x19) playouts, one iteration: the
//                         driver for callgrind instruction counts (see below).
//   BM_PlayUndoFixed      BM_PlayUndo/19's 32 games played and undone once: the same
//                         for play+undo.
//   BM_Huge1001/mode      create a 1001x1001 board and play 100,000 random legal moves;
//                         mode 0: Board + RandomPlayer (simple ko), mode 1: Game with the
//                         superko set (what `fgo selfplay` does). VmHWM_MB is the
//                         process's peak resident memory so far (run it alone with
//                         --benchmark_filter for a clean figure).
#include <benchmark/benchmark.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/game.hpp"
#include "engine/board/random_player.hpp"

using namespace engine;

namespace {

struct Play {
  Point point;
  Color color;
};

// Stone moves of `games` random games (baseline players, simple ko) on a size x size
// board, played to the end by passes or 3 x points moves. Passes are left out: they only
// clear the ko point, and the replay below never checks ko.
std::vector<std::vector<Play>> randomGames(int size, int games, uint64_t seed) {
  std::vector<std::vector<Play>> out;
  for (int g = 0; g < games; ++g) {
    Board b(size, size);
    RandomPlayer player(seed + static_cast<uint64_t>(g));
    std::vector<Play> seq;
    Color c = Color::Black;
    int passes = 0;
    for (int m = 0; m < 3 * size * size && passes < 2; ++m) {
      const Point p = player.choose(b, c);
      if (p == PASS) {
        b.pass(c);
        ++passes;
      } else {
        b.play(p, c);
        seq.push_back({p, c});
        passes = 0;
      }
      c = opponent(c);
    }
    out.push_back(std::move(seq));
  }
  return out;
}

void BM_PlayUndo(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const auto games = randomGames(size, 32, 1234);
  Board board(size, size);
  int64_t pairs = 0;
  size_t g = 0;
  for (auto _ : state) {
    const auto& seq = games[g];
    g = (g + 1) % games.size();
    for (const Play& m : seq) board.play(m.point, m.color);
    for (size_t i = 0; i < seq.size(); ++i) board.undo();
    pairs += static_cast<int64_t>(seq.size());
  }
  benchmark::DoNotOptimize(board.hash());
  state.SetItemsProcessed(pairs);
  state.counters["ns_per_play_undo"] = benchmark::Counter(
      static_cast<double>(pairs), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_PlayUndo)->Arg(19)->Arg(9);

// Plays and undoes every game once (the instruction-count driver below).
[[gnu::noinline]] int64_t playUndoAll(Board& board, const std::vector<std::vector<Play>>& games) {
  int64_t pairs = 0;
  for (const auto& seq : games) {
    for (const Play& m : seq) board.play(m.point, m.color);
    for (size_t i = 0; i < seq.size(); ++i) board.undo();
    pairs += static_cast<int64_t>(seq.size());
  }
  return pairs;
}

// The 32 games of BM_PlayUndo/19 played and undone once, for instruction counts:
//   valgrind --tool=callgrind --toggle-collect='*playUndoAll*'
//     bench_board --benchmark_filter='PlayUndoFixed'   (one command line)
// and divide the instructions by the pairs counter.
void BM_PlayUndoFixed(benchmark::State& state) {
  const auto games = randomGames(19, 32, 1234);
  Board board(19, 19);
  int64_t pairs = 0;
  for (auto _ : state) pairs += playUndoAll(board, games);
  benchmark::DoNotOptimize(board.hash());
  state.counters["pairs"] = static_cast<double>(pairs);
}
BENCHMARK(BM_PlayUndoFixed)->Iterations(1);

void BM_GamePlayUndo(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const auto games = randomGames(size, 32, 1234);
  Rules rules;
  rules.ko = KoRule::Positional;
  int64_t pairs = 0;
  size_t g = 0;
  // Replaying through Game checks legality (superko included); a move that Game refuses
  // ends that replay (it is rare: simple-ko games may repeat a position).
  for (auto _ : state) {
    state.PauseTiming();
    Game game({size, size}, rules);
    const auto& seq = games[g];
    g = (g + 1) % games.size();
    state.ResumeTiming();
    size_t played = 0;
    for (const Play& m : seq) {
      game.setToMove(m.color);
      if (game.play(m.point, m.color) != MoveError::None) break;
      ++played;
    }
    for (size_t i = 0; i < played; ++i) game.undo();
    pairs += static_cast<int64_t>(played);
  }
  state.SetItemsProcessed(pairs);
  state.counters["ns_per_play_undo"] = benchmark::Counter(
      static_cast<double>(pairs), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_GamePlayUndo)->Arg(19);

// CPU time used so far by the calling thread, in seconds.
double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void BM_Playout(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  const Board start(size, size);
  const int maxMoves = 3 * size * size;
  // Playouts per timed iteration, split over the threads.
  const int perIteration = size <= 9 ? 512 : 64;
  int64_t playouts = 0, moves = 0;
  double threadCpu = 0;  // CPU seconds summed over the worker threads
  uint64_t round = 0;
  for (auto _ : state) {
    int64_t roundMoves = 0;
    double roundCpu = 0;
#pragma omp parallel num_threads(threads) reduction(+ : roundMoves, roundCpu)
    {
      const double cpu0 = threadCpuSeconds();
      const int t = omp_get_thread_num();
      RandomPlayer player(splitmix64(round * 64 + static_cast<uint64_t>(t)));
      Board work(start);
#pragma omp for schedule(static)
      for (int i = 0; i < perIteration; ++i) {
        work = start;
        const PlayoutResult r = playout(work, Color::Black, player, maxMoves, 7.5);
        roundMoves += r.moves;
      }
      roundCpu += threadCpuSeconds() - cpu0;
    }
    threadCpu += roundCpu;
    ++round;
    playouts += perIteration;
    moves += roundMoves;
  }
  state.SetItemsProcessed(playouts);
  // Playouts per CPU second of one worker thread: the per-core speed, which a loaded
  // machine disturbs far less than the wall-clock rate (items_per_second).
  state.counters["playouts_per_thread_cpu_s"] = static_cast<double>(playouts) / threadCpu;
  state.counters["moves_per_playout"] =
      static_cast<double>(moves) / static_cast<double>(std::max<int64_t>(1, playouts));
}
BENCHMARK(BM_Playout)
    ->ArgNames({"size", "threads"})
    ->Args({9, 1})
    ->Args({9, 2})
    ->Args({19, 1})
    ->Args({19, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// A fixed amount of single-threaded playout work for instruction counts, which do not
// depend on the machine's load: run under
//   valgrind --tool=callgrind --toggle-collect='engine::playout*'
//     bench_board --benchmark_filter='PlayoutFixed/9'   (one command line)
// and divide the instructions by the total_moves counter.
void BM_PlayoutFixed(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const int count = size <= 9 ? 1000 : 200;
  const Board start(size, size);
  RandomPlayer player(99);
  int64_t moves = 0;
  for (auto _ : state) {
    Board work(start);
    for (int i = 0; i < count; ++i) {
      work = start;
      moves += playout(work, Color::Black, player, 3 * size * size, 7.5).moves;
    }
  }
  state.counters["total_moves"] = static_cast<double>(moves);
  state.counters["playouts"] = static_cast<double>(count);
}
BENCHMARK(BM_PlayoutFixed)->Arg(9)->Arg(19)->Iterations(1)->Unit(benchmark::kMillisecond);

// Peak resident set size of this process in MB (VmHWM in /proc/self/status), or -1.
double peakResidentMB() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return -1;
}

void BM_Huge1001(benchmark::State& state) {
  const bool useGame = state.range(0) == 1;
  constexpr int MOVES = 100000;
  int64_t stones = 0;
  for (auto _ : state) {
    if (useGame) {
      Game game({1001, 1001});
      playRandomGame(game, 7, MOVES);
      stones += game.board().stoneCount(Color::Black) + game.board().stoneCount(Color::White);
    } else {
      Board board(1001, 1001);
      RandomPlayer player(7);
      Color c = Color::Black;
      for (int m = 0; m < MOVES; ++m) {
        const Point p = player.choose(board, c);
        if (p == PASS) {
          board.pass(c);
        } else {
          board.play(p, c);
        }
        c = opponent(c);
      }
      stones += board.stoneCount(Color::Black) + board.stoneCount(Color::White);
    }
  }
  benchmark::DoNotOptimize(stones);
  state.counters["VmHWM_MB"] = peakResidentMB();
}
BENCHMARK(BM_Huge1001)
    ->ArgName("game")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
