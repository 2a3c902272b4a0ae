#include "solve/superko_check.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "solve/compact_board.hpp"
#include "solve/forced_walk.hpp"
#include "solve/solver.hpp"

namespace solve {

bool mayRepeat(Mask qRoot, Mask qOther, Mask xRoot, Mask xOther, Mask rootCaptures,
               Mask otherCaptures) {
  // Stones of X that Q lacks must all be captured first.
  if (xRoot & ~qRoot & ~rootCaptures) return false;
  if (xOther & ~qOther & ~otherCaptures) return false;
  // The repeating move puts a root-side stone where Q has one: a point that is empty then,
  // so empty now or holding a root-side stone that will be captured.
  return (qRoot & ~(xRoot & ~rootCaptures)) != 0;
}

namespace {

using Clock = std::chrono::steady_clock;

// A position of the walk in the table's (canonical) orientation, with its entry.
struct Node {
  Mask own = 0, opp = 0;
  int ko = -1;
  bool rootSide = true;
  const SolutionEntry* entry = nullptr;
  size_t id = 0;  // entry index * 2 + (0 root side to move, 1 the other side)
};

// A move of the walk from a Node: the position after it (the Node's orientation), the
// stones it captured, its point (-1 the pass).
struct Move {
  walk::Visit child;
  Mask captured = 0;
  int point = -1;
  bool other = false;  // not the table's kept move: another that keeps the value (FLEX)
};

// splitmix64's finaliser: spreads a board over 64 bits before the sum of a set's hash.
uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

uint64_t boardKey(Mask root, Mask other) {
  return root | other << 32;
}

// A set of 128-bit hashes (two words, not both zero), open addressing with linear probing:
// 16 bytes a slot, for the hundreds of millions of (position, boards kept) pairs of a 5x5
// walk (a node-based std::unordered_set of one word took about 50 bytes a pair). With 128
// bits, two of 10^9 pairs share a hash with odds below 10^-20, so the walk skips no pair
// for a collision in practice.
class HashSet {
 public:
  struct Key {
    uint64_t a = 0, b = 0;
    bool operator==(const Key&) const = default;
  };
  // Adds k; false when it was there already.
  bool insert(Key k) {
    if (k.a == 0 && k.b == 0) k.b = 1;
    if ((size_ + 1) * 5 > slots_.size() * 4) grow();
    const size_t mask = slots_.size() - 1;
    for (size_t i = k.a & mask;; i = (i + 1) & mask) {
      if (slots_[i] == k) return false;
      if (slots_[i] == Key{}) {
        slots_[i] = k;
        ++size_;
        return true;
      }
    }
  }
  void clear() {
    slots_.clear();
    slots_.shrink_to_fit();
    size_ = 0;
  }
  size_t size() const { return size_; }

 private:
  void grow() {
    std::vector<Key> old(slots_.empty() ? 1024 : slots_.size() * 2);
    old.swap(slots_);
    const size_t mask = slots_.size() - 1;
    for (const Key& k : old) {
      if (k == Key{}) continue;
      size_t i = k.a & mask;
      while (!(slots_[i] == Key{})) i = (i + 1) & mask;
      slots_[i] = k;
    }
  }
  std::vector<Key> slots_;
  size_t size_ = 0;
};

class Checker : public BoundOracle {
 public:
  Checker(const Geometry& g, const SolutionTable& table, const SolveOptions& search,
          uint64_t searchNodes, double maxSeconds,
          const std::function<void(const SuperkoCheck&)>& onProgress, double progressSeconds)
      : g_(g),
        table_(table),
        safety_(search.safety),
        searchOptions_([&] {
          SolveOptions so = search;
          so.rules = Rules{};  // positional superko, komi 0
          so.bestMoves = so.principalVariation = false;
          so.maxNodes = searchNodes;
          so.maxSeconds = 0;
          so.threads = 1;
          so.onProgress = nullptr;
          so.oracle = this;  // the table where the history cannot matter
          so.decideOnly = true;
          return so;
        }()),
        solver_(std::make_unique<Solver>(g, searchOptions_)),
        unionSolver_(std::make_unique<Solver>(g, unionOptions())),
        maxSeconds_(maxSeconds),
        onProgress_(onProgress),
        progressSeconds_(progressSeconds),
        rootCaptures_(table.entries().size() * 2),
        otherCaptures_(table.entries().size() * 2),
        state_(table.entries().size() * 2) {}

