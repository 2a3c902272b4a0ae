#include "solve/forced_walk.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include "engine/board/errors.hpp"
#include "solve/benson.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace solve {

namespace walk {

Visit childOf(const CompactBoard& board, int p, bool rootSide) {
  if (p < 0) return {board.white(), board.black(), !rootSide, -1};
  CompactBoard next = board;
  next.play(p, engine::Color::Black);
  return {next.white(), next.black(), !rootSide,
          next.koColor() == engine::Color::White ? next.koPoint() : -1};
}

CompactBoard boardOf(const Geometry& g, Mask own, Mask opp, int ko) {
  CompactBoard board(g);
  board.setRaw(own, opp, ko, ko < 0 ? engine::Color::Empty : engine::Color::Black);
  return board;
}

int keptMove(const Geometry& g, const CompactBoard& board, Mask own, Mask opp, int value,
             uint64_t best) {
  for (const int p : moveTestOrder(g, own, opp, value)) {
    if (!(best >> (p < 0 ? 32 : p) & 1)) continue;
    if (p >= 0 && !board.isLegal(p, engine::Color::Black)) continue;
    return p;
  }
  return NO_MOVE;
}

bool passEnds(const Geometry& g, Mask own, Mask opp, int target, const SafetyRules& safety) {
  const ScoreBounds b = boundsAfterPasses(g, opp, own, 1, safety);
  return b.lower == b.upper && b.lower == target;
}

}  // namespace walk

namespace {

double secondsSince(ForcedWalk::Clock::time_point t) {
  return std::chrono::duration<double>(ForcedWalk::Clock::now() - t).count();
}

// The index's hash of a key and side (splitmix64's finaliser).
uint64_t slotHash(uint64_t key, bool rootSide) {
  uint64_t x = key ^ (rootSide ? 0 : 0x9E3779B97F4A7C15u);
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
  return x ^ (x >> 31);
}

}  // namespace

ForcedWalk::ForcedWalk(const Geometry& g, const ProofTableOptions& o, const SolveOptions& so,
                       Solver& solver, BuildProgress& pr, Clock::time_point start,
                       std::filesystem::path walkFile, Hooks hooks)
    : g_(g),
      o_(o),
      so_(so),
      solver_(solver),
      pr_(pr),
      start_(start),
      lastSave_(Clock::now()),
      file_(std::move(walkFile)),
      hooks_(std::move(hooks)) {
  for (int w = 1; w < o.walkers; ++w) {
    helpers_.push_back(std::make_unique<Solver>(g, so, solver.sharedTable()));
  }
}

bool ForcedWalk::run(Mask own, Mask opp) {
  if (nodes_.empty()) node({own, opp, true, -1});
  if (!expandAll()) return false;
  ranks();
  // Root-side positions without a rank get their next move, until the root has one: in
  // rounds, those on the cycles of positions without a rank (cycleTargets(); a position
  // above the cycles gets a rank once they are broken), the deepest first. The walkers make
  // the repairs (work()), walking each repair's positions before they take the next one;
  // ranks follow the new positions and moves as they come (settle()), so that a target
  // ranked meanwhile is passed over, and the round ends with the ranks found afresh.
  while (nodes_[0].rank < 0) {
    targets_ = cycleTargets();
    nextTarget_ = 0;
    added_ = false;
    if (!expandAll()) return false;
    targets_.clear();
    if (!added_) {
      throw engine::InputError(
          "proof table: every strategy the walk found for the root's side repeats a "
          "position (a cycle under simple ko): no proof that it forces its value");
    }
    // The ranks settle() kept against their from-scratch twin: the same positions ranked,
    // none below its least rank.
    std::vector<int32_t> kept(nodes_.size());
    for (size_t i = 0; i < nodes_.size(); ++i) kept[i] = nodes_[i].rank;
    ranks();
    for (size_t i = 0; i < nodes_.size(); ++i) {
      const int32_t r = nodes_[i].rank;
      if ((r < 0) != (kept[i] < 0) || kept[i] < r) {
        throw std::logic_error("proof table: the walk's node " + std::to_string(i) +
                               " was ranked " + std::to_string(kept[i]) + " as the repairs went, " +
                               std::to_string(r) + " afresh");
      }
    }
  }
  live_ = false;
  std::vector<uint32_t>().swap(rfirst_), std::vector<uint32_t>().swap(rparents_);
  extraParents_.clear();
  return true;
}

std::vector<SolutionEntry> ForcedWalk::entries() const {
  std::vector<SolutionEntry> out;
  for (const uint32_t n : reachable()) {
    const Node& x = nodes_[n];
    SolutionEntry e;
    e.key = x.key;
    e.value = x.flags & ROOT_SIDE ? target_ : -target_;
    e.best = SOME_BEST | (x.flags & ROOT_SIDE && !(x.flags & LEAF) ? moveMask({x.chosen}) : 0);
    out.push_back(e);
  }
  std::sort(out.begin(), out.end(),
            [](const SolutionEntry& a, const SolutionEntry& b) { return a.key < b.key; });
  return out;
}

