#include "solve/dfpn.hpp"

#include <algorithm>
#include <climits>

#include "engine/board/rng.hpp"

namespace solve {

size_t ProofNumberTable::index(uint64_t key, uint8_t extra, int t) const {
  const uint64_t h = engine::splitmix64(key ^ uint64_t{extra} << 56 ^ uint64_t(t + 64) << 48);
  return h & (entries_.size() - 1);
}

bool ProofNumberTable::probe(uint64_t key, uint8_t extra, int t, uint32_t& pn, uint32_t& dn) const {
  const Entry& e = entries_[index(key, extra, t)];
  if (!e.used || e.key != key || e.extra != extra || e.t != t) return false;
  pn = e.pn, dn = e.dn;
  return true;
}

void ProofNumberTable::store(uint64_t key, uint8_t extra, int t, uint32_t pn, uint32_t dn) {
  Entry& e = entries_[index(key, extra, t)];
  e.key = key, e.extra = extra, e.t = static_cast<int8_t>(t), e.pn = pn, e.dn = dn, e.used = true;
}

ChildCache::Entry& ChildCache::slot(const Node& n, bool& hit) {
  const uint64_t stones = n.own | n.opp << 32;
  const uint64_t h = engine::splitmix64(stones ^ uint64_t(n.ko + 1) << 40 ^
                                        uint64_t(n.passes) << 48 ^ uint64_t{n.whiteToMove} << 56);
  Entry& e = entries_[h & (entries_.size() - 1)];
  hit = e.used && e.stones == stones && e.ko == n.ko && e.passes == n.passes &&
        e.white == n.whiteToMove;
  ++(hit ? hits_ : misses_);
  return e;
}

ProofSearch::Canon ProofSearch::canonOf(const Node& n) const {
  Canon c;
  if (w_.opt_.transpositions) w_.canonical(n, c.key, c.extra, c.sym);
  return c;
}

ScoreBounds ProofSearch::staticOf(const Node& n) {
  if (w_.opt_.benson && (n.own | n.opp))
    return w_.bounds_->boundsAfterPasses(n.own, n.opp, n.passes);
  return {-w_.n_, w_.n_};
}

int ProofSearch::lookup(const Node& n, const Canon& cn, ScoreBounds b, int t, int ply,
                        Summary& proof) {
  if (b.lower >= t || b.upper < t) {
    ++w_.stats_.staticCuts;
    return b.lower >= t ? 1 : 0;
  }
  if (!w_.opt_.transpositions) return -1;
  TTData e;
  if (!w_.tt_.probe(cn.key, cn.extra, e) || (e.lower < t && e.upper >= t)) return -1;
  ++w_.stats_.ttHits;
  const Summary s = w_.fromTable(e.summary, cn.sym, n.whiteToMove);
  if (w_.pathMeets(s, ply)) {
    ++w_.stats_.ttHistoryRefused;
    return -1;
  }
  proof = s;
  return e.lower >= t ? 1 : 0;
}

const ChildCache::Entry& ProofSearch::children(const Node& n, const Canon& cn, int ply) {
  bool hit = false;
  ChildCache::Entry& e = w_.opt_.childCache ? pnt_.children.slot(n, hit) : scratch_;
  if (hit) return e;
  std::array<int, MAX_POINTS + 1> moves;
  int ttMove = -2;
  TTData d;
  if (w_.opt_.transpositions && w_.tt_.probe(cn.key, cn.extra, d) && d.move >= -1) {
    ttMove = d.move >= 0 ? w_.g_.unmapPoint(cn.sym, d.move) : -1;
  }
  const int count = w_.orderMoves(n, ttMove, ply, moves);
  e.stones = n.own | n.opp << 32, e.ko = static_cast<int8_t>(n.ko);
  e.passes = static_cast<uint8_t>(n.passes), e.white = n.whiteToMove, e.used = true;
  e.count = static_cast<uint8_t>(count);
  for (int i = 0; i < count; ++i) {
    ChildCache::Child& c = e.children[i];
    Node child;
    Mask captured = 0;
    c.end = false;
    if (moves[i] < 0) {
      child = Node{n.opp, n.own, !n.whiteToMove, -1, n.passes + 1};
      c.end = n.passes >= 1;
    } else {
      child = w_.play(n, moves[i], captured);
    }
    c.own = static_cast<uint32_t>(child.own), c.opp = static_cast<uint32_t>(child.opp);
    c.move = static_cast<int8_t>(moves[i]), c.ko = static_cast<int8_t>(child.ko);
    c.captured = captured != 0;
    const Canon k = canonOf(child);
    c.key = k.key, c.extra = k.extra, c.sym = static_cast<uint8_t>(k.sym);
    const ScoreBounds b = c.end ? ScoreBounds{0, 0} : staticOf(child);
    const int end = c.end ? -areaScore(w_.g_, n.own, n.opp) : 0;
    c.lower = static_cast<int8_t>(c.end ? end : b.lower);
    c.upper = static_cast<int8_t>(c.end ? end : b.upper);
  }
  return e;
}

int ProofSearch::estimate(const Node& n, ScoreBounds b) const {
  const Geometry& g = w_.g_;
  const Mask empty = g.all() & ~(n.own | n.opp);
  const Mask nearOwn = g.expand(n.own) & empty, nearOpp = g.expand(n.opp) & empty;
  const int e = __builtin_popcountll(n.own | (nearOwn & ~nearOpp)) -
                __builtin_popcountll(n.opp | (nearOpp & ~nearOwn));
  return std::clamp(e, b.lower, b.upper);
}

void ProofSearch::expand(const Node& n, const Canon& cn, int t, int ply, int& repMin) {
  const ChildCache::Entry& e = children(n, cn, ply);
  const int tc = 1 - t;  // the child's question: is its value at least 1 - t?
  const uint32_t weight = static_cast<uint32_t>(std::max(0, w_.opt_.pnHeuristic));
  for (int i = 0; i < e.count; ++i) {
    const ChildCache::Child& k = e.children[i];
    Child c{k.move, {}, k.captured, 0, {k.key, k.extra, k.sym}, 1, 1, {}, INT32_MAX, INT32_MIN};
    c.node = Node{k.own, k.opp, !n.whiteToMove, k.ko, k.move < 0 ? n.passes + 1 : 0};
    if (k.end) {
      ++w_.stats_.gameEnds;
      c.terminal = k.lower;
    }
    c.abs = Worker::absKey(c.node);
    const bool repeatable = c.move >= 0 || w_.sideMatters_;
    if (c.terminal == INT32_MIN && repeatable) {
      const int last = c.captured ? static_cast<int>(w_.path_.size()) : w_.captureAt_.back();
      const int rep = w_.repetition(c.abs, c.node.whiteToMove, last);
      if (rep >= 0) {
        repMin = std::min(repMin, rep);
        if (!w_.sideMatters_) continue;  // superko: the move is illegal
        c.terminal = 0, c.repMin = rep;  // a repeated (position, side) is a draw
      }
    }
    if (c.terminal != INT32_MIN) {
      const bool yes = c.terminal >= tc;
      c.pn = yes ? 0 : INF, c.dn = yes ? INF : 0;
    } else {
      const int r = lookup(c.node, c.canon, {k.lower, k.upper}, tc, ply + 1, c.proof);
      if (r >= 0) {
        c.pn = r ? 0 : INF, c.dn = r ? INF : 0, c.repMin = INT32_MAX;
      } else {
        if (weight) {  // search effort only: any positive numbers give the same answer
          const int d = estimate(c.node, {k.lower, k.upper}) - tc;
          c.pn = 1 + weight * static_cast<uint32_t>(std::max(0, -d));
          c.dn = 1 + weight * static_cast<uint32_t>(std::max(0, d + 1));
        }
        if (w_.opt_.transpositions) pnt_.probe(c.canon.key, c.canon.extra, tc, c.pn, c.dn);
      }
    }
    frame_.push_back(c);
  }
}

void ProofSearch::storeResolved(const Node& n, const Canon& cn, int t, bool proven, int move,
                                const Summary& proof, uint64_t work) {
  if (!w_.opt_.transpositions) return;
  const int ply = static_cast<int>(w_.path_.size()) - 1;
  const uint64_t key = cn.key;
  const uint8_t extra = cn.extra;
  const int sym = cn.sym;
  TTData d, e;
  d.lower = proven ? t : -w_.n_;
  d.upper = proven ? w_.n_ : t - 1;
  Summary sum = proof;
  if (w_.tt_.probe(key, extra, e)) {
    const Summary s = w_.fromTable(e.summary, sym, n.whiteToMove);
    if (!w_.pathMeets(s, ply)) {  // both facts hold on this path: keep both
      d.lower = std::max(d.lower, e.lower), d.upper = std::min(d.upper, e.upper);
      sum.merge(s);
      d.work = e.work;
      if (!proven) d.move = e.move;
    }
  }
  if (d.lower > d.upper) ++w_.stats_.inconsistent, d.upper = d.lower;
  if (proven) d.move = move >= 0 ? w_.g_.mapPoint(sym, move) : move;
  d.work = std::max(d.work, work ? 64 - __builtin_clzll(work) : 0);
  d.summary = w_.toTable(sum, sym, n.whiteToMove);
  w_.tt_.store(key, extra, d);
}

ProofSearch::Result ProofSearch::mid(const Node& n, const Canon& cn, int t, uint32_t thPn,
                                     uint32_t thDn, int depth) {
  ++w_.nodes_;
  if (w_.limitHit()) return {1, 1, {}, INT32_MAX};
  const int ply = static_cast<int>(w_.path_.size()) - 1;
  if (depth >= w_.opt_.maxDepth) {  // a line this long is given up: neither proven nor not
    ++w_.stats_.horizonLeaves;
    return {INF - 1, INF - 1, {}, INT32_MAX};
  }
  const size_t base = frame_.size();
  int repMin = INT32_MAX;
  expand(n, cn, t, ply, repMin);
  const size_t end = frame_.size();
  const uint64_t nodesBefore = w_.nodes_;
  uint32_t pn = INF, dn = 0;
  for (;;) {
    // pn = least disproof number of a child; dn by weak proof numbers (Ueda et al. 2008):
    // the largest child proof number plus one for every other open child, instead of
    // the sum, which counts a transposed subtree once per path and, through the
    // history-free pn/dn table, grows without bound around superko cycles.
    uint32_t maxPn = 0, open = 0;
    bool allProven = true;
    size_t best = end;
    uint32_t second = INF;
    for (size_t i = base; i < end; ++i) {
      const Child& c = frame_[i];
      if (c.pn != 0) allProven = false, maxPn = std::max(maxPn, c.pn), ++open;
      if (best == end || c.dn < frame_[best].dn) {
        if (best != end) second = std::min(second, frame_[best].dn);
        best = i;
      } else {
        second = std::min(second, c.dn);
      }
    }
    pn = best != end ? frame_[best].dn : INF;
    dn = allProven ? 0 : maxPn >= INF ? INF : std::min(INF - 1, maxPn + open - 1);
    if (pn == 0 || dn == 0 || pn >= thPn || dn >= thDn) break;
    // Nagai's thresholds for the most promising child, with the second-best child's
    // disproof number stretched by 1 + epsilon (Pawlewicz & Lew).
    const uint64_t stretched = static_cast<uint64_t>(second * (1.0 + epsilon_));
    const uint32_t childThDn = static_cast<uint32_t>(
        std::min<uint64_t>(thPn, std::max<uint64_t>(uint64_t{second} + 1, stretched)));
    // dn reaches thDn when the child's proof number reaches thDn - (open - 1).
    const uint32_t childThPn = thDn >= INF ? INF : thDn - dn + maxPn;
    const Node child = frame_[best].node;
    const Canon childCanon = frame_[best].canon;
    w_.pushPath(child, frame_[best].captured);
    const Result r = mid(child, childCanon, 1 - t, childThPn, childThDn, depth + 1);
    w_.popPath();
    if (w_.aborted_) {
      frame_.resize(base);
      return {1, 1, {}, INT32_MAX};
    }
    Child& c = frame_[best];
    c.pn = r.pn, c.dn = r.dn, c.repMin = r.repMin;
    if (r.pn == 0 || r.dn == 0) c.proof = r.proof;
  }
  Result out{pn, dn, {}, INT32_MAX};
  int move = -2;
  if (pn == 0 || dn == 0) {
    for (size_t i = base; i < end; ++i) {
      const Child& c = frame_[i];
      if (pn == 0 && c.dn != 0) continue;  // a proof needs one refuted child, a disproof all
      // The child's position and its proof, as evalMove adds them (nothing for the
      // game's end or a repetition, which repMin covers).
      Summary s = c.proof;
      if (c.terminal == INT32_MIN && (c.move >= 0 || w_.sideMatters_)) {
        w_.note(s, c.abs, c.node.whiteToMove);
      }
      out.proof.merge(s);
      out.repMin = std::min(out.repMin, c.repMin);
      if (pn == 0) {
        move = c.move;
        break;
      }
    }
    if (dn == 0) out.repMin = std::min(out.repMin, repMin);
    if (out.repMin >= ply) {
      storeResolved(n, cn, t, pn == 0, move, out.proof, w_.nodes_ - nodesBefore);
    } else {
      ++w_.stats_.notStored;
    }
  } else if (w_.opt_.transpositions) {
    // Open numbers that rest on older history (a superko repetition of a position above
    // this node) are not stored either: fed back through the history-free table they
    // made df-pn cycle without end (1x6 without symmetry and static bounds).
    for (size_t i = base; i < end; ++i) repMin = std::min(repMin, frame_[i].repMin);
    out.repMin = repMin;
    if (repMin < ply) {
      frame_.resize(base);
      return out;
    }
    pnt_.store(cn.key, cn.extra, t, pn, dn);
  }
  frame_.resize(base);
  return out;
}

int ProofSearch::prove(const Node& n, int t) {
  const int ply = static_cast<int>(w_.path_.size()) - 1;
  Summary proof;
  const Canon cn = canonOf(n);
  const int r = lookup(n, cn, staticOf(n), t, ply, proof);
  if (r >= 0) return r;
  // Open numbers stay below INF - 1; a root at INF - 1 has only over-long lines left.
  const Result res = mid(n, cn, t, INF - 1, INF - 1, 0);
  if (w_.aborted_) return -1;
  return res.pn == 0 ? 1 : res.dn == 0 ? 0 : -1;
}

int ProofSearch::proveMove(const Node& n, int move, int t) {
  if (move < 0 && n.passes >= 1) return areaScore(w_.g_, n.own, n.opp) >= t;
  Mask captured = 0;
  const Node child =
      move < 0 ? Node{n.opp, n.own, !n.whiteToMove, -1, n.passes + 1} : w_.play(n, move, captured);
  if (move >= 0 || w_.sideMatters_) {
    const int last = captured ? static_cast<int>(w_.path_.size()) : w_.captureAt_.back();
    if (w_.repetition(Worker::absKey(child), child.whiteToMove, last) >= 0) {
      return w_.sideMatters_ ? (0 >= t) : 2;
    }
  }
  w_.pushPath(child, captured != 0);
  const int r = prove(child, 1 - t);
  w_.popPath();
  return r < 0 ? -1 : 1 - r;
}

}  // namespace solve
