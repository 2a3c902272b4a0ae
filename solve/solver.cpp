#include "solve/solver.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "solve/benson.hpp"
#include "solve/tt.hpp"

namespace solve {

using engine::Color;

Rules Rules::named(const std::string& name) {
  Rules r;
  if (name == "psk" || name == "positional" || name == "chinese") return r;
  if (name == "simple") {
    r.ko = KoRule::SimpleCyclesDrawn;
  } else if (name == "tromp-taylor" || name == "tt") {
    r.suicideAllowed = true;
  } else {
    throw engine::InputError("unknown solver rules '" + name +
                             "': expected psk, simple or tromp-taylor");
  }
  return r;
}

std::string Rules::name() const {
  std::string s = ko == KoRule::Positional ? "psk" : "simple-ko-cycles-drawn";
  if (suicideAllowed) s += "+suicide";
  return s;
}

// A search state from the mover's side: the mover's and the opponent's stones.
struct Node {
  Mask own = 0, opp = 0;
  bool whiteToMove = false;
  int ko = -1;     // simple-ko point forbidden to the mover
  int passes = 0;  // consecutive passes just made
};

// One thread's search: path history, killers, history heuristic, node count.
class Worker {
 public:
  Worker(Solver& s, const Position& root) : s_(s), g_(s.g_), tt_(*s.tt_) {
    n_ = g_.points();
    for (uint64_t h : root.history) pushPath(h, false, false);
    for (int p = 0; p < n_; ++p) {  // centre first until the history heuristic learns
      const double dx = g_.x(p) - (g_.width() - 1) / 2.0, dy = g_.y(p) - (g_.height() - 1) / 2.0;
      history_[p] = static_cast<uint32_t>(16 - std::min(16.0, dx * dx + dy * dy));
    }
    start_ = std::chrono::steady_clock::now();
  }

  static Node rootNode(const Position& p) {
    const bool white = p.toMove == Color::White;
    return Node{white ? p.white : p.black, white ? p.black : p.white, white, p.ko, p.passes};
  }
  uint64_t absKey(const Node& n) const {
    return n.whiteToMove ? (n.opp | n.own << 32) : (n.own | n.opp << 32);
  }
  void pushPath(uint64_t key, bool whiteToMove, bool captured) {
    if (captured) lastCapture_ = static_cast<int>(path_.size());
    path_.push_back(key);
    pathSet_.push_back((pathSet_.empty() ? 0 : pathSet_.back()) +
                       engine::splitmix64(key ^ (whiteToMove ? 0x9E3779B97F4A7C15ULL : 0)));
    side_.push_back(whiteToMove);
    captureAt_.push_back(lastCapture_);
  }
  void popPath() {
    path_.pop_back();
    pathSet_.pop_back();
    side_.pop_back();
    captureAt_.pop_back();
    lastCapture_ = captureAt_.empty() ? -1 : captureAt_.back();
  }

  // Index of an earlier path entry equal to the child (board, and side to move when
  // cycles are drawn), or -1. A repetition needs a capture since the earlier entry.
  int repetition(uint64_t key, bool whiteToMove, int lastCapture) const {
    const bool side = s_.opt_.rules.ko == KoRule::SimpleCyclesDrawn;
    for (int j = 0; j < lastCapture; ++j) {
      if (path_[j] == key && (!side || side_[j] == whiteToMove)) return j;
    }
    return -1;
  }

  int search(const Node& n, int alpha, int beta, int& repMin);
  int tryMove(const Node& n, int move, int alpha, int beta, bool& legal, int& repMin);
  void canonical(const Node& n, uint64_t& key, uint8_t& extra, int& sym) const;
  bool limitHit();