// The node of a visit, created on first sight (valued when the walk gets to it).
uint32_t ForcedWalk::node(const walk::Visit& v) {
  int sym = 0;
  return nodeOfKey(canonicalKeyWithKo(g_, v.own, v.opp, v.ko, sym), v.rootSide);
}

uint32_t ForcedWalk::nodeOfKey(uint64_t key, bool rootSide) {
  if (slots_.empty() && !nodes_.empty()) reindex();  // ranks() frees the index
  if (const int64_t at = find(key, rootSide); at >= 0) return static_cast<uint32_t>(at);
  if (nodes_.size() >= std::numeric_limits<uint32_t>::max() - 1) {
    throw engine::InputError("proof table: the walk has more than 2^32 positions");
  }
  Node x;
  x.key = key;
  x.flags = rootSide ? ROOT_SIDE : 0;
  nodes_.push_back(x);
  const auto id = static_cast<uint32_t>(nodes_.size() - 1);
  index(id);
  pending_.push_back(id);
  return id;
}

int64_t ForcedWalk::find(uint64_t key, bool rootSide) const {
  if (slots_.empty()) return -1;
  const size_t mask = slots_.size() - 1;
  for (size_t i = slotHash(key, rootSide) & mask;; i = (i + 1) & mask) {
    const uint32_t s = slots_[i];
    if (s == 0) return -1;
    const Node& x = nodes_[s - 1];
    if (x.key == key && ((x.flags & ROOT_SIDE) != 0) == rootSide) return s - 1;
  }
}

// Indexes node id (the last one created), doubling the index when it would pass half full.
void ForcedWalk::index(uint32_t id) {
  if (nodes_.size() * 2 <= slots_.size()) {
    place(id);
    return;
  }
  slots_.assign(std::max<size_t>(size_t{1} << 16, slots_.size() * 2), 0);
  for (size_t n = 0; n < nodes_.size(); ++n) place(static_cast<uint32_t>(n));
}

// Indexes every node afresh, at most half full.
void ForcedWalk::reindex() {
  size_t slots = size_t{1} << 16;
  while (slots < 2 * nodes_.size()) slots *= 2;
  slots_.assign(slots, 0);
  for (size_t i = 0; i < nodes_.size(); ++i) place(static_cast<uint32_t>(i));
}

void ForcedWalk::place(uint32_t id) {
  const size_t mask = slots_.size() - 1;
  size_t i = slotHash(nodes_[id].key, nodes_[id].flags & ROOT_SIDE) & mask;
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = id + 1;
}

// Whether node n is a leaf (its static bounds give its value), checking that value. Under
// simple ko alone a game state's value is its position's and ban's (no other history), so a
// position valued in one place of the walk is valued everywhere it recurs.
bool ForcedWalk::isLeaf(uint32_t n) const {
  const Node& x = nodes_[n];
  const Mask own = x.key & g_.all(), opp = x.key >> 32;
  const ScoreBounds b = boundsAfterPasses(g_, own, opp, 0, so_.safety);
  if (b.lower != b.upper) return false;
  const bool rootSide = x.flags & ROOT_SIDE;
  if (haveTarget_ && b.lower != (rootSide ? target_ : -target_)) {
    throw std::logic_error("proof table: " + diagramOf(g_, own, opp) + " (to move) is worth " +
                           std::to_string(b.lower) + ", not " +
                           std::to_string(rootSide ? target_ : -target_));
  }
  return true;
}

// The root's value, which sets the target: its static bounds, else a solve. False when the
// time ran out.
bool ForcedWalk::solveRoot(uint32_t n) {
  const Node& x = nodes_[n];
  const Mask own = x.key & g_.all(), opp = x.key >> 32;
  const ScoreBounds b = boundsAfterPasses(g_, own, opp, 0, so_.safety);
  int value = b.lower;
  if (b.lower != b.upper) {
    if (!timed(solver_, 0)) return false;
    Position pos;
    pos.black = own, pos.white = opp, pos.ko = koOfKey(g_, x.key);
    if (hooks_.solving) withLock([&] { hooks_.solving(own, opp); });
    const SolveResult r = solver_.solve(pos);
    pr_.nodes += r.nodes;
    if (!r.exact) {
      if (o_.maxSeconds > 0 && secondsSince(start_) >= o_.maxSeconds) return false;
      throw engine::InputError("proof table: the root was not solved");
    }
    value = static_cast<int>(r.value);
  }
  if (std::abs(value) != g_.points()) {
    throw engine::InputError(
        "proof table: under simple-forced rules only a root whose value is the whole "
        "board (" +
        std::to_string(g_.points()) + " or -" + std::to_string(g_.points()) +
        ") is taken; this root's value is " + std::to_string(value));
  }
  target_ = value, haveTarget_ = true;
  return true;
}

