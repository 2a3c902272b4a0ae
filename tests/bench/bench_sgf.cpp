// SGF throughput: parsing, record extraction and replay of the pro19 corpus (when
// present) and of a synthetic record; writing; the plain format on a big board.
//   build-<you>/bench/bench_sgf --benchmark_filter=Corpus
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "engine/board/random_player.hpp"
#include "engine/sgf/plain.hpp"
#include "engine/sgf/record.hpp"

namespace {

namespace fs = std::filesystem;

// The corpus files' bytes, read once (empty when the corpus is absent).
const std::vector<std::string>& corpus() {
  static const std::vector<std::string> files = [] {
    std::vector<std::string> out;
    const char* shared = std::getenv("FGO_SHARED");
    const fs::path dir = shared ? fs::path(shared) / "data" / "pro19"
                                : fs::path(FGO_SOURCE_DIR) / ".." / "shared" / "data" / "pro19";
    if (!fs::is_directory(dir)) return out;
    std::vector<fs::path> paths;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".sgf") paths.push_back(e.path());
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) out.push_back(engine::readFileBytes(p.string()));
    return out;
  }();
  return files;
}

size_t corpusBytes() {
  size_t n = 0;
  for (const auto& f : corpus()) n += f.size();
  return n;
}

// One iteration = the whole corpus parsed into trees.
void BM_CorpusParse(benchmark::State& state) {
  if (corpus().empty()) return state.SkipWithError("corpus /work/shared/data/pro19 not found");
  for (auto _ : state) {
    size_t nodes = 0;
    for (const auto& f : corpus()) nodes += engine::parseSgf(f).front().size();
    benchmark::DoNotOptimize(nodes);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * corpusBytes()));
  state.counters["games"] = static_cast<double>(corpus().size());
}
BENCHMARK(BM_CorpusParse)->Unit(benchmark::kMillisecond);

// One iteration = the whole corpus parsed, converted to records and replayed.
void BM_CorpusLoadReplay(benchmark::State& state) {
  if (corpus().empty()) return state.SkipWithError("corpus /work/shared/data/pro19 not found");
  for (auto _ : state) {
    int moves = 0;
    for (const auto& f : corpus()) moves += engine::loadSgfGame(f).replay.movesPlayed;
    benchmark::DoNotOptimize(moves);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * corpusBytes()));
}
BENCHMARK(BM_CorpusLoadReplay)->Unit(benchmark::kMillisecond);

// A synthetic 19x19 record of random moves, as SGF text.
const std::string& syntheticSgf() {
  static const std::string text = [] {
    engine::Game game({19, 19}, engine::Rules::named("chinese"));
    engine::playRandomGame(game, 3, 300);
    return engine::saveSgfGame(engine::recordFromGame(game));
  }();
  return text;
}

void BM_ParseOneGame(benchmark::State& state) {
  const std::string& text = syntheticSgf();
  for (auto _ : state) benchmark::DoNotOptimize(engine::parseSgf(text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ParseOneGame);

void BM_WriteOneGame(benchmark::State& state) {
  const engine::GameRecord rec = engine::recordFromSgf(engine::parseSgf(syntheticSgf()).front());
  for (auto _ : state) benchmark::DoNotOptimize(engine::saveSgfGame(rec));
}
BENCHMARK(BM_WriteOneGame);

// The plain format on a 1001x1001 record with state.range(0) moves.
void BM_PlainBigBoard(benchmark::State& state) {
  engine::Game game({1001, 1001}, engine::Rules::named("chinese"));
  engine::RandomPlayer player(5);
  for (int i = 0; i < state.range(0); ++i) game.play(player.choose(game), game.toMove());
  const engine::GameRecord rec = engine::recordFromGame(game);
  const std::string text = engine::writeGameText(rec);
  for (auto _ : state) benchmark::DoNotOptimize(engine::readGameText(text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_PlainBigBoard)->Arg(10000);

}  // namespace

BENCHMARK_MAIN();
