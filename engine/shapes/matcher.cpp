#include "engine/shapes/matcher.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

namespace {

// A cell of a compiled pattern for one board: where its plane row starts relative to the
// placement row, and how far to shift it right (the cell's column in the pattern).
struct Step {
  size_t offset;
  int shift;
};

}  // namespace

template <typename Emit>
void ShapeMatcher::sweep(const BitBoard& bb, Emit&& emit) const {
  if (lib_.maxSide() > bb.pad() + 1) {
    throw InputError("ShapeMatcher: bit board frame too small for the library");
  }
  if (const uint32_t* lanes = bb.lanes()) {
    sweepLanes<uint32_t>(bb, lanes, static_cast<size_t>(bb.paddedHeight()), emit);
  } else if (bb.planeWords() == 1) {
    sweepLanes<uint64_t>(bb, bb.planes(), bb.planeSize(), emit);
  } else {
    sweepWide(bb, emit);
  }
}

namespace {

// Up to this many vectors of placement rows are ANDed together per pattern and chunk.
constexpr int MAX_BLOCKS = 8;
// Cells ANDed between two checks for an empty result (most of a 19x19 board is ruled out
// by the first few cells of a big pattern; the seed library's patterns have 3 to 6 cells).
constexpr int EXIT_EVERY = 4;

// Bit j set when lane j of v is not zero (SSE2: one compare and one movemask).
template <typename Vec>
inline uint32_t nonZeroLanes(const Vec& v) {
  constexpr int V = sizeof(Vec) / sizeof(v[0]);
#if defined(__SSE2__)
  static_assert(sizeof(Vec) == 16);
  __m128i x;
  std::memcpy(&x, &v, sizeof x);
  const __m128i zero = _mm_setzero_si128();
  if constexpr (V == 4) {
    return ~_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, zero))) & 0xFu;
  } else {
    // 64-bit lanes: a lane is zero when both of its 32-bit halves are.
    const int z = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, zero)));
    return ((z & 3) != 3 ? 1u : 0u) | ((z & 12) != 12 ? 2u : 0u);
  }
#else
  uint32_t live = 0;
  for (int j = 0; j < V; ++j) live |= (v[j] != 0 ? 1u : 0u) << j;
  return live;
#endif
}

// acc[k] = AND over the cells [cell, end) of the plane rows row + k * V + dy of each
// cell's plane, shifted right by the cell's dx, starting from `valid`. K is a constant
// so that the block loop unrolls: each cell costs a load, a shift and an AND a block.
// Returns bit k * V + j set when lane j of acc[k] is not zero.
template <int K, typename Vec, typename Lane, typename Cell>
inline uint32_t andBlocks(Vec* acc, Vec valid, const Lane* const base[4], int py, const Cell* cell,
                          const Cell* end) {
  constexpr int V = sizeof(Vec) / sizeof(Lane);
  for (int k = 0; k < K; ++k) acc[k] = valid;
  for (int done = 1; cell != end; ++cell, ++done) {
    const Lane* row = base[cell->value] + py + cell->dy;
    const int shift = cell->dx;
    for (int k = 0; k < K; ++k) {
      Vec w;
      std::memcpy(&w, row + k * V, sizeof w);
      acc[k] &= w >> shift;
    }
    // Big patterns: every EXIT_EVERY cells, stop once no placement is left.
    if (done % EXIT_EVERY == 0 && cell + 1 != end) {
      Vec any = acc[0];
      for (int k = 1; k < K; ++k) any |= acc[k];
      if (!nonZeroLanes(any)) return 0;
    }
  }
  uint32_t live = 0;
  for (int k = 0; k < K; ++k) live |= nonZeroLanes(acc[k]) << (k * V);
  return live;
}

}  // namespace

