// Static bounds from unconditional life (D. B. Benson, "Life in the game of Go", 1976)
// and a simple form of unconditional territory (in the spirit of M. Müller, "Playing it
// safe", 1997): points that a colour keeps to the end of the game whatever the opponent
// does, so the final area score is bounded without search.
#pragma once

#include <cstdint>
#include <vector>

#include "solve/geometry.hpp"
#include "solve/zeroed.hpp"

namespace solve {

// The chains of `own` that are unconditionally alive (Benson), as one mask.
Mask bensonAlive(const Geometry& g, Mask own, Mask opp);

// Which optional rules safePoints adds to Benson's life. The defaults are the solver's:
// the territory rule on, the other three off (docs/SOLVER.md says what each measured).
struct SafetyRules {
  bool territory = true;  // regions whose interior has no room for two enemy eyes
  bool answers = false;   // small regions that keep an eye after one answer
  int held = 0;           // regions kept with at most `held` own moves inside (0: off)
  bool links = false;     // two chains with two empty liberties in common count as one
};

// Points own is sure to score: its unconditionally alive chains plus every region
// (connected set of non-own points) that borders only those chains and in which the
// opponent can never make two eyes: every point is adjacent to an alive chain, or
// (territory) the interior points, those not adjacent to one, hold no two that are not
// neighbours (docs/SOLVER.md, "Static bounds"). With `rules.answers`, the chains are alive as
// long as own answers each first enemy move inside a small empty region that keeps an
// eye after one answer (docs/SOLVER.md, "Regions kept by an answer"), so that own keeps
// the points by play rather than unconditionally. With `rules.held` > 0, a region of up to 10
// points that no chain needs for its life (every chain around it is alive, and it is not
// a candidate for a vital region) is safe too when a local search finds that own keeps
// all of it with at most `held` own moves inside it, answering every enemy move inside
// it there (docs/SOLVER.md, "Held regions"). With `rules.links`, two chains with two empty
// liberties in common count as one (own answers an enemy move at one by playing the
// other; docs/SOLVER.md, "Session 34: chains linked by two shared liberties").
Mask safePoints(const Geometry& g, Mask own, Mask opp, const SafetyRules& rules = {});

// Bounds on the final area score (own minus opp) from both colours' safe points:
// every point not safe for either side may still go either way.
struct ScoreBounds {
  int lower, upper;
};
ScoreBounds staticBounds(const Geometry& g, Mask own, Mask opp, const SafetyRules& rules = {});
// staticBounds from the two sides' safe points (safePoints of own, then of opp).
ScoreBounds boundsFromSafe(const Geometry& g, Mask mine, Mask theirs);

// Bounds on the value for the mover (own) of a position reached after `passes`
// consecutive passes. The safe points of a colour are only its own at the end if that
// colour can still clean them of enemy stones, and after a pass the mover can end the
// game at once by passing again: then the current area score is also possible, so it
// widens the upper bound (found by search: Black's "safe" eye still held a White stone
// when White ended the game). Its lower bound is the mover's safe points or that score.
ScoreBounds boundsAfterPasses(const Geometry& g, Mask own, Mask opp, int passes,
                              const SafetyRules& rules = {});

// A memo of staticBounds and the area score by exact position, one per search thread:
// the search meets the same position many times (transpositions, every horizon of the
// iterative deepening, every null-window test of MTD), and the Benson iteration was 30%
// of the instructions of a 3x4 solve (callgrind, docs/SOLVER.md, session 5). The key is
// the exact position (the smaller of the two sides' masks low 32 bits, the other high:
// one entry serves both sides to move, since swapping them negates the bounds), so a hit
// is always right; direct mapped, a newer position overwrites an older one. staticBounds is its
// from-scratch twin (tests/solve/test_solver_static.cpp compares them over random games).
class StaticBoundsCache {
 public:
  // A cache of 2^log2Entries entries (16 bytes each) for the geometry g.
  StaticBoundsCache(const Geometry& g, int log2Entries, const SafetyRules& rules);
  // The same as boundsAfterPasses(g, own, opp, passes, rules); own | opp non-empty.
  ScoreBounds boundsAfterPasses(Mask own, Mask opp, int passes);
  // A floor under the static upper bound of (own, opp): the points minus twice opp's
  // safe points (their part that own's do not overlap is what the upper bound takes off),
  // or the upper bound itself when the memo holds both sides. On a miss only opp's safe
  // points are computed and kept, half the work of the bounds, which a later
  // boundsAfterPasses completes: for a test that the floor alone mostly answers.
  int upperFloor(Mask own, Mask opp);
  // Starts loading the entry of (own, opp) into the cache, for a boundsAfterPasses soon.
  void prefetch(Mask own, Mask opp) const {
    __builtin_prefetch(&entries_[slot(orientedKey(own, opp))]);
  }
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }

 private:
  static constexpr int8_t NO_AREA = INT8_MIN;  // the area score is not computed yet
  // What an entry of sides (a, b) holds (a the smaller mask): the bounds from a's side, or
  // only one side's safe points so far (upperFloor).
  enum : uint8_t { BOUNDS = 0, SAFE_A = 1, SAFE_B = 2 };
  struct Entry {
    uint64_t key = 0;
    int8_t lower = 0, upper = 0, area = 0;
    uint8_t holds = BOUNDS;
    uint32_t safe = 0;  // the safe points of the side `holds` names
  };
  // The entry of (own, opp) with its static bounds, computed (or completed) on a miss.
  Entry& entry(Mask own, Mask opp);
  // e's area score, computed on first use.
  int area(Entry& e, Mask own, Mask opp);
  // The key of (own, opp)'s entry: the smaller mask low 32 bits, the other high.
  static uint64_t orientedKey(Mask own, Mask opp) {
    return opp < own ? opp | own << 32 : own | opp << 32;
  }
  // Multiplicative hashing (Knuth): the top bits of key * odd constant.
  size_t slot(uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> shift_; }
  const Geometry& g_;
  SafetyRules rules_;
  int shift_;
  ZeroedArray<Entry> entries_;  // key 0: empty (the empty board is never asked)
  uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace solve
