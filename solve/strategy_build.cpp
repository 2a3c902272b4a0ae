#include "solve/strategy_build.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "engine/board/errors.hpp"
#include "solve/benson.hpp"
#include "solve/forced_walk.hpp"
#include "solve/retrograde_detail.hpp"
#include "tables/table_file.hpp"

namespace solve {

namespace {

using Clock = std::chrono::steady_clock;
using retro_detail::secondsSince;

// A gathered state: its table key (canonicalKeyWithKo, PASSED_KEY) and SIDE when the side
// whose strategy is built is to move there.
constexpr uint64_t SIDE = uint64_t{1} << 63;
// An edge whose child's rank the parent's rank reads (a keeping move at the side's states,
// a move attaining the upper bound at the other side's); the others are the other side's
// other moves and the fresh starts after a pass (see the header).
constexpr uint32_t RANKED_EDGE = uint32_t{1} << 31;
constexpr uint8_t PASS_MOVE = 32;  // an edge's move: a point, or this for the pass
constexpr uint16_t UNRANKED = 0xFFFF;
// A node's flags: its game-end pass (at a passed state) keeps the side's bound or attains
// the other side's, and (output) reached by the strategy.
constexpr uint8_t END = 1, REACHED = 2;

// Node indices by key: open addressing on 32-bit slots (index + 1, 0 empty), the keys in
// the nodes' own list; doubled at 0.7 full.
class NodeIndex {
 public:
  explicit NodeIndex(const walk::Blocks<uint64_t>& nodes) : nodes_(nodes), slots_(1 << 16, 0) {}
  static constexpr uint32_t NONE = ~uint32_t{0};
  uint32_t find(uint64_t node) const {
    const uint32_t s = slots_[slot(node)];
    return s ? s - 1 : NONE;
  }
  // The slot for a node not yet in the index is taken by `index`.
  void insert(uint64_t node, uint32_t index) {
    if (10 * (size_ + 1) > 7 * slots_.size()) grow();
    slots_[slot(node)] = index + 1;
    ++size_;
  }

