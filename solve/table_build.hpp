// Complete solution tables of small boards (issue 5, "Tables"): every legal position of a
// board, up to the board symmetries and colour swap, solved exactly with its optimal
// moves, written as a `tables/` file of kind Solution. The build is resumable: it writes
// a checkpoint file (kind Checkpoint) periodically and picks it up after an interruption;
// since every stored value and move set is exact, a resumed build writes the very bytes
// an uninterrupted one does. Reading guide: this header; the payload layouts are in
// docs/TABLES.md ("solution" and "checkpoint" kinds) and docs/SOLVER.md.
//
// Positions are stored from the mover's side ("own" stones to play, "opp" stones), with no
// earlier history, no ko and no pass: the value of a position as a fresh game start.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "solve/solver.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace solve {

// Payload layout versions of the two table kinds written here.
inline constexpr uint16_t SOLUTION_TABLE_VERSION = 1;
// Checkpoint version 2 (session 10): the enumeration order is stored before the index.
inline constexpr uint16_t CHECKPOINT_TABLE_VERSION = 2;

// The order in which a build visits the positions. Both give the same table bytes.
enum class BuildOrder : uint8_t {
  // The 3^points ternary codes in increasing order (near-empty boards first): the
  // original order and the default.
  Ternary = 0,
  // Fewest empty points first (stone-filled boards are near their end), then the empty
  // mask, then the colouring of the stones: a non-capturing move leads to a position
  // solved before. Measured slower than Ternary (docs/SOLVER.md, session 10): kept as an
  // option and as the other half of the byte-identity test.
  DenseFirst = 1,
};

// One solved position: canonical key (own stones low 32 bits, opponent's high), the
// mover's value (own area minus opponent's, komi 0), and its optimal moves in the
// canonical orientation (bit p = point p, bit 32 = pass). Bit 33 (SOME_BEST) set: the
// moves listed are optimal, but other moves may be too (a first-best proof table lists
// one); clear: every optimal move is listed, so every other move is strictly worse.
// Files before session 27 never set it, and their readers refuse an entry that does.
constexpr uint64_t PASS_BIT = uint64_t{1} << 32;
constexpr uint64_t SOME_BEST = uint64_t{1} << 33;
// Ranked complete tables under simple-forced rules (session 51, `--ranked`) hold every
// game state of the board, not only the positions: ko states (keys of canonicalKeyWithKo)
// and states after the other side's pass (PASSED_KEY set in the key: the mover's pass then
// ends the game). Each entry's value is the mover's lower bound and its moves keep it and
// make progress (docs/SOLVER.md, session 51); bit 34 (LOWER_BOUND) set: a ko cycle leaves
// the state open, and its value is only what the mover forces. Readers before session 51
// refuse bit 34.
constexpr uint64_t LOWER_BOUND = uint64_t{1} << 34;
constexpr uint64_t PASSED_KEY = uint64_t{1} << 31;  // above the stones and the ko point
// The mask of a list of moves (points, -1 = pass), as an entry stores them.
inline uint64_t moveMask(const std::vector<int>& moves) {
  uint64_t m = 0;
  for (int p : moves) m |= p < 0 ? PASS_BIT : uint64_t{1} << p;
  return m;
}
// 16 bytes: the value (|value| <= 32) and the mask (35 bits used) share a word, since a
// loaded table holds hundreds of millions of entries (2x9's ranked one 95 million).
struct SolutionEntry {
  uint64_t key = 0;
  int64_t value : 8 = 0;
  uint64_t best : 56 = 0;
  bool operator==(const SolutionEntry&) const = default;
};
static_assert(sizeof(SolutionEntry) == 16);

// The header fields of a table file written by solve/ for board g (generator "fgo tables
// build --solve", version "solve 1"), and what a reader of one insists on.
tables::TableMeta solveTableMeta(const Geometry& g, const tables::TableRules& rules,
                                 tables::TableKind kind, uint16_t version, uint64_t entries,
                                 std::string note);
tables::TableExpect solveTableExpect(const Geometry& g, const tables::TableRules& rules,
                                     tables::TableKind kind, uint16_t version);

// The header rules of a table built under the solver's rules (both simple-ko rules are
// "simple" there; files that need the exact rule also store Rules::name()).
tables::TableRules tableRules(const Rules& r);
// The header rules of a solution table: as tableRules, except that simple-forced rules
// have a ko rule of their own (tables::KoRule::SimpleForced), since their values mean what a
// side forces. Solver states and build checkpoints keep tableRules.
tables::TableRules solutionTableRules(const Rules& r);

