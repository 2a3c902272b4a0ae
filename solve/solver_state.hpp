// A solver's transposition table saved to a `tables/` file (kind SolverState), so that a
// long solve (5x5) can be stopped and resumed: the saved entries are proven bounds and
// failure memos, facts about positions that hold for any root on the same board under
// the same rules, so a resumed search that loads them skips the work they record.
// Reading guide: this header; the payload layout is in docs/TABLES.md ("solver-state").
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "solve/geometry.hpp"
#include "solve/solver.hpp"

namespace solve {

class TranspositionTable;

// Payload layout version of the solver-state kind.
inline constexpr uint16_t SOLVER_STATE_VERSION = 1;

// Writes every non-empty slot of `tt` to `path` atomically (temporary file, fsync,
// rename): a crash during the write leaves the previous file whole. The payload is
// compressed and written in pieces, so a save needs little memory beyond the table. Safe while
// searches are writing to the table (a slot caught mid-write is saved torn and never matches a key
// again, as in the table itself). `note` goes into the header. Returns the slots written.
// Throws tables::TableError on I/O errors.
uint64_t saveSolverState(const std::filesystem::path& path, const Geometry& g, const Rules& rules,
                         const TranspositionTable& tt, const std::string& note = "");

// Reads a file written by saveSolverState into `tt` (which must be empty, i.e. fresh) and
// returns the entries it then holds. A table of the same size gets every slot back where
// it was; one of another size stores each entry by its key (a larger table keeps them all,
// a smaller one what its replacement rule keeps: every kept entry is still a true fact).
// Refuses, with tables::TableError, a corrupted file, another kind, board or rule set,
// and slots that are out of order or out of range; the table is then left empty. The
// file is read in pieces, so a load needs little memory beyond the table.
uint64_t loadSolverState(const std::filesystem::path& path, const Geometry& g, const Rules& rules,
                         TranspositionTable& tt);

}  // namespace solve
