// The walk of a proof table under simple ko alone (buildProofTable with simple-forced rules;
// solve/ internal, used by proof_table.cpp). Reading guide: the class comment below; the
// method is in docs/SOLVER.md ("Proof tables under simple ko alone", "Session 42").
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "solve/compact_board.hpp"
#include "solve/proof_table.hpp"

namespace solve {

// Layout version of the proof-walk table kind (tables::TableKind::ProofWalk). 2: the other
// side's pass is not walked where it ends the game (walk::passEnds); the layout is version
// 1's, and a version-1 walk is taken with those moves dropped.
inline constexpr uint16_t PROOF_WALK_VERSION = 2;

namespace walk {

// A position of a proof walk: the mover's stones, the other side's, whether the mover is
// the root's mover (one optimal move followed) or the other side (every move followed),
// and the point simple ko bars the mover from.
struct Visit {
  Mask own = 0, opp = 0;
  bool rootSide = true;
  int ko = -1;           // -1: none
  bool leaving = false;  // checkForced: the walk has finished below this position
};

// The position after the mover of `board` (as Black) plays p (a legal point; -1 the pass),
// from the other side's view, with the ban simple ko puts on it.
Visit childOf(const CompactBoard& board, int p, bool rootSide);

// The board of a walk's position: the mover as Black, barred from ko (-1: none).
CompactBoard boardOf(const Geometry& g, Mask own, Mask opp, int ko);

// The move a simple-forced table keeps at a root-side position (own, opp in the table's
// orientation; board = boardOf of them): the first of the entry's listed moves (`best`)
// in moveTestOrder for `value` that is legal on the board; -1 the pass; NO_MOVE when none.
inline constexpr int NO_MOVE = -2;
int keptMove(const Geometry& g, const CompactBoard& board, Mask own, Mask opp, int value,
             uint64_t best);

// Whether the other side's pass in (own, opp: that side's stones, then the root side's)
// ends the game for the root side with `target`: after it the root side may pass to end
// the game, and the static bounds with that pass made settle at the target. Such a pass
// is a leaf of the walk, not a move to the fresh start (own and opp swapped), which the key
// would make the same position as before a pass by the root side: the two passes in a row
// that end the game would otherwise read as a cycle (the empty board's C3, White passes,
// Black passes).
bool passEnds(const Geometry& g, Mask own, Mask opp, int target, const SafetyRules& safety);

// A vector stored in blocks of 2^20 elements: it grows without copying what it holds (a
// walk of 100 million positions never needs twice its memory), and references to its
// elements stay valid. The table of blocks is allocated once (room for 2^32 elements), so
// another thread may read an element already there while one is added.
template <class T>
class Blocks {
 public:
  Blocks() : blocks_(std::make_unique<std::unique_ptr<T[]>[]>(MAX_BLOCKS)) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return blocks_[i >> SHIFT][i & MASK]; }
  const T& operator[](size_t i) const { return blocks_[i >> SHIFT][i & MASK]; }
  void push_back(const T& v) {
    if ((size_ & MASK) == 0) {
      if ((size_ >> SHIFT) >= MAX_BLOCKS) throw std::length_error("walk: more than 2^32 items");
      blocks_[size_ >> SHIFT] = std::make_unique<T[]>(BLOCK);
    }
    (*this)[size_++] = v;
  }

 private:
  static constexpr int SHIFT = 20;
  static constexpr size_t BLOCK = size_t{1} << SHIFT, MASK = BLOCK - 1;
  static constexpr size_t MAX_BLOCKS = size_t{1} << 12;
  std::unique_ptr<std::unique_ptr<T[]>[]> blocks_;
  size_t size_ = 0;
};

}  // namespace walk

// Its positions are game states: a position and the point simple ko bars its mover from,
// keyed by canonicalKeyWithKo, so that a proof that needs a ko's ban is kept. The root's
// value must be the whole board for one side (the target): then every position of the
// walk has a value, the target where the root's side is to move and minus it elsewhere.
// Only the root is solved for its value; every other position's value follows from the
// searches that put it in the walk (below). A leaf (static bounds give the value) keeps
// its value alone. At the root side's positions the walk follows one move that keeps the
// value, at the other side's every legal move and the pass.
//
// Under simple ko a move that keeps the value need not make progress: the first such move
// at each position can make the walk's positions a cycle (a ko taken back and forth), and
// then the relations hold while the game never ends (3x5: 30 cycles). So each position
// gets a rank, the number of moves within which the walk's moves reach leaves, as
// retrograde analysis finds it: a leaf 0; a root-side position one more than the least
// rank among its walked moves' positions (that move is the one kept); an other-side
// position, once all its moves' positions are ranked, one more than the largest. Ranks
// fall along every move the table keeps, so its positions form no cycle. When the walk is
// complete and the root has no rank, the root-side positions on the cycles of unranked
// positions (cycleTargets()) get their next move that keeps the value, whose positions are
// walked in turn, in rounds until the root has a rank. The table holds the positions
// reached from the root through the kept moves.
//
// Memory: 24 bytes a position, 4 a move walked from it, and its slot in an index (4 bytes
// at most half full); the ranks are found once the walk is complete. The whole walk is
// its checkpoint (a proof-walk table file beside the solver's), saved between positions
// at least every checkpointSeconds and when the time runs out, so that a build resumes
// where it stopped.
//
// Walkers (ProofTableOptions::walkers): that many threads take positions from the list
// still to walk (the last found first), each searching with a solver of its own on the
// solver's shared table; a position's moves are found outside the lock and added under it.
// Which position each walker takes depends on timing, so, as after an interruption, the
// moves found (and the table) can differ from run to run; every one is proven.
class ForcedWalk {
 public:
  using Clock = std::chrono::steady_clock;
  struct Hooks {
    std::function<void(Mask, Mask)> solving;  // told of each position before a search of it
    std::function<void()> valued;             // after each position added to the walk
    std::function<void()> saveSolver;         // saves the solver's table (with the walk's)
  };
  ForcedWalk(const Geometry& g, const ProofTableOptions& o, const SolveOptions& so, Solver& solver,
             BuildProgress& pr, Clock::time_point start, std::filesystem::path walkFile,
             Hooks hooks);

