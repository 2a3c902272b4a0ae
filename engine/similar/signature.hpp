// Influence signatures: the compact form of a position used for approximate matching,
// and the exact k-nearest search over a store of them.
//
// A signature is an influence map (Spight's model by default: integers in eighths, at
// most 104 in magnitude on 19x19, so int8 holds it exactly; larger values are clamped)
// as one int8 per point, taken in a chosen orientation. Its distance to another is
// D = sum of |a - b| (the D of the a-priori distance, in the model's units).
//
// Search: a coarse-to-fine filter of lower bounds, each from the triangle inequality
// (the L1 distance of sums over disjoint sets of points is at most the L1 distance of
// the points), split by sign: for a set S, sum over S of |a - b| >= |P_a - P_b| + |N_a - N_b|
// with P and N the sums of the positive and negative parts (a = P - N pointwise and
// |a - b| = |a+ - b+| + |a- - b-| for scalars).
//   0. the total magnitude (entries are stored in its order; the walk goes outward from
//      the query's and stops when the gap reaches the k-th best D);
//   1. symmetry-invariant orbit features: P and N summed over each class of points that
//      the board's symmetries map onto itself (orbitClasses; no orientation loop);
//   2. per query orientation, cell sums: P and N over cells of 7 x 7 bands laid out
//      symmetrically, so every symmetry maps cells onto cells (int16, SIMD);
//   3. the full L1 distance (SIMD, psadbw), abandoned as soon as it reaches the k-th best,
//      for the orientations whose cell bound is below it, lowest bound first.
// The result is the exact k nearest; nearestBrute (full D of everything) is its twin.
// The idea is the classic filter-and-refine search with lower-bounding features
// (GEMINI: Faloutsos, Ranganathan and Manolopoulos, SIGMOD 1994).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/influence/influence.hpp"
#include "engine/similar/sketch.hpp"

