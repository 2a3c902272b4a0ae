#include "solve/worker.hpp"

#include <algorithm>

#include "solve/benson.hpp"

namespace solve {

using engine::Color;

namespace {

// The child of n after the mover plays `move` (not a pass), seen from the new mover's
// side; `captured` gets the stones the move took.
Node childAfter(const Geometry& g, bool suicideAllowed, const Node& n, int move, Mask& captured) {
  CompactBoard board(g);
  board.setRaw(n.own, n.opp, n.ko, n.ko >= 0 ? Color::Black : Color::Empty);
  board.setAllowSuicide(suicideAllowed);
  captured = board.play(move, Color::Black);
  return Node{board.white(), board.black(), !n.whiteToMove, board.koPoint(), 0};
}

}  // namespace

int Worker::boundsLog2(const SolveOptions& opt) {
  // df-pn bounds every child of every expansion: its memo is sized like its tables
  // (2^22 entries, 64 MB, at --tt-log2 22; docs/SOLVER.md, session 7).
  return opt.boundsLog2 > 0 ? std::clamp(opt.boundsLog2, 4, 22)
         : opt.proofNumber  ? std::clamp(opt.ttLog2, 10, 22)
                            : std::clamp(opt.ttLog2 - 4, 10, 20);
}

Worker::Worker(const Geometry& g, const SolveOptions& opt, TranspositionTable& tt,
               const Position& root, const SearchLimits& limits, int variant,
               StaticBoundsCache* bounds)
    : g_(g),
      opt_(opt),
      tt_(tt),
      limits_(limits),
      ownBounds_(bounds ? nullptr
                        : std::make_unique<StaticBoundsCache>(g, boundsLog2(opt), opt.safety)),
      bounds_(bounds ? bounds : ownBounds_.get()) {
  n_ = g_.points();
  for (auto& k : killers_) k = {NO_KILLER, NO_KILLER};
  sideMatters_ = opt_.rules.ko == KoRule::SimpleCyclesDrawn;
  historyFree_ = opt_.rules.ko == KoRule::SimpleForced;
  softCutDepth_ = opt_.softCutDepth >= 0 ? opt_.softCutDepth : n_ <= 16 ? 3 : 0;
  extensionsLeft_ = opt_.captureExtensions;
  for (uint64_t h : root.history) {
    Node n{h & 0xFFFFFFFFu, h >> 32, false, -1, 0};
    pushPath(n, false);
  }
  if (opt_.historyBindsRootMoverOnly) {
    freeHistory_ = static_cast<int>(root.history.size());
    rootMoverWhite_ = root.toMove == engine::Color::White;
  }
  // The quiet moves' fixed order: centre first. A history heuristic (points that caused
  // cut-offs, weighted by depth) took its place until session 28; without it 4x4 searched
  // 47% fewer nodes and 4x5 under simple ko 56% fewer (docs/SOLVER.md, "Session 28"): the
  // counts piled up at deep nodes, where captures and fills cut, and put corner moves
  // first at the shallow nodes that decide the proof. Lazy SMP's helpers (variant > 0)
  // get a perturbed order, so that they search in a different order.
  for (int p = 0; p < n_; ++p) {
    const double dx = g_.x(p) - (g_.width() - 1) / 2.0, dy = g_.y(p) - (g_.height() - 1) / 2.0;
    pointOrder_[p] = static_cast<uint32_t>(16 - std::min(16.0, dx * dx + dy * dy));
    if (variant) {
      pointOrder_[p] =
          static_cast<uint32_t>((engine::splitmix64(p + 977 * variant) & 7) + pointOrder_[p] / 2);
    }
  }
}

Node Worker::play(const Node& n, int move, Mask& captured) const {
  return childAfter(g_, opt_.rules.suicideAllowed, n, move, captured);
}

Node Worker::playFast(const Node& n, int move, Mask captureMoves, Mask& captured) const {
  if (opt_.rules.suicideAllowed || (captureMoves >> move & 1)) return play(n, move, captured);
  // No capture: no ko, and (suicide being illegal) the new stone's chain has a liberty.
  captured = 0;
  return Node{n.opp, n.own | Mask{1} << move, !n.whiteToMove, -1, 0};
}

Mask Worker::captureMoves(const Node& n) const {
  Mask atari, many;
  libertySets(n.opp, g_.all() & ~(n.own | n.opp), atari, many);
  return atari;
}

Node Worker::rootNode(const Position& p) {
  const bool white = p.toMove == Color::White;
  return Node{white ? p.white : p.black, white ? p.black : p.white, white, p.ko, p.passes};
}

void Worker::pushPath(const Node& n, bool captured) {
  const int last = captureAt_.empty() ? -1 : captureAt_.back();
  captureAt_.push_back(captured ? static_cast<int>(path_.size()) : last);
  const uint64_t key = absKey(n);
  path_.push_back(key);
  side_.push_back(n.whiteToMove);
  PathPrefix pre = prefix_.empty() ? PathPrefix{} : prefix_.back();
  const Mask a = key & 0xFFFFFFFFu, b = key >> 32;
  pre.counts |= uint64_t{1} << Summary::bit(a, b, sideMatters_ ? n.whiteToMove : 0);
  pre.orA |= a, pre.orB |= b, pre.andA &= a, pre.andB &= b;
  prefix_.push_back(pre);
}

void Worker::popPath() {
  path_.pop_back();
  side_.pop_back();
  captureAt_.pop_back();
  prefix_.pop_back();
}

// Index of an earlier path entry equal to a new position (board, and side to move when
// cycles are drawn), or -1. Without a capture since entry j the new position has more
// stones than entry j, so only entries before the last capture can repeat.
int Worker::repetition(uint64_t key, bool whiteToMove, int lastCapture) const {
  if (lastCapture <= 0 || historyFree_) return -1;
  // O(1) refutations from the prefix aggregates of entries 0..lastCapture-1 (no entry
  // has this stone count, or every entry lacks one of its stones or has one it lacks).
  const PathPrefix& pre = prefix_[lastCapture - 1];
  const Mask a = key & 0xFFFFFFFFu, b = key >> 32;
  if (!(pre.counts >> Summary::bit(a, b, sideMatters_ ? whiteToMove : 0) & 1)) return -1;
  if ((a & ~pre.orA) || (b & ~pre.orB) || (pre.andA & ~a) || (pre.andB & ~b)) return -1;
  return repetitionScan(key, whiteToMove, lastCapture);
}

int Worker::repetitionScan(uint64_t key, bool whiteToMove, int lastCapture) const {
  // The move was made by the side not to move now; the root's earlier history binds only
  // the root's mover under SolveOptions::historyBindsRootMoverOnly.
  const int first = freeHistory_ > 0 && whiteToMove != rootMoverWhite_ ? 0 : freeHistory_;
  for (int j = first; j < lastCapture; ++j) {
    if (path_[j] == key && (!sideMatters_ || side_[j] == whiteToMove)) return j;
  }
  return -1;
}

// Could a position strictly before path index `ply` be in the summary?
bool Worker::pathMeets(const Summary& s, int ply) const {
  if (s.empty() || ply <= 0 || historyFree_) return false;
  // Cheap refutations first: no path entry has a stone count of the summary, or every
  // entry misses a stone all members have, or has a stone no member has.
  const PathPrefix& pre = prefix_[ply - 1];
  if (!(s.counts & pre.counts)) return false;
  if ((s.andA & ~pre.orA) || (s.andB & ~pre.orB)) return false;
  if ((pre.andA & ~s.orA) || (pre.andB & ~s.orB)) return false;
  for (int j = 0; j < ply; ++j) {
    const int side = sideMatters_ ? side_[j] : 0;
    if (s.mayContain(path_[j] & 0xFFFFFFFFu, path_[j] >> 32, side)) return true;
  }
  return false;
}

Summary Worker::toTable(const Summary& s, int sym, bool whiteToMove) const {
  Summary t;
  if (historyFree_) return t;
  Mask andA = s.andA & g_.all(), andB = s.andB & g_.all(), orA = s.orA, orB = s.orB;
  if (whiteToMove) std::swap(andA, andB), std::swap(orA, orB);
  t.andA = g_.mapMask(sym, andA), t.andB = g_.mapMask(sym, andB);
  t.orA = g_.mapMask(sym, orA), t.orB = g_.mapMask(sym, orB);
  t.counts = s.counts;
  if (whiteToMove && sideMatters_) t.counts = s.counts >> 32 | s.counts << 32;
  return t;
}

Summary Worker::fromTable(const Summary& t, int sym, bool whiteToMove) const {
  if (historyFree_) return {};
  const int inv = g_.inverse(sym);
  Summary s;
  s.andA = g_.mapMask(inv, t.andA), s.andB = g_.mapMask(inv, t.andB);
  s.orA = g_.mapMask(inv, t.orA), s.orB = g_.mapMask(inv, t.orB);
  if (whiteToMove) std::swap(s.andA, s.andB), std::swap(s.orA, s.orB);
  s.counts = t.counts;
  if (whiteToMove && sideMatters_) s.counts = t.counts >> 32 | t.counts << 32;
  return s;
}

bool Worker::limitHit() {
  if (limits_.maxNodes && nodes_ >= limits_.maxNodes) aborted_ = true;
  if ((nodes_ & 127) == 0) {  // a clock read is ~20 ns: small budgets (10 ms) need it often
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) aborted_ = true;
    if (limits_.timed && std::chrono::steady_clock::now() > limits_.deadline) aborted_ = true;
    if (limits_.progress) {
      limits_.progress->nodes.fetch_add(nodes_ - published_, std::memory_order_relaxed);
      published_ = nodes_;
      limits_.progress->tick();
    }
  }
  return aborted_;
}

