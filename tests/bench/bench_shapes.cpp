// Shape matching speed (issue 4 targets; the machine may be loaded: compare ratios
// within one run and repeat).
//   BM_FullScan/L        bit-parallel sweep of library L over 19x19 positions taken from
//                        random games (every 10th position of 20 games, moves 0..250),
//                        recording every instance. L: 0 seed (28 bitmaps), 1 starter,
//                        2 random 1,000-bitmap library. items/s = boards per second.
//   BM_FullCount/L       the same sweep counting instances only.
//   BM_NaiveScan/L       per-placement mask-and-compare over every placement (the
//                        reference twin), same positions.
//   BM_Games/L           100 random 19x19 games of 250 moves: Board::play plus
//                        ShapeMap::afterPlay; L = -1 plays the board alone. The map's
//                        cost a move is BM_Games/L minus BM_Games/-1 (items = moves).
//   BM_GamesUndo/L       the same games walked back: beforeUndo + undo (L = -1: undo only).
//   BM_Batch/L/T         countBatch over the children of a middle-game 19x19 node (the
//                        position after every legal move) on T OpenMP threads.
//                        items/s = positions per second (wall clock).
// Instruction counts (load-independent): `bench_shapes --sweep-only=L,R` skips the
// benchmarks and runs R rounds of ShapeMatcher::scan over the BM_FullScan positions of
// library L inside sweepRounds(); run it under
//   valgrind --tool=callgrind --toggle-collect='*sweepRounds*' bench_shapes --sweep-only=0,3
// and divide the collected instructions by R x the positions it prints (500).
// The random 1,000-bitmap library: random 3x3..4x4 diagrams (X, O, '.', '?') from a
// fixed seed, each kept only if none of its variants repeats a bitmap already taken,
// until the expansion holds exactly 1,000 bitmaps (randomLibrary below).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "engine/board/random_player.hpp"
#include "engine/shapes/shapes.hpp"

using namespace engine;

