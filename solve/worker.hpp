// The search of one thread (internal to solve/): depth-limited alpha-beta on score
// bounds with the path history kept for superko, and the transposition table guarded by
// history summaries (docs/SOLVER.md, "Superko and the table"). solver.cpp drives it by
// iterative deepening and MTD(f); nothing outside solve/ includes this file.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "solve/benson.hpp"
#include "solve/solver.hpp"
#include "solve/tt.hpp"

namespace solve {

// A search state from the mover's side: the mover's and the opponent's stones.
struct Node {
  Mask own = 0, opp = 0;
  bool whiteToMove = false;
  int ko = -1;     // simple-ko point forbidden to the mover
  int passes = 0;  // consecutive passes just made
};

// A child already played by the enhanced transposition cut-off pass (Worker::search),
// kept for the move loop so that it neither plays it nor computes its key again: the
// child's stones (from its mover's side; its ko point, no passes), the stones the move
// took, the earlier path entry it repeats (-1 none) and, when that is -1 and the pass
// probed the table, its canonical key (sym -1: not computed; the child's own search
// computes it if it gets that far). No member initializers: an array of these is left
// unfilled until used.
struct PlayedChild {
  Mask own, opp, captured;
  uint64_t key;
  int ko, rep, sym;
  uint8_t extra;
};

// Proven bounds on a value (the true value lies in [lo, hi]).
struct Bounds {
  int lo, hi;
};

// What the threads of one solve publish for its progress reports (SolveOptions::
// onProgress): nodes (each worker adds its count every 128 nodes) and the root's proven
// interval, horizon and question from the mover's side; the report itself is made by
// whichever searching thread finds it due (tick).
struct ProgressBoard {
  static constexpr int NONE = INT32_MIN;
  std::atomic<uint64_t> nodes{0};
  std::atomic<int> lo, hi;
  std::atomic<int> horizon{0}, question{NONE};
  std::atomic<int> phase{0};  // 0 the value, 1 the optimal moves
  // The reporting thread's one-sided search (SolveProgress::oneSided): +1 the one that can
  // only answer yes, -1 the one that can only answer no, 0 none (a two-sided search).
  std::atomic<int> oneSided{0};
  // The root's move loop: moves searched so far of rootMoves (0: not in the loop), and
  // the point being searched (-1 the pass).
  std::atomic<int> rootDone{0}, rootMoves{0}, rootPoint{-1};
  // The root's move `done` (0-based) of `total` is searched now: point `point`.
  void atRootMove(int done, int total, int point) {
    rootPoint.store(point);
    rootDone.store(done);
    rootMoves.store(total);
  }
  // Reporting: the searching threads call tick() every 128 nodes; the first to find the
  // next report due calls `report` (never two at once).
  std::function<void()> report;
  int64_t periodNs = 0;
  std::atomic<int64_t> nextNs{0};
  std::atomic<bool> reporting{false};
  explicit ProgressBoard(int points) : lo(-points), hi(points) {}
  static int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  void tick() {
    const int64_t now = nowNs();
    if (now < nextNs.load(std::memory_order_relaxed)) return;
    bool idle = false;
    if (!reporting.compare_exchange_strong(idle, true)) return;
    nextNs.store(now + periodNs, std::memory_order_relaxed);
    if (report) report();
    reporting.store(false);
  }
  // Narrows the interval to [l, h] (any thread's proven bounds hold for all).
  void narrow(int l, int h) {
    for (int v = lo.load(); l > v && !lo.compare_exchange_weak(v, l);) {
    }
    for (int v = hi.load(); h < v && !hi.compare_exchange_weak(v, h);) {
    }
  }
};

// Limits shared by the threads of one call.
struct SearchLimits {
  uint64_t maxNodes = 0;  // per worker; 0: none
  std::chrono::steady_clock::time_point deadline{};
  bool timed = false;
  std::atomic<bool>* stop = nullptr;  // set by another thread: give up
  // Set by another thread: give up the current question only (Worker::resume clears it).
  std::atomic<bool>* cancel = nullptr;
  ProgressBoard* progress = nullptr;  // where to publish the node count (nullptr: nowhere)
  // Moves to try first where the own table has none (SolveOptions::forcedHintSeconds):
  // another solver's table of the same geometry and symmetry, read only.
  const TranspositionTable* hints = nullptr;
};

// Which positions some thread is searching right now (ABDADA, J.-C. Weill, "The ABDADA
// distributed minimax search algorithm", 1996): a per-slot count of threads inside a
// node, indexed by a hash of its canonical key. A collision only makes a thread defer a
// move it need not defer; the table never changes a result, only the order of moves.
class BusyTable {
 public:
  explicit BusyTable(int log2) : mask_((size_t{1} << log2) - 1), count_(size_t{1} << log2) {}
  size_t slot(uint64_t key, uint8_t extra) const {
    return engine::splitmix64(key ^ (uint64_t{extra} << 56) ^ 0x9E37u) & mask_;
  }
  void enter(size_t i) { count_[i].fetch_add(1, std::memory_order_relaxed); }
  void leave(size_t i) { count_[i].fetch_sub(1, std::memory_order_relaxed); }
  bool busy(size_t i) const { return count_[i].load(std::memory_order_relaxed) > 0; }
  // No thread inside any node (true between searches: every mark is released).
  bool idle() const {
    return std::all_of(count_.begin(), count_.end(), [](const auto& c) { return c.load() == 0; });
  }

