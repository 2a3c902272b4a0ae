// this code uses the idea of fractal go by Serge Boisse
//
// Uploading: a move found on a small board stands for a small area of the bigger board.
// The small point maps by the linear coordinate transform (centre to centre, edge to
// edge) to a continuous big-board point; its area is the nearest big point, then the
// next nearest in each direction: a 2x2 block ordered by distance. Only legal points are
// kept by the caller. AreaMemory keeps the areas of the last few uploads ("time
// dilation": a small-board move stands for about two big-board moves).
#pragma once

#include <deque>
#include <vector>

#include "engine/board/coord.hpp"

namespace upload {

// Continuous big-board coordinates of a small point's centre.
struct Spot {
  double x = 0, y = 0;
};

// Where small point s of a board of size `small` lands on a board of size `big`:
// big = (s + 0.5) * B / S - 0.5 on each axis.
Spot toBig(engine::XY s, engine::BoardSize small, engine::BoardSize big);

// The small point a big point reduces to (nearest by the inverse transform).
engine::XY toSmall(engine::XY b, engine::BoardSize big, engine::BoardSize small);

// The upload area of small point s: the nearest big point first, then the others of the
// 2x2 block formed with the next nearest line in each direction (toward the centre when
// the spot falls exactly on a line), together with every big point that reduces to s
// (toSmall), all ordered by distance to the spot. So every big point lies in the area of
// its own small point: 1 to 4 points for ratios up to 2 (19 -> 13 -> 9 -> 7 -> 5), up to
// 9 for 19 -> 9.
std::vector<engine::XY> area(engine::XY s, engine::BoardSize small, engine::BoardSize big);

// The areas of the last `keep` uploads, most recent first, without repeats.
class AreaMemory {
 public:
  explicit AreaMemory(int keep = 3) : keep_(keep) {}
  // Adds the area of the newest upload, forgetting the oldest beyond `keep`.
  void push(std::vector<engine::XY> points);
  // All remembered points, most recent upload first, each point once.
  std::vector<engine::XY> candidates() const;
  void clear() { uploads_.clear(); }

 private:
  int keep_;
  std::deque<std::vector<engine::XY>> uploads_;
};

}  // namespace upload