 private:
  size_t slot(uint64_t node) const {
    const size_t mask = slots_.size() - 1;
    size_t i = (node * 0x9E3779B97F4A7C15ull) >> 17 & mask;
    while (slots_[i] && nodes_[slots_[i] - 1] != node) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<uint32_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    for (const uint32_t s : old) {
      if (s) slots_[slot(nodes_[s - 1])] = s;
    }
  }
  const walk::Blocks<uint64_t>& nodes_;
  std::vector<uint32_t> slots_;
  size_t size_ = 0;
};

// A child found by expanding a node: its node, its bounds (its mover's view), the move
// (point or PASS_MOVE) and whether the parent's rank reads it.
struct Kid {
  uint64_t node;
  int8_t lo, hi;
  uint8_t move;
  bool ranked;
};

// The bounds of a state (its mover's view), or an error.
void boundsOrThrow(const StateBounds& bounds, Mask own, Mask opp, int ko, bool passed, int8_t& lo,
                   int8_t& hi) {
  int l = 0, h = 0;
  if (!bounds(own, opp, ko, passed, l, h)) {
    throw std::runtime_error("strategy: the analysis has no bounds for a state reached");
  }
  lo = static_cast<int8_t>(l), hi = static_cast<int8_t>(h);
}

// A proof walk's children of `node` (StrategyOptions::proofWalk) whose bounds are (lo, hi):
// nothing at a leaf (static bounds give the value; false returned); the side's keeping
// moves, and its pass to the other side's fresh start when the pass keeps (the state after
// it does); the other side's every move, and its pass to the side's fresh start unless
// walk::passEnds (then `end`).
bool proofChildren(const Geometry& g, const StateBounds& bounds, const SafetyRules& safety,
                   uint64_t node, int lo, int hi, std::vector<Kid>& kids, bool& end) {
  kids.clear();
  end = false;
  const bool side = node & SIDE;
  const uint64_t key = node & ~SIDE;
  const Mask own = key & g.all(), opp = (key >> 32) & g.all();
  const ScoreBounds b = boundsAfterPasses(g, own, opp, 0, safety);
  if (b.lower == b.upper) {
    if (b.lower != lo || lo != hi) {
      throw std::runtime_error("strategy: a leaf's static value is not the analysis's");
    }
    return false;
  }
  const uint64_t childSide = side ? 0 : SIDE;
  int sym = 0;
  int8_t clo, chi;
  if (side) {
    boundsOrThrow(bounds, opp, own, -1, true, clo, chi);  // the state after the pass
    if (-chi == lo) {
      boundsOrThrow(bounds, opp, own, -1, false, clo, chi);
      kids.push_back(
          Kid{canonicalKeyWithKo(g, opp, own, -1, sym) | childSide, clo, chi, PASS_MOVE, true});
    }
  } else if (walk::passEnds(g, own, opp, -lo, safety)) {
    end = true;
  } else {
    boundsOrThrow(bounds, opp, own, -1, false, clo, chi);
    kids.push_back(
        Kid{canonicalKeyWithKo(g, opp, own, -1, sym) | childSide, clo, chi, PASS_MOVE, true});
  }
  retro_detail::forEachMove(
      g, own, opp, koOfKey(g, key), [&](int p, Mask cOwn, Mask cOpp, int cKo) {
        boundsOrThrow(bounds, cOwn, cOpp, cKo, false, clo, chi);
        if (side && -chi != lo) return;
        kids.push_back(Kid{canonicalKeyWithKo(g, cOwn, cOpp, cKo, sym) | childSide, clo, chi,
                           static_cast<uint8_t>(p), true});
      });
  if (!end && kids.empty()) {
    throw std::runtime_error("strategy: a position of the walk with no move keeping its value");
  }
  return true;
}

// A target for stateChildren: each state's own bound.
constexpr int OWN_BOUND = -MAX_POINTS - 1;

// The game's children of `node` whose bounds are (lo, hi), for the deepening: nothing
// where the side has nothing to force (its bound the least value there is: a leaf; false
// returned); the side's keeping moves (ranked); the other side's every move and pass,
// ranked where it attains the other side's upper bound. `end`: at a passed state, the pass
// that ends the game keeps (attains) the bound. With a `target` (the side's score to force,
// StrategyOptions::fixedBound) instead of OWN_BOUND: the side's moves to a state where its
// lower bound is the target or more, and the other side's moves all ranked.
bool stateChildren(const Geometry& g, const StateBounds& bounds, uint64_t node, int lo, int hi,
                   std::vector<Kid>& kids, bool& end, int target = OWN_BOUND) {
  kids.clear();
  end = false;
  const int n = g.points();
  const bool side = node & SIDE;
  const bool fixed = target != OWN_BOUND;
  if (fixed ? target == -n : side ? lo == -n : hi == n) return false;
  if (fixed && (side ? lo : -hi) < target) {
    throw std::runtime_error("strategy: a state below the side's target (not the fixpoint)");
  }
  const uint64_t key = node & ~SIDE;
  const bool passed = key & PASSED_KEY;
  const uint64_t stones = key & ~PASSED_KEY;
  const Mask own = stones & g.all(), opp = (stones >> 32) & g.all();
  const uint64_t childSide = side ? 0 : SIDE;
  int sym = 0;
  int8_t clo, chi;
  const auto kid = [&](uint64_t childKey, uint8_t move) {
    const bool keeps = fixed ? !side || -chi >= target : side ? -chi == lo : -clo == hi;
    if (side && !keeps) return;
    kids.push_back(Kid{childKey | childSide, clo, chi, move, keeps});
  };
  if (passed) {
    const int score = areaScore(g, own, opp);
    end = fixed ? (side ? score : -score) >= target : score == (side ? lo : hi);
  } else {
    boundsOrThrow(bounds, opp, own, -1, true, clo, chi);
    kid(canonicalKeyWithKo(g, opp, own, -1, sym) | PASSED_KEY, PASS_MOVE);
  }
  retro_detail::forEachMove(
      g, own, opp, koOfKey(g, stones), [&](int p, Mask cOwn, Mask cOpp, int cKo) {
        boundsOrThrow(bounds, cOwn, cOpp, cKo, false, clo, chi);
        kid(canonicalKeyWithKo(g, cOwn, cOpp, cKo, sym), static_cast<uint8_t>(p));
      });
  bool attained = end;
  for (const Kid& k : kids) attained |= k.ranked;
  if (!attained) {
    throw std::runtime_error(
        "strategy: a state with no move attaining its bound (the bounds are not the analysis's "
        "fixpoint)");
  }
  return true;
}

// The root's bounds (its mover's view); a proof walk's root must be worth the whole board
// to the side.
void rootBounds(const Geometry& g, const StateBounds& bounds, bool proofWalk, Mask own, Mask opp,
                bool sideToMove, int& lo, int& hi) {
  if (!bounds(own, opp, -1, false, lo, hi)) {
    throw std::runtime_error("strategy: the analysis has no bounds for the root");
  }
  if (proofWalk && (sideToMove ? lo : -hi) != g.points()) {
    throw engine::InputError(
        "strategy: a proof walk needs the whole board for the side at the root (it forces " +
        std::to_string(sideToMove ? lo : -hi) + ")");
  }
}

class Builder {
 public:
  Builder(const Geometry& g, const StateBounds& bounds, const StrategyOptions& o)
      : g_(g), bounds_(bounds), o_(o), index_(node_), start_(Clock::now()) {}