  SuperkoCheck run(Mask own, Mask opp) {
    try {
      rounds(own, opp);
    } catch (const Stopped&) {
      c_.stopped = true;
    }
    c_.oracleRoots = oracleRoots_.size();
    c_.repeatPositions.assign(repeatKeys_.begin(), repeatKeys_.end());
    std::sort(c_.repeatPositions.begin(), c_.repeatPositions.end());
    return c_;
  }

 private:
  void rounds(Mask own, Mask opp) {
    for (;;) {
      ++c_.rounds;
      for (uint8_t& st : state_) st &= OFF | FLEX;
      std::fill(rootCaptures_.begin(), rootCaptures_.end(), 0);
      std::fill(otherCaptures_.begin(), otherCaptures_.end(), 0);
      seen_.clear();
      freshFlex_.clear(), freshOff_.clear();
      c_.visits = c_.withHistory = c_.longest = 0;
      c_.settled = c_.failed = c_.open = c_.switched = c_.settledTogether = c_.postponed = 0;
      c_.failedGame.clear(), c_.openGame.clear();
      // With other moves taken (FLEX) the moves may form cycles: the union of the captures
      // below each position is then found by passes until nothing changes.
      do {
        for (uint8_t& st : state_) st &= OFF | FLEX;
        c_.states = c_.leaves = c_.captureStates = 0;
        cyclic_ = changed_ = false;
        capturesFromLeaves({own, opp, true, -1});
        for (const size_t id : oracleRoots_) capturesFromLeaves(visitOf(id));
        ++c_.capturePasses;
      } while (cyclic_ && changed_);
      forgetStaleAnswers();
      fromRoot_ = true;
      visit(own, opp, -1, true, false, {});
      // The positions whose table bounds the searches took are walked too, with nothing
      // kept (the list grows as they are walked).
      fromRoot_ = false;
      for (size_t walked = 0;;) {
        resolve();
        if (walked == oracleRoots_.size()) break;
        for (; walked < oracleRoots_.size(); ++walked) {
          const walk::Visit v = visitOf(oracleRoots_[walked]);
          visit(v.rootSide ? v.own : v.opp, v.rootSide ? v.opp : v.own, v.ko, v.rootSide, false,
                {});
        }
      }
      if (freshFlex_.empty() && freshOff_.empty()) break;
      for (const size_t id : freshFlex_) state_[id] |= FLEX;
      for (const size_t id : freshOff_) state_[id] |= OFF;
      c_.flexPositions += freshFlex_.size();
      c_.offPositions += freshOff_.size();
    }
  }

  // A Node::id's position in the table's orientation.
  walk::Visit visitOf(size_t id) const {
    const uint64_t key = table_.entries()[id / 2].key;
    return {key & g_.all(), key >> 32, id % 2 == 0, koOfKey(g_, key)};
  }

