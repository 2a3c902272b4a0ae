// this code uses the idea of fractal go by Serge Boisse
//
// The block table: every 3x3 block of a big board becomes a 2x2 block of the small board
// through a lookup table of all 3^9 = 19,683 block contents, generated offline by
// `fgo tables build --reduce` (BlockTable::generate), stored in the shared table format
// (tables/reduce3x3.fgt) and loaded at run time.
//
// Criterion. A block's influence is sampled at the 9 points of the 3x3 block: every
// stone adds +-K(d) with K(d) = 2^-d at Euclidean distance d. A 2x2 candidate is scaled
// up onto the same 3x3 area (its cells' centres at 0.25 and 1.75); each of its stones
// weighs 1.5, the linear scale, so that a wall of 3 stones matches a wall of 2.
// The entry is the candidate with the smallest sum of absolute differences of the two
// influence samples; ties go to the candidate whose stone counts are closest to 4/9 of
// the block's (the majority rule), then to fewer stones, then to the lowest code in a
// colour frame chosen so that swapping the block's colours swaps the entry's.
//
// Sizes. A side of 3q lines gives 2q lines; a side of 3q + 1 (q even) gives 2q + 1: the
// middle line is kept (19 = 9+1+9 -> 13 = 6+1+6, 13 -> 9, 7 -> 5), the middle point is
// copied, and each 3-point strip along the middle line becomes 2 points by area: a small
// point covers 1.5 big points (a whole end point and half the middle one) and takes a
// colour holding at least half of that area and more than the other colour. Other sides
// are refused.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "reduce/reducer.hpp"

namespace reduce {

inline constexpr int BLOCK_ENTRIES = 19683;  // 3^9

// Codes: a 3x3 block is sum of v_i * 3^i over its points in row-major order, a 2x2 block
// sum of v_i * 3^i over its 4 points, with v = 0 empty, 1 black, 2 white.
class BlockTable {
 public:
  // Runs the offline generator (deterministic).
  static BlockTable generate();
  // Reads and verifies a table file (kind Reduction, 3x3). Throws tables::TableError.
  static BlockTable load(const std::filesystem::path& path);
  // Writes the table atomically in the shared table format.
  void save(const std::filesystem::path& path) const;

  // The 2x2 code for a 3x3 code.
  uint8_t lookup(uint32_t code3x3) const { return entries_[code3x3]; }
  const std::vector<uint8_t>& entries() const { return entries_; }

 private:
  std::vector<uint8_t> entries_;
};

// Where the committed table lives: $FGO_TABLES_DIR/reduce3x3.fgt when that variable is
// set, otherwise the source tree's tables/reduce3x3.fgt.
std::filesystem::path defaultBlockTablePath();

// The small side the block reducer gives for a big side, or 0 when it cannot reduce it.
int blockReducedSide(int side);

// A reducer using the table; `to` must be blockReducedSide of each side.
std::unique_ptr<Reducer> makeBlockReducer(std::shared_ptr<const BlockTable> table);

}  // namespace reduce
