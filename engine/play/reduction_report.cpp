// this code uses the idea of fractal go by Serge Boisse
#include "engine/play/reduction_report.hpp"

#include <omp.h>

#include <chrono>
#include <memory>

#include "engine/influence/influence.hpp"
#include "engine/sgf/record.hpp"
#include "reduce/block_table.hpp"
#include "reduce/quality.hpp"
#include "reduce/reducer.hpp"

namespace engine {

namespace {

struct Step {
  std::string reducer;
  BoardSize from, to;
};

const std::vector<Step>& steps() {
  static const std::vector<Step> s = {
      {"resample", {19, 19}, {13, 13}}, {"block", {19, 19}, {13, 13}},
      {"resample", {19, 19}, {9, 9}},   {"sector", {19, 19}, {9, 9}},
      {"resample", {13, 13}, {9, 9}},   {"block", {13, 13}, {9, 9}},
      {"resample", {7, 7}, {5, 5}},     {"block", {7, 7}, {5, 5}},
  };
  return s;
}

const Model MODELS[] = {Model::Radiation, Model::Zobrist, Model::BouzyTerritory, Model::Path,
                        Model::Spight};
constexpr size_t NUM_MODELS = sizeof(MODELS) / sizeof(MODELS[0]);

struct Sums {
  std::vector<std::vector<double>> loss;  // [step][model]
  std::vector<long> count;
  std::vector<double> seconds;
  Sums()
      : loss(steps().size(), std::vector<double>(NUM_MODELS, 0)),
        count(steps().size(), 0),
        seconds(steps().size(), 0) {}
};

// The source position for a step: the game position itself for 19x19, otherwise the
// game position resampled down to the step's size.
Board sourceFor(const Board& game, BoardSize size, const reduce::Reducer& resample) {
  if (game.size() == size) return game;
  return resample.reduce(game, Color::Black, size).board;
}

}  // namespace

std::vector<ReductionQualityRow> reductionQuality(const std::vector<std::string>& allFiles,
                                                  const ReductionQualityParams& params) {
  std::vector<std::string> files = allFiles;
  if (params.maxGames >= 0 && static_cast<size_t>(params.maxGames) < files.size()) {
    files.resize(static_cast<size_t>(params.maxGames));
  }
  const int threads = std::max(1, params.threads);
  std::vector<Sums> sums(static_cast<size_t>(threads));
  const auto resample = reduce::makeResampleReducer();
  std::vector<std::unique_ptr<reduce::Reducer>> reducers;
  for (const Step& s : steps()) reducers.push_back(reduce::makeReducer(s.reducer));
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (long i = 0; i < static_cast<long>(files.size()); ++i) {
    Sums& sum = sums[static_cast<size_t>(omp_get_thread_num())];
    LoadedGame g;
    try {
      g = loadSgfGame(readFileBytes(files[static_cast<size_t>(i)]));
    } catch (const std::exception&) {
      continue;  // unreadable records are reported by fgo sgf, not here
    }
    if (g.record.size != BoardSize{19, 19}) continue;
    Rules rules;
    rules.ko = KoRule::Simple;
    rules.passesToEnd = 1 << 30;
    Game game({19, 19}, rules);
    int moveNo = 0;
    for (const RecordMove& m : g.record.moves) {
      if (!m.isMove()) continue;
      if (game.play(m.at ? game.board().point(*m.at) : PASS, m.color) != MoveError::None) break;
      ++moveNo;
      if (moveNo < params.firstMove || moveNo % params.every != 0) continue;
      for (size_t s = 0; s < steps().size(); ++s) {
        const Step& step = steps()[s];
        const Board src = sourceFor(game.board(), step.from, *resample);
        const auto start = std::chrono::steady_clock::now();
        const Board small = reducers[s]->reduce(src, Color::Black, step.to).board;
        sum.seconds[s] +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (size_t k = 0; k < NUM_MODELS; ++k) {
          sum.loss[s][k] += reduce::reductionDifference(src, small, MODELS[k]);
        }
        ++sum.count[s];
      }
    }
  }
  std::vector<ReductionQualityRow> rows;
  for (size_t s = 0; s < steps().size(); ++s) {
    ReductionQualityRow row;
    row.reducer = steps()[s].reducer;
    row.from = steps()[s].from;
    row.to = steps()[s].to;
    double seconds = 0;
    std::vector<double> loss(NUM_MODELS, 0);
    for (const Sums& sum : sums) {
      row.positions += sum.count[s];
      seconds += sum.seconds[s];
      for (size_t k = 0; k < NUM_MODELS; ++k) loss[k] += sum.loss[s][k];
    }
    for (size_t k = 0; k < NUM_MODELS; ++k) {
      row.models.push_back(modelName(MODELS[k]));
      row.meanLoss.push_back(row.positions ? loss[k] / static_cast<double>(row.positions) : 0);
    }
    row.microsecondsPerReduction =
        row.positions ? 1e6 * seconds / static_cast<double>(row.positions) : 0;
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace engine
