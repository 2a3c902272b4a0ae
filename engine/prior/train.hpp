// Training the move model with Coulom's minorization-maximization (MM) for the
// generalised Bradley-Terry model (R. Coulom, "Computing Elo Ratings of Move Patterns
// in the Game of Go", 2007): every position of the training games is a competition
// among the candidate moves (teams of features); the played move wins. One MM step
// updates all gammas of one group:
//     gamma_i <- (W_i + 1) / (C_i + 2 / (gamma_i + 1)),
// W_i = wins of teams with feature i, C_i = sum over positions j of (count of teams
// with i in j) * (their strength without gamma_i) / E_j, E_j = total strength in j;
// the +1 and 2/(gamma_i+1) are Coulom's prior (one virtual win and one virtual loss
// against a gamma-1 opponent). Positions are processed in fixed chunks whose sums are
// combined in order, so training is reproducible for any number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/prior/model.hpp"

namespace prior {

// Game files of a folder split for training and evaluation: SGF files sorted by name,
// the last ceil(fraction * n) held out.
struct CorpusSplit {
  std::vector<std::string> train, heldOut;
};
// Throws engine::InputError when dir is not a folder with SGF files or the fraction is
// outside [0, 1).
CorpusSplit splitCorpus(const std::string& dir, double holdoutFraction);

struct TrainOptions {
  int threads = 0;                // OpenMP threads (0: the default)
  int maxCycles = 25;             // passes over all groups
  double tolerance = 1e-4;        // stop when the mean log-likelihood gains less
  bool spatial = true;            // harvest and use the spatial pattern dictionary
  uint32_t spatialMinCount = 20;  // played at least this often in training
  size_t spatialMaxEntries = 200000;
  // When set, MM continues from this model's gammas (more cycles of an earlier run); its
  // spatial dictionary must equal the one harvested from these games and options, else
  // train throws engine::InputError.
  const Model* start = nullptr;
  std::function<void(const std::string&)> log;  // progress lines (may be empty)
};

// What training saw and did.
struct TrainReport {
  size_t games = 0, positions = 0, skipped = 0;  // skipped: unreadable games
  size_t candidates = 0, entries = 0;            // candidate moves; distinct teams per position
  int cycles = 0;
  std::vector<double> logLikelihood;  // mean ln P(played move) after each cycle
};

// Trains on the given game files. Unreadable files are skipped (counted).
Model train(const std::vector<std::string>& files, const TrainOptions& options,
            TrainReport* report = nullptr);

// ---- Lower level, for tests ------------------------------------------------------
// A competition: distinct teams (feature values) with their multiplicities; winner is
// the index of the winning team.
struct Competition {
  std::vector<MoveFeatures> teams;
  std::vector<uint32_t> counts;
  uint32_t winner = 0;
};
// Runs MM on explicit competitions for a model whose group sizes are already set
// (model.groupSize). Returns the mean log-likelihood after each cycle.
std::vector<double> runMM(Model& model, const std::vector<Competition>& data,
                          const TrainOptions& options);

}  // namespace prior