  // BoundOracle: the table's value of a position the first pass reached and that is not
  // searched instead (OFF), as a bound for the root side (the root side is Black in the
  // searches), needing the path's earlier boards to lack the stones that mayRepeat asks of
  // a board a later root-side move repeats (the third condition is left out: fewer boards
  // pass, so the bound is refused more often, never wrongly taken). The table's move at
  // the root side's positions goes first.
  bool bounds(Mask black, Mask white, bool whiteToMove, int ko, Answer& out) override {
    const bool rootSide = !whiteToMove;
    const Mask own = rootSide ? black : white, opp = rootSide ? white : black;
    int sym = 0;
    const uint64_t key = canonicalKeyWithKo(g_, own, opp, ko, sym);
    const SolutionEntry* e = table_.find(key);
    if (!e) return false;
    const size_t id = static_cast<size_t>(e - table_.entries().data()) * 2 + (rootSide ? 0 : 1);
    if ((state_[id] & (DONE | OFF)) != DONE) return false;
    const int back = g_.inverse(sym);
    out.needBlack = black & ~g_.mapMask(back, rootCaptures_[id]);
    out.needWhite = white & ~g_.mapMask(back, otherCaptures_[id]);
    const int n = g_.points();
    out.lower = rootSide ? e->value : -n;
    out.upper = rootSide ? n : e->value;
    out.move = -2;
    if (rootSide) {
      const Mask cOwn = key & g_.all(), cOpp = key >> 32;
      const CompactBoard board = walk::boardOf(g_, cOwn, cOpp, koOfKey(g_, key));
      const int p = walk::keptMove(g_, board, cOwn, cOpp, e->value, e->best);
      out.move = p >= 0 ? g_.unmapPoint(sym, p) : p;
    }
    out.tag = id;
    return true;
  }
  // A search took the answer of position `tag`: its strategy must then hold from there
  // with nothing kept (it is walked so every round) under the capture points it was given.
  void taken(const Answer& a) override {
    const size_t id = a.tag;
    if (oracleUsed_.try_emplace(id, rootCaptures_[id], otherCaptures_[id]).second) {
      oracleRoots_.push_back(id);
    }
  }
  // The capture points of a position whose answer was taken grow when a later round takes
  // other moves below it or searches there: its answers then needed too little, so every
  // search result (and the solver's table, whose entries rest on them) is dropped.
  void forgetStaleAnswers() {
    const bool stale = std::any_of(oracleUsed_.begin(), oracleUsed_.end(), [&](const auto& u) {
      return u.second.first != rootCaptures_[u.first] || u.second.second != otherCaptures_[u.first];
    });
    if (!stale) return;
    ++c_.restarts;
    searched_.clear();
    oracleUsed_.clear();
    oracleRoots_.clear();
    solver_ = std::make_unique<Solver>(g_, searchOptions_);
    unionSolver_ = std::make_unique<Solver>(g_, unionOptions());
  }

  // state_ flags: OPEN, DONE (first pass); LEAF (static bounds give the value); CLEAN
  // (walked with no board kept); kept across rounds: FLEX (a root-side position whose kept
  // move repeated a board: where it does, another move that keeps the value is taken) and
  // OFF (searched with the history instead of followed).
  enum : uint8_t { OPEN = 1, DONE = 2, LEAF = 4, CLEAN = 8, OFF = 16, FLEX = 32 };

  // The Node of a walk position given in any orientation; sym maps it to the table's.
  Node nodeOf(const walk::Visit& v, int& sym) const {
    const uint64_t key = canonicalKeyWithKo(g_, v.own, v.opp, v.ko, sym);
    const SolutionEntry* e = table_.find(key);
    if (!e) {
      throw std::runtime_error(
          "superko check: a position of the walk is not in the table (the proof check finds "
          "which)");
    }
    const size_t index = static_cast<size_t>(e - table_.entries().data());
    return {key & g_.all(), key >> 32, koOfKey(g_, key),
            v.rootSide,     e,         index * 2 + (v.rootSide ? 0 : 1)};
  }

  // The moves the walk follows from n, as checkProofTable walks them: the kept move at
  // the root side's positions, every legal move and the pass (unless it ends the game)
  // at the other side's. At a FLEX position also the root side's other moves, centre
  // first, whose position is in the table with the value for the root side and is one of
  // the other side's there (each of its moves in the table too). False at a leaf.
  bool movesOf(const Node& n, std::vector<Move>& out) const {
    out.clear();
    const ScoreBounds b = boundsAfterPasses(g_, n.own, n.opp, 0, safety_);
    if (b.lower == b.upper) return false;
    const CompactBoard board = walk::boardOf(g_, n.own, n.opp, n.ko);
    auto add = [&](int p) {
      const walk::Visit child = walk::childOf(board, p, n.rootSide);
      out.push_back({child, board.white() & ~child.own, p});
    };
    if (n.rootSide) {
      const int p = walk::keptMove(g_, board, n.own, n.opp, n.entry->value, n.entry->best);
      if (p == walk::NO_MOVE) {
        throw std::runtime_error("superko check: a root-side position lists no legal move");
      }
      add(p);
      if (!(state_[n.id] & FLEX)) return true;
      for (int i = 0; i < g_.points(); ++i) {
        const int q = g_.centreFirst()[i];
        if (q == p || !board.isLegal(q, engine::Color::Black)) continue;
        const walk::Visit child = walk::childOf(board, q, true);
        int sym = 0;
        const SolutionEntry* e =
            table_.find(canonicalKeyWithKo(g_, child.own, child.opp, child.ko, sym));
        if (!e || -e->value < n.entry->value || !repliesInTable(child, e->value)) continue;
        out.push_back({child, board.white() & ~child.own, q, true});
      }
      return true;
    }
    for (int p = 0; p < g_.points(); ++p) {
      if (board.isLegal(p, engine::Color::Black)) add(p);
    }
    if (!walk::passEnds(g_, n.own, n.opp, -n.entry->value, safety_)) add(-1);
    return true;
  }