  StrategyTable run(Mask own, Mask opp, bool sideToMove) {
    int lo = 0, hi = 0;
    rootBounds(g_, bounds_, o_.proofWalk, own, opp, sideToMove, lo, hi);
    int sym = 0;
    const uint64_t root = canonicalKeyWithKo(g_, own, opp, -1, sym) | (sideToMove ? SIDE : 0);
    add(root, static_cast<int8_t>(lo), static_cast<int8_t>(hi));
    gather();
    rank();
    StrategyTable t;
    t.forced = sideToMove ? lo : -hi;
    for (size_t i = 0; i < node_.size(); ++i) {
      const bool side = node_[i] & SIDE;
      t.sideStates += side, t.otherStates += !side;
      t.floors += side && lo_[i] == -g_.points();
      if (o_.proofWalk) {
        t.leaves += isLeaf(i);
        t.freshBelow += side && lo_[i] < g_.points();
      }
    }
    for (size_t e = 0; e < edge_.size(); ++e) t.moves += (edge_[e] & RANKED_EDGE) != 0;
    t.maxRank = maxRank_;
    t.rootRank = rank_[0];
    t.unranked = unranked_;
    if (unranked_) {
      throw std::runtime_error("strategy: " + std::to_string(unranked_) +
                               " states got no rank (the bounds are not the analysis's fixpoint)");
    }
    entries(t);
    t.seconds = secondsSince(start_);
    return t;
  }

 private:
  void report(StrategyProgress p, bool force = false) {
    if (!o_.onProgress) return;
    const double now = secondsSince(start_);
    if (!force && now - lastReport_ < o_.progressSeconds) return;
    lastReport_ = now;
    p.seconds = now;
    o_.onProgress(p);
  }

  // A proof walk's leaf: no move followed and no game end.
  bool isLeaf(uint64_t i) const {
    return o_.proofWalk && first_[i] == first_[i + 1] && !(flags_[i] & END);
  }

  uint32_t add(uint64_t node, int8_t lo, int8_t hi) {
    const uint32_t i = static_cast<uint32_t>(node_.size());
    if (i >= RANKED_EDGE) throw std::length_error("strategy: more than 2^31 states");
    node_.push_back(node);
    lo_.push_back(lo), hi_.push_back(hi);
    flags_.push_back(0);
    index_.insert(node, i);
    return i;
  }

  void childBounds(Mask own, Mask opp, int ko, bool passed, int8_t& lo, int8_t& hi) const {
    boundsOrThrow(bounds_, own, opp, ko, passed, lo, hi);
  }

  // The children of node i, as the header says; `end` set when its game-ending pass keeps
  // (attains) the bound. Nothing for the side's floors and the other side's ceilings.
  void expand(uint64_t i, std::vector<Kid>& kids, bool& end) const {
    kids.clear();
    end = false;
    if (o_.proofWalk) {
      proofChildren(g_, bounds_, o_.safety, node_[i], lo_[i], hi_[i], kids, end);
      return;
    }
    if (!stateChildren(g_, bounds_, node_[i], lo_[i], hi_[i], kids, end)) return;
    // The position after a pass as a fresh start too (see the header), where the pass is
    // followed: always at the other side's states, where it keeps at the side's (the pass
    // comes first among stateChildren's children). Not a move of the game: unranked.
    const uint64_t key = node_[i] & ~SIDE;
    const bool side = node_[i] & SIDE;
    if ((key & PASSED_KEY) || kids.empty() || kids.front().move != PASS_MOVE) return;
    const Mask own = key & g_.all(), opp = (key >> 32) & g_.all();
    int8_t clo, chi;
    childBounds(opp, own, -1, false, clo, chi);
    int sym = 0;
    kids.push_back(Kid{canonicalKeyWithKo(g_, opp, own, -1, sym) | (side ? 0 : SIDE), clo, chi,
                       PASS_MOVE, false});
  }

  // Breadth first: the nodes are their own queue. Chunks of nodes are expanded in
  // parallel, then their children added in order, so the edges are in node order.
  void gather() {
    constexpr size_t CHUNK = size_t{1} << 16;
    const int threads = std::max(1, o_.threads);
    std::vector<std::vector<Kid>> found(CHUNK);
    std::vector<uint8_t> ends(CHUNK);
    size_t next = 0;
    while (next < node_.size()) {
      const size_t from = next, to = std::min(node_.size(), next + CHUNK);
      std::exception_ptr error;
      std::mutex errorMutex;
#pragma omp parallel for schedule(dynamic, 256) num_threads(threads)
      for (size_t i = from; i < to; ++i) {
        try {
          bool end = false;
          expand(i, found[i - from], end);
          ends[i - from] = end;
        } catch (...) {
          const std::lock_guard<std::mutex> lock(errorMutex);
          if (!error) error = std::current_exception();
        }
      }
      if (error) std::rethrow_exception(error);
      for (size_t i = from; i < to; ++i) {
        first_.push_back(static_cast<uint32_t>(edge_.size()));
        if (ends[i - from]) flags_[i] |= END;
        for (const Kid& k : found[i - from]) {
          uint32_t c = index_.find(k.node);
          if (c == NodeIndex::NONE) c = add(k.node, k.lo, k.hi);
          edge_.push_back(c | (k.ranked ? RANKED_EDGE : 0));
          move_.push_back(k.move);
        }
      }
      next = to;
      report({"gathering", next, node_.size(), 0, 0});
    }
    first_.push_back(static_cast<uint32_t>(edge_.size()));
  }

