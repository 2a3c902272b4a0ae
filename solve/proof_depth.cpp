#include "solve/proof_depth.hpp"

#include <algorithm>
#include <chrono>
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
  const ScoreBounds b = boundsAfterPasses(g, black ? p.black : p.white, black ? p.white : p.black,
                                          p.passes, base.safety);
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

// With SolveOptions::horizonLookahead a horizon of 0 is a leaf like the search's: Black to
// move also has the point moves whose positions are settled.
bool settledByLookahead(const Geometry& g, const Position& p, int target,
                        const SolveOptions& base) {
  if (!base.horizonLookahead || p.toMove != Color::Black || p.passes >= 2) return false;
  for (int move = 0; move < g.points(); ++move) {
    Position child;
    if (after(g, p, move, base.rules.suicideAllowed, child) && settled(g, child, target, base)) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool provableWithin(const Geometry& g, const Position& position, int target, int depth,
                    const SolveOptions& base, uint64_t& nodes, double maxSeconds) {
  if (settled(g, position, target, base)) return true;
  if (depth <= 0) return settledByLookahead(g, position, target, base);
  if (position.passes >= 2) return false;
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
  // Only the search that can prove "value >= target" (session 35): when it gives up, the
  // second could only prove the opposite, which the question does not ask.
  o.oneSidedNoFirst = false;
  o.oneSidedFirstOnly = true;
  // Both change what a horizon proves (a soft cut gives up at the first undecided child,
  // the pass check skips moves), so that a depth would depend on them.
  o.softCutDepth = 0;
  o.passCheck = false;
  o.proverWidth = 0;
  o.forcedHintSeconds = 0;
  o.mtdSplit = false;
  o.onProgress = nullptr;
  o.maxNodes = 0, o.maxSeconds = maxSeconds;
  Solver s(g, o);
  Position p = position;
  p.history.clear();
  const SolveResult r = s.solve(p);
  nodes += r.nodes;
  return r.lower >= target;
}

ProofDepthResult proofDepth(const Geometry& g, const Position& position,
                            const ProofDepthOptions& opt, const SolveOptions& base) {
  const auto start = std::chrono::steady_clock::now();
  return proofDepthWalk(
      g, position, opt, base.rules.suicideAllowed,
      [&](const Position& p, int depth, uint64_t& nodes) {
        double left = 0;  // no limit
        if (opt.maxSeconds > 0) {
          const double used =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          left = std::max(1e-3, opt.maxSeconds - used);
        }
        return provableWithin(g, p, opt.target, depth, base, nodes, left);
      });
}

ProofDepthResult proofDepthWalk(const Geometry& g, const Position& position,
                                const ProofDepthOptions& opt, bool allowSuicide,
                                const ProvableFn& provable) {
  ProofDepthResult res;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  // The budget: nodes between tests, time also inside them (an answer given after the
  // time ran out is not used).
  auto outOfBudget = [&] {
    if ((opt.maxNodes && res.nodes >= opt.maxNodes) ||
        (opt.maxSeconds > 0 && elapsed() >= opt.maxSeconds)) {
      res.stopped = true;
    }
    return res.stopped;
  };
  enum Answer { NO, YES, STOPPED };
  auto test = [&](const Position& p, int depth) {
    ++res.tests;
    const bool proven = provable(p, depth, res.nodes);
    // A proof holds even when it came late; a failure after the time ran out says nothing.
    const Answer a = proven ? YES : outOfBudget() ? STOPPED : NO;
    if (opt.onTest) {
      ProofDepthProgress pr;
      pr.tests = res.tests, pr.nodes = res.nodes, pr.seconds = elapsed();
      pr.horizon = depth, pr.proven = proven, pr.stopped = a == STOPPED;
      pr.rootDepth = res.depth, pr.lineSteps = res.line.size();
      opt.onTest(pr);
    }
    return a;
  };

  // The smallest horizon in [from, to] that proves the question from one of `ps`, and
  // which (-1: none; -2: the budget ran out first). The positions are tested horizon by
  // horizon, all of them at one horizon before any at the next, so that one never proven
  // costs no more tests than the smallest depth found; the first in the list wins a tie.
  auto smallestDepth = [&](const std::vector<Position>& ps, int from, int to, size_t& which) {
    for (size_t i = 0; i < ps.size(); ++i) {
      if (provable(ps[i], 0, res.nodes)) return which = i, 0;  // no search: not counted
    }
    for (int d = std::max(1, from); d <= to; ++d) {
      for (size_t i = 0; i < ps.size(); ++i) {
        if (outOfBudget()) return -2;
        const Answer a = test(ps[i], d);
        if (a == STOPPED) return -2;
        if (a == YES) return which = i, d;
      }
    }
    return -1;
  };
  auto ownDepth = [&](const Position& p, int from, int to) {
    size_t which = 0;
    return smallestDepth({p}, from, to, which);
  };
  Position root = position;
  root.history.clear();
  int depth = ownDepth(root, opt.minDepth, opt.maxDepth);
  res.depth = std::max(depth, -1);
  if (depth < 0) return res;
  std::vector<int> order(g.centreFirst().begin(), g.centreFirst().begin() + g.points());
  order.push_back(-1);
  Position p = root;
  bool reanchored = false;
  // The line ends at `step`, incomplete, its move unknown (the budget ran out).
  auto stopAt = [&](ProofLineStep& step) {
    step.move = -2;
    step.longest.clear();
    res.line.push_back(step);
    return res;
  };
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
    if (outOfBudget()) return stopAt(step);
    Position next;
    bool found = false;
    for (int move : order) {
      Position child;
      if (!after(g, p, move, allowSuicide, child)) continue;
      if (!step.whiteToMove) {
        // Black: the first move whose position is proven one ply shallower.
        const Answer a = test(child, depth - 1);
        if (a == STOPPED) return stopAt(step);
        if (a == YES) {
          step.move = move, next = child, found = true;
          break;
        }
        continue;
      }
      // White: a move whose position needs every ply left (all need at most depth - 1).
      const Answer a = depth < 2 ? NO : test(child, depth - 2);
      if (a == STOPPED) return stopAt(step);
      if (a == NO) {
        step.longest.push_back(move);
        if (!found) step.move = move, next = child, found = true;
      }
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
        if (own == -2) return stopAt(step);
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
      if (own == -2) return stopAt(step);
      if (own >= 0 && own != depth) {
        ++res.reanchors;
        depth = own;
        reanchored = true;
        continue;
      }
      // Its own depth is the one it had (session 35): the line goes on with the move whose
      // position's own depth, taken afresh, is the smallest: Black's quickest proof by
      // fresh tests.
      std::vector<int> moves;
      std::vector<Position> children;
      for (int move : order) {
        Position child;
        if (after(g, p, move, allowSuicide, child))
          moves.push_back(move), children.push_back(child);
      }
      size_t which = 0;
      const int least = smallestDepth(children, 0, opt.maxDepth, which);
      if (least == -2) return stopAt(step);
      if (least >= 0) step.move = moves[which], next = children[which];
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
