#include "solve/proof_table.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/board/errors.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/solver_state.hpp"
#include "solve/tt.hpp"
#include "tables/table_file.hpp"

namespace solve {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// A position of the walk: the mover's stones, the other side's, and whether the mover is
// the root's mover (one optimal move followed) or the other side (every move followed).
struct Visit {
  Mask own = 0, opp = 0;
  bool rootSide = true;
  int ko = -1;           // simple-forced walks: the point simple ko bars the mover from (-1: none)
  bool leaving = false;  // checkForced: the walk has finished below this position
};

// The position after the mover of `board` (as Black) plays p (a legal point; -1 the pass),
// from the other side's view, with the ban simple ko puts on it.
Visit childOf(const CompactBoard& board, int p, bool rootSide) {
  if (p < 0) return {board.white(), board.black(), !rootSide, -1};
  CompactBoard next = board;
  next.play(p, engine::Color::Black);
  return {next.white(), next.black(), !rootSide,
          next.koColor() == engine::Color::White ? next.koPoint() : -1};
}

// The board of a walk's position: the mover as Black, barred from ko (-1: none).
CompactBoard boardOf(const Geometry& g, Mask own, Mask opp, int ko) {
  CompactBoard board(g);
  board.setRaw(own, opp, ko, ko < 0 ? engine::Color::Empty : engine::Color::Black);
  return board;
}

// First-best tables: the move list of a leaf whose static bounds give its value v (mover's
// view), found without search: the first move in moveTestOrder after which the static
// bounds give -v for the other side, marked partial (SOME_BEST); 0 when there is none, and
// the leaf is solved like any other position. Testing such a position's moves can start a
// whole new game: on 4x5, filling one of its own eyes lets the other side capture nearly
// the whole board.
uint64_t staticLeafMoves(const Geometry& g, Mask own, Mask opp, int v, const SolveOptions& so) {
  CompactBoard board(g);
  board.setRaw(own, opp, -1, engine::Color::Empty);
  for (const int p : moveTestOrder(g, own, opp, v)) {
    if (p < 0) {  // the pass: the position scored as it stands is also possible after it
      const ScoreBounds c = boundsAfterPasses(g, opp, own, 1, so.safety);
      if (c.lower == c.upper && c.lower == -v) return PASS_BIT | SOME_BEST;
      continue;
    }
    if (!board.isLegal(p, engine::Color::Black)) continue;
    CompactBoard next = board;
    next.play(p, engine::Color::Black);
    const ScoreBounds c = boundsAfterPasses(g, next.white(), next.black(), 0, so.safety);
    if (c.lower == c.upper && c.lower == -v) return (uint64_t{1} << p) | SOME_BEST;
  }
  return 0;
}

// The walk of a proof table under simple ko alone (buildProofTable with simple-forced
// rules). Its positions are game states: a position and the point simple ko bars its mover
// from, keyed by canonicalKeyWithKo, so that a proof that needs a ko's ban is kept. The
// root's value must be the whole board for one side (target): then every position of the
// walk has a value, target where the root's side is to move and -target elsewhere, and a
// search that asks for it alone (MTD(f) from it; one-sided with SolveOptions'
// oneSidedFirstOnly) proves it. A leaf keeps its value alone. At the root side's
// positions the walk follows one move that keeps the value, at the other side's every
// legal move and the pass.
//
// Under simple ko a move that keeps the value need not make progress: the first such move
// at each position can make the walk's positions a cycle (a ko taken back and forth), and
// then the relations hold while the game never ends (3x5: 30 cycles). So each position
// gets a rank, the number of moves within which the walk's moves reach leaves, as
// retrograde analysis finds it: a leaf 0; a root-side position one more than the first of
// its moves' positions to be ranked; an other-side position, once all its moves'
// positions are, one more than the largest. Ranks fall along every move the table keeps,
// so its positions form no cycle. When the walk is complete and the root has no rank,
// every root-side position reached without one gets its next move that keeps the value,
// whose positions are walked in turn, until the root has a rank. The table holds the
// positions reached from the root through the ranked moves.
class ForcedWalk {
 public:
  ForcedWalk(const Geometry& g, const ProofTableOptions& o, const SolveOptions& so, Solver& solver,
             std::unordered_map<uint64_t, SolutionEntry>& solved, BuildProgress& pr,
             Clock::time_point start, std::function<void(Mask, Mask)> solving,
             std::function<void()> solvedOne)
      : g_(g),
        o_(o),
        so_(so),
        solver_(solver),
        solved_(solved),
        pr_(pr),
        start_(start),
        solving_(std::move(solving)),
        solvedOne_(std::move(solvedOne)) {}

