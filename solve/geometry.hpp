// Board geometry for the compact solver board: point masks, neighbour expansion by bit
// shifts, and the symmetries of the board (8 on a square, 4 on a rectangle).
//
// A point is an index 0..n-1, row by row from the top-left corner (x + y * width), so a
// set of points is a bit mask. Boards up to 32 points fit in the low half of a uint64_t;
// the search key puts the mover's stones in the low and the opponent's in the high half.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/board/coord.hpp"

namespace solve {

using Mask = uint64_t;

// Largest board the compact solver handles (points).
inline constexpr int MAX_POINTS = 32;

// The lowest set bit's index (m must be non-zero).
inline int lowestBit(Mask m) {
  return __builtin_ctzll(m);
}
inline int popcount(Mask m) {
  return __builtin_popcountll(m);
}

class Geometry {
 public:
  // Throws engine::InputError unless 1 <= width, height and width * height <= 32.
  Geometry(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  int points() const { return n_; }
  engine::BoardSize size() const { return {width_, height_}; }
  Mask all() const { return all_; }
  int point(int x, int y) const { return y * width_ + x; }
  int x(int p) const { return p % width_; }
  int y(int p) const { return p / width_; }
  Mask neighbours(int p) const { return nbr_[p]; }

  // s plus every point adjacent to s.
  Mask expand(Mask s) const {
    return (s | ((s & notRight_) << 1) | ((s & notLeft_) >> 1) | (s << width_) | (s >> width_)) &
           all_;
  }
  // The connected part of `within` that contains the points of seed (seed within it).
  Mask flood(Mask seed, Mask within) const {
    Mask prev = 0;
    while (seed != prev) {
      prev = seed;
      seed = expand(seed) & within;
    }
    return seed;
  }

  // Number of symmetries: 8 for a square, 4 for a rectangle.
  int symmetries() const { return nsym_; }
  // Image of point p under symmetry s (s = 0 is the identity).
  int mapPoint(int s, int p) const { return perm_[s][p]; }
  // Point whose image under s is p.
  int unmapPoint(int s, int p) const { return inv_[s][p]; }
  // The symmetry that undoes s.
  int inverse(int s) const { return invSym_[s]; }
  // Image of a set of points under symmetry s (four byte-table look-ups).
  Mask mapMask(int s, Mask m) const {
    const auto& t = table_[s];
    const Mask low = t[0][m & 255] | t[1][(m >> 8) & 255];
    if (n_ <= 16) return low;  // the upper bytes are empty on boards of 16 points or fewer
    return low | t[2][(m >> 16) & 255] | t[3][(m >> 24) & 255];
  }

  // Images of a pair of point sets (one in the low 32 bits, one in the high) under every
  // symmetry: out[s] = mapMask(s, low) | mapMask(s, high) << 32 for s < symmetries().
  // Both halves move at once by masked "delta swaps" (H. S. Warren, "Hacker's Delight",
  // 7-1; D. Knuth, TAOCP 7.1.3), a few word operations each, compiled per board shape.
  void images(uint64_t pair, std::array<uint64_t, 8>& out) const { images_(pair, out.data()); }
  // The smallest of images(pair) and the first symmetry that gives it (on boards of at
  // most 16 points two images move in one word).
  uint64_t minImage(uint64_t pair, int& sym) const { return minImage_(pair, sym); }

  // GTP vertex of point p ("C3"), or "pass" for a negative p.
  std::string vertex(int p) const;

  // The points ordered centre first: by squared distance to the board's centre, then by
  // point number. Depends on the position of a point alone, so an order built on it is
  // deterministic; the first optimal move of a proof table in this order
  // (SolveOptions::firstBestOnly, proof_table.hpp) is a central one, found before the
  // edge moves that would each have to be refuted in point order.
  const std::array<int8_t, MAX_POINTS>& centreFirst() const { return centreFirst_; }
  // Place of point p in centreFirst().
  int centreRank(int p) const { return centreRank_[p]; }

 private:
  using ImagesFn = void (*)(uint64_t pair, uint64_t* out);
  ImagesFn images_ = nullptr;
  uint64_t (*minImage_)(uint64_t pair, int& sym) = nullptr;
  int width_, height_, n_, nsym_;
  std::array<int, 8> invSym_{};
  Mask all_, notLeft_, notRight_;
  std::array<Mask, MAX_POINTS> nbr_{};
  std::array<int8_t, MAX_POINTS> centreFirst_{}, centreRank_{};
  std::array<std::array<int8_t, MAX_POINTS>, 8> perm_{};
  std::array<std::array<int8_t, MAX_POINTS>, 8> inv_{};
  std::vector<std::array<std::array<uint32_t, 256>, 4>> table_;
};

}  // namespace solve
