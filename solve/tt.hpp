// The solver's transposition table: score bounds, a best move and a history summary per
// canonical position. Lock-free for two threads by the XOR trick (R. Hyatt and T. Mann,
// "A lockless transposition-table implementation for parallel search", 2002): an entry
// is (key ^ words, words), so a torn write fails the key check instead of lying.
//
// The summary is what makes reuse sound under positional superko (docs/SOLVER.md): it
// over-approximates the set of positions created by plays inside the subtree whose
// search proved the stored bounds. A stored result is reused on a path only when no
// earlier position of that path can be in the set.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>

#include "engine/board/rng.hpp"
#include "solve/geometry.hpp"
#include "solve/zeroed.hpp"

namespace solve {

// Over-approximation of a set of positions (a, b = the two colours' stones; side = 0, or
// the side to move where it matters): stones present in every member (and*), stones
// present in some member (or*), and which (stone count, side) pairs occur (counts).
struct Summary {
  Mask andA = 0xFFFFFFFFu, andB = 0xFFFFFFFFu, orA = 0, orB = 0;
  uint64_t counts = 0;  // bit min(stones, 31) + 32 * side

  static int bit(Mask a, Mask b, int side) { return std::min(popcount(a | b), 31) + 32 * side; }
  bool empty() const { return counts == 0; }
  // Adds one position.
  void add(Mask a, Mask b, int side) {
    andA &= a, andB &= b, orA |= a, orB |= b;
    counts |= uint64_t{1} << bit(a, b, side);
  }
  // Adds every member of another summary.
  void merge(const Summary& o) {
    andA &= o.andA, andB &= o.andB, orA |= o.orA, orB |= o.orB;
    counts |= o.counts;
  }
  // False when (a, b, side) is certainly not a member.
  bool mayContain(Mask a, Mask b, int side) const {
    if (!(counts >> bit(a, b, side) & 1)) return false;
    return (a & andA) == andA && (b & andB) == andB && !(a & ~orA) && !(b & ~orB);
  }
};

// What the table knows of a position (values from the mover's side, komi 0); the summary
// is in the canonical orientation, colour A = the mover.
struct TTData {
  int lower = -128, upper = 127;
  int move = -2;  // canonical move, -1 pass, -2 none
  int work = 0;   // log2 of the nodes spent, for replacement
  // A failed attempt (not a proven fact; Worker::search, "failure memos"): the search of
  // this position `failDepth` plies above the horizon could not prove value >= failValue
  // (failKind FAIL_HIGH), value <= failValue (FAIL_LOW), or either of value >= failValue
  // and value <= failValue - 1 (FAIL_BOTH, a two-sided null-window test). FAIL_NONE: no memo.
  // failWidth: the prover width of the search that failed (SolveOptions::proverWidth;
  // 0: every move), since a search that tried fewer moves may fail where one with more
  // would not.
  static constexpr int FAIL_NONE = 0, FAIL_HIGH = 1, FAIL_LOW = 2, FAIL_BOTH = 3;
  int failKind = FAIL_NONE, failValue = 0, failDepth = 0, failWidth = 0;
  Summary summary;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(int log2Entries)
      : mask_((size_t{1} << log2Entries) - 2), slots_(size_t{1} << log2Entries) {}

