// The exact small-board solver. Reading guide: geometry.hpp (points, masks, symmetries)
// -> compact_board.hpp (the bitset board) -> benson.hpp (static score bounds) -> worker.hpp
// and dfpn.hpp (the two searches) -> this file (rules, options, results) -> minimax.hpp
// (the slow reference it is tested against).
// docs/SOLVER.md explains the search and how superko history is kept out of the
// transposition table.
//
// Values are area scores from Black's side: Black's stones and surrounded points minus
// White's, komi 0, under perfect play until two consecutive passes. Komi (Rules::komi)
// is only added to what the caller sees: inside the search the value is colour-free, so
// a position and its colour-swapped twin share one table entry.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/geometry.hpp"

namespace solve {

enum class KoRule : uint8_t {
  Positional,         // positional superko: no move recreates an earlier board position
  SimpleCyclesDrawn,  // simple ko; a repeated (position, side to move) ends the game at 0
  SimpleForced,       // simple ko only; a bound holds when a side forces it in finitely many moves
};

struct Rules {
  KoRule ko = KoRule::Positional;
  bool suicideAllowed = false;
  double komi = 0;
  // "psk" (default), "simple" (simple ko, cycles drawn), "simple-forced" (simple ko alone:
  // the bounds a side forces in finitely many moves), "tromp-taylor" (PSK + suicide);
  // throws engine::InputError otherwise.
  static Rules named(const std::string& name);
  std::string name() const;
};

enum class Algorithm : uint8_t { AlphaBeta, Mtdf };

// Where the MTD search's first null-window question comes from.
enum class FirstGuess : uint8_t {
  Middle,     // bisection from the middle of the root interval; MTD(f) from firstGuess
  Heuristic,  // a shallow search with an area estimate at its leaves (solve/guess.hpp)
};

// A position to solve: stones, side to move, consecutive passes just made (0 or 1), the
// simple-ko point forbidden to the side to move (-1 for none) and, for superko, the
// earlier board positions of the game (CompactBoard::hash() values, oldest first).
struct Position {
  Mask black = 0, white = 0;
  engine::Color toMove = engine::Color::Black;
  int passes = 0;
  int ko = -1;
  std::vector<uint64_t> history;
};

// A progress report of a running solve (SolveOptions::onProgress).
struct SolveProgress {
  uint64_t nodes = 0;           // searched so far by every thread (up to 127 a thread behind)
  double seconds = 0;           // since the call began
  double lower = 0, upper = 0;  // the root's proven interval, Black's side, komi included
  int horizon = 0;              // the MTD search's current horizon in plies (0: none, df-pn)
  // The null-window question being asked, "the mover's value (komi excluded) is at least
  // `question`"; hasQuestion false between questions.
  bool hasQuestion = false;
  int question = 0;
  // With SolveOptions::oneSided, which of the question's two one-sided searches runs: +1
  // the one that can only answer yes (a proof that the mover's value is >= question), -1
  // the one that can only answer no; 0 a two-sided search, or between searches.
  int oneSided = 0;
  bool bestMoves = false;  // the value is known; the optimal moves are being tested
  // The MTD search's root move loop (one thread's): rootMove of rootMoves searched so far
  // in the current search, the point now searched (-1 the pass); rootMoves 0 outside it.
  // With bestMoves: the root move whose test runs (thread 0's), of all legal root moves.
  int rootMove = 0, rootMoves = 0, rootPoint = -1;
};

// Bounds on positions from outside the search (SolveOptions::oracle) that hold only on
// paths avoiding some earlier boards. The superko check (superko_check.hpp) answers from
// a simple-ko proof table, whose strategy from a position can repeat only boards that hold
// certain stones of it.
class BoundOracle {
 public:
  virtual ~BoundOracle() = default;
  struct Answer {
    int lower = 0, upper = 0;  // on the mover's value, komi 0
    int move = -2;             // a move to try first (a point, -1 the pass, -2 none)
    // The bounds hold on a path none of whose earlier boards holds every stone of
    // needBlack and of needWhite (the worker refuses them otherwise).
    Mask needBlack = 0, needWhite = 0;
    uint64_t tag = 0;  // the oracle's own, for taken()
  };
  // A position (no pass just made; ko: the point its mover may not retake at, -1 none):
  // false when the oracle knows nothing of it.
  virtual bool bounds(Mask black, Mask white, bool whiteToMove, int ko, Answer& out) = 0;
  // The search cut a node by the answer (after checking its path).
  virtual void taken(const Answer& answer) = 0;
};

struct SolveOptions {
  Rules rules;
  Algorithm algorithm = Algorithm::Mtdf;
  uint64_t maxNodes = 0;  // 0: no limit (per thread)
  double maxSeconds = 0;  // 0: no limit
  int ttLog2 = 20;        // transposition table of 2^ttLog2 40-byte entries
  // Each search thread's memo of static bounds (StaticBoundsCache) holds 2^boundsLog2
  // 16-byte entries; 0: derived from ttLog2 (ttLog2 - 4 in 10..20, df-pn ttLog2 in 10..22).
  // A Solver makes one a thread on its first call and keeps it across calls.
  int boundsLog2 = 0;
  int threads = 1;             // OpenMP threads (lazy SMP on the root, root moves in parallel)
  bool transpositions = true;  // use the transposition table at all
  bool symmetry = true;        // canonical keys under board symmetries
  bool benson = true;          // static bounds from unconditional life and territory
  // With benson: the optional rules (territory on; answered regions, held regions of up to
  // 10 points kept with `held` own moves, and chains linked by two shared liberties off).
  SafetyRules safety;
  bool bestMoves = true;  // list every optimal root move
  // With bestMoves: test the root moves in moveTestOrder (centre first, own eye fills
  // after the other points, the pass last or first), one at a time, and stop at the first
  // optimal one, so best holds that move alone. Deterministic (each test is exact, so the move does
  // not depend on what the table knew); saves the tests of every later move, which in a won
  // position are many (proof tables, solve/proof_table.hpp).
  bool firstBestOnly = false;
  bool principalVariation = true;
  // Iterative deepening: first depth (0: defaultFirstDepth(points)), step, and the
  // deepest horizon tried (plies from the root); beyond the horizon a position counts
  // only with its static bounds. Shallow first horizons cost more than they save: with
  // uninformative bounds nothing is cut (3x4: first depth 12 unsolved after 25 s, 20
  // solved in 1.4 s; 4x4: 16 unsolved after 167M nodes; docs/SOLVER.md).
  int firstDepth = 0, depthStep = 2, maxDepth = 400;
  // MTD(f)'s first test value (Black's side, komi excluded): a known or estimated value
  // saves the tests that walk towards it; any value gives the same result.
  int firstGuess = 0;
  // The MTD search's first question (not df-pn's, not analyse()'s): Middle = as
  // above; Heuristic = the value of a guessDepth-ply alpha-beta search whose leaves take
  // an area estimate (solve/guess.hpp): MTD(f) steps from it, bisection asks it and its
  // neighbour first, then bisects. Search effort only: the value never depends on it.
  FirstGuess firstGuessMode = FirstGuess::Middle;
  int guessDepth = 4;
  // MTD(f) variant: false = Plaat's MTD(f) (the next test next to the last bound),
  // true = bisection of the proven interval (MTD-bi, Plaat et al. 1996). Bisection is the
  // default: fewer nodes on 4 of 6 boards measured, among them 4x4 and 3x5 (SOLVER.md).
  bool bisect = true;
  // Enhanced transposition cut-offs at nodes at least this far above the horizon.
  int etcMinDepth = 3;
  // At nodes at least this many plies above the horizon, try every child's static bounds
  // before any child is searched: a child they already prove good enough cuts the node
  // (0: off). At every interior node by default: 4x4 1.45M nodes against 3.43M, 4.97e9
  // instructions against 8.01e9 (docs/SOLVER.md, session 19).
  int staticEtcMinDepth = 1;
  // Give up on a node this close to the horizon (remaining plies) as soon as a child is
  // left undecided by the horizon: the node cannot then be proven below the window, only
  // above it by a later child, which near the horizon rarely happens; its proven bounds
  // are still returned (the upper one its own static or table bound). Search effort only
  // (docs/SOLVER.md, session 14: 37-74% fewer nodes on 5 of 6 boards of 12-16 points,
  // but 4x5's first question unsettled after 25 minutes, which it settles without); 0:
  // off; -1 (the default): 3 on boards of up to 16 points, off on larger ones.
  int softCutDepth = -1;
  // Probe the table at the horizon's leaves (the default; false: the static bounds alone,
  // session 35). Search effort only. Off, shallow failing 5x5 horizons take a fifth less
  // time (the probe's key and cache miss), but at horizon 22 after C3 12% more nodes and 6%
  // more time, and small boards' complete tables up to 24% more nodes (docs/SOLVER.md).
  bool leafProbe = true;
  // At a horizon leaf whose bounds leave the test open, the mover (in a one-sided test,
  // only the side looking for a proof) also tries every move's static bounds, as the
  // nodes above the horizon do first: a move they prove good enough decides the leaf.
  // A proof that ends with such a move appears one horizon earlier. Search effort only.
  bool horizonLookahead = false;
  // Up to this many capturing moves on a path do not count as plies (session 37; 0: every
  // move counts): the child of a capture is searched with the capturing node's plies, so a
  // capturing race is read to its end before the horizon cuts it. Search effort only: the
  // horizon decides what is read, never what a bound is. A failure memo records the plies
  // alone and holds for a search whose plies plus extensions left are at most those: a
  // line that search reads has no more plies in all, so the failed one read it too.
  int captureExtensions = 0;
  // Self-ataris share that budget (session 38; needs captureExtensions > 0): a move that
  // captures nothing and leaves its own chain with a single liberty is searched without a
  // ply too. A throw-in and its capture then cost no ply, so a side that delays a lost
  // race by throwing stones in no longer pushes the proof past the horizon. Search effort
  // only, for the same reason as the captures (the memo rule above holds as it is).
  bool selfAtariExtensions = false;
  // Each null-window test "value >= beta" as two one-sided searches at the same horizon
  // (session 16): the first gives up at every node of the side that must fail for a yes
  // (a soft cut at every depth, at that side's nodes only), so it can only answer yes;
  // the second, run only if the first left the test undecided, does the same for a no.
  // When the questions follow a guess (MTD(f), or a computed first guess), the first is
  // the one that can give the answer the guess predicts (session 17): no for a question
  // above the guess.
  // A two-sided search at a horizon decides what one of the two decides there; the
  // one-sided ones skip the later siblings of the first undecided child at one side's
  // nodes.
  // Search effort only (docs/SOLVER.md, session 16): fewer nodes on 2x6 and 5x3 and in
  // complete-table builds, more on 4x4. Used by the serial and lazy SMP drivers and the
  // optimal-move tests, not by --mtd-split, ABDADA or df-pn.
  bool oneSided = false;
  // With oneSided: always the search that can answer no first.
  bool oneSidedNoFirst = false;
  // With oneSided: only the first of the two searches; a test it leaves undecided stays
  // undecided at that horizon (session 33). For long attempts to prove the value the guess
  // predicts, where the second search can only show that the other answer is not proven
  // either (5x5 after C3 at horizon 22: the first search gave up after 2.67e8 nodes, the
  // second was still running). The search it skips could only decide a test, so every
  // bound stays true. The tests of the iterative deepening only (the value's, and
  // analyse()'s move values): the optimal-move tests keep both searches.
  bool oneSidedFirstOnly = false;
  // Failure memos (session 22). A node whose null-window search failed (no proof of
  // value >= beta or <= alpha within the horizon; one-sided: no proof of the one the
  // node's side looks for) keeps that in its table entry with the window and the plies
  // to the horizon, and a later visit with the same or a harder question and no more
  // plies returns its proven bounds at once instead of searching again. Without them
  // only proven bounds are stored, so every transposition of a failed subtree was
  // searched again in full. Search effort only: what is returned is always the node's
  // proven bounds (docs/SOLVER.md, "Session 22").
  bool failMemo = true;
  // One-sided, on boards without soft cuts near the horizon: two plies above the horizon
  // the prover skips, unplayed, the moves after which the opponent's pass leaves it short
  // of beta at the horizon (static bounds and area score; docs/SOLVER.md, "Session 30").
  // Search effort only: a skipped move could not prove there, and its static upper bound
  // stands in for its value's.
  bool passCheck = true;
  // With oneSided: at the nodes of the side looking for a proof, try at most this many
  // moves in the move order, then give up on the node (0: every move). A proof that uses
  // only the first moves is still a proof, so every bound stays true, but a value whose
  // proof needs a later move stays open at every horizon. For questions that the move
  // order is expected to settle quickly (session 22: 5x5 after C3).
  int proverWidth = 0;
  // Search without a horizon: depth-first proof-number search (df-pn) on "value >= t",
  // bisecting the proven interval (solve/dfpn.hpp; docs/SOLVER.md, session 6). false:
  // the iterative-deepening MTD search above. Several threads: see splitQuestions.
  // maxDepth caps its lines (a longer line stays undecided, never wrongly decided).
  bool proofNumber = false;
  double epsilon = 0.25;  // df-pn's 1 + epsilon threshold of the second-best child
  // df-pn keeps each node's children (moves, positions, keys, static bounds) between
  // re-entries of the node (search effort only; false: recomputed on every entry).
  bool childCache = true;
  // df-pn: initial proof and disproof numbers of a new child from a cheap area estimate
  // (stones plus empty points next to one colour only, clamped into the static bounds):
  // a question "value >= t" that the estimate exceeds by d points starts with disproof
  // number 1 + pnHeuristic * d, one it falls short of by d with proof number
  // 1 + pnHeuristic * d (df-pn with evaluation-based initialisation, as in Nagai's
  // df-pn+ and Winands' PN-search initialisation; docs/SOLVER.md, session 8). 0: every
  // new child starts at 1, 1.
  int pnHeuristic = 0;
  // df-pn with several threads: true = every thread runs df-pn on a different root
  // question at once (a shared proven interval; an answer cancels questions it makes
  // moot); false = session 6's hybrid (df-pn on thread 0, the MTD search on the others),
  // the default: 4x4 took 17.9 s of user CPU against 20.5 s split (docs/SOLVER.md, session 8).
  bool splitQuestions = false;
  // The MTD search with 2+ threads: true = lazy SMP (threads on horizons first + thread
  // number, perturbed move ordering, sharing only the table; the default: less user CPU
  // than ABDADA in 8 of 11 alternating runs, docs/SOLVER.md, session 9); false =
  // ABDADA (J.-C. Weill 1996): every thread runs the same tests at the same horizon and
  // defers moves whose subtree another thread is searching.
  bool lazySmp = true;
  // The MTD search with 2+ threads: true = the threads ask different root questions at
  // once ("value >= t" for different t, sharing the proven interval and the table; an
  // answer cancels the questions it makes moot; docs/SOLVER.md, session 12), instead of
  // lazySmp's threads all working towards the same answers.
  bool mtdSplit = false;
  // Called about every progressSeconds while solve() runs (not by analyse()), from one
  // of its searching threads (the caller's thread on one thread), never twice at once.
  // Effort only: the search is the same with or without it.
  std::function<void(const SolveProgress&)> onProgress;
  double progressSeconds = 1.0;
  // Move hints from simple ko (session 21): under other rules, first solve the position
  // under simple-forced rules for at most this many seconds (0: off), then search with
  // that table's move tried first where the own table has none, and ask its value first
  // when it was exact. Search effort only: the hints order moves and never bound a value.
  double forcedHintSeconds = 0;
  // Bounds from outside (nullptr: none), asked at every node with no pass just made, on one
  // thread at a time (threads must be 1). Their bounds cut a node only when they decide its
  // window and no earlier board of the path holds the stones the answer needs; its move is
  // tried first where the table has none. Not owned: it must outlive the solves.
  BoundOracle* oracle = nullptr;
  // Only decide whether the value is at least firstGuess (Black's side, komi excluded):
  // the MTD search asks that question alone, horizon after horizon, and stops when it is
  // answered (the result is then exact only if the answer made it so). Not with df-pn.
  bool decideOnly = false;
  // Under positional superko: the earlier boards of Position::history forbid only the
  // root mover's moves; the other side may recreate them (the search's own boards still
  // bind both). The value is then a lower bound, for the root mover, on its value under
  // the same history or any part of it: the other side only gains moves, the root mover
  // loses some. The superko check searches a position once with every board it was
  // reached with so (session 45).
  bool historyBindsRootMoverOnly = false;
};

// Counters of one search, for tests and reports.
struct SearchStats {
  uint64_t ttHits = 0;             // entries found
  uint64_t ttHistoryRefused = 0;   // entries found but unusable on this path (superko)
  uint64_t notStored = 0;          // results not stored: they depended on older history
  uint64_t inconsistent = 0;       // bounds that crossed (must stay 0: a soundness check)
  uint64_t etcCuts = 0;            // nodes cut by a child's table entry (enhanced cut-off)
  uint64_t staticEtcCuts = 0;      // nodes cut by a child's static bounds (staticEtc; with looks)
  uint64_t lookaheadCuts = 0;      // horizon leaves decided by a move's static bounds
  uint64_t captureExtensions = 0;  // captures searched without a ply (captureExtensions)
  uint64_t staticCuts = 0;         // nodes decided by the static bounds alone
  uint64_t passChecks = 0;         // moves skipped unplayed two plies above the horizon (passCheck)
  uint64_t softCuts = 0;           // nodes given up at an undecided child (softCutDepth)
  uint64_t failMemoCuts = 0;       // nodes not searched again: a failure memo (failMemo)
  uint64_t widthCuts = 0;          // prover nodes given up after proverWidth moves
  uint64_t horizonLeaves = 0;      // nodes left undecided at the iterative-deepening horizon
  uint64_t secondSearches = 0;     // one-sided tests (oneSided) that needed their second search
  uint64_t gameEnds = 0;           // second passes (the game scored)
  int depth = 0;                   // last iterative-deepening horizon
  uint64_t guessNodes = 0;         // nodes of the heuristic first guess (FirstGuess::Heuristic)
  uint64_t hintNodes = 0;          // nodes of the simple-forced solve (forcedHintSeconds)
  uint64_t hintMoves = 0;          // nodes that took their first move from the hints
  int guess = 0;                   // the MTD search's first question value (Black's side)