// Walks every pending node, the last found first, on o.walkers threads (work()). A leaf
// is done; a root-side position gets its first move that keeps the value, the other
// side's every legal move and the pass (found in reverse, so that the walk goes on centre
// first, as the other builds do).
//
// Why no other position is solved: a root-side position's move is kept only when a search
// proves that the other side's value after it, in the game state (with the ban, and with
// the pass made after a pass), is minus the target, the least it can be; so that other-side
// position is worth minus the target, also as a fresh start after a pass (one pass made
// only adds the option to end the game). Then every move from it, and its pass, leaves the
// root's side the target, the most it can get; and the move kept there proves the target
// again as the game state stands (as a fresh start, which is what the key holds). The
// root alone is solved, to set the target. Skipping those solves (which the solver's table
// mostly answered) made the 5x5 walk 1.6 times as fast (docs/SOLVER.md, "Session 42").
// False when the time ran out (the nodes being expanded stay on the list).
bool ForcedWalk::expandAll() {
  if (pending_.empty() && nextTarget_ >= targets_.size()) return true;
  if (!haveTarget_ && !solveRoot(pending_.back())) return false;
  stop_ = false;
  failure_ = nullptr;
  std::vector<std::thread> others;
  for (int w = 1; w < o_.walkers; ++w) others.emplace_back([this, w] { work(w); });
  work(0);
  for (std::thread& t : others) t.join();
  if (failure_) std::rethrow_exception(failure_);
  return !stop_;
}

// Walker w: takes the last pending position no walker has, finds its moves outside the
// lock, adds them under it; until nothing is pending and no walker is busy, the time runs
// out or a walker fails. Walker 0 saves the checkpoint when it is due.
void ForcedWalk::work(int w) {
  Solver& solver = w == 0 ? solver_ : *helpers_[w - 1];
  try {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      if (stop_ || failure_) return;
      if (w == 0) maybeSave(lock);
      int64_t n = take();
      if (n >= 0) {
        nodes_[n].flags |= BUSY;
        ++busy_;
        lock.unlock();
        const Expansion e = expand(static_cast<uint32_t>(n), solver);
        lock.lock();
        nodes_[n].flags &= ~BUSY;
        --busy_;
        pr_.nodes += e.nodes;
        if (e.stop) {
          stop_ = true;
          cv_.notify_all();
          return;
        }
        apply(static_cast<uint32_t>(n), e);
        cv_.notify_all();
        continue;
      }
      n = takeTarget();
      if (n >= 0) {
        if (!repair(static_cast<uint32_t>(n), solver, lock)) return;
        continue;
      }
      if (busy_ == 0) {
        cv_.notify_all();
        return;
      }
      cv_.wait(lock);
    }
  } catch (...) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!failure_) failure_ = std::current_exception();
    cv_.notify_all();
  }
}

// The next target of this round's repairs still without a rank or a move to try (-1: none).
int64_t ForcedWalk::takeTarget() {
  if (nodes_[0].rank >= 0) nextTarget_ = targets_.size();  // done: the root has a rank
  while (nextTarget_ < targets_.size()) {
    const uint32_t n = targets_[nextTarget_++];
    pr_.repairsLeft = targets_.size() - nextTarget_;
    const Node& x = nodes_[n];
    if (x.rank < 0 && !(x.flags & (LEAF | EXHAUSTED | BUSY))) return n;
  }
  return -1;
}

// Gives root-side node n its next move that keeps the value, searched outside the lock
// (held on entry and exit); its position goes on the pending list. False when the time ran
// out.
bool ForcedWalk::repair(uint32_t n, Solver& solver, std::unique_lock<std::mutex>& lock) {
  Repair& r = repairs_[n];  // references into the map stay valid as it grows
  std::vector<int> tried;
  forWalked(n, [&](int p, uint32_t) { tried.push_back(p); });
  tried.insert(tried.end(), r.ruledOut.begin(), r.ruledOut.end());
  nodes_[n].flags |= BUSY;
  ++busy_;
  pr_.seconds = secondsSince(start_);
  if (hooks_.valued) hooks_.valued();
  lock.unlock();
  uint64_t searched = 0;
  std::vector<int8_t> ruledOut;
  const int p = nextMove(n, tried, &ruledOut, solver, searched);
  lock.lock();
  nodes_[n].flags &= ~BUSY;
  --busy_;
  pr_.nodes += searched;
  r.ruledOut.insert(r.ruledOut.end(), ruledOut.begin(), ruledOut.end());
  cv_.notify_all();
  if (p == STOP_MOVE) {
    stop_ = true;  // the others see it when they wake (notified above, under the lock)
    return false;
  }
  if (p == NO_MOVE) {
    nodes_[n].flags |= EXHAUSTED;
    return true;
  }
  const uint32_t c = walkMove(n, p);
  r.walked.emplace_back(static_cast<int8_t>(p), c);
  extraParents_[c].push_back(n);
  settle(n);
  ++pr_.repaired;
  added_ = true;
  return true;
}

// The last pending node that is neither expanded nor taken by a walker (-1: none); expanded
// nodes on top of the list are dropped.
int64_t ForcedWalk::take() {
  while (!pending_.empty() && (nodes_[pending_.back()].flags & EXPANDED)) pending_.pop_back();
  for (size_t i = pending_.size(); i-- > 0;) {
    const uint8_t f = nodes_[pending_[i]].flags;
    if (!(f & (EXPANDED | BUSY))) return pending_[i];
  }
  return -1;
}

