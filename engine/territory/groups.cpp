// Groups: chains joined by connection-shape matches and by shared liberties.
//
// A connection shape (shapes library, category "connection") names the stones it joins
// (role "join") and carries a confidence; every match of confidence at least
// TerritoryParams::connectionThreshold unites the chains of its joined stones. Two
// chains of one colour that share two or more liberties are united too (miai: the
// opponent cannot cut both points at once). Chains of one colour next to a *protected
// point* are united as well: an empty point where an opponent stone would capture
// nothing and keep at most one liberty (suicide or self-atari: the cut is taken back at
// once; the "false cutting point" of Go books). A group remembers its weakest link.
//
// The shared-liberty and protected-point joins are read per empty point (pointJoins):
// what one point contributes depends only on the chains around it, so TerritoryOverlay
// keeps them in a JoinCache and recomputes only the points next to chains a move touched.
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

}  // namespace

PointJoins pointJoins(const Board& board, Point e, const TerritoryParams& params) {
  PointJoins out;
  Point heads[4];
  int n = 0;
  for (Point q : board.neighbours(e)) {
    if (!isStone(board.at(q))) continue;
    const Point h = board.chainHead(q);
    if (std::find(heads, heads + n, h) == heads + n) heads[n++] = h;
  }
  int isProtected[2] = {-1, -1};  // per colour, computed when first needed
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const Color c = board.at(heads[i]);
      if (board.at(heads[j]) != c) continue;
      const auto pair = std::minmax(heads[i], heads[j]);
      if (params.joinSharedLiberties) out.shared[out.nShared++] = {pair.first, pair.second};
      if (!params.joinProtectedPoints) continue;
      int& prot = isProtected[c == Color::White];
      if (prot < 0) prot = protectedPoint(board, e, c) ? 1 : 0;
      if (prot) out.linked[out.nLinked++] = {pair.first, pair.second};
    }
  }
  return out;
}

void JoinCache::reset(const Board& board) {
  joins.assign(board.arraySize(), PointJoins{});
  valid.assign(board.arraySize(), 0);
}

void JoinCache::afterPlay(const Board& board) {
  if (valid.size() != board.arraySize()) return reset(board);
  const MoveRecord rec = board.lastRecord();
  if (rec.point == PASS) return;
  auto touch = [&](Point c) {
    valid[c] = 0;
    for (Point q : board.neighbours(c)) {
      if (!board.isPoint(q)) continue;
      valid[q] = 0;
      if (!isStone(board.at(q))) continue;
      // Every empty point next to the chain: its liberties or head may have changed.
      Point s = q;
      do {
        for (Point r : board.neighbours(s)) valid[r] = 0;
        s = board.nextInChain(s);
      } while (s != q);
    }
  };
  touch(rec.point);
  for (Point c : rec.captured) touch(c);
}

void JoinCache::refresh(const Board& board, const TerritoryParams& params) {
  if (valid.size() != board.arraySize()) reset(board);
  for (Point e : board.emptyPoints()) {
    if (!valid[e]) {
      joins[e] = pointJoins(board, e, params);
      valid[e] = 1;
    }
  }
}

GroupSet buildGroups(const Board& board, const ShapeLibrary& lib,
                     const std::vector<Instance>& instances, const TerritoryParams& params,
                     const JoinCache* cache) {
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
  // Shared liberties (a pair of chains of one colour with two or more common
  // liberties) and protected points, point by point (from the cache when given).
  std::vector<std::pair<Point, Point>> pairs;
  for (Point e : board.emptyPoints()) {
    const PointJoins pj = cache ? cache->joins[e] : pointJoins(board, e, params);
    pairs.insert(pairs.end(), pj.shared.begin(), pj.shared.begin() + pj.nShared);
    for (int k = 0; k < pj.nLinked; ++k) {
      u.unite(pj.linked[k].first, pj.linked[k].second, params.protectedPointConfidence);
    }
  }
  // Every pair once per common liberty, sorted: runs of equal pairs are the counts.
  std::sort(pairs.begin(), pairs.end());
  for (size_t i = 0; i < pairs.size();) {
    size_t j = i;
    while (j < pairs.size() && pairs[j] == pairs[i]) ++j;
    if (j - i >= 2) u.unite(pairs[i].first, pairs[i].second, params.sharedLibertyConfidence);
    i = j;
  }
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
