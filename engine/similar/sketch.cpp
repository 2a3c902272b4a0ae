// Sketches of influence signatures and their SIMD scan (sketch.hpp).
#include "engine/similar/sketch.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "engine/board/errors.hpp"

namespace engine {

std::vector<int> sketchBands(int length, int bands) {
  if (length < 1) throw InputError("sketch bands of an empty side");
  bands = std::clamp(bands, 1, length);
  if (length % 2 == 1 && bands % 2 == 0) ++bands;  // the middle line needs a middle band
  std::vector<int> out(static_cast<size_t>(length));
  for (int x = 0; x < length; ++x) {
    const int m = std::min(x, length - 1 - x);
    const int b = m * bands / length;
    out[static_cast<size_t>(x)] = x <= length - 1 - x ? b : bands - 1 - b;
  }
  return out;
}

SketchLayout::SketchLayout(int w, int h, int cellSide) : width(w), height(h) {
  if (cellSide < 1) throw InputError("sketch cell side must be at least 1");
  const std::vector<int> bx = sketchBands(w, std::max(1, w / cellSide));
  const std::vector<int> by = sketchBands(h, std::max(1, h / cellSide));
  const int nx = bx.back() + 1, ny = by.back() + 1;
  cells = nx * ny;
  stride = (cells + 15) / 16 * 16;
  cellOf.resize(static_cast<size_t>(w) * h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x)
      cellOf[static_cast<size_t>(y) * w + x] =
          by[static_cast<size_t>(y)] * nx + bx[static_cast<size_t>(x)];
  }
}

int32_t SketchLayout::bound(int32_t S) const {
  const int64_t b = int64_t{4} * S - int64_t{3} * cells;
  return b <= 0 ? 0 : static_cast<int32_t>(std::min<int64_t>(b, INT32_MAX));
}

void sketchOf(const int8_t* sig, const SketchLayout& layout, int8_t* out) {
  std::vector<int32_t> sums(static_cast<size_t>(layout.cells), 0);
  for (size_t i = 0; i < layout.cellOf.size(); ++i)
    sums[static_cast<size_t>(layout.cellOf[i])] += sig[i];
  std::fill(out, out + layout.stride, int8_t{0});
  for (int c = 0; c < layout.cells; ++c) {
    // >> on a negative int is floor division since C++20.
    const int32_t q = sums[static_cast<size_t>(c)] >> SKETCH_SHIFT;
    out[c] = static_cast<int8_t>(std::clamp(q, -127, 127));
  }
}

int32_t sketchDistanceScalar(const int8_t* a, const int8_t* b, int stride) {
  int32_t d = 0;
  for (int i = 0; i < stride; ++i) d += std::abs(int32_t{a[i]} - int32_t{b[i]});
  return d;
}

int32_t sketchDistanceMaskedScalar(const int8_t* query, const int8_t* mask, const int8_t* sketch,
                                   int stride) {
  int32_t d = 0;
  for (int i = 0; i < stride; ++i) {
    if (mask[i] != 0) d += std::abs(int32_t{query[i]} - int32_t{sketch[i]});
  }
  return d;
}

#if defined(__SSE2__)

void sketchScanMasked(const int8_t* query, const int8_t* masks, int m, const int8_t* sketches,
                      size_t n, int stride, int32_t* out) {
  const int chunks = stride / 16;
  const __m128i bias = _mm_set1_epi8(static_cast<char>(0x80));
  std::vector<int8_t> q(static_cast<size_t>(m) * static_cast<size_t>(stride));
  for (size_t i = 0; i < q.size(); ++i)
    q[i] = static_cast<int8_t>((masks[i] != 0 ? query[i] : 0) ^ 0x80);
  const auto at = [](const int8_t* p) { return reinterpret_cast<const __m128i*>(p); };
  for (size_t i = 0; i < n; ++i) {
    const int8_t* s = sketches + i * static_cast<size_t>(stride);
    int32_t best = INT32_MAX;
    for (int t = 0; t < m; ++t) {
      const size_t base = static_cast<size_t>(t) * static_cast<size_t>(stride);
      __m128i acc = _mm_setzero_si128();
      for (int j = 0; j < chunks; ++j) {
        const __m128i e = _mm_and_si128(_mm_loadu_si128(at(s + 16 * j)),
                                        _mm_loadu_si128(at(masks + base + 16 * j)));
        acc = _mm_add_epi64(acc, _mm_sad_epu8(_mm_xor_si128(e, bias),
                                              _mm_loadu_si128(at(q.data() + base + 16 * j))));
      }
      best = std::min(best, _mm_cvtsi128_si32(acc) + _mm_cvtsi128_si32(_mm_srli_si128(acc, 8)));
    }
    out[i] = best;
  }
}

namespace {

// psadbw works on unsigned bytes: flipping the sign bit maps int8 to uint8 in order.
inline __m128i biased(const int8_t* p) {
  return _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                       _mm_set1_epi8(static_cast<char>(0x80)));
}

inline int32_t sum64(__m128i v) {
  return _mm_cvtsi128_si32(v) + _mm_cvtsi128_si32(_mm_srli_si128(v, 8));
}

