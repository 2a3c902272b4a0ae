// Zobrist keys (Zobrist 1970). A key depends only on (x, y, colour), not on the board's
// padded layout, so the same position on same-sized boards hashes alike in every process
// and a key table can be shared between all boards of one size.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/board/coord.hpp"

namespace engine {

// The key of a stone of colour c (Black or White) at (x, y): a fixed mix of the three.
uint64_t zobristKey(int x, int y, Color c);

// Keys laid out by padded point index for one board size, two per point (black, white).
class ZobristTable {
 public:
  ZobristTable(int width, int height);
  uint64_t key(Point p, Color c) const { return keys_[2 * p + (c == Color::White ? 1 : 0)]; }
  // The keys as one array: key(p, c) is data()[2 * p + (c == White)].
  const uint64_t* data() const { return keys_.data(); }

  // The shared table for a board size (built once, kept for the life of the process).
  static std::shared_ptr<const ZobristTable> forSize(int width, int height);

 private:
  std::vector<uint64_t> keys_;
};

}  // namespace engine