// Finds what node n adds to the walk (no lock held: reads only n's key and the target).
ForcedWalk::Expansion ForcedWalk::expand(uint32_t n, Solver& solver) {
  Expansion e;
  e.leaf = isLeaf(n);
  if (e.leaf) return e;
  const walk::Visit v = visitOf(n);
  const CompactBoard board = walk::boardOf(g_, v.own, v.opp, v.ko);
  int sym = 0;
  if (v.rootSide) {
    e.move = nextMove(n, {}, nullptr, solver, e.nodes);
    if (e.move == STOP_MOVE) {
      e.stop = true;
      return e;
    }
    const walk::Visit c = walk::childOf(board, e.move, true);
    e.keys[e.count++] = canonicalKeyWithKo(g_, c.own, c.opp, c.ko, sym);
    return e;
  }
  auto add = [&](int p) {
    const walk::Visit c = walk::childOf(board, p, false);
    e.keys[e.count++] = canonicalKeyWithKo(g_, c.own, c.opp, c.ko, sym);
  };
  if (!walk::passEnds(g_, v.own, v.opp, target_, so_.safety)) add(-1);
  for (int i = g_.points() - 1; i >= 0; --i) {
    const int p = g_.centreFirst()[i];
    if (board.isLegal(p, engine::Color::Black)) add(p);
  }
  return e;
}

// Adds what a walker found for node n (under the lock).
void ForcedWalk::apply(uint32_t n, const Expansion& e) {
  if (e.leaf) {
    nodes_[n].flags |= LEAF;
  } else {
    const bool rootSide = nodes_[n].flags & ROOT_SIDE;
    nodes_[n].edges = edges_.size();
    nodes_[n].count = static_cast<uint8_t>(e.count);
    if (rootSide) nodes_[n].move = static_cast<int8_t>(e.move);
    for (int i = 0; i < e.count; ++i) {
      const uint32_t c = nodeOfKey(e.keys[i], !rootSide);
      edges_.push_back(c);
      if (live_) extraParents_[c].push_back(n);
    }
  }
  nodes_[n].flags |= EXPANDED;
  settle(n);
  ++valued_;
  pr_.entries = valued_;
  pr_.lastValue = nodes_[n].flags & ROOT_SIDE ? target_ : -target_;
  pr_.seconds = secondsSince(start_);
  if (hooks_.valued) hooks_.valued();
}

// Root-side node n's move p, walked after the walk was complete: its position's node.
uint32_t ForcedWalk::walkMove(uint32_t n, int p) {
  return node(walk::childOf(boardOf(n), p, true));
}

// The moves walked from node n with their positions, in the order walked.
template <class F>
void ForcedWalk::forWalked(uint32_t n, F&& f) const {
  const Node& x = nodes_[n];
  if (x.flags & ROOT_SIDE) {
    if (x.count) f(static_cast<int>(x.move), edges_[x.edges]);
    if (const auto it = repairs_.find(n); it != repairs_.end()) {
      for (const auto& [p, c] : it->second.walked) f(static_cast<int>(p), c);
    }
    return;
  }
  for (uint8_t i = 0; i < x.count; ++i) f(-2, edges_[x.edges + i]);
}

// The ranks of every node, as retrograde analysis finds them: a leaf 0, a root-side node
// one more than the least rank among its walked moves' positions (the earliest walked on a
// tie), an other-side node one more than the largest once all are ranked. Breadth first
// from the leaves over the moves reversed (built here, 9 bytes a node and 4 a move, in the
// index's place), so nodes are ranked in increasing order and each move is followed back
// once: when a node of rank r is taken, every node of rank r has been found, so a
// root-side parent ranked now can pick the earliest of its moves to one.
void ForcedWalk::ranks() {
  const size_t n = nodes_.size();
  // The index is not needed here: its memory goes to the reversed moves (node() builds it
  // again when a repair adds a position).
  std::vector<uint32_t>().swap(slots_);
  uint64_t moves = edges_.size();
  for (const auto& [node, r] : repairs_) moves += r.walked.size();
  if (moves >= std::numeric_limits<uint32_t>::max()) {
    throw engine::InputError("proof table: the walk has more than 2^32 moves");
  }
  extraParents_.clear();
  std::vector<uint32_t>& first = rfirst_;  // the parents of node c: parents[first[c], first[c + 1])
  first.assign(n + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    forWalked(static_cast<uint32_t>(i), [&](int, uint32_t c) { ++first[c + 1]; });
  }
  for (size_t i = 0; i < n; ++i) first[i + 1] += first[i];
  std::vector<uint32_t>& parents = rparents_;
  parents.assign(first[n], 0);
  {
    std::vector<uint32_t> at(first.begin(), first.end() - 1);
    for (size_t i = 0; i < n; ++i) {
      forWalked(static_cast<uint32_t>(i),
                [&](int, uint32_t c) { parents[at[c]++] = static_cast<uint32_t>(i); });
    }
  }
  std::vector<uint8_t> unranked(n);  // other side: moves whose positions have no rank yet
  std::vector<uint32_t> queue;
  for (size_t i = 0; i < n; ++i) {
    Node& x = nodes_[i];
    x.chosen = NO_MOVE;
    x.rank = x.flags & LEAF ? 0 : -1;
    unranked[i] = x.count;
    if (x.rank == 0) queue.push_back(static_cast<uint32_t>(i));
  }
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint32_t m = queue[head];
    const int r = nodes_[m].rank;
    for (uint32_t k = first[m]; k < first[m + 1]; ++k) {
      const uint32_t p = parents[k];
      Node& x = nodes_[p];
      if (x.rank >= 0 || !(x.flags & EXPANDED)) continue;
      if (x.flags & ROOT_SIDE) {
        forWalked(p, [&](int move, uint32_t c) {
          if (x.chosen == NO_MOVE && nodes_[c].rank == r) x.chosen = static_cast<int8_t>(move);
        });
      } else if (--unranked[p] > 0) {
        continue;
      }
      x.rank = r + 1;
      queue.push_back(p);
    }
  }
  live_ = true;
}

