// Matching pattern bitmaps against a BitBoard.
//
// Two ways, which tests hold equal:
//  - matchesAt: one placement, mask-and-compare of each pattern row against the 2-bit
//    board row ((bits ^ value) & mask == 0). Used by the incremental map and the naive
//    full scan (scanNaive), the from-scratch reference.
//  - ShapeMatcher::scan: the full-board sweep. Each pattern is compiled to its list of
//    specified cells; for a row of placements, AND-ing the shifted 1-bit planes of
//    those cells leaves a word whose set bits are the matching placements, 64 at a time
//    (the bit-parallel "shift and AND" idea of bitboard engines). Boards whose padded
//    rows fit a 32-bit (64-bit) lane go through a vector path that ANDs four (two) rows
//    of placements at once in 128-bit vectors (SSE2, baseline on x86-64); wider boards
//    through a word-by-word path with early exit.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/shapes/bitboard.hpp"
#include "engine/shapes/library.hpp"

namespace engine {

// A match instance: pattern index and the board coordinates of the pattern's top-left
// cell (negative when the pattern hangs over the top or left edge).
struct Instance {
  uint32_t pattern = 0;
  int x = 0, y = 0;
  auto operator<=>(const Instance&) const = default;
};

// True when pattern p matches with its top-left cell at board (x, y). The placement
// must keep the pattern inside the frame: -(pad) <= x, x + width - 1 < width + pad.
inline bool matchesAt(const Pattern& p, const BitBoard& bb, int x, int y) {
  const int bit = 2 * (x + bb.pad());
  const int py = y + bb.pad();
  for (int r = 0; r < p.height; ++r) {
    if ((bb.rowBits(py + r, bit) ^ p.value[r]) & p.mask[r]) return false;
  }
  return true;
}

// Frame a bit board needs for this library: max(1, maxSide - 1).
int framePad(const ShapeLibrary& lib);

// Every instance, by trying every placement with matchesAt (slow reference).
std::vector<Instance> scanNaive(const ShapeLibrary& lib, const BitBoard& bb);

// The library compiled for bit-parallel full-board sweeps. Keeps a reference to the
// library, which must outlive it.
class ShapeMatcher {
 public:
  explicit ShapeMatcher(const ShapeLibrary& lib);

  const ShapeLibrary& library() const { return lib_; }
  // Appends every instance on the board to out, ordered by pattern, then row, then column.
  void scan(const BitBoard& bb, std::vector<Instance>& out) const;
  // Number of instances on the board (scan without recording them).
  size_t count(const BitBoard& bb) const;
  // Instance counts of many positions at once (e.g. the children of a search node),
  // spread over `threads` OpenMP threads (0: OpenMP's default).
  std::vector<uint32_t> countBatch(std::span<const BitBoard> boards, int threads) const;

 private:
  struct Cell {
    uint8_t dx, dy, value;
  };
  struct Compiled {
    int width, height;
    uint32_t cellBegin, cellEnd;
  };
  // Calls emit(pattern, x of bit 0, y, bits) for each word of matching placements.
  template <typename Emit>
  void sweep(const BitBoard& bb, Emit&& emit) const;
  // sweep() for boards whose padded row fits one Lane: `planes` holds plane v's row py at
  // planes[v * planeSize + py], followed by zero words.
  template <typename Lane, typename Emit>
  void sweepLanes(const BitBoard& bb, const Lane* planes, size_t planeSize, Emit& emit) const;
  // sweep() for wide boards: plane rows of several words, early exit per word.
  template <typename Emit>
  void sweepWide(const BitBoard& bb, Emit& emit) const;
  const ShapeLibrary& lib_;
  std::vector<Compiled> compiled_;
  std::vector<Cell> cells_;
};

}  // namespace engine
