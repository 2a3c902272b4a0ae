// Position matching (engine/similar): canonical keys, window keys (from scratch and
// incremental per move), signature distances (SIMD and plain), exact lookup and the
// nearest query on a synthetic index, and on the pro19 corpus when ../shared is present
// (FGO_SIMILAR_INDEX=<file> loads a prebuilt `fgo index build` file instead of indexing
// the first 250 games).
//   build-<you>/bench/bench_similar --benchmark_filter=Nearest
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "engine/board/random_player.hpp"
#include "engine/sgf/record.hpp"
#include "engine/similar/index.hpp"
#include "engine/similar/window_keys.hpp"

namespace {

namespace fs = std::filesystem;
using namespace engine;

// A random game of `moves` moves from the empty board: the points played (PASS included).
std::vector<Point> randomMoves(BoardSize size, int moves, uint64_t seed) {
  Board b(size);
  RandomPlayer player(seed);
  std::vector<Point> out;
  Color c = Color::Black;
  for (int i = 0; i < moves; ++i) {
    const Point p = player.choose(b, c);
    p == PASS ? b.pass(c) : b.play(p, c);
    out.push_back(p);
    c = opponent(c);
  }
  return out;
}

Board boardAfter(BoardSize size, int moves, uint64_t seed) {
  Board b(size);
  Color c = Color::Black;
  for (Point p : randomMoves(size, moves, seed)) {
    p == PASS ? b.pass(c) : b.play(p, c);
    c = opponent(c);
  }
  return b;
}

void BM_CanonicalKey(benchmark::State& state) {
  const Board b = boardAfter({19, 19}, static_cast<int>(state.range(0)), 7);
  for (auto _ : state) benchmark::DoNotOptimize(canonicalKey(b, Color::Black));
}
BENCHMARK(BM_CanonicalKey)->Arg(30)->Arg(150);

void BM_WindowKeysScratch(benchmark::State& state) {
  const Board b = boardAfter({19, 19}, 150, 7);
  for (auto _ : state) benchmark::DoNotOptimize(windowKeys(b));
}
BENCHMARK(BM_WindowKeysScratch);

// One iteration = a 200-move random game replayed (arg 1: with the window tracker updated
// after every move; arg 0: the board alone). The difference / 200 is the tracker's cost.
void BM_GameWithWindowTracker(benchmark::State& state) {
  const BoardSize size{19, 19};
  const std::vector<Point> moves = randomMoves(size, 200, 3);
  const bool track = state.range(0) != 0;
  for (auto _ : state) {
    Board b(size);
    WindowKeyTracker t(b);
    Color c = Color::Black;
    for (Point p : moves) {
      p == PASS ? b.pass(c) : b.play(p, c);
      if (track) t.afterPlay(b);
      c = opponent(c);
    }
    benchmark::DoNotOptimize(t.keys().data());
  }
  state.counters["moves"] = 200;
}
BENCHMARK(BM_GameWithWindowTracker)->Arg(0)->Arg(1);

void BM_SpightSignature(benchmark::State& state) {
  const Board b = boardAfter({19, 19}, 150, 7);
  for (auto _ : state) benchmark::DoNotOptimize(signatureOf(spightMap(b), 0));
}
BENCHMARK(BM_SpightSignature);

// The L1 distance of two 19x19 signatures: arg 1 SIMD, arg 0 the plain loop.
void BM_L1Distance(benchmark::State& state) {
  const auto a = signatureOf(spightMap(boardAfter({19, 19}, 150, 7)), 0);
  const auto b = signatureOf(spightMap(boardAfter({19, 19}, 150, 8)), 0);
  const bool simd = state.range(0) != 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(simd ? l1Distance(a.data(), b.data(), 361)
                                  : l1DistanceScalar(a.data(), b.data(), 361));
  }
}
BENCHMARK(BM_L1Distance)->Arg(0)->Arg(1);

// A synthetic collection: 200 random 19x19 games of 120 moves written as SGF, indexed.
struct Synthetic {
  fs::path dir;
  std::vector<std::string> files;
  std::unique_ptr<PositionIndex> index;
  Synthetic() {
    dir = fs::temp_directory_path() / ("fgo_bench_similar_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    for (int g = 0; g < 200; ++g) {
      Game game(BoardSize{19, 19}, Rules::named("chinese"));
      RandomPlayer player(1000 + static_cast<uint64_t>(g));
      for (int i = 0; i < 120 && !game.over(); ++i) game.play(player.choose(game), game.toMove());
      const std::string f = (dir / ("g" + std::to_string(g) + ".sgf")).string();
      writeFileBytes(f, saveSgfGame(recordFromGame(game)));
      files.push_back(f);
    }
    index = std::make_unique<PositionIndex>(PositionIndex::build(files, {}));
  }
  ~Synthetic() { fs::remove_all(dir); }
};

const Synthetic& synthetic() {
  static const Synthetic s;
  return s;
}

