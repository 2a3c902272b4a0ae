// The solver's transposition table: score bounds and a best move per canonical
// position. Lock-free for two threads by the XOR trick (R. Hyatt and T. Mann, "A
// lockless transposition-table implementation for parallel search", 2002): an entry is
// (key ^ data, data), so a torn write fails the key check instead of lying.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/board/rng.hpp"

namespace solve {

// What the table knows of a position (values from the mover's side, komi 0).
struct TTData {
  int lower = -128, upper = 127;
  int move = -2;  // canonical move, -1 pass, -2 none
  int work = 0;   // log2 of the nodes spent, for replacement
};

class TranspositionTable {
 public:
  explicit TranspositionTable(int log2Entries)
      : mask_((size_t{1} << log2Entries) - 2), slots_(size_t{1} << log2Entries) {}

  // Looks up (key, extra); false when absent.
  bool probe(uint64_t key, uint8_t extra, TTData& out) const {
    const size_t i = index(key, extra);
    for (size_t j = i; j < i + 2; ++j) {
      const uint64_t data = slots_[j].data.load(std::memory_order_relaxed);
      const uint64_t check = slots_[j].check.load(std::memory_order_relaxed);
      if ((check ^ data) == key && data != 0 && static_cast<uint8_t>(data >> 24) == extra) {
        out.lower = static_cast<int8_t>(data & 255);
        out.upper = static_cast<int8_t>((data >> 8) & 255);
        out.move = static_cast<int8_t>((data >> 16) & 255);
        out.work = static_cast<int>((data >> 32) & 255);
        return true;
      }
    }
    return false;
  }
  // Stores bounds, narrowing those already known for the same position. Slot 0 of a
  // bucket keeps the entry that cost most work; slot 1 takes everything else.
  void store(uint64_t key, uint8_t extra, TTData d) {
    TTData old;
    if (probe(key, extra, old)) {
      d.lower = std::max(d.lower, old.lower);
      d.upper = std::min(d.upper, old.upper);
      if (d.lower > d.upper) d.lower = d.upper = old.lower > old.upper ? d.upper : old.lower;
      if (d.move == -2) d.move = old.move;
      d.work = std::max(d.work, old.work);
    }
    const uint64_t data = static_cast<uint64_t>(static_cast<uint8_t>(d.lower)) |
                          static_cast<uint64_t>(static_cast<uint8_t>(d.upper)) << 8 |
                          static_cast<uint64_t>(static_cast<uint8_t>(d.move)) << 16 |
                          static_cast<uint64_t>(extra) << 24 |
                          static_cast<uint64_t>(std::min(d.work, 255)) << 32 | uint64_t{1} << 40;
    const size_t i = index(key, extra);
    size_t j = i + 1;
    const uint64_t d0 = slots_[i].data.load(std::memory_order_relaxed);
    const bool same0 = (slots_[i].check.load(std::memory_order_relaxed) ^ d0) == key &&
                       static_cast<uint8_t>(d0 >> 24) == extra;
    if (same0 || d0 == 0 || static_cast<int>((d0 >> 32) & 255) <= d.work) j = i;
    slots_[j].check.store(key ^ data, std::memory_order_relaxed);
    slots_[j].data.store(data, std::memory_order_relaxed);
  }
  size_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  struct Slot {
    std::atomic<uint64_t> check{0};
    std::atomic<uint64_t> data{0};
  };
  size_t index(uint64_t key, uint8_t extra) const {
    return engine::splitmix64(key ^ (uint64_t{extra} << 56) ^ extra) & mask_;
  }
  size_t mask_;
  std::vector<Slot> slots_;
};

}  // namespace solve
