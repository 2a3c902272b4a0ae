// Depth-first proof-number search without a horizon (internal to solve/): answers the
// boolean question "is the mover's value at least t?" for the last position on a
// Worker's path. solver.cpp bisects the proven interval of the root with it when
// SolveOptions::proofNumber is set (docs/SOLVER.md, "Session 6: df-pn").
//
// Ideas implemented: df-pn (A. Nagai, "Df-pn algorithm for searching AND/OR trees and its
// applications", PhD thesis, 2002) in negamax form (a node's proof number is the least
// disproof number of its children, its disproof number the sum of their proof numbers);
// the 1+epsilon threshold of the second-best child (J. Pawlewicz and L. Lew, "Improving
// depth-first PN-search: 1+epsilon trick", 2007). Proof and disproof numbers are kept in
// a table of their own and only steer the search; a proven or disproven result lives in
// the bounds table with the history summary of its proof (the Kishimoto & Müller reuse
// test of worker.hpp), or, when its proof met a repetition with a position older than the
// node, only in the frame of its parent while that frame lives. So every answer "yes" or
// "no" is a proof on the current path; the pn/dn table can only waste effort.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "solve/worker.hpp"
#include "solve/zeroed.hpp"

namespace solve {

// What df-pn knows of a node's children that does not depend on the path: the legal
// moves in search order, the child positions with their canonical keys, and their static
// bounds. df-pn re-expands a node every time its parent re-enters it; this memo, keyed by
// the exact node, saves the move generation, the plays, the symmetry scans and the
// Benson bounds of every re-entry (docs/SOLVER.md, "Session 7"). Direct-mapped; a hit is
// always right (the whole node is compared).
class ChildCache {
 public:
  struct Child {
    uint64_t key;         // canonical key (0 when the table is off)
    uint32_t own, opp;    // the child from its mover's side
    int8_t move, ko;      // move (-1 pass); the child's ko point
    int8_t lower, upper;  // static bounds of the child for its mover; the score at a game end
    uint8_t extra, sym;   // canonical extra byte and symmetry
    bool captured, end;   // the move captured; the move ended the game (second pass)
  };
  struct Entry {
    uint64_t stones = 0;  // own | opp << 32 of the parent
    int8_t ko = -1;
    uint8_t passes = 0;
    bool white = false, used = false;
    uint8_t count = 0;
    std::array<Child, MAX_POINTS + 1> children;
  };
  explicit ChildCache(int log2Entries) : entries_(size_t{1} << log2Entries) {}
  // The slot of node n; `hit` says whether it holds n's children.
  Entry& slot(const Node& n, bool& hit);
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }

 private:
  ZeroedArray<Entry> entries_;  // all-zero: unused
  uint64_t hits_ = 0, misses_ = 0;
};

// Proof and disproof numbers of (canonical position, threshold), direct-mapped and
// history-free (search effort only, never a result), with the thread's child cache.
class ProofNumberTable {
 public:
  // 2^log2Entries pn/dn entries (24 bytes) and 2^(log2Entries - 6) cached child lists
  // (about 800 bytes each, at least 2^6).
  explicit ProofNumberTable(int log2Entries)
      : children(std::max(6, log2Entries - 6)), entries_(size_t{1} << log2Entries) {}
  // The stored numbers, or false.
  bool probe(uint64_t key, uint8_t extra, int t, uint32_t& pn, uint32_t& dn) const;
  void store(uint64_t key, uint8_t extra, int t, uint32_t pn, uint32_t dn);
  size_t bytes() const { return entries_.size() * sizeof(Entry); }
  ChildCache children;  // owned here so that it lives across the prove() calls

 private:
  struct Entry {
    uint64_t key = 0;
    uint32_t pn = 0, dn = 0;
    uint8_t extra = 0;
    int8_t t = 0;
    bool used = false;
  };
  size_t index(uint64_t key, uint8_t extra, int t) const;
  ZeroedArray<Entry> entries_;  // all-zero: unused
};

// One thread's df-pn over a Worker (its path, board helpers, static-bounds memo and the
// shared bounds table).
class ProofSearch {
 public:
  ProofSearch(Worker& w, ProofNumberTable& pnTable, double epsilon)
      : w_(w), pnt_(pnTable), epsilon_(epsilon) {}
  // Is the value of n (the last position on the worker's path) for its mover at least t?
  // 1 proven, 0 disproven, -1 unknown (a limit stopped the search).
  int prove(const Node& n, int t);
  // Is the value of `move` (-1 pass) at n at least t for n's mover? As prove(); 2 when
  // superko forbids the move.
  int proveMove(const Node& n, int move, int t);

 private:
  static constexpr uint32_t INF = 1u << 30;
  // A position's canonical table key, computed once per child and reused for the bounds
  // table, the pn/dn table and the table move (session 7).
  struct Canon {
    uint64_t key = 0;
    uint8_t extra = 0;
    int sym = 0;
  };
  // A child of the node being expanded, with what the frame knows about it.
  struct Child {
    int move;
    Node node;
    bool captured;
    uint64_t abs;
    Canon canon;      // when the table is on
    uint32_t pn, dn;  // from the child's side: proof of "child value >= 1 - t"
    Summary proof;    // when resolved: the child's proof, without the child itself
    int repMin;       // oldest path index the child's result rests on
    int terminal;     // a resolved value known without search, or INT32_MIN
  };
  struct Result {
    uint32_t pn, dn;
    Summary proof;  // when resolved
    int repMin;
  };
  // The node's (dis)proof below the thresholds; n is the last position on the path.
  // cn is n's canonical key (unused when the table is off).
  Result mid(const Node& n, const Canon& cn, int t, uint32_t thPn, uint32_t thDn, int depth);
  // n's canonical key, or a zero key when the table is off.
  Canon canonOf(const Node& n) const;
  // n's static bounds for its mover ([-points, points] when they are off).
  ScoreBounds staticOf(const Node& n);
  // A cheap guess of n's value for its mover: own stones and empty points next to own
  // stones only, minus the same for the opponent, clamped into n's static bounds b.
  int estimate(const Node& n, ScoreBounds b) const;
  // Resolves n (canonical key cn, static bounds b) without search when the static bounds
  // or a usable table entry decide it: 1 / 0 with the proof's summary, -1 otherwise.
  int lookup(const Node& n, const Canon& cn, ScoreBounds b, int t, int ply, Summary& proof);
  // The path-independent part of n's children, from the child cache or computed.
  const ChildCache::Entry& children(const Node& n, const Canon& cn, int ply);
  // The children of n (legal moves, with repetitions noted in repMin) appended to frame_.
  void expand(const Node& n, const Canon& cn, int t, int ply, int& repMin);
  // Writes a resolved result to the bounds table.
  void storeResolved(const Node& n, const Canon& cn, int t, bool proven, int move,
                     const Summary& proof, uint64_t work);

  Worker& w_;
  ProofNumberTable& pnt_;
  double epsilon_;
  std::vector<Child> frame_;   // the children of every node on the recursion stack
  ChildCache::Entry scratch_;  // the children when the child cache is off
};

}  // namespace solve
