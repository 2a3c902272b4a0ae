#include "engine/shapes/matcher.hpp"

#include <algorithm>
#include <bit>

#include <omp.h>

#include "engine/board/errors.hpp"

namespace engine {

int framePad(const ShapeLibrary& lib) {
  return std::max(1, lib.maxSide() - 1);
}

std::vector<Instance> scanNaive(const ShapeLibrary& lib, const BitBoard& bb) {
  if (lib.maxSide() > bb.pad() + 1)
    throw InputError("scanNaive: bit board frame too small for the library");
  std::vector<Instance> out;
  const auto& pats = lib.patterns();
  for (uint32_t i = 0; i < pats.size(); ++i) {
    const Pattern& p = pats[i];
    for (int y = 1 - p.height; y < bb.height(); ++y) {
      for (int x = 1 - p.width; x < bb.width(); ++x) {
        if (matchesAt(p, bb, x, y)) out.push_back({i, x, y});
      }
    }
  }
  return out;
}

ShapeMatcher::ShapeMatcher(const ShapeLibrary& lib) : lib_(lib) {
  // Most selective cells first: stones, then off-board, then empty points, so that the
  // AND chain of a row usually empties after a cell or two.
  auto rank = [](uint8_t v) {
    return v == CELL_BLACK || v == CELL_WHITE ? 0 : v == CELL_OFF ? 1 : 2;
  };
  for (const Pattern& p : lib.patterns()) {
    const uint32_t begin = static_cast<uint32_t>(cells_.size());
    for (int dy = 0; dy < p.height; ++dy) {
      for (int dx = 0; dx < p.width; ++dx) {
        const uint8_t c = p.cell(dx, dy);
        if (c != CELL_ANY)
          cells_.push_back({static_cast<uint8_t>(dx), static_cast<uint8_t>(dy), c});
      }
    }
    std::stable_sort(cells_.begin() + begin, cells_.end(),
                     [&](const Cell& a, const Cell& b) { return rank(a.value) < rank(b.value); });
    compiled_.push_back({p.width, p.height, begin, static_cast<uint32_t>(cells_.size())});
  }
}

template <typename Emit>
void ShapeMatcher::sweep(const BitBoard& bb, Emit&& emit) const {
  if (lib_.maxSide() > bb.pad() + 1) {
    throw InputError("ShapeMatcher: bit board frame too small for the library");
  }
  const int pad = bb.pad();
  const int words = bb.planeWords();
  const size_t stride = static_cast<size_t>(bb.planeStride());
  // Per pattern: each cell as (offset of its plane word from the placement row's word,
  // shift), so that the inner loop is a load, a shift and an AND.
  struct Step {
    size_t offset;
    int shift;
  };
  Step steps[MAX_PATTERN_SIDE * MAX_PATTERN_SIDE];
  for (uint32_t i = 0; i < compiled_.size(); ++i) {
    const Compiled& c = compiled_[i];
    const int n = static_cast<int>(c.cellEnd - c.cellBegin);
    for (int j = 0; j < n; ++j) {
      const Cell& cell = cells_[c.cellBegin + j];
      steps[j] = {cell.value * bb.planeSize() + cell.dy * stride, cell.dx};
    }
    const Step* const end = steps + n;
    // Placements: padded columns [lo, hi], padded rows [pad + 1 - height, pad + height - 1].
    const int lo = pad + 1 - c.width, hi = pad + bb.width() - 1;
    if (words == 1) {
      // Boards up to 64 - 2 * pad points wide: one word a row, no straddling. (A variant
      // that ANDs whole blocks of rows per cell, vectorized, ran ~10% more instructions
      // on game positions than this early-exit loop; peeling the first cell saved ~19%.)
      const uint64_t valid = (~uint64_t{0} >> (63 - hi)) & (~uint64_t{0} << lo);
      const uint64_t* row = bb.planes() + (pad + 1 - c.height) * stride;
      const int pyEnd = pad + bb.height();
      for (int py = pad + 1 - c.height; py < pyEnd; ++py, row += stride) {
        // Every pattern has a stone or empty cell, so steps[0] exists.
        uint64_t acc = valid & (row[steps[0].offset] >> steps[0].shift);
        for (const Step* s = steps + 1; acc && s != end; ++s) acc &= row[s->offset] >> s->shift;
        if (acc) emit(i, -pad, py - pad, acc);
      }
      continue;
    }
    for (int py = pad + 1 - c.height; py < pad + bb.height(); ++py) {
      for (int k = lo >> 6; k <= (hi >> 6) && k < words; ++k) {
        const int first = std::max(lo - 64 * k, 0), last = std::min(hi - 64 * k, 63);
        uint64_t acc = (~uint64_t{0} >> (63 - last)) & (~uint64_t{0} << first);
        const uint64_t* row = bb.planes() + py * stride + k;
        for (const Step* s = steps; s != end && acc; ++s) {
          const uint64_t* w = row + s->offset;
          acc &= s->shift ? (w[0] >> s->shift) | (w[1] << (64 - s->shift)) : w[0];
        }
        if (acc) emit(i, 64 * k - pad, py - pad, acc);
      }
    }
  }
}

void ShapeMatcher::scan(const BitBoard& bb, std::vector<Instance>& out) const {
  sweep(bb, [&](uint32_t i, int x0, int y, uint64_t bits) {
    while (bits) {
      out.push_back({i, x0 + std::countr_zero(bits), y});
      bits &= bits - 1;
    }
  });
}

size_t ShapeMatcher::count(const BitBoard& bb) const {
  size_t n = 0;
  sweep(bb, [&](uint32_t, int, int, uint64_t bits) { n += std::popcount(bits); });
  return n;
}

std::vector<uint32_t> ShapeMatcher::countBatch(std::span<const BitBoard> boards,
                                               int threads) const {
  std::vector<uint32_t> out(boards.size());
  const long n = static_cast<long>(boards.size());
  const int t = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel for schedule(dynamic, 4) num_threads(t)
  for (long i = 0; i < n; ++i) out[i] = static_cast<uint32_t>(count(boards[i]));
  return out;
}

}  // namespace engine