 private:
  size_t mask_;
  std::vector<std::atomic<uint16_t>> count_;
};

class Worker {
 public:
  // An empty killer slot: no point (until session 28 the slots started as 0, so point 0,
  // a corner, was tried first at every ply until a cut there set them).
  static constexpr int8_t NO_KILLER = -2;
  // A worker for the table `tt`, with the root position's earlier history on its path;
  // `variant` perturbs the move ordering (lazy SMP: threads disagree on ties).
  // `bounds` (when given) is a memo of static bounds kept by the caller between workers
  // of the same thread (Solver keeps one a thread), else the worker makes its own.
  Worker(const Geometry& g, const SolveOptions& opt, TranspositionTable& tt, const Position& root,
         const SearchLimits& limits, int variant = 0, StaticBoundsCache* bounds = nullptr);

  // The size (log2 of the entries) of a worker's memo of static bounds under `opt`.
  static int boundsLog2(const SolveOptions& opt);

  static Node rootNode(const Position& p);
  // Board key: black stones low, white high.
  static uint64_t absKey(const Node& n) {
    return n.whiteToMove ? (n.opp | n.own << 32) : (n.own | n.opp << 32);
  }
  // Appends a position to the path (captured: the move that made it captured stones).
  void pushPath(const Node& n, bool captured);
  void popPath();

  // Bounds on the value of n (for its mover) searched `depth` plies deep with the window
  // (alpha, beta); n must be the last position on the path. Adds the positions its proof
  // played through to `sum`; lowers `repMin` to the oldest path index a superko or cycle
  // test referred to. onPath = false (only at depth <= 0, a horizon leaf): n is not on the
  // path, which ends at n's parent (saves the push and pop of most nodes).
  // `known` (if given) is n's canonical key as canonical() computes it (saves the work).
  Bounds search(const Node& n, int alpha, int beta, int depth, Summary& sum, int& repMin,
                bool onPath = true, const PlayedChild* known = nullptr);
  // Bounds on the value of `move` (-1 pass) for n's mover; legal=false when superko
  // forbids it. n must be the last position on the path.
  // `captureMoves` must hold every point where the mover captures (orderMoves' output;
  // the default, every point, always takes the full play). `pre` (if given) is the child
  // of a point move as transpositionCut played it on the same path (saves the work).
  Bounds evalMove(const Node& n, int move, int alpha, int beta, int depth, Summary& sum,
                  int& repMin, bool& legal, Mask captureMoves = ~Mask{0},
                  const PlayedChild* pre = nullptr);
  // Convenience: evalMove with fresh summary and repetition bookkeeping.
  Bounds evalMove(const Node& n, int move, int alpha, int beta, int depth, bool& legal) {
    Summary s;
    int rep = INT32_MAX;
    return evalMove(n, move, alpha, beta, depth, s, rep, legal);
  }
  // The canonical table key of n and the symmetry that maps n onto it.
  void canonical(const Node& n, uint64_t& key, uint8_t& extra, int& sym) const;
  // The same by a plain loop over the symmetries with byte-table images (the slow twin
  // of canonical, which the tests compare it with).
  void canonicalScan(const Node& n, uint64_t& key, uint8_t& extra, int& sym) const;
  // The table's best move for n (-1 pass, -2 none), in n's orientation.
  int tableMove(const Node& n) const;

