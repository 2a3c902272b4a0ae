// Measuring the nearest query of the position index (index.hpp) over many queries in one
// run: latency of the staged and sketch exact searches, the approximate sketch search and
// brute force, and the approximate search's recall against the exact answer.
#pragma once

#include <string>
#include <vector>

#include "engine/similar/index.hpp"

namespace engine {

struct NearestEvalParams {
  std::vector<int> moves{10, 30, 80, 150, 250};  // query positions: after this many moves
  size_t games = 100;                            // query games, spread evenly over the files given
  size_t k = 5;                                  // neighbours asked for
  size_t candidates = 1000;                      // of the approximate search
  size_t brute = 3;    // queries per move also answered by brute force (slow)
  bool staged = true;  // also time the staged exact search
  int threads = 2;
};

// One move number's figures. Latencies in ms, one value per query (wall clock).
struct NearestEvalRow {
  int move = 0;
  size_t queries = 0;
  std::vector<double> stagedMs, exactMs, approxMs, bruteMs;
  // Process CPU time (all threads) of the same calls, ms.
  std::vector<double> stagedCpu, exactCpu, approxCpu, bruteCpu;
  double recall1 = 0;  // share of queries whose approximate first neighbour has the true D
  double recall5 = 0;  // mean share of the true k neighbours (by D) found
  double refinedExact = 0, refinedApprox = 0;  // mean entries refined
  double withinTenMoves = 0;  // share of the true neighbours within 10 moves of the query
  double meanD1 = 0;          // mean D of the true nearest
};

// Queries from `files` (every query game's own positions are left out of the answers, so
// each query comes from a game held out of the index). Brute force must agree with the
// exact searches on the queries it answers, else std::logic_error (a bug).
std::vector<NearestEvalRow> evaluateNearest(const PositionIndex& index,
                                            const std::vector<std::string>& files,
                                            const NearestEvalParams& params);

// Recall of an approximate answer: the share of the true neighbours' D values it holds
// (both lists sorted by D; ties counted once each), and whether its first D is the true
// first D.
std::pair<double, bool> nearestRecall(const std::vector<IndexMatch>& truth,
                                      const std::vector<IndexMatch>& got);

// The q-quantile (0..1) of values (nearest rank; 0 for none).
double quantile(std::vector<double> values, double q);

}  // namespace engine