  // Walks from the root and leaves in `solved` the entries of the ranked strategy. False
  // when maxSeconds ran out.
  bool run(Mask own, Mask opp) {
    const int root = node({own, opp, true, -1});
    if (root < 0 || !expandAll()) return false;
    // Root-side positions without a rank get their next move, until the root has one.
    while (nodes_[root].rank < 0) {
      bool added = false;
      for (const int n : reachable(root)) {
        Node& b = nodes_[n];
        if (!b.rootSide || b.rank >= 0 || b.exhausted) continue;
        const int p = nextMove(b);
        if (p == STOP_MOVE) return false;
        if (p == NO_MOVE) {
          nodes_[n].exhausted = true;
          continue;
        }
        if (!addMove(n, p) || !expandAll()) return false;
        added = true;
        if (nodes_[root].rank >= 0) break;
      }
      if (!added) {
        throw engine::InputError(
            "proof table: every strategy the walk found for the root's side repeats a "
            "position (a cycle under simple ko): no proof that it forces its value");
      }
    }
    // The table: the positions reached through the ranked moves.
    std::unordered_map<uint64_t, SolutionEntry> kept;
    for (const int n : reachable(root)) {
      const Node& x = nodes_[n];
      SolutionEntry e = solved_.at(x.key);
      e.best = SOME_BEST | (x.rootSide && !x.leaf ? moveMask({x.chosen}) : 0);
      kept.emplace(x.key, e);
    }
    solved_.swap(kept);
    return true;
  }

 private:
  static constexpr int NO_MOVE = -2, STOP_MOVE = -3;
  // Node budget of each test of a position's later moves (its first is searched for
  // without a limit): a move that does not keep the value can stay open at every horizon.
  static constexpr uint64_t REPAIR_NODES = uint64_t{1} << 20;

  struct Node {
    uint64_t key = 0;
    bool rootSide = true, leaf = false, expanded = false, exhausted = false;
    int rank = -1;                           // -1: none yet
    int chosen = -2;                         // root side: the move that gave the rank
    int unranked = 0;                        // other side: moves whose positions have no rank yet
    int maxRank = 0;                         // other side: the largest rank among them so far
    std::vector<std::pair<int, int>> moves;  // (move, node) walked from here
    std::vector<int> parents;                // a node once per move that leads here
    std::vector<int> tried;                  // root side: the moves walked
  };

  // The node of a visit, created on first sight (valued when the walk gets to it).
  int node(const Visit& v) {
    int sym = 0;
    const uint64_t key = canonicalKeyWithKo(g_, v.own, v.opp, v.ko, sym);
    const int side = v.rootSide ? 0 : 1;
    if (const auto at = ids_[side].find(key); at != ids_[side].end()) return at->second;
    Node x;
    x.key = key, x.rootSide = v.rootSide;
    const int id = static_cast<int>(nodes_.size());
    nodes_.push_back(std::move(x));
    ids_[side].emplace(key, id);
    pending_.push_back(id);
    return id;
  }

  // Values node n: a leaf by its static bounds, else by a solve (the first sets the
  // target). False when the time ran out.
  bool value(int n) {
    const uint64_t key = nodes_[n].key;
    const bool rootSide = nodes_[n].rootSide;
    const Mask own = key & g_.all(), opp = key >> 32;  // canonical orientation
    const int ko = koOfKey(g_, key);
    const ScoreBounds b = boundsAfterPasses(g_, own, opp, 0, so_.safety);
    nodes_[n].leaf = b.lower == b.upper;
    auto it = solved_.find(key);
    if (it == solved_.end()) {
      SolutionEntry e;
      e.key = key;
      e.value = b.lower;
      if (!nodes_[n].leaf) {
        if (!timed(0)) return false;
        Position pos;
        pos.black = own, pos.white = opp, pos.ko = ko;
        solving_(own, opp);
        if (haveTarget_) solver_.setFirstGuess(rootSide ? target_ : -target_);
        const SolveResult r = solver_.solve(pos);
        pr_.nodes += r.nodes;
        if (!r.exact) {
          if (o_.maxSeconds > 0 && secondsSince(start_) >= o_.maxSeconds) return false;
          throw engine::InputError(
              "proof table: a position was not solved: " + diagramOf(g_, own, opp) + " (to move)");
        }
        e.value = static_cast<int>(r.value);
      }
      if (!haveTarget_) {
        if (std::abs(e.value) != g_.points()) {
          throw engine::InputError(
              "proof table: under simple-forced rules only a root whose value is the whole "
              "board (" +
              std::to_string(g_.points()) + " or -" + std::to_string(g_.points()) +
              ") is taken; this root's value is " + std::to_string(e.value));
        }
        target_ = e.value, haveTarget_ = true;
      }
      it = solved_.emplace(key, e).first;
      pr_.entries = solved_.size();
      pr_.lastValue = e.value;
      pr_.seconds = secondsSince(start_);
      solvedOne_();
    }
    if (it->second.value != (rootSide ? target_ : -target_)) {
      throw std::logic_error("proof table: " + diagramOf(g_, own, opp) + " (to move) is worth " +
                             std::to_string(it->second.value) + ", not " +
                             std::to_string(rootSide ? target_ : -target_));
    }
    return true;
  }