namespace {

std::string libraryPath(const char* name) {
  return std::string(FGO_SOURCE_DIR) + "/engine/shapes/library/" + name;
}

// A random shape; with `mirror`, left-right symmetric (8 variants instead of 16).
Shape randomShape(Rng& rng, int index, bool mirror) {
  Shape s;
  s.name = "random_" + std::to_string(index);
  s.category = ShapeCategory::Scored;
  s.value = 1;
  s.width = 3 + static_cast<int>(rng.below(2));
  s.height = 3 + static_cast<int>(rng.below(2));
  const uint8_t pick[10] = {CELL_BLACK, CELL_BLACK, CELL_BLACK, CELL_WHITE, CELL_WHITE,
                            CELL_WHITE, CELL_EMPTY, CELL_EMPTY, CELL_EMPTY, CELL_ANY};
  s.cells.resize(static_cast<size_t>(s.width) * s.height);
  for (int y = 0; y < s.height; ++y) {
    for (int x = 0; x < s.width; ++x) {
      const int src = mirror && x >= (s.width + 1) / 2 ? s.width - 1 - x : x;
      s.cells[y * s.width + x] = src == x ? pick[rng.below(10)] : s.cells[y * s.width + src];
    }
  }
  return s;
}

// True when a border row or column of the diagram is all don't-care.
bool hasDontCareBorder(const Shape& s) {
  auto any = [&](int x, int y) { return s.cells[y * s.width + x] == CELL_ANY; };
  bool top = true, bottom = true, left = true, right = true;
  for (int x = 0; x < s.width; ++x) top &= any(x, 0), bottom &= any(x, s.height - 1);
  for (int y = 0; y < s.height; ++y) left &= any(0, y), right &= any(s.width - 1, y);
  return top || bottom || left || right;
}

// Deterministic library of exactly `bitmaps` distinct pattern bitmaps.
ShapeLibrary randomLibrary(size_t bitmaps, uint64_t seed) {
  Rng rng(seed);
  std::vector<Shape> shapes;
  std::set<std::string> taken;
  size_t total = 0;
  for (int tries = 0; total < bitmaps && tries < 1000000; ++tries) {
    const Shape s = randomShape(rng, static_cast<int>(shapes.size()), bitmaps - total < 16);
    // A border row or column of '?' only would be trimmed by the loader: skip.
    if (hasDontCareBorder(s)) continue;
    const auto variants = expandShape(s, 0);
    if (total + variants.size() > bitmaps) continue;
    std::vector<std::string> keys;
    bool clash = false;
    for (const Pattern& p : variants) {
      keys.push_back(patternToString(p));
      clash |= taken.count(keys.back()) > 0;
    }
    if (clash) continue;
    taken.insert(keys.begin(), keys.end());
    total += variants.size();
    shapes.push_back(s);
  }
  return ShapeLibrary::fromShapes(std::move(shapes));
}

const ShapeLibrary& library(int which) {
  static const ShapeLibrary seed = ShapeLibrary::load(libraryPath("seed.shapes"));
  static const ShapeLibrary starter = ShapeLibrary::load(libraryPath("starter.shapes"));
  static const ShapeLibrary random = randomLibrary(1000, 2024);
  return which == 0 ? seed : which == 1 ? starter : random;
}

struct Play {
  Point point;
  Color color;
};

// Stone moves of random 19x19 games (baseline players, simple ko), `moves` at most each.
std::vector<std::vector<Play>> randomGames(int games, int moves, uint64_t seed) {
  std::vector<std::vector<Play>> out;
  for (int g = 0; g < games; ++g) {
    Board b(19, 19);
    RandomPlayer player(seed + static_cast<uint64_t>(g));
    std::vector<Play> seq;
    Color c = Color::Black;
    for (int m = 0; m < moves; ++m) {
      const Point p = player.choose(b, c);
      if (p == PASS) break;
      b.play(p, c);
      seq.push_back({p, c});
      c = opponent(c);
    }
    out.push_back(std::move(seq));
  }
  return out;
}

const std::vector<std::vector<Play>>& games100() {
  static const auto games = randomGames(100, 250, 1);
  return games;
}

// Every 10th position of 20 random games, as bit boards framed for library `which`.
std::vector<BitBoard> samplePositions(int which) {
  std::vector<BitBoard> out;
  const auto games = randomGames(20, 250, 77);
  for (const auto& g : games) {
    Board b(19, 19);
    for (size_t i = 0; i < g.size(); ++i) {
      if (i % 10 == 0) out.push_back(BitBoard::fromBoard(b, framePad(library(which))));
      b.play(g[i].point, g[i].color);
    }
  }
  return out;
}

void BM_FullScan(benchmark::State& state) {
  const ShapeLibrary& lib = library(static_cast<int>(state.range(0)));
  const ShapeMatcher matcher(lib);
  const auto boards = samplePositions(static_cast<int>(state.range(0)));
  std::vector<Instance> out;
  size_t i = 0, found = 0;
  for (auto _ : state) {
    out.clear();
    matcher.scan(boards[i], out);
    found += out.size();
    benchmark::DoNotOptimize(out.data());
    if (++i == boards.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["bitmaps"] = static_cast<double>(lib.patterns().size());
  state.counters["instances"] =
      static_cast<double>(found) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_FullScan)->Arg(0)->Arg(1)->Arg(2);

void BM_FullCount(benchmark::State& state) {
  const ShapeMatcher matcher(library(static_cast<int>(state.range(0))));
  const auto boards = samplePositions(static_cast<int>(state.range(0)));
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(matcher.count(boards[i]));
    if (++i == boards.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FullCount)->Arg(0)->Arg(1)->Arg(2);

void BM_NaiveScan(benchmark::State& state) {
  const ShapeLibrary& lib = library(static_cast<int>(state.range(0)));
  const auto boards = samplePositions(static_cast<int>(state.range(0)));
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(scanNaive(lib, boards[i]).size());
    if (++i == boards.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NaiveScan)->Arg(0)->Arg(1);

void BM_Games(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const auto& games = games100();
  Board b(19, 19);
  ShapeMap map(library(which < 0 ? 0 : which), b);
  size_t moves = 0;
  for (auto _ : state) {
    for (const auto& g : games) {
      Board board(19, 19);
      if (which >= 0) map.rebuild(board);
      for (const Play& m : g) {
        board.play(m.point, m.color);
        if (which >= 0) map.afterPlay(board);
      }
      moves += g.size();
      benchmark::DoNotOptimize(map.size());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(moves));
}
BENCHMARK(BM_Games)->Arg(-1)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_GamesUndo(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const auto& games = games100();
  Board b(19, 19);
  ShapeMap map(library(which < 0 ? 0 : which), b);
  size_t moves = 0;
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<Board> ends;
    for (const auto& g : games) {
      Board board(19, 19);
      for (const Play& m : g) board.play(m.point, m.color);
      ends.push_back(std::move(board));
    }
    state.ResumeTiming();
    for (Board& board : ends) {
      if (which >= 0) map.rebuild(board);
      while (board.undoDepth() > 0) {
        if (which >= 0) map.beforeUndo(board);
        board.undo();
        ++moves;
      }
      benchmark::DoNotOptimize(map.size());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(moves));
}
BENCHMARK(BM_GamesUndo)->Arg(-1)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_Batch(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  const ShapeMatcher matcher(library(which));
  const auto& g = games100()[0];
  Board b(19, 19);
  for (size_t i = 0; i < 120 && i < g.size(); ++i) b.play(g[i].point, g[i].color);
  const Color toMove = g.size() > 120 ? g[120].color : Color::Black;
  std::vector<BitBoard> children;
  for (Point p : std::vector<Point>(b.emptyPoints().begin(), b.emptyPoints().end())) {
    if (!b.isLegal(p, toMove)) continue;
    b.play(p, toMove);
    children.push_back(BitBoard::fromBoard(b, framePad(library(which))));
    b.undo();
  }
  for (auto _ : state) benchmark::DoNotOptimize(matcher.countBatch(children, threads).data());
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(children.size()));
  state.counters["children"] = static_cast<double>(children.size());
}
BENCHMARK(BM_Batch)
    ->Args({0, 1})
    ->Args({0, 2})
    ->Args({1, 1})
    ->Args({1, 2})
    ->Args({2, 1})
    ->Args({2, 2})
    ->UseRealTime();

// R rounds of full sweeps over `boards`; returns the instances found (kept out of line so
// that callgrind can collect exactly this).
__attribute__((noinline)) size_t sweepRounds(const ShapeMatcher& matcher,
                                             const std::vector<BitBoard>& boards, int rounds) {
  std::vector<Instance> out;
  size_t found = 0;
  for (int r = 0; r < rounds; ++r) {
    for (const BitBoard& bb : boards) {
      out.clear();
      matcher.scan(bb, out);
      found += out.size();
    }
  }
  return found;
}

// --sweep-only=L,R: see the top of the file. Returns false when the flag is absent.
bool sweepOnly(int argc, char** argv) {
  const std::string flag = "--sweep-only=";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind(flag, 0) != 0) continue;
    int which = 0, rounds = 0;
    if (std::sscanf(arg.c_str() + flag.size(), "%d,%d", &which, &rounds) != 2 || which < 0 ||
        which > 2 || rounds < 1) {
      std::fprintf(stderr, "bench_shapes: --sweep-only=L,R wants L in 0..2 and R >= 1\n");
      std::exit(2);
    }
    const ShapeMatcher matcher(library(which));
    const auto boards = samplePositions(which);
    const size_t found = sweepRounds(matcher, boards, rounds);
    std::printf("%zu positions x %d rounds, %zu instances a round\n", boards.size(), rounds,
                found / static_cast<size_t>(rounds));
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (sweepOnly(argc, argv)) return 0;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