// Gives node n a rank if its walked moves allow one now (under the lock, after ranks()),
// and so on up through the positions whose moves lead to one ranked here: a leaf 0, a
// root-side position one more than the least rank among its moves' positions, an
// other-side one one more than the largest once all are ranked. The ranks found so need
// not be the least (ranks() finds those), but they fall along every kept move just the
// same.
void ForcedWalk::settle(uint32_t n) {
  if (!live_) return;
  auto rank = [&](uint32_t p) {
    Node& x = nodes_[p];
    if (x.rank >= 0 || !(x.flags & EXPANDED)) return false;
    if (x.flags & LEAF) {
      x.rank = 0;
      return true;
    }
    int least = -1, most = -1;
    bool all = true;
    int8_t chosen = NO_MOVE;
    forWalked(p, [&](int move, uint32_t c) {
      const int r = nodes_[c].rank;
      if (r < 0) {
        all = false;
      } else {
        if (least < 0 || r < least) least = r, chosen = static_cast<int8_t>(move);
        most = std::max(most, r);
      }
    });
    if (x.flags & ROOT_SIDE) {
      if (least < 0) return false;
      x.rank = least + 1, x.chosen = chosen;
      return true;
    }
    if (!all) return false;
    x.rank = most + 1;
    return true;
  };
  if (!rank(n)) return;
  std::vector<uint32_t> queue{n};
  while (!queue.empty()) {
    const uint32_t m = queue.back();
    queue.pop_back();
    if (m + 1 < rfirst_.size()) {
      for (uint32_t k = rfirst_[m]; k < rfirst_[m + 1]; ++k) {
        if (rank(rparents_[k])) queue.push_back(rparents_[k]);
      }
    }
    if (const auto it = extraParents_.find(m); it != extraParents_.end()) {
      for (const uint32_t p : it->second) {
        if (rank(p)) queue.push_back(p);
      }
    }
  }
}

// The nodes reached from the root through the kept move where a root-side node has one,
// else through all its moves walked; every move of the other side's nodes.
std::vector<uint32_t> ForcedWalk::reachable() const {
  std::vector<uint32_t> out, stack{0};
  std::vector<bool> seen(nodes_.size());
  seen[0] = true;
  while (!stack.empty()) {
    const uint32_t n = stack.back();
    stack.pop_back();
    out.push_back(n);
    const Node& x = nodes_[n];
    forWalked(n, [&](int p, uint32_t c) {
      if ((x.flags & ROOT_SIDE) && x.rank >= 0 && p != x.chosen) return;
      if (!seen[c]) seen[c] = true, stack.push_back(c);
    });
  }
  return out;
}

