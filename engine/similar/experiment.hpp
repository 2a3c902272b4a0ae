// Experiment A: does the a-priori (influence) distance of two positions predict their
// a-posteriori distance (how differently the collection continued from them)? See
// docs/EXPERIMENT_A.md for the method, the definition of next(x) and the results.
//
// Method in short. For each move-number range, positions are collected from every game
// (stones as bitboards). Anchors are random positions of the range plus, for each, its
// nearest position from another game (Hamming distance of the stones, best symmetry), so
// that near pairs exist. next(x) is the multiset of moves played from the `neighbours`
// nearest positions to x by Hamming distance (x itself included, same side to move),
// mapped into x's frame. For a pair (x, y), neighbours common to both are removed from
// both sets (otherwise near pairs would agree by construction), next(y) is mapped into x's
// frame by the symmetry that best aligns y's stones with x's, and the a-posteriori
// distance is 1 - 2|A n B| / (|A| + |B|) on the distinct moves. The a-priori distance of
// each model is the smallest over the symmetries. Spearman's rho is reported per model,
// per range, and per band (terciles of the model's own a-priori distance).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/influence/influence.hpp"

namespace engine {

struct ExperimentParams {
  std::vector<std::pair<int, int>> ranges = {{8, 16}, {30, 50}, {80, 120}};  // moves, inclusive
  int anchors = 40;     // random anchors per range (each brings its nearest neighbour too)
  int neighbours = 10;  // positions pooled into next(x)
  uint64_t seed = 1;
  int threads = 2;
  std::vector<Model> models = {Model::Radiation, Model::Zobrist, Model::Path, Model::BouzyTerritory,
                               Model::Spight};
};

// Spearman's rho of one model on one set of pairs.
struct Correlation {
  long pairs = 0;
  double rho = 0;  // NaN when undefined (fewer than 3 pairs or constant values)
};

struct RangeResult {
  std::pair<int, int> range;
  long positions = 0;  // positions of the range in the collection
  long pairs = 0;
  double meanNextSize = 0;                      // distinct moves in next(x), averaged over anchors
  double meanHamming = 0;                       // mean Hamming distance of the pooled neighbours
  double meanPosterior = 0;                     // mean a-posteriori distance over the pairs
  std::vector<Correlation> all;                 // per model
  std::vector<std::vector<Correlation>> bands;  // per model: low, medium, high distance
};

struct ExperimentReport {
  long games = 0;
  std::vector<Model> models;
  std::vector<RangeResult> ranges;
  std::vector<std::string> problems;
  std::string toJson() const;
  // Grouped bars of rho per range and model (all pairs), with the band values as dots.
  std::string toSvg() const;
};

ExperimentReport runExperimentA(const std::vector<std::string>& files,
                                const ExperimentParams& params);

}  // namespace engine
