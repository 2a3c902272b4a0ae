// The proof depth of a question and the line that needs it (docs/SOLVER.md, session 32):
// the smallest horizon at which the search proves "Black's value >= target", with the line
// where White resists longest. Without a table this is the number of plies after which every
// line ends in a position whose static bounds (benson.hpp) settle the question; static
// bounds that decide earlier show up as a smaller depth, so this is the measure for them, and
// the line shows what they still miss at its end.
//
// Every position is tested as a fresh game start (no history, the ko point kept), each test
// with a fresh table, so that a test's answer depends on its position and horizon alone.
// Within one test the table can still carry a proof found with more plies left to a place
// with fewer, so on larger boards a horizon may prove what a deeper one does not, and a
// position may be proven at a horizon at which none of its moves is proven one ply
// shallower (docs/SOLVER.md, session 32: 4x5). The walk then re-anchors (session 33): at
// White's turn, where every move is proven two plies shallower, it goes on with the move
// whose position's own proof depth, taken afresh, is the largest; at Black's, where no
// move is proven one ply shallower, it takes the position's own depth afresh and goes on
// from it, and when that is the depth it had, it goes on with the move whose position's own
// depth, taken afresh, is the smallest (session 35). When no move is proven afresh, or
// re-anchoring is off, the line stops there, incomplete.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "solve/solver.hpp"

namespace solve {

// What onTest reports: the totals so far and the test just made.
struct ProofDepthProgress {
  int tests = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  int horizon = 0;       // of the test just made
  bool proven = false;   // its answer
  bool stopped = false;  // it was stopped by maxSeconds (a "no" that says nothing)
  int rootDepth = -1;    // the root's proof depth once found
  size_t lineSteps = 0;  // positions of the line fixed so far
};

struct ProofDepthOptions {
  // The question: Black's value (komi excluded) is at least `target`.
  int target = 0;
  // The horizons tried for the root, in order, until one proves the question.
  int minDepth = 1, maxDepth = 60;
  // Stop when the tests have used this many nodes in all (0: no limit).
  uint64_t maxNodes = 0;
  // At most this many re-anchored steps in the line (0: the line stops where no move keeps
  // the depth). A position's own depth is looked for in [0, maxDepth].
  int maxReanchors = 16;
  // Stop when this many seconds have passed (0: no limit). Unlike maxNodes, which is
  // checked between tests, it also stops the test that is running; that test's answer is
  // not used, and the result says it stopped (ProofDepthResult::stopped).
  double maxSeconds = 0;
  // Called after every test, from the calling thread (for progress reports).
  std::function<void(const ProofDepthProgress&)> onTest;
};

// One position of the line and the move played from it.
struct ProofLineStep {
  Mask black = 0, white = 0;
  bool whiteToMove = false;
  int passes = 0;  // consecutive passes before this position
  int ko = -1;     // the simple-ko point forbidden to the side to move
  int depth = 0;   // its proof depth
  int move = -2;   // the move played from it (-1 pass); -2 at the last position
  // `depth` is this position's own proof depth, taken afresh instead of one less than the
  // previous position's: the previous position is White's and every White move there was
  // proven two plies shallower (this one had the largest fresh depth), or it is Black's, no
  // move from it was proven one ply below its depth, and this one had the smallest fresh
  // depth; or this position is Black's and no move from it was proven one ply below the
  // depth it had.
  bool reanchored = false;
  // At White's positions: every move whose position needs depth - 1 plies (the longest
  // resistance); the line takes the first of them.
  std::vector<int> longest;
};

struct ProofDepthResult {
  // The root's proof depth was found within [minDepth, maxDepth] and the node limit, and
  // the line was followed to a position the static bounds settle (false: depth and line
  // are what was reached).
  bool complete = false;
  int depth = -1;  // the root's proof depth (-1: not found)
  // From the root to a position with proof depth 0 (settled by its static bounds or the
  // end of the game).
  std::vector<ProofLineStep> line;
  uint64_t nodes = 0;    // searched by every test
  int tests = 0;         // searches run
  int reanchors = 0;     // steps of the line marked reanchored
  bool stopped = false;  // maxNodes or maxSeconds ran out (depth and line: what was reached)
};

// Is Black's value at least `target` provable at horizon `depth` from the position (the
// MTD search with one-sided tests, only the first of each (the one that can prove it),
// soft cuts and the pass check off, a fresh table of
// `base.ttLog2`; base's rules and static-bound options are used)? Depth 0: by the static
// bounds or the game's end alone (with base.horizonLookahead, also Black's one move whose
// position they settle, as at the search's horizon leaves). Adds the search's nodes to `nodes`.
// With maxSeconds > 0 the search stops after that long, and a stopped search answers false.
bool provableWithin(const Geometry& g, const Position& position, int target, int depth,
                    const SolveOptions& base, uint64_t& nodes, double maxSeconds = 0);

// The proof depth of `position` for opt.target and the longest line: at Black's positions
// the first move (centre first, the pass last) whose position needs one ply less, at
// White's the first of the moves whose position needs one ply less (every other White move
// needs fewer). Only a question the search can prove has a proof depth.
ProofDepthResult proofDepth(const Geometry& g, const Position& position,
                            const ProofDepthOptions& opt, const SolveOptions& base);

// The walk of proofDepth with its horizon test given: provable(p, depth, nodes) answers
// whether the question is proven from p within `depth` plies (0: by p itself: the game's
// end or the static bounds) and adds the nodes it searched. proofDepth passes
// provableWithin, given what is left of opt.maxSeconds; tests pass an oracle of their own.
// An answer that comes after opt.maxSeconds is not used.
using ProvableFn = std::function<bool(const Position&, int, uint64_t&)>;
ProofDepthResult proofDepthWalk(const Geometry& g, const Position& position,
                                const ProofDepthOptions& opt, bool allowSuicide,
                                const ProvableFn& provable);

}  // namespace solve
