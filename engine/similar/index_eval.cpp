// Measuring the nearest query over many queries in one run (index_eval.hpp).
#include "engine/similar/index_eval.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <stdexcept>
#include <unordered_map>

namespace engine {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Process CPU time (all threads), ms.
double cpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Runs f, appending its wall and CPU milliseconds; returns its result.
template <class F>
auto timed(std::vector<double>& wall, std::vector<double>& cpu, F&& f) {
  const double c0 = cpuMs();
  const auto t0 = Clock::now();
  auto result = f();
  wall.push_back(msSince(t0));
  cpu.push_back(cpuMs() - c0);
  return result;
}

bool sameD(const std::vector<IndexMatch>& a, const std::vector<IndexMatch>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].D != b[i].D) return false;
  }
  return true;
}

}  // namespace

std::pair<double, bool> nearestRecall(const std::vector<IndexMatch>& truth,
                                      const std::vector<IndexMatch>& got) {
  size_t found = 0;
  for (size_t i = 0, j = 0; i < truth.size() && j < got.size();) {
    if (truth[i].D == got[j].D) {
      ++found, ++i, ++j;
    } else if (truth[i].D < got[j].D) {
      ++i;
    } else {
      ++j;
    }
  }
  const bool first = truth.empty() || (!got.empty() && got[0].D == truth[0].D);
  return {truth.empty() ? 1.0 : static_cast<double>(found) / static_cast<double>(truth.size()),
          first};
}

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto i = static_cast<size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::min(values.size() - 1, i == 0 ? 0 : i - 1)];
}

std::vector<NearestEvalRow> evaluateNearest(const PositionIndex& index,
                                            const std::vector<std::string>& files,
                                            const NearestEvalParams& params) {
  std::unordered_map<std::string, long> gameOf;
  for (size_t g = 0; g < index.games().size(); ++g)
    gameOf[index.games()[g].id] = static_cast<long>(g);
  std::vector<std::string> sample;
  const size_t n = std::min(params.games, files.size());
  for (size_t i = 0; i < n; ++i) sample.push_back(files[i * files.size() / n]);
  std::vector<NearestEvalRow> rows;
  for (int move : params.moves) {
    NearestEvalRow row;
    row.move = move;
    double r1 = 0, r5 = 0, refE = 0, refA = 0, near = 0, nearAll = 0, d1 = 0;
    for (const std::string& file : sample) {
      std::optional<LoadedPosition> loaded;
      try {
        loaded.emplace(loadPosition(file, move));
      } catch (const std::exception&) {
        continue;  // unreadable or shorter than `move`
      }
      const LoadedPosition& q = *loaded;
      if (q.game.board().size() != index.size()) continue;
      const auto it = gameOf.find(q.info.id);
      NearestParams np;
      np.method = NearestParams::Method::Sketch;
      np.threads = params.threads;
      np.skipGame = it == gameOf.end() ? -1 : it->second;
      const Board& b = q.game.board();
      SignatureStore::Stats st;
      std::vector<IndexMatch> staged;
      if (params.staged) {
        NearestParams sp = np;
        sp.method = NearestParams::Method::Staged;
        staged = timed(row.stagedMs, row.stagedCpu,
                       [&] { return index.nearest(b, q.toMove, params.k, sp); });
      }
      const auto exact = timed(row.exactMs, row.exactCpu,
                               [&] { return index.nearest(b, q.toMove, params.k, np, &st); });
      if (params.staged && !sameD(staged, exact))
        throw std::logic_error("the staged and sketch exact searches disagree");
      refE += static_cast<double>(st.refined);
      NearestParams ap = np;
      ap.candidates = params.candidates;
      const auto approx = timed(row.approxMs, row.approxCpu,
                                [&] { return index.nearest(b, q.toMove, params.k, ap, &st); });
      refA += static_cast<double>(st.refined);
      const auto [share, first] = nearestRecall(exact, approx);
      r5 += share;
      r1 += first ? 1 : 0;
      if (!exact.empty()) d1 += exact[0].D;
      for (const IndexMatch& m : exact) {
        nearAll += 1;
        near += std::abs(int{index.entries()[m.entry].move} - move) <= 10 ? 1 : 0;
      }
      if (row.bruteMs.size() < params.brute) {
        const auto brute = timed(row.bruteMs, row.bruteCpu, [&] {
          return index.nearestBrute(b, q.toMove, params.k, np.skipGame);
        });
        if (!sameD(brute, exact)) throw std::logic_error("brute force disagrees with the index");
      }
      ++row.queries;
    }
    const double nq = std::max<double>(1, static_cast<double>(row.queries));
    row.recall1 = r1 / nq;
    row.recall5 = r5 / nq;
    row.refinedExact = refE / nq;
    row.refinedApprox = refA / nq;
    row.meanD1 = d1 / nq;
    row.withinTenMoves = nearAll > 0 ? near / nearAll : 0;
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace engine
