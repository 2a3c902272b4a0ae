// Move model scoring (engine/prior): microseconds to score every candidate move of one
// position with the committed model tables/prior.fgt (or every gamma 1 when it is
// absent):
//   BM_Scores        Scorer::scores from scratch on positions after random-player games
//                    of side^2/3 moves, with and without the spatial dictionary;
//   BM_ScoresCorpus  the same on 19x19 positions of real games (every 25th position of the
//                    first held-out pro19 games; skipped without ../shared);
//   BM_AfterOneMove  play a move, score, undo, score (a tree search's pattern), with
//                    IncrementalScorer (1) and Scorer (0): the per-move update cost.
//   build-<you>/bench/bench_prior
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>

#include "engine/board/random_player.hpp"
#include "engine/prior/corpus_walk.hpp"
#include "engine/prior/prior.hpp"

namespace {

using namespace engine;
namespace fs = std::filesystem;

// A board with its side to move and last two moves.
struct Position {
  Board board;
  Point last = NO_POINT, before = NO_POINT;
  Color toMove = Color::Black;
};

Position randomPosition(int side, int moves, uint64_t seed) {
  Position pos{Board(side, side)};
  RandomPlayer player(seed);
  for (int i = 0; i < moves; ++i) {
    const Point p = player.choose(pos.board, pos.toMove);
    p == PASS ? pos.board.pass(pos.toMove) : pos.board.play(p, pos.toMove);
    pos.before = pos.last;
    pos.last = p;
    pos.toMove = opponent(pos.toMove);
  }
  return pos;
}

std::string corpusDir() {
  const char* env = std::getenv("FGO_SHARED");
  const fs::path shared = env ? fs::path(env) : fs::path(FGO_SOURCE_DIR) / ".." / "shared";
  const fs::path dir = shared / "data" / "pro19";
  return fs::is_directory(dir) ? dir.string() : "";
}

// Every 25th position of the first two held-out games (about 20 positions).
const std::vector<Position>& corpusPositions() {
  static const std::vector<Position> positions = [] {
    std::vector<Position> out;
    const std::string dir = corpusDir();
    if (dir.empty()) return out;
    const prior::CorpusSplit split = prior::splitCorpus(dir, 0.1);
    for (size_t g = 0; g < 2 && g < split.heldOut.size(); ++g) {
      int index = 0;
      prior::walkPositions(split.heldOut[g], [&](const prior::PositionView& v) {
        if (index++ % 25 == 12) out.push_back({v.board, v.last, v.beforeLast, v.toMove});
      });
    }
    return out;
  }();
  return positions;
}

const prior::Model& model(bool spatial) {
  static const prior::Model full = [] {
    const fs::path path = fs::path(FGO_SOURCE_DIR) / "tables/prior.fgt";
    return fs::exists(path) ? prior::Model::load(path) : prior::Model();
  }();
  static const prior::Model noSpatial = [] {
    prior::Model m = full;
    m.setSpatial(prior::SpatialDictionary());
    return m;
  }();
  return spatial ? full : noSpatial;
}

void scoreAll(benchmark::State& state, const std::vector<Position>& positions, bool spatial) {
  prior::Scorer scorer(model(spatial));
  std::vector<float> probs;
  size_t i = 0;
  for (auto _ : state) {
    const Position& p = positions[i++ % positions.size()];
    scorer.scores(p.board, p.toMove, p.last, p.before, probs);
    benchmark::DoNotOptimize(probs.data());
  }
  state.SetLabel(spatial ? "3x3 + tactics + spatial" : "3x3 + tactics");
}

void BM_Scores(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  std::vector<Position> positions;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    positions.push_back(randomPosition(side, side * side / 3, seed));
  }
  scoreAll(state, positions, state.range(1) != 0);
}
BENCHMARK(BM_Scores)->Args({19, 1})->Args({19, 0})->Args({9, 1})->Args({9, 0})->Unit(
    benchmark::kMicrosecond);

void BM_ScoresCorpus(benchmark::State& state) {
  const std::vector<Position>& positions = corpusPositions();
  if (positions.empty()) {
    state.SkipWithError("../shared/data/pro19 not found (set FGO_SHARED)");
    return;
  }
  scoreAll(state, positions, state.range(0) != 0);
}
BENCHMARK(BM_ScoresCorpus)->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);

// The tree-search pattern on 19x19 positions: from a position, play a random move, score
// for the opponent, undo, score again (256 iterations a position, then the next of 8).
// range(0): 1 IncrementalScorer, 0 Scorer; the time is per iteration (two calls).
void BM_AfterOneMove(benchmark::State& state) {
  const bool incremental = state.range(0) != 0;
  std::vector<Position> positions;
  for (uint64_t seed = 1; seed <= 8; ++seed) positions.push_back(randomPosition(19, 120, seed));
  prior::Scorer scratch(model(true));
  prior::IncrementalScorer inc(model(true));
  std::vector<float> probs;
  RandomPlayer player(99);
  size_t i = 0;
  auto score = [&](const Position& p, Color c, Point last, Point before) {
    if (incremental) {
      inc.scores(p.board, c, last, before, probs);
    } else {
      scratch.scores(p.board, c, last, before, probs);
    }
    benchmark::DoNotOptimize(probs.data());
  };
  for (auto _ : state) {
    Position& p = positions[(i++ / 256) % positions.size()];
    const Point m = player.choose(p.board, p.toMove);
    if (m == PASS) continue;
    p.board.play(m, p.toMove);
    score(p, opponent(p.toMove), m, p.last);
    p.board.undo();
    score(p, p.toMove, p.last, p.before);
  }
  state.SetLabel(incremental ? "IncrementalScorer, per 2 calls" : "Scorer, per 2 calls");
}
BENCHMARK(BM_AfterOneMove)->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
