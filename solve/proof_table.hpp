// The proof table of a board too large for a complete table (5x5, issue 5): the positions
// of the proof of the root's value, each solved exactly with every optimal move, written
// as a solution table (the same kind, layout and reader as the complete tables of
// table_build.hpp, so SolutionTable and advise() read it; a position outside it is simply
// not found). Reading guide: this header; the walk is described in docs/SOLVER.md
// ("Proof tables").
//
// Which positions: the root; at a position where the root's side is to move, the position
// after its first optimal move in moveTestOrder (solver.hpp: centre first in the canonical
// orientation, own eye fills after the other points, the pass last, or first when the
// area score already equals the value; session 29); where the other side is to move, the
// position after every legal move and after a pass. A position whose static bounds already give its
// value is a leaf (in a first-best table listed with the first move the static bounds show optimal,
// when there is one, instead of a searched one). Every position is taken as a fresh game start,
// like the complete tables' entries (no history, no ko point, no pass before it), and solved as
// such. Since every stored value and move set is exact, the walk and the file do not depend on how
// much the solver's table knew: a build stopped and resumed from its checkpoint writes the very
// bytes an unbroken one does.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>

#include "solve/solver.hpp"
#include "solve/table_build.hpp"

namespace solve {

struct ProofTableOptions {
  Rules rules;            // komi 0; psk, simple or tromp-taylor (as complete tables)
  Mask own = 0, opp = 0;  // the root: the mover's stones and the other side's (empty board)
  // How each position is solved: search options (the MTD driver, one-sided tests, first
  // guess, threads, table size...). rules, bestMoves, principalVariation, limits and
  // onProgress are set by the build. One-sided tests by default: with a small table the
  // two-sided search re-proves far more (4x3 in 3.0 s one-sided at --tt-log2 14, not done
  // in 50 s two-sided).
  SolveOptions search = [] {
    SolveOptions s;
    s.oneSided = true;
    return s;
  }();
  // true: every position with all its optimal moves; false: with the one the walk follows
  // (the first optimal move in moveTestOrder; at the other side's positions too; at a
  // leaf see above). The same
  // positions and values either way; false skips the tests of the later moves
  // (SolveOptions::firstBestOnly).
  bool allBest = true;
  // Also every other position the solver's table holds an exact value for as a fresh game
  // start (no pass, no ko point; a stored result is usable on a path with no earlier
  // positions, docs/SOLVER.md), found after the walk. Each is solved again with at most
  // harvestNodes nodes (the table makes most of them quick) for its optimal moves as above;
  // one that runs out keeps its value with no move listed (SOME_BEST). What the table
  // holds depends on its size and on checkpoints, so such a table is not byte-for-byte
  // reproducible across interrupted builds; the walk's positions are.
  bool harvest = false;
  uint64_t harvestNodes = 20000;
  // Simple-forced walks: positions walked at once, each by a thread with a solver of its
  // own on the shared table (its searches use search.threads threads). 1 to 64.
  int walkers = 1;
  std::filesystem::path out;         // the table
  std::filesystem::path checkpoint;  // the solver's table (solver_state.hpp); empty: out + ".state"
  double checkpointSeconds = 600;    // save it at least this often, also inside a long solve
  double maxSeconds = 0;             // stop (after saving it) when exceeded; 0: no limit
  // Progress: entries = positions solved, nodes, seconds, lastValue; running = nodes of the
  // solve under way. Called after each position and about every progressSeconds inside a
  // long solve.
  std::function<void(const BuildProgress&)> onProgress;
  double progressSeconds = 1.0;
};

struct ProofTableResult {
  bool complete = false;  // false when maxSeconds stopped the build (its checkpoint remains)
  bool resumed = false;   // a checkpoint was loaded
  int rootValue = 0;      // the root's value for its mover (complete builds)
  uint64_t entries = 0, nodes = 0, fileBytes = 0;
  // With harvest: the positions added from the solver's table, and how many of them kept
  // their value alone (the move search ran out of nodes).
  uint64_t harvested = 0, valueOnly = 0;
  double seconds = 0;
};

// What checkProofTable found.
struct ProofCheck {
  int rootValue = 0;            // the root's entry (mover's view)
  uint64_t positions = 0;       // distinct positions the walk reached (with their side)
  uint64_t missing = 0;         // reached but not in the table
  uint64_t leaves = 0;          // static bounds give the value: not walked further
  uint64_t leafWrong = 0;       // ... a value other than the table's
  uint64_t noMove = 0;          // a root-side position that lists no legal move
  uint64_t moveWrong = 0;       // a listed move that does not give the position's value
  uint64_t replyBetter = 0;     // other side: a move or the pass better than the value
  uint64_t notAttained = 0;     // other side: no move and not the pass gives the value
  uint64_t passes = 0;          // relations through a pass (always searched)
  uint64_t searched = 0;        // relations settled by a search with the history
  uint64_t historyMatters = 0;  // ... where the table's fresh-start value differed
  uint64_t open = 0;            // relations whose search ran out of nodes (not checked)
  uint64_t unreached = 0;       // entries the walk did not reach (--with-solved positions)
  // Simple-forced tables: passes settled without a search (checkForced): the root side's
  // where the board as it stands scores the value, the other side's where the fresh
  // start's entry bounds it by the least value there is.
  uint64_t passesSettled = 0;
  // Simple-forced tables: moves of the walk back to a position on its own path. A proof
  // under simple ko alone must end every game in finitely many moves, so the walk's
  // positions must not form a cycle (under PSK the history forbids one).
  uint64_t cycles = 0;
  // No position missing and no relation broken (open relations are not faults).
  bool ok() const {
    return missing == 0 && leafWrong == 0 && noMove == 0 && moveWrong == 0 && replyBetter == 0 &&
           notAttained == 0 && cycles == 0;
  }
};

// Walks a proof table from the root (own, opp: the mover's stones; the empty board by
// default) as buildProofTable does, through the table alone, and checks it: every
// position of the walk is present; a leaf's static bounds give its stored value; at the
// root side's positions the move followed (the first listed in moveTestOrder) is legal
// and gives the position's value; at the other side's, no move or pass is better than the
// value, the listed moves give it, and some move or the pass does. A relation is read
// from the table (minus the child's value) where that stands for the game: entries are
// values of fresh starts, so where the game's history could matter (a pass, which lets
// the game end at once; a capture open to an immediate retake; or a table value that
// does not fit, which superko can cause) the child is searched with the position as its
// history, within `searchNodes` nodes. Independent of the build: the walk and the
// relations come from the board, the table and those searches.
// `onProgress` (if given) sees the counts so far about every `progressSeconds`.
ProofCheck checkProofTable(const Geometry& g, const SolutionTable& table,
                           const SolveOptions& search, uint64_t searchNodes = 10'000'000,
                           Mask own = 0, Mask opp = 0,
                           const std::function<void(const ProofCheck&)>& onProgress = {},
                           double progressSeconds = 1.0);

// Builds (or resumes) the proof table. Throws engine::InputError for a komi other than 0,
// simple-forced rules (positions left open by cycles) or an illegal root, tables::TableError
// for an unreadable or mismatched checkpoint.
ProofTableResult buildProofTable(const Geometry& g, const ProofTableOptions& options);

}  // namespace solve