// Every chain of both colours has a liberty.
bool legalPosition(const Geometry& g, Mask own, Mask opp);

// The canonical form of (own, opp) under the board symmetries: the smallest key, and the
// symmetry that maps (own, opp) onto it.
uint64_t canonicalKey(const Geometry& g, Mask own, Mask opp, int& sym);
// Simple-forced proof tables (proof_table.hpp): the key of (own, opp) with the mover barred
// from `ko` by simple ko (-1: no ban). The canonical key, with the symmetry among those
// that give it that puts the ban on the lowest point, and that point plus one stored above
// the mover's stones (bits from g.points(); KO_KEY_MAX_POINTS). With ko -1, canonicalKey.
uint64_t canonicalKeyWithKo(const Geometry& g, Mask own, Mask opp, int ko, int& sym);
// The ban a key of canonicalKeyWithKo carries (-1: none), and its stones.
int koOfKey(const Geometry& g, uint64_t key);
// Boards whose ko point fits above the mover's stones in a key.
constexpr int KO_KEY_MAX_POINTS = 27;

// How far a build has got (for progress bars).
struct BuildProgress {
  uint64_t index = 0, total = 0;  // enumeration index reached (either order), of 3^points:
                                  // every position below it is solved
  int empties = 0;                // empty points of the last position visited
  uint64_t entries = 0;           // positions solved so far
  uint64_t nodes = 0;             // nodes searched so far (this run, after any resume)
  double seconds = 0;             // elapsed in this run
  int lastValue = 0;              // value of the last solved position
  uint64_t running = 0;           // nodes of the solves still running (not in `nodes`)
  // Proof tables, inside a long solve: its proven interval (the mover's view) and horizon.
  bool solving = false;
  double lower = 0, upper = 0;
  int horizon = 0;
  int rootMove = 0, rootMoves = 0;  // its root move loop (SolveProgress::rootMove)
  // The position being solved (Black to move, canonical orientation) and how long its
  // solve has run, so that a build stuck on one position can name it.
  Mask solvingBlack = 0, solvingWhite = 0;
  double solvingSeconds = 0;
  // Simple-forced proof walks, once the walk is complete: root-side positions given a later
  // move so far, and those without a rank still to try in this round (ForcedWalk).
  uint64_t repaired = 0, repairsLeft = 0;
  // The last round's reachable positions without a rank, its cycles (the strongly
  // connected sets of them) and the positions in those (ForcedWalk::cycleTargets).
  uint64_t unranked = 0, cycles = 0, inCycles = 0;
};

struct TableBuildOptions {
  Rules rules;                             // komi must be 0: stored values are komi-free
  BuildOrder order = BuildOrder::Ternary;  // ternary: fewer nodes than DenseFirst (SOLVER.md)
  int ttLog2 = 20;
  int boundsLog2 = 12;  // each solve's static-bounds memo (SolveOptions::boundsLog2)
  // Each solve's null-window tests as one-sided searches (SolveOptions::oneSided; session
  // 16: the 2x6 and 2x7 builds faster). Search effort only: the same bytes.
  bool oneSided = true;
  // 1: one position at a time (each solve with one thread). N >= 2 (session 12): N
  // threads solve different positions at once, each with one-thread solves, all sharing
  // one solver table of 2^ttLog2 entries; the table bytes are the same.
  int threads = 1;
  // With threads >= 2: positions enumerated ahead of the first unsolved one at most
  // (dynamic scheduling over this window, so a hard position does not stall the others
  // until the window is full). Search effort and checkpoint contents only, never bytes.
  size_t windowPositions = size_t{1} << 16;
  std::filesystem::path out;         // the solution table
  std::filesystem::path checkpoint;  // empty: out + ".ckpt"; a parallel build's checkpoint
                                     // also keeps positions solved beyond its index, which
                                     // a resume (with any thread count) does not solve again
  double checkpointSeconds = 30;     // write a checkpoint at least this often (0: after every
                                     // solved position; for tests)
  double maxSeconds = 0;             // stop (after a checkpoint) when exceeded; 0: no limit
  int maxPoints = 20;                // refuse larger boards (3^points positions to scan)
  // Called after each solved position and once at the end, after each checkpoint write,
  // and about every progressSeconds while a long solve runs (with its nodes so far in
  // BuildProgress::running); never two calls at once (from the build's threads, in turn).
  std::function<void(const BuildProgress&)> onProgress;
  double progressSeconds = 1.0;
  std::function<void(const BuildProgress&)> onCheckpoint;
};

