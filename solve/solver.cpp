#include "solve/solver.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "solve/benson.hpp"
#include "solve/dfpn.hpp"
#include "solve/guess.hpp"
#include "solve/tt.hpp"
#include "solve/worker.hpp"

namespace solve {

using engine::Color;

Rules Rules::named(const std::string& name) {
  Rules r;
  if (name == "psk" || name == "positional" || name == "chinese") return r;
  if (name == "simple") {
    r.ko = KoRule::SimpleCyclesDrawn;
  } else if (name == "simple-forced") {
    r.ko = KoRule::SimpleForced;
  } else if (name == "tromp-taylor" || name == "tt") {
    r.suicideAllowed = true;
  } else {
    throw engine::InputError("unknown solver rules '" + name +
                             "': expected psk, simple, simple-forced or tromp-taylor");
  }
  return r;
}

std::string Rules::name() const {
  std::string s = ko == KoRule::Positional          ? "psk"
                  : ko == KoRule::SimpleCyclesDrawn ? "simple-ko-cycles-drawn"
                                                    : "simple-ko-forced";
  if (suicideAllowed) s += "+suicide";
  return s;
}

namespace {

double elapsed(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The null-window test "value >= beta" at one horizon: f(beta - 1, beta, depth), or with
// SolveOptions::oneSided two one-sided searches, first the one that can only give the
// expected answer (`expectYes`; always no with oneSidedNoFirst), then, if it left the test
// undecided, the other (unless `firstOnly`: SolveOptions::oneSidedFirstOnly, for the tests
// of iterate() only).
template <class F>
Bounds ask(Worker& w, const SolveOptions& o, F&& f, int beta, int depth, bool expectYes = true,
           bool firstOnly = false) {
  if (!o.oneSided) return f(beta - 1, beta, depth);
  if (o.oneSidedNoFirst) expectYes = false;
  w.setOneSided(expectYes);
  Bounds b = f(beta - 1, beta, depth);
  if (!w.aborted() && !firstOnly && b.lo < beta && b.hi >= beta) {
    w.countSecondSearch();
    w.setOneSided(!expectYes);
    const Bounds c = f(beta - 1, beta, depth);
    b.lo = std::max(b.lo, c.lo), b.hi = std::min(b.hi, c.hi);
  }
  w.oneSidedOff();
  return b;
}

// Iterative deepening on the horizon with MTD(f) at each depth (A. Plaat et al.,
// "Best-first fixed-depth minimax algorithms", 1996: null-window tests that narrow
// [lo, hi]) or one full-window alpha-beta search per depth. f(alpha, beta, depth) returns
// proven bounds; a test the horizon leaves undecided moves on to the next depth. Stops
// when lo == hi, at the deepest horizon, or when the worker is stopped. `guided`: with
// bisection, the first question is firstGuess, and the next ones gallop away from it in
// the direction of the answers (next to the proven bound, then 2, 4, ... beyond it)
// until an answer turns back; then the bracketed interval is bisected. A right guess
// costs two questions, a guess off by d about 2 log2(d) + 2. When the questions follow a
// guess (MTD(f), or `guided`), a one-sided test expects the answer the guess predicts:
// yes for beta <= firstGuess, no above it (so the right guess's two questions are each
// answered by their first search); plain bisection expects yes.
template <class F>
void iterate(Worker& w, const SolveOptions& o, int firstDepth, int firstGuess, F&& f, int& lo,
             int& hi, int& depthOut, bool guided = false) {
  int guess = std::clamp(firstGuess, lo, hi);
  bool galloping = guided && o.bisect;
  const bool followsGuess = guided || !o.bisect;
  int direction = 0, step = 1;
  for (int depth = firstDepth; lo < hi && !w.aborted(); depth += o.depthStep) {
    depth = std::min(depth, o.maxDepth);
    depthOut = depth;
    if (o.algorithm == Algorithm::AlphaBeta) {
      w.publishRoot(lo, hi, depth, ProgressBoard::NONE);
      const Bounds b = f(lo - 1, hi + 1, depth);
      if (w.aborted()) return;
      lo = std::max(lo, b.lo), hi = std::min(hi, b.hi);
      w.publishRoot(lo, hi, depth, ProgressBoard::NONE);
    } else {
      while (lo < hi) {
        if (o.bisect && !galloping) guess = lo + (hi - lo + 1) / 2;
        const int beta = std::clamp(guess, lo + 1, hi);
        w.publishRoot(lo, hi, depth, beta);
        const Bounds b =
            ask(w, o, f, beta, depth, !followsGuess || beta <= firstGuess, o.oneSidedFirstOnly);
        if (w.aborted()) return;
        lo = std::max(lo, b.lo), hi = std::min(hi, b.hi);
        w.publishRoot(lo, hi, depth, ProgressBoard::NONE);
        const bool yes = b.lo >= beta;
        if (!yes && b.hi >= beta) break;  // undecided at this horizon
        if (galloping && direction == (yes ? -1 : 1)) galloping = false;  // bracketed
        if (galloping) {
          direction = yes ? 1 : -1;
          guess = yes ? lo + step : hi + 1 - step;
          step *= 2;
        } else {
          guess = yes ? lo + 1 : hi;
        }
      }
    }
    if (depth >= o.maxDepth) return;
  }
}

// Is f's value at least `target`? 1 yes, 0 no, -1 unknown (stopped or deepest horizon).
template <class F>
int decide(Worker& w, const SolveOptions& o, F&& f, int target) {
  for (int depth = o.firstDepth;; depth += o.depthStep) {
    depth = std::min(depth, o.maxDepth);
    const Bounds b = ask(w, o, f, target, depth);
    if (w.aborted()) return -1;
    if (b.lo >= target) return 1;
    if (b.hi < target) return 0;
    if (depth >= o.maxDepth) return -1;
  }
}

// Is the value of `move` (-1 pass) at n, the last position on w's path, at least
// `target` for n's mover? 1 yes, 0 no, -1 unknown; legal=false when superko forbids the
// move. df-pn when `pnt` is given, otherwise the horizon search of decide().
int decideMove(Worker& w, ProofNumberTable* pnt, const SolveOptions& o, const Node& n, int move,
               int target, bool& legal) {
  legal = true;
  if (pnt) {
    ProofSearch ps(w, *pnt, o.epsilon);
    const int r = ps.proveMove(n, move, target);
    legal = r != 2;
    return r == 2 ? 0 : r;
  }
  return decide(
      w, o, [&](int a, int b, int depth) { return w.evalMove(n, move, a, b, depth, legal); },
      target);
}

// df-pn on the root (the last position on w's path): "value >= t" questions until [lo,
// hi] is exact or a limit stops the worker. The first question is at `guess` (the
// mover's side), the second next to it (t + 1 after a yes, t - 1 after a no, so a right
// guess costs two questions), the rest bisect the interval, or, without `o.bisect`,
// keep stepping next to the last answer (MTD(f)'s order). A guess at the interval's
// midpoint (0 from the empty board, the default) is plain bisection from the start.
void proofNumberRoot(Worker& w, ProofNumberTable& pnt, const SolveOptions& o, const Node& root,
                     int guess, int& lo, int& hi) {
  ProofSearch ps(w, pnt, o.epsilon);
  int next = std::clamp(guess, lo + 1, hi);
  const bool guided = next != lo + (hi - lo + 1) / 2;
  for (int asked = 0; lo < hi && !w.aborted(); ++asked) {
    const int t = asked == 0 || !o.bisect || (asked == 1 && guided) ? std::clamp(next, lo + 1, hi)
                                                                    : lo + (hi - lo + 1) / 2;
    w.publishRoot(lo, hi, 0, t);
    const int r = ps.prove(root, t);
    next = r == 1 ? t + 1 : t - 1;
    if (r < 0) return;
    if (r == 1) {
      lo = t;
    } else {
      hi = t - 1;
    }
    w.publishRoot(lo, hi, 0, ProgressBoard::NONE);
  }
}

// The root's proven interval shared by df-pn threads that answer different questions
// at once (SolveOptions::splitQuestions): each thread takes a question "value >= t"
// nobody else is asking, and an answer that makes another thread's question moot (t
// outside the new (lo, hi]) cancels that thread's search so it can take a new one.
struct SharedQuestions {
  static constexpr int NONE = INT32_MIN;
  std::mutex m;
  int lo = 0, hi = 0;
  std::vector<int> asking;                                 // per thread: its question, or NONE
  std::vector<std::unique_ptr<std::atomic<bool>>> cancel;  // per thread
  SharedQuestions(int threads, int lo0, int hi0) : lo(lo0), hi(hi0), asking(threads, NONE) {
    for (int i = 0; i < threads; ++i) cancel.push_back(std::make_unique<std::atomic<bool>>(false));
  }
  // A question for thread `tid` (lock held): `preferred` when it is open and nobody asks
  // it, otherwise the midpoint of the largest stretch of values that no pending question
  // separates; NONE when every stretch is a single value.
  int pick(int tid, int preferred) const {
    std::vector<int> q;
    for (size_t j = 0; j < asking.size(); ++j) {
      if (static_cast<int>(j) != tid && asking[j] != NONE && asking[j] > lo && asking[j] <= hi)
        q.push_back(asking[j]);
    }
    if (preferred > lo && preferred <= hi && std::find(q.begin(), q.end(), preferred) == q.end())
      return preferred;
    std::sort(q.begin(), q.end());
    int best = NONE, bestSize = 1, a = lo;
    q.push_back(hi + 1);
    for (int b : q) {  // stretch [a, b - 1]
      const int size = b - a;
      if (size > bestSize) bestSize = size, best = a + size / 2;
      a = b;
    }
    return best;
  }
};

// One df-pn thread of SharedQuestions: questions until the interval is exact, a limit
// stops the worker, or only over-long lines are left. The first question of thread 0 is
// the guess and its second the neighbour (as proofNumberRoot) when the guess is not the
// midpoint.
void proofNumberShared(Worker& w, ProofNumberTable& pnt, const SolveOptions& o, const Node& root,
                       int guess, int tid, SharedQuestions& sq, std::atomic<bool>& stop) {
  ProofSearch ps(w, pnt, o.epsilon);
  int asked = 0, next = SharedQuestions::NONE;
  bool guided = false;
  {
    std::lock_guard<std::mutex> lock(sq.m);
    next = std::clamp(guess, sq.lo + 1, sq.hi);
    guided = next != sq.lo + (sq.hi - sq.lo + 1) / 2;
  }
  for (;;) {
    int t = SharedQuestions::NONE;
    {
      std::lock_guard<std::mutex> lock(sq.m);
      if (sq.lo >= sq.hi) return;
      const bool own = tid == 0 && (asked == 0 || (asked == 1 && guided) || !o.bisect);
      t = sq.pick(tid, own ? next : SharedQuestions::NONE);
      sq.asking[tid] = t;
      sq.cancel[tid]->store(false);  // set only while a question is pending, under the lock
    }
    if (t == SharedQuestions::NONE) {  // every open question is taken: wait for an answer
      if (w.aborted() || stop.load()) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    const int r = ps.prove(root, t);
    {
      std::lock_guard<std::mutex> lock(sq.m);
      sq.asking[tid] = SharedQuestions::NONE;
      if (r == 1) sq.lo = std::max(sq.lo, t);
      if (r == 0) sq.hi = std::min(sq.hi, t - 1);
      for (size_t j = 0; j < sq.asking.size(); ++j) {
        const int qj = sq.asking[j];
        if (qj != SharedQuestions::NONE && (qj <= sq.lo || qj > sq.hi)) sq.cancel[j]->store(true);
      }
      if (sq.lo >= sq.hi) stop = true;
    }
    if (r < 0 && !w.resume()) return;  // a real limit, or only over-long lines
    next = r == 1 ? t + 1 : t - 1;
    ++asked;
  }
}

// The MTD search with threads on different root questions (SolveOptions::mtdSplit): the
// shared proven interval, the serial driver's next question (iterate()'s order: the first
// question, the gallop away from it, then bisection, updated by every answer in the order
// the answers arrive), and what each thread asks. A thread takes the next question when
// nobody asks it; otherwise, in the first round of a computed guess, the guess's
// neighbour above (a right guess is settled by "value >= g" and "value >= g + 1"), and
// after that the midpoint of the largest stretch that no pending question splits. When
// every open question is taken, the thread asks another thread's question too (lazy SMP
// on one question: whichever answers first cancels the other).
struct MtdQuestions {
  SharedQuestions sq;
  int next;
  bool galloping, bisect;
  int direction = 0, step = 1, answers = 0;
  MtdQuestions(int threads, int lo, int hi, int first, bool guided, bool bisect_)
      : sq(threads, lo, hi), next(first), galloping(guided && bisect_), bisect(bisect_) {
    if (bisect && !galloping) next = lo + (hi - lo + 1) / 2;
  }
  // Lock held.
  int pick(int tid) const {
    const int preferred = std::clamp(next, sq.lo + 1, sq.hi);
    const bool neighbour = answers == 0 && galloping;
    int t = sq.pick(tid, preferred);
    if (t != preferred && neighbour) {
      const int up = sq.pick(tid, preferred + 1);
      if (up == preferred + 1) t = up;
    }
    if (t != SharedQuestions::NONE) return t;
    for (size_t j = 0; j < sq.asking.size(); ++j) {  // all taken: share one
      const int q = sq.asking[j];
      if (static_cast<int>(j) != tid && q != SharedQuestions::NONE && q > sq.lo && q <= sq.hi)
        return q;
    }
    return SharedQuestions::NONE;
  }
  // Lock held: the proven bounds `b` of a search of "value >= t".
  void answer(int t, Bounds b) {
    sq.lo = std::max(sq.lo, b.lo), sq.hi = std::min(sq.hi, b.hi);
    const bool yes = b.lo >= t;
    if (!yes && b.hi >= t) return;  // undecided at that horizon
    ++answers;
    if (galloping && direction == (yes ? -1 : 1)) galloping = false;  // bracketed
    if (galloping) {
      direction = yes ? 1 : -1;
      next = yes ? sq.lo + step : sq.hi + 1 - step;
      step *= 2;
    } else if (bisect) {
      next = sq.lo + (sq.hi - sq.lo + 1) / 2;
    } else {
      next = yes ? sq.lo + 1 : sq.hi;
    }
    for (size_t j = 0; j < sq.asking.size(); ++j) {
      const int q = sq.asking[j];
      if (q != SharedQuestions::NONE && (q <= sq.lo || q > sq.hi)) sq.cancel[j]->store(true);
    }
  }
};

// One thread of MtdQuestions: null-window searches of the root at the thread's horizon
// until the interval is exact, a limit stops the worker, or the deepest horizon leaves a
// question undecided. A question the horizon leaves undecided is asked again one step
// deeper (by whichever thread takes it next; each thread deepens its own horizon).
void mtdShared(Worker& w, const SolveOptions& o, const Node& root, int tid, MtdQuestions& mq,
               std::atomic<bool>& stop, int& depthOut) {
  int depth = o.firstDepth;
  for (;;) {
    int t = SharedQuestions::NONE;
    {
      std::lock_guard<std::mutex> lock(mq.sq.m);
      if (mq.sq.lo >= mq.sq.hi) return;
      t = mq.pick(tid);
      mq.sq.asking[tid] = t;
      mq.sq.cancel[tid]->store(false);  // set only while a question is pending, under the lock
    }
    if (t == SharedQuestions::NONE) {  // cannot happen with an open interval; be safe
      if (w.aborted() || stop.load()) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    depthOut = depth;
    Summary s;
    int rep = INT32_MAX;
    const Bounds b = w.search(root, t - 1, t, depth, s, rep);
    const bool aborted = w.aborted();
    {
      std::lock_guard<std::mutex> lock(mq.sq.m);
      mq.sq.asking[tid] = SharedQuestions::NONE;
      if (!aborted) mq.answer(t, b);
      if (mq.sq.lo >= mq.sq.hi) stop = true;
    }
    if (aborted) {
      if (!w.resume()) return;  // a real limit, not a cancelled question
      continue;
    }
    if (b.lo < t && b.hi >= t) {  // undecided at this horizon
      if (depth >= o.maxDepth) return;
      depth = std::min(depth + o.depthStep, o.maxDepth);
    }
  }
}

std::vector<int> legalRootMoves(const Geometry& g, const Node& root, const Rules& rules) {
  std::vector<int> moves;
  CompactBoard b(g);
  b.setRaw(root.own, root.opp, root.ko, root.ko >= 0 ? Color::Black : Color::Empty);
  b.setAllowSuicide(rules.suicideAllowed);
  for (int p = 0; p < g.points(); ++p) {
    if (b.isLegal(p, Color::Black)) moves.push_back(p);
  }
  moves.push_back(-1);
  return moves;
}

// Plays `move` on a node (the move is legal there).
Node playNode(const Geometry& g, const Node& n, int move, const Rules& rules, bool& captured) {
  captured = false;
  if (move < 0) return Node{n.opp, n.own, !n.whiteToMove, -1, n.passes + 1};
  CompactBoard b(g);
  b.setRaw(n.own, n.opp, n.ko, n.ko >= 0 ? Color::Black : Color::Empty);
  b.setAllowSuicide(rules.suicideAllowed);
  captured = b.play(move, Color::Black) != 0;
  return Node{b.white(), b.black(), !n.whiteToMove, b.koPoint(), 0};
}

void validate(const Geometry& g, const Position& p) {
  if ((p.black & p.white) || ((p.black | p.white) & ~g.all())) {
    throw engine::InputError("solve: overlapping or off-board stones");
  }
  if (p.passes < 0 || p.passes > 1) throw engine::InputError("solve: passes must be 0 or 1");
  if (p.ko >= g.points() || ((p.ko >= 0) && ((p.black | p.white) >> p.ko & 1))) {
    throw engine::InputError("solve: the ko point must be an empty point");
  }
  CompactBoard b(g);
  b.setStones(p.black, p.white);  // throws for a chain without liberties
}

}  // namespace

std::vector<int> moveTestOrder(const Geometry& g, Mask own, Mask opp, int v) {
  const bool passFirst = areaScore(g, own, opp) == v;
  std::vector<int> order, ataris, eyes;
  if (passFirst) order.push_back(-1);
  CompactBoard board(g);
  board.setRaw(own, opp, -1, Color::Empty);
  for (int i = 0; i < g.points(); ++i) {
    const int p = g.centreFirst()[i];
    const bool empty = !((own | opp) >> p & 1);
    if (empty && (g.neighbours(p) & ~own) == 0) {
      eyes.push_back(p);
      continue;
    }
    // A self-atari: the play captures nothing and leaves its chain, of two stones or
    // more, with one liberty.
    bool atari = false;
    if (empty && board.isLegal(p, Color::Black)) {
      CompactBoard next = board;
      if (!next.play(p, Color::Black)) {
        const Mask chain = g.flood(Mask{1} << p, next.black());
        atari = popcount(chain) >= 2 && popcount(g.expand(chain) & next.empty()) == 1;
      }
    }
    (atari ? ataris : order).push_back(p);
  }
  order.insert(order.end(), ataris.begin(), ataris.end());
  order.insert(order.end(), eyes.begin(), eyes.end());
  if (!passFirst) order.push_back(-1);
  return order;
}

namespace {
// The table size, checked before anything is allocated.
int checkedTtLog2(int log2) {
  if (log2 < 4 || log2 > 30) throw engine::InputError("solve: ttLog2 must be between 4 and 30");
  return log2;
}
}  // namespace

int defaultFirstDepth(int points) {
  const int beyond12 = points + 8 + (points & 1);  // one ply a point past 12, even
  return std::max(4, std::min(2 * points - 4, beyond12));
}

Solver::Solver(const Geometry& geometry, SolveOptions options)
    : Solver(geometry, options,
             std::make_shared<TranspositionTable>(checkedTtLog2(options.ttLog2))) {}

Solver::Solver(const Geometry& geometry, SolveOptions options,
               std::shared_ptr<TranspositionTable> table)
    : g_(geometry), opt_(options), tt_(std::move(table)) {
  if (!tt_) throw engine::InputError("solve: no transposition table to share");
  if (opt_.firstDepth == 0) opt_.firstDepth = defaultFirstDepth(g_.points());
  if (opt_.firstDepth < 1 || opt_.depthStep < 1 || opt_.maxDepth > 2000 || opt_.etcMinDepth < 1) {
    throw engine::InputError("solve: depths must satisfy 1 <= first, max <= 2000, step >= 1");
  }
  opt_.firstDepth = std::min(opt_.firstDepth, opt_.maxDepth);
  if (opt_.oracle && opt_.threads > 1)
    throw engine::InputError("solve: an oracle needs one thread");
  if (opt_.decideOnly && opt_.proofNumber) {
    throw engine::InputError("solve: deciding one question needs the MTD search, not df-pn");
  }
}

Solver::~Solver() = default;

size_t Solver::memoryBytes() const {
  return tt_->bytes();
}

namespace {

SearchLimits limitsFor(const SolveOptions& o, std::chrono::steady_clock::time_point start,
                       std::atomic<bool>* stop) {
  SearchLimits l;
  l.maxNodes = o.maxNodes;
  l.timed = o.maxSeconds > 0;
  l.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(o.maxSeconds));
  l.stop = stop;
  return l;
}

// The progress report of a solve's board: Black's side, komi included.
SolveProgress progressOf(const ProgressBoard& board, const SolveOptions& o, int sign,
                         std::chrono::steady_clock::time_point start) {
  SolveProgress p;
  p.nodes = board.nodes.load(std::memory_order_relaxed);
  p.seconds = elapsed(start);
  const int lo = board.lo.load(), hi = board.hi.load();
  p.lower = std::min(sign * lo, sign * hi) + o.rules.komi;
  p.upper = std::max(sign * lo, sign * hi) + o.rules.komi;
  p.horizon = board.horizon.load();
  const int q = board.question.load();  // after the bounds (Worker::publishRoot)
  p.hasQuestion = q != ProgressBoard::NONE;
  p.question = p.hasQuestion ? q : 0;
  p.oneSided = p.hasQuestion ? board.oneSided.load() : 0;
  p.bestMoves = board.phase.load() == 1;
  p.rootMoves = board.rootMoves.load();
  p.rootMove = board.rootDone.load();
  p.rootPoint = board.rootPoint.load();
  return p;
}

void addStats(SearchStats& into, const SearchStats& s) {
  into.ttHits += s.ttHits;
  into.ttHistoryRefused += s.ttHistoryRefused;
  into.notStored += s.notStored;
  into.inconsistent += s.inconsistent;
  into.etcCuts += s.etcCuts;
  into.staticEtcCuts += s.staticEtcCuts;
  into.lookaheadCuts += s.lookaheadCuts;
  into.captureExtensions += s.captureExtensions;
  into.selfAtariExtensions += s.selfAtariExtensions;
  into.passChecks += s.passChecks;
  into.softCuts += s.softCuts;
  into.failMemoCuts += s.failMemoCuts;
  into.widthCuts += s.widthCuts;
  into.staticCuts += s.staticCuts;
  into.horizonLeaves += s.horizonLeaves;
  into.secondSearches += s.secondSearches;
  into.gameEnds += s.gameEnds;
  into.hintMoves += s.hintMoves;
  into.oracleCuts += s.oracleCuts;
  into.depth = std::max(into.depth, s.depth);
}

}  // namespace

SolveResult Solver::solve(const Position& position) {
  validate(g_, position);
  const auto start = std::chrono::steady_clock::now();
  const Node root = Worker::rootNode(position);
  const int sign = position.toMove == Color::Black ? 1 : -1;
  const int n = g_.points();
  SolveResult r;
  stats_ = {};
  std::atomic<bool> stop{false};
  ProgressBoard progress(n);
  SearchLimits limits = limitsFor(opt_, start, &stop);
  if (opt_.onProgress) {
    limits.progress = &progress;
    progress.periodNs = static_cast<int64_t>(std::max(0.0, opt_.progressSeconds) * 1e9);
    progress.nextNs = ProgressBoard::nowNs() + progress.periodNs;
    progress.report = [&] { opt_.onProgress(progressOf(progress, opt_, sign, start)); };
  }
  const int threads = std::max(1, opt_.threads);
  makeBoundsMemos(threads);
  int lo = -n, hi = n;
  uint64_t nodes = 0;
  // One proof-number table a thread that runs df-pn (they are not shared).
  std::vector<std::unique_ptr<ProofNumberTable>> pnTables(opt_.proofNumber ? threads : 0);
  for (auto& p : pnTables) p = std::make_unique<ProofNumberTable>(opt_.ttLog2);
  // The MTD search's first question: the caller's guess, or a computed one (guess.hpp).
  const bool heuristic = opt_.firstGuessMode == FirstGuess::Heuristic && !opt_.proofNumber;
  int firstQuestion = sign * opt_.firstGuess;
  if (heuristic) {
    const HeuristicGuess hg = heuristicGuess(g_, opt_.rules, root.own, root.opp, root.ko,
                                             root.passes, opt_.guessDepth, opt_.safety.territory);
    firstQuestion = hg.value;
    stats_.guessNodes = hg.nodes;
    nodes += hg.nodes;
  }
  // Hints from simple ko: its table orders the moves, its value is the first question.
  std::unique_ptr<Solver> hintSolver;
  if (opt_.forcedHintSeconds > 0 && opt_.rules.ko != KoRule::SimpleForced) {
    SolveOptions ho = opt_;
    ho.rules.ko = KoRule::SimpleForced;
    ho.forcedHintSeconds = 0, ho.bestMoves = false, ho.principalVariation = false;
    ho.oracle = nullptr, ho.decideOnly = false;  // the hints are a value of their own
    ho.onProgress = nullptr;
    // A cycle can leave the simple-ko value open at every horizon: stop deepening well
    // past the first horizon rather than at maxDepth.
    ho.maxDepth = std::min(opt_.maxDepth, opt_.firstDepth + 2 * n);
    ho.maxSeconds = opt_.maxSeconds > 0 ? std::min(opt_.maxSeconds, opt_.forcedHintSeconds)
                                        : opt_.forcedHintSeconds;
    hintSolver = std::make_unique<Solver>(g_, ho);
    Position fresh = position;  // simple ko reads no history
    fresh.history.clear();
    const SolveResult hr = hintSolver->solve(fresh);
    stats_.hintNodes = hr.nodes;
    nodes += hr.nodes;
    if (hr.exact && !heuristic) firstQuestion = sign * static_cast<int>(hr.value - opt_.rules.komi);
    limits.hints = hintSolver->tt_.get();
  }
  stats_.guess = sign * firstQuestion;
  const bool split = opt_.proofNumber && opt_.splitQuestions && threads > 1;
  SharedQuestions questions(threads, -n, n);
  const bool mtdSplit =
      !opt_.proofNumber && opt_.mtdSplit && threads > 1 && opt_.algorithm == Algorithm::Mtdf;
  MtdQuestions mtdQuestions(threads, -n, n, firstQuestion, heuristic, opt_.bisect);
  // Several MTD threads: lazy SMP (opt_.lazySmp, the default: each thread its own move
  // ordering, all on the same horizons; session 13: a horizon one ply deeper a thread
  // searched more nodes on every board measured) or ABDADA (every thread on the same
  // tests and horizons, moves whose subtree another thread is inside deferred). Either
  // way they share the table and the first exact answer stops the others.
  const bool lazy = opt_.lazySmp || opt_.proofNumber;  // df-pn hybrid: as before
  std::unique_ptr<BusyTable> busy;
  if (threads > 1 && !lazy && !mtdSplit) busy = std::make_unique<BusyTable>(16);
#pragma omp parallel num_threads(threads) reduction(+ : nodes)
  {
    const int t = omp_get_thread_num();
    SearchLimits own = limits;
    if (split) own.cancel = questions.cancel[t].get();
    if (mtdSplit) own.cancel = mtdQuestions.sq.cancel[t].get();
    Worker w(g_, opt_, *tt_, position, own, lazy ? t : 0, boundsMemo(t));
    w.setBusyTable(busy.get());
    w.setReportsRoot(t == 0);
    w.pushPath(root, true);
    w.markRoot();
    int tlo = -n, thi = n, depth = 0;
    if (split) {
      proofNumberShared(w, *pnTables[t], opt_, root, sign * opt_.firstGuess, t, questions, stop);
      std::lock_guard<std::mutex> lock(questions.m);
      tlo = questions.lo, thi = questions.hi;
    } else if (mtdSplit) {
      mtdShared(w, opt_, root, t, mtdQuestions, stop, depth);
      std::lock_guard<std::mutex> lock(mtdQuestions.sq.m);
      tlo = mtdQuestions.sq.lo, thi = mtdQuestions.sq.hi;
    } else if (opt_.proofNumber && t == 0) {
      proofNumberRoot(w, *pnTables[0], opt_, root, sign * opt_.firstGuess, tlo, thi);
    } else if (opt_.decideOnly) {
      const int target = sign * opt_.firstGuess;
      const int answer = decide(
          w, opt_,
          [&](int a, int b, int d) {
            Summary s;
            int rep = INT32_MAX;
            return w.search(root, a, b, d, s, rep);
          },
          target);
      if (answer == 1) tlo = std::max(tlo, target);
      if (answer == 0) thi = std::min(thi, target - 1);
      if (answer >= 0) stop = true;
    } else {
      iterate(
          w, opt_, opt_.firstDepth, firstQuestion,
          [&](int a, int b, int d) {
            Summary s;
            int rep = INT32_MAX;
            return w.search(root, a, b, d, s, rep);
          },
          tlo, thi, depth, heuristic);
    }
    if (tlo == thi) stop = true;
    nodes += w.nodes();
#pragma omp critical(solve_merge)
    {
      lo = std::max(lo, tlo), hi = std::min(hi, thi);
      SearchStats s = w.stats();
      s.depth = depth;
      addStats(stats_, s);
    }
  }
  r.nodes = nodes;
  r.exact = lo == hi;
  r.lower = std::min(sign * lo, sign * hi) + opt_.rules.komi;
  r.upper = std::max(sign * lo, sign * hi) + opt_.rules.komi;
  r.value = r.exact ? r.lower : (r.lower + r.upper) / 2;
  SearchLimits free = limitsFor(opt_, start, nullptr);
  free.progress = limits.progress;
  free.hints = limits.hints;
  progress.narrow(lo, hi);
  progress.question.store(ProgressBoard::NONE);
  r.allBest = false;  // no move tests, no list
  if (r.exact && opt_.bestMoves) {
    progress.phase.store(1);
    std::vector<int> moves = legalRootMoves(g_, root, opt_.rules);
    if (opt_.firstBestOnly) {  // the legal moves in moveTestOrder
      const std::vector<int> order = moveTestOrder(g_, root.own, root.opp, lo);
      std::array<int, MAX_POINTS + 1> rank{};  // by point + 1 (0: the pass)
      for (size_t i = 0; i < order.size(); ++i) rank[order[i] + 1] = static_cast<int>(i);
      std::sort(moves.begin(), moves.end(),
                [&](int a, int b) { return rank[a + 1] < rank[b + 1]; });
    }
    std::vector<char> good(moves.size(), 0);
    bool unknown = false;  // a test stopped by a limit: the list may miss optimal moves
    // Moves [first, last) tested at once, one a thread at a time. firstBestOnly tests one
    // move at a time and stops at the first optimal one: a later move tested beside it
    // would be wasted whenever it is optimal, the common case, and its test may be the
    // hard one (a 4x5 proof build on 2 threads, testing two at a time, fell behind the
    // one-thread build, docs/SOLVER.md).
    const size_t batch = opt_.firstBestOnly ? 1 : moves.size();
    for (size_t first = 0; first < moves.size(); first += batch) {
      const size_t last = std::min(moves.size(), first + batch);
      uint64_t extraNodes = 0;
#pragma omp parallel num_threads(threads) reduction(+ : extraNodes) reduction(|| : unknown)
      {
        const int t = omp_get_thread_num();
        ProofNumberTable* pnt = opt_.proofNumber ? pnTables[t].get() : nullptr;
#pragma omp for schedule(dynamic)
        for (size_t i = first; i < last; ++i) {
          Worker wi(g_, opt_, *tt_, position, free, 0, boundsMemo(t));
          wi.pushPath(root, true);
          if (t == 0) {  // the move thread 0 tests (SolveProgress::rootMove)
            progress.atRootMove(static_cast<int>(i), static_cast<int>(moves.size()), moves[i]);
          }
          bool legal = true;
          const int d = decideMove(wi, pnt, opt_, root, moves[i], lo, legal);
          good[i] = legal && d == 1;
          unknown = unknown || (legal && d < 0);
          extraNodes += wi.nodes();
        }
      }
      r.nodes += extraNodes;
      for (size_t i = first; i < last; ++i) {
        if (good[i]) r.best.push_back(moves[i]);
        if (opt_.firstBestOnly && !r.best.empty()) break;
      }
      if (opt_.firstBestOnly && !r.best.empty()) break;
    }
    r.allBest = !opt_.firstBestOnly && !unknown;
    progress.rootMoves.store(0);
  }
  if (r.exact && opt_.principalVariation) {
    r.nodes +=
        principalVariation(position, lo, r.pv, pnTables.empty() ? nullptr : pnTables[0].get());
  }
  r.seconds = elapsed(start);
  return r;
}

void Solver::makeBoundsMemos(int threads) {
  while (static_cast<int>(boundsMemos_.size()) < threads) {
    boundsMemos_.push_back(
        std::make_unique<StaticBoundsCache>(g_, Worker::boundsLog2(opt_), opt_.safety));
  }
}

uint64_t Solver::principalVariation(const Position& position, int value, std::vector<int>& pv,
                                    ProofNumberTable* pnt) {
  // Follow optimal moves to the end of the game (the table move first).
  const SearchLimits limits = limitsFor(opt_, std::chrono::steady_clock::now(), nullptr);
  Worker w(g_, opt_, *tt_, position, limits, 0, boundsMemo(0));
  Node n = Worker::rootNode(position);
  w.pushPath(n, true);
  int v = value;
  for (int step = 0; step < 4 * g_.points() && !w.aborted(); ++step) {
    // The table move first at the root; below it a pass first when it keeps the value:
    // every move of a lost cause is optimal, and the table move there can wander for many
    // plies (3x3 gave a 15-move PV for a game decided by B2), while a pass shows the line
    // that settles the value soonest among those tried.
    std::vector<int> moves = legalRootMoves(g_, n, opt_.rules);
    const int tm = w.tableMove(n);
    auto it = std::find(moves.begin(), moves.end(), tm);
    if (it != moves.end()) std::rotate(moves.begin(), it, it + 1);
    if (step > 0) std::rotate(moves.begin(), moves.end() - 1, moves.end());
    int chosen = -2;
    for (int m : moves) {
      bool legal = true;
      const int d = decideMove(w, pnt, opt_, n, m, v, legal);
      if (legal && d == 1) {
        chosen = m;
        break;
      }
    }
    if (chosen == -2) break;
    pv.push_back(chosen);
    if (chosen < 0 && n.passes >= 1) break;
    bool captured;
    const Node child = playNode(g_, n, chosen, opt_.rules, captured);
    w.pushPath(child, captured);
    n = child;
    v = -v;
  }
  return w.nodes();
}

std::vector<MoveValue> Solver::analyse(const Position& position) {
  validate(g_, position);
  const auto start = std::chrono::steady_clock::now();
  const Node root = Worker::rootNode(position);
  const int sign = position.toMove == Color::Black ? 1 : -1;
  const std::vector<int> moves = legalRootMoves(g_, root, opt_.rules);
  std::vector<MoveValue> out(moves.size());
  std::vector<char> legalMove(moves.size(), 0);
  const int threads = std::max(1, opt_.threads);
  makeBoundsMemos(threads);
  const SearchLimits limits = limitsFor(opt_, start, nullptr);
  uint64_t nodes = 0;
  stats_ = {};
#pragma omp parallel for num_threads(threads) schedule(dynamic) reduction(+ : nodes)
  for (size_t i = 0; i < moves.size(); ++i) {
    Worker w(g_, opt_, *tt_, position, limits, 0, boundsMemo(omp_get_thread_num()));
    w.pushPath(root, true);
    bool legal = true;
    int lo = -g_.points(), hi = g_.points(), depth = 0;
    iterate(
        w, opt_, opt_.firstDepth, sign * opt_.firstGuess,
        [&](int a, int b, int d) { return w.evalMove(root, moves[i], a, b, d, legal); }, lo, hi,
        depth);
    legalMove[i] = legal;
    nodes += w.nodes();
    out[i].move = moves[i];
    out[i].lower = std::min(sign * lo, sign * hi) + opt_.rules.komi;
    out[i].upper = std::max(sign * lo, sign * hi) + opt_.rules.komi;
#pragma omp critical(solve_merge)
    addStats(stats_, w.stats());
  }
  lastNodes_ = nodes;
  std::vector<MoveValue> result;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (legalMove[i]) result.push_back(out[i]);
  }
  // Best first for the mover: by the bound the mover can count on, then the other.
  std::stable_sort(result.begin(), result.end(), [sign](const MoveValue& a, const MoveValue& b) {
    const double ka = sign > 0 ? a.lower : -a.upper, kb = sign > 0 ? b.lower : -b.upper;
    const double ua = sign > 0 ? a.upper : -a.lower, ub = sign > 0 ? b.upper : -b.lower;
    return ka != kb ? ka > kb : ua > ub;
  });
  return result;
}

Position positionFromDiagram(const std::string& diagram, Color toMove, engine::BoardSize& size) {
  const engine::Board board = engine::parseBoard(diagram);
  if (board.width() * board.height() > MAX_POINTS) {
    throw engine::InputError("solve: the diagram has " +
                             std::to_string(board.width() * board.height()) +
                             " points; the solver handles at most " + std::to_string(MAX_POINTS));
  }
  size = board.size();
  const Geometry g(board.width(), board.height());
  const CompactBoard b = CompactBoard::fromEngine(g, board);
  Position p;
  p.black = b.black();
  p.white = b.white();
  p.toMove = toMove;
  return p;
}

std::string diagramOf(const Geometry& g, Mask black, Mask white) {
  CompactBoard b(g);
  b.setRaw(black, white, -1, Color::Empty);
  std::string out;
  for (const char c : engine::boardToString(b.toEngine())) {
    if (c == '\n') {
      out += '/';
    } else if (c != ' ') {
      out += c;
    }
  }
  if (!out.empty() && out.back() == '/') out.pop_back();
  return out;
}

}  // namespace solve
