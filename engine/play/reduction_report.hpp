// this code uses the idea of fractal go by Serge Boisse
//
// Reduction quality over game records (`fgo reduce --quality`): for sampled positions,
// each reducer on each reduction step it can do, the influence lost (reduce/quality.hpp,
// in lone-stone units) under each influence model, averaged.
#pragma once

#include <string>
#include <vector>

#include "engine/board/coord.hpp"

namespace engine {

struct ReductionQualityParams {
  int maxGames = 50;
  int every = 10;      // sample every N-th move ...
  int firstMove = 20;  // ... from this move on
  int threads = 2;
};

struct ReductionQualityRow {
  std::string reducer;
  BoardSize from, to;
  std::vector<std::string> models;  // model names, in column order
  std::vector<double> meanLoss;     // per model, lone-stone units
  long positions = 0;
  double microsecondsPerReduction = 0;
};

// Rows for resample/sector/block on 19->13, 19->9, 13->9 and 7->5 (where each applies).
std::vector<ReductionQualityRow> reductionQuality(const std::vector<std::string>& files,
                                                  const ReductionQualityParams& params);

}  // namespace engine
