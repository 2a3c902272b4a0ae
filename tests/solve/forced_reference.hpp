// The from-scratch twin of simple-forced bounds for tests: value iteration over every
// state reachable from the empty board of a tiny board, in Black's terms (used by
// test_simple_forced.cpp against the solver and by test_retrograde.cpp against the
// retrograde analysis).
//
// Under simple ko alone a game can last for ever, so a position's value is what each side
// can force in finitely many moves: a lower bound L holds when Black has a strategy that
// ends every game (two passes, or a position whose static bounds fix the score) at L or
// more. The reference computes the greatest such bounds of every position at once: start
// from [-points, points] everywhere and apply one ply of minimax to every position until
// nothing changes (the bounds after d rounds are those of a d-ply tree; the state space
// is finite, so they stop changing, and a round that changes nothing is a fixed point).
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "solve/benson.hpp"
#include "solve/compact_board.hpp"

namespace solve::testing {

using engine::Color;

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
        kids.push_back({add(State{b.black(), b.white(), !s.whiteToMove, b.koPoint(), 0}), 0, p});
      }
      if (s.passes == 1) {
        kids.push_back({-1, areaScore(g, s.black, s.white), -1});  // the game ends
      } else {
        kids.push_back({add(State{s.black, s.white, !s.whiteToMove, -1, 1}), 0, -1});
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
  struct Child {
    int index;  // -1: the game ended with `score`
    int score;
    int move;  // the point played, -1 the pass
  };
  const std::vector<Child>& children(size_t i) const { return children_[i]; }

 private:
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

}  // namespace solve::testing