  Solver& s_;
  const Geometry& g_;
  TranspositionTable& tt_;
  int n_ = 0;
  std::vector<uint64_t> path_;
  std::vector<uint64_t> pathSet_;  // sum of mixed (key, side) of path_[0..i]
  std::vector<uint8_t> side_;
  std::vector<int> captureAt_;
  int lastCapture_ = -1;
  std::array<std::array<int8_t, 2>, 1024> killers_{};
  std::array<uint32_t, MAX_POINTS> history_{};
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::chrono::steady_clock::time_point start_;
};

// Deepest path searched: beyond it the search stops with bounds only (not exact), so
// that long superko games cannot overflow the stack (8 MB on the main thread; about
// 500 bytes a ply, more under AddressSanitizer). 3x4 needs between 4,000 and 8,000.
// XXX: the search should not dive this deep at all; iterative deepening is the fix.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t MAX_SEARCH_PLY = 2000;
#else
constexpr size_t MAX_SEARCH_PLY = 8000;
#endif

bool Worker::limitHit() {
  const SolveOptions& o = s_.opt_;
  if (o.maxNodes && nodes_ >= o.maxNodes) aborted_ = true;
  if (path_.size() > MAX_SEARCH_PLY) aborted_ = true;
  if (o.maxSeconds > 0 && (nodes_ & 4095) == 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >
          o.maxSeconds) {
    aborted_ = true;
  }
  return aborted_;
}

void Worker::canonical(const Node& n, uint64_t& key, uint8_t& extra, int& sym) const {
  key = n.own | n.opp << 32;
  int ko = n.ko;
  sym = 0;
  if (s_.opt_.strictHistory) {
    // Earlier positions on the path (not this one) join the key.
    const size_t i = path_.size() - 1;
    key ^= engine::splitmix64((i ? pathSet_[i - 1] : 0) + 0x5bd1e995ULL);
  } else if (s_.opt_.symmetry) {
    for (int s = 1; s < g_.symmetries(); ++s) {
      const uint64_t k = g_.mapMask(s, n.own) | g_.mapMask(s, n.opp) << 32;
      const int kk = n.ko < 0 ? -1 : g_.mapPoint(s, n.ko);
      if (k < key || (k == key && kk < ko)) key = k, ko = kk, sym = s;
    }
  }
  extra = static_cast<uint8_t>(n.passes | (ko + 1) << 1);
}

// Value of `move` (-1 pass) for the mover: the negated child value, a terminal score
// after two passes, or 0 for a drawn cycle. legal=false when superko forbids it.
int Worker::tryMove(const Node& n, int move, int alpha, int beta, bool& legal, int& repMin) {
  legal = true;
  if (move < 0) {
    if (n.passes >= 1) return areaScore(g_, n.own, n.opp);
    const Node child{n.opp, n.own, !n.whiteToMove, -1, n.passes + 1};
    const int sideRep = s_.opt_.rules.ko == KoRule::SimpleCyclesDrawn
                            ? repetition(absKey(child), child.whiteToMove, lastCapture_)
                            : -1;
    if (sideRep >= 0) {
      repMin = std::min(repMin, sideRep);
      return 0;
    }
    pushPath(absKey(child), child.whiteToMove, false);
    const int v = -search(child, -beta, -alpha, repMin);
    popPath();
    return v;
  }
  CompactBoard b(g_);
  b.setRaw(n.own, n.opp, n.ko, n.ko >= 0 ? Color::Black : Color::Empty);
  b.setAllowSuicide(s_.opt_.rules.suicideAllowed);
  const Mask captured = b.play(move, Color::Black);
  const Node child{b.white(), b.black(), !n.whiteToMove, b.koPoint(), 0};
  const uint64_t key = absKey(child);
  const int lastCap = captured ? static_cast<int>(path_.size()) : lastCapture_;
  const int rep = repetition(key, child.whiteToMove, lastCap);
  if (rep >= 0) {
    repMin = std::min(repMin, rep);
    if (s_.opt_.rules.ko == KoRule::Positional) {
      legal = false;
      return -1000;
    }
    return 0;
  }
  pushPath(key, child.whiteToMove, captured != 0);
  const int v = -search(child, -beta, -alpha, repMin);
  popPath();
  return v;
}

int Worker::search(const Node& n, int alpha, int beta, int& repMinOut) {
  ++nodes_;
  if (limitHit()) return 0;
  const int ply = static_cast<int>(path_.size()) - 1;  // this node's path index
  int lo = -n_, hi = n_;
  if (s_.opt_.benson && (n.own | n.opp)) {
    const ScoreBounds b = staticBounds(g_, n.own, n.opp);
    lo = b.lower, hi = b.upper;
    if (lo == hi || lo >= beta) return lo;
    if (hi <= alpha) return hi;
  }
  uint64_t key;
  uint8_t extra;
  int sym;
  canonical(n, key, extra, sym);
  TTData e;
  int ttMove = -2;
  if (s_.opt_.transpositions && tt_.probe(key, extra, e)) {
    if (e.lower >= beta || e.lower == e.upper) return e.lower;
    if (e.upper <= alpha) return e.upper;
    lo = std::max(lo, e.lower), hi = std::min(hi, e.upper);
    if (e.move >= 0) ttMove = g_.unmapPoint(sym, e.move);
    if (e.move == -1) ttMove = -1;
  }
  // Moves: table move, immediate pass after a pass, killers, then by history score.
  std::array<int, MAX_POINTS + 1> moves;
  std::array<uint32_t, MAX_POINTS + 1> score;
  int count = 0;
  const Mask empty = g_.all() & ~(n.own | n.opp);
  const auto& killers = killers_[std::min(ply, 1023)];
  for (Mask m = empty; m; m &= m - 1) {
    const int p = lowestBit(m);
    if (p == n.ko) continue;
    CompactBoard probe(g_);
    probe.setRaw(n.own, n.opp, -1, Color::Empty);
    if (!s_.opt_.rules.suicideAllowed && probe.isSuicide(p, Color::Black)) continue;
    uint32_t sc = history_[p] + 1;
    if (p == killers[0]) sc += 1u << 28;
    if (p == killers[1]) sc += 1u << 27;
    if ((g_.neighbours(p) & ~n.own) == 0) sc = 0;  // filling an own eye: last
    if (p == ttMove) sc = 1u << 31;
    moves[count] = p, score[count++] = sc;
  }
  moves[count] = -1;
  score[count++] = ttMove == -1 ? 1u << 31 : n.passes ? 1u << 30 : 0;
  const int alpha0 = alpha, beta0 = beta;
  alpha = std::max(alpha, lo - 1);
  beta = std::min(beta, hi + 1);
  int best = -1000, bestMove = -2, repMin = INT32_MAX;
  const uint64_t nodesBefore = nodes_;
  for (int i = 0; i < count; ++i) {
    int k = i;  // selection sort step: the best remaining move
    for (int j = i + 1; j < count; ++j) {
      if (score[j] > score[k]) k = j;
    }
    std::swap(moves[i], moves[k]);
    std::swap(score[i], score[k]);
    bool legal;
    const int v = tryMove(n, moves[i], std::max(alpha, best), beta, legal, repMin);
    if (aborted_) return 0;
    if (!legal) continue;
    if (v > best) {
      best = v, bestMove = moves[i];
      if (best >= beta) {
        if (moves[i] >= 0) {
          history_[moves[i]] += 1;
          auto& kl = killers_[std::min(ply, 1023)];
          if (kl[0] != moves[i]) kl[1] = kl[0], kl[0] = static_cast<int8_t>(moves[i]);
        }
        break;
      }
    }
  }
  // Clamp to the known bounds: the narrowed window may have hidden the exact value.
  if (best < lo) best = lo;
  if (best > hi) best = hi;
  if ((repMin < ply && !s_.opt_.strictHistory) || !s_.opt_.transpositions) {
    repMinOut = std::min(repMinOut, repMin);  // depends on older history: not stored
    return best;
  }
  TTData d;
  d.lower = best > alpha0 ? best : lo;
  d.upper = best < beta0 ? best : hi;
  if (best <= alpha0) d.upper = best;
  if (best >= beta0) d.lower = best;
  d.move = bestMove >= 0 ? g_.mapPoint(sym, bestMove) : bestMove;
  const uint64_t spent = nodes_ - nodesBefore;
  d.work = spent ? 64 - __builtin_clzll(spent) : 0;
  tt_.store(key, extra, d);
  return best;
}

}  // namespace solve