  // Layer by layer: rank k goes to the side's states with a ranked child below k (or a
  // game end) and to the other side's whose ranked children are all below k.
  void rank() {
    const size_t nodes = node_.size();
    const int n = g_.points();
    rank_.assign(nodes, UNRANKED);
    std::vector<uint32_t> open;
    for (size_t i = 0; i < nodes; ++i) {
      const bool side = node_[i] & SIDE;
      if (((side ? lo_[i] == -n : hi_[i] == n) && !o_.proofWalk) || isLeaf(i)) {
        rank_[i] = 0;
      } else {
        open.push_back(static_cast<uint32_t>(i));
      }
    }
    const int threads = std::max(1, o_.threads);
    const auto rankOf = [this](uint32_t c) {
      return std::atomic_ref<uint16_t>(rank_[c]).load(std::memory_order_relaxed);
    };
    for (int k = 1; !open.empty(); ++k) {
      if (k >= UNRANKED) throw std::runtime_error("strategy: ranks above 65534");
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads)
      for (size_t j = 0; j < open.size(); ++j) {
        const uint32_t i = open[j];
        const bool side = node_[i] & SIDE;
        bool ranks = side && (flags_[i] & END);
        if (!ranks) {
          ranks = !side;
          for (uint64_t e = first_[i]; e < first_[i + 1]; ++e) {
            const uint32_t x = edge_[e];
            if (!(x & RANKED_EDGE)) continue;
            const bool below = rankOf(x & ~RANKED_EDGE) < k;
            if (side && below) {
              ranks = true;
              break;
            }
            if (!side && !below) {
              ranks = false;
              break;
            }
          }
        }
        if (ranks)
          std::atomic_ref<uint16_t>(rank_[i]).store(uint16_t(k), std::memory_order_relaxed);
        if ((j & 0xFFFF) == 0 && omp_get_thread_num() == 0) report({"ranks", j, open.size(), k, 0});
      }
      const size_t before = open.size();
      std::erase_if(open, [this](uint32_t i) { return rank_[i] != UNRANKED; });
      if (open.size() == before) break;  // nothing ranked: the rest never will be
      maxRank_ = k;
    }
    unranked_ = open.size();
  }

  // The moves listed at the side's node i (ranked tables' keepingMoves), SOME_BEST when a
  // keeping move is left out.
  uint64_t listed(uint64_t i) const {
    const int n = g_.points();
    const uint16_t r = rank_[i];
    uint64_t moves = (flags_[i] & END) ? PASS_BIT : 0;
    bool all = true;
    if (lo_[i] == -n && !o_.proofWalk) {
      // A floor: every keeping move (its children were not gathered).
      const uint64_t key = node_[i] & ~SIDE;
      const uint64_t stones = key & ~PASSED_KEY;
      const Mask own = stones & g_.all(), opp = (stones >> 32) & g_.all();
      int8_t clo, chi;
      if (key & PASSED_KEY) {
        if (areaScore(g_, own, opp) == -n) moves |= PASS_BIT;
      } else {
        childBounds(opp, own, -1, true, clo, chi);
        if (chi == n) moves |= PASS_BIT;
      }
      retro_detail::forEachMove(g_, own, opp, koOfKey(g_, stones),
                                [&](int p, Mask cOwn, Mask cOpp, int cKo) {
                                  childBounds(cOwn, cOpp, cKo, false, clo, chi);
                                  if (chi == n) moves |= uint64_t{1} << p;
                                });
      return moves;
    }
    for (uint64_t e = first_[i]; e < first_[i + 1]; ++e) {
      const uint32_t x = edge_[e];
      if (!(x & RANKED_EDGE)) continue;
      const uint64_t bit = move_[e] == PASS_MOVE ? PASS_BIT : uint64_t{1} << move_[e];
      if (rank_[x & ~RANKED_EDGE] <= r) {
        moves |= bit;
      } else {
        all = false;
      }
    }
    return moves | (all ? 0 : SOME_BEST);
  }

