// Does a proof table built under simple ko alone (rules simple-forced, proof_table.hpp)
// also prove its value under positional superko? Reading guide: this header; the method
// and the figures are in docs/SOLVER.md ("Session 44: simple-forced tables under
// positional superko").
//
// The table is a strategy for the root's side (one move kept at each of its positions)
// against every move of the other side, and its ranks fall along every game that follows
// it, so each such game ends. Under positional superko (PSK) the other side's legal moves
// are a subset of those under simple ko (an immediate retake repeats the board before
// it), so the strategy still wins there if none of its own moves repeats a board of the
// game so far (a pass repeats nothing). checkSuperko looks for such a move along every
// game the strategy allows, the other side playing any move simple ko allows (more games
// than PSK allows: a repeat found may need a move PSK forbids; none found is a proof).
// A game ends at a leaf, where the static bounds give the value: they are taken to hold
// whatever the history, as the solver takes them under PSK (docs/SOLVER.md).
//
// A game's history is the set of its boards; most of it cannot matter. A root-side move
// at b can only repeat a board Q if b held a root-side stone in Q that the other side
// captured since, and every stone placed since Q is gone again. So, at a position X, an
// earlier board Q is kept only if a later root-side move could still repeat it
// (mayRepeat):
//   - each root-side stone of X missing from Q lies where the other side may still
//     capture one on some game from X, and the same for the other side's stones of X
//     missing from Q and root-side captures;
//   - some root-side stone of Q is not on X, or may still be captured.
// Those points are found per position by a first pass, from the leaves up. Positions are
// then walked with the boards kept, each (position, boards kept) once, up to symmetry;
// with no board kept a position is walked once for all.
//
// Where the table's move repeats a board, the root side needs another: that position is
// then searched instead of followed, in a new round of both passes (below it any capture
// may happen), by the PSK solver with the boards kept as the game's history, once for each
// set of boards kept with which it is reached. The search must give the root side the
// table's value; if it gives less, the root side's choice before it is searched instead in
// the next round, and so on up to the root.
//
// The searches (session 45) ask that one question (SolveOptions::decideOnly). A position
// is first searched once with every board it was reached with in the round, those boards
// binding the root side only (SolveOptions::historyBindsRootMoverOnly: a lower bound for
// each set of boards); if that falls short, each half of its sets the same way, down to
// single sets, searched under positional superko with their own boards. And the
// searches take the table's value as a bound at the positions of the walk they reach where
// no earlier board of their path could be repeated by the strategy from there (the test
// above without its last condition; SolveOptions::oracle). Those positions' strategies
// must then hold with nothing kept: each is walked so in every round, and when a later
// round finds more capture points below one, every search is made again.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "solve/solver.hpp"
#include "solve/table_build.hpp"

namespace solve {

struct SuperkoCheck {
  int rounds = 0;  // walks made (each after more positions were found to search)
  // Of the last round:
  uint64_t states = 0;         // game states of the walk (stones, ko ban, side to move)
  uint64_t leaves = 0;         // ... where the static bounds give the value
  uint64_t captureStates = 0;  // other-side states with a move that captures root-side stones
  uint64_t visits = 0;         // (state, boards kept) pairs walked
  uint64_t withHistory = 0;    // ... with at least one board kept
  uint64_t longest = 0;        // most boards kept at once
  // Of every round: root-side moves found to repeat a board of the game (the table's
  // strategy fails there under PSK), and the game to the first (root's orientation,
  // points, -1 a pass).
  uint64_t repeats = 0;
  std::vector<int> repeatGame;
  std::vector<uint64_t> repeatPositions;  // their positions' table keys, sorted
  // Root-side positions where another move is taken when the kept one repeats a board
  // (every round), and the (position, boards kept) pairs of the last round that took one.
  uint64_t flexPositions = 0, switched = 0;
  int capturePasses = 0;  // first passes made (more than one a round when moves form cycles)
  // Positions searched instead of followed (FLEX positions where every move repeats a
  // board or leaves the table, and the root side's choice before a failed search; every
  // round): each
  // (position, boards kept) pair is solved under PSK with the boards kept as the game's
  // history, and must give the root side at least the table's value.
  uint64_t offPositions = 0;
  uint64_t searches = 0, searchNodes = 0;  // distinct searches made, their nodes
  // Pairs of the last round settled by a search with the boards of several pairs of their
  // position (with a pass just made or not), binding the root side only: first all of
  // them, then halves of those that fall short, down to each pair's own search.
  uint64_t settledTogether = 0;
  uint64_t settled = 0, failed = 0, open = 0;  // pairs of the last round, by their result
  // ... not searched: the root side's choice before them was already to be searched
  // instead in the next round (after a failed or open search below it).
  uint64_t postponed = 0;
  std::vector<int> failedGame, openGame;  // the first game to a failed or open one
  // Failed or open searches whose root side's last choice before them was searched
  // instead in the next round (every round).
  uint64_t escalated = 0;
  // The searches take the table's bounds at the positions they reach whose strategy, with
  // the path's earlier boards, cannot repeat one (BoundOracle; the capture points of the
  // first pass say which boards could be repeated): nodes so cut (every round), the
  // positions so used (walked from themselves with nothing kept, each round, so that their
  // strategy is checked too; at the end), and the times the capture points of such a
  // position grew in a later round, so that every search was made again.
  uint64_t oracleCuts = 0, oracleRoots = 0, restarts = 0;
  // Shown under PSK: every game of the strategy, PSK-legal or not for the other side,
  // ends at a leaf with no root-side move repeating a board, or reaches a position whose
  // search with its history gives the root side the table's value.
  bool stopped = false;  // the time limit stopped the check
  bool ok() const { return !stopped && failed == 0 && open == 0; }
};

// Checks the strategy of `table` (a simple-forced proof table whose walk from the root,
// own to move with opp the other side, checkProofTable found whole) as above. `search`:
// the build's search options (their optional rules, SolveOptions::safety, decide the
// leaves); the searches run under PSK with at most searchNodes nodes each. The root side
// is Black in those searches. maxSeconds > 0: stop after about that long (not ok, stopped
// set). The searches take the table's bounds where the history cannot matter (above).
// Throws std::runtime_error when a position of the walk is not
// in the table or the walk has a cycle (both are checkProofTable's faults). `onProgress`,
// when given, sees the counts about every `progressSeconds`.
SuperkoCheck checkSuperko(const Geometry& g, const SolutionTable& table, const SolveOptions& search,
                          uint64_t searchNodes = 10'000'000, double maxSeconds = 0, Mask own = 0,
                          Mask opp = 0,
                          const std::function<void(const SuperkoCheck&)>& onProgress = {},
                          double progressSeconds = 1.0);

// The test of the header comment: can a root-side move still repeat the board Q (root
// side's stones, other side's) from the board X, where rootCaptures are the points at
// which the other side may still capture a root-side stone and otherCaptures those at
// which the root side may capture one of the other side's.
bool mayRepeat(Mask qRoot, Mask qOther, Mask xRoot, Mask xOther, Mask rootCaptures,
               Mask otherCaptures);

}  // namespace solve