namespace engine {

// The map's values moved by symmetry s (the value of p lands on applySymmetry(s, p)),
// clamped to int8, row by row of the transformed board.
std::vector<int8_t> signatureOf(const InfluenceMap& map, int s);

// The orbit class of every point (row-major): with a = min(x, W-1-x) and b = min(y, H-1-y)
// (distances to the nearer edges), divided by f = ceil(max lines / 10) so there are at
// most 55 classes (100 on a rectangle), the class is the unordered pair {a, b} on a square
// board and the ordered pair (a, b) on a rectangle. Every symmetry of the board maps each
// class onto itself, so sums over a class do not depend on the orientation.
std::vector<int> orbitClasses(int width, int height);

// Number of int16 values orbitFeatures returns (2 per class, padded to a multiple of 8).
int orbitStride(int width, int height);

// Per orbit class the sum of the positive parts, then per class the sum of the negative
// parts' magnitudes (saturated at 32767, which keeps the bound valid); zero padding.
std::vector<int16_t> orbitFeatures(const int8_t* sig, int width, int height);

// Sum of |a[i] - b[i]| over n values (SIMD where the machine has it).
int32_t l1Distance(const int8_t* a, const int8_t* b, int n);
// The plain loop (the twin of l1Distance).
int32_t l1DistanceScalar(const int8_t* a, const int8_t* b, int n);
// l1Distance when it is below limit; otherwise some value >= limit (stops early).
int32_t l1DistanceBelow(const int8_t* a, const int8_t* b, int n, int32_t limit);
// Sum of |a[i] - b[i]| over n int16 values, n a multiple of 8 (cell bounds).
int32_t l1Distance16(const int16_t* a, const int16_t* b, int n);

// One answer of a nearest search: the entry, its D, and the symmetry t that maps the
// query onto the entry's stored orientation (signatureOf(query, t) was compared).
struct Neighbour {
  uint32_t entry = 0;
  int32_t distance = 0;
  int symmetry = 0;
};

// Cell bands along a side of `length` points: 7 bands (fewer on small boards, more on
// boards over 84 points so a band stays under 13 points), laid out symmetrically about
// the centre so that every board symmetry maps cells onto cells.
std::vector<int> cellBands(int length);

// Number of int16 values cellSums returns (2 per cell, padded to a multiple of 8).
int cellStride(int width, int height);

// Per cell (bands of x times bands of y, row by row) the sum of the positive parts, then
// per cell the sum of the negative parts' magnitudes; zero padding up to cellStride.
std::vector<int16_t> cellSums(const int8_t* sig, int width, int height);

// Signatures of one board size, searched exactly for the k nearest.
class SignatureStore {
 public:
  SignatureStore() = default;
  SignatureStore(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  size_t size() const { return magnitude_.size(); }
  // Bytes a signature takes (width * height).
  int points() const { return width_ * height_; }

  // Appends a signature (points() values); returns its entry number.
  uint32_t add(const int8_t* sig);
  // Reorders entries by total magnitude (needed before search); returns the permutation
  // (new entry i was old entry perm[i]).
  std::vector<uint32_t> sortByMagnitude();
  bool sorted() const { return sorted_; }

  const int8_t* signature(uint32_t entry) const {
    return &maps_[static_cast<size_t>(entry) * static_cast<size_t>(points())];
  }
  const std::vector<int8_t>& rawMaps() const { return maps_; }
  // Rebuilds a store from raw maps (as written by rawMaps) and marks it sorted when the
  // magnitudes are in order. Throws InputError for a size mismatch.
  static SignatureStore fromRaw(int width, int height, std::vector<int8_t> maps);

  const SketchLayout& sketchLayout() const { return layout_; }
  const int8_t* sketch(uint32_t entry) const {
    return &sketches_[static_cast<size_t>(entry) * static_cast<size_t>(layout_.stride)];
  }

  // Counters of the last search (for measurements).
  struct Stats {
    size_t bounded = 0;  // entries whose orbit bound (or sketch distance) was computed
    size_t celled = 0;   // entries that passed it (cell bounds computed)
    size_t refined = 0;  // entries whose L1 distance was computed in some orientation
    size_t l1 = 0;       // (entry, orientation) L1 distances computed
  };

  // The k nearest entries to map (any orientation of the query), nearest first, ties by
  // entry number. accept(entry) filters entries (empty: all). The store must be sorted.
  std::vector<Neighbour> nearest(const InfluenceMap& map, size_t k,
                                 const std::function<bool(uint32_t)>& accept = {},
                                 Stats* stats = nullptr) const;

  // How nearestSketch searches.
  struct SketchSearch {
    size_t candidates = 256;  // accepted entries of smallest sketch distance refined first
    bool exact = true;        // then every entry whose sketch bound allows it (exact result)
    int threads = 2;          // threads of the sketch scan (accept must be thread-safe)
  };

  // The k nearest by the sketch scan (sketch.hpp): S of every entry (best orientation),
  // then the `candidates` accepted entries of smallest S refined exactly (cell bounds, L1);
  // when exact, also every other accepted entry whose bound 4 S - 3 cells does not exceed
  // the k-th best D found, smallest S first, so the result equals nearestBrute's. When not
  // exact it is approximate: recall is measured against nearestBrute (docs/SIMILAR.md).
  std::vector<Neighbour> nearestSketch(const InfluenceMap& map, size_t k,
                                       const SketchSearch& search,
                                       const std::function<bool(uint32_t)>& accept = {},
                                       Stats* stats = nullptr) const;

  // Approximate: nearestSketch with `candidates` candidates, not exact (both threads).
  // candidates 0 means exact (nearest()).
  std::vector<Neighbour> nearestApprox(const InfluenceMap& map, size_t k, size_t candidates,
                                       const std::function<bool(uint32_t)>& accept = {},
                                       Stats* stats = nullptr) const;

  // The same by brute force: full D of every accepted entry (the twin of nearest()).
  std::vector<Neighbour> nearestBrute(const InfluenceMap& map, size_t k,
                                      const std::function<bool(uint32_t)>& accept = {}) const;

 private:
  int width_ = 0;
  int height_ = 0;
  int orbitStride_ = 0;
  bool sorted_ = true;
  std::vector<int8_t> maps_;
  std::vector<int16_t> features_;   // orbitFeatures per entry
  std::vector<int32_t> magnitude_;  // total |value| per entry
  std::vector<int16_t> cells_;      // cellSums per entry (stored orientation)
  int cellStride_ = 0;
  SketchLayout layout_;
  std::vector<int8_t> sketches_;  // sketchOf per entry (stored orientation)
};

}  // namespace engine