  // The states the side's listed moves and every reply reach from the root, as entries.
  void entries(StrategyTable& t) {
    std::vector<uint32_t> stack{0};
    flags_[0] |= REACHED;
    std::vector<std::pair<uint64_t, uint32_t>> reached;  // key, node
    while (!stack.empty()) {
      const uint32_t i = stack.back();
      stack.pop_back();
      reached.emplace_back(node_[i] & ~SIDE, i);
      const bool side = node_[i] & SIDE;
      const uint64_t moves = side ? listed(i) : 0;
      for (uint64_t e = first_[i]; e < first_[i + 1]; ++e) {
        const uint32_t c = edge_[e] & ~RANKED_EDGE;
        // At the side's states: the listed moves (the fresh start after a pass listed too).
        if (side) {
          const uint64_t bit = move_[e] == PASS_MOVE ? PASS_BIT : uint64_t{1} << move_[e];
          if (!(moves & bit)) continue;
          if ((edge_[e] & RANKED_EDGE) && rank_[c] > rank_[i]) continue;
        }
        if (!(flags_[c] & REACHED)) {
          flags_[c] |= REACHED;
          stack.push_back(c);
        }
      }
      if ((reached.size() & 0xFFFF) == 0) report({"entries", reached.size(), 0, 0, 0});
    }
    std::sort(reached.begin(), reached.end());
    for (size_t a = 0; a < reached.size();) {
      size_t b = a + 1;
      while (b < reached.size() && reached[b].first == reached[a].first) ++b;
      // A key reached as both sides' state: the side's entry (the value is the same).
      uint32_t i = reached[a].second;
      uint8_t roles = 0;
      for (size_t k = a; k < b; ++k) {
        const bool side = node_[reached[k].second] & SIDE;
        roles |= side ? 1 : 2;
        if (side) i = reached[k].second;
      }
      SolutionEntry e;
      e.key = reached[a].first;
      e.value = lo_[i];
      e.best = (roles & 1) && !isLeaf(i) ? listed(i) : SOME_BEST;
      if (lo_[i] != hi_[i]) e.best |= LOWER_BOUND;
      t.someBest += (e.best & SOME_BEST) != 0, t.lowerBound += (e.best & LOWER_BOUND) != 0;
      t.entries.push_back(e);
      t.roles.push_back(roles);
      a = b;
    }
  }

  const Geometry& g_;
  const StateBounds& bounds_;
  const StrategyOptions& o_;
  walk::Blocks<uint64_t> node_;
  walk::Blocks<int8_t> lo_, hi_;
  walk::Blocks<uint8_t> flags_;
  NodeIndex index_;
  walk::Blocks<uint32_t> first_;  // node i's edges: [first_[i], first_[i + 1])
  walk::Blocks<uint32_t> edge_;   // child index | RANKED_EDGE
  walk::Blocks<uint8_t> move_;    // the edge's move
  std::vector<uint16_t> rank_;
  int maxRank_ = 0;
  uint64_t unranked_ = 0;
  Clock::time_point start_;
  double lastReport_ = -1e9;
};

// A strategy by iterative deepening on its ranks (StrategyOptions::deepening): depth
// first, keeping only the states visited. W(x, b), "the side wins x within rank b": true
// at a leaf; at the side's states when a keeping move leads to a state won within b - 1 (or
// the game ends with the bound), at the other side's when every move attaining its bound
// does and every other move (game's states only) is won within some budget. W depends on
// x and b alone (no history in these walks or under simple ko) and grows with b, so a state
// keeps the least budget it was shown with (its rank) and one more than the greatest it
// failed with, and each (state, budget) pair is worked out at most once. The ranks shown
// fall along every move of the strategy that keeps the bound, so it has no cycle.
class Deepening {
 public:
  Deepening(const Geometry& g, const StateBounds& bounds, const StrategyOptions& o)
      : g_(g), bounds_(bounds), o_(o), index_(node_), start_(Clock::now()) {}

  StrategyTable run(Mask own, Mask opp, bool sideToMove) {
    int lo = 0, hi = 0;
    rootBounds(g_, bounds_, o_.proofWalk, own, opp, sideToMove, lo, hi);
    int sym = 0;
    const uint32_t root = add(canonicalKeyWithKo(g_, own, opp, -1, sym) | (sideToMove ? SIDE : 0),
                              static_cast<int8_t>(lo), static_cast<int8_t>(hi));
    if (o_.fixedBound && !o_.proofWalk) target_ = sideToMove ? lo : -hi;
    if (o_.depthFirst) {
      uint32_t low = NOT_SHOWN;
      if (!search(root, 0, low)) {
        throw std::runtime_error(
            "strategy: no strategy found depth first (every line comes back to a state on it" +
            std::string(tooDeep_ ? " or goes deeper than " + std::to_string(MAX_LINE) : "") + ")");
      }
    } else {
      for (int b = o_.firstBudget;; ++b) {
        if (b >= NEVER) throw std::runtime_error("strategy: no strategy within 254 ranks");
        budget_ = b;
        if (prove(root, b)) break;
      }
    }
    StrategyTable t;
    t.forced = sideToMove ? lo : -hi;
    t.maxRank = t.rootRank = static_cast<int>(proven_[root]);
    for (size_t i = 0; i < node_.size(); ++i) {
      const bool side = node_[i] & SIDE;
      t.sideStates += side, t.otherStates += !side;
      t.leaves += proven_[i] == 0;
    }
    t.moves = evaluations_;
    entries(root, t);
    t.seconds = secondsSince(start_);
    return t;
  }