bool Worker::resume() {
  if (!limits_.cancel || !limits_.cancel->load()) return false;
  limits_.cancel->store(false);
  aborted_ = false;
  return !limitHitNow();
}

bool Worker::limitHitNow() const {
  return (limits_.maxNodes && nodes_ >= limits_.maxNodes) ||
         (limits_.stop && limits_.stop->load()) ||
         (limits_.timed && std::chrono::steady_clock::now() > limits_.deadline);
}

void Worker::canonical(const Node& n, uint64_t& key, uint8_t& extra, int& sym) const {
  key = n.own | n.opp << 32;
  sym = 0;
  int ko = n.ko;
  if (opt_.symmetry) {
    // Every image at once (Geometry::images), then the smallest; the ko point breaks ties
    // and the first symmetry wins a full tie, as in the plain loop (canonicalScan).
    if (n.ko < 0) {
      key = g_.minImage(key, sym);
    } else {
      std::array<uint64_t, 8> image;
      g_.images(key, image);
      const int count = g_.symmetries();
      for (int s = 1; s < count; ++s) {
        if (image[s] > key) continue;
        const int kk = g_.mapPoint(s, n.ko);
        if (image[s] < key || kk < ko) key = image[s], ko = kk, sym = s;
      }
    }
  }
  extra = static_cast<uint8_t>(n.passes | (ko + 1) << 1);
}

