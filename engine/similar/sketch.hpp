// Sketches: the low-resolution form of an influence signature (signature.hpp) that the
// nearest search scans in full, SIMD over two threads, before it looks at any full map.
//
// The board is cut into cells of about 2 x 2 points (bands mirror-symmetric about the
// centre, 9 x 9 cells on 19x19), so every symmetry of the board maps cells onto cells and
// the sketch of a rotated map is the rotated sketch. A cell's value is the sum of its
// points' values divided by 4 (floor, SKETCH_SHIFT) and clamped to int8.
//
// Lower bound. With A, B the sums of a cell in two maps and qa, qb their sketch values,
// |A - B| >= 4 |qa - qb| - 3 (the floor loses less than 1 a value, the clamp is
// 1-Lipschitz), and summing over cells (the triangle inequality inside each cell),
//   D = sum |a - b| >= 4 S - 3 cells,   S = sum over cells of |qa - qb|,
// so a scan of sketches both ranks the collection (approximate search: the C entries
// with the smallest S) and proves which entries cannot be among the k nearest (exact
// search). The filter-and-refine scheme is GEMINI's (Faloutsos, Ranganathan and
// Manolopoulos, SIGMOD 1994); the sketch is a piecewise-aggregate approximation (Keogh et
// al., 2001) in two dimensions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace engine {

// Sketch values are cell sums shifted right by this (divided by 4, rounded down).
inline constexpr int SKETCH_SHIFT = 2;

// Band of every line along a side of `length` points: `bands` bands, counted from the
// nearer end so the layout is its own mirror image (bands odd when length is odd).
std::vector<int> sketchBands(int length, int bands);

// The cells of a board: about one band every cellSide lines on each side.
struct SketchLayout {
  int width = 0, height = 0;
  int cells = 0;
  int stride = 0;           // bytes a sketch takes: cells padded to a multiple of 16
  std::vector<int> cellOf;  // row-major point -> cell (row by row of cells)

  SketchLayout() = default;
  SketchLayout(int width, int height, int cellSide = 2);
  // The lower bound of D that a sketch distance S proves: max(0, 4 S - 3 cells).
  int32_t bound(int32_t S) const;
};

// The sketch of a signature (layout.width * layout.height values) into out (stride bytes,
// zero padding).
void sketchOf(const int8_t* sig, const SketchLayout& layout, int8_t* out);

// S between two sketches by the plain loop (the twin of the SIMD scan).
int32_t sketchDistanceScalar(const int8_t* a, const int8_t* b, int stride);

// For each of n sketches (stride bytes each, contiguous), the smallest S to any of the
// m query sketches (query: m * stride bytes), into out[i]. SIMD where the machine has it.
void sketchScan(const int8_t* query, int m, const int8_t* sketches, size_t n, int stride,
                int32_t* out);

// The same with a byte mask per query sketch (masks: m * stride bytes, 0 or -1): only the
// cells where mask t is set count against query t (the query is zero elsewhere). Used by
// region queries: the cells inside the rectangle, moved by each symmetry.
void sketchScanMasked(const int8_t* query, const int8_t* masks, int m, const int8_t* sketches,
                      size_t n, int stride, int32_t* out);

// S of one sketch against a masked query by the plain loop (the twin of sketchScanMasked).
int32_t sketchDistanceMaskedScalar(const int8_t* query, const int8_t* mask, const int8_t* sketch,
                                   int stride);

}  // namespace engine