 private:
  static constexpr uint32_t NOT_SHOWN = ~uint32_t{0};  // proven_: no rank shown
  static constexpr uint8_t NEVER = 0xFF;       // failed_: fails within any budget (or depth first)
  static constexpr uint32_t MAX_LINE = 20000;  // depth first: the longest line searched

  uint32_t add(uint64_t node, int8_t lo, int8_t hi) {
    const uint32_t i = static_cast<uint32_t>(node_.size());
    if (i == NodeIndex::NONE) throw std::length_error("strategy: more than 2^32 - 1 states");
    node_.push_back(node);
    lo_.push_back(lo), hi_.push_back(hi);
    proven_.push_back(NOT_SHOWN), failed_.push_back(0);
    index_.insert(node, i);
    return i;
  }
  uint32_t nodeOf(const Kid& k) {
    const uint32_t i = index_.find(k.node);
    return i == NodeIndex::NONE ? add(k.node, k.lo, k.hi) : i;
  }
  // The children in the order tried: the points centre first, the pass last.
  bool children(uint32_t i, std::vector<Kid>& kids, bool& end) const {
    const bool inner =
        o_.proofWalk ? proofChildren(g_, bounds_, o_.safety, node_[i], lo_[i], hi_[i], kids, end)
                     : stateChildren(g_, bounds_, node_[i], lo_[i], hi_[i], kids, end, target_);
    if (!inner) return false;
    std::stable_sort(kids.begin(), kids.end(), [this](const Kid& a, const Kid& b) {
      const int ra = a.move == PASS_MOVE ? MAX_POINTS : g_.centreRank(a.move);
      const int rb = b.move == PASS_MOVE ? MAX_POINTS : g_.centreRank(b.move);
      return ra < rb;
    });
    return true;
  }

  // W(i, b); on success proven_[i] <= b, on failure failed_[i] > b.
  bool prove(uint32_t i, int b) {
    if (proven_[i] <= uint32_t(b)) return true;
    if (failed_[i] > b) return false;
    const bool side = node_[i] & SIDE;
    if (notWhole(i)) return failForever(i);
    count("deepening", budget_);
    std::vector<Kid> kids;
    bool end = false;
    if (!children(i, kids, end)) {
      proven_[i] = 0;  // a leaf
      return true;
    }
    if (b == 0) {
      failed_[i] = 1;
      return false;
    }
    std::vector<uint32_t> ids(kids.size());
    for (size_t k = 0; k < kids.size(); ++k) ids[k] = nodeOf(kids[k]);
    if (side) {
      // The game's end, or a child already shown within b - 1 (the least), else each in turn.
      uint32_t best = end ? 0 : leastShown(ids);
      if (best > uint32_t(b - 1)) {
        for (const uint32_t c : ids) {
          if (prove(c, b - 1)) {
            best = proven_[c];
            break;
          }
        }
      }
      if (best > uint32_t(b - 1)) {
        return fail(i, b);
      }
      return shown(i, best + 1);
    }
    // Every child: within b - 1 where it attains the other side's bound; where it gives the
    // side more (the game's states only), shown at all, with a budget of its own. The ones
    // known to fail first.
    for (size_t k = 0; k < ids.size(); ++k) {
      if (failed_[ids[k]] > (kids[k].ranked ? b - 1 : NEVER - 1)) {
        return kids[k].ranked ? fail(i, b) : failForever(i);
      }
    }
    uint32_t worst = 0;
    for (size_t k = 0; k < ids.size(); ++k) {
      if (!kids[k].ranked) continue;
      if (!prove(ids[k], b - 1)) return fail(i, b);
      worst = std::max(worst, proven_[ids[k]]);
    }
    for (size_t k = 0; k < ids.size(); ++k) {
      if (!kids[k].ranked && !proveAtAll(ids[k])) return failForever(i);
    }
    return shown(i, worst + 1);
  }

  // W(i, b) for some b: the least, by deepening from the greatest known to fail. A child
  // that gives the side more than the other side's bound has a greater bound of its own,
  // and the bound never falls along the strategy, so this never comes back to a state on
  // the path above.
  bool proveAtAll(uint32_t i) {
    for (int b = std::max<int>(failed_[i], o_.firstBudget); b < NEVER; ++b) {
      if (prove(i, b)) return true;
    }
    return false;
  }
  bool failForever(uint32_t i) {
    failed_[i] = NEVER;
    return false;
  }

