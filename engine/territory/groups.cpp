// Groups: chains joined by connection-shape matches and by shared liberties.
//
// A connection shape (shapes library, category "connection") names the stones it joins
// (role "join") and carries a confidence; every match of confidence at least
// TerritoryParams::connectionThreshold unites the chains of its joined stones. Two
// chains of one colour that share two or more liberties are united too (miai: the
// opponent cannot cut both points at once). A group remembers its weakest link.
#include <algorithm>
#include <numeric>

#include "engine/territory/detail.hpp"

namespace engine::territory_detail {
namespace {

// Union-find over padded points (only chain heads are used), with the weakest link.
class Unions {
 public:
  explicit Unions(size_t n) : parent_(n), weakest_(n, 100) {
    std::iota(parent_.begin(), parent_.end(), Point{0});
  }
  Point find(Point p) {
    while (parent_[p] != p) {
      parent_[p] = parent_[parent_[p]];
      p = parent_[p];
    }
    return p;
  }
  void unite(Point a, Point b, int confidence) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    parent_[b] = a;
    weakest_[a] = std::min({weakest_[a], weakest_[b], confidence});
  }
  int weakest(Point root) const { return weakest_[root]; }

 private:
  std::vector<Point> parent_;
  std::vector<int> weakest_;
};

// True when an opponent of c placing a stone at the empty point e would capture nothing
// and keep at most one liberty (its chain after the move, joined chains included).
bool protectedPoint(const Board& board, Point e, Color c) {
  const Color o = opponent(c);
  Point libs[2];
  int nLibs = 0;
  auto addLib = [&](Point q) {
    if (q == e || std::find(libs, libs + nLibs, q) != libs + nLibs) return;
    if (nLibs < 2) libs[nLibs] = q;
    ++nLibs;
  };
  for (Point q : board.neighbours(e)) {
    const Color k = board.at(q);
    if (k == Color::Empty) {
      addLib(q);
    } else if (k == c && board.inAtari(q)) {
      return false;  // the move would capture
    } else if (k == o) {
      // The opponent's chain gives its liberties (other than e) to the new chain.
      if (board.liberties(q) > 2) return false;
      Point s = q;
      do {
        for (Point r : board.neighbours(s)) {
          if (board.at(r) == Color::Empty) addLib(r);
        }
        s = board.nextInChain(s);
      } while (s != q);
    }
    if (nLibs > 1) return false;
  }
  return true;
}

// Unites the chains of one colour around each protected point.
void joinProtectedPoints(const Board& board, Unions& u, int confidence) {
  for (Point e : board.emptyPoints()) {
    for (Color c : {Color::Black, Color::White}) {
      Point first = NO_POINT;
      int chains = 0;
      for (Point q : board.neighbours(e)) {
        if (board.at(q) != c) continue;
        ++chains;
        if (first == NO_POINT) first = board.chainHead(q);
      }
      if (chains < 2 || !protectedPoint(board, e, c)) continue;
      for (Point q : board.neighbours(e)) {
        if (board.at(q) == c) u.unite(first, board.chainHead(q), confidence);
      }
    }
  }
}

}  // namespace

GroupSet buildGroups(const Board& board, const ShapeLibrary& lib,
                     const std::vector<Instance>& instances, const TerritoryParams& params) {
  Unions u(board.arraySize());
  // Connection shapes.
  for (const Instance& inst : instances) {
    const Pattern& pat = lib.patterns()[inst.pattern];
    const Shape& shape = lib.shapes()[pat.shape];
    if (shape.category != ShapeCategory::Connection ||
        shape.confidence < params.connectionThreshold) {
      continue;
    }
    Point first = NO_POINT;
    for (const NamedPoint& np : pat.points) {
      if (np.role != "join") continue;
      const int x = inst.x + np.dx, y = inst.y + np.dy;
      if (!board.onBoard(x, y) || board.at(x, y) != pat.owner) continue;
      const Point head = board.chainHead(board.point(x, y));
      if (first == NO_POINT) {
        first = head;
      } else {
        u.unite(first, head, shape.confidence);
      }
    }
  }
  // Shared liberties: count, for each pair of chains of one colour, their common
  // liberties (each empty point has at most four distinct neighbouring chains).
  if (params.joinSharedLiberties) {
    // Every (chain, chain) pair once per common liberty, sorted: runs of equal pairs
    // are the counts (a sorted vector instead of a map: one allocation).
    std::vector<std::pair<Point, Point>> pairs;
    for (Point e : board.emptyPoints()) {
      Point heads[4];
      int n = 0;
      for (Point q : board.neighbours(e)) {
        if (!isStone(board.at(q))) continue;
        const Point h = board.chainHead(q);
        if (std::find(heads, heads + n, h) == heads + n) heads[n++] = h;
      }
      for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
          if (board.at(heads[i]) != board.at(heads[j])) continue;
          pairs.push_back(std::minmax(heads[i], heads[j]));
        }
      }
    }
    std::sort(pairs.begin(), pairs.end());
    for (size_t i = 0; i < pairs.size();) {
      size_t j = i;
      while (j < pairs.size() && pairs[j] == pairs[i]) ++j;
      if (j - i >= 2) u.unite(pairs[i].first, pairs[i].second, params.sharedLibertyConfidence);
      i = j;
    }
  }
  if (params.joinProtectedPoints) joinProtectedPoints(board, u, params.protectedPointConfidence);
  // Collect groups in board order.
  GroupSet set;
  set.groupAt.assign(board.arraySize(), -1);
  std::vector<int32_t> groupOfRoot(board.arraySize(), -1);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      if (!isStone(board.at(p))) continue;
      const Point head = board.chainHead(p);
      const Point root = u.find(head);
      if (groupOfRoot[root] < 0) {
        groupOfRoot[root] = static_cast<int32_t>(set.groups.size());
        GroupInfo g;
        g.color = board.at(p);
        g.linkConfidence = u.weakest(root);
        set.groups.push_back(std::move(g));
      }
      GroupInfo& g = set.groups[groupOfRoot[root]];
      set.groupAt[p] = groupOfRoot[root];
      g.stones.push_back(p);
      if (head == p) g.chains.push_back(p);
    }
  }
  // Sorted stones and chains, distinct liberties.
  std::vector<int32_t> seen(board.arraySize(), -1);
  for (size_t i = 0; i < set.groups.size(); ++i) {
    GroupInfo& g = set.groups[i];
    std::sort(g.stones.begin(), g.stones.end());
    std::sort(g.chains.begin(), g.chains.end());
    for (Point s : g.stones) {
      for (Point q : board.neighbours(s)) {
        if (board.at(q) == Color::Empty && seen[q] != static_cast<int32_t>(i)) {
          seen[q] = static_cast<int32_t>(i);
          ++g.liberties;
        }
      }
    }
  }
  return set;
}

}  // namespace engine::territory_detail
