// TerritoryOverlay: the territory evaluation kept beside a Board as an overlay fed by its
// per-move change record (issue 4), with evaluate() as its from-scratch twin.
//
// What is incremental. The connection and eye-shape matches the evaluation reads come
// from a ShapeMap (engine/shapes/shape_map.hpp), updated from Board::lastRecord() in the
// clip region of each changed point instead of a full sweep. Evaluations are kept on a
// stack parallel to the board's undo history: undo pops back to the previous position's
// evaluation without recomputing, a pass reuses the evaluation before it (no point
// changed), and a position is evaluated only when asked (lazily). The shared-liberty and
// protected-point joins of each empty point sit in a JoinCache (detail.hpp): a move
// invalidates the points next to the changed points and to the chains touching them
// (an undo invalidates all), and only those are recomputed. What is not incremental:
// the union of the joins into groups, the regions, safety and ownership of a position
// that changed are recomputed whole (they are global: one stone can join two groups or
// close a region).
//
// Feeding it: afterPlay(board) after Board::play/pass, beforeUndo(board) before
// Board::undo, the same protocol as ShapeMap. checkConsistency(board) compares with
// evaluate(board, komi, params).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/shapes/shape_map.hpp"
#include "engine/territory/detail.hpp"
#include "engine/territory/territory.hpp"

namespace engine {

class TerritoryOverlay {
 public:
  // The overlay of `board`'s position; params.shapes (or defaultTerritoryShapes()) must
  // outlive it.
  TerritoryOverlay(const Board& board, double komi, const TerritoryParams& params = {});

  // Updates after board.play(...) or board.pass(...).
  void afterPlay(const Board& board);
  // Updates before board.undo() (the move taken back is board.lastRecord()).
  void beforeUndo(const Board& board);
  // Forgets everything and starts again from `board` (after setColors, setup stones).
  void rebuild(const Board& board);

  // The evaluation of `board` (the position the overlay was fed up to), computed on
  // first request and kept until the position changes (the reference is valid until
  // the next afterPlay, beforeUndo or rebuild).
  const Evaluation& evaluation(const Board& board);
  // Evaluations computed since construction (cache misses), for measurements.
  size_t computed() const { return computed_; }

  // Compares evaluation(board) with evaluate(board, komi, params): "" when equal,
  // otherwise the first difference.
  std::string checkConsistency(const Board& board);

 private:
  double komi_;
  TerritoryParams params_;
  const ShapeLibrary& lib_;
  ShapeMap shapes_;
  territory_detail::JoinCache joins_;  // per-point joins of the board's current position
  // One entry per position from the construction on: its evaluation once computed;
  // a pass entry that shares the evaluation of the entry before it.
  struct Entry {
    std::optional<Evaluation> eval;
    bool pass = false;
  };
  std::vector<Entry> stack_;
  size_t computed_ = 0;
};

// "" when two evaluations agree in every field, otherwise the first difference.
std::string compareEvaluations(const Evaluation& a, const Evaluation& b);

}  // namespace engine
