// Complete tables under simple-forced rules by retrograde analysis (session 47).
//
// Under `simple-forced` (simple ko alone, MIGOS's rule) a state's value is what each side
// can force in finitely many moves, and a state is its stones, the side to move, the
// point simple ko bars to that side and whether the other side has just passed: nothing
// else of the history matters. So the values of every state of a small board can be
// found together, without a search: start each state at the widest interval [-points,
// +points] and repeat, over every state, "the mover's lower bound is the best of its
// moves' guaranteed values, its upper bound the best of its moves' upper bounds" until
// nothing moves. Lower bounds only rise and upper bounds only fall, so the sweeps end,
// at the least fixpoint for the lower bounds (what the mover forces in finitely many
// moves) and the greatest for the upper ones (what the other side forces). Where they
// meet, the value is exact; where a ko cycle decides, they stay apart, as they do at
// every horizon of the solver's search under these rules.
//
// A complete table (`fgo tables build --solve WxH --rules simple-forced`) is built this way
// for boards up to 20 points, where solving each position in turn (table_build.hpp) does
// not finish: it holds every legal position (mover's view, no ko, no pass) whose value is
// exact, with every move that keeps that value. Reading guide: this header, then
// docs/SOLVER.md "Session 47".
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "solve/geometry.hpp"
#include "solve/strategy_build.hpp"
#include "solve/table_build.hpp"

namespace solve {

// How far an analysis has got (for progress bars).
struct RetroProgress {
  // "positions" (the scan of the colourings), "ko states", "moves" (each state's moves
  // found once), "sweeps", when ranked "ranks" (sweeps) or "reversing moves" and "ranks
  // from below" (kept moves; `sweep` the rank reached), and for a table "writing" (its
  // exact positions, in key order).
  std::string phase;
  uint64_t done = 0, total = 0;  // within the phase (sweeps: states visited in this sweep)
  int sweep = 0;                 // sweeps started
  uint64_t changed = 0;          // states whose bounds moved so far in this sweep
  uint64_t open = 0;             // states whose bounds had not met after the last sweep
  double seconds = 0;            // since the analysis began
};

struct RetroOptions {
  int threads = 2;     // OpenMP threads for every phase
  int maxPoints = 20;  // refuse larger boards
  // Keep every state's moves (found once, then read by every sweep: about 4 bytes a move,
  // 1.45 GB on 2x9) or find them again in every sweep (no memory, a sweep costs as much
  // as finding them). Auto keeps them up to 18 points.
  enum class Keep : uint8_t { Auto, Yes, No };
  Keep keepMoves = Keep::Auto;
  // How a child's state is found (buildRetrogradeTable): by a hash of the canonical keys
  // (RetroAnalysis) or by a direct index of the board's colourings (DirectRetroAnalysis:
  // 4 bytes a colouring, 3^points of them, and moves always found again). Auto: see
  // chosenLookup.
  enum class Lookup : uint8_t { Auto, Hash, Direct };
  Lookup lookup = Lookup::Auto;
  // Rank every state after the sweeps (the hash analysis only; chosenLookup picks it), so
  // that a table lists only the moves that make progress: a side that always plays a
  // listed move then ends every game (RetroAnalysis::keepingMoves). Without ranks a table
  // lists every move that keeps the value, and one that keeps it only through a ko cycle
  // may be picked again and again.
  bool ranked = false;
  // Black or White: write only that side's strategy from the empty board (Black to move),
  // ranked without ranking every state (strategy_build.hpp), instead of the complete
  // table: what a side needs to play to the end on boards where a ranked table does not
  // fit in memory. Not with `ranked`.
  engine::Color strategy = engine::Color::Empty;
  // With strategy: the positions of a proof walk (StrategyOptions::proofWalk, with these
  // static bounds' rules), a table that checkProofTable and checkSuperko read.
  bool strategyProof = false;
  bool strategyDeepening = false;   // StrategyOptions::deepening
  bool strategyDepthFirst = false;  // StrategyOptions::depthFirst
  int strategyFirstBudget = 0;      // StrategyOptions::firstBudget
  bool strategyFixedBound = false;  // StrategyOptions::fixedBound
  // With strategy Black: also White's strategy, from the same analysis, written here.
  std::filesystem::path whiteStrategyOut;
  SafetyRules safety;
  // Called now and then from one thread at a time (never two calls at once).
  std::function<void(const RetroProgress&)> onProgress;
  double progressSeconds = 1.0;
};

// The analysis buildRetrogradeTable runs for o on g: o.lookup when set; for Auto the hash
// when ranked is set or keepMoves asks for Yes or No (its choices) or the board has at most 16
// points (with its moves kept it is about 1.5 times faster there: docs/SOLVER.md, session 50), the
// direct index above 16 points (half the hash's memory on 18 points, and the only one that
// fits 20).
RetroOptions::Lookup chosenLookup(const Geometry& g, const RetroOptions& o);

// The bounds of every state of one board under simple-forced rules.
class RetroAnalysis {
 public:
  // Analyses every state of the board. Throws engine::InputError above maxPoints.
  static RetroAnalysis run(const Geometry& g, const RetroOptions& o);