  // Shares a busy table with the other threads of one search (nullptr: none). With it,
  // at nodes at least `busyMinDepth` plies above the horizon, moves after the first
  // whose child another thread is searching are tried after the others (ABDADA).
  void setBusyTable(BusyTable* busy) { busy_ = busy; }
  static constexpr int busyMinDepth = 4;

  // Soft cuts at every depth at the nodes of one side (see SolveOptions::oneSided):
  // against = true cuts at the nodes of the opponent of the path's last position's mover
  // (a search for a proof that the root's value is >= beta), false at that mover's own
  // nodes (a proof that it is < beta); oneSidedOff() stops it.
  void setOneSided(bool against) {
    oneSidedWhite_ = side_.back() ^ (against ? 1 : 0);
    publishOneSided(against ? 1 : -1);
  }
  void oneSidedOff() {
    oneSidedWhite_ = -1;
    publishOneSided(0);
  }
  // Counts a one-sided test that needed its second search (SearchStats::secondSearches).
  void countSecondSearch() { ++stats_.secondSearches; }
  bool aborted() const { return aborted_; }
  // After a cancelled question (SearchLimits::cancel): clears the flag and the abort so
  // that the worker can take another question; false when a real limit stopped it.
  bool resume();
  uint64_t nodes() const { return nodes_; }
  // Publishes the root's proven interval [lo, hi] (mover's side), the horizon and the
  // question being asked to the progress board, if any (ProgressBoard::NONE: no question);
  // the horizon and question only when this worker reports them (setReportsRoot).
  void publishRoot(int lo, int hi, int horizon, int question) {
    if (!limits_.progress) return;
    ProgressBoard& p = *limits_.progress;
    // A reader takes the bounds before the question: a question ends before the bounds
    // it decided are shown, and starts after them, so a report never pairs a question with
    // bounds that already answer it (sequentially consistent stores and loads).
    if (reportsRoot_ && question == ProgressBoard::NONE) p.question.store(question);
    p.narrow(lo, hi);
    if (!reportsRoot_) return;
    p.horizon.store(horizon);
    p.question.store(question);
  }
  // Publishes which one-sided search runs (ProgressBoard::oneSided), when this worker
  // reports the root.
  void publishOneSided(int which) {
    if (limits_.progress && reportsRoot_) limits_.progress->oneSided.store(which);
  }
  const SearchStats& stats() const { return stats_; }
  // Whether publishRoot reports the horizon and question (one thread of a solve does).
  void setReportsRoot(bool reports) { reportsRoot_ = reports; }
  // The node last pushed (pushPath) is the root of the searches to come: a reporting
  // worker publishes how far its move loop has got (ProgressBoard::rootDone).
  void markRoot() { rootPly_ = static_cast<int>(path_.size()) - 1; }
  int points() const { return n_; }
  // The child of n after the mover plays `move` (a point), from the new mover's side;
  // `captured` gets the stones the move took.
  Node play(const Node& n, int move, Mask& captured) const;
  // The same child as play() for a legal move, when `captureMoves` holds every point where
  // the mover captures: a move outside it only adds a stone (no flood fill). Without
  // suicide allowed; with it, or for a move in captureMoves, it is play() itself.
  Node playFast(const Node& n, int move, Mask captureMoves, Mask& captured) const;
  // The points where n's mover captures: the last liberties of the opponent's chains.
  Mask captureMoves(const Node& n) const;

 private:
  friend class ProofSearch;  // solve/dfpn.hpp: df-pn over this worker's path and helpers
  bool limitHit();
  bool cannotProve(const PlayedChild& pc, int beta);
  // Whether `move`, which captured nothing, left its own chain with a single liberty
  // (SolveOptions::selfAtariExtensions); `mover` and `occupied` are the mover's stones and
  // every stone after the move.
  bool selfAtari(Mask mover, Mask occupied, int move) const;
  // Whether a move that took `captured` is searched without a ply while extensions are left.
  bool extends(Mask mover, Mask occupied, int move, Mask captured) const {
    return captured || (opt_.selfAtariExtensions && selfAtari(mover, occupied, move));
  }
  bool limitHitNow() const;  // a node, stop or time limit is reached (not the cancel flag)