  // Whether every move of the other side's position v (and its pass, unless it ends the
  // game; value: its entry's) leads to a position in the table.
  bool repliesInTable(const walk::Visit& v, int value) const {
    const CompactBoard board = walk::boardOf(g_, v.own, v.opp, v.ko);
    int sym = 0;
    for (int p = 0; p < g_.points(); ++p) {
      if (!board.isLegal(p, engine::Color::Black)) continue;
      const walk::Visit c = walk::childOf(board, p, false);
      if (!table_.find(canonicalKeyWithKo(g_, c.own, c.opp, c.ko, sym))) return false;
    }
    return walk::passEnds(g_, v.own, v.opp, -value, safety_) ||
           table_.find(canonicalKeyWithKo(g_, v.opp, v.own, -1, sym)) != nullptr;
  }

  // Progress every progressSeconds_, and the time limit (a Stopped thrown), looked at every
  // 4096 positions and after each search.
  struct Stopped {};
  void report(bool now = false) {
    if (!now && (++ticks_ & 4095) != 0) return;
    const auto t = Clock::now();
    if (maxSeconds_ > 0 && std::chrono::duration<double>(t - start_).count() > maxSeconds_) {
      throw Stopped{};
    }
    if (!onProgress_ || std::chrono::duration<double>(t - lastReport_).count() < progressSeconds_) {
      return;
    }
    onProgress_(c_);
    lastReport_ = t;
  }

  // First pass, depth first with the moves below a position done before it: the points
  // where, on some game from each position, the other side captures a root-side stone
  // (rootCaptures_) and the root side one of the other side's (otherCaptures_), in the
  // position's table orientation. None at a leaf; any below a position searched instead
  // (OFF).
  void capturesFromLeaves(const walk::Visit& root) {
    struct Frame {
      walk::Visit v;
      bool leaving;
    };
    std::vector<Frame> stack{{root, false}};
    std::vector<Move> moves;
    while (!stack.empty()) {
      const Frame f = stack.back();
      stack.pop_back();
      int sym = 0;
      const Node n = nodeOf(f.v, sym);
      uint8_t& st = state_[n.id];
      if (!f.leaving) {
        if (st & DONE) continue;
        if (st & OPEN) {  // a cycle (through FLEX moves): its masks so far, and another pass
          cyclic_ = true;
          continue;
        }
        st |= OPEN;
        ++c_.states;
        report();
        stack.push_back({{n.own, n.opp, n.rootSide, n.ko}, true});
        if ((st & OFF) || !movesOf(n, moves)) continue;
        for (const Move& m : moves) stack.push_back({m.child, false});
        continue;
      }
      st = static_cast<uint8_t>((st & ~OPEN) | DONE);
      const bool leaf = !movesOf(n, moves);
      if (leaf) {
        st |= LEAF;
        ++c_.leaves;
      }
      if (st & OFF) {
        changed_ |= rootCaptures_[n.id] != g_.all() || otherCaptures_[n.id] != g_.all();
        rootCaptures_[n.id] = otherCaptures_[n.id] = static_cast<uint32_t>(g_.all());
        continue;
      }
      if (leaf) continue;  // the static bounds hold whatever the history: nothing captured
      Mask rootCap = 0, otherCap = 0;
      for (const Move& m : moves) {
        (n.rootSide ? otherCap : rootCap) |= m.captured;
        int csym = 0;
        const Node child = nodeOf(m.child, csym);
        const int back = g_.inverse(csym);
        rootCap |= g_.mapMask(back, rootCaptures_[child.id]);
        otherCap |= g_.mapMask(back, otherCaptures_[child.id]);
      }
      if (!n.rootSide &&
          std::any_of(moves.begin(), moves.end(), [](const Move& m) { return m.captured != 0; })) {
        ++c_.captureStates;
      }
      rootCap |= rootCaptures_[n.id], otherCap |= otherCaptures_[n.id];
      changed_ |= rootCap != rootCaptures_[n.id] || otherCap != otherCaptures_[n.id];
      rootCaptures_[n.id] = static_cast<uint32_t>(rootCap);
      otherCaptures_[n.id] = static_cast<uint32_t>(otherCap);
    }
  }

