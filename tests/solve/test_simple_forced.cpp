// Simple ko with forced bounds (KoRule::SimpleForced, `--rules simple-forced`) against a
// from-scratch twin: value iteration over every position reachable on a tiny board.
//
// Under simple ko alone a game can last for ever, so a position's value is what each side
// can force in finitely many moves: a lower bound L holds when Black has a strategy that
// ends every game (two passes, or a position whose static bounds fix the score) at L or
// more. The reference computes the greatest such bounds of every position at once: start
// from [-points, points] everywhere and apply one ply of minimax to every position until
// nothing changes (the bounds after d rounds are those of a d-ply tree; the state space
// is finite, so they stop changing, and a round that changes nothing is a fixed point).
// The solver must never claim more than that (soundness), and on these boards it must
// reach every value the reference finds exact (nothing is missing from its search).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/board/rng.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/solver.hpp"

using engine::Color;
using namespace solve;

namespace {

struct State {
  Mask black = 0, white = 0;
  bool whiteToMove = false;
  int ko = -1;     // forbidden to the side to move
  int passes = 0;  // consecutive passes just made (0 or 1)
  uint64_t key() const {
    return (black | white << 32) ^ (uint64_t{whiteToMove} << 63) ^
           (static_cast<uint64_t>(ko + 1) << 56) ^ (static_cast<uint64_t>(passes) << 62);
  }
};

// Every state reachable from the empty board with its bounds (Black's side), by value
// iteration; with `statics`, each state's bounds also lie within its static bounds (the
// solver's leaf facts), as the solver's do.
class ForcedReference {
 public:
  ForcedReference(const Geometry& g, bool statics) : g_(g) {
    const int n = g.points();
    add(State{});
    for (size_t i = 0; i < states_.size(); ++i) {  // breadth first; children's indices
      const State s = states_[i];
      std::vector<Child> kids;
      const Color me = s.whiteToMove ? Color::White : Color::Black;
      for (int p = 0; p < n; ++p) {
        CompactBoard b(g);
        b.setRaw(s.black, s.white, s.ko, s.ko >= 0 ? me : Color::Empty);
        if (!b.isLegal(p, me)) continue;
        b.play(p, me);
        kids.push_back({add(State{b.black(), b.white(), !s.whiteToMove, b.koPoint(), 0}), 0});
      }
      if (s.passes == 1) {
        kids.push_back({-1, areaScore(g, s.black, s.white)});  // the game ends
      } else {
        kids.push_back({add(State{s.black, s.white, !s.whiteToMove, -1, 1}), 0});
      }
      children_.push_back(std::move(kids));
    }
    lo_.assign(states_.size(), -n), hi_.assign(states_.size(), n);
    if (statics) {
      for (size_t i = 0; i < states_.size(); ++i) {
        const State& s = states_[i];
        if (!(s.black | s.white)) continue;
        const Mask own = s.whiteToMove ? s.white : s.black, opp = s.whiteToMove ? s.black : s.white;
        const ScoreBounds b = boundsAfterPasses(g, own, opp, s.passes);
        lo_[i] = s.whiteToMove ? -b.upper : b.lower;
        hi_[i] = s.whiteToMove ? -b.lower : b.upper;
      }
    }
    for (bool changed = true; changed;) {
      changed = false;
      ++rounds_;
      for (size_t i = 0; i < states_.size(); ++i) {
        const bool white = states_[i].whiteToMove;
        int lo = white ? n : -n, hi = white ? n : -n;
        for (const Child& c : children_[i]) {
          const int clo = c.index < 0 ? c.score : lo_[c.index];
          const int chi = c.index < 0 ? c.score : hi_[c.index];
          lo = white ? std::min(lo, clo) : std::max(lo, clo);
          hi = white ? std::min(hi, chi) : std::max(hi, chi);
        }
        lo = std::max(lo, lo_[i]), hi = std::min(hi, hi_[i]);
        if (lo != lo_[i] || hi != hi_[i]) lo_[i] = lo, hi_[i] = hi, changed = true;
      }
    }
  }
  size_t size() const { return states_.size(); }
  const State& state(size_t i) const { return states_[i]; }
  int lower(size_t i) const { return lo_[i]; }
  int upper(size_t i) const { return hi_[i]; }
  int rounds() const { return rounds_; }