  // A proof walk's state not won whole by the side (its walks show only those).
  bool notWhole(uint32_t i) const {
    const int n = g_.points();
    return o_.proofWalk && ((node_[i] & SIDE) ? lo_[i] != n : hi_[i] != -n);
  }
  void count(const char* phase, int rank) {
    ++evaluations_;
    if (o_.onProgress && (evaluations_ & 0x3FFF) == 0 &&
        secondsSince(start_) - lastReport_ >= o_.progressSeconds) {
      lastReport_ = secondsSince(start_);
      o_.onProgress({phase, evaluations_, node_.size(), rank, lastReport_});
    }
  }
  uint32_t leastShown(const std::vector<uint32_t>& ids) const {
    uint32_t best = NOT_SHOWN;
    for (const uint32_t c : ids) best = std::min(best, proven_[c]);
    return best;
  }

  // Depth first (StrategyOptions::depthFirst): shows state i at the depth `depth` of the
  // line searched and returns true, its rank the longest line of the strategy found below
  // it (one more than its chosen child's at the side's states, than its greatest child's at
  // the other side's). A child on the line fails there: a strategy that comes back to a
  // state does not end the game. Such a failure rests on the line above the child, so it
  // is kept (failed_ = NEVER) only where every state on the line it rested on is i or below
  // i; otherwise the least depth it rested on goes to `low` and i stays unknown, to be
  // searched again from another line. Shown states stay shown: a strategy found from a
  // state never passes through a state on the line (those fail), so it holds from any line.
  bool search(uint32_t i, uint32_t depth, uint32_t& low) {
    if (proven_[i] != NOT_SHOWN) return true;
    if (failed_[i] == NEVER) return false;
    if (const auto on = line_.find(i); on != line_.end()) {
      low = std::min(low, on->second);
      return false;
    }
    if (notWhole(i)) return failForever(i);
    if (depth >= MAX_LINE) {  // too deep to follow: a failure resting on the root
      tooDeep_ = true;
      low = 0;
      return false;
    }
    count("depth first", static_cast<int>(depth));
    std::vector<Kid> kids;
    bool end = false;
    if (!children(i, kids, end)) {
      proven_[i] = 0;  // a leaf
      return true;
    }
    std::vector<uint32_t> ids(kids.size());
    for (size_t k = 0; k < kids.size(); ++k) ids[k] = nodeOf(kids[k]);
    line_.emplace(i, depth);
    uint32_t below = NOT_SHOWN;  // the least depth on the line a failure below rested on
    uint32_t rank = NOT_SHOWN;
    if (node_[i] & SIDE) {
      // The game's end, or the child shown with the least rank, else each in turn.
      uint32_t best = end ? 0 : leastShown(ids);
      for (size_t k = 0; best == NOT_SHOWN && k < ids.size(); ++k) {
        if (search(ids[k], depth + 1, below)) best = proven_[ids[k]];
      }
      if (best != NOT_SHOWN) rank = best + 1;
    } else {
      bool all = true;
      for (const uint32_t c : ids) all = all && failed_[c] != NEVER;  // the known failures first
      uint32_t worst = 0;
      for (size_t k = 0; all && k < ids.size(); ++k) {
        all = search(ids[k], depth + 1, below);
        if (all) worst = std::max(worst, proven_[ids[k]]);
      }
      if (all) rank = worst + 1;
    }
    line_.erase(i);
    if (rank != NOT_SHOWN) {
      proven_[i] = rank;
      return true;
    }
    if (below >= depth) {
      failed_[i] = NEVER;
    } else {
      low = std::min(low, below);
    }
    return false;
  }

  // The outcomes of W(i, b). A position met again deeper on its own path (a cycle, with a
  // smaller budget) may have been shown there: the least rank shown stands, and a failure
  // at b does not undo a rank within b.
  bool shown(uint32_t i, uint32_t rank) {
    proven_[i] = std::min(proven_[i], rank);
    return true;
  }
  bool fail(uint32_t i, int b) {
    if (proven_[i] <= uint32_t(b)) return true;
    failed_[i] = static_cast<uint8_t>(std::max(failed_[i], static_cast<uint8_t>(b + 1)));
    return false;
  }

