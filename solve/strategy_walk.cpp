#include "solve/strategy_walk.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "engine/board/errors.hpp"
#include "solve/compact_board.hpp"

namespace solve {

namespace {

// A node of the walk: a table key (canonical stones, ko point, PASSED_KEY) and whether the
// side whose strategy is walked is the one to move there.
constexpr uint64_t SIDE_TO_MOVE = uint64_t{1} << 63;

// The walk's set of nodes with their colour (1 on the path, 2 done): open addressing on
// 64-bit words, the colour in bits 61-62 (a node uses bits 0-52 and 63), doubled at half
// full. Millions of nodes on 20 points: 8 bytes a slot instead of a node map's ~50.
class NodeSet {
 public:
  NodeSet() : slots_(size_t{1} << 10, EMPTY) {}
  // The colour of a node (0 when absent).
  int colour(uint64_t node) const {
    const uint64_t w = slots_[find(node)];
    return w == EMPTY ? 0 : static_cast<int>(w >> 61 & 3);
  }
  void set(uint64_t node, int colour) {
    size_t i = find(node);
    if (slots_[i] == EMPTY) {
      if (2 * (size_ + 1) > slots_.size()) {
        grow();
        i = find(node);
      }
      ++size_;
    }
    slots_[i] = (node & ~COLOUR) | uint64_t(colour) << 61;
  }