  // Looks up (key, extra); false when absent.
  bool probe(uint64_t key, uint8_t extra, TTData& out) const {
    const size_t i = index(key, extra);
    for (size_t j = i; j < i + 2; ++j) {
      const Slot& s = slots_[j];
      const uint64_t w0 = s.w[0].load(std::memory_order_relaxed);
      const uint64_t w1 = s.w[1].load(std::memory_order_relaxed);
      const uint64_t w2 = s.w[2].load(std::memory_order_relaxed);
      const uint64_t w3 = s.w[3].load(std::memory_order_relaxed);
      const uint64_t check = s.check.load(std::memory_order_relaxed);
      if (w0 == 0 || (check ^ mix(w0, w1, w2, w3)) != key ||
          static_cast<uint8_t>(w0 >> 24) != extra) {
        continue;
      }
      decode(w0, w1, w2, w3, out);
      return true;
    }
    return false;
  }
  // Asks the processor to bring (key, extra)'s bucket (two 40-byte slots, which can span
  // two cache lines) into the cache ahead of a probe.
  void prefetch(uint64_t key, uint8_t extra) const {
    const Slot* s = &slots_[index(key, extra)];
    __builtin_prefetch(s);
    __builtin_prefetch(reinterpret_cast<const char*>(s) + 2 * sizeof(Slot) - 1);
  }
  // Stores an entry (the caller merges with what it found). Slot 0 of a bucket keeps the
  // entry that cost most work; slot 1 takes everything else.
  void store(uint64_t key, uint8_t extra, const TTData& d) {
    const uint64_t w0 = static_cast<uint64_t>(static_cast<uint8_t>(d.lower)) |
                        static_cast<uint64_t>(static_cast<uint8_t>(d.upper)) << 8 |
                        static_cast<uint64_t>(static_cast<uint8_t>(d.move)) << 16 |
                        static_cast<uint64_t>(extra) << 24 |
                        static_cast<uint64_t>(std::min(d.work, 255)) << 32 | uint64_t{1} << 40 |
                        static_cast<uint64_t>(d.failKind & 3) << 41 |
                        static_cast<uint64_t>(std::clamp(d.failValue + 64, 0, 127)) << 43 |
                        static_cast<uint64_t>(std::clamp(d.failDepth, 0, 255)) << 50 |
                        static_cast<uint64_t>(std::clamp(d.failWidth, 0, 63)) << 58;
    const uint64_t w1 = d.summary.andA | d.summary.andB << 32;
    const uint64_t w2 = d.summary.orA | d.summary.orB << 32;
    const uint64_t w3 = d.summary.counts;
    const size_t i = index(key, extra);
    size_t j = i + 1;
    const Slot& s0 = slots_[i];
    const uint64_t d0 = s0.w[0].load(std::memory_order_relaxed);
    const uint64_t k0 =
        s0.check.load(std::memory_order_relaxed) ^ mix(d0, s0.w[1].load(std::memory_order_relaxed),
                                                       s0.w[2].load(std::memory_order_relaxed),
                                                       s0.w[3].load(std::memory_order_relaxed));
    const bool same0 = k0 == key && static_cast<uint8_t>(d0 >> 24) == extra;
    if (same0 || d0 == 0 || static_cast<int>((d0 >> 32) & 255) <= d.work) j = i;
    Slot& s = slots_[j];
    s.check.store(key ^ mix(w0, w1, w2, w3), std::memory_order_relaxed);
    s.w[0].store(w0, std::memory_order_relaxed);
    s.w[1].store(w1, std::memory_order_relaxed);
    s.w[2].store(w2, std::memory_order_relaxed);
    s.w[3].store(w3, std::memory_order_relaxed);
  }
  size_t bytes() const { return slots_.bytes(); }
  // The table has 2^log2Entries() slots.
  int log2Entries() const { return std::countr_zero(slots_.size()); }
  size_t slotCount() const { return slots_.size(); }
  // Slot i's five words as stored (the key check, then w0..w3), for saving the table
  // (solve/solver_state.hpp); false when the slot is empty. A slot being written by
  // another thread may come out torn: its key check then matches no key, as in probe().
  bool rawSlot(size_t i, std::array<uint64_t, 5>& words) const {
    const Slot& s = slots_[i];
    words[1] = s.w[0].load(std::memory_order_relaxed);
    if (words[1] == 0) return false;
    words[0] = s.check.load(std::memory_order_relaxed);
    for (int k = 1; k < 4; ++k) words[k + 1] = s.w[k].load(std::memory_order_relaxed);
    return true;
  }
  // Stores a slot saved from a table of another size (rawSlot's words, given in slot
  // order; a table being loaded, no search may run): its key comes back from the key
  // check, and it goes to the first empty slot of its bucket here, or, in a full bucket,
  // by the usual replacement rule. A key already here is left alone: of two slots of one
  // bucket with the same key, the first is the one probe() answers with. A larger table
  // refines the buckets, so growing keeps every entry as probe() saw it.
  void storeRawSlot(const std::array<uint64_t, 5>& words) {
    const uint64_t key = words[0] ^ mix(words[1], words[2], words[3], words[4]);
    const uint8_t extra = static_cast<uint8_t>(words[1] >> 24);
    TTData d;
    if (probe(key, extra, d)) return;
    const size_t i = index(key, extra);
    for (size_t j = i; j < i + 2; ++j) {
      if (slots_[j].w[0].load(std::memory_order_relaxed) == 0) {
        setRawSlot(j, words);
        return;
      }
    }
    decode(words[1], words[2], words[3], words[4], d);
    store(key, extra, d);
  }
  // Writes slot i's five words back (a table being loaded; no search may run).
  void setRawSlot(size_t i, const std::array<uint64_t, 5>& words) {
    Slot& s = slots_[i];
    s.check.store(words[0], std::memory_order_relaxed);
    for (int k = 0; k < 4; ++k) s.w[k].store(words[k + 1], std::memory_order_relaxed);
  }
  // Empties every slot (a load that failed part-way; no search may run).
  void clear() {
    const std::array<uint64_t, 5> empty{};
    for (size_t i = 0; i < slots_.size(); ++i) setRawSlot(i, empty);
  }
  // Every stored entry as (key, extra, data), for table building.
  template <class F>
  void forEach(F&& f) const {
    for (size_t i = 0; i < slots_.size(); ++i) {
      const Slot& s = slots_[i];
      const uint64_t w0 = s.w[0].load(std::memory_order_relaxed);
      if (w0 == 0) continue;
      const uint64_t key =
          s.check.load(std::memory_order_relaxed) ^ mix(w0, s.w[1].load(std::memory_order_relaxed),
                                                        s.w[2].load(std::memory_order_relaxed),
                                                        s.w[3].load(std::memory_order_relaxed));
      TTData d;
      if (probe(key, static_cast<uint8_t>(w0 >> 24), d)) f(key, static_cast<uint8_t>(w0 >> 24), d);
    }
  }

