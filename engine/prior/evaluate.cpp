// Held-out evaluation (evaluate.hpp).
#include "engine/prior/evaluate.hpp"

#include <omp.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "engine/prior/corpus_walk.hpp"

namespace prior {
namespace {

enum { UNIFORM, PROXIMITY, MODEL, RANKERS };

struct Acc {
  size_t positions = 0, candidates = 0;
  double hit[4] = {0, 0, 0, 0};  // k = 1, 3, 4, 5
  double ll = 0;
  void add(size_t above, size_t equal, double logP) {
    static constexpr size_t KS[4] = {1, 3, 4, 5};
    ++positions;
    for (int i = 0; i < 4; ++i) hit[i] += tieHit(above, equal, KS[i]);
    ll += logP;
  }
  void merge(const Acc& o) {
    positions += o.positions;
    candidates += o.candidates;
    for (int i = 0; i < 4; ++i) hit[i] += o.hit[i];
    ll += o.ll;
  }
};

// Counts candidates scored above and equal to the played move.
template <typename Score>
void rank(const std::vector<Point>& cands, Point played, Score score, size_t& above,
          size_t& equal) {
  const double mine = score(played);
  above = equal = 0;
  for (Point p : cands) {
    const double s = score(p);
    if (s > mine) ++above;
    if (s == mine) ++equal;
  }
}

void evalGame(const std::string& file, const Model& model, Scorer& scorer, FeatureContext& ctx,
              std::vector<float>& probs, std::array<Acc, RANKERS>& acc) {
  std::vector<Point> cands;
  walkPositions(file, [&](const PositionView& pos) {
    ctx.reset(pos.board, pos.toMove, pos.last, pos.beforeLast);
    ctx.candidates(cands);
    if (std::find(cands.begin(), cands.end(), pos.played) == cands.end()) return;
    size_t above, equal;
    const size_t n = cands.size();
    acc[UNIFORM].add(0, n, -std::log(static_cast<double>(n)));
    const bool hasLast = pos.last != engine::NO_POINT && pos.last != engine::PASS;
    rank(
        cands, pos.played,
        [&](Point p) {
          if (p == engine::PASS) return -1e9;
          return hasLast ? -static_cast<double>(coulomDistance(pos.board, p, pos.last)) : 0.0;
        },
        above, equal);
    acc[PROXIMITY].add(above, equal, 0);
    scorer.scores(pos.board, pos.toMove, pos.last, pos.beforeLast, probs);
    rank(
        cands, pos.played, [&](Point p) { return static_cast<double>(probs[p]); }, above, equal);
    acc[MODEL].add(above, equal, std::log(std::max<double>(probs[pos.played], 1e-30)));
    for (auto& a : acc) a.candidates += n;
  });
  (void)model;
}

}  // namespace

double tieHit(size_t above, size_t equal, size_t k) {
  if (equal == 0) return 0;
  const double v =
      (static_cast<double>(k) - static_cast<double>(above)) / static_cast<double>(equal);
  return std::clamp(v, 0.0, 1.0);
}

std::vector<EvalRow> evaluate(const Model& model, const std::vector<std::string>& files,
                              const EvalOptions& options, size_t* skipped) {
  const size_t n = options.maxGames >= 0
                       ? std::min(files.size(), static_cast<size_t>(options.maxGames))
                       : files.size();
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  std::vector<std::array<Acc, RANKERS>> perGame(n);
  std::vector<char> failed(n, 0);
#pragma omp parallel num_threads(threads)
  {
    Scorer scorer(model);
    FeatureContext ctx;
    std::vector<float> probs;
#pragma omp for schedule(dynamic, 1)
    for (size_t i = 0; i < n; ++i) {
      try {
        evalGame(files[i], model, scorer, ctx, probs, perGame[i]);
      } catch (const std::exception&) {
        failed[i] = 1;
        perGame[i] = {};
      }
    }
  }
  std::array<Acc, RANKERS> total{};
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    for (int r = 0; r < RANKERS; ++r) total[r].merge(perGame[i][r]);
    bad += static_cast<size_t>(failed[i]);
  }
  if (skipped) *skipped = bad;
  static const char* const NAMES[RANKERS] = {"uniform", "proximity", "model"};
  std::vector<EvalRow> rows;
  for (int r = 0; r < RANKERS; ++r) {
    const Acc& a = total[r];
    const double np = a.positions ? static_cast<double>(a.positions) : 1.0;
    EvalRow row;
    row.name = NAMES[r];
    row.positions = a.positions;
    row.top1 = a.hit[0] / np;
    row.top3 = a.hit[1] / np;
    row.top4 = a.hit[2] / np;
    row.top5 = a.hit[3] / np;
    row.meanLogLikelihood = r == PROXIMITY ? std::numeric_limits<double>::quiet_NaN() : a.ll / np;
    row.meanCandidates = static_cast<double>(a.candidates) / np;
    rows.push_back(row);
  }
  return rows;
}

std::string formatEval(const std::vector<EvalRow>& rows) {
  std::string out = "ranker      positions   top-1   top-3   top-4   top-5   mean-ll  candidates\n";
  char line[160];
  for (const EvalRow& r : rows) {
    char ll[32];
    if (std::isnan(r.meanLogLikelihood)) {
      std::snprintf(ll, sizeof ll, "%9s", "-");
    } else {
      std::snprintf(ll, sizeof ll, "%9.3f", r.meanLogLikelihood);
    }
    std::snprintf(line, sizeof line, "%-10s %10zu  %5.1f%%  %5.1f%%  %5.1f%%  %5.1f%% %s %10.1f\n",
                  r.name.c_str(), r.positions, 100 * r.top1, 100 * r.top3, 100 * r.top4,
                  100 * r.top5, ll, r.meanCandidates);
    out += line;
  }
  return out;
}

}  // namespace prior