struct TableBuildResult {
  bool complete = false;  // false when maxSeconds stopped the build (the checkpoint remains)
  bool resumed = false;   // a checkpoint was found and continued
  uint64_t entries = 0, nodes = 0;
  uint64_t fileBytes = 0;  // size of the written table (complete builds)
  double seconds = 0;
};

// The number of positions a complete table of the board holds (legal, canonical): a scan
// of the 3^points colourings without solving, for progress bars.
uint64_t countTablePositions(const Geometry& g);

// Builds (or resumes) the complete solution table of the geometry's board. Throws
// engine::InputError for boards above maxPoints or a komi other than 0, tables::TableError
// for an unreadable or mismatched checkpoint, and the solver's errors.
TableBuildResult buildSolutionTable(const Geometry& g, const TableBuildOptions& options);

// A loaded solution table, for look-ups.
class SolutionTable {
 public:
  // Reads and checks a table file for this board and these rules (throws tables::TableError).
  static SolutionTable load(const std::filesystem::path& path, const Geometry& g,
                            const Rules& rules);
  // Decodes a payload (entries sorted by key); `source` names it in errors.
  static std::vector<SolutionEntry> decode(std::span<const uint8_t> payload, uint64_t count,
                                           const std::string& source);
  // Encodes entries sorted by key: count, then per entry the key delta, zigzag value and
  // best-move mask as varints.
  static std::vector<uint8_t> encode(const std::vector<SolutionEntry>& entries);
  // Appends entries (sorted by key, all above `prevKey`) as encode lays them out after its
  // count; prevKey becomes the last key. For payloads written in pieces.
  static void encodeEntries(std::span<const SolutionEntry> entries, uint64_t& prevKey,
                            tables::PayloadWriter& w);

  // The entry of (own, opp) for the side to move: value and optimal moves in the caller's
  // orientation (bit p, bit 32 = pass, bit 33 = SOME_BEST as stored). False when absent,
  // or when the entry holds a lower bound only (LOWER_BOUND).
  bool lookup(Mask own, Mask opp, int& value, uint64_t& best) const;
  // The entry of a game state in a ranked table: the mover at (own, opp), barred from `ko`
  // (-1: none), after the other side's pass if `passed` (then no ko). Value and moves as
  // lookup gives them, with LOWER_BOUND and SOME_BEST as stored. False when absent, and for
  // a state that cannot be one (stones off the board or on one point twice, a ko point off
  // the board, a ko after a pass).
  bool lookupState(Mask own, Mask opp, int ko, bool passed, int& value, uint64_t& best) const;
  // The entry of a key as stored (canonical orientation; canonicalKeyWithKo's keys too).
  const SolutionEntry* find(uint64_t key) const;
  const std::vector<SolutionEntry>& entries() const { return entries_; }
  // The board the table is for.
  const Geometry& geometry() const { return *g_; }
  // Whether the table holds game states, not only positions (a ranked simple-forced table:
  // some key has PASSED_KEY).
  bool holdsStates() const { return states_; }

 private:
  std::shared_ptr<const Geometry> g_;  // a copy: the caller's geometry may go away
  std::vector<SolutionEntry> entries_;
  bool states_ = false;
};

// The answer of a table to a position, as Solver::solve gives it (values Black minus White,
// plus `komi`; 0 nodes). A table of positions answers a position without history, pass or
// ko point: its exact value and the optimal moves it lists (allBest false when the entry
// lists only some), no principal variation. A table of every state (holdsStates: ranked,
// simple-forced, session 51) answers any state: the ko ban and a pending pass are looked
// up and the history plays no part (under simple ko alone a state's value does not depend
// on it). Its answer is exact for an exact state, with the moves listed (the optimal moves
// that make progress) and a principal variation: the game both sides play by the first
// listed move of each (points before the pass), to its end, which it reaches (docs/SOLVER.md,
// session 52). For a state a ko cycle leaves open, exact is false: `lower` and `upper` are
// what the mover forces and the most it can hope for, the entry's lower bound and the best
// of minus the other side's lower bound after each move (or the score, where its pass
// ends the game); best lists the moves that keep the lower bound, pv the same game, which
// ends unless both sides' lower bounds are the least value there is (then every move keeps
// them): it may then go round a cycle, and stops before a state would come again.
// False when the table cannot answer (a table of positions asked about a state, or a
// position or state it lacks).
// With variation false, no principal variation (bounds and moves only).
bool solveFromTable(const SolutionTable& table, const Position& position, double komi,
                    SolveResult& out, bool variation = true);

// The position after the side to move in p plays `move` (-1: passes), history left out.
// False when the move is not legal, or when the pass ends the game (p.passes 1).
bool playInPosition(const Geometry& g, const Position& p, int move, Position& next);

}  // namespace solve