  // The mover's bounds at (own, opp): area own minus opp at the end, komi 0. `ko` is the
  // point simple ko bars to the mover (-1: none), `passed` whether the other side has just
  // passed (then ko must be -1: a pass lifts the ban). False when the state is not one of
  // the analysis (an illegal position, or a ko no move can make).
  bool bounds(Mask own, Mask opp, int ko, bool passed, int& lo, int& hi) const;

  // Ranked analyses (RetroOptions::ranked; docs/SOLVER.md, session 51). A state's lower
  // rank is 0 where its lower bound is the least value there is, else one more than the
  // least upper rank among the moves that keep its lower bound (-child's upper bound =
  // its lower bound); its upper rank is 0 where its upper bound is the greatest value,
  // else one more than the greatest lower rank among the moves that attain its upper
  // bound (-child's lower bound = its upper bound). The game's end (a passed state's
  // pass) counts as a move whose ranks are 0. The ranks are the least solution of these
  // rules and the only one, so the way they are found (rankSweeps), the threads and the
  // order do not change them. A mover that always plays a keeping move to a child whose
  // upper rank is at most its own lower rank r keeps its lower bound, and after any reply
  // that leaves the bound as it is, its lower rank is at most r - 1: the game ends (the
  // bound can rise only finitely often).
  bool ranked() const { return !rank_.empty(); }
  // A state's ranks (its lower bound's, its upper bound's). False when not ranked or no
  // such state.
  bool ranks(Mask own, Mask opp, int ko, bool passed, int& lower, int& upper) const;
  // Sweeps of the ranks from above, the last moving none: the analysis finding its moves
  // again. With its moves kept it finds the ranks from below instead, rank by rank along
  // the moves reversed (each move read twice at most), and this is 0.
  int rankSweeps() const { return rankSweeps_; }
  int maxRank() const { return maxRank_; }  // the greatest rank of any state
  // The moves of a state that keep the mover's lower bound (-child's upper bound = it; bit
  // p the point p, PASS_BIT the pass, which at a passed state ends the game) and, when
  // ranked, make progress (the child's upper rank at most the state's lower rank; every
  // keeping move where that rank is 0). `all` is cleared when a move that keeps the bound was left
  // out. False when no such state.
  bool keepingMoves(Mask own, Mask opp, int ko, bool passed, uint64_t& moves, bool& all) const;

  // The positions with an exact value (no ko, no pass) as solution-table entries in key
  // order: the value and every move after which it stays exact (bit 32 the pass); every
  // other move lets the other side hold the mover below it. Ranked: only the moves that
  // make progress (keepingMoves), with SOME_BEST set when that leaves one out.
  std::vector<SolutionEntry> exactEntries() const;
  // The same for the positions of key ranks [from, to) (ranks 0 .. positions() - 1 are the
  // positions in key order), appended to `out` in key order.
  void exactEntries(uint64_t from, uint64_t to, std::vector<SolutionEntry>& out) const;
  // A ranked table's entries (table_build.hpp, LOWER_BOUND): every state, for the keys whose
  // high half (the other side's stones) lies in [oppFrom, oppTo), in key order: positions,
  // ko states and states after a pass (PASSED_KEY), each with the mover's lower bound as
  // its value, keepingMoves as its moves, SOME_BEST where they leave one out and
  // LOWER_BOUND where the state is open. states() of them in all.
  void stateEntries(uint64_t oppFrom, uint64_t oppTo, std::vector<SolutionEntry>& out) const;
  uint64_t states() const { return 2 * n_ + k_; }

  const Geometry& geometry() const { return *g_; }
  uint64_t positions() const { return n_; }         // legal positions, canonical
  uint64_t koStates() const { return k_; }          // positions with a ko ban a move can make
  uint64_t moves() const { return edges_.size(); }  // moves of every state, if kept
  uint64_t openPositions() const;                   // positions whose bounds stay apart
  int sweeps() const { return sweeps_; }            // sweeps made, the last of which moved nothing
  double seconds() const { return seconds_; }

