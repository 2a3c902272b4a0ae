// Handicap stone placement: the fixed placements of GTP 2 (section 4.1.1, as GNU Go
// 3.x places them) and a free placement for place_free_handicap.
#pragma once

#include <vector>

#include "engine/board/coord.hpp"

namespace engine {

// The most fixed handicap stones a size allows: 0 for non-square boards and sides
// below 7, 4 for 7x7 and even sides, 9 for odd sides from 9.
int maxFixedHandicap(BoardSize size);

// The fixed placement of n stones (2 <= n <= maxFixedHandicap(size)): star points on
// the third line for sides up to 12 and on the fourth line from 13; 2 stones on the
// lower-left and upper-right corners, then upper-left, lower-right, the middle of the
// left and right sides (6 and 8 and more), of the top and bottom sides (8, 9), and the
// centre for odd counts from 5. Empty for other n.
std::vector<XY> fixedHandicap(BoardSize size, int n);

// A free placement of n stones (2 <= n < points): the fixed placement when there is
// one; otherwise the largest fixed placement continued by greedy farthest-point
// sampling (Gonzalez's k-centre heuristic) over the points off the edge lines, which
// spreads the stones evenly. Returns fewer than n stones only when the work would
// exceed about 2e8 distance updates (very large boards with many stones), as GTP 2
// section 4.1.2 allows.
std::vector<XY> freeHandicap(BoardSize size, int n);

}  // namespace engine