  // Self-ataris searched without a ply (SolveOptions::selfAtariExtensions).
  uint64_t selfAtariExtensions = 0;
  uint64_t oracleCuts = 0;  // nodes cut by SolveOptions::oracle's bounds
};

// One root move with its value (Black minus White, komi included) or bounds.
struct MoveValue {
  int move = -1;  // point, or -1 for pass
  double lower = 0, upper = 0;
  bool exact() const { return lower == upper; }
};

struct SolveResult {
  bool exact = false;  // false when a limit stopped the search
  double value = 0;    // Black minus White plus komi; the midpoint of [lower, upper] when inexact
  double lower = 0, upper = 0;
  std::vector<int> best;  // every optimal first move (exact results only; firstBestOnly: the first)
  // best lists every optimal move; false without move tests (bestMoves off, or not
  // exact), with firstBestOnly, when a limit stopped a move's test, or for a table entry
  // with SOME_BEST.
  bool allBest = true;
  std::vector<int> pv;  // a principal variation to the end of the game
  uint64_t nodes = 0;
  double seconds = 0;
};

// The first iterative-deepening horizon for a board of `points` points: 2 * points - 4
// up to 12 points, then one ply a point, rounded up to even (4x4 and 3x5: 24 instead of
// 28 and 26, half the nodes; docs/SOLVER.md, session 9), at least 4.
int defaultFirstDepth(int points);

class TranspositionTable;
class StaticBoundsCache;
class ProofNumberTable;

// Solves positions of one board geometry; keeps its transposition table between calls
// (valid across calls: a stored result carries a summary of the positions its proof
// played through and is reused only on paths that avoid them, see SOLVER.md).
// The order of the first-best move tests and of the proof walk's choice (session 29): the
// points centre first (Geometry::centreFirst), then the self-ataris (plays that capture
// nothing and leave their chain of two stones or more with one liberty), then the fills
// of the mover's own single-point eyes, and the pass last, or first when the game could
// end now at the position's value v for the mover (own): its area score is v. Then the
// pass is usually optimal and quick to confirm, while testing an eye fill or a self-atari
// first can start a new game (docs/SOLVER.md, session 29). Every point and the pass (-1),
// legal or not.
std::vector<int> moveTestOrder(const Geometry& g, Mask own, Mask opp, int v);

class Solver {
 public:
  Solver(const Geometry& geometry, SolveOptions options = {});
  // A solver that shares `table` (another solver's sharedTable(), ttLog2 ignored) with
  // the solvers holding it: the table is lock-free and its entries are valid across
  // positions, so solvers in different threads may solve different positions with it
  // (the parallel complete-table build, solve/table_build.hpp).
  Solver(const Geometry& geometry, SolveOptions options, std::shared_ptr<TranspositionTable> table);
  ~Solver();