 private:
  struct Impl;
  // The state index of a key (canonicalKeyWithKo), or NONE.
  uint32_t find(uint64_t key) const;
  uint32_t findFrom(uint64_t slot, uint64_t key) const;  // from the key's home slot
  // Calls f(x) for each move of normal state i: first the pass (PASSED | the position of the
  // other side's view), then the points in increasing order (the child's state index);
  // from the kept moves, or found again.
  template <class F>
  void forEachChild(uint64_t i, F&& f) const {
    forEachChild(
        i, [](uint32_t) {}, f);
  }
  // The same, calling pre(x) for every child before f for any (to start their reads).
  template <class Pre, class F>
  void forEachChild(uint64_t i, Pre&& pre, F&& f) const;
  // keepingMoves of state i (its passed state if `passed`).
  uint64_t keeping(uint64_t i, bool passed, bool& all) const;
  // The table entry of state i (its passed state if `passed`), as stateEntries makes it.
  SolutionEntry stateEntry(uint64_t i, bool passed) const;
  static constexpr uint32_t NONE = ~uint32_t{0};
  static constexpr uint32_t PASSED = uint32_t{1} << 31;  // an edge to a passed state
  // A ranked state's final bounds and their ranks side by side, so that a child is one
  // memory read.
  struct Ranked {
    int8_t lo, hi;      // the bounds
    uint16_t rlo, rhi;  // the lower bound's rank, the upper bound's
  };
  static constexpr uint16_t UNRANKED = 0xFFFF;

  std::shared_ptr<const Geometry> g_;
  uint64_t n_ = 0, k_ = 0;
  // Keys of the N positions, then of the K ko states, each part in key order; a state's
  // index is its place here.
  std::vector<uint64_t> keys_;
  std::vector<uint32_t> slots_;  // open addressing: state index + 1, 0 empty
  uint64_t slotMask_ = 0;
  // Kept moves of each of the N + K states (empty if not kept): edges_[first_[s],
  // first_[s + 1]), in forEachChild's order. A passed state has its position's moves but
  // ends the game with its pass (score_).
  std::vector<uint64_t> first_;
  std::vector<uint32_t> edges_;
  std::vector<int8_t> lo_, hi_;    // N + K normal states
  std::vector<int8_t> plo_, phi_;  // N passed states
  std::vector<int8_t> score_;      // N: the mover's area score if the game ends here
  std::vector<Ranked> rank_;       // N + K normal states, if ranked
  std::vector<Ranked> prank_;      // N passed states, if ranked
  int sweeps_ = 0, rankSweeps_ = 0, maxRank_ = 0;
  int threads_ = 1;
  double seconds_ = 0;
};

// The same bounds, found with a direct index instead of a hash (session 48). Every position
// has a record of four bytes at the base-3 number of its canonical colouring (a point's
// digit: 0 empty, 1 the mover's stone, 2 the other side's): its bounds with no ko and no
// pass, and the bounds of the best of its point moves, M. Its passed state needs no record
// of its own: after the other side's pass the mover either moves (M) or passes and ends the
// game, so its bounds are max(M, score). A child is then one memory read away, with no key
// to compare, and a sweep of one level can settle every M first, then every position from
// its own M and its other side's view's M (the pass), so the pass carries news within the
// level. Ko states (a ban on one point) are few and stay in a hash. A position's moves are
// found again in every sweep. The records take 4 * 3^points bytes: 1.5 GB at 18 points,
// 13.9 GB at 20. Up to 20 points (the number fits 32 bits).
class DirectRetroAnalysis {
 public:
  static DirectRetroAnalysis run(const Geometry& g, const RetroOptions& o);

  // As RetroAnalysis::bounds.
  bool bounds(Mask own, Mask opp, int ko, bool passed, int& lo, int& hi) const;
  // The positions with an exact value, as RetroAnalysis::exactEntries, for the keys whose
  // high half (the other side's stones) lies in [oppFrom, oppTo), in key order.
  void exactEntries(uint64_t oppFrom, uint64_t oppTo, std::vector<SolutionEntry>& out) const;
  std::vector<SolutionEntry> exactEntries() const;

