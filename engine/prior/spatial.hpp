// Diamond ("spatial") patterns of growing size around a point, keyed by Zobrist-style
// hashes of the colours (empty, own, opponent, off board) of the points within
// Coulom/Pachi distance d = |dx|+|dy|+max(|dx|,|dy|) <= size, canonical under the 8
// symmetries (the smallest hash of the 8 orientations). The idea follows Stern, Herbrich
// and Graepel 2006 (frequent exact patterns of nested sizes) and Pachi's spatial
// dictionary; the hashing and harvesting here are our own. The dictionary keeps the
// patterns that were played often enough in training; a move's feature is the largest
// size whose pattern is in the dictionary.
//
// Fast path (SpatialGrid + SpatialDictionary::match): the colour classes of the whole
// board are laid out once per position in a grid padded with off-board cells, the
// dictionary is a flat open-addressing table, the eight orientations are hashed side by
// side from per-symmetry key tables (one table row per offset: the 8 orientations'
// keys of each colour class), and a point's pattern is read ring by ring (size k = size
// k-1 xor the points at distance k) only until the first size missing from the
// dictionary. spatialHashes / lookup(hashes) are the plain from-scratch twins.
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

// Colour classes (0 empty, 1 own, 2 opponent, 3 off board) of every point of a board seen
// by toMove, padded with SPATIAL_MAX_SIZE / 2 off-board rings so that a diamond around
// any board point reads without bounds checks. Reuse one object (it keeps its buffer).
class SpatialGrid {
 public:
  // Lays out board as seen by toMove.
  void reset(const engine::Board& board, engine::Color toMove);
  // Refreshes the class of the board point p from board (after p's colour changed).
  void update(const engine::Board& board, engine::Point p);
  // Grid index of board point p.
  int32_t index(engine::Point p) const { return cellOf_[p]; }
  uint8_t at(int32_t cell) const { return cls_[static_cast<size_t>(cell)]; }
  // Grid index difference of pattern offset i (spatial.cpp's offset order).
  int32_t delta(size_t i) const { return delta_[i]; }
  const uint8_t* cells() const { return cls_.data(); }
  const int32_t* deltas() const { return delta_.data(); }
  engine::Color toMove() const { return me_; }

 private:
  engine::Color me_ = engine::Color::Black;
  int width_ = 0, height_ = 0, gstride_ = 0;
  std::vector<uint8_t> cls_;
  std::vector<int32_t> cellOf_;  // board point -> grid index
  std::vector<int32_t> delta_;   // offset index -> grid index difference
};

// Result of SpatialDictionary::match: the dictionary id (or -1) and the largest pattern
// size whose points were read (the id depends on no point farther away).
struct SpatialMatch {
  int64_t id = -1;
  int reach = 0;
};

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
  // The same as lookup(board, p, grid.toMove()) for the empty board point p, read from a
  // grid of that board (the fast path); reach is 0 for an empty dictionary.
  SpatialMatch match(const SpatialGrid& grid, engine::Point p) const;
  // Dictionary id of a canonical hash, or -1.
  int64_t find(uint64_t hash) const;

 private:
  struct Slot {
    uint64_t hash = 0;
    uint32_t id = UINT32_MAX;  // UINT32_MAX: empty slot
  };
  std::vector<Entry> entries_;
  std::vector<Slot> slots_;  // open addressing, linear probing, load <= 1/2
  int shift_ = 64;
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
