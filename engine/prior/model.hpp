// The trained move model: one gamma (strength factor) per feature value, the spatial
// pattern dictionary, table I/O, and per-point move probabilities. A move's strength is
// the product of the gammas of its features (features.hpp); its probability is its
// strength over the sum of the strengths of all candidate moves (Coulom 2007).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "engine/prior/features.hpp"
#include "engine/prior/spatial.hpp"

namespace prior {

// Kind version of the model payload (tables/ kind MoveModel, generator "fgo prior").
inline constexpr uint16_t MODEL_KIND_VERSION = 1;
// Generator name written into and required from model table files.
inline constexpr const char* MODEL_GENERATOR = "fgo prior";

class Model {
 public:
  // A model with every gamma 1 (all moves equally likely) and no spatial patterns.
  Model();
  // Reads a model table file. Throws tables::TableError for a damaged or foreign file
  // (wrong kind, generator, payload layout, gamma not finite and positive).
  static Model load(const std::filesystem::path& path);
  // Writes the model atomically as a table file; note goes into the header.
  void save(const std::filesystem::path& path, const std::string& note = "") const;

  // Gamma of value v (1-based) of group g.
  float gamma(int g, uint32_t v) const { return gammas_[g][v - 1]; }
  void setGamma(int g, uint32_t v, float value) { gammas_[g][v - 1] = value; }
  // Number of values of group g in this model.
  uint32_t groupSize(int g) const { return static_cast<uint32_t>(gammas_[g].size()); }
  const SpatialDictionary& spatial() const { return spatial_; }
  // Replaces the dictionary; the spatial gammas are reset to 1.
  void setSpatial(SpatialDictionary dictionary);

  // Strength (product of gammas) of a move with these features.
  double strength(const MoveFeatures& f) const {
    double s = 1.0;
    for (int g = 0; g < NUM_GROUPS; ++g) {
      if (f.value[g] != 0) s *= gammas_[g][f.value[g] - 1];
    }
    return s;
  }

  // Probabilities of the candidate moves of toMove, indexed by Point (out.size() =
  // board.arraySize()); out[PASS] is the pass. Illegal points get 0; the sum is 1.
  // last / beforeLast: the last two moves (PASS, or engine::NO_POINT when none).
  // Allocates a FeatureContext; in loops use Scorer.
  std::vector<float> scores(const Board& board, Color toMove, Point last, Point beforeLast) const;

  bool operator==(const Model& o) const;

 private:
  std::vector<std::vector<float>> gammas_;  // by group, value - 1
  SpatialDictionary spatial_;
};

// Reusable scorer (keeps its buffers): one per thread.
class Scorer {
 public:
  explicit Scorer(const Model& model) : model_(&model) {}
  // As Model::scores, into out.
  void scores(const Board& board, Color toMove, Point last, Point beforeLast,
              std::vector<float>& out);

 private:
  const Model* model_;
  FeatureContext ctx_;
  std::vector<Point> cands_;
};

}  // namespace prior
