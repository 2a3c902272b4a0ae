#include "engine/board/symmetry.hpp"

namespace engine {

std::vector<int> symmetriesOf(BoardSize size) {
  std::vector<int> out;
  for (int s = 0; s < NUM_SYMMETRIES; ++s) {
    if (symmetryKeepsShape(s, size)) out.push_back(s);
  }
  return out;
}

XY applySymmetry(int s, XY p, BoardSize size) {
  int x = (s & 1) ? size.width - 1 - p.x : p.x;
  int y = (s & 2) ? size.height - 1 - p.y : p.y;
  if (s & 4) return {y, x};
  return {x, y};
}

int invertSymmetry(int s) {
  // A swap after flips: undoing it swaps first, so the flips trade axes.
  if (s & 4) return 4 | ((s & 1) << 1) | ((s & 2) >> 1);
  return s;
}

int composeSymmetry(int a, int b) {
  // Track where the two axes and their flips go, on a square board of any size.
  const BoardSize probe{7, 7};
  const XY p1 = applySymmetry(b, applySymmetry(a, {1, 0}, probe), probe);
  const XY p2 = applySymmetry(b, applySymmetry(a, {0, 2}, probe), probe);
  for (int s = 0; s < NUM_SYMMETRIES; ++s) {
    if (applySymmetry(s, {1, 0}, probe) == p1 && applySymmetry(s, {0, 2}, probe) == p2) return s;
  }
  return 0;  // unreachable: the 8 symmetries form a group
}

}  // namespace engine