// The root-side positions to give a later move in this round: those on a cycle of the
// positions reached without a rank. Every such position has a move to another (a
// root-side position's walked moves all lead to unranked ones, an other-side position has
// at least one), so following them always ends on a cycle, and once no cycle is left the
// ranks reach them all. The cycles are the strongly connected sets (of two positions or
// more) of the moves between unranked positions, found by Tarjan's algorithm (iterative):
// it finishes the sets below first, and within a set lists the positions last reached
// first, so the targets come deepest first. When every root-side position on the cycles
// has no move left, every unranked root-side position reached is a target (the deepest
// first), since a move above a cycle can lead round it. Sets the round's figures in the
// progress (unranked, cycles, inCycles).
std::vector<uint32_t> ForcedWalk::cycleTargets() {
  constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();
  const std::vector<uint32_t> order = reachable();
  std::vector<uint32_t> local(nodes_.size(), NONE);  // a node's index among the unranked
  std::vector<uint32_t> ids;
  for (const uint32_t n : order) {
    if (nodes_[n].rank < 0) local[n] = static_cast<uint32_t>(ids.size()), ids.push_back(n);
  }
  const size_t m = ids.size();
  std::vector<uint32_t> first(m + 1, 0), next;  // moves between unranked nodes (local ids)
  for (size_t i = 0; i < m; ++i) {
    forWalked(ids[i], [&](int, uint32_t c) {
      if (local[c] != NONE) next.push_back(local[c]);
    });
    first[i + 1] = static_cast<uint32_t>(next.size());
  }
  std::vector<uint32_t>().swap(local);
  std::vector<uint32_t> index(m, NONE), low(m, 0), stack, targets;
  std::vector<bool> onStack(m);
  std::vector<std::pair<uint32_t, uint32_t>> calls;  // the search's path: node, next move
  uint32_t counter = 0;
  uint64_t cycles = 0, inCycles = 0;
  auto open = [&](uint32_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v), onStack[v] = true;
    calls.emplace_back(v, first[v]);
  };
  for (uint32_t s = 0; s < m; ++s) {
    if (index[s] != NONE) continue;
    open(s);
    while (!calls.empty()) {
      auto& [v, k] = calls.back();
      if (k < first[v + 1]) {
        const uint32_t w = next[k++];
        if (index[w] == NONE) {
          open(w);
        } else if (onStack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      const uint32_t done = v;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[done]);
      if (low[done] != index[done]) continue;
      const size_t top = stack.size();
      size_t bottom = top;
      do onStack[stack[--bottom]] = false;
      while (stack[bottom] != done);
      if (top - bottom > 1) {
        ++cycles, inCycles += top - bottom;
        for (size_t i = top; i-- > bottom;) {
          const Node& x = nodes_[ids[stack[i]]];
          if ((x.flags & ROOT_SIDE) && !(x.flags & EXHAUSTED)) targets.push_back(ids[stack[i]]);
        }
      }
      stack.resize(bottom);
    }
  }
  pr_.unranked = m, pr_.cycles = cycles, pr_.inCycles = inCycles;
  if (targets.empty()) {
    for (size_t i = m; i-- > 0;) {
      const Node& x = nodes_[ids[i]];
      if ((x.flags & ROOT_SIDE) && !(x.flags & EXHAUSTED)) targets.push_back(ids[i]);
    }
  }
  return targets;
}

walk::Visit ForcedWalk::visitOf(uint32_t n) const {
  const Node& x = nodes_[n];
  return {x.key & g_.all(), x.key >> 32, (x.flags & ROOT_SIDE) != 0, koOfKey(g_, x.key)};
}

CompactBoard ForcedWalk::boardOf(uint32_t n) const {
  const walk::Visit v = visitOf(n);
  return walk::boardOf(g_, v.own, v.opp, v.ko);
}

// Sets the limits of the next solve: at most `nodes` nodes (0: any) within what is left of
// maxSeconds; false when the time is up.
bool ForcedWalk::timed(Solver& solver, uint64_t nodes) const {
  double left = 0;
  if (o_.maxSeconds > 0) {
    left = o_.maxSeconds - secondsSince(start_);
    if (left <= 0) return false;
  }
  solver.setLimits(nodes, left);
  return true;
}

// The next move of root-side node n that keeps its value: its first when ruledOut is null,
// else one not in `tried` (walked or ruled out already), the moves found not to keep the
// value appended to *ruledOut. It reads only n's key and the target, so walkers call it
// without the lock. The first whose position the static bounds settle at
// minus the value for the other side, else the first after which a search proves the
// other side's value minus the value in the game (the ban and the pass count as they
// are). Legal moves in moveTestOrder, as the other builds walk (the solver table's move
// first made 3x5's walk twice as long), each tried with node budgets growing 16-fold, the
// last one unlimited for the first move (REPAIR_NODES at most for later ones), since the
// test of a move that does not keep the value can stay open at every horizon; so which
// move is found can depend on what the table holds. NO_MOVE when none is left, STOP_MOVE
// when the time ran out.
int ForcedWalk::nextMove(uint32_t n, const std::vector<int>& tried,
                         std::vector<int8_t>* ruledOutMoves, Solver& solver, uint64_t& nodes) {
  const bool first = ruledOutMoves == nullptr;
  const walk::Visit v = visitOf(n);
  const int value = target_;
  const CompactBoard board = boardOf(n);
  std::vector<int> candidates;
  for (const int p : moveTestOrder(g_, v.own, v.opp, value)) {
    if ((p < 0 || board.isLegal(p, engine::Color::Black)) &&
        std::find(tried.begin(), tried.end(), p) == tried.end()) {
      candidates.push_back(p);
    }
  }
  for (const int p : candidates) {
    const walk::Visit c = walk::childOf(board, p, true);
    const ScoreBounds cb = boundsAfterPasses(g_, c.own, c.opp, p < 0 ? 1 : 0, so_.safety);
    if (cb.lower == cb.upper && cb.lower == -value) return p;
  }
  std::vector<bool> ruledOut(candidates.size());
  solver.setFirstGuess(-value);
  if (hooks_.solving) withLock([&] { hooks_.solving(v.own, v.opp); });
  for (const uint64_t budget :
       {uint64_t{1} << 12, uint64_t{1} << 16, uint64_t{1} << 20, uint64_t{1} << 24, uint64_t{0}}) {
    if (!first && (budget == 0 || budget > REPAIR_NODES)) break;
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (ruledOut[i]) continue;
      const walk::Visit c = walk::childOf(board, candidates[i], true);
      Position child;
      child.black = c.own, child.white = c.opp, child.ko = c.ko;
      child.passes = candidates[i] < 0 ? 1 : 0;
      if (!timed(solver, budget)) return STOP_MOVE;
      const SolveResult r = solver.solve(child);
      nodes += r.nodes;
      if (!r.exact) {
        if (o_.maxSeconds > 0 && secondsSince(start_) >= o_.maxSeconds) return STOP_MOVE;
        continue;
      }
      if (static_cast<int>(r.value) == -value) return candidates[i];
      ruledOut[i] = true;
      if (ruledOutMoves) ruledOutMoves->push_back(static_cast<int8_t>(candidates[i]));
    }
  }
  if (first) {
    throw std::logic_error("proof table: no move of " + diagramOf(g_, v.own, v.opp) +
                           " keeps the value the walk gives it");
  }
  return NO_MOVE;
}