 private:
  struct Child {
    int index;  // -1: the game ended with `score`
    int score;
  };
  int add(const State& s) {
    const auto [it, fresh] = index_.emplace(s.key(), static_cast<int>(states_.size()));
    if (fresh) states_.push_back(s);
    return it->second;
  }
  const Geometry& g_;
  std::vector<State> states_;
  std::vector<std::vector<Child>> children_;
  std::unordered_map<uint64_t, int> index_;
  std::vector<int> lo_, hi_;
  int rounds_ = 0;
};

struct Tally {
  int exact = 0, open = 0;
};

// Solves `samples` states of the reference (all of them when there are fewer) with the
// solver under simple-forced rules and checks its bounds against the reference's.
Tally compareWithSolver(const Geometry& g, const ForcedReference& ref, SolveOptions opt,
                        size_t samples, uint64_t seed) {
  opt.rules = Rules::named("simple-forced");
  opt.bestMoves = false, opt.principalVariation = false;
  opt.ttLog2 = 14;
  // The reference's rounds bound the plies any of its exact values needs; deeper horizons
  // would only go round the cycles of the open positions.
  opt.maxDepth = ref.rounds() + 2;
  opt.firstDepth = std::min(opt.firstDepth ? opt.firstDepth : 4, opt.maxDepth);
  Solver solver(g, opt);  // one table for every state: entries are history-free
  engine::Rng rng(seed);
  Tally t;
  for (size_t k = 0; k < std::min(samples, ref.size()); ++k) {
    const size_t i = samples >= ref.size() ? k : rng.below(static_cast<uint32_t>(ref.size()));
    const State& s = ref.state(i);
    Position p;
    p.black = s.black, p.white = s.white, p.ko = s.ko, p.passes = s.passes;
    p.toMove = s.whiteToMove ? Color::White : Color::Black;
    const SolveResult r = solver.solve(p);
    INFO(g.width() << "x" << g.height() << " state " << i << " black " << s.black << " white "
                   << s.white << (s.whiteToMove ? " white" : " black") << " to move, ko " << s.ko
                   << ", passes " << s.passes << ": reference [" << ref.lower(i) << ", "
                   << ref.upper(i) << "], solver [" << r.lower << ", " << r.upper << "]");
    CHECK(solver.lastStats().inconsistent == 0);
    CHECK(r.lower <= ref.lower(i));  // never more than a side can force
    CHECK(r.upper >= ref.upper(i));
    if (ref.lower(i) == ref.upper(i)) {
      CHECK(r.exact);  // and everything it can force is found
      ++t.exact;
    } else {
      ++t.open;
    }
  }
  return t;
}

}  // namespace

TEST_CASE("simple-forced bounds match value iteration over every reachable position",
          "[solve][simple-forced]") {
  struct Board {
    int w, h;
    size_t samples;
  };
  for (const Board b : {Board{1, 4, 1000}, Board{1, 5, 1000}, Board{2, 2, 1000}, Board{2, 3, 150},
                        Board{3, 2, 150}}) {
    const Geometry g(b.w, b.h);
    for (bool statics : {false, true}) {
      const ForcedReference ref(g, statics);
      SolveOptions opt;
      opt.benson = statics;
      const Tally plain = compareWithSolver(g, ref, opt, b.samples, 11 + b.w * 7 + b.h);
      // One-sided tests with failure memos (session 22): a memo must never hide a value
      // the twin proves exact.
      SolveOptions memo = opt;
      memo.oneSided = true;
      const Tally memos = compareWithSolver(g, ref, memo, b.samples, 11 + b.w * 7 + b.h);
      opt.symmetry = false, opt.algorithm = Algorithm::AlphaBeta;
      const Tally other = compareWithSolver(g, ref, opt, b.samples, 11 + b.w * 7 + b.h);
      INFO(b.w << "x" << b.h << (statics ? " with" : " without") << " static bounds: " << ref.size()
               << " positions, " << ref.rounds() << " rounds, " << plain.exact << " exact, "
               << plain.open << " open");
      // Both kinds occur: cycles leave some positions open under simple ko.
      CHECK(plain.exact > 0);
      CHECK(plain.exact + plain.open == other.exact + other.open);
      CHECK(memos.exact == plain.exact);
    }
  }
}

TEST_CASE("simple-forced reference: the empty 1x5 board is open, 2x4 and 3x3 are forced",
          "[solve][simple-forced]") {
  // 1x5 is 0 under positional superko; under simple ko alone neither side can force an
  // end, because a ko fight can cycle. Boards without such cycles keep their PSK values.
  const ForcedReference r15(Geometry(1, 5), true);
  CHECK(r15.lower(0) < r15.upper(0));
  for (const auto& [w, h, value] : {std::array{2, 4, 8}, std::array{3, 3, 9}}) {
    const Geometry g(w, h);
    SolveOptions opt;
    opt.rules = Rules::named("simple-forced");
    opt.ttLog2 = 16;
    opt.bestMoves = false, opt.principalVariation = false;
    Solver s(g, opt);
    const SolveResult r = s.solve(Position{});
    CHECK(r.exact);
    CHECK(r.value == value);
  }
}
