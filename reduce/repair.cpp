// this code uses the idea of fractal go by Serge Boisse
#include "reduce/repair.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace reduce {

using engine::Color;

namespace {

// A (w + 2) x (h + 2) copy with a border ring, so neighbours need no bounds checks, and
// the flood-fill buffers. One per thread, reused across calls (a cascade repairs every
// level of every position).
struct Padded {
  int stride = 0;
  std::vector<uint8_t> cell;  // 0 empty, 1 black, 2 white, 3 border
  std::vector<uint8_t> mark;  // 1: stone of a chain already flood-filled in this call
  std::vector<int> chain;
  void load(const std::vector<Color>& colors, int w, int h) {
    stride = w + 2;
    const size_t n = static_cast<size_t>(w + 2) * static_cast<size_t>(h + 2);
    cell.assign(n, 3);
    mark.assign(n, 0);
    for (int y = 0; y < h; ++y) {
      const Color* row = &colors[static_cast<size_t>(y) * static_cast<size_t>(w)];
      uint8_t* out = &cell[static_cast<size_t>(y + 1) * static_cast<size_t>(stride) + 1];
      for (int x = 0; x < w; ++x) {
        out[x] = static_cast<uint8_t>(row[x]);  // Empty 0, Black 1, White 2 (Border 3)
      }
    }
  }
  int toRowMajor(int q) const { return (q / stride - 1) * (stride - 2) + q % stride - 1; }
  bool emptyNeighbour(int p) const {
    const uint8_t* c = &cell[static_cast<size_t>(p)];
    return c[-1] == 0 || c[1] == 0 || c[-stride] == 0 || c[stride] == 0;
  }
};

// Flood-fills the chain at padded index `start` into g.chain (breadth first, neighbours
// left, right, up, down), marking it; returns whether it has a liberty.
bool chainHasLiberty(Padded& g, int start) {
  const uint8_t c = g.cell[static_cast<size_t>(start)];
  g.chain.assign(1, start);
  g.mark[static_cast<size_t>(start)] = 1;
  bool liberty = false;
  for (size_t i = 0; i < g.chain.size(); ++i) {
    const int p = g.chain[i];
    for (int n : {p - 1, p + 1, p - g.stride, p + g.stride}) {
      const uint8_t v = g.cell[static_cast<size_t>(n)];
      liberty |= v == 0;
      if (v == c && !g.mark[static_cast<size_t>(n)]) {
        g.mark[static_cast<size_t>(n)] = 1;
        g.chain.push_back(n);
      }
    }
  }
  return liberty;
}

// The stone to remove for the chain in g.chain (which has no liberty): the one with the
// least evidence among its stones and their enemy neighbours, the first in chain order on
// ties.
int cheapestStone(const Padded& g, const std::vector<float>& black,
                  const std::vector<float>& white) {
  auto evidence = [&](int q) {
    const size_t i = static_cast<size_t>(g.toRowMajor(q));
    return g.cell[static_cast<size_t>(q)] == 1 ? black[i] : white[i];
  };
  const uint8_t enemy = static_cast<uint8_t>(3 - g.cell[static_cast<size_t>(g.chain[0])]);
  int best = -1;
  float bestCost = std::numeric_limits<float>::max();
  for (int p : g.chain) {
    if (evidence(p) < bestCost) {
      bestCost = evidence(p);
      best = p;
    }
    for (int n : {p - 1, p + 1, p - g.stride, p + g.stride}) {
      if (g.cell[static_cast<size_t>(n)] == enemy && evidence(n) < bestCost) {
        bestCost = evidence(n);
        best = n;
      }
    }
  }
  return best;
}

}  // namespace

