// this code uses the idea of fractal go by Serge Boisse
//
// Reduction schedules: the chains of board sizes a cascade walks through, from the real
// board down to 5x5. Named schedules follow Boisse's design; any start size gets an
// automatic chain (27x27, 37x37, 101x101, 1001x1001 ...).
#pragma once

#include <string>
#include <vector>

#include "engine/board/coord.hpp"

namespace reduce {

struct Schedule {
  std::string name;
  // One or more chains of sizes, each from the start size down; "slower" has two (the
  // horizontal and the vertical rectangle variant), whose results are combined.
  std::vector<std::vector<engine::BoardSize>> chains;
  // "19x19>13x13>9x9>7x7>5x5" (chains separated by " | ").
  std::string str() const;
};

// The sizes below `start` with each side divided by about `ratio` per step (rounded to
// the nearest odd number, so that centres map to centres) until both sides are at most 5.
std::vector<engine::BoardSize> automaticChain(engine::BoardSize start, double ratio);

// "standard" (ratio ~1.46: 19 -> 13 -> 9 -> 7 -> 5), "faster" (ratio ~2.1: 19 -> 9 -> 5),
// "slower" (one side at a time: 19x19 -> 19x13 -> 13x13 -> 13x9 -> 9x9 -> 7x7 -> 5x5, run as
// both rectangles), or a custom list "19x19,13x13,9x9,7x7,5x5" whose sizes must shrink step
// by step (the start size is put first when missing). Throws engine::InputError.
Schedule parseSchedule(const std::string& text, engine::BoardSize start);

}  // namespace reduce