namespace solve {

namespace {

double elapsed(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Root value for the mover by MTD(f) (A. Plaat et al., "Best-first fixed-depth minimax
// algorithms", 1996: a sequence of null-window searches that narrows [lo, hi]) or by one
// full-window alpha-beta search. Leaves lo < hi when the worker was stopped.
void rootSearch(Worker& w, const Node& root, Algorithm algorithm, int& lo, int& hi) {
  const int n = w.n_;
  lo = -n, hi = n;
  int rep = INT32_MAX;
  if (algorithm == Algorithm::AlphaBeta) {
    const int v = w.search(root, -n - 1, n + 1, rep);
    if (!w.aborted_) lo = hi = v;
    return;
  }
  int guess = 0;
  while (lo < hi && !w.aborted_) {
    const int beta = guess == lo ? guess + 1 : guess;
    const int v = w.search(root, beta - 1, beta, rep);
    if (w.aborted_) break;
    if (v < beta) {
      hi = v;
    } else {
      lo = v;
    }
    guess = v;
  }
}

// Is the value of `move` for the root mover at least `target`? (a null-window probe)
bool achieves(Worker& w, const Node& root, int move, int target, bool& legal) {
  int rep = INT32_MAX;
  const int v = w.tryMove(root, move, target - 1, target, legal, rep);
  return legal && v >= target;
}

// Exact value of `move` for the root mover by null-window probes (MTD(f) on the child).
int moveValue(Worker& w, const Node& root, int move, bool& legal, int& lo, int& hi) {
  lo = -w.n_, hi = w.n_;
  int guess = 0;
  legal = true;
  while (lo < hi && !w.aborted_) {
    const int beta = guess == lo ? guess + 1 : guess;
    int rep = INT32_MAX;
    const int v = w.tryMove(root, move, beta - 1, beta, legal, rep);
    if (!legal || w.aborted_) break;
    if (v < beta) {
      hi = v;
    } else {
      lo = v;
    }
    guess = v;
  }
  return lo;
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

namespace {
// The table size, checked before anything is allocated.
int checkedTtLog2(int log2) {
  if (log2 < 4 || log2 > 30) throw engine::InputError("solve: ttLog2 must be between 4 and 30");
  return log2;
}
}  // namespace

Solver::Solver(const Geometry& geometry, SolveOptions options)
    : g_(geometry),
      opt_(options),
      tt_(std::make_unique<TranspositionTable>(checkedTtLog2(options.ttLog2))) {}

Solver::~Solver() = default;

size_t Solver::memoryBytes() const {
  return tt_->bytes();
}

SolveResult Solver::solve(const Position& position) {
  validate(g_, position);
  const auto start = std::chrono::steady_clock::now();
  const Node root = Worker::rootNode(position);
  const int sign = position.toMove == Color::Black ? 1 : -1;
  SolveResult r;
  Worker w(*this, position);
  w.pushPath(w.absKey(root), root.whiteToMove, true);
  int lo, hi;
  rootSearch(w, root, opt_.algorithm, lo, hi);
  r.nodes = w.nodes_;
  const uint64_t rootNodes = w.nodes_;
  r.exact = lo == hi;
  r.lower = std::min(sign * lo, sign * hi) + opt_.rules.komi;
  r.upper = std::max(sign * lo, sign * hi) + opt_.rules.komi;
  r.value = r.exact ? r.lower : (r.lower + r.upper) / 2;
  if (r.exact && opt_.bestMoves) {
    const std::vector<int> moves = legalRootMoves(g_, root, opt_.rules);
    std::vector<char> good(moves.size(), 0);
    const int threads = std::max(1, opt_.threads);
    uint64_t extraNodes = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic) reduction(+ : extraNodes)
    for (size_t i = 0; i < moves.size(); ++i) {
      Worker wi(*this, position);
      wi.pushPath(wi.absKey(root), root.whiteToMove, true);
      bool legal;
      good[i] = achieves(wi, root, moves[i], lo, legal);
      extraNodes += wi.nodes_;
    }
    r.nodes += extraNodes;
    for (size_t i = 0; i < moves.size(); ++i) {
      if (good[i]) r.best.push_back(moves[i]);
    }
  }
  if (r.exact && opt_.principalVariation) {
    // Follow optimal moves to the end of the game (the table move first).
    Node n = root;
    int v = lo;
    for (int step = 0; step < 4 * g_.points() && !w.aborted_; ++step) {
      std::vector<int> moves = legalRootMoves(g_, n, opt_.rules);
      uint64_t key;
      uint8_t extra;
      int sym;
      w.canonical(n, key, extra, sym);
      TTData e;
      if (tt_->probe(key, extra, e) && e.move >= -1) {
        const int tm = e.move >= 0 ? g_.unmapPoint(sym, e.move) : -1;
        auto it = std::find(moves.begin(), moves.end(), tm);
        if (it != moves.end()) std::rotate(moves.begin(), it, it + 1);
      }
      int chosen = -2;
      for (int m : moves) {
        bool legal;
        if (achieves(w, n, m, v, legal)) {
          chosen = m;
          break;
        }
      }
      if (chosen == -2 || w.aborted_) break;
      r.pv.push_back(chosen);
      if (chosen < 0 && n.passes >= 1) break;
      bool captured;
      const Node child = playNode(g_, n, chosen, opt_.rules, captured);
      w.pushPath(w.absKey(child), child.whiteToMove, captured);
      n = child;
      v = -v;
    }
    r.nodes += w.nodes_ - rootNodes;
  }
  r.seconds = elapsed(start);
  return r;
}

std::vector<MoveValue> Solver::analyse(const Position& position) {
  validate(g_, position);
  const Node root = Worker::rootNode(position);
  const int sign = position.toMove == Color::Black ? 1 : -1;
  const std::vector<int> moves = legalRootMoves(g_, root, opt_.rules);
  std::vector<MoveValue> out(moves.size());
  std::vector<char> legalMove(moves.size(), 0);
  const int threads = std::max(1, opt_.threads);
  uint64_t nodes = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic) reduction(+ : nodes)
  for (size_t i = 0; i < moves.size(); ++i) {
    Worker w(*this, position);
    w.pushPath(w.absKey(root), root.whiteToMove, true);
    bool legal;
    int lo, hi;
    moveValue(w, root, moves[i], legal, lo, hi);
    legalMove[i] = legal;
    nodes += w.nodes_;
    out[i].move = moves[i];
    out[i].lower = std::min(sign * lo, sign * hi) + opt_.rules.komi;
    out[i].upper = std::max(sign * lo, sign * hi) + opt_.rules.komi;
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

}  // namespace solve

namespace solve {

Advice advise(const Geometry& geometry, const Position& position, uint64_t maxNodes,
              double maxSeconds, Rules rules) {
  const auto start = std::chrono::steady_clock::now();
  SolveOptions opt;
  opt.rules = rules;
  opt.ttLog2 = 18;
  // The budget is shared by the root moves: each gets an equal slice.
  const size_t nMoves =
      static_cast<size_t>(popcount(geometry.all() & ~(position.black | position.white))) + 1;
  opt.maxNodes = maxNodes ? std::max<uint64_t>(1, maxNodes / nMoves) : 0;
  opt.maxSeconds = maxSeconds > 0 ? maxSeconds / static_cast<double>(nMoves) : 0;
  Solver solver(geometry, opt);
  Advice a;
  a.moves = solver.analyse(position);
  a.nodes = solver.lastNodes();
  a.exact =
      std::all_of(a.moves.begin(), a.moves.end(), [](const MoveValue& m) { return m.exact(); });
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
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

}  // namespace solve