// One scan in row-major order: a chain is looked at from its first stone; a stone with an
// empty neighbour proves its chain has a liberty without a flood fill (most stones); a
// chain without liberty loses its cheapest stone at once. One scan suffices: removing a
// stone only adds liberties, and every piece of a split chain touches the removed point,
// so chains seen earlier keep theirs. (The scan before session 6 repeated until a scan
// removed nothing and first ran a separate no-repair test: the same removals in the same
// order, tests/reduce/test_reduce_signature.cpp pins them.)
int repairLegalityReference(std::vector<Color>& colors, int w, int h,
                            const std::vector<float>& black, const std::vector<float>& white) {
  thread_local Padded g;
  g.load(colors, w, h);
  int removed = 0;
  const int end = static_cast<int>(g.cell.size()) - g.stride;
  for (int start = g.stride; start < end; ++start) {
    const uint8_t v = g.cell[static_cast<size_t>(start)];
    if ((v != 1 && v != 2) || g.mark[static_cast<size_t>(start)] || g.emptyNeighbour(start))
      continue;
    if (chainHasLiberty(g, start)) continue;
    const int best = cheapestStone(g, black, white);
    g.cell[static_cast<size_t>(best)] = 0;
    colors[static_cast<size_t>(g.toRowMajor(best))] = Color::Empty;
    ++removed;
  }
  return removed;
}

namespace {

// The scratch of the fast repair, one per thread: a generation stamp per point (a point is
// marked in this call when its stamp equals `generation`, so nothing is cleared between
// calls), the chain being flood-filled, and the per-row masks of the candidate stones.
struct FastScratch {
  std::vector<uint32_t> stamp;
  uint32_t generation = 0;
  std::vector<int> chain;
  std::vector<uint64_t> candidates;  // per row (widths up to 64): stones with no empty neighbour
  void start(size_t n) {
    if (stamp.size() < n) stamp.resize(n, 0);
    if (++generation == 0) {  // wrapped: forget every old stamp
      std::fill(stamp.begin(), stamp.end(), 0u);
      generation = 1;
    }
  }
  bool marked(int i) const { return stamp[static_cast<size_t>(i)] == generation; }
  void mark(int i) { stamp[static_cast<size_t>(i)] = generation; }
};

// Bit x set where row[x] is empty, for the w <= 64 points of a row that starts at index i0
// of a grid of n points: 16 points a step (SSE2 compare + movemask) where 16 bytes lie
// inside the grid (bits past the row's end are masked by the caller), else one by one.
uint64_t emptyBits(const Color* colors, size_t i0, size_t n, int w) {
  uint64_t e = 0;
  int x = 0;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  for (; x < w && i0 + static_cast<size_t>(x) + 16 <= n; x += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(colors + i0 + x));
    const auto bits = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)));
    e |= static_cast<uint64_t>(bits) << x;
  }
#endif
  for (; x < w; ++x)
    e |= static_cast<uint64_t>(colors[i0 + static_cast<size_t>(x)] == Color::Empty) << x;
  return e;
}

// Per row, the stones none of whose neighbours is empty (bit x: column x), for w <= 64;
// returns whether there is any. Only these can start a chain without liberty: a stone with
// an empty neighbour keeps it (repair only empties points).
bool candidateRows(const std::vector<Color>& colors, int w, int h, std::vector<uint64_t>& out) {
  out.assign(static_cast<size_t>(h), 0);
  thread_local std::vector<uint64_t> empty;
  empty.assign(static_cast<size_t>(h) + 2, 0);  // empty[y + 1]: row y; rows -1 and h: none
  const uint64_t inside = w == 64 ? ~0ULL : (1ULL << w) - 1;
  for (int y = 0; y < h; ++y) {
    empty[static_cast<size_t>(y) + 1] =
        inside &
        emptyBits(colors.data(), static_cast<size_t>(y) * static_cast<size_t>(w), colors.size(), w);
  }
  bool any = false;
  for (size_t y = 0; y < static_cast<size_t>(h); ++y) {
    const uint64_t e = empty[y + 1];
    const uint64_t nearEmpty = (e << 1) | (e >> 1) | empty[y] | empty[y + 2];
    out[y] = inside & ~e & ~nearEmpty;
    any |= out[y] != 0;
  }
  return any;
}

