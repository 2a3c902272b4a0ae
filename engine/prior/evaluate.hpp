// How well a move model ranks the moves of held-out games: top-k hit rates and the mean
// log-likelihood of the played move, beside baselines measured in the same run.
// Ties are counted fairly: with g candidates scored above the played move and e scored
// equal to it (itself included), hit@k = clamp((k - g) / e, 0, 1), the expected hit of
// a random tie-break.
#pragma once

#include <string>
#include <vector>

#include "engine/prior/model.hpp"

namespace prior {

// One ranker's figures.
struct EvalRow {
  std::string name;
  size_t positions = 0;
  double top1 = 0, top3 = 0, top4 = 0, top5 = 0;  // fractions of positions
  double meanLogLikelihood = 0;                   // NaN when the ranker is not a model
  double meanCandidates = 0;
};

struct EvalOptions {
  int threads = 0;    // OpenMP threads (0: the default)
  int maxGames = -1;  // evaluate the first maxGames files only (-1: all)
};

// Rows: "uniform" (every legal move alike), "proximity" (nearest to the last move by
// Coulom's distance, pass last), and "model". Unreadable files are skipped.
std::vector<EvalRow> evaluate(const Model& model, const std::vector<std::string>& files,
                              const EvalOptions& options, size_t* skipped = nullptr);

// hit@k for one position from the count above and the count equal (itself included).
double tieHit(size_t above, size_t equal, size_t k);

// The rows as a fixed-width text table.
std::string formatEval(const std::vector<EvalRow>& rows);

}  // namespace prior