// Placements of pattern i are the padded rows [pad + 1 - height, pad + height_board - 1]
// and columns [pad + 1 - width, pad + width_board - 1]. Vector lane j of block k holds
// placement row py + V * k + j; each cell ANDs in its plane rows shifted right by its dx,
// so one vector operation tests up to 4 x 32 placements and a 19x19 board is one chunk
// of 6 blocks for a 3x3 pattern. Game positions leave a bit or so set per row after two
// stone cells, so the blocks rarely empty early: the only exit test comes every
// EXIT_EVERY cells, for big patterns (the word-a-row loop it replaced tested after every
// cell and ran 20,300 instructions a 19x19 board with the seed library, this 9,900).
template <typename Lane, typename Emit>
void ShapeMatcher::sweepLanes(const BitBoard& bb, const Lane* planes, size_t planeSize,
                              Emit& emit) const {
  typedef Lane Vec __attribute__((vector_size(16)));
  constexpr int V = 16 / sizeof(Lane);
  static_assert(MAX_BLOCKS * V + MAX_PATTERN_SIDE <= BitBoard::LANE_TAIL);
  const int pad = bb.pad(), pyEnd = pad + bb.height();
  const Lane* const base[4] = {planes, planes + planeSize, planes + 2 * planeSize,
                               planes + 3 * planeSize};
  const Lane ones = ~Lane{0};
  Vec acc[MAX_BLOCKS];
  for (uint32_t i = 0; i < compiled_.size(); ++i) {
    const Compiled& c = compiled_[i];
    const Cell* const first = cells_.data() + c.cellBegin;
    const Cell* const last = cells_.data() + c.cellEnd;
    const int lo = pad + 1 - c.width, hi = pad + bb.width() - 1;
    const Lane valid = (ones >> (8 * sizeof(Lane) - 1 - hi)) & (ones << lo);
    const Vec validVec = Vec{} + valid;
    for (int py = pad + 1 - c.height; py < pyEnd; py += MAX_BLOCKS * V) {
      const int blocks = std::min(MAX_BLOCKS, (pyEnd - py + V - 1) / V);
      uint32_t live;
      switch (blocks) {
        case 1:
          live = andBlocks<1>(acc, validVec, base, py, first, last);
          break;
        case 2:
          live = andBlocks<2>(acc, validVec, base, py, first, last);
          break;
        case 3:
          live = andBlocks<3>(acc, validVec, base, py, first, last);
          break;
        case 4:
          live = andBlocks<4>(acc, validVec, base, py, first, last);
          break;
        case 5:
          live = andBlocks<5>(acc, validVec, base, py, first, last);
          break;
        case 6:
          live = andBlocks<6>(acc, validVec, base, py, first, last);
          break;
        case 7:
          live = andBlocks<7>(acc, validVec, base, py, first, last);
          break;
        default:
          live = andBlocks<8>(acc, validVec, base, py, first, last);
          break;
      }
      // Report the non-zero lanes of rows before pyEnd.
      const int rows = pyEnd - py;
      if (rows < 32) live &= (uint32_t{1} << rows) - 1;
      for (; live; live &= live - 1) {
        const int r = std::countr_zero(live);
        Lane bits;
        std::memcpy(&bits, reinterpret_cast<const char*>(acc) + r * sizeof(Lane), sizeof bits);
        emit(i, -pad, py + r - pad, static_cast<uint64_t>(bits));
      }
    }
  }
}

template <typename Emit>
void ShapeMatcher::sweepWide(const BitBoard& bb, Emit& emit) const {
  const int pad = bb.pad();
  const int words = bb.planeWords();
  const size_t stride = static_cast<size_t>(bb.planeStride());
  Step steps[MAX_PATTERN_SIDE * MAX_PATTERN_SIDE];
  for (uint32_t i = 0; i < compiled_.size(); ++i) {
    const Compiled& c = compiled_[i];
    const int n = static_cast<int>(c.cellEnd - c.cellBegin);
    for (int j = 0; j < n; ++j) {
      const Cell& cell = cells_[c.cellBegin + j];
      steps[j] = {cell.value * bb.planeSize() + cell.dy * stride, cell.dx};
    }
    const Step* const end = steps + n;
    const int lo = pad + 1 - c.width, hi = pad + bb.width() - 1;
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
    for (; bits; bits &= bits - 1) out.push_back({i, x0 + std::countr_zero(bits), y});
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