// Flood-fills the chain at row-major index `start` into s.chain (breadth first, neighbours
// left, right, up, down: the reference's order), marking it; returns whether it has a
// liberty.
bool chainHasLibertyRowMajor(const std::vector<Color>& colors, int w, int h, FastScratch& s,
                             int start) {
  const Color c = colors[static_cast<size_t>(start)];
  s.chain.assign(1, start);
  s.mark(start);
  bool liberty = false;
  for (size_t i = 0; i < s.chain.size(); ++i) {
    const int p = s.chain[i], x = p % w, y = p / w;
    const int nb[4] = {x > 0 ? p - 1 : -1, x + 1 < w ? p + 1 : -1, y > 0 ? p - w : -1,
                       y + 1 < h ? p + w : -1};
    for (int n : nb) {
      if (n < 0) continue;
      const Color v = colors[static_cast<size_t>(n)];
      liberty |= v == Color::Empty;
      if (v == c && !s.marked(n)) {
        s.mark(n);
        s.chain.push_back(n);
      }
    }
  }
  return liberty;
}

// The reference's cheapestStone on row-major indices.
int cheapestStoneRowMajor(const std::vector<Color>& colors, int w, int h,
                          const std::vector<int>& chain, const std::vector<float>& black,
                          const std::vector<float>& white) {
  auto evidence = [&](int q) {
    const size_t i = static_cast<size_t>(q);
    return colors[i] == Color::Black ? black[i] : white[i];
  };
  const Color enemy = engine::opponent(colors[static_cast<size_t>(chain[0])]);
  int best = -1;
  float bestCost = std::numeric_limits<float>::max();
  for (int p : chain) {
    if (evidence(p) < bestCost) {
      bestCost = evidence(p);
      best = p;
    }
    const int x = p % w, y = p / w;
    const int nb[4] = {x > 0 ? p - 1 : -1, x + 1 < w ? p + 1 : -1, y > 0 ? p - w : -1,
                       y + 1 < h ? p + w : -1};
    for (int n : nb) {
      if (n >= 0 && colors[static_cast<size_t>(n)] == enemy && evidence(n) < bestCost) {
        bestCost = evidence(n);
        best = n;
      }
    }
  }
  return best;
}

bool hasEmptyNeighbour(const std::vector<Color>& colors, int w, int h, int p) {
  const int x = p % w, y = p / w;
  const Color* c = &colors[static_cast<size_t>(p)];
  return (x > 0 && c[-1] == Color::Empty) || (x + 1 < w && c[1] == Color::Empty) ||
         (y > 0 && c[-w] == Color::Empty) || (y + 1 < h && c[w] == Color::Empty);
}

// The reference scan's step at one stone: skipped when marked or next to an empty point,
// else flood-filled and, without liberty, its cheapest stone removed. Returns 1 if removed.
int visit(std::vector<Color>& colors, int w, int h, const std::vector<float>& black,
          const std::vector<float>& white, FastScratch& s, int p) {
  const Color v = colors[static_cast<size_t>(p)];
  if (v == Color::Empty || s.marked(p) || hasEmptyNeighbour(colors, w, h, p)) return 0;
  if (chainHasLibertyRowMajor(colors, w, h, s, p)) return 0;
  colors[static_cast<size_t>(cheapestStoneRowMajor(colors, w, h, s.chain, black, white))] =
      Color::Empty;
  return 1;
}

}  // namespace

// The reference scan (repairLegalityReference) visiting only the stones that can start a
// chain without liberty: for widths up to 64, the stones of the row masks with no empty
// neighbour (found word-parallel, one shift-or per row: the bitboard idea of Go and chess
// engines); wider boards visit every stone. Same removals in the same order: a stone the
// masks leave out has an empty neighbour, which the repair never fills, so the reference
// skips it too.
int repairLegality(std::vector<Color>& colors, int w, int h, const std::vector<float>& black,
                   const std::vector<float>& white) {
  thread_local FastScratch s;
  if (w <= 64) {
    if (!candidateRows(colors, w, h, s.candidates)) return 0;
    s.start(colors.size());
    int removed = 0;
    for (int y = 0; y < h; ++y) {
      for (uint64_t m = s.candidates[static_cast<size_t>(y)]; m != 0; m &= m - 1) {
        const int p = y * w + std::countr_zero(m);
        removed += visit(colors, w, h, black, white, s, p);
      }
    }
    return removed;
  }
  s.start(colors.size());
  int removed = 0;
  for (int p = 0; p < w * h; ++p) removed += visit(colors, w, h, black, white, s, p);
  return removed;
}

void finishGrid(Grid& g) {
  g.repaired = repairLegality(g.colors, g.width(), g.height(), g.black, g.white);
}

}  // namespace reduce
