#include "solve/proof_depth.hpp"

#include <algorithm>
#include <utility>

#include "solve/benson.hpp"
#include "solve/compact_board.hpp"

namespace solve {

namespace {

using engine::Color;

// Does the position settle the question without a move: the game is over (two passes) at
// an area score of at least target, or the static bounds give Black at least target?
bool settled(const Geometry& g, const Position& p, int target, const SolveOptions& base) {
  if (p.passes >= 2) return areaScore(g, p.black, p.white) >= target;
  if (!(p.black | p.white)) return false;
  const bool black = p.toMove == Color::Black;
  const ScoreBounds b =
      boundsAfterPasses(g, black ? p.black : p.white, black ? p.white : p.black, p.passes,
                        base.territory, base.answers, base.held, base.links);
  return base.benson && (black ? b.lower : -b.upper) >= target;
}

// The position after `move` (-1 pass) from p, if it is legal (simple ko and suicide only:
// every position is a fresh game start).
bool after(const Geometry& g, const Position& p, int move, bool allowSuicide, Position& child) {
  CompactBoard b(g);
  b.setAllowSuicide(allowSuicide);
  b.setRaw(p.black, p.white, p.ko, p.ko >= 0 ? p.toMove : Color::Empty);
  child = Position{};
  child.toMove = p.toMove == Color::Black ? Color::White : Color::Black;
  if (move < 0) {
    b.pass(p.toMove);
    child.passes = p.passes + 1;
  } else {
    if (!b.isLegal(move, p.toMove)) return false;
    b.play(move, p.toMove);
    child.passes = 0;
    child.ko = b.koColor() == child.toMove ? b.koPoint() : -1;
  }
  child.black = b.black(), child.white = b.white();
  return true;
}

}  // namespace

bool provableWithin(const Geometry& g, const Position& position, int target, int depth,
                    const SolveOptions& base, uint64_t& nodes) {
  if (settled(g, position, target, base)) return true;
  if (depth <= 0 || position.passes >= 2) return false;
  SolveOptions o = base;
  o.rules.komi = 0;
  o.threads = 1;
  o.bestMoves = o.principalVariation = o.firstBestOnly = false;
  o.algorithm = Algorithm::Mtdf;
  o.proofNumber = false;
  o.firstDepth = o.maxDepth = depth;
  o.bisect = false;
  o.firstGuessMode = FirstGuess::Middle;
  o.firstGuess = target;
  o.oneSided = true;
  o.oneSidedNoFirst = o.oneSidedFirstOnly = false;
  // Both change what a horizon proves (a soft cut gives up at the first undecided child,
  // the pass check skips moves), so that a depth would depend on them.
  o.softCutDepth = 0;
  o.passCheck = false;
  o.proverWidth = 0;
  o.forcedHintSeconds = 0;
  o.mtdSplit = false;
  o.onProgress = nullptr;
  o.maxNodes = 0, o.maxSeconds = 0;
  Solver s(g, o);
  Position p = position;
  p.history.clear();
  const SolveResult r = s.solve(p);
  nodes += r.nodes;
  return r.lower >= target;
}

ProofDepthResult proofDepth(const Geometry& g, const Position& position,
                            const ProofDepthOptions& opt, const SolveOptions& base) {
  return proofDepthWalk(g, position, opt, base.rules.suicideAllowed,
                        [&](const Position& p, int depth, uint64_t& nodes) {
                          return provableWithin(g, p, opt.target, depth, base, nodes);
                        });
}

ProofDepthResult proofDepthWalk(const Geometry& g, const Position& position,
                                const ProofDepthOptions& opt, bool allowSuicide,
                                const ProvableFn& provable) {
  ProofDepthResult res;
  auto test = [&](const Position& p, int depth) {
    ++res.tests;
    return provable(p, depth, res.nodes);
  };
  auto outOfNodes = [&] { return opt.maxNodes && res.nodes >= opt.maxNodes; };
  // The smallest horizon in [from, to] that proves the question from p (-1: none).
  auto ownDepth = [&](const Position& p, int from, int to) {
    if (provable(p, 0, res.nodes)) return 0;  // no search: not counted as a test
    for (int d = std::max(1, from); d <= to && !outOfNodes(); ++d) {
      if (test(p, d)) return d;
    }
    return -1;
  };
  Position root = position;
  root.history.clear();
  int depth = ownDepth(root, opt.minDepth, opt.maxDepth);
  res.depth = depth;
  if (depth < 0) return res;
  std::vector<int> order(g.centreFirst().begin(), g.centreFirst().begin() + g.points());
  order.push_back(-1);
  Position p = root;
  bool reanchored = false;
  while (true) {
    ProofLineStep step;
    step.black = p.black, step.white = p.white;
    step.whiteToMove = p.toMove == Color::White;
    step.passes = p.passes, step.ko = p.ko, step.depth = depth;
    step.reanchored = reanchored;
    if (depth == 0) {
      res.line.push_back(step);
      res.complete = true;
      return res;
    }
    if (outOfNodes()) return res;
    Position next;
    bool found = false;
    for (int move : order) {
      Position child;
      if (!after(g, p, move, allowSuicide, child)) continue;
      if (!step.whiteToMove) {
        // Black: the first move whose position is proven one ply shallower.
        if (test(child, depth - 1)) {
          step.move = move, next = child, found = true;
          break;
        }
      } else if (depth < 2 || !test(child, depth - 2)) {
        // White: a move whose position needs every ply left (all need at most depth - 1).
        step.longest.push_back(move);
        if (!found) step.move = move, next = child, found = true;
      }
      if (outOfNodes()) return res;
    }
    if (!found && step.whiteToMove && res.reanchors < opt.maxReanchors) {
      // Every White move was proven within depth - 2 (a search whose answer is not
      // monotone in the horizon: the table carried deeper proofs). The line goes on with
      // the move whose position's own depth, taken afresh, is the largest, from that
      // depth: the longest resistance by fresh tests.
      int most = -1;
      std::vector<std::pair<int, int>> depths;  // (move, its position's own depth)
      for (int move : order) {
        Position child;
        if (!after(g, p, move, allowSuicide, child)) continue;
        const int own = ownDepth(child, 0, depth - 2);
        if (outOfNodes()) {
          res.line.push_back(step);
          return res;
        }
        depths.emplace_back(move, own);
        if (own > most) most = own, step.move = move, next = child;
      }
      for (const auto& [move, own] : depths) {
        if (most >= 0 && own == most) step.longest.push_back(move);
      }
      if (most >= 0) {
        ++res.reanchors;
        res.line.push_back(step);
        p = next;
        depth = most;
        reanchored = true;
        continue;
      }
    }
    if (!found && !step.whiteToMove && res.reanchors < opt.maxReanchors) {
      // At Black's turn no move is proven one ply shallower. The walk first takes the
      // position's own depth afresh and goes on from it, when that is another depth (once
      // a position).
      const int own = reanchored ? depth : ownDepth(p, 0, opt.maxDepth);
      if (own >= 0 && own != depth) {
        ++res.reanchors;
        depth = own;
        reanchored = true;
        continue;
      }
      // Its own depth is the one it had (session 35): the line goes on with the move whose
      // position's own depth, taken afresh, is the smallest: Black's quickest proof by
      // fresh tests. Each further move is tested only below the smallest found so far.
      int least = -1;
      for (int move : order) {
        Position child;
        if (!after(g, p, move, allowSuicide, child)) continue;
        const int childOwn = ownDepth(child, 0, least >= 0 ? least - 1 : opt.maxDepth);
        if (outOfNodes()) {
          res.line.push_back(step);
          return res;
        }
        if (childOwn >= 0) least = childOwn, step.move = move, next = child;
        if (least == 0) break;
      }
      if (least >= 0) {
        ++res.reanchors;
        res.line.push_back(step);
        p = next;
        depth = least;
        reanchored = true;
        continue;
      }
    }
    if (!found) {
      // No way on (or no re-anchoring left): the line stops here, incomplete.
      res.line.push_back(step);
      return res;
    }
    res.line.push_back(step);
    p = next;
    --depth;
    reanchored = false;
  }
}

}  // namespace solve