// Saves the walk under the lock and then the solver's table without it (its searches go
// on meanwhile).
void ForcedWalk::maybeSave(std::unique_lock<std::mutex>& lock) {
  if (secondsSince(lastSave_) < o_.checkpointSeconds) return;
  saveWalk();
  lastSave_ = Clock::now();
  lock.unlock();
  if (hooks_.saveSolver) hooks_.saveSolver();
  lock.lock();
}

void ForcedWalk::save() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    saveWalk();
    lastSave_ = Clock::now();
  }
  if (hooks_.saveSolver) hooks_.saveSolver();
}

// Layout (docs/TABLES.md, "proof walk"): the root's stones as given (u64 own, u64 opp),
// target (i32), whether it is known (u8), the static-bound rules (u8 territory, u8
// answers, i32 held, u8 links), the positions walked (u64), then per node its key (u64),
// first edge (u64), move (i8), edge count (u8) and flags (u8); the edges (u64 count, u32
// each); the pending nodes (u64 count, u32 each); the repairs (u64 count; per repair its
// node (u32), the moves ruled out (u8 count, i8 each) and the moves walked (u8 count, i8
// and u32 each)). Written in pieces, like the solver's table.
void ForcedWalk::saveWalk() const {
  tables::WriteOptions wo;
  wo.level = 1;
  wo.threads = 2;
  tables::TableStreamWriter file(
      file_,
      solveTableMeta(g_, solutionTableRules(o_.rules), tables::TableKind::ProofWalk,
                     PROOF_WALK_VERSION, nodes_.size(),
                     "proof table build: the walk under simple ko (" + o_.rules.name() + ")"),
      wo);
  constexpr size_t PIECE_BYTES = size_t{4} << 20;
  tables::PayloadWriter out;
  out.reserve(PIECE_BYTES + 64);
  auto flush = [&](bool always) {
    if (always || out.size() >= PIECE_BYTES) file.add(out.data()), out.clear();
  };
  out.u64(o_.own), out.u64(o_.opp);
  out.i32(target_), out.u8(haveTarget_);
  out.u8(so_.safety.territory), out.u8(so_.safety.answers), out.i32(so_.safety.held),
      out.u8(so_.safety.links);
  out.u64(nodes_.size());
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const Node& x = nodes_[i];
    out.u64(x.key), out.u64(x.edges), out.i8(x.move), out.u8(x.count), out.u8(x.flags & ~BUSY);
    flush(false);
  }
  out.u64(edges_.size());
  for (size_t i = 0; i < edges_.size(); ++i) out.u32(edges_[i]), flush(false);
  out.u64(pending_.size());
  for (const uint32_t n : pending_) out.u32(n), flush(false);
  out.u64(repairs_.size());
  for (const auto& [n, r] : repairs_) {
    out.u32(n);
    out.u8(static_cast<uint8_t>(r.ruledOut.size()));
    for (const int8_t p : r.ruledOut) out.i8(p);
    out.u8(static_cast<uint8_t>(r.walked.size()));
    for (const auto& [p, c] : r.walked) out.i8(p), out.u32(c);
    flush(false);
  }
  flush(true);
  file.finish(nodes_.size());
}

