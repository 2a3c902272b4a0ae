// Move features of the Bradley-Terry move model: every candidate move (each legal point
// and the pass) is a "team" with at most one feature from each group below; the team's
// strength is the product of its features' gammas (Coulom 2007, generalised
// Bradley-Terry). FeatureContext computes, once per position, the liberties of every
// chain (up to 4 points each); after that the features of one move cost O(1) plus a
// walk of any chain the move captures.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/prior/spatial.hpp"

namespace prior {

using engine::Board;
using engine::Color;
using engine::Point;

// Feature groups. A move takes value 0 (absent) or 1..groupSize(g) in each group.
enum Group : int {
  G_PASS = 0,     // 1 pass, 2 pass right after the opponent passed
  G_CAPTURE,      // 1 captures the last move's chain, 2 captures a chain next to one of
                  // ours in atari, 3 other capture of 2+ stones, 4 other single stone
  G_ESCAPE,       // extends a chain of ours in atari to 1: 2 liberties, 2: 3+; 3/4 the
                  // same for a chain the last move put in atari (touching it)
  G_SELF_ATARI,   // the new chain has one liberty: 1 single stone, 2 two, 3 three or more
  G_ATARI,        // puts an opponent chain in atari: 1 while a ko is on the board,
                  // 2 a single stone, 3 a chain of 2+
  G_LADDER,       // read by ladder.hpp (moves with an atari or escape value only):
                  // 1 an atari whose chain the ladder captures, 2 an atari whose chain
                  // escapes, 3 an escape the ladder still captures, 4 an escape that lives
  G_EDGE,         // line of the move: 1..4, 5 for the fifth line and beyond
  G_DIST_LAST,    // distance to the last move d = |dx|+|dy|+max(|dx|,|dy|): value d-1
                  // for d = 2..16, 16 for d >= 17 (Coulom's distance; d = 0, a
                  // recapture on the point itself, counts as 2)
  G_DIST_BEFORE,  // the same for the move before the last one
  G_PATTERN3,     // 3x3 pattern class with liberty classes (pattern3.hpp), id + 1
  G_SPATIAL,      // largest frequent diamond pattern (spatial.hpp), dictionary id + 1
  NUM_GROUPS
};

// Short name of a group ("capture", ...).
const char* groupName(int g);
// Number of values of group g (G_SPATIAL: the dictionary size, passed in).
uint32_t groupSize(int g, uint32_t spatialCount);

// The feature values of one candidate move (0 = absent in that group).
struct MoveFeatures {
  std::array<uint32_t, NUM_GROUPS> value{};
  bool operator==(const MoveFeatures&) const = default;
};

// Coulom's distance between two points of a board.
int coulomDistance(const Board& board, Point a, Point b);

// Per-position state for feature extraction. Reuse one object across positions (it
// keeps its buffers); not thread-safe, use one per thread.
class FeatureContext {
 public:
  // Prepares for board with toMove to play; last / beforeLast are the last two moves
  // (PASS for a pass, engine::NO_POINT when there is none). spatial may be null.
  void reset(const Board& board, Color toMove, Point last, Point beforeLast,
             const SpatialDictionary* spatial = nullptr);
  // Features of the move at p (an empty point legal for toMove) or of PASS.
  MoveFeatures features(Point p) const;
  // The tactical groups only (capture, escape, self-atari, atari, ladder) of the move at
  // p (not PASS) into m; they need the side-to-move's view of the last move too. Walks
  // the liberty table only next to a chain with at most 2 liberties; reads a ladder
  // (ladder.hpp, on a scratch copy of the board) only for an atari or an escape.
  void tacticalFeatures(Point p, MoveFeatures& m) const;
  // True when p may have a tactical feature: a neighbour chain with at most 2 liberties,
  // or at most one empty neighbour (self-atari). Otherwise all four groups are 0.
  bool mayBeTactical(Point p) const {
    return nextToShortChain(p) || board_->neighbourCount(p, Color::Empty) <= 1;
  }
  // True when the empty point p is a liberty of a chain with at most 2 liberties.
  bool nextToShortChain(Point p) const { return shortMark_[p] == resetStamp_; }
  // The groups that depend only on the colours and liberty classes around p (edge,
  // pattern3, spatial) into m; *reach gets the spatial match's reach (0 without one).
  void localFeatures(Point p, MoveFeatures& m, int* reach = nullptr) const;
  // Raw 3x3 code (pattern3.hpp) around the empty point p.
  uint32_t pattern3Code(Point p) const;
  // Candidate moves: the points legal for toMove under the board's own rules (superko
  // is not checked) in increasing index order, then PASS.
  void candidates(std::vector<Point>& out) const;

  // Liberties of p's chain, capped at 4 (p must hold a stone).
  int libertyClass(Point p) const { return libCount_[board_->chainHead(p)]; }
  // The spatial grid of this position (laid out only when a dictionary was given).
  const SpatialGrid& spatialGrid() const { return grid_; }

 private:
  struct MoveFacts;
  void computeLiberties();
  MoveFacts facts(Point p) const;
  uint32_t captureValue(const MoveFacts& f) const;
  uint32_t ladderValue(Point p, bool atari) const;

  const Board* board_ = nullptr;
  Color me_ = Color::Black;
  Point last_ = engine::NO_POINT, before_ = engine::NO_POINT;
  const SpatialDictionary* spatial_ = nullptr;
  SpatialGrid grid_;
  std::vector<uint8_t> libCount_;           // by chain head: liberties capped at 4
  std::vector<std::array<Point, 4>> libs_;  // by chain head: the first libCount_ of them
  std::vector<uint32_t> shortMark_;         // by point: resetStamp_ at liberties of
  uint32_t resetStamp_ = 0;                 // chains with at most 2 liberties
  mutable std::vector<uint32_t> mark_;      // visit stamps by point
  mutable uint32_t stamp_ = 0;
  mutable std::unique_ptr<Board> scratch_;  // copy of *board_ for ladder reading
  mutable bool scratchValid_ = false;       // scratch_ holds this position
};

// Recomputes the features of a move by playing it on a copy of the board (the
// from-scratch twin of FeatureContext for the tactical groups: capture, escape,
// self-atari, atari, and ladder read by the copying twin of ladder.hpp). Slow; for tests.
MoveFeatures tacticalFeaturesByPlaying(const Board& board, Color toMove, Point last, Point p);

}  // namespace prior
