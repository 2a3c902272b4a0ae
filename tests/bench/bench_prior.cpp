// Move model scoring (engine/prior): microseconds to score every candidate move of one
// position (Scorer::scores: liberty table, features, 3x3 and spatial lookups,
// normalisation), on 19x19 and 9x9 positions after random-player games, with the
// committed model tables/prior.fgt (or every gamma 1 when it is absent), with and without
// the spatial dictionary.
//   build-<you>/bench/bench_prior
#include <benchmark/benchmark.h>

#include <filesystem>

#include "engine/board/random_player.hpp"
#include "engine/prior/prior.hpp"

namespace {

using namespace engine;

// The board after a random-player game of `moves` moves, with its last two moves.
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

const prior::Model& model(bool spatial) {
  static const prior::Model full = [] {
    const std::filesystem::path path = std::filesystem::path(FGO_SOURCE_DIR) / "tables/prior.fgt";
    return std::filesystem::exists(path) ? prior::Model::load(path) : prior::Model();
  }();
  static const prior::Model noSpatial = [] {
    prior::Model m = full;
    m.setSpatial(prior::SpatialDictionary());
    return m;
  }();
  return spatial ? full : noSpatial;
}

void BM_Scores(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const bool spatial = state.range(1) != 0;
  std::vector<Position> positions;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    positions.push_back(randomPosition(side, side * side / 3, seed));
  }
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
BENCHMARK(BM_Scores)->Args({19, 1})->Args({19, 0})->Args({9, 1})->Args({9, 0})->Unit(
    benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