 private:
  // Plain words read and written through std::atomic_ref, so the table can start as
  // zero pages from the system (zeroed.hpp) instead of being written entry by entry.
  struct Word {
    uint64_t v;
    uint64_t load(std::memory_order o) const {
      return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(v)).load(o);
    }
    void store(uint64_t x, std::memory_order o) { std::atomic_ref<uint64_t>(v).store(x, o); }
  };
  struct Slot {
    Word check;
    Word w[4];
  };
  static void decode(uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3, TTData& out) {
    out.lower = static_cast<int8_t>(w0 & 255);
    out.upper = static_cast<int8_t>((w0 >> 8) & 255);
    out.move = static_cast<int8_t>((w0 >> 16) & 255);
    out.work = static_cast<int>((w0 >> 32) & 255);
    out.failKind = static_cast<int>((w0 >> 41) & 3);
    out.failValue = static_cast<int>((w0 >> 43) & 127) - 64;
    out.failDepth = static_cast<int>((w0 >> 50) & 255);
    out.failWidth = static_cast<int>(w0 >> 58);
    out.summary.andA = w1 & 0xFFFFFFFFu, out.summary.andB = w1 >> 32;
    out.summary.orA = w2 & 0xFFFFFFFFu, out.summary.orB = w2 >> 32;
    out.summary.counts = w3;
  }
  static uint64_t rotl(uint64_t v, int r) { return v << r | v >> (64 - r); }
  static uint64_t mix(uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3) {
    return w0 ^ rotl(w1, 13) ^ rotl(w2, 29) ^ rotl(w3, 47);
  }
  size_t index(uint64_t key, uint8_t extra) const {
    return engine::splitmix64(key ^ (uint64_t{extra} << 56) ^ extra) & mask_;
  }
  size_t mask_;
  ZeroedArray<Slot> slots_;
};

}  // namespace solve