void Worker::canonicalScan(const Node& n, uint64_t& key, uint8_t& extra, int& sym) const {
  key = n.own | n.opp << 32;
  int ko = n.ko;
  sym = 0;
  if (opt_.symmetry) {
    for (int s = 1; s < g_.symmetries(); ++s) {
      // The opponent's stones are the key's high half: an image with a larger one loses.
      const Mask oppImage = g_.mapMask(s, n.opp);
      if (oppImage > key >> 32) continue;
      const uint64_t k = g_.mapMask(s, n.own) | oppImage << 32;
      const int kk = n.ko < 0 ? -1 : g_.mapPoint(s, n.ko);
      if (k < key || (k == key && kk < ko)) key = k, ko = kk, sym = s;
    }
  }
  extra = static_cast<uint8_t>(n.passes | (ko + 1) << 1);
}

int Worker::tableMove(const Node& n) const {
  uint64_t key;
  uint8_t extra;
  int sym;
  canonical(n, key, extra, sym);
  TTData e;
  if (!tt_.probe(key, extra, e) || e.move < -1) return -2;
  return e.move >= 0 ? g_.unmapPoint(sym, e.move) : -1;
}

Bounds Worker::evalMove(const Node& n, int move, int alpha, int beta, int depth, Summary& sum,
                        int& repMin, bool& legal, Mask captureMoves, const PlayedChild* pre) {
  legal = true;
  if (move < 0) {
    if (n.passes >= 1) {
      ++stats_.gameEnds;
      const int v = areaScore(g_, n.own, n.opp);
      return {v, v};
    }
    const Node child{n.opp, n.own, !n.whiteToMove, -1, n.passes + 1};
    if (sideMatters_) {
      const int last = captureAt_.empty() ? -1 : captureAt_.back();
      const int rep = repetition(absKey(child), child.whiteToMove, last);
      if (rep >= 0) {
        repMin = std::min(repMin, rep);
        return {0, 0};
      }
      sum.add(absKey(child) & 0xFFFFFFFFu, absKey(child) >> 32, child.whiteToMove);
    }
    if (depth <= 0) {  // a horizon leaf reads the path but never extends it
      const Bounds b = search(child, -beta, -alpha, depth, sum, repMin, false);
      return {-b.hi, -b.lo};
    }
    pushPath(child, false);
    const Bounds b = search(child, -beta, -alpha, depth, sum, repMin);
    popPath();
    return {-b.hi, -b.lo};
  }
  // A child played by transpositionCut on this same path is the same child, with the
  // same repetition test.
  Mask captured = 0;
  const Node child = pre ? Node{pre->own, pre->opp, !n.whiteToMove, pre->ko, 0}
                         : playFast(n, move, captureMoves, captured);
  const uint64_t key = absKey(child);
  int rep;
  if (pre) {
    captured = pre->captured, rep = pre->rep;
  } else {
    const int lastCap = captured ? static_cast<int>(path_.size()) : captureAt_.back();
    rep = repetition(key, child.whiteToMove, lastCap);
  }
  if (rep >= 0) {
    repMin = std::min(repMin, rep);
    if (!sideMatters_) {
      legal = false;
      return {-n_, n_};
    }
    return {0, 0};
  }
  note(sum, key, child.whiteToMove);
  // A capture (or with SolveOptions::selfAtariExtensions a self-atari) does not count as a
  // ply while the path has extensions left (SolveOptions::captureExtensions): the child is
  // searched as deep as this node's move.
  const bool extend =
      extensionsLeft_ > 0 && extends(child.opp, child.own | child.opp, move, captured);
  if (extend) {
    ++depth, --extensionsLeft_;
    ++(captured ? stats_.captureExtensions : stats_.selfAtariExtensions);
  }
  if (depth <= 0) {  // never after an extension: the depth was at least 0 before it
    const Bounds b = search(child, -beta, -alpha, depth, sum, repMin, false, pre);
    return {-b.hi, -b.lo};
  }
  pushPath(child, captured != 0);
  const Bounds b = search(child, -beta, -alpha, depth, sum, repMin, true, pre);
  popPath();
  if (extend) ++extensionsLeft_;
  return {-b.hi, -b.lo};
}