  // Walks every pending node, the last found first: it is valued; a leaf is ranked; a
  // root-side position gets its first move that keeps the value, the other side's every
  // legal move and the pass (found in reverse, so that the walk goes on centre first, as
  // the other builds do). False when the time ran out.
  bool expandAll() {
    while (!pending_.empty()) {
      const int n = pending_.back();
      pending_.pop_back();
      if (nodes_[n].expanded) continue;
      if (!value(n)) return false;
      nodes_[n].expanded = true;
      if (nodes_[n].leaf) {
        nodes_[n].rank = 0;
        passRankUp(n);
        continue;
      }
      if (nodes_[n].rootSide) {
        const int p = nextMove(nodes_[n]);
        if (p == STOP_MOVE || !addMove(n, p)) return false;
        continue;
      }
      const CompactBoard board = boardOf(nodes_[n]);
      std::vector<int> moves{-1};
      for (int i = g_.points() - 1; i >= 0; --i) {
        const int p = g_.centreFirst()[i];
        if (board.isLegal(p, engine::Color::Black)) moves.push_back(p);
      }
      nodes_[n].unranked = static_cast<int>(moves.size());
      for (const int p : moves) {
        if (!addMove(n, p)) return false;
      }
    }
    return true;
  }

  // Walks move p of node n: its position's node, linked both ways; ranks flow up at once
  // when that position has one. False when the time ran out.
  bool addMove(int n, int p) {
    const int c = node(childOf(boardOf(nodes_[n]), p, nodes_[n].rootSide));
    if (c < 0) return false;
    nodes_[n].moves.emplace_back(p, c);
    nodes_[c].parents.push_back(n);
    if (nodes_[n].rootSide) nodes_[n].tried.push_back(p);
    if (nodes_[c].rank >= 0 && childRanked(n, p, nodes_[c].rank)) passRankUp(n);
    return true;
  }

  // Node n's move p leads to a position of rank r: n's rank where that settles it (root
  // side: the first move so ranked, which n keeps; other side: the last of its moves to be
  // ranked). True when n got its rank now.
  bool childRanked(int n, int p, int r) {
    Node& x = nodes_[n];
    if (x.rank >= 0) return false;
    if (x.rootSide) {
      x.chosen = p, x.rank = r + 1;
      return true;
    }
    x.maxRank = std::max(x.maxRank, r);
    if (--x.unranked > 0) return false;
    x.rank = x.maxRank + 1;
    return true;
  }

  // Passes the rank of n up to every position with a move to it, and on (iteratively:
  // ranks can flow up long chains).
  void passRankUp(int n) {
    std::vector<int> todo{n};
    while (!todo.empty()) {
      const int m = todo.back();
      todo.pop_back();
      for (const int parent : nodes_[m].parents) {
        int p = -2;  // the move to m (only a root-side parent keeps it)
        if (nodes_[parent].rootSide) {
          for (const auto& [move, c] : nodes_[parent].moves) {
            if (c == m) {
              p = move;
              break;
            }
          }
        }
        if (childRanked(parent, p, nodes_[m].rank)) todo.push_back(parent);
      }
    }
  }

  // The nodes reached from `root` through the ranked moves where a root-side node has one,
  // else through all its moves walked; every move of the other side's nodes.
  std::vector<int> reachable(int root) const {
    std::vector<int> out, stack{root};
    std::vector<bool> seen(nodes_.size());
    seen[root] = true;
    while (!stack.empty()) {
      const int n = stack.back();
      stack.pop_back();
      out.push_back(n);
      const Node& x = nodes_[n];
      for (const auto& [p, c] : x.moves) {
        if (x.rootSide && x.rank >= 0 && p != x.chosen) continue;
        if (!seen[c]) seen[c] = true, stack.push_back(c);
      }
    }
    return out;
  }

  CompactBoard boardOf(const Node& x) const {
    return solve::boardOf(g_, x.key & g_.all(), x.key >> 32, koOfKey(g_, x.key));
  }

  // Sets the limits of the next solve: at most `nodes` nodes (0: any) within what is left
  // of maxSeconds; false when the time is up.
  bool timed(uint64_t nodes) {
    double left = 0;
    if (o_.maxSeconds > 0) {
      left = o_.maxSeconds - secondsSince(start_);
      if (left <= 0) return false;
    }
    solver_.setLimits(nodes, left);
    return true;
  }