  SolveResult solve(const Position& position);
  // Exact value of each legal root move (or bounds when a limit stops the search),
  // best first for the side to move.
  std::vector<MoveValue> analyse(const Position& position);

  const Geometry& geometry() const { return g_; }
  const SolveOptions& options() const { return opt_; }
  // Changes the node and time limits of later calls (the table is kept).
  void setLimits(uint64_t maxNodes, double maxSeconds) {
    opt_.maxNodes = maxNodes, opt_.maxSeconds = maxSeconds;
  }
  // Changes MTD(f)'s first test value of later calls (SolveOptions::firstGuess; effort only).
  void setFirstGuess(int value) { opt_.firstGuess = value; }
  // Bytes held by the transposition table.
  size_t memoryBytes() const;
  // The transposition table, for other solvers to share (see the constructor).
  std::shared_ptr<TranspositionTable> sharedTable() const { return tt_; }
  // Nodes searched by the last analyse() call.
  uint64_t lastNodes() const { return lastNodes_; }
  // Counters summed over the last solve() or analyse() call.
  const SearchStats& lastStats() const { return stats_; }

 private:
  // Appends a principal variation from `position` with mover value `value`; returns
  // the nodes it searched (df-pn with the table `pnt` when given).
  uint64_t principalVariation(const Position& position, int value, std::vector<int>& pv,
                              ProofNumberTable* pnt = nullptr);

  // Thread t's memo of static bounds, kept across the workers of every call: exact by
  // position, so always valid (the best-move list and the principal variation used to
  // start from cold memos: 4x4 on one thread, 0.23 s for their 70,000 nodes). Made
  // before any parallel region, for `threads` threads.
  StaticBoundsCache* boundsMemo(int t) { return boundsMemos_[t].get(); }
  void makeBoundsMemos(int threads);

  const Geometry& g_;
  SolveOptions opt_;
  std::shared_ptr<TranspositionTable> tt_;
  std::vector<std::unique_ptr<StaticBoundsCache>> boundsMemos_;
  uint64_t lastNodes_ = 0;
  SearchStats stats_;
};

// Parses a diagram (engine/board/ascii.hpp format) of at most 32 points into a position.
Position positionFromDiagram(const std::string& diagram, engine::Color toMove,
                             engine::BoardSize& size);

// The stones as a one-line diagram, rows top first separated by '/' ("X..X/XXX./..."), the
// form fgo solve --position and fgo tables build --root read.
std::string diagramOf(const Geometry& g, Mask black, Mask white);

}  // namespace solve