  // An OFF position reached in a round's walk (groups_, by id * 2 + afterPass): each
  // (position, boards kept) pair (boards in the table's orientation) with its hash and the
  // root side's choice before it, and the game to the first.
  static constexpr size_t NONE = ~size_t{0};
  struct Pair {
    std::vector<uint64_t> kept;
    HashSet::Key hash;
    size_t decider;
  };
  struct Group {
    std::vector<Pair> pairs;
    std::vector<int> game;
    HashSet::Key key;  // the position's part of the hash of a search with its boards
  };

  // An OFF position (the root side's, n in the table's orientation by sym) reached with
  // the boards kept (root's orientation) after a pass or not: put aside, with the root
  // side's last choice before it and the game to it, for resolve().
  void defer(const Node& n, int sym, bool afterPass, const std::vector<uint64_t>& kept,
             const HashSet::Key& h) {
    if (!n.rootSide) throw std::logic_error("superko check: an OFF position of the other side");
    const uint64_t groupKey = n.id * 2 + afterPass;
    auto [it, fresh] = groups_.try_emplace(groupKey);
    if (fresh) groupOrder_.push_back(groupKey);
    Group& gr = it->second;
    std::vector<uint64_t> boards;
    for (const uint64_t q : kept) {
      boards.push_back(boardKey(g_.mapMask(sym, q & 0xFFFFFFFFu), g_.mapMask(sym, q >> 32)));
    }
    gr.pairs.push_back({std::move(boards), h, deciders_.empty() ? NONE : deciders_.back()});
    if (fromRoot_ && gr.game.empty()) gr.game = path_;
  }

  // The searches of the positions put aside, and what they decide (each pair's result kept
  // across rounds by its (position, boards kept) hash). A position is first searched once
  // with every board it was reached with as its history, binding the root side only
  // (SolveOptions::historyBindsRootMoverOnly: a lower bound for each of its pairs); where
  // that falls short, its pairs are split in halves (settlePairs). A pair whose search
  // does not show the table's value has the root side's choice before it searched instead
  // next round (the root has none before it, and then the table's value is not shown).
  void resolve() {
    std::vector<uint64_t> order;
    order.swap(groupOrder_);
    for (const uint64_t groupKey : order) {
      Group& gr = groups_[groupKey];
      const size_t id = groupKey / 2;
      const bool afterPass = groupKey & 1;
      const SolutionEntry& e = table_.entries()[id / 2];
      Position pos;
      pos.black = e.key & g_.all(), pos.white = e.key >> 32;
      pos.ko = koOfKey(g_, e.key);
      pos.passes = afterPass ? 1 : 0;
      gr.key = {mix(groupKey), mix(~groupKey ^ 0x5555)};
      settlePairs(gr, pos, e.value, 0, gr.pairs.size());
    }
    groups_.clear();
  }

