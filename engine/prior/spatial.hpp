// Diamond ("spatial") patterns of growing size around a point, keyed by Zobrist-style
// hashes of the colours (empty, own, opponent, off board) of the points within
// Coulom/Pachi distance d = |dx|+|dy|+max(|dx|,|dy|) <= size, canonical under the 8
// symmetries (the smallest hash of the 8 orientations). The idea follows Stern, Herbrich
// and Graepel 2006 (frequent exact patterns of nested sizes) and Pachi's spatial
// dictionary; the hashing and harvesting here are our own. The dictionary keeps the
// patterns that were played often enough in training; a move's feature is the largest
// size whose pattern is in the dictionary.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/board/board.hpp"

namespace prior {

// Smallest and largest pattern sizes (distances). Size 3 is the 3x3 square.
inline constexpr int SPATIAL_MIN_SIZE = 3;
inline constexpr int SPATIAL_MAX_SIZE = 10;
inline constexpr int SPATIAL_SIZES = SPATIAL_MAX_SIZE - SPATIAL_MIN_SIZE + 1;

// Canonical hashes of the patterns of every size around p, seen by toMove; index
// size - SPATIAL_MIN_SIZE.
using SpatialHashes = std::array<uint64_t, SPATIAL_SIZES>;
SpatialHashes spatialHashes(const engine::Board& board, engine::Point p, engine::Color toMove);

// Hashes of one orientation only (symmetry s, 0..7), for tests: the canonical hash is
// the smallest over s.
SpatialHashes spatialHashesOriented(const engine::Board& board, engine::Point p,
                                    engine::Color toMove, int s);

// Frequent patterns: canonical hash -> (dense id, size).
class SpatialDictionary {
 public:
  struct Entry {
    uint64_t hash;
    uint8_t size;
  };
  // Builds from entries (ids follow their order). Throws engine::InputError on a
  // duplicate hash or a size outside SPATIAL_MIN_SIZE..SPATIAL_MAX_SIZE.
  explicit SpatialDictionary(std::vector<Entry> entries = {});
  uint32_t size() const { return static_cast<uint32_t>(entries_.size()); }
  const std::vector<Entry>& entries() const { return entries_; }
  // Id of the dictionary pattern around p of the largest size k such that sizes 3..k
  // are all in the dictionary, or -1 (sizes grow while they match).
  int64_t lookup(const engine::Board& board, engine::Point p, engine::Color toMove) const;
  // The same from precomputed hashes (spatialHashes).
  int64_t lookup(const SpatialHashes& hashes) const;

 private:
  std::vector<Entry> entries_;
  std::unordered_map<uint64_t, uint32_t> index_;
  int maxSize_ = 0;
};

// Counts canonical hashes of played moves and keeps the frequent ones.
struct SpatialHarvest {
  std::unordered_map<uint64_t, std::pair<uint32_t, uint8_t>> counts;  // hash -> count, size
  // Adds the patterns of every size around a played move.
  void add(const SpatialHashes& hashes);
  // Merges another harvest into this one.
  void merge(const SpatialHarvest& other);
  // Patterns seen at least minCount times, most frequent first (ties: larger size, then
  // smaller hash), at most maxEntries. Deterministic.
  std::vector<SpatialDictionary::Entry> frequent(uint32_t minCount, size_t maxEntries) const;
};

}  // namespace prior
