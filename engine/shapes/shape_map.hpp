// The persistent map of match instances (pattern, placement), kept up to date move by
// move as an overlay on a Board.
//
// Feeding it: call afterPlay(board) after Board::play/pass and beforeUndo(board) before
// Board::undo; both read Board::lastRecord() (the point played and the stones captured).
// Each changed point is applied on its own: the instances whose cell at that point held
// the old colour are dropped, and the placements whose cell there wants the new colour
// are re-matched (mask-and-compare) — the clip region of the change, nothing else.
// Placements whose cell at the point wants a third value cannot change and are skipped,
// and so are those whose cells next to it disagree with the point's four neighbours
// (unchanged by the move): the pattern cells are indexed by their value and the values
// their pattern requires of the four neighbours, so a change looks only at the cells
// compatible with the 8-bit neighbourhood key of the point.
//
// From-scratch twin: rebuild() and checkConsistency() rescan the whole board with the
// bit-parallel sweep (matcher.hpp); tests compare the two after every move.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/shapes/bitboard.hpp"
#include "engine/shapes/library.hpp"
#include "engine/shapes/matcher.hpp"

namespace engine {

class ShapeMap {
 public:
  // The map of `board`'s current position. Keeps a reference to `lib`, which must outlive it.
  ShapeMap(const ShapeLibrary& lib, const Board& board);

  // Updates after board.play(...) or board.pass(...).
  void afterPlay(const Board& board);
  // Updates before board.undo() (the move to be taken back is board.lastRecord()).
  void beforeUndo(const Board& board);
  // Sets one point outside the move rules (setup stones); cell is CELL_EMPTY/BLACK/WHITE.
  void setPoint(int x, int y, uint8_t cell);
  // Forgets everything and rescans `board` from scratch.
  void rebuild(const Board& board);

  const BitBoard& bitBoard() const { return bb_; }
  const ShapeLibrary& library() const { return lib_; }
  size_t size() const { return count_; }
  // Every instance, sorted by Instance's ordering (pattern, then x, then y).
  std::vector<Instance> instances() const;
  // Calls f(const Instance&) for every instance, in no particular order.
  template <typename F>
  void forEach(F&& f) const;

  // Compares the bit board with `board` and the instances with a full rescan. Returns ""
  // when they agree, otherwise the first difference.
  std::string checkConsistency(const Board& board) const;

 private:
  static constexpr uint32_t NIL = UINT32_MAX;
  struct Entry {  // a pattern cell that wants value v: pattern and origin offset
    uint32_t pattern;
    int32_t delta;   // padded index of the cell minus padded index of the origin
    int16_t dx, dy;  // the cell in the pattern
  };
  struct Node {
    uint32_t pattern;
    uint32_t next;
  };
  void change(int x, int y, uint8_t cell);
  void insert(uint32_t origin, uint32_t pattern);
  void removeIfPresent(uint32_t origin, uint32_t pattern);
  void clear();

  const ShapeLibrary& lib_;
  ShapeMatcher matcher_;
  BitBoard bb_;
  // Pattern cells by (value, neighbourhood key): entries_[begin_[v * 256 + key] ..
  // begin_[v * 256 + key + 1]) are the cells wanting value v whose pattern agrees with
  // neighbours coded as key (2 bits each: up, left, right, down).
  std::vector<Entry> entries_;
  std::vector<uint32_t> begin_;
  uint32_t neighbourKey(int x, int y) const {
    return bb_.get(x, y - 1) | bb_.get(x - 1, y) << 2 | bb_.get(x + 1, y) << 4 |
           bb_.get(x, y + 1) << 6;
  }
  std::vector<uint32_t> heads_;  // by padded origin index: first node or NIL
  std::vector<Node> nodes_;
  uint32_t free_ = NIL;
  size_t count_ = 0;
};

template <typename F>
void ShapeMap::forEach(F&& f) const {
  const int pw = bb_.paddedWidth(), pad = bb_.pad();
  for (uint32_t o = 0; o < heads_.size(); ++o) {
    for (uint32_t n = heads_[o]; n != NIL; n = nodes_[n].next) {
      f(Instance{nodes_[n].pattern, static_cast<int>(o % pw) - pad,
                 static_cast<int>(o / pw) - pad});
    }
  }
}

}  // namespace engine