  // The positions the side's listed moves (to children shown with a smaller rank) and every
  // reply reach from the root.
  void entries(uint32_t root, StrategyTable& t) {
    std::vector<uint8_t> reached(node_.size(), 0);
    std::vector<uint32_t> stack{root};
    reached[root] = 1;
    struct Out {
      uint64_t key;
      bool other;  // a state of the other side (sorted after the side's of the same key)
      SolutionEntry e;
    };
    std::vector<Out> out;
    std::vector<Kid> kids;
    while (!stack.empty()) {
      const uint32_t i = stack.back();
      stack.pop_back();
      const bool side = node_[i] & SIDE;
      SolutionEntry e;
      e.key = node_[i] & ~SIDE;
      e.value = lo_[i];
      e.best = SOME_BEST | (lo_[i] != hi_[i] ? LOWER_BOUND : 0);
      bool end = false;
      if (children(i, kids, end)) {
        if (side && end) e.best |= PASS_BIT;  // the game's end, rank 0
        for (const Kid& k : kids) {
          const uint32_t c = index_.find(k.node);
          if (side) {
            if (c == NodeIndex::NONE || proven_[c] >= proven_[i]) continue;
            e.best |= k.move == PASS_MOVE ? PASS_BIT : uint64_t{1} << k.move;
          } else if (c == NodeIndex::NONE ||
                     (k.ranked ? proven_[c] >= proven_[i] : proven_[c] == NOT_SHOWN)) {
            throw std::logic_error("strategy: a reply not shown below its position's rank");
          }
          if (!reached[c]) {
            reached[c] = 1;
            stack.push_back(c);
          }
        }
      }
      out.push_back({e.key, !side, e});
    }
    std::sort(out.begin(), out.end(), [](const Out& a, const Out& b) {
      return a.key != b.key ? a.key < b.key : a.other < b.other;
    });
    for (size_t a = 0; a < out.size();) {
      // A key reached as both sides' state: the side's entry (the bounds are the same).
      size_t b = a + 1;
      uint8_t roles = out[a].other ? 2 : 1;
      while (b < out.size() && out[b].key == out[a].key) roles |= out[b++].other ? 2 : 1;
      t.entries.push_back(out[a].e);
      t.roles.push_back(roles);
      t.lowerBound += (out[a].e.best & LOWER_BOUND) != 0;
      a = b;
    }
    t.someBest = t.entries.size();
  }

  const Geometry& g_;
  const StateBounds& bounds_;
  const StrategyOptions& o_;
  walk::Blocks<uint64_t> node_;
  walk::Blocks<int8_t> lo_, hi_;
  walk::Blocks<uint32_t> proven_;                // the least rank shown
  walk::Blocks<uint8_t> failed_;                 // one more than the greatest budget failed with
  std::unordered_map<uint32_t, uint32_t> line_;  // depth first: the line's states, their depths
  NodeIndex index_;
  uint64_t evaluations_ = 0;
  int budget_ = 0;
  bool tooDeep_ = false;
  int target_ = OWN_BOUND;
  Clock::time_point start_;
  double lastReport_ = 0;
};

}  // namespace

StrategyTable buildStrategy(const Geometry& g, const StateBounds& bounds, Mask black, Mask white,
                            engine::Color toMove, engine::Color side, const StrategyOptions& o) {
  if (toMove == engine::Color::Empty || side == engine::Color::Empty) {
    throw engine::InputError("strategy: a side must be Black or White");
  }
  const bool blackMoves = toMove == engine::Color::Black;
  const Mask own = blackMoves ? black : white, opp = blackMoves ? white : black;
  if ((own | opp) & ~g.all() || (own & opp) || !legalPosition(g, own, opp)) {
    throw engine::InputError("strategy: the root is not a legal position of the board");
  }
  if (o.fixedBound && !(o.deepening || o.depthFirst)) {
    throw engine::InputError(
        "strategy: the root's bound everywhere needs deepening or depth first");
  }
  if (o.firstBudget < 0 || o.firstBudget > 254) {
    throw engine::InputError("strategy: the first budget must be between 0 and 254");
  }
  if (o.deepening || o.depthFirst) {
    Deepening d(g, bounds, o);
    return d.run(own, opp, toMove == side);
  }
  Builder b(g, bounds, o);
  return b.run(own, opp, toMove == side);
}

uint64_t writeStrategyTable(const Geometry& g, const StrategyTable& s, engine::Color side,
                            bool proofWalk, const std::filesystem::path& out) {
  const std::string who = side == engine::Color::Black ? "Black" : "White";
  tables::TableStreamWriter file(
      out,
      solveTableMeta(
          g, solutionTableRules(Rules::named("simple-forced")), tables::TableKind::Solution,
          SOLUTION_TABLE_VERSION, s.entries.size(),
          (proofWalk ? "proof walk of the strategy of " : "strategy of ") + who +
              ", simple-forced, retrograde, ranked " + (proofWalk ? "positions: " : "states: ") +
              std::to_string(s.entries.size()) + ", forces " + std::to_string(s.forced)));
  tables::PayloadWriter w;
  w.varint(s.entries.size());
  uint64_t prev = 0;
  constexpr size_t PIECE = size_t{1} << 20;
  for (size_t from = 0; from < s.entries.size(); from += PIECE) {
    const size_t to = std::min(s.entries.size(), from + PIECE);
    SolutionTable::encodeEntries(std::span<const SolutionEntry>(s.entries.data() + from, to - from),
                                 prev, w);
    file.add(w.data());
    w.clear();
  }
  const tables::TableHeader h = file.finish(s.entries.size());
  return tables::HEADER_BYTES + h.storedBytes;
}

}  // namespace solve
