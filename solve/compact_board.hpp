// The compact solver board: up to 32 points as two bit masks (black, white) over a
// shared Geometry, with the method names of engine::Board where they apply (at, play,
// pass, isLegal, isSuicide, koPoint, hash). Chains, liberties and captures come from
// flood fills by bit shifts, so the board is a few words and the search copies it
// instead of undoing moves (copy-make). Simple ko follows engine::Board exactly: after
// a single stone captures exactly one stone and is left with one liberty, the captured
// point is forbidden to the opponent for one move.
#pragma once

#include <string>

#include "engine/board/board.hpp"
#include "engine/board/color.hpp"
#include "solve/geometry.hpp"

namespace solve {

class CompactBoard {
 public:
  // An empty board of the geometry's size (the geometry must outlive the board).
  explicit CompactBoard(const Geometry& geometry) : g_(&geometry) {}

  const Geometry& geometry() const { return *g_; }
  int width() const { return g_->width(); }
  int height() const { return g_->height(); }

  Mask black() const { return black_; }
  Mask white() const { return white_; }
  Mask stones(engine::Color c) const { return c == engine::Color::Black ? black_ : white_; }
  Mask empty() const { return g_->all() & ~(black_ | white_); }
  engine::Color at(int p) const;

  // The exact position as one word: black stones in the low 32 bits, white in the high.
  uint64_t hash() const { return black_ | (white_ << 32); }
  // Point forbidden by simple ko for koColor(), or -1.
  int koPoint() const { return ko_; }
  engine::Color koColor() const { return koColor_; }

  void setAllowSuicide(bool allow) { allowSuicide_ = allow; }
  bool allowSuicide() const { return allowSuicide_; }

  // Would c at empty point p capture nothing and leave its chain without liberties?
  bool isSuicide(int p, engine::Color c) const;
  // p empty, not the ko point for c, and not suicide unless suicide is allowed.
  bool isLegal(int p, engine::Color c) const;
  // Places c at p (p must satisfy isLegal); returns the mask of stones removed
  // (captured opponent stones, or the mover's own chain after an allowed suicide).
  Mask play(int p, engine::Color c);
  // A pass: clears the ko point.
  void pass(engine::Color) { ko_ = -1, koColor_ = engine::Color::Empty; }

  // Sets masks and ko without any check (the search's copy-make; the caller vouches).
  void setRaw(Mask black, Mask white, int ko, engine::Color koColor) {
    black_ = black, white_ = white, ko_ = ko, koColor_ = koColor;
  }
  // Sets the stones directly (no ko); throws engine::InputError on overlapping masks,
  // bits off the board, or a chain without liberties.
  void setStones(Mask black, Mask white);
  // Black's area minus White's: stones plus empty regions bordered by one colour only.
  int areaScore() const;

  // Conversions to and from the engine board (same size; ko point carried over).
  static CompactBoard fromEngine(const Geometry& geometry, const engine::Board& board);
  engine::Board toEngine() const;

 private:
  const Geometry* g_;
  Mask black_ = 0, white_ = 0;
  int ko_ = -1;
  engine::Color koColor_ = engine::Color::Empty;
  bool allowSuicide_ = false;
};

// The area score of a position given as masks (Black minus White).
int areaScore(const Geometry& g, Mask black, Mask white);

}  // namespace solve