  // Pairs [lo, hi) of a group: a range of several is first searched once with the union
  // of its boards as history, binding the root side only; where
  // that falls short, each half is tried the same way, down to single pairs, which are
  // searched with their own boards under positional superko. So a few pairs whose boards
  // matter cost a few searches each, not one for every pair of the group.
  void settlePairs(Group& gr, Position& pos, int expect, size_t lo, size_t hi) {
    // Pairs whose root side's choice before is already to be searched next round need no
    // search now: if that search settles, the walk no longer reaches them.
    if (std::all_of(gr.pairs.begin() + static_cast<long>(lo),
                    gr.pairs.begin() + static_cast<long>(hi),
                    [&](const Pair& pr) { return freshOff_.count(pr.decider) != 0; })) {
      c_.postponed += hi - lo;
      return;
    }
    if (hi - lo > 1) {
      std::vector<uint64_t> boards;
      for (size_t i = lo; i < hi; ++i) {
        boards.insert(boards.end(), gr.pairs[i].kept.begin(), gr.pairs[i].kept.end());
      }
      std::sort(boards.begin(), boards.end());
      boards.erase(std::unique(boards.begin(), boards.end()), boards.end());
      HashSet::Key h = gr.key;  // the position's part, with the union's boards
      for (const uint64_t q : boards) h.a += mix(q), h.b += mix(~q);
      pos.history = std::move(boards);
      if (result(*unionSolver_, pos, expect, h) == SETTLED) {
        c_.settled += hi - lo;
        c_.settledTogether += hi - lo;
        return;
      }
      const size_t mid = lo + (hi - lo) / 2;
      settlePairs(gr, pos, expect, lo, mid);
      settlePairs(gr, pos, expect, mid, hi);
      return;
    }
    const Pair& pr = gr.pairs[lo];
    pos.history = pr.kept;
    const uint8_t r = result(*solver_, pos, expect, pr.hash);
    switch (r) {
      case SETTLED:
        ++c_.settled;
        break;
      case OPEN_RESULT:
        ++c_.open;
        if (c_.openGame.empty()) c_.openGame = gr.game;
        break;
      default:
        ++c_.failed;
        if (c_.failedGame.empty()) c_.failedGame = gr.game;
    }
    // Not settled: the root side's choice before it is searched instead next round (if
    // that settles, the walk no longer reaches this pair).
    if (r != SETTLED && pr.decider != NONE) {
      freshOff_.insert(pr.decider);
      ++c_.escalated;
    }
  }

  // Whether the root side (Black, to move in pos) gets `expect` in pos, by `solver`, kept by
  // the hash h of the question (with the solver's kind) across rounds.
  uint8_t result(Solver& solver, const Position& pos, int expect, const HashSet::Key& h) {
    const uint64_t k = h.a ^ (h.b * 0x9E3779B97F4A7C15ull) ^ (&solver == unionSolver_.get());
    auto [it, fresh] = searched_.try_emplace(k, 0);
    if (!fresh) return it->second;
    solver.setFirstGuess(expect);
    const SolveResult r = solver.solve(pos);
    c_.searchNodes += r.nodes;
    c_.oracleCuts += solver.lastStats().oracleCuts;
    it->second = r.lower >= expect ? SETTLED : r.upper < expect ? FAILED : OPEN_RESULT;
    ++c_.searches;
    report(true);
    return it->second;
  }

  // Second pass: the games, with the boards a root-side move might still repeat (`earlier`,
  // in the root's orientation, each as boardKey). root, other: the stones of each side;
  // ko: the point the mover may not retake at; afterPass: the last move was a pass.
  void visit(Mask root, Mask other, int ko, bool rootSide, bool afterPass,
             const std::vector<uint64_t>& earlier) {
    int sym = 0;
    const Node n = nodeOf({rootSide ? root : other, rootSide ? other : root, rootSide, ko}, sym);
    uint8_t& st = state_[n.id];
    if (st & LEAF) return;  // before the boards are filtered: nothing follows a leaf
    const int back = g_.inverse(sym);
    const Mask rootCap = g_.mapMask(back, rootCaptures_[n.id]);
    const Mask otherCap = g_.mapMask(back, otherCaptures_[n.id]);
    std::vector<uint64_t> kept;
    for (const uint64_t q : earlier) {
      if (mayRepeat(q & 0xFFFFFFFFu, q >> 32, root, other, rootCap, otherCap)) kept.push_back(q);
    }
    const uint64_t here = boardKey(root, other);
    if (std::find(kept.begin(), kept.end(), here) == kept.end() &&
        mayRepeat(root, other, root, other, rootCap, otherCap)) {
      kept.push_back(here);
    }
    // The set of boards kept, in the table's orientation, with the position: a sum of
    // mixed boards, so the order they were met in does not matter.
    // Only needed when a board is kept or the position is searched (a clean position is
    // marked in state_ instead).
    HashSet::Key h;
    if (kept.empty() && !(st & OFF)) {
      if (st & CLEAN) return;
      st |= CLEAN;
    } else {
      h = {mix(n.id * 2 + afterPass), mix(~(n.id * 2 + afterPass))};
      for (const uint64_t q : kept) {
        const uint64_t c = boardKey(g_.mapMask(sym, q & 0xFFFFFFFFu), g_.mapMask(sym, q >> 32));
        h.a += mix(c), h.b += mix(~c);
      }
      if (!seen_.insert(h)) return;
    }
    ++c_.visits;
    if (!kept.empty()) ++c_.withHistory;
    c_.longest = std::max<uint64_t>(c_.longest, kept.size());
    report();
    if (st & OFF) {
      defer(n, sym, afterPass, kept, h);
      return;
    }
    std::vector<Move> moves;
    movesOf(n, moves);
    if (rootSide) deciders_.push_back(n.id);
    bool moved = false;  // root side: a move taken
    for (const Move& m : moves) {
      const Mask own = g_.mapMask(back, m.child.own), opp = g_.mapMask(back, m.child.opp);
      const int childKo = m.child.ko < 0 ? -1 : g_.unmapPoint(sym, m.child.ko);
      const int p = m.point < 0 ? -1 : g_.unmapPoint(sym, m.point);
      const Mask childRoot = m.child.rootSide ? own : opp;
      const Mask childOther = m.child.rootSide ? opp : own;
      path_.push_back(p);
      if (rootSide && p >= 0 &&
          std::find(kept.begin(), kept.end(), boardKey(childRoot, childOther)) != kept.end()) {
        if (!m.other && !(st & FLEX)) {
          ++c_.repeats;
          repeatKeys_.insert(n.entry->key);
          if (fromRoot_ && c_.repeatGame.empty()) c_.repeatGame = path_;
        }
        path_.pop_back();
        continue;
      }
      c_.switched += m.other;
      visit(childRoot, childOther, childKo, m.child.rootSide, p < 0, kept);
      path_.pop_back();
      moved = true;
      if (rootSide) break;  // the first move that repeats nothing
    }
    if (rootSide) {
      deciders_.pop_back();
      if (!moved) (st & FLEX ? freshOff_ : freshFlex_).insert(n.id);
    }
  }

