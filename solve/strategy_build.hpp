// One side's strategy from a complete simple-forced analysis, ranked, without ranking
// every state (docs/SOLVER.md, session 53). A ranked table (RetroOptions::ranked) ranks
// every state of the board, which on 20 points does not fit in memory; a side that plays
// from a root needs only the states its own play and every reply of the other side can
// reach. buildStrategy takes the states' bounds from a finished analysis (either: they are
// the same), gathers those states, ranks them as the ranked analysis would, and returns
// the entries of a table of them (the layout of a ranked table, SolutionTable::holdsStates),
// which walkStrategy and `fgo tables verify --strategies` check from the rules alone.
//
// The states gathered, from the root (P the side, O the other): at P's states the moves
// that keep P's lower bound (-the child's upper bound = it), at O's states every move and
// the pass. P's states where its bound is the least value there is are leaves. Since
// the proof walks of proof_table.hpp and the superko check (superko_check.hpp) take a pass
// as leading to the position as a fresh start, a pass that does not end the game also
// gathers that position (no pass pending) beside the state after the pass, so that those
// checks find every position they look up.
//
// Ranks, as RetroAnalysis::ranks defines them: P's states the lower rank (0 at the least
// value; else one more than the least upper rank of a keeping move's child, the game's end
// counting 0), O's states the upper rank (0 at the greatest value; else one more than the
// greatest lower rank of a child whose lower bound attains O's upper bound). Every move
// these rules read leads to a state gathered, so the ranks are the whole board's, found
// here layer by layer (rank k in the k-th sweep, from the ranks below k alone).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "solve/benson.hpp"
#include "solve/table_build.hpp"

namespace solve {

// The mover's bounds at a state, as RetroAnalysis::bounds and DirectRetroAnalysis::bounds
// give them: own to move, opp the other side, `ko` the point own may not take (-1: none),
// `passed` whether opp has just passed. False when there is no such state.
using StateBounds = std::function<bool(Mask own, Mask opp, int ko, bool passed, int& lo, int& hi)>;

struct StrategyProgress {
  std::string phase;  // "gathering", "ranks" (rank = the sweep), "entries"
  uint64_t done = 0, total = 0;
  int rank = 0;
  double seconds = 0;
};

struct StrategyOptions {
  int threads = 2;
  // The positions of a proof walk instead of the game's states (proof_table.hpp, checked
  // by checkProofTable and checkSuperko): a position whose static bounds (`safety`) give
  // its value is a leaf, a pass leads to the position as a fresh start (no PASSED_KEY
  // states), and the other side's pass is a leaf where walk::passEnds says the side can
  // then end the game with its value. As for those walks, the side's value at the root
  // must be the whole board.
  bool proofWalk = false;
  SafetyRules safety;
  // Instead of gathering every state the keeping moves reach (which on 20 points does not
  // fit beside the analysis), search depth first for a strategy within a rank budget, 0, 1,
  // 2... until the root is shown (iterative deepening), keeping only the states visited;
  // one thread. W(x, b): at the side's states a keeping move to a state within b - 1 (or
  // the game's end), at the other side's every move attaining its bound within b - 1 and
  // every other move (it gives the side more: a greater bound of its own) within some
  // budget. The root's rank is the least one; elsewhere the ranks are the budgets each
  // state was shown with, which fall along the strategy's moves but need not be least.
  // StrategyTable::moves counts the (state, budget) pairs worked out.
  bool deepening = false;
  // The deepening's first budget (and a state's first where it is shown at all), 0 to 254:
  // above 0 the ranks shown need not be least, the root's included, but a budget near the
  // least rank is not asked again and again (docs/SOLVER.md, session 54).
  int firstBudget = 0;
  // Like deepening (only the states visited kept), but with no rank budget: depth first
  // for any strategy (docs/SOLVER.md, session 54). At the side's states the first keeping move
  // whose state is shown (the one shown with the least rank if any is), at the other side's every
  // move; a move back to a state on the line searched fails there. The ranks written are the
  // strategy's longest lines (one more than the chosen child's at the side's states, than the
  // greatest child's at the other side's), so they fall along its moves as the deepening's do, but
  // the root's need not be least. StrategyTable::moves counts the states worked out.
  bool depthFirst = false;
  // With deepening or depthFirst, over the game's states: the side forces the root's bound
  // everywhere, not each state's own (at its states any move to a state where its lower
  // bound is still the root's or more; at the other side's every move shown the same way,
  // those that give the side more too). A weaker aim that leaves more moves to the side and
  // asks no better strategy after a reply that gives it more (docs/SOLVER.md, session 54).
  bool fixedBound = false;
  std::function<void(const StrategyProgress&)> onProgress;  // from one thread at a time
  double progressSeconds = 1.0;
};

struct StrategyTable {
  int forced = 0;  // the side's lower bound at the root (what its strategy forces)
  // States gathered: the side's, the other side's (a key can be both: the same stones
  // with the colours swapped), and moves kept between them.
  uint64_t sideStates = 0, otherStates = 0, moves = 0;
  uint64_t floors = 0;  // the side's states at the least value (leaves)
  // Proof walks: positions whose static bounds give the value (leaves), and the side's
  // fresh starts after the other side's pass worth less to it than the whole board (the
  // proof walk's checks then search that pass with the game's history).
  uint64_t leaves = 0, freshBelow = 0;
  int maxRank = 0;        // the greatest rank
  int rootRank = 0;       // the root's
  uint64_t unranked = 0;  // states left without a rank: 0 unless the bounds are not a fixpoint
  // The table: the states the side's listed moves and every reply reach from the root, in
  // key order. At the side's states the entry of a ranked table (the mover's lower bound,
  // the keeping moves to a child whose upper rank is at most the state's lower rank,
  // SOME_BEST where a keeping move is left out, LOWER_BOUND where the state is open); at
  // a state only of the other side, its lower bound with no move listed and SOME_BEST.
  std::vector<SolutionEntry> entries;
  // For each entry: bit 0 a state of the side, bit 1 of the other side.
  std::vector<uint8_t> roles;
  uint64_t someBest = 0, lowerBound = 0;  // entries so marked
  uint64_t written = 0;                   // entries.size(), kept when the entries are dropped
  double seconds = 0;
};

// The strategy of `side` from the state with `black` and `white` stones and `toMove` to
// play (no ko, no pass pending). Throws engine::InputError for an illegal root or a side
// of Empty, std::runtime_error when `bounds` fails at a state or is not the analysis's
// fixpoint (a state of the side with no move attaining its bound).
StrategyTable buildStrategy(const Geometry& g, const StateBounds& bounds, Mask black, Mask white,
                            engine::Color toMove, engine::Color side,
                            const StrategyOptions& o = {});

// Writes a strategy's entries as a solution table under simple-forced rules (atomic
// replacement; its note names the side and, with proofWalk, says it is a proof walk's);
// returns the file's bytes.
uint64_t writeStrategyTable(const Geometry& g, const StrategyTable& s, engine::Color side,
                            bool proofWalk, const std::filesystem::path& out);

}  // namespace solve