void BM_SyntheticExact(benchmark::State& state) {
  const LoadedPosition q = loadPosition(synthetic().files[5], 60);
  for (auto _ : state) benchmark::DoNotOptimize(synthetic().index->exact(q.game.board(), q.toMove));
  state.counters["positions"] = static_cast<double>(synthetic().index->entries().size());
}
BENCHMARK(BM_SyntheticExact)->Unit(benchmark::kMicrosecond);

// The 5 nearest to a position of a game left out (arg: move number); arg 2 = 1 brute force.
void BM_SyntheticNearest(benchmark::State& state) {
  const LoadedPosition q = loadPosition(synthetic().files[7], static_cast<int>(state.range(0)));
  const bool brute = state.range(1) != 0;
  SignatureStore::Stats stats;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        brute ? synthetic().index->nearestBrute(q.game.board(), q.toMove, 5, 7)
              : synthetic().index->nearest(q.game.board(), q.toMove, 5, {.skipGame = 7}, &stats));
  }
  state.counters["refined"] = static_cast<double>(stats.refined);
}
BENCHMARK(BM_SyntheticNearest)
    ->Args({10, 0})
    ->Args({60, 0})
    ->Args({110, 0})
    ->Args({60, 1})
    ->Unit(benchmark::kMillisecond);

// The corpus: a prebuilt index (FGO_SIMILAR_INDEX) or the first 250 games indexed here;
// queries come from the last game of the folder that reaches move 250 (not among the
// first 250 and left out of the answers).
struct Corpus {
  std::unique_ptr<PositionIndex> index;
  std::string query;
  long queryGame = -1;
  Corpus() {
    const char* shared = std::getenv("FGO_SHARED");
    const fs::path dir = shared ? fs::path(shared) / "data" / "pro19"
                                : fs::path(FGO_SOURCE_DIR) / ".." / "shared" / "data" / "pro19";
    if (!fs::is_directory(dir)) return;
    std::vector<std::string> files = listSgfFiles(dir.string());
    if (files.size() < 2) return;
    // The query: the last game of the folder that reaches move 250.
    while (files.size() > 1) {
      query = files.back();
      files.pop_back();
      try {
        loadPosition(query, 250);
        break;
      } catch (const std::exception&) {
        query.clear();
      }
    }
    if (query.empty()) return;
    if (const char* prebuilt = std::getenv("FGO_SIMILAR_INDEX")) {
      index = std::make_unique<PositionIndex>(PositionIndex::load(prebuilt));
    } else {
      files.resize(std::min<size_t>(250, files.size()));
      index = std::make_unique<PositionIndex>(PositionIndex::build(files, {}));
    }
    const std::string id = fs::path(query).stem().string();
    for (size_t g = 0; g < index->games().size(); ++g) {
      if (index->games()[g].id == id) queryGame = static_cast<long>(g);
    }
  }
};

const Corpus& corpus() {
  static const Corpus c;
  return c;
}

// The 5 nearest in the corpus index. Arg 0: move number; arg 1: 0 staged exact search,
// 1 brute force, 2 sketch exact (2 threads), 3 sketch approximate (1,000 candidates, 2
// threads), 4 sketch exact on 1 thread. CPU time covers the calling thread only: compare
// the 2-thread rows by wall time (--benchmark_counters_tabular; UseRealTime).
void BM_CorpusNearest(benchmark::State& state) {
  if (!corpus().index) return state.SkipWithError("corpus ../shared/data/pro19 not found");
  const LoadedPosition q = loadPosition(corpus().query, static_cast<int>(state.range(0)));
  const PositionIndex& index = *corpus().index;
  const long mode = state.range(1);
  NearestParams p;
  p.skipGame = corpus().queryGame;
  p.method = mode == 0 ? NearestParams::Method::Staged : NearestParams::Method::Sketch;
  p.candidates = mode == 3 ? 1000 : 0;
  p.threads = mode == 4 ? 1 : 2;
  SignatureStore::Stats stats;
  for (auto _ : state) {
    benchmark::DoNotOptimize(mode == 1
                                 ? index.nearestBrute(q.game.board(), q.toMove, 5, p.skipGame)
                                 : index.nearest(q.game.board(), q.toMove, 5, p, &stats));
  }
  state.counters["positions"] = static_cast<double>(index.entries().size());
  state.counters["refined"] = static_cast<double>(stats.refined);
}
BENCHMARK(BM_CorpusNearest)
    ->ArgsProduct({{10, 30, 80, 150, 250}, {0, 2, 3, 4}})
    ->Args({80, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_CorpusExact(benchmark::State& state) {
  if (!corpus().index) return state.SkipWithError("corpus ../shared/data/pro19 not found");
  const LoadedPosition q = loadPosition(corpus().query, 20);
  for (auto _ : state) benchmark::DoNotOptimize(corpus().index->exact(q.game.board(), q.toMove));
}
BENCHMARK(BM_CorpusExact)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