  enum : uint8_t { SETTLED = 1, FAILED = 2, OPEN_RESULT = 3 };

  const Geometry& g_;
  const SolutionTable& table_;
  SafetyRules safety_;
  SolveOptions searchOptions_;
  std::unique_ptr<Solver> solver_;       // a position with one game's boards kept
  std::unique_ptr<Solver> unionSolver_;  // ... with every game's, binding the root side only
  SolveOptions unionOptions() const {
    SolveOptions so = searchOptions_;
    so.historyBindsRootMoverOnly = true;
    return so;
  }
  std::unordered_map<uint64_t, Group> groups_;  // (Group) and their order met
  std::vector<uint64_t> groupOrder_;
  double maxSeconds_;
  std::function<void(const SuperkoCheck&)> onProgress_;
  double progressSeconds_;
  Clock::time_point start_ = Clock::now(), lastReport_ = start_;
  uint64_t ticks_ = 0;
  std::vector<uint32_t> rootCaptures_, otherCaptures_;  // by Node::id
  std::vector<uint8_t> state_;                          // by Node::id
  HashSet seen_;  // (position, boards kept) walked, but clean ones
  // Positions found this round to take other moves (FLEX), to be searched instead (OFF).
  std::unordered_set<size_t> freshFlex_, freshOff_;
  bool cyclic_ = false, changed_ = false;           // the first pass met a cycle, changed a mask
  std::unordered_map<uint64_t, uint8_t> searched_;  // (position, boards kept): a result
  std::vector<int> path_;
  std::unordered_set<uint64_t> repeatKeys_;  // table keys of the positions of a repeat
  std::vector<size_t> deciders_;  // the root side's positions on the game walked (Node::id)
  // Positions whose table bounds a search took (BoundOracle), with their capture points
  // then, and in the order taken; whether the walk is from the root (else from one of them).
  std::unordered_map<size_t, std::pair<uint32_t, uint32_t>> oracleUsed_;
  std::vector<size_t> oracleRoots_;
  bool fromRoot_ = true;
  SuperkoCheck c_;
};

}  // namespace

SuperkoCheck checkSuperko(const Geometry& g, const SolutionTable& table, const SolveOptions& search,
                          uint64_t searchNodes, double maxSeconds, Mask own, Mask opp,
                          const std::function<void(const SuperkoCheck&)>& onProgress,
                          double progressSeconds) {
  Checker checker(g, table, search, searchNodes, maxSeconds, onProgress, progressSeconds);
  return checker.run(own, opp);
}

}  // namespace solve
