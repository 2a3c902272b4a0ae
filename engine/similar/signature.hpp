// Influence signatures: the compact form of a position used for approximate matching,
// and the exact k-nearest search over a store of them.
//
// A signature is an influence map (Spight's model by default: integers in eighths, at
// most 104 in magnitude on 19x19, so int8 holds it exactly; larger values are clamped)
// as one int8 per point, taken in a chosen orientation. Its distance to another is
// D = sum of |a - b| (the D of the a-priori distance, in the model's units).
//
// Search. Besides the map, each entry keeps symmetry-invariant "line features": for every
// line r = min(x, W-1-x, y, H-1-y) (the first line is r = 0) the sum of the values and the
// sum of their magnitudes. By the triangle inequality, per line max(|dSum|, |dAbs|) summed
// over lines is a lower bound of D under every symmetry, so the search can skip entries
// exactly: it visits entries in order of total magnitude (another lower bound), skips
// entries whose line bound reaches the current k-th best, then entries whose cell bound
// (sums over 5x5 symmetric cells, compared per query orientation) does, and computes the
// full D only for the orientations that survive. The result is the exact k nearest.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/influence/influence.hpp"

namespace engine {

// The map's values moved by symmetry s (the value of p lands on applySymmetry(s, p)),
// clamped to int8, row by row of the transformed board.
std::vector<int8_t> signatureOf(const InfluenceMap& map, int s);

// Number of lines (r values) of a board size: (min(width, height) + 1) / 2.
int lineCount(int width, int height);

// The line features of a signature: sums then magnitude sums, 2 * lineCount values.
std::vector<int32_t> lineFeatures(const int8_t* sig, int width, int height);

// Sum of |a[i] - b[i]| over n values.
int32_t l1Distance(const int8_t* a, const int8_t* b, int n);

// The line-feature lower bound of the L1 distance (lines values per kind).
int32_t featureBound(const int32_t* fa, const int32_t* fb, int lines);

// One answer of a nearest search: the entry, its D, and the symmetry t that maps the
// query onto the entry's stored orientation (signatureOf(query, t) was compared).
struct Neighbour {
  uint32_t entry = 0;
  int32_t distance = 0;
  int symmetry = 0;
};

// Cell bands along a side of `length` points: 5 bands (fewer on small boards), laid out
// symmetrically about the centre so that every board symmetry maps cells onto cells.
std::vector<int> cellBands(int length);

// Sums of a signature over the cells (bands of x times bands of y), row by row.
std::vector<int32_t> cellSums(const int8_t* sig, int width, int height);

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

  // Counters of the last search (for measurements).
  struct Stats {
    size_t bounded = 0;  // entries whose line bound was computed
    size_t refined = 0;  // entries whose full D was computed
  };

  // The k nearest entries to map (any orientation of the query), nearest first, ties by
  // entry number. accept(entry) filters entries (empty: all). The store must be sorted.
  std::vector<Neighbour> nearest(const InfluenceMap& map, size_t k,
                                 const std::function<bool(uint32_t)>& accept = {},
                                 Stats* stats = nullptr) const;

  // The same by brute force: full D of every accepted entry (the twin of nearest()).
  std::vector<Neighbour> nearestBrute(const InfluenceMap& map, size_t k,
                                      const std::function<bool(uint32_t)>& accept = {}) const;

 private:
  int width_ = 0;
  int height_ = 0;
  int lines_ = 0;
  bool sorted_ = true;
  std::vector<int8_t> maps_;
  std::vector<int32_t> features_;   // 2 * lines_ per entry
  std::vector<int32_t> magnitude_;  // total |value| per entry
  std::vector<int32_t> cells_;      // cellSums per entry (stored orientation)
  int cellCount_ = 0;
};

}  // namespace engine