  // The next move of root-side node x that keeps its value, other than `tried`: the first
  // whose position the static bounds settle at -value for the other side, else the first
  // after which a search proves the other side's value -value in the game (the ban and
  // the pass count as they are). Legal moves in moveTestOrder, as the other builds walk
  // (the solver table's move first made 3x5's walk twice as long), each tried with node
  // budgets growing 16-fold, the last one unlimited for the first move (REPAIR_NODES at
  // most for later ones), since the test of a move that does not keep the value can stay
  // open at every horizon; so which move is found can depend on what the table holds.
  // Moves found not to keep it join x.tried. NO_MOVE when none is left, STOP_MOVE when
  // the time ran out.
  int nextMove(Node& x) {
    const std::vector<int>& tried = x.tried;
    const bool first = x.moves.empty();
    const Mask own = x.key & g_.all(), opp = x.key >> 32;
    const int value = target_;
    const CompactBoard board = boardOf(x);
    std::vector<int> candidates;
    for (const int p : moveTestOrder(g_, own, opp, value)) {
      if ((p < 0 || board.isLegal(p, engine::Color::Black)) &&
          std::find(tried.begin(), tried.end(), p) == tried.end()) {
        candidates.push_back(p);
      }
    }
    for (const int p : candidates) {
      const Visit c = childOf(board, p, true);
      const ScoreBounds cb = boundsAfterPasses(g_, c.own, c.opp, p < 0 ? 1 : 0, so_.safety);
      if (cb.lower == cb.upper && cb.lower == -value) return p;
    }
    std::vector<bool> ruledOut(candidates.size());
    solver_.setFirstGuess(-value);
    for (const uint64_t budget : {uint64_t{1} << 12, uint64_t{1} << 16, uint64_t{1} << 20,
                                  uint64_t{1} << 24, uint64_t{0}}) {
      if (!first && budget > REPAIR_NODES) break;
      for (size_t i = 0; i < candidates.size(); ++i) {
        if (ruledOut[i]) continue;
        const Visit c = childOf(board, candidates[i], true);
        Position child;
        child.black = c.own, child.white = c.opp, child.ko = c.ko;
        child.passes = candidates[i] < 0 ? 1 : 0;
        if (!timed(budget)) return STOP_MOVE;
        const SolveResult r = solver_.solve(child);
        pr_.nodes += r.nodes;
        if (!r.exact) continue;
        if (static_cast<int>(r.value) == -value) return candidates[i];
        ruledOut[i] = true;
        x.tried.push_back(candidates[i]);  // not tried again
      }
    }
    if (first) {
      throw std::logic_error("proof table: no move of " + diagramOf(g_, own, opp) +
                             " keeps the value its solve found");
    }
    return NO_MOVE;
  }

  const Geometry& g_;
  const ProofTableOptions& o_;
  const SolveOptions& so_;
  Solver& solver_;
  std::unordered_map<uint64_t, SolutionEntry>& solved_;  // every position valued so far
  BuildProgress& pr_;
  Clock::time_point start_;
  std::function<void(Mask, Mask)> solving_;  // told of each position before its solve
  std::function<void()> solvedOne_;          // after each new entry
  std::vector<Node> nodes_;
  std::unordered_map<uint64_t, int> ids_[2];  // node of a key, by side (0: root side)
  std::vector<int> pending_;                  // nodes to walk from
  int target_ = 0;
  bool haveTarget_ = false;
};

// A search of checkProofTable: the value for pos's Black (the mover before the move
// checked), or nothing when it ran out of nodes; counted in c (searched, open).
std::optional<int> checkedSolve(Solver& solver, const Position& pos, ProofCheck& c) {
  const SolveResult r = solver.solve(pos);
  if (!r.exact) {
    ++c.open;
    return std::nullopt;
  }
  ++c.searched;
  return static_cast<int>(r.value);
}

// checkProofTable under simple ko alone: the walk of ForcedWalk's game states, depth first,
// so that a move back to a position on the walk's own path is seen: with such a cycle the
// relations could hold while the game never ends, and the proof would not show that the
// root's side forces its value in finitely many moves (ProofCheck::cycles). Every
// relation is read from the table, whose entries are those states, except through a pass,
// since the entry after a pass is the position as a fresh start, without the pass made:
// the root side's pass is settled by a search with one pass made; the other side's pass
// is bounded by the fresh start's entry (one pass made can only add the other side's
// option to end the game) and searched when that bound is not enough.
ProofCheck checkForced(const Geometry& g, const SolutionTable& table, Solver& solver, Mask rootOwn,
                       Mask rootOpp, const std::function<void(const ProofCheck&)>& onProgress,
                       double progressSeconds) {
  ProofCheck c;
  auto lastReport = Clock::now();
  std::vector<Visit> stack{{rootOwn, rootOpp, true, -1}};
  std::unordered_set<uint64_t> seen[2];  // keys with ko, by side (0: root side)
  // The positions on the walk's current path (entered, not yet left), by side: a move to
  // one of them closes a cycle.
  std::unordered_set<uint64_t> onPath[2];
  std::unordered_set<uint64_t> found;  // the entries reached
  // The mover's value after its pass in (own, opp), by a search (empty when it ran out of
  // nodes); `expect` is the value checked.
  auto afterPass = [&](Mask own, Mask opp, int expect) -> std::optional<int> {
    Position pos;
    pos.black = own, pos.white = opp;
    pos.toMove = engine::Color::White;
    pos.passes = 1;
    solver.setFirstGuess(expect);
    return checkedSolve(solver, pos, c);
  };
  // The entry of a child (its mover's value), or nothing: the walk counts it as missing.
  auto entryOf = [&](const Visit& v) -> const SolutionEntry* {
    int sym = 0;
    return table.find(canonicalKeyWithKo(g, v.own, v.opp, v.ko, sym));
  };
  while (!stack.empty()) {
    const Visit v = stack.back();
    stack.pop_back();
    int sym = 0;
    const uint64_t key = canonicalKeyWithKo(g, v.own, v.opp, v.ko, sym);
    const int side = v.rootSide ? 0 : 1;
    if (v.leaving) {
      onPath[side].erase(key);
      continue;
    }
    if (onPath[side].count(key)) {
      ++c.cycles;
      continue;
    }
    if (!seen[side].insert(key).second) continue;
    onPath[side].insert(key);
    Visit leave = v;
    leave.leaving = true;
    stack.push_back(leave);  // below the children: popped when they are all done
    ++c.positions;
    if (onProgress && secondsSince(lastReport) >= progressSeconds) {
      onProgress(c);
      lastReport = Clock::now();
    }
    const Mask own = key & g.all(), opp = key >> 32;  // canonical orientation
    const int ko = koOfKey(g, key);
    const SolutionEntry* entry = table.find(key);
    if (!entry) {
      ++c.missing;
      continue;
    }
    if (c.positions == 1) c.rootValue = entry->value;
    found.insert(key);
    const int value = entry->value;
    const ScoreBounds b = boundsAfterPasses(g, own, opp, 0, solver.options().safety);
    if (b.lower == b.upper) {
      ++c.leaves;
      c.leafWrong += b.lower != value;
      continue;
    }
    const CompactBoard board = boardOf(g, own, opp, ko);
    if (v.rootSide) {  // the first listed move in moveTestOrder that is legal here
      bool followed = false;
      for (const int p : moveTestOrder(g, own, opp, value)) {
        if (!(entry->best >> (p < 0 ? 32 : p) & 1)) continue;
        if (p >= 0 && !board.isLegal(p, engine::Color::Black)) continue;
        followed = true;
        const Visit next = childOf(board, p, true);
        if (p < 0) {
          ++c.passes;
          const std::optional<int> e = afterPass(own, opp, value);
          c.moveWrong += e && *e != value;
        } else if (const SolutionEntry* ce = entryOf(next)) {
          c.moveWrong += -ce->value != value;
        }
        stack.push_back(next);
        break;
      }
      c.noMove += !followed;
      continue;
    }
    // The other side: no move better than the value, a listed move giving it, and some
    // move or the pass giving it.
    bool attained = false, unknown = false;
    std::vector<Visit> children;
    for (int i = 0; i < g.points(); ++i) {
      const int p = g.centreFirst()[i];
      if (!board.isLegal(p, engine::Color::Black)) continue;
      children.push_back(childOf(board, p, false));
      const SolutionEntry* ce = entryOf(children.back());
      if (!ce) continue;
      const int after = -ce->value;
      c.replyBetter += after > value;
      if (entry->best >> p & 1) c.moveWrong += after != value;
      attained |= after == value;
    }
    children.push_back(childOf(board, -1, false));
    const SolutionEntry* pe = entryOf(children.back());
    if (pe && (-pe->value > value || !attained)) {  // the fresh start's bound is not enough
      ++c.passes;
      if (const std::optional<int> e = afterPass(own, opp, value)) {
        c.replyBetter += *e > value;
        if (entry->best & PASS_BIT) c.moveWrong += *e != value;
        attained |= *e == value;
      } else {
        unknown = true;
      }
    }
    c.notAttained += !attained && !unknown;
    for (auto ch = children.rbegin(); ch != children.rend(); ++ch) stack.push_back(*ch);
  }
  c.unreached = table.entries().size() - found.size();
  return c;
}

}  // namespace