// A prover's child `pc` (the opponent to move) two plies above the horizon cannot reach
// beta there: its table has no entry that could prove it, and after the opponent's pass
// the prover, at the horizon, has neither static bounds nor an area score at beta. Then
// the opponent's pass leaves the child undecided and a one-sided search gives the child
// up (SolveOptions::passCheck). The leaf's own table entry is not read.
bool Worker::cannotProve(const PlayedChild& pc, int beta) {
  // The memo of static bounds first: the enhanced cut-off pass has just filled it for pc,
  // while the table probe is a cache miss, needed only when the bounds fall short.
  if (bounds_->boundsAfterPasses(pc.opp, pc.own, 1).lower >= beta) return false;
  if (!opt_.transpositions) return true;
  uint64_t key = pc.key;
  uint8_t extra = pc.extra;
  int sym = pc.sym;
  if (sym < 0) canonical(Node{pc.own, pc.opp, false, pc.ko, 0}, key, extra, sym);
  TTData e;
  return !tt_.probe(key, extra, e);
}

bool Worker::selfAtari(Mask mover, Mask occupied, int move) const {
  const Mask chain = g_.flood(Mask{1} << move, mover);
  const Mask libs = g_.expand(chain) & g_.all() & ~occupied;
  // Exactly one (a suicide, where the rules allow it, leaves no chain and no liberty).
  return libs && (libs & (libs - 1)) == 0;
}

// Liberties of the chains of `stones`, split by chains with exactly one liberty (`atari`)
// and with more (`many`); one flood per chain.
void Worker::libertySets(Mask stones, Mask empty, Mask& atari, Mask& many) const {
  atari = many = 0;
  for (Mask rest = stones; rest;) {
    const Mask chain = g_.flood(rest & -rest, stones);
    rest &= ~chain;
    const Mask libs = g_.expand(chain) & empty;
    if (libs & (libs - 1)) {
      many |= libs;
    } else {
      atari |= libs;
    }
  }
}

// Candidate moves best first (table move, pass after a pass, killers, captures and
// escapes, points next to the last move, history; filling an own eye last), then pass.
// Superko is checked when a move is tried.
int Worker::orderMoves(const Node& n, int ttMove, int ply, std::array<int, MAX_POINTS + 1>& moves,
                       Mask* captureMovesOut) {
  std::array<uint32_t, MAX_POINTS + 1> score;
  int count = 0;
  const Mask empty = g_.all() & ~(n.own | n.opp);
  const auto& killers = killers_[std::min(ply, 1023)];
  Mask ownAtari, ownMany, oppAtari, oppMany;
  libertySets(n.own, empty, ownAtari, ownMany);
  libertySets(n.opp, empty, oppAtari, oppMany);
  const Mask urgent = oppAtari | ownAtari;
  // The points next to the opponent's last stone (session 10: 5 of 6 boards searched fewer
  // nodes with these tried after captures and killers, before the fixed point order).
  Mask nearLast = 0;
  if (ply >= 1 && ply < static_cast<int>(path_.size())) {
    const uint64_t fresh = absKey(n) & ~path_[ply - 1];  // the new stone; 0 after a pass
    if (fresh) nearLast = g_.neighbours(lowestBit(fresh) & 31);
  }
  if (captureMovesOut) *captureMovesOut = oppAtari;
  // A play is suicide when it has no empty neighbour, captures nothing (no neighbouring
  // opponent chain has it as its last liberty) and joins no own chain with another
  // liberty: the same rule as CompactBoard::isSuicide, from the node's liberty sets.
  Mask suicide = 0;
  if (!opt_.rules.suicideAllowed) {
    for (Mask m = empty & ~(oppAtari | ownMany); m; m &= m - 1) {
      const int p = lowestBit(m);
      if (!(g_.neighbours(p) & empty)) suicide |= Mask{1} << p;
    }
  }
  for (Mask m = empty & ~suicide; m; m &= m - 1) {
    const int p = lowestBit(m);
    if (p == n.ko) continue;
    uint32_t sc = pointOrder_[p] + 1;
    if (urgent >> p & 1) sc += 1u << 26;  // capture, or save a chain in atari
    if (nearLast >> p & 1) sc += 1u << 25;
    if (p == killers[0]) sc += 1u << 28;
    if (p == killers[1]) sc += 1u << 27;
    if ((g_.neighbours(p) & ~n.own) == 0) sc = 0;  // filling an own eye: last
    if (p == ttMove) sc = 1u << 31;
    moves[count] = p, score[count++] = sc;
  }
  moves[count] = -1;
  score[count++] = ttMove == -1 ? 1u << 31 : n.passes ? 1u << 30 : 0;
  for (int i = 1; i < count; ++i) {  // insertion sort, best first
    const int mv = moves[i];
    const uint32_t sc = score[i];
    int j = i;
    for (; j > 0 && score[j - 1] < sc; --j) moves[j] = moves[j - 1], score[j] = score[j - 1];
    moves[j] = mv, score[j] = sc;
  }
  return count;
}