  // Loads the walk's checkpoint when its file exists; true when one was loaded. Throws
  // tables::TableError for a damaged file, or one of another board, rule set, root or
  // static-bound rules (which decide the leaves).
  bool resume(Mask own, Mask opp);
  // Walks from the root (own, opp). False when maxSeconds ran out (the walk is saved).
  bool run(Mask own, Mask opp);
  // The table's entries (the positions reached through the kept moves), by key.
  std::vector<SolutionEntry> entries() const;
  // Saves the walk and the solver's table.
  void save();
  // Runs f under the walk's lock (the progress and the hooks' data are written under it).
  void withLock(const std::function<void()>& f) const {
    std::lock_guard<std::mutex> lock(mu_);
    f();
  }
  // The root's value (once run() has found it).
  int target() const { return target_; }

 private:
  static constexpr int8_t NO_MOVE = -2, STOP_MOVE = -3;
  static constexpr uint8_t ROOT_SIDE = 1, LEAF = 2, EXPANDED = 4, EXHAUSTED = 8;
  static constexpr uint8_t BUSY = 16;  // a walker is finding its moves (never saved)
  // Node budget of each test of a position's later moves (its first is searched for
  // without a limit): a move that does not keep the value can stay open at every horizon.
  static constexpr uint64_t REPAIR_NODES = uint64_t{1} << 20;

  struct Node {
    uint64_t key = 0;
    uint64_t edges = 0;       // its walked moves' positions: edges_[edges, edges + count)
    int32_t rank = -1;        // -1: none (found by ranks())
    int8_t move = NO_MOVE;    // root side: the first move walked (-1: the pass)
    int8_t chosen = NO_MOVE;  // root side: the move kept (ranks())
    uint8_t count = 0;        // root side 1 (later moves: repairs_), other side every move
    uint8_t flags = 0;
  };
  // A root-side position given later moves after the walk: the moves found not to keep
  // the value, and each move walked with its position.
  struct Repair {
    std::vector<int8_t> ruledOut;
    std::vector<std::pair<int8_t, uint32_t>> walked;
  };

  // What a walker found for a position: whether it is a leaf, the root side's move, the
  // other side's positions after each move (canonical keys), the nodes searched.
  struct Expansion {
    bool leaf = false, stop = false;
    int move = NO_MOVE;
    int count = 0;
    uint64_t keys[33] = {};
    uint64_t nodes = 0;
  };
  void work(int w);
  Expansion expand(uint32_t n, Solver& solver);
  void apply(uint32_t n, const Expansion& e);
  int64_t take();
  uint32_t node(const walk::Visit& v);
  uint32_t nodeOfKey(uint64_t key, bool rootSide);
  int64_t find(uint64_t key, bool rootSide) const;
  void index(uint32_t id);
  void place(uint32_t id);
  void reindex();
  bool isLeaf(uint32_t n) const;
  bool solveRoot(uint32_t n);
  bool expandAll();
  int nextMove(uint32_t n, const std::vector<int>& tried, std::vector<int8_t>* ruledOut,
               Solver& solver, uint64_t& nodes);
  int64_t takeTarget();
  bool repair(uint32_t n, Solver& solver, std::unique_lock<std::mutex>& lock);
  uint32_t walkMove(uint32_t n, int p);
  void ranks();
  void settle(uint32_t n);
  std::vector<uint32_t> reachable() const;
  std::vector<uint32_t> cycleTargets();
  template <class F>
  void forWalked(uint32_t n, F&& f) const;
  walk::Visit visitOf(uint32_t n) const;
  CompactBoard boardOf(uint32_t n) const;
  bool timed(Solver& solver, uint64_t nodes) const;
  void saveWalk() const;
  void maybeSave(std::unique_lock<std::mutex>& lock);

  const Geometry& g_;
  const ProofTableOptions& o_;
  const SolveOptions& so_;
  Solver& solver_;
  std::vector<std::unique_ptr<Solver>> helpers_;  // the other walkers' solvers (shared table)
  BuildProgress& pr_;
  Clock::time_point start_, lastSave_;
  std::filesystem::path file_;
  Hooks hooks_;
  walk::Blocks<Node> nodes_;  // node 0 is the root
  walk::Blocks<uint32_t> edges_;
  std::vector<uint32_t> slots_;    // the index: node id + 1 by hash of key and side, 0 empty
  std::vector<uint32_t> pending_;  // nodes to walk from (the last found first)
  std::unordered_map<uint32_t, Repair> repairs_;
  uint64_t valued_ = 0;  // nodes expanded
  mutable std::mutex mu_;
  std::condition_variable cv_;
  int busy_ = 0;  // walkers finding a position's moves
  bool stop_ = false;
  std::exception_ptr failure_;
  // The round of repairs under way (run()): its targets, the next one to take, whether a
  // move was added.
  std::vector<uint32_t> targets_;
  size_t nextTarget_ = 0;
  bool added_ = false;
  // The moves reversed, kept from the last ranks() while the repairs run (live_), and the
  // moves walked since, by the position they lead to: settle() follows them up.
  bool live_ = false;
  std::vector<uint32_t> rfirst_, rparents_;
  std::unordered_map<uint32_t, std::vector<uint32_t>> extraParents_;
  int target_ = 0;
  bool haveTarget_ = false;
};

}  // namespace solve
