// Board symmetries as small invertible transforms (as KataGo models them): the 8
// rotations and reflections of a square board, the 4 of a rectangle (those that keep
// its shape). A symmetry is a number 0..7: bit 0 flips x, bit 1 flips y, bit 2 swaps
// x and y (applied after the flips). Only symmetries with bit 2 clear keep a
// non-square board's shape.
#pragma once

#include <vector>

#include "engine/board/coord.hpp"

namespace engine {

inline constexpr int NUM_SYMMETRIES = 8;

// True when symmetry s maps a board of this size onto itself.
constexpr bool symmetryKeepsShape(int s, BoardSize size) {
  return (s & 4) == 0 || size.width == size.height;
}

// The symmetries of this board size: 8 for a square, 4 for a rectangle.
std::vector<int> symmetriesOf(BoardSize size);

// Where s sends (x, y) on a board of `size` (s must keep the shape).
XY applySymmetry(int s, XY p, BoardSize size);

// The symmetry that undoes s.
int invertSymmetry(int s);

// The symmetry equal to applying a then b.
int composeSymmetry(int a, int b);

}  // namespace engine