// Enhanced transposition cut-off (J. Schaeffer & A. Plaat, "New advances in alpha-beta
// searching", 1996; used by MIGOS): a child whose table entry, usable on this path,
// already proves a value >= beta for the mover cuts the node without a search. Returns
// that move (-2: none) with its proven lower bound in `value`, and adds the child's proof to `sum`.
int Worker::transpositionCut(const Node& n, const std::array<int, MAX_POINTS + 1>& moves, int count,
                             int beta, Mask captureMoves, Summary& sum, int& value,
                             std::array<PlayedChild, MAX_POINTS + 1>& played, bool probeTable,
                             bool statics) {
  const int ply = static_cast<int>(path_.size()) - 1;
  // Two passes: every child's key first, with its table bucket and its memo entry of
  // static bounds prefetched, then the probes, so that the cache misses of the probes
  // overlap instead of queueing.
  for (int i = 0; i < count; ++i) {
    const int move = moves[i];
    if (move < 0) continue;  // a pass child is cheap to search; skip it here
    PlayedChild& pc = played[i];
    const Node child = playFast(n, move, captureMoves, pc.captured);
    pc.own = child.own, pc.opp = child.opp, pc.ko = child.ko;
    const int lastCap = pc.captured ? ply + 1 : captureAt_.back();
    pc.rep = repetition(absKey(child), child.whiteToMove, lastCap);
    if (pc.rep >= 0) continue;
    if (statics) bounds_->prefetch(pc.own, pc.opp);
    // The key only where the table is probed here: below, many children are never
    // searched (a cut, a one-sided give-up) or end at their static bounds.
    if (probeTable) {
      canonical(child, pc.key, pc.extra, pc.sym);
      tt_.prefetch(pc.key, pc.extra);
    } else {
      pc.sym = -1;
    }
  }
  const bool childWhite = !n.whiteToMove;
  // Static bounds first (SolveOptions::staticEtcMinDepth): a child that its static bounds
  // alone already prove >= beta for the mover (df-pn looks at every child's bounds; the
  // search would reach that child only in its turn).
  if (statics) {
    for (int i = 0; i < count; ++i) {
      const int move = moves[i];
      if (move < 0) continue;
      const PlayedChild& pc = played[i];
      if (pc.rep >= 0) continue;
      // The floor under the child's upper bound rules most cuts out for half the work of
      // the bounds (the mover's safe points alone); the memo keeps them for the rest.
      if (bounds_->upperFloor(pc.own, pc.opp) > -beta) continue;
      const ScoreBounds b = bounds_->boundsAfterPasses(pc.own, pc.opp, 0);
      if (-b.upper < beta) continue;
      const uint64_t abs = childWhite ? (pc.opp | pc.own << 32) : (pc.own | pc.opp << 32);
      note(sum, abs, childWhite);
      ++stats_.staticEtcCuts;
      value = -b.upper;
      return move;
    }
  }
  if (!probeTable) return -2;
  for (int i = 0; i < count; ++i) {
    const int move = moves[i];
    if (move < 0) continue;
    const PlayedChild& pc = played[i];
    if (pc.rep >= 0) continue;
    TTData e;
    if (!tt_.probe(pc.key, pc.extra, e) || -e.upper < beta) continue;
    const Summary s = fromTable(e.summary, pc.sym, childWhite);
    if (pathMeets(s, ply + 1)) continue;
    const uint64_t abs = childWhite ? (pc.opp | pc.own << 32) : (pc.own | pc.opp << 32);
    note(sum, abs, childWhite);
    sum.merge(s);
    ++stats_.etcCuts;
    value = -e.upper;
    return move;
  }
  return -2;
}

int Worker::leafLookahead(const Node& n, int ply, int beta, int lo, Summary& sum) {
  if (!opt_.benson || lo >= beta || oneSidedWhite_ == static_cast<int>(n.whiteToMove)) {
    return lo;
  }
  std::array<int, MAX_POINTS + 1> moves;
  Mask captureMoves = 0;
  const int count = orderMoves(n, -2, ply, moves, &captureMoves);
  std::array<PlayedChild, MAX_POINTS + 1> played;
  int value = 0;
  Summary proof;
  if (transpositionCut(n, moves, count, beta, captureMoves, proof, value, played, false, true) ==
      -2) {
    return lo;
  }
  ++stats_.lookaheadCuts;
  sum.merge(proof);
  return std::max(lo, value);
}

