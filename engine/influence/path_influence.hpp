// Line-of-sight path influence (the Fractal Go design's model), kept incrementally.
//
// Paths. For a source s and a terminus t at Manhattan distance 1..maxDistance, the paths
// are built greedily: each step goes to the 4-neighbour that most reduces the Euclidean
// distance to the goal, and a tie (|dx| == |dy|) branches both ways. Paths are built from
// s to t and from t to s (then reversed) and the union is kept, so the set is symmetric.
// A path contributes f(d) / N(s, t) to t, with f(d) = scale * decay^(d - 1) and N the
// number of paths between s and t, while s holds a stone (sign of its colour) and every
// other point of the path, t included, is empty. Occupied points therefore read 0.
//
// Exactness. Each path's weight is rounded once to an integer (fixed point, scale 2^16
// by default), so every sum is an integer sum and the incremental map equals the
// from-scratch map exactly, whatever the order of updates.
//
// Templates. The path set depends only on the offset t - s, so PathTemplates holds it
// once per offset, and also as a prefix tree (trie) of the paths leaving a source, in
// preorder with subtree ends. Memory does not depend on the board.
//
// Overlay. PathInfluence keeps the map and a padded copy of the occupancy (margin
// maxDistance, off-board marked occupied). A point becoming occupied or empty touches
// only the paths that start at, pass through or end at it:
//   - as a source: a pruned walk of the trie from the point (a subtree is skipped at its
//     first occupied point);
//   - as a point passed through: for every stone s within reach, the trie nodes of s at
//     this offset that have a subtree and a clear prefix (prefixes stored flat per
//     offset), and the clear part of their subtrees;
//   - as a terminus: set to 0 when occupied; when emptied, recomputed by walking the
//     point's own trie (the path set is symmetric, so the paths ending at q are the
//     reversed paths leaving q) and collecting the stones met at path ends.
// Feed it with afterPlay() after Board::play/pass and beforeUndo() before Board::undo().
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/influence/influence.hpp"

namespace engine {

// Parameters of the path model.
struct PathParams {
  int maxDistance = 5;      // 1..8
  double decay = 0.5;       // f(d) = scale * decay^(d - 1), 0 < decay <= 1
  int32_t scale = 1 << 16;  // fixed-point weight of one distance-1 path, 1..2^20
};

// The paths between a source and every offset, shared by all boards.
class PathTemplates {
 public:
  // All paths between one source and one offset.
  struct Offset {
    int dx = 0, dy = 0;
    int distance = 0;         // |dx| + |dy|, also the number of steps of every path
    int pathCount = 0;        // N(s, t)
    int32_t weight = 0;       // round(f(d) / N)
    uint32_t firstPoint = 0;  // paths as pathCount runs of `distance` points in points()
  };
  // A node of the trie of paths leaving a source: one point of a path prefix.
  struct Node {
    int dx = 0, dy = 0;
    int32_t weight = 0;   // weight of the path ending here, or 0 for a bare prefix
    uint32_t skip = 0;    // index just past this node's subtree (preorder)
    uint32_t parent = 0;  // index of the parent node, NO_PARENT at depth 1
  };
  static constexpr uint32_t NO_PARENT = UINT32_MAX;

  // Builds the templates; throws InputError for parameters out of range.
  explicit PathTemplates(const PathParams& params = {});
  // The default templates, built once.
  static std::shared_ptr<const PathTemplates> standard();

  const PathParams& params() const { return params_; }
  const std::vector<Offset>& offsets() const { return offsets_; }
  // Points (dx, dy relative to the source) of all paths; source excluded, terminus last.
  const std::vector<XY>& points() const { return points_; }
  const std::vector<Node>& nodes() const { return nodes_; }
  // Trie nodes located at offsets()[i], as indices into nodes().
  const std::vector<uint32_t>& nodesAt(size_t i) const { return nodesAt_[i]; }
  // Number of paths from one source (sum of pathCount over offsets).
  int64_t pathsPerSource() const;
  // Number of (source, terminus, path) triples with both ends on a W x H board, each
  // ordered pair counted once per path (a path serves each direction once).
  int64_t pathsOnBoard(int width, int height) const;

 private:
  PathParams params_;
  std::vector<Offset> offsets_;
  std::vector<XY> points_;
  std::vector<Node> nodes_;
  std::vector<std::vector<uint32_t>> nodesAt_;
};

// From-scratch path influence: enumerates every template path of every stone.
InfluenceMap pathInfluenceScratch(const Board& board, const PathTemplates& templates);

// The incremental path-influence overlay of one board.
class PathInfluence {
 public:
  // An overlay for the board's size, synchronised with its current position.
  explicit PathInfluence(const Board& board, std::shared_ptr<const PathTemplates> templates =
                                                 PathTemplates::standard());

  // Recomputes everything from the board (any position).
  void reset(const Board& board);
  // Applies Board::lastRecord() after board.play() or board.pass().
  void afterPlay(const Board& board);
  // Reverts Board::lastRecord() before board.undo() is called.
  void beforeUndo(const Board& board);

  // Influence at (x, y).
  int32_t at(int x, int y) const { return map_[index(x, y)]; }
  // The whole map, row-major.
  InfluenceMap map() const;
  const PathTemplates& templates() const { return *templates_; }

  // Compares occupancy with the board and the map with pathInfluenceScratch. Returns ""
  // when they agree, otherwise the first difference.
  std::string checkConsistency(const Board& board) const;

 private:
  static constexpr uint8_t EMPTY = 0, BLACK = 1, WHITE = 2, OFF = 3;
  struct Step {
    int32_t rel;    // index offset in the padded layout
    uint32_t skip;  // preorder index past the subtree
    int32_t weight;
  };
  // A trie node at one offset, with the points of its prefix (source excluded).
  struct Entry {
    uint32_t node;
    uint32_t prefixBegin, prefixEnd;  // range in prefixRel_
  };
  struct Reach {
    int32_t rel;          // index offset of the offset's point
    uint32_t begin, end;  // range in entries_
  };

  size_t index(int x, int y) const {
    return static_cast<size_t>(y + margin_) * pstride_ + static_cast<size_t>(x + margin_);
  }
  size_t indexOf(const Board& board, Point p) const { return index(board.x(p), board.y(p)); }
  // Adds mult * weight along the clear part of steps [begin, end) seen from base.
  void walk(size_t base, uint32_t begin, uint32_t end, int32_t mult);
  // Adds mult * (paths passing through q to a later terminus, from every stone in reach).
  void through(size_t q, int32_t mult);
  // The value of empty point q from scratch (the paths ending at q).
  int32_t gather(size_t q) const;
  void place(size_t q, uint8_t color);
  void remove(size_t q);

  std::shared_ptr<const PathTemplates> templates_;
  int width_, height_, margin_, pstride_;
  std::vector<Step> steps_;
  std::vector<Reach> reach_;
  std::vector<Entry> entries_;
  std::vector<int32_t> prefixRel_;
  std::vector<uint8_t> state_;
  std::vector<int32_t> map_;
};

}  // namespace engine
