// Incremental move-prior scoring for tree search: the same probabilities as
// Scorer::scores, bit for bit, at a fraction of the cost when consecutive calls see
// nearby positions (the nodes a search expands one after another).
//
// How to use it (e.g. in MCTS node expansion): keep one IncrementalScorer per search
// thread, next to the thread's Scorer, and call it exactly as Scorer:
//
//     prior::IncrementalScorer scorer(model);   // one per thread; model outlives it
//     scorer.scores(board, toMove, last, beforeLast, probs);
//
// Nothing else is needed: no notification of play or undo, any Board of any size may
// be passed in any order (a different size or a very different position just costs a
// from-scratch pass). Not thread-safe: one object per thread.
//
// How it works. A move's strength is the product of its gammas in group order; the
// groups split into
//   - local: edge, 3x3 pattern (colours and liberty classes of the 3x3 square) and the
//     spatial pattern (colours within the matched diamond's reach), cached per point;
//   - tactical: capture, escape, self-atari, atari, ladder (read for ataris and escapes
//     only), recomputed every call but only at
//     the few points next to a chain with at most 2 liberties or with at most one empty
//     neighbour (FeatureContext::mayBeTactical: elsewhere they are all absent);
//   - distance to the last two moves: two small table lookups per point every call.
// One cache per side to move (patterns are seen from the mover). Each call recomputes
// the liberty classes of all chains (one walk per chain), compares every point's colour
// and liberty class with the values its cache was built from, and recomputes the local
// part only of the empty points whose 3x3 square or spatial reach holds a point whose
// colour changed, or that touch a chain whose liberty class changed. The per-point
// products are then formed in the same order as Model::strength (absent groups multiply
// by exactly 1), so the result equals Scorer::scores exactly.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/prior/model.hpp"

namespace prior {

class IncrementalScorer {
 public:
  // The model must outlive the scorer.
  explicit IncrementalScorer(const Model& model);
  // As Scorer::scores (same probabilities, bit for bit), into out.
  void scores(const Board& board, Color toMove, Point last, Point beforeLast,
              std::vector<float>& out);
  // Forgets both caches: the next call recomputes every point.
  void clear();
  // Points whose local part the last call recomputed (for measurements and tests).
  size_t lastRecomputed() const { return recomputed_; }
  // Compares toMove's cache (after a scores() call for this board and toMove) with the
  // local features recomputed from scratch; "" when they agree, else the first difference.
  std::string checkConsistency(const Board& board, Color toMove);

 private:
  // The cached local part of one side to move.
  struct Side {
    bool valid = false;
    SpatialGrid grid;
    std::vector<uint8_t> state;  // per point: colour | liberty class (1..3) << 2
    std::vector<float> p3, sp;   // per point: 3x3 and spatial gammas (1 when absent)
    std::vector<uint8_t> reach;  // per point: the spatial match's reach
  };
  struct Offset {
    int dx, dy, dist;
  };

  void resize(const Board& board);
  // Brings side s up to date with the board (ctx_ already reset for it).
  void refresh(const Board& board, Side& side);
  void markAround(const Board& board, const Side& side, Point q);
  void recomputeLocal(Side& side, Point p);
  double tacticalProduct(Point p) const;

  const Model* model_;
  FeatureContext ctx_;
  std::array<Side, 2> sides_;
  int width_ = 0, height_ = 0;
  std::vector<float> edge_;  // per point: edge gamma
  std::vector<int16_t> xs_, ys_;
  std::vector<uint32_t> dirtyMark_;
  std::vector<Point> dirty_, cands_;
  uint32_t dirtyStamp_ = 0;
  std::vector<Offset> offsets_;  // distance <= SPATIAL_MAX_SIZE (and the point itself)
  std::array<float, 18> distLast_{}, distBefore_{};  // by Coulom distance 0..17
  size_t recomputed_ = 0;
};

}  // namespace prior