// The scan with the chunk count known at compile time (0: read it from `chunks`); the
// query bytes come biased already.
template <int FIXED>
void scanChunks(const int8_t* qBiased, int m, const int8_t* sketches, size_t n, int chunks,
                int32_t* out) {
  const int c = FIXED > 0 ? FIXED : chunks;
  const size_t stride = static_cast<size_t>(c) * 16;
  for (size_t i = 0; i < n; ++i) {
    const int8_t* s = sketches + i * stride;
    int32_t best = INT32_MAX;
    for (int t = 0; t < m; ++t) {
      const int8_t* qt = qBiased + static_cast<size_t>(t) * stride;
      __m128i acc = _mm_setzero_si128();
      for (int j = 0; j < c; ++j) {
        const __m128i qv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(qt + 16 * j));
        acc = _mm_add_epi64(acc, _mm_sad_epu8(biased(s + 16 * j), qv));
      }
      best = std::min(best, sum64(acc));
    }
    out[i] = best;
  }
}

#if defined(__GNUC__) && defined(__x86_64__)
#define FGO_SKETCH_AVX2 1

// The same with 32-byte lanes (vpsadbw) on machines that have AVX2 (checked at run
// time); STRIDE bytes a sketch, a multiple of 32 or 32 k + 16.
template <int STRIDE>
__attribute__((target("avx2"))) void scanAvx2(const int8_t* qBiased, int m, const int8_t* sketches,
                                              size_t n, int32_t* out) {
  constexpr int WIDE = STRIDE / 32;
  constexpr bool TAIL = STRIDE % 32 != 0;
  const __m256i bias = _mm256_set1_epi8(static_cast<char>(0x80));
  for (size_t i = 0; i < n; ++i) {
    const int8_t* s = sketches + i * STRIDE;
    __m256i e[WIDE];
    for (int j = 0; j < WIDE; ++j)
      e[j] =
          _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + 32 * j)), bias);
    const __m128i tail = TAIL ? biased(s + 32 * WIDE) : _mm_setzero_si128();
    int32_t best = INT32_MAX;
    for (int t = 0; t < m; ++t) {
      const int8_t* qt = qBiased + static_cast<size_t>(t) * STRIDE;
      __m256i acc = _mm256_setzero_si256();
      for (int j = 0; j < WIDE; ++j) {
        const __m256i qv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(qt + 32 * j));
        acc = _mm256_add_epi64(acc, _mm256_sad_epu8(e[j], qv));
      }
      __m128i sum = _mm_add_epi64(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
      if (TAIL) {
        const __m128i qv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(qt + 32 * WIDE));
        sum = _mm_add_epi64(sum, _mm_sad_epu8(tail, qv));
      }
      best = std::min(best, sum64(sum));
    }
    out[i] = best;
  }
}
#endif

}  // namespace

void sketchScan(const int8_t* query, int m, const int8_t* sketches, size_t n, int stride,
                int32_t* out) {
  const int chunks = stride / 16;
  std::vector<int8_t> q(static_cast<size_t>(m) * static_cast<size_t>(stride));
  for (size_t i = 0; i < q.size(); ++i) q[i] = static_cast<int8_t>(query[i] ^ 0x80);
#if defined(FGO_SKETCH_AVX2)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2 && stride == 96) return scanAvx2<96>(q.data(), m, sketches, n, out);
  if (avx2 && stride == 48) return scanAvx2<48>(q.data(), m, sketches, n, out);
  if (avx2 && stride == 128) return scanAvx2<128>(q.data(), m, sketches, n, out);
#endif
  switch (chunks) {
    case 1:
      return scanChunks<1>(q.data(), m, sketches, n, chunks, out);
    case 2:
      return scanChunks<2>(q.data(), m, sketches, n, chunks, out);
    case 4:
      return scanChunks<4>(q.data(), m, sketches, n, chunks, out);
    case 6:
      return scanChunks<6>(q.data(), m, sketches, n, chunks, out);
    case 8:
      return scanChunks<8>(q.data(), m, sketches, n, chunks, out);
    default:
      return scanChunks<0>(q.data(), m, sketches, n, chunks, out);
  }
}

#else

void sketchScanMasked(const int8_t* query, const int8_t* masks, int m, const int8_t* sketches,
                      size_t n, int stride, int32_t* out) {
  for (size_t i = 0; i < n; ++i) {
    int32_t best = INT32_MAX;
    for (int t = 0; t < m; ++t) {
      const size_t base = static_cast<size_t>(t) * static_cast<size_t>(stride);
      best = std::min(
          best, sketchDistanceMaskedScalar(query + base, masks + base,
                                           sketches + i * static_cast<size_t>(stride), stride));
    }
    out[i] = best;
  }
}

void sketchScan(const int8_t* query, int m, const int8_t* sketches, size_t n, int stride,
                int32_t* out) {
  for (size_t i = 0; i < n; ++i) {
    int32_t best = INT32_MAX;
    for (int t = 0; t < m; ++t) {
      best =
          std::min(best, sketchDistanceScalar(query + static_cast<size_t>(t) * stride,
                                              sketches + i * static_cast<size_t>(stride), stride));
    }
    out[i] = best;
  }
}

#endif

}  // namespace engine