ProofTableResult buildProofTable(const Geometry& g, const ProofTableOptions& o) {
  const auto start = Clock::now();
  if (o.rules.komi != 0) throw engine::InputError("proof table: komi must be 0");
  // Simple ko alone: a position decided by a ko cycle has no value, so only a walk whose
  // every position has one is taken (below).
  const bool forced = o.rules.ko == KoRule::SimpleForced;
  if (forced && (o.allBest || o.harvest)) {
    throw engine::InputError(
        "proof table: under simple-forced rules a table lists the one move the walk follows "
        "(first-best, without the solver's other positions): the test of another move can "
        "stay open at every horizon");
  }
  if (forced && g.points() > KO_KEY_MAX_POINTS) {
    throw engine::InputError("proof table: under simple-forced rules at most " +
                             std::to_string(KO_KEY_MAX_POINTS) +
                             " points (a key holds a ko point)");
  }
  if (o.out.empty()) throw engine::InputError("proof table: no output file");
  if ((o.own & o.opp) || ((o.own | o.opp) & ~g.all()) || !legalPosition(g, o.own, o.opp)) {
    throw engine::InputError("proof table: the root position is not legal");
  }
  const std::filesystem::path state =
      o.checkpoint.empty() ? std::filesystem::path(o.out.string() + ".state") : o.checkpoint;

  ProofTableResult res;
  BuildProgress pr;
  SolveOptions so = o.search;
  so.rules = o.rules;
  so.bestMoves = !forced;  // simple-forced: forcedMove below finds the move
  so.firstBestOnly = !o.allBest;
  so.principalVariation = false;
  so.maxNodes = 0;
  Solver* self = nullptr;
  auto lastSave = Clock::now();
  Mask solvingOwn = 0, solvingOpp = 0;  // the position whose solve is running
  auto solvingSince = Clock::now();
  const auto save = [&] {
    saveSolverState(state, g, o.rules, *self->sharedTable(), "proof table build");
    lastSave = Clock::now();
  };
  // Reports and checkpoints from inside a long solve (one of its threads, never two at once).
  so.progressSeconds = std::min(o.progressSeconds, o.checkpointSeconds);
  so.onProgress = [&](const SolveProgress& sp) {
    if (o.onProgress) {
      BuildProgress now = pr;
      now.running = sp.nodes;
      now.solving = true;
      now.lower = sp.lower;  // Black is the mover in every solve of the walk
      now.upper = sp.upper;
      now.horizon = sp.horizon;
      now.rootMove = sp.rootMove, now.rootMoves = sp.rootMoves;
      now.solvingBlack = solvingOwn, now.solvingWhite = solvingOpp;
      now.solvingSeconds = secondsSince(solvingSince);
      now.seconds = secondsSince(start);
      o.onProgress(now);
    }
    if (secondsSince(lastSave) >= o.checkpointSeconds) save();
  };
  Solver solver(g, so);
  self = &solver;
  if (std::filesystem::exists(state)) {
    loadSolverState(state, g, o.rules, *solver.sharedTable());
    res.resumed = true;
  }

  std::unordered_map<uint64_t, SolutionEntry> solved;  // by canonical key
  // Canonical keys visited with the root's mover to move, and with the other side (a
  // 32-point key uses all 64 bits, so the role cannot be packed into it).
  std::unordered_set<uint64_t> seen[2];
  std::vector<Visit> stack{{o.own, o.opp, true}};
  bool stopped = false;
  if (forced) {
    ForcedWalk walk(
        g, o, so, solver, solved, pr, start,
        [&](Mask own, Mask opp) {
          solvingOwn = own, solvingOpp = opp, solvingSince = Clock::now();
        },
        [&] {
          if (o.onProgress) o.onProgress(pr);
          if (secondsSince(lastSave) >= o.checkpointSeconds) save();
        });
    stopped = !walk.run(o.own, o.opp);
    stack.clear();
  }
  while (!stack.empty()) {
    const Visit v = stack.back();
    stack.pop_back();
    int sym = 0;
    const uint64_t key = canonicalKey(g, v.own, v.opp, sym);
    if (!seen[v.rootSide].insert(key).second) continue;
    const Mask own = key & 0xFFFFFFFFu, opp = key >> 32;  // canonical orientation
    // A leaf: its static bounds give its value.
    const ScoreBounds b = boundsAfterPasses(g, own, opp, 0, so.safety);
    const bool leaf = b.lower == b.upper;
    auto it = solved.find(key);
    const uint64_t leafMoves =
        it == solved.end() && leaf && !o.allBest ? staticLeafMoves(g, own, opp, b.lower, so) : 0;
    if (leafMoves) {
      SolutionEntry e;
      e.key = key;
      e.value = b.lower;
      e.best = leafMoves;
      it = solved.emplace(key, e).first;
      pr.entries = solved.size();
      pr.lastValue = e.value;
    }
    if (it == solved.end()) {
      if (o.maxSeconds > 0) {
        const double left = o.maxSeconds - secondsSince(start);
        if (left <= 0) {
          stopped = true;
          break;
        }
        solver.setLimits(0, left);
      }
      Position pos;
      pos.black = own, pos.white = opp;
      solvingOwn = own, solvingOpp = opp, solvingSince = Clock::now();
      const SolveResult r = solver.solve(pos);
      pr.nodes += r.nodes;
      if (!r.exact) {
        if (o.maxSeconds > 0 && secondsSince(start) >= o.maxSeconds) {
          stopped = true;
          break;
        }
        throw engine::InputError("proof table: a position was not solved");
      }
      SolutionEntry e;
      e.key = key;
      e.value = static_cast<int>(r.value);
      e.best = moveMask(r.best) | (r.allBest ? 0 : SOME_BEST);
      it = solved.emplace(key, e).first;
      pr.entries = solved.size();
      pr.lastValue = e.value;
      pr.seconds = secondsSince(start);
      if (o.onProgress) o.onProgress(pr);
      if (secondsSince(lastSave) >= o.checkpointSeconds) save();
    }
    if (leaf) continue;
    // Children pushed in reverse so that the walk visits them in order: the root's side's
    // first listed move in moveTestOrder; every legal move of the other side, centre
    // first, and its pass.
    CompactBoard board(g);
    board.setRaw(own, opp, -1, engine::Color::Empty);
    std::vector<Visit> children;
    const uint64_t best = it->second.best;
    if (v.rootSide) {
      for (const int p : moveTestOrder(g, own, opp, it->second.value)) {
        if (!(best >> (p < 0 ? 32 : p) & 1)) continue;
        if (p < 0) {
          children.push_back({opp, own, false});
          break;
        }
        if (!board.isLegal(p, engine::Color::Black)) continue;
        CompactBoard next = board;
        next.play(p, engine::Color::Black);
        children.push_back({next.white(), next.black(), false});
        break;
      }
    } else {
      for (int i = 0; i < g.points(); ++i) {
        const int p = g.centreFirst()[i];
        if (!board.isLegal(p, engine::Color::Black)) continue;
        CompactBoard next = board;
        next.play(p, engine::Color::Black);
        children.push_back({next.white(), next.black(), true});
      }
      children.push_back({opp, own, true});
    }
    for (auto c = children.rbegin(); c != children.rend(); ++c) stack.push_back(*c);
  }
  save();  // also after a complete build: a later, larger build can start from it
  res.entries = solved.size();
  res.nodes = pr.nodes;
  if (stopped) {
    res.seconds = secondsSince(start);
    return res;
  }
  if (o.harvest) {
    // Candidates first (the solves below store into the table being read), in key order.
    std::vector<std::pair<uint64_t, int>> found;
    solver.sharedTable()->forEach([&](uint64_t key, uint8_t extra, const TTData& d) {
      if (extra == 0 && d.lower == d.upper && !solved.count(key)) found.emplace_back(key, d.lower);
    });
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end(),
                            [](const auto& a, const auto& b) { return a.first == b.first; }),
                found.end());
    solver.setLimits(o.harvestNodes, 0);
    for (const auto& [key, value] : found) {
      const Mask own = key & 0xFFFFFFFFu, opp = key >> 32;
      int sym = 0;
      if (canonicalKey(g, own, opp, sym) != key || !legalPosition(g, own, opp)) {
        throw std::logic_error("proof table: a table key is not a canonical legal position");
      }
      Position pos;
      pos.black = own, pos.white = opp;
      solvingOwn = own, solvingOpp = opp, solvingSince = Clock::now();
      const SolveResult r = solver.solve(pos);
      pr.nodes += r.nodes;
      if (r.exact && static_cast<int>(r.value) != value) {
        throw std::logic_error("proof table: a stored exact value differs from its solve");
      }
      SolutionEntry e;
      e.key = key;
      e.value = value;
      if (r.exact) e.best = moveMask(r.best);
      const bool listsMove = e.best != 0;
      if (!r.exact || !r.allBest || !listsMove) e.best |= SOME_BEST;
      res.valueOnly += !listsMove;
      solved.emplace(key, e);
      ++res.harvested;
    }
    res.entries = solved.size();
    res.nodes = pr.nodes;
  }
  std::vector<SolutionEntry> entries;
  entries.reserve(solved.size());
  for (const auto& [k, e] : solved) entries.push_back(e);
  std::sort(entries.begin(), entries.end(),
            [](const SolutionEntry& a, const SolutionEntry& b) { return a.key < b.key; });
  int sym = 0;
  res.rootValue = solved.at(canonicalKey(g, o.own, o.opp, sym)).value;
  tables::TableMeta m;
  m.kind = tables::TableKind::Solution;
  m.kindVersion = SOLUTION_TABLE_VERSION;
  m.width = static_cast<uint16_t>(g.width());
  m.height = static_cast<uint16_t>(g.height());
  m.rules = solutionTableRules(o.rules);
  m.generatorName = "fgo tables build --solve";
  m.generatorVersion = "solve 1";
  // At most 104 bytes (tables::TableMeta): 99 for the longest rule name and options.
  m.note = std::string("proof table, mover's view, ") +
           (forced ? "game states (keys with ko), " : "fresh games, ") + o.rules.name() +
           (o.allBest ? "; all optimal moves"
            : forced  ? "; the move followed"
                      : "; first optimal, centre first") +
           (o.harvest ? "; + solver's exact" : "");
  m.entryCount = entries.size();
  const tables::TableHeader h = tables::writeTable(o.out, m, SolutionTable::encode(entries));
  res.complete = true;
  res.fileBytes = tables::HEADER_BYTES + h.storedBytes;
  res.seconds = secondsSince(start);
  return res;
}

