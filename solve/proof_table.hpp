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
// position after every legal move and after a pass. A position whose static bounds already give its value
// is a leaf (in a first-best table listed with the first move the static bounds show
// optimal, when there is one, instead of a searched one). Every position is taken as a
// fresh game start, like the complete tables' entries (no history, no ko point, no pass
// before it), and solved as such. Since every stored value and move set is exact, the
// walk and the file do not depend on how much the solver's table knew: a build stopped
// and resumed from its checkpoint writes the very bytes an unbroken one does.
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

// Builds (or resumes) the proof table. Throws engine::InputError for a komi other than 0,
// simple-forced rules (positions left open by cycles) or an illegal root, tables::TableError
// for an unreadable or mismatched checkpoint.
ProofTableResult buildProofTable(const Geometry& g, const ProofTableOptions& options);

}  // namespace solve