 private:
  static constexpr uint64_t EMPTY = ~uint64_t{0}, COLOUR = uint64_t{3} << 61;
  size_t find(uint64_t node) const {
    const size_t mask = slots_.size() - 1;
    for (size_t i = (node * 0x9E3779B97F4A7C15ull) >> 20 & mask;; i = (i + 1) & mask) {
      if (slots_[i] == EMPTY || (slots_[i] & ~COLOUR) == node) return i;
    }
  }
  void grow() {
    std::vector<uint64_t> old(slots_.size() * 2, EMPTY);
    old.swap(slots_);
    for (const uint64_t w : old) {
      if (w != EMPTY) slots_[find(w & ~COLOUR)] = w;
    }
  }
  std::vector<uint64_t> slots_;
  size_t size_ = 0;
};

// The walk, with `info(key, lower, moves)` giving a state's entry: the mover's lower bound
// and the moves listed there (canonical orientation, PASS_BIT the pass); false when the
// state is unknown.
template <class Info>
StrategyWalk walk(const Geometry& g, Info&& info, Mask black, Mask white, engine::Color toMove,
                  engine::Color side, bool everyListed,
                  const std::function<void(const StrategyWalk&)>& onProgress,
                  double progressSeconds) {
  if (toMove == engine::Color::Empty || side == engine::Color::Empty) {
    throw engine::InputError("strategy walk: a side must be Black or White");
  }
  const bool blackMoves = toMove == engine::Color::Black;
  const Mask own = blackMoves ? black : white, opp = blackMoves ? white : black;
  if ((own | opp) & ~g.all() || (own & opp) || !legalPosition(g, own, opp)) {
    throw engine::InputError("strategy walk: the root is not a legal position of the board");
  }
  const auto start = std::chrono::steady_clock::now();
  auto lastReport = start;
  StrategyWalk w;
  const int n = g.points();
  w.forced = n + 1;  // above any score until a game ends

  // The children of a node, after counting what the node itself shows (a missing state, no
  // legal listed move, the game's ends).
  const auto expand = [&](uint64_t node, std::vector<uint64_t>& kids) {
    const uint64_t key = node & ~SIDE_TO_MOVE;
    const bool sideMoves = (node & SIDE_TO_MOVE) != 0;
    const bool passed = (key & PASSED_KEY) != 0;
    const uint64_t stones = key & ~PASSED_KEY;
    const Mask me = stones & g.all(), you = (stones >> 32) & g.all();
    const int ko = koOfKey(g, stones);
    int lower = 0;
    uint64_t listed = 0;
    if (!info(key, lower, listed)) {
      ++w.missing;
      return;
    }
    if (sideMoves && lower == -n) {
      // The side claims only the least value here, which it has whatever happens: a leaf
      // of that value (a table that claims too little only weakens the result).
      w.forced = -n;
      ++w.floors;
      return;
    }
    CompactBoard b(g);
    b.setRaw(me, you, ko, ko >= 0 ? engine::Color::Black : engine::Color::Empty);
    // The moves to follow: the listed ones (all, or the first) for the side, every legal
    // one and the pass for the other. Bit p = point p, PASS_BIT = the pass.
    uint64_t moves = 0;
    if (sideMoves) {
      listed &= g.all() | PASS_BIT;
      for (uint64_t m = listed & g.all(); m; m &= m - 1) {
        if (!b.isLegal(lowestBit(m), engine::Color::Black)) {
          ++w.noMove;  // an illegal move listed: a broken table
          return;
        }
      }
      if (!listed) {
        ++w.noMove;
        return;
      }
      moves = everyListed          ? listed
              : (listed & g.all()) ? (listed & g.all() & -(listed & g.all()))
                                   : PASS_BIT;
    } else {
      for (int p = 0; p < n; ++p)
        if (b.isLegal(p, engine::Color::Black)) moves |= uint64_t{1} << p;
      moves |= PASS_BIT;
    }
    const uint64_t childSide = sideMoves ? 0 : SIDE_TO_MOVE;
    int sym = 0;
    if (moves & PASS_BIT) {
      if (passed) {  // the second pass in a row ends the game
        const int score = areaScore(g, me, you);
        w.forced = std::min(w.forced, sideMoves ? score : -score);
        ++w.games;
      } else {
        kids.push_back((canonicalKeyWithKo(g, you, me, -1, sym) | PASSED_KEY) | childSide);
      }
    }
    for (uint64_t m = moves & g.all(); m; m &= m - 1) {
      CompactBoard after = b;
      after.play(lowestBit(m), engine::Color::Black);
      const int childKo =
          after.koPoint() >= 0 && after.koColor() == engine::Color::White ? after.koPoint() : -1;
      kids.push_back(canonicalKeyWithKo(g, after.white(), after.black(), childKo, sym) | childSide);
    }
  };

  // Depth first, iteratively; a node is on the path (1) from its push to its pop, then done
  // (2). A move to a node on the path closes a cycle.
  struct Frame {
    uint64_t node;
    std::vector<uint64_t> kids;
    size_t next = 0;
  };
  NodeSet seen;
  std::vector<Frame> path;
  const auto push = [&](uint64_t node) {
    seen.set(node, 1);
    ++w.states;
    path.push_back(Frame{node, {}, 0});
    expand(node, path.back().kids);
    w.longest = std::max(w.longest, static_cast<int>(path.size()) - 1);
    if (onProgress && (w.states & 0xFFFF) == 0) {
      const auto now = std::chrono::steady_clock::now();
      if (std::chrono::duration<double>(now - lastReport).count() >= progressSeconds) {
        lastReport = now;
        onProgress(w);
      }
    }
  };
  int sym = 0;
  push(canonicalKeyWithKo(g, own, opp, -1, sym) | (toMove == side ? SIDE_TO_MOVE : 0));
  while (!path.empty()) {
    Frame& f = path.back();
    if (f.next == f.kids.size()) {
      seen.set(f.node, 2);
      path.pop_back();
      continue;
    }
    const uint64_t kid = f.kids[f.next++];
    const int colour = seen.colour(kid);
    if (colour == 0) {
      push(kid);  // `f` may move: not used after this
    } else if (colour == 1) {
      ++w.cycles;
    }
  }
  if (onProgress) onProgress(w);
  return w;
}

}  // namespace

StrategyWalk walkStrategy(const SolutionTable& table, Mask black, Mask white, engine::Color toMove,
                          engine::Color side, bool everyListed,
                          const std::function<void(const StrategyWalk&)>& onProgress,
                          double progressSeconds) {
  if (!table.holdsStates()) {
    throw engine::InputError(
        "strategy walk: the table holds positions only, not every state (build it with "
        "--ranked)");
  }
  const auto info = [&table](uint64_t key, int& lower, uint64_t& moves) {
    const SolutionEntry* e = table.find(key);
    if (!e) return false;
    lower = e->value, moves = e->best;
    return true;
  };
  return walk(table.geometry(), info, black, white, toMove, side, everyListed, onProgress,
              progressSeconds);
}

}  // namespace solve
