// Internals of the territory module shared by groups.cpp, safety.cpp and territory.cpp
// (not part of the public API).
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/shapes/matcher.hpp"
#include "engine/territory/territory.hpp"

namespace engine::territory_detail {

// Connected components (4-neighbour) of the points where include(p) holds. label is
// indexed by padded point (-1 outside every component); members lists each component.
struct Components {
  std::vector<int32_t> label;
  std::vector<std::vector<Point>> members;
};
template <typename Include>
Components components(const Board& board, Include&& include) {
  Components out;
  out.label.assign(board.arraySize(), -1);
  std::vector<Point> stack;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point start = board.point(x, y);
      if (out.label[start] >= 0 || !include(start)) continue;
      const auto id = static_cast<int32_t>(out.members.size());
      out.members.emplace_back();
      out.label[start] = id;
      stack.push_back(start);
      while (!stack.empty()) {
        const Point p = stack.back();
        stack.pop_back();
        out.members[id].push_back(p);
        for (Point q : board.neighbours(p)) {
          if (board.isPoint(q) && out.label[q] < 0 && include(q)) {
            out.label[q] = id;
            stack.push_back(q);
          }
        }
      }
    }
  }
  return out;
}

// Groups of a position: GroupInfo with stones, chains, liberties and link confidence
// filled in (eyes, room, safety and status left for assessGroups), and the group of
// every padded point (-1 for empty points and the border).
struct GroupSet {
  std::vector<GroupInfo> groups;
  std::vector<int32_t> groupAt;  // by padded point
};

// What one empty point contributes to the joins of buildGroups: the pairs of chains of
// one colour around it (chain heads, smaller first; a shared liberty of each pair) and
// the pairs it joins as a protected point (groups.cpp).
struct PointJoins {
  std::array<std::pair<Point, Point>, 6> shared{}, linked{};
  uint8_t nShared = 0, nLinked = 0;
};
PointJoins pointJoins(const Board& board, Point e, const TerritoryParams& params);

// PointJoins of every empty point, kept across moves (TerritoryOverlay): a move
// invalidates the points next to the changed points and to every chain touching them;
// refresh() recomputes the invalid ones. Equal to pointJoins() everywhere after refresh.
struct JoinCache {
  std::vector<PointJoins> joins;  // by padded point
  std::vector<char> valid;        // by padded point
  // Everything invalid.
  void reset(const Board& board);
  // After board.play / pass (board.lastRecord()).
  void afterPlay(const Board& board);
  // Recomputes the invalid entries of the empty points.
  void refresh(const Board& board, const TerritoryParams& params);
};

// Joins chains into groups by connection shapes, shared liberties and protected points
// (groups.cpp); the per-point joins from `cache` (refreshed for this board) when given.
GroupSet buildGroups(const Board& board, const ShapeLibrary& lib,
                     const std::vector<Instance>& instances, const TerritoryParams& params,
                     const JoinCache* cache = nullptr);

// Fills eyes, room, enclosed, safety and status of every group (safety.cpp).
void assessGroups(const Board& board, const ShapeLibrary& lib,
                  const std::vector<Instance>& instances, const TerritoryParams& params,
                  GroupSet& set);

// evaluate() given the library's matches on the board, sorted (territory.cpp); the
// per-point joins from `joins` (refreshed for this board) when given.
Evaluation evaluateMatches(const Board& board, double komi, const TerritoryParams& params,
                           const ShapeLibrary& lib, const std::vector<Instance>& instances,
                           const JoinCache* joins = nullptr);

// Per point (row-major), the mean owner over `playouts` light playouts from the board's
// position: +1 always Black, -1 always White; uniform random playouts, or the safe policy
// when `safe` (playouts.cpp).
std::vector<float> playoutOwnership(const Board& board, int playouts, uint64_t seed, bool safe);

// Gives groups short of two eyes the playouts' verdict when it is clear
// (TerritoryParams::playouts, playoutVerdict) and returns the playouts' ownership
// (playoutOwnership); nothing and an empty vector when playouts is 0 (playouts.cpp).
std::vector<float> checkByPlayouts(const Board& board, const TerritoryParams& params,
                                   GroupSet& set);

}  // namespace engine::territory_detail