bool ForcedWalk::resume(Mask own, Mask opp) {
  if (!std::filesystem::exists(file_)) return false;
  tables::TableExpect expect = solveTableExpect(g_, solutionTableRules(o_.rules),
                                                tables::TableKind::ProofWalk, PROOF_WALK_VERSION);
  expect.kindVersion.reset();  // 1 or 2, checked below
  tables::TableStreamReader t(file_, expect);
  const std::string name = file_.string();
  const uint16_t version = t.header().meta.kindVersion;
  if (version != 1 && version != PROOF_WALK_VERSION) {
    throw tables::TableError(tables::TableErrorCode::Mismatch, name,
                             "payload layout version is " + std::to_string(version) +
                                 ", expected 1 or " + std::to_string(PROOF_WALK_VERSION));
  }
  tables::PayloadReader in([&t](uint8_t* p, size_t n) { return t.read(p, n); }, name);
  auto refuse = [&](tables::TableErrorCode code, const std::string& what) {
    throw tables::TableError(code, name, what);
  };
  if (in.u64() != own || in.u64() != opp) {
    refuse(tables::TableErrorCode::Mismatch, "the walk of another root position");
  }
  const int target = in.i32();
  const bool haveTarget = in.u8() != 0;
  if (haveTarget && std::abs(target) != g_.points()) in.fail("target out of range");
  SafetyRules s;
  s.territory = in.u8() != 0, s.answers = in.u8() != 0, s.held = in.i32(), s.links = in.u8() != 0;
  if (s.territory != so_.safety.territory || s.answers != so_.safety.answers ||
      s.held != so_.safety.held || s.links != so_.safety.links) {
    refuse(tables::TableErrorCode::Mismatch,
           "the walk was built with other static-bound rules (--answers, --held, --links), "
           "which decide its leaves");
  }
  const uint64_t count = in.u64();
  if (count != t.header().meta.entryCount || count >= std::numeric_limits<uint32_t>::max()) {
    in.fail("node count does not match the header");
  }
  walk::Blocks<Node> nodes;
  for (uint64_t i = 0; i < count; ++i) {
    Node x;
    x.key = in.u64(), x.edges = in.u64(), x.move = in.i8(), x.count = in.u8(), x.flags = in.u8();
    const Mask o = x.key & g_.all(), p = x.key >> 32;
    const int ko = koOfKey(g_, x.key);
    if ((o & p) || (p & ~g_.all()) || ko < -1 || ko >= g_.points() || x.flags > 15 ||
        x.move < NO_MOVE || x.move >= g_.points() || x.count > g_.points() + 1) {
      in.fail("node " + std::to_string(i) + " is not a walk position");
    }
    nodes.push_back(x);
  }
  const uint64_t edgeCount = in.u64();
  walk::Blocks<uint32_t> edges;
  for (uint64_t i = 0; i < edgeCount; ++i) {
    const uint32_t c = in.u32();
    if (c >= count) in.fail("an edge to no node");
    edges.push_back(c);
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].edges + nodes[i].count > edgeCount) in.fail("a node's edges out of range");
  }
  const uint64_t pendingCount = in.u64();
  if (pendingCount > count) in.fail("more pending nodes than nodes");
  std::vector<uint32_t> pending;
  pending.reserve(pendingCount);
  for (uint64_t i = 0; i < pendingCount; ++i) {
    pending.push_back(in.u32());
    if (pending.back() >= count) in.fail("a pending node that is not one");
  }
  const uint64_t repairCount = in.u64();
  if (repairCount > count) in.fail("more repaired nodes than nodes");
  std::unordered_map<uint32_t, Repair> repairs;
  for (uint64_t i = 0; i < repairCount; ++i) {
    const uint32_t n = in.u32();
    if (n >= count || !(nodes[n].flags & ROOT_SIDE)) in.fail("a repair of no root-side node");
    Repair& r = repairs[n];
    for (int k = in.u8(); k > 0; --k) r.ruledOut.push_back(in.i8());
    for (int k = in.u8(); k > 0; --k) {
      const int8_t p = in.i8();
      const uint32_t c = in.u32();
      if (c >= count) in.fail("a repair move to no node");
      r.walked.emplace_back(p, c);
    }
  }
  if (!in.atEnd()) in.fail("bytes after the walk");  // also checks the content checksum
  if (count > 0 && nodes[0].key != [&] {
        int sym = 0;
        return canonicalKeyWithKo(g_, own, opp, -1, sym);
      }()) {
    refuse(tables::TableErrorCode::Mismatch, "the walk's first position is not its root");
  }
  if (version == 1 && haveTarget) {
    // The other side's passes that end the game were walked as moves to the fresh start:
    // each such node's first move (the pass, walked first) is dropped.
    for (size_t i = 0; i < nodes.size(); ++i) {
      Node& x = nodes[i];
      if ((x.flags & ROOT_SIDE) || x.count == 0) continue;
      const Mask o = x.key & g_.all(), p = x.key >> 32;
      int sym = 0;
      if (nodes[edges[x.edges]].key == canonicalKeyWithKo(g_, p, o, -1, sym) &&
          walk::passEnds(g_, o, p, target, so_.safety)) {
        ++x.edges, --x.count;
      }
    }
  }
  nodes_ = std::move(nodes);
  edges_ = std::move(edges);
  pending_ = std::move(pending);
  repairs_ = std::move(repairs);
  target_ = target, haveTarget_ = haveTarget;
  valued_ = 0;
  for (size_t i = 0; i < nodes_.size(); ++i) valued_ += (nodes_[i].flags & EXPANDED) != 0;
  reindex();
  return true;
}

}  // namespace solve