  const Geometry& geometry() const { return *g_; }
  uint64_t positions() const { return positions_; }
  uint64_t koStates() const { return koKeys_.size(); }
  uint64_t openPositions() const;
  // Frees what only the sweeps need (the list of positions by level, 4 bytes a position:
  // 1.8 GB on 20 points), keeping bounds(), the counts and openPositions(); exactEntries()
  // still works. For a strategy gathered beside the records (strategy_build.hpp).
  void releaseSweepLists();
  int sweeps() const { return sweeps_; }
  double seconds() const { return seconds_; }

 private:
  struct Record {
    int8_t lo, hi;    // the position, no ko, no pass
    int8_t mlo, mhi;  // the best of its point moves (-points when it has none)
  };
  // The base-3 number of (own, opp), disjoint.
  uint32_t index(Mask own, Mask opp) const {
    const auto tern = [this](Mask m) {
      return uint64_t{tern_[m & 255]} + 6561 * uint64_t{tern_[(m >> 8) & 255]} +
             43046721 * uint64_t{tern_[(m >> 16) & 255]};
    };
    return static_cast<uint32_t>(tern(own) + 2 * tern(opp));
  }
  uint32_t canonicalIndex(Mask own, Mask opp) const;
  void decode(uint32_t index, Mask& own, Mask& opp) const;
  uint32_t findKo(uint64_t key) const;  // index of a ko state's key, or NONE
  // The mover's bounds after the other side's pass at (own, opp), whose record is r.
  static void passedBounds(const Record& r, int score, int8_t& lo, int8_t& hi);
  // Calls f(point, lo, hi) for each legal point move at (own, opp) barred from ko, with the
  // child's bounds (its mover's view), points in increasing order.
  template <class F>
  void forEachChild(Mask own, Mask opp, int ko, F&& f) const;
  static constexpr uint32_t NONE = ~uint32_t{0};

  std::shared_ptr<const Geometry> g_;
  std::array<uint32_t, 256> tern_{};  // a byte's bits as base-3 digits 1
  std::vector<uint32_t> decode_;      // 3^min(points, 10) numbers: own | opp << 16
  std::unique_ptr<Record[]> rec_;     // 3^points records (only positions' are used)
  std::vector<uint32_t> pos_;         // the canonical legal positions' numbers, by level
  std::vector<uint64_t> posLevel_;    // start of each level in pos_ (most stones first)
  std::vector<uint64_t> koKeys_;      // ko states' keys (canonicalKeyWithKo), sorted
  std::vector<uint32_t> koSlots_;     // open addressing: ko state index + 1, 0 empty
  uint64_t koSlotMask_ = 0;
  std::vector<int8_t> klo_, khi_;  // ko states' bounds
  std::vector<uint32_t> koOrder_;  // ko states by level
  std::vector<uint64_t> koLevel_;  // start of each level in koOrder_
  uint64_t positions_ = 0;         // pos_.size() before releaseSweepLists()
  uint64_t openAfterRelease_ = 0;  // openPositions() when pos_ was released
  int sweeps_ = 0;
  int threads_ = 1;
  double seconds_ = 0;
};

struct RetroBuildResult {
  uint64_t positions = 0, koStates = 0, moves = 0, exact = 0, open = 0;
  int sweeps = 0;
  int emptyLower = 0, emptyUpper = 0;  // the empty board's bounds for the side to move
  // Ranked builds (RetroOptions::ranked): the ranks' sweeps, the greatest rank, the
  // entries (every state), those whose list left out a move that keeps the value (marked
  // SOME_BEST), and those of open states (LOWER_BOUND).
  bool ranked = false;
  int rankSweeps = 0, maxRank = 0;
  uint64_t entries = 0, someBest = 0, lowerBound = 0;
  // Strategy builds (RetroOptions::strategy): what was gathered and written (entries,
  // someBest and lowerBound above count the strategy's entries).
  bool strategy = false;
  StrategyTable strategyStats;  // its counts (entries and roles left empty)
  // With RetroOptions::whiteStrategyOut: White's strategy's counts and file bytes.
  bool whiteStrategy = false;
  StrategyTable whiteStats;
  uint64_t whiteFileBytes = 0;
  uint64_t fileBytes = 0;
  double seconds = 0;  // the whole build, file included
};

// The complete simple-forced table of a board: analyses it and writes its exact positions
// to `out` (solution kind, ko rule simple-forced; atomic replacement), with either analysis
// (RetroOptions::lookup; the same file either way). Positions left open
// are not in the file: a reader finds them absent, as any position it lacks.
RetroBuildResult buildRetrogradeTable(const Geometry& g, const std::filesystem::path& out,
                                      const RetroOptions& o);

}  // namespace solve