// Is another thread inside the child of n after `move` (a point or -1 pass)?
bool Worker::childBusy(const Node& n, int move, Mask captureMoves, const PlayedChild* pre) const {
  if (pre && pre->rep < 0 && pre->sym >= 0) return busy_->busy(busy_->slot(pre->key, pre->extra));
  Node child{n.opp, n.own, !n.whiteToMove, -1, n.passes + 1};
  if (move >= 0) {
    Mask captured = 0;
    child = playFast(n, move, captureMoves, captured);
  }
  uint64_t key;
  uint8_t extra;
  int sym;
  canonical(child, key, extra, sym);
  return busy_->busy(busy_->slot(key, extra));
}

Bounds Worker::search(const Node& n, int alpha, int beta, int depth, Summary& sumOut,
                      int& repMinOut, bool onPath, const PlayedChild* known) {
  ++nodes_;
  // limitHit's tests inline: it only changes anything at a node limit or every 128th node.
  if (aborted_ || ((limits_.maxNodes && nodes_ >= limits_.maxNodes) || (nodes_ & 127) == 0)) {
    if (limitHit()) return {-n_, n_};
  }
  // This node's path index (where it would be when it is not pushed).
  const int ply = static_cast<int>(path_.size()) - (onPath ? 1 : 0);
  int lo = -n_, hi = n_;
  if (opt_.benson && (n.own | n.opp)) {
    const ScoreBounds b = bounds_->boundsAfterPasses(n.own, n.opp, n.passes);
    lo = b.lower, hi = b.upper;
    if (lo == hi || lo >= beta || hi <= alpha) {
      ++stats_.staticCuts;
      return {lo, hi};
    }
  }
  // Bounds from outside (SolveOptions::oracle): a cut when they decide the window and the
  // path avoids the boards they need it to; else perhaps a move to try first.
  int oracleMove = -2;
  if (opt_.oracle && n.passes == 0) {
    BoundOracle::Answer a;
    const bool white = n.whiteToMove;
    if (opt_.oracle->bounds(white ? n.opp : n.own, white ? n.own : n.opp, white, n.ko, a)) {
      oracleMove = a.move;
      const int olo = std::max(lo, a.lower), ohi = std::min(hi, a.upper);
      if (olo == ohi || olo >= beta || ohi <= alpha) {
        Summary avoid;  // every board with the needed stones
        avoid.andA = a.needBlack, avoid.andB = a.needWhite;
        avoid.orA = avoid.orB = ~Mask{0};
        avoid.counts = ~uint64_t{0};
        if (!pathMeets(avoid, ply)) {
          ++stats_.oracleCuts;
          opt_.oracle->taken(a);
          sumOut.merge(avoid);
          return {olo, std::max(olo, ohi)};
        }
      }
    }
  }
  // The horizon without a table probe (SolveOptions::leafProbe off, session 35): the
  // static bounds alone.
  if (depth <= 0 && !opt_.leafProbe) {
    ++stats_.horizonLeaves;
    if (opt_.horizonLookahead) lo = leafLookahead(n, ply, beta, lo, sumOut), hi = std::max(lo, hi);
    return {lo, hi};
  }
  uint64_t key;
  uint8_t extra;
  int sym;
  if (known && known->sym >= 0) {
    key = known->key, extra = known->extra, sym = known->sym;
  } else {
    canonical(n, key, extra, sym);
  }
  TTData e;
  bool usable = false;
  int ttMove = -2;
  Summary sum;  // what this node's result rests on
  if (opt_.transpositions && tt_.probe(key, extra, e)) {
    ++stats_.ttHits;
    const Summary s = fromTable(e.summary, sym, n.whiteToMove);
    usable = !pathMeets(s, ply);
    if (e.move >= 0) ttMove = g_.unmapPoint(sym, e.move);
    if (e.move == -1) ttMove = -1;
    if (usable) {
      lo = std::max(lo, e.lower), hi = std::min(hi, e.upper);
      sum = s;
      if (lo > hi) ++stats_.inconsistent, hi = lo;
      if (lo == hi || lo >= beta || hi <= alpha) {
        sumOut.merge(sum);
        return {lo, hi};
      }
    } else {
      ++stats_.ttHistoryRefused;
    }
  }
  if (ttMove == -2) ttMove = oracleMove;
  if (ttMove == -2 && limits_.hints) {
    TTData h;
    if (limits_.hints->probe(key, extra, h) && h.move >= -1) {
      ttMove = h.move >= 0 ? g_.unmapPoint(sym, h.move) : -1;
      ++stats_.hintMoves;
    }
  }
  if (depth <= 0) {  // the horizon: static and table bounds only
    ++stats_.horizonLeaves;
    if (opt_.horizonLookahead) lo = leafLookahead(n, ply, beta, lo, sum), hi = std::max(lo, hi);
    sumOut.merge(sum);
    return {lo, hi};
  }
  // Failure memos (SolveOptions::failMemo): in a one-sided search this node's side either
  // looks for a proof of value >= beta (FAIL_HIGH) or, at the side given up at its first
  // undecided child, of value <= alpha (FAIL_LOW); a two-sided null-window test looks for
  // either (FAIL_BOTH). An earlier search of this position that failed to find the same
  // proof with at least as many plies left, for the same or an easier question, fails
  // again here (short of table entries proven since), so the node returns its proven
  // bounds without searching. Under superko only on a path where the entry is usable:
  // its summary covers the positions of the failed search, so none of its moves is
  // illegal here that was legal there (a failure that a repetition caused on one path
  // would otherwise hide a proof on every other path, at every horizon).
  const int failKind = !opt_.failMemo || alpha + 1 != beta                 ? TTData::FAIL_NONE
                       : oneSidedWhite_ < 0                                ? TTData::FAIL_BOTH
                       : oneSidedWhite_ == static_cast<int>(n.whiteToMove) ? TTData::FAIL_LOW
                                                                           : TTData::FAIL_HIGH;
  // One-sided: this node's side looks for a proof of value >= beta (the prover); with
  // SolveOptions::proverWidth it tries only that many moves (a memo of a search that
  // tried more, or every move, also holds here).
  const bool prover = oneSidedWhite_ >= 0 && oneSidedWhite_ != static_cast<int>(n.whiteToMove);
  const int width = oneSidedWhite_ >= 0 ? opt_.proverWidth : 0;
  if (failKind != TTData::FAIL_NONE && usable && e.failKind != TTData::FAIL_NONE &&
      e.failDepth >= depth + extensionsLeft_ &&
      (e.failWidth == 0 || (width > 0 && width <= e.failWidth))) {
    const bool high = e.failKind != TTData::FAIL_LOW && beta >= e.failValue;
    const bool low = e.failKind == TTData::FAIL_LOW    ? alpha <= e.failValue
                     : e.failKind == TTData::FAIL_BOTH ? alpha <= e.failValue - 1
                                                       : false;
    if (failKind == TTData::FAIL_HIGH  ? high
        : failKind == TTData::FAIL_LOW ? low
                                       : e.failKind == TTData::FAIL_BOTH && beta == e.failValue) {
      ++stats_.failMemoCuts;
      sumOut.merge(sum);
      return {lo, hi};
    }
  }
  std::array<int, MAX_POINTS + 1> moves;
  Mask captureMoves = 0;
  const int count = orderMoves(n, ttMove, ply, moves, &captureMoves);
  int bestLo = -1000, maxHi = -1000, bestMove = -2, repMin = INT32_MAX;
  bool cut = false, softCut = false;
  int tried = 0;  // legal moves searched (SolveOptions::proverWidth)
  const uint64_t nodesBefore = nodes_;
  // The children the cut-off pass played (every point move, when it did not cut).
  std::array<PlayedChild, MAX_POINTS + 1> played;
  const bool probeTable = opt_.transpositions && depth >= opt_.etcMinDepth;
  const bool statics = opt_.benson && opt_.staticEtcMinDepth > 0 && depth >= opt_.staticEtcMinDepth;
  const bool etc = probeTable || statics;  // the children are played (and kept in `played`)
  if (etc) {
    int value = 0;
    const int m = transpositionCut(n, moves, count, beta, captureMoves, sum, value, played,
                                   probeTable, statics);
    if (m != -2) cut = true, bestMove = m, bestLo = value;
  }
  // ABDADA: this node is marked busy while searched; a first pass over the moves skips
  // (after the first move) children that another thread is searching, a second pass
  // takes them, by then often in the table. Every move is still searched unless a
  // move cuts, so the result is the same kind of proven bounds.
  struct BusyMark {
    BusyTable* t = nullptr;
    size_t i = 0;
    ~BusyMark() {
      if (t) t->leave(i);
    }
  } mark;
  std::array<int, MAX_POINTS + 1> deferred;
  int nDeferred = 0;
  const bool split = busy_ && depth >= busyMinDepth;
  if (split) mark.t = busy_, mark.i = busy_->slot(key, extra), busy_->enter(mark.i);
  // What the result rests on (docs/SOLVER.md, "Superko and the table"). A cut rests on
  // the table entry and the cutting child alone, since its upper bound is the node's own;
  // a node that does not cut rests on every child, its upper bound being their maximum.
  // So the children's summaries and repetitions wait here until the loop ends.
  Summary children;
  int childrenRep = INT32_MAX;
  // Two plies above the horizon, a prover's move can prove only if the opponent's pass
  // after it leaves a horizon leaf decided at beta or above (cannotProve): the moves that
  // cannot are skipped unplayed. Not where a soft cut gives up at the first undecided
  // child, which a skip would turn into a cut-short loop (SolveOptions::passCheck). Nor
  // with the look past the horizon, which can decide that leaf by a move.
  const bool passCheck = opt_.passCheck && !opt_.horizonLookahead && prover && width == 0 &&
                         depth == 2 && softCutDepth_ < 2 && (beta > 0 || !sideMatters_);
  ProgressBoard* rootBoard = ply == rootPly_ && reportsRoot_ ? limits_.progress : nullptr;
  for (int i = 0; i < count + nDeferred && !cut; ++i) {
    const int at = i < count ? i : deferred[i - count];  // index into moves
    const int move = moves[at];
    if (rootBoard) rootBoard->atRootMove(i, count + nDeferred, move);
    const PlayedChild* pre = etc && move >= 0 ? &played[at] : nullptr;
    if (split && i > 0 && i < count && childBusy(n, move, captureMoves, pre)) {
      deferred[nDeferred++] = at;
      continue;
    }
    // Not a move searched without a ply: the leaf the check reasons about is not at the
    // horizon after it.
    if (passCheck && pre && pre->rep < 0 &&
        !(extensionsLeft_ > 0 && extends(pre->opp, pre->own | pre->opp, move, pre->captured)) &&
        cannotProve(*pre, beta)) {
      // Not played: the move's own static upper bound stands in for its search.
      maxHi = std::max(maxHi, -bounds_->boundsAfterPasses(pre->own, pre->opp, 0).lower);
      ++stats_.passChecks;
      continue;
    }
    bool legal;
    Summary childSum;
    int childRep = INT32_MAX;
    const Bounds c = evalMove(n, move, std::max(alpha, bestLo), beta, depth - 1, childSum, childRep,
                              legal, captureMoves, pre);
    if (aborted_) return {-n_, n_};
    childrenRep = std::min(childrenRep, childRep);
    if (!legal) continue;
    if (c.lo > bestLo) bestLo = c.lo, bestMove = move;
    maxHi = std::max(maxHi, c.hi);
    if (bestLo < beta) {
      children.merge(childSum);
      // Undecided near the horizon, or at a node of the side a one-sided search gives up
      // for: give up (SolveOptions::softCutDepth, oneSided). This node can no longer be
      // proven below the window, and the bounds returned stay proven.
      if ((depth <= softCutDepth_ || oneSidedWhite_ == static_cast<int>(n.whiteToMove)) &&
          c.hi >= beta) {
        softCut = true;
        ++stats_.softCuts;
        break;
      }
      // The prover's width is used up: give up too, with the node's own upper bound.
      if (prover && width > 0 && ++tried >= width && i + 1 < count + nDeferred) {
        softCut = true;
        ++stats_.widthCuts;
        break;
      }
    } else {
      sum.merge(childSum), repMin = childRep;  // the cut's proof: this child's alone
      cut = true;
      if (move >= 0) {
        auto& kl = killers_[std::min(ply, 1023)];
        if (kl[0] != move) kl[1] = kl[0], kl[0] = static_cast<int8_t>(move);
      }
    }
  }
  if (rootBoard) rootBoard->rootMoves.store(0);
  if (!cut) sum.merge(children), repMin = childrenRep;
  const int rlo = std::max(lo, bestLo);
  int rhi = cut || softCut ? hi : std::min(hi, maxHi);
  if (rlo > rhi) ++stats_.inconsistent, rhi = rlo;
  sumOut.merge(sum);
  if (repMin < ply) {  // rests on a position older than this node: not stored
    repMinOut = std::min(repMinOut, repMin);
    ++stats_.notStored;
    return {rlo, rhi};
  }
  if (opt_.transpositions) {
    TTData d;
    d.lower = rlo, d.upper = rhi;
    d.move = bestMove >= 0 ? g_.mapPoint(sym, bestMove) : bestMove;
    if (d.move == -2 && usable) d.move = e.move;
    const uint64_t spent = nodes_ - nodesBefore;
    d.work = spent ? 64 - __builtin_clzll(spent) : 0;
    if (usable) d.work = std::max(d.work, e.work);
    // A failed search (see the memo test above): the proof side found no proof, having
    // tried every move (FAIL_HIGH) or stopped at an undecided child (FAIL_LOW).
    // A two-sided one that tried every move failed both ways; one given up at an
    // undecided child near the horizon only failed to prove value <= alpha.
    // A prover given up after its width failed within that width (failWidth).
    if (failKind != TTData::FAIL_NONE && rlo < beta && rhi >= beta) {
      const int kind = failKind == TTData::FAIL_BOTH && softCut ? TTData::FAIL_LOW : failKind;
      if (kind != TTData::FAIL_HIGH || !softCut || (width > 0 && tried >= width)) {
        d.failKind = kind, d.failValue = kind == TTData::FAIL_LOW ? alpha : beta;
        d.failDepth = depth, d.failWidth = width;
      }
    }
    d.summary = toTable(sum, sym, n.whiteToMove);
    tt_.store(key, extra, d);
  }
  return {rlo, rhi};
}

}  // namespace solve
