// Helpers shared by the two retrograde analyses (retrograde.cpp, retrograde_direct.cpp):
// progress reports, relaxed atomic bound bytes and a position's moves. Internal to solve/.
#pragma once

#include <sys/mman.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "engine/board/errors.hpp"

#include "solve/compact_board.hpp"
#include "solve/retrograde.hpp"

namespace solve::retro_detail {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Reports progress from any thread, at most once a progressSeconds (a report due while
// another is being made is skipped, never waited for).
class Reporter {
 public:
  Reporter(const RetroOptions& o, Clock::time_point start) : o_(o), start_(start) {}
  void operator()(RetroProgress p, bool force = false) {
    if (!o_.onProgress) return;
    std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    const double now = secondsSince(start_);
    if (!force && now - last_ < o_.progressSeconds) return;
    last_ = now;
    p.seconds = now;
    o_.onProgress(p);
  }

 private:
  const RetroOptions& o_;
  Clock::time_point start_;
  std::mutex mutex_;
  double last_ = -1e9;
};

// Refuses a board above `limit` points, or fewer than one thread.
inline void checkRun(const char* what, int points, int limit, const RetroOptions& o) {
  if (points > limit) {
    throw engine::InputError(std::string(what) + ": " + std::to_string(points) +
                             " points is above the limit of " + std::to_string(limit));
  }
  if (o.threads < 1) throw engine::InputError("retrograde analysis: threads must be >= 1");
}

// Asks for transparent huge pages (2 MiB) behind the whole 2 MiB pages of [p, p + bytes),
// before the memory is first written. The analyses read their records at random over
// gigabytes: on 4 KiB pages nearly every read also misses the TLB and walks the page
// tables (docs/SOLVER.md, session 50). Only a hint: nothing changes where the kernel's
// transparent huge pages are off, and a refusal is ignored.
inline void adviseHugePages(const void* p, size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr uintptr_t HUGE_PAGE = uintptr_t{1} << 21;
  const uintptr_t begin = reinterpret_cast<uintptr_t>(p);
  const uintptr_t from = (begin + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  const uintptr_t to = (begin + bytes) & ~(HUGE_PAGE - 1);
  if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#else
  (void)p, (void)bytes;
#endif
}

// A vector of n copies of x whose memory is advised huge pages before it is filled.
template <class T>
void assignHuge(std::vector<T>& v, size_t n, const T& x) {
  std::vector<T>().swap(v);
  v.reserve(n);
  adviseHugePages(v.data(), n * sizeof(T));
  v.assign(n, x);
}

inline uint64_t slotOf(uint64_t key, uint64_t mask) {
  return (key * 0x9E3779B97F4A7C15ull >> 17) & mask;
}

// Relaxed atomic access to bound bytes, which threads read while others write (every
// bound is written by one thread a sweep; a stale read is an older bound, still sound).
inline int8_t load(const int8_t& v) {
  return std::atomic_ref<const int8_t>(v).load(std::memory_order_relaxed);
}
inline void store(int8_t& v, int8_t x) {
  std::atomic_ref<int8_t>(v).store(x, std::memory_order_relaxed);
}

// Sets bounds (lo, hi) to what the moves give, kept within the old ones (both are sound;
// monotone anyway when reads are fresh). True when they moved.
inline bool settle(int8_t& lo, int8_t& hi, int8_t nlo, int8_t nhi) {
  nlo = std::max(nlo, load(lo)), nhi = std::min(nhi, load(hi));
  if (nlo == load(lo) && nhi == load(hi)) return false;
  store(lo, nlo), store(hi, nhi);
  return true;
}

// Calls f(point, childOwn, childOpp, childKo) for each legal move of the mover at
// (own, opp) barred from ko, points in increasing order. The child is the position after
// the move in the other side's view: childOwn its stones (the mover's opponent's, less
// what the move captured), childOpp the mover's stones with the new one, childKo the point
// the other side may not take back (-1 for none). CompactBoard::play's rules: a move is
// legal when it has a liberty, captures, or joins an own chain with another liberty; the
// ban follows the capture of one stone by a lone stone left with one liberty.
//
// Each side's chains are found once for the position, not again for each move (the
// analyses' sweeps spend most of their time here); tests/solve/test_retrograde.cpp checks
// every child against CompactBoard's move for move.
template <class F>
void forEachMove(const Geometry& g, Mask own, Mask opp, int ko, F&& f) {
  const Mask empty = g.all() & ~(own | opp);
  if (!empty) return;
  // The opponent's stones each empty point captures (chains whose last liberty it is),
  // and the points where a move joins an own chain that keeps another liberty.
  std::array<Mask, MAX_POINTS> captures{};
  Mask capturing = 0, safeJoin = 0;
  for (Mask rest = opp; rest;) {
    const Mask chain = g.flood(rest & -rest, opp);
    rest &= ~chain;
    const Mask libs = g.expand(chain) & empty;
    if (libs && (libs & (libs - 1)) == 0) {  // one liberty
      const int at = lowestBit(libs);
      captures[at] |= chain;
      capturing |= libs;
    }
  }
  for (Mask rest = own; rest;) {
    const Mask chain = g.flood(rest & -rest, own);
    rest &= ~chain;
    const Mask libs = g.expand(chain) & empty;
    if (libs & (libs - 1)) safeJoin |= libs;
  }
  for (Mask e = empty; e; e &= e - 1) {
    const int p = lowestBit(e);
    if (p == ko) continue;
    const Mask bit = Mask{1} << p, nb = g.neighbours(p);
    const Mask taken = captures[p];
    if (!(nb & empty) && !(capturing & bit) && !(safeJoin & bit)) continue;  // suicide
    int childKo = -1;
    if (taken && (taken & (taken - 1)) == 0 && !(nb & own) && !(nb & empty)) {
      childKo = lowestBit(taken);
    }
    f(p, opp & ~taken, own | bit, childKo);
  }
}

}  // namespace solve::retro_detail
