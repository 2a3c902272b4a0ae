#include "solve/strategy_walk.hpp"

#include <algorithm>
#include <chrono>
#include <unordered_map>
#include <vector>

#include "engine/board/errors.hpp"
#include "solve/compact_board.hpp"

namespace solve {

namespace {

// A node of the walk: a table key (canonical stones, ko point, PASSED_KEY) and whether the
// side whose strategy is walked is the one to move there.
constexpr uint64_t SIDE_TO_MOVE = uint64_t{1} << 63;

}  // namespace

StrategyWalk walkStrategy(const SolutionTable& table, Mask black, Mask white, engine::Color toMove,
                          engine::Color side, bool everyListed,
                          const std::function<void(const StrategyWalk&)>& onProgress,
                          double progressSeconds) {
  const Geometry& g = table.geometry();
  if (!table.holdsStates()) {
    throw engine::InputError(
        "strategy walk: the table holds positions only, not every state (build it with "
        "--ranked)");
  }
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
    const SolutionEntry* e = table.find(key);
    if (!e) {
      ++w.missing;
      return;
    }
    if (sideMoves && e->value == -n) {
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
      const uint64_t listed = e->best & (g.all() | PASS_BIT);
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
  std::unordered_map<uint64_t, uint8_t> seen;
  std::vector<Frame> path;
  const auto push = [&](uint64_t node) {
    seen.emplace(node, 1);
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
      seen[f.node] = 2;
      path.pop_back();
      continue;
    }
    const uint64_t kid = f.kids[f.next++];
    const auto it = seen.find(kid);
    if (it == seen.end()) {
      push(kid);  // `f` may move: not used after this
    } else if (it->second == 1) {
      ++w.cycles;
    }
  }
  if (onProgress) onProgress(w);
  return w;
}

}  // namespace solve
