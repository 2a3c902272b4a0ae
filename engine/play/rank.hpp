// this code uses the idea of fractal go by Serge Boisse
//
// Ranking candidate points with the evaluation layers and a shallow local search: the
// "pick within the areas" step of the cascade (issue 6), usable on any board size.
//
// Reading guide. scoreMove() is the whole evaluation of one move; MoveRanker::rank()
// scores a list of candidates and sorts them. The terms of a move's score:
//   tactics   stones captured, own stones saved from atari, opponent chains put in
//             atari, own chains left in atari (self-atari) — Coulom's 2007 move
//             features, with hand-set weights;
//   area      the mover's gain of Spight area (engine/influence, Spight 2012) when the
//             stone is placed and its captures removed; computed locally (the map is
//             linear in the stones, so only points within distance 4 of a changed point
//             can change owner), twin of the full recount (areaMarginScratch);
//   edge      a prior by distance to the edge (first and second lines are rarely right);
//   shapes    keypoints (engine/shapes) naming the point for either side, and the change
//             of the mover's scored-shape value (good minus bad shapes), when a shape
//             library is given;
//   search    a 1-ply local search: the opponent's best local reply (points within
//             Manhattan distance `replyRadius` of the move, with the same tactical and
//             area terms) is subtracted, so moves that are immediately refuted sink;
//   locality  only for the hybrid ranker: a bonus falling with the Chebyshev distance
//             to the last move and the move before (what the proximity baseline uses).
// The territory layer (engine/territory) is not used: it had not landed when this was
// written. Known weakness: the weights are hand-set, not learned from games.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/board/board.hpp"

namespace engine {

class ShapeLibrary;
class ShapeMap;

// Weights of the ranking terms (0 switches a term off).
struct RankParams {
  double capture = 6;     // per captured stone (at most 4 counted)
  double escape = 5;      // per own stone saved from atari (at most 4 counted)
  double atari = 1.5;     // per opponent chain put in atari
  double selfAtari = -4;  // per own stone left in atari (at most 4 counted)
  double area = 0.5;      // per point of Spight area margin gained
  double edge = 1;        // times the line prior (-2 first line, -0.7 second, +0.3 third/fourth)
  double shape = 1;       // per unit of keypoint confidence / 25 and scored-shape value / 4
                          // (only when the ranker is given a shape library)
  int replyRadius = 0;    // > 0: 1-ply search over replies within this Manhattan distance
  double locality = 0;    // hybrid only: per step of Chebyshev distance closer than 8
};

// The named rankings: "geometric" (none: the caller keeps its order), "eval" (tactics,
// area, edge, shapes), "eval-search" (eval plus the 1-ply local search). Throws
// InputError for other names.
RankParams rankParamsByName(const std::string& name);

// Context of a position for the locality term.
struct RankContext {
  Point last = NO_POINT;    // the last move (NO_POINT/PASS when none)
  Point before = NO_POINT;  // the move before it
};

// A candidate and its score.
struct RankedMove {
  Point point = PASS;
  double score = 0;
};

// Spight area margin for c (c's stones and area minus the opponent's), from scratch.
int areaMarginScratch(const Board& board, Color c);

class MoveRanker {
 public:
  // shapes may be null (no shape term); it must outlive the ranker.
  explicit MoveRanker(RankParams params, const ShapeLibrary* shapes = nullptr);
  ~MoveRanker();
  MoveRanker(MoveRanker&&) noexcept;

  const RankParams& params() const { return params_; }

  // Scores each candidate (illegal points and own eyes are dropped) for toMove and
  // returns them best first; equal scores keep the candidates' order. `prior[i]`, when
  // given (same length as candidates), is added to candidate i's score.
  std::vector<RankedMove> rank(const Board& board, Color toMove,
                               const std::vector<Point>& candidates, const RankContext& ctx = {},
                               const std::vector<double>& prior = {});

  // The Spight area margin change for toMove when it plays p (p legal), by the local
  // update; equals areaMarginScratch after minus before (tests compare the two).
  int areaGain(const Board& board, Color toMove, Point p);

 private:
  struct Work;
  double scoreMove(Work& w, Color c, Point p, const RankContext& ctx, bool reply);
  void prepare(const Board& board);
  RankParams params_;
  const ShapeLibrary* shapes_;
  std::unique_ptr<Work> work_;
};

}  // namespace engine
