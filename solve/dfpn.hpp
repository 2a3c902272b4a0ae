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

#include <cstdint>
#include <vector>

#include "solve/worker.hpp"

namespace solve {

// Proof and disproof numbers of (canonical position, threshold), direct-mapped and
// history-free (search effort only, never a result).
class ProofNumberTable {
 public:
  explicit ProofNumberTable(int log2Entries) : entries_(size_t{1} << log2Entries) {}
  // The stored numbers, or false.
  bool probe(uint64_t key, uint8_t extra, int t, uint32_t& pn, uint32_t& dn) const;
  void store(uint64_t key, uint8_t extra, int t, uint32_t pn, uint32_t dn);
  size_t bytes() const { return entries_.size() * sizeof(Entry); }

 private:
  struct Entry {
    uint64_t key = 0;
    uint32_t pn = 0, dn = 0;
    uint8_t extra = 0;
    int8_t t = 0;
    bool used = false;
  };
  size_t index(uint64_t key, uint8_t extra, int t) const;
  std::vector<Entry> entries_;
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
  // A child of the node being expanded, with what the frame knows about it.
  struct Child {
    int move;
    Node node;
    bool captured;
    uint64_t abs;
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
  Result mid(const Node& n, int t, uint32_t thPn, uint32_t thDn, int depth);
  // Resolves n without search when static bounds or a usable table entry decide it:
  // 1 / 0 with the proof's summary, -1 otherwise.
  int lookup(const Node& n, int t, int ply, Summary& proof);
  // The children of n (legal moves, with repetitions noted in repMin) appended to frame_.
  void expand(const Node& n, int t, int ply, int& repMin);
  // Writes a resolved result to the bounds table.
  void storeResolved(const Node& n, int t, bool proven, int move, const Summary& proof,
                     uint64_t work);

  Worker& w_;
  ProofNumberTable& pnt_;
  double epsilon_;
  std::vector<Child> frame_;  // the children of every node on the recursion stack
};

}  // namespace solve