 public:
  // Index of an earlier path entry (before `lastCapture`) equal to the position `key` (and
  // side, when cycles are drawn), or -1; repetitionScan is its plain scan (the twin the
  // tests compare it with).
  int repetition(uint64_t key, bool whiteToMove, int lastCapture) const;
  int repetitionScan(uint64_t key, bool whiteToMove, int lastCapture) const;

 private:
  bool pathMeets(const Summary& s, int ply) const;
  // Adds the position `abs` (black low 32 bits) to a proof's summary; nothing under
  // simple-forced rules, where no summary is ever read.
  void note(Summary& s, uint64_t abs, bool whiteToMove) const {
    if (!historyFree_) s.add(abs & 0xFFFFFFFFu, abs >> 32, sideMatters_ ? whiteToMove : 0);
  }
  Summary toTable(const Summary& s, int sym, bool whiteToMove) const;
  Summary fromTable(const Summary& s, int sym, bool whiteToMove) const;
  // Enhanced transposition cut-off over moves[0..count): the cutting move (-2 none), by a
  // child's static bounds (`statics`) or its table entry (`probeTable`). The children it
  // plays (every point move) are left in `played`, by index.
  int transpositionCut(const Node& n, const std::array<int, MAX_POINTS + 1>& moves, int count,
                       int beta, Mask captureMoves, Summary& sum, int& value,
                       std::array<PlayedChild, MAX_POINTS + 1>& played, bool probeTable,
                       bool statics);
  // SolveOptions::horizonLookahead (callers test it) at a horizon leaf with proven lower bound
  // `lo`: the greater lower bound a move proves by its static bounds alone (lo when none reaches
  // beta), the proof's positions added to `sum`.
  int leafLookahead(const Node& n, int ply, int beta, int lo, Summary& sum);
  void libertySets(Mask stones, Mask empty, Mask& atari, Mask& many) const;
  // Fills `moves` best first and returns their count; `captureMovesOut` (if given) gets
  // the points where the mover captures (see playFast).
  int orderMoves(const Node& n, int ttMove, int ply, std::array<int, MAX_POINTS + 1>& moves,
                 Mask* captureMovesOut = nullptr);

  const Geometry& g_;
  const SolveOptions& opt_;
  TranspositionTable& tt_;
  SearchLimits limits_;
  int n_ = 0;
  bool historyFree_ = false;  // simple ko, forced bounds: no repetition, every entry usable
  bool sideMatters_ = false;  // cycles drawn: (position, side) repeats, not positions
  // SolveOptions::historyBindsRootMoverOnly: the path entries before this index (the
  // root's history) forbid only moves of the root's mover (White when rootMoverWhite_).
  int freeHistory_ = 0;
  bool rootMoverWhite_ = false;
  int softCutDepth_ = 0;    // SolveOptions::softCutDepth resolved for this board
  int extensionsLeft_ = 0;  // captures the path may still make without a ply (captureExtensions)
  int oneSidedWhite_ = -1;  // soft cuts at every node whose mover is this (1 White, 0 Black)
  std::vector<uint64_t> path_;
  std::vector<uint8_t> side_;
  std::vector<int> captureAt_;  // index of the last capture at or before each entry
  // Aggregates of path entries 0..j, so that pathMeets can usually answer "no" without a
  // scan: the (stone count, side) bits that occur, and the union and intersection of
  // each colour's stones.
  struct PathPrefix {
    uint64_t counts = 0;
    Mask orA = 0, orB = 0, andA = ~Mask{0}, andB = ~Mask{0};
  };
  std::vector<PathPrefix> prefix_;
  std::array<std::array<int8_t, 2>, 1024> killers_{};  // NO_KILLER until a cut sets them
  std::array<uint32_t, MAX_POINTS> pointOrder_{};      // quiet moves: higher first (centre)
  // Memo of the Benson/territory bounds by position: the caller's, or ownBounds_.
  std::unique_ptr<StaticBoundsCache> ownBounds_;
  StaticBoundsCache* bounds_;
  BusyTable* busy_ = nullptr;
  bool childBusy(const Node& n, int move, Mask captureMoves, const PlayedChild* pre) const;
  uint64_t nodes_ = 0;
  uint64_t published_ = 0;  // nodes_ already added to limits_.progress
  bool reportsRoot_ = true;
  int rootPly_ = -1;  // markRoot: the root's path index (-1: none)
  bool aborted_ = false;
  SearchStats stats_;
};

}  // namespace solve