ProofCheck checkProofTable(const Geometry& g, const SolutionTable& table,
                           const SolveOptions& search, uint64_t searchNodes, Mask rootOwn,
                           Mask rootOpp, const std::function<void(const ProofCheck&)>& onProgress,
                           double progressSeconds) {
  ProofCheck c;
  auto lastReport = Clock::now();
  std::vector<Visit> stack{{rootOwn, rootOpp, true}};
  std::unordered_set<uint64_t> seen[2];  // canonical keys, by side (0: root side)
  std::unordered_set<uint64_t> found;    // the entries reached
  SolveOptions so = search;
  so.bestMoves = so.principalVariation = false;
  so.maxNodes = searchNodes;
  so.maxSeconds = 0;
  so.threads = 1;
  so.onProgress = nullptr;
  // Simple ko alone: MTD(f) from the value each search checks, and both searches of every
  // test, so that a relation that does not hold is found broken rather than left open.
  const bool forced = so.rules.ko == KoRule::SimpleForced;
  if (forced) so.bisect = false, so.oneSidedFirstOnly = false;
  Solver solver(g, so);
  if (forced) return checkForced(g, table, solver, rootOwn, rootOpp, onProgress, progressSeconds);
  // The value for the mover of (own, opp) after its move p (a point, or -1: the pass) in
  // the game that started at (own, opp): a search with that position as the history (and
  // the pass counted), which is what the stored value of a fresh start leaves out.
  // Empty when the search runs out of nodes.
  auto withHistory = [&](Mask own, Mask opp, int p) -> std::optional<int> {
    CompactBoard next(g);
    next.setRaw(own, opp, -1, engine::Color::Empty);
    if (p >= 0) next.play(p, engine::Color::Black);
    Position pos;
    pos.black = next.black(), pos.white = next.white();
    pos.toMove = engine::Color::White;
    pos.passes = p < 0 ? 1 : 0;
    pos.history = {own | opp << 32};
    return checkedSolve(solver, pos, c);
  };
  int sym = 0;
  while (!stack.empty()) {
    const Visit v = stack.back();
    stack.pop_back();
    const uint64_t key = canonicalKey(g, v.own, v.opp, sym);
    if (!seen[v.rootSide ? 0 : 1].insert(key).second) continue;
    ++c.positions;
    if (onProgress && secondsSince(lastReport) >= progressSeconds) {
      onProgress(c);
      lastReport = Clock::now();
    }
    const Mask own = key & 0xFFFFFFFFu, opp = key >> 32;  // canonical orientation
    int value = 0;
    uint64_t best = 0;
    if (!table.lookup(own, opp, value, best)) {
      ++c.missing;
      continue;
    }
    if (c.positions == 1) c.rootValue = value;
    found.insert(key);
    const ScoreBounds b = boundsAfterPasses(g, own, opp, 0, so.safety);
    if (b.lower == b.upper) {
      ++c.leaves;
      c.leafWrong += b.lower != value;
      continue;
    }
    CompactBoard board(g);
    board.setRaw(own, opp, -1, engine::Color::Empty);
    // The mover's value after point p as the table gives it (minus the child's as a fresh
    // start; false: the child is absent, which the walk counts when it gets there), and
    // whether that can stand for the value in the game: not when p captured and left its
    // chain with one liberty, since the other side can then take back at once and what the
    // history forbids (ko, superko) decides.
    auto afterMove = [&](int p, Visit& next, int& after, bool& usable) {
      CompactBoard b2 = board;
      const Mask captured = b2.play(p, engine::Color::Black);
      next = {b2.white(), b2.black(), !v.rootSide};
      const Mask chain = g.flood(Mask{1} << p, b2.black());
      usable = !captured || std::popcount(g.expand(chain) & b2.empty()) != 1;
      int childValue = 0;
      uint64_t unused = 0;
      if (!table.lookup(next.own, next.opp, childValue, unused)) return false;
      after = -childValue;
      return true;
    };
    if (v.rootSide) {  // the first listed move in moveTestOrder, as the build follows it
      bool followed = false;
      for (const int p : moveTestOrder(g, own, opp, value)) {
        if (!(best >> (p < 0 ? 32 : p) & 1)) continue;
        if (p >= 0 && !board.isLegal(p, engine::Color::Black)) continue;
        followed = true;
        Visit next{opp, own, false};
        int after = 0;
        bool usable = false;
        if (p < 0) {
          ++c.passes;
        } else if (!afterMove(p, next, after, usable)) {
          stack.push_back(next);
          break;
        }
        if (p < 0 || !usable || after != value) {
          const std::optional<int> e = withHistory(own, opp, p);
          if (e && *e != value) ++c.moveWrong;
          if (e && p >= 0 && usable) ++c.historyMatters;
        }
        stack.push_back(next);
        break;
      }
      c.noMove += !followed;
      continue;
    }
    // The other side: no move better than the value, the listed ones giving it, and some
    // move or the pass giving it.
    bool attained = false;
    // Moves the table's values alone cannot judge, and moves the table puts below the value
    // (the history may not), each with its table value (INT32_MIN: not usable).
    std::vector<std::pair<int, int>> later, below;
    for (int p = 0; p < g.points(); ++p) {
      if (!board.isLegal(p, engine::Color::Black)) continue;
      Visit next;
      int after = 0;
      bool usable = false;
      const bool present = afterMove(p, next, after, usable);
      stack.push_back(next);
      if (!present) continue;
      const bool listed = best >> p & 1;
      if (usable && after <= value && (!listed || after == value)) {
        attained |= after == value;
        if (after < value) below.emplace_back(p, after);
      } else {
        later.emplace_back(p, usable ? after : INT32_MIN);
      }
    }
    bool unknown = false;  // a search ran out of nodes
    // The move's value in the game: more than the value is a fault; equal attains it.
    auto judge = [&](int p, int tableValue) {
      const std::optional<int> e = withHistory(own, opp, p);
      if (!e) {
        unknown = true;
        return;
      }
      c.historyMatters += tableValue != INT32_MIN && *e != tableValue;
      c.replyBetter += *e > value;
      if (p >= 0 && (best >> p & 1)) c.moveWrong += *e != value;
      attained |= *e == value;
    };
    for (const auto& [p, t] : later) judge(p, t);
    // No move gives the value by the table: the pass, then the moves the table puts below
    // it, with the history, until one does.
    if (!attained) ++c.passes, judge(-1, INT32_MIN);
    for (size_t i = 0; i < below.size() && !attained; ++i) judge(below[i].first, below[i].second);
    c.notAttained += !attained && !unknown;
    stack.push_back({opp, own, true});
  }
  c.unreached = table.entries().size() - found.size();
  return c;
}

}  // namespace solve
