// this code uses the idea of fractal go by Serge Boisse
#include "reduce/select.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace reduce {

namespace {

// q[i] := min(v[i] * 255, 255) truncated towards zero, 0 for negative values: monotone in
// v (rounding, min, truncation and saturation all keep the order); q[n] up to the end of
// the last 16-byte block := 0. Returns the largest q.
uint8_t bucketize(const float* v, size_t n, uint8_t* q) {
#if defined(__SSE2__)
  const __m128 s = _mm_set1_ps(255.f);
  auto sixteen = [&](const float* p) {
    auto four = [&](const float* f) {
      return _mm_cvttps_epi32(_mm_min_ps(_mm_mul_ps(_mm_loadu_ps(f), s), s));
    };
    return _mm_packus_epi16(_mm_packs_epi32(four(p), four(p + 4)),
                            _mm_packs_epi32(four(p + 8), four(p + 12)));
  };
  __m128i most = _mm_setzero_si128();
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i x = sixteen(v + i);
    most = _mm_max_epu8(most, x);
    _mm_store_si128(reinterpret_cast<__m128i*>(q + i), x);
  }
  if (i < n) {  // the last values through a zero-padded copy: the padding's buckets are 0
    alignas(16) float tail[16] = {};
    std::copy(v + i, v + n, tail);
    const __m128i x = sixteen(tail);
    most = _mm_max_epu8(most, x);
    _mm_store_si128(reinterpret_cast<__m128i*>(q + i), x);
  }
  most = _mm_max_epu8(most, _mm_srli_si128(most, 8));
  most = _mm_max_epu8(most, _mm_srli_si128(most, 4));
  most = _mm_max_epu8(most, _mm_srli_si128(most, 2));
  most = _mm_max_epu8(most, _mm_srli_si128(most, 1));
  return static_cast<uint8_t>(_mm_cvtsi128_si32(most) & 0xff);
#else
  uint8_t top = 0;
  for (size_t i = 0; i < n; ++i) {
    const float x = std::min(v[i] * 255.f, 255.f);
    q[i] = x > 0.f ? static_cast<uint8_t>(static_cast<int>(x)) : uint8_t{0};
    top = std::max(top, q[i]);
  }
  std::fill(q + n, q + (n + 15) / 16 * 16, uint8_t{0});
  return top;
#endif
}

// The number of bytes >= t in blocks 16-byte blocks of q (t >= 1, so zero padding never
// counts).
size_t countAtLeast(const uint8_t* q, size_t blocks, uint8_t t) {
#if defined(__SSE2__)
  const __m128i tv = _mm_set1_epi8(static_cast<char>(t));
  size_t total = 0;
  for (size_t b = 0; b < blocks;) {
    const size_t end = std::min(blocks, b + 255);  // per-lane byte counters stay below 256
    __m128i acc = _mm_setzero_si128();
    for (; b < end; ++b) {
      const __m128i x = _mm_load_si128(reinterpret_cast<const __m128i*>(q) + b);
      acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_max_epu8(x, tv), x));  // x >= t: -1
    }
    const __m128i sad = _mm_sad_epu8(acc, _mm_setzero_si128());
    total += static_cast<size_t>(_mm_cvtsi128_si32(sad)) +
             static_cast<size_t>(_mm_extract_epi16(sad, 4));
  }
  return total;
#else
  size_t c = 0;
  for (size_t i = 0; i < blocks * 16; ++i) c += q[i] >= t;
  return c;
#endif
}

// Writes to c the values whose bucket is in [lo, lo + span) (span >= 1), in index order;
// returns how many. q is padded to whole 16-byte blocks (the padding is masked off).
size_t gather(const float* v, const uint8_t* q, size_t n, uint8_t lo, int span, float* c) {
  size_t m = 0;
  const auto last = static_cast<uint8_t>(span - 1);  // in range: (q - lo) mod 256 <= last
#if defined(__SSE2__)
  const __m128i lov = _mm_set1_epi8(static_cast<char>(lo));
  const __m128i lastv = _mm_set1_epi8(static_cast<char>(last));
  for (size_t i = 0; i < n; i += 16) {
    const __m128i d = _mm_sub_epi8(_mm_load_si128(reinterpret_cast<const __m128i*>(q + i)), lov);
    auto bits = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, lastv), d)));
    if (n - i < 16) bits &= (1u << (n - i)) - 1;  // the padding of the last block
    for (; bits != 0; bits &= bits - 1) c[m++] = v[i + static_cast<size_t>(std::countr_zero(bits))];
  }
#else
  for (size_t i = 0; i < n; ++i) {
    if (static_cast<uint8_t>(q[i] - lo) <= last) c[m++] = v[i];
  }
#endif
  return m;
}

}  // namespace

float kthLargest(const float* values, size_t n, size_t k, SelectScratch& s) {
  const size_t blocks = (n + 15) / 16;
  s.buckets.resize(blocks * 16 + 16);
  uint8_t* q = s.buckets.data();  // 16-byte aligned start inside the buffer
  q += (16 - reinterpret_cast<uintptr_t>(q) % 16) % 16;
  const int top = bucketize(values, n, q);
  // A bracket of buckets [lo, hi) holding the k-th largest: #{q >= lo} = countLo >= k >
  // #{q >= hi} = countHi. Narrowed by counts at a guess that assumes the counts fall
  // linearly across the bracket (secant), every other time at the middle (bisection, so
  // at most 16 counts), until one bucket or at most 8 values are left.
  int lo = 0, hi = top + 1;
  size_t countLo = n, countHi = 0;
  for (bool secant = true; hi - lo > 1 && countLo - countHi > 8; secant = !secant) {
    int mid = (lo + hi) / 2;
    if (secant) {
      const size_t step = static_cast<size_t>(hi - lo) * (countLo - k) / (countLo - countHi);
      mid = std::clamp(lo + static_cast<int>(step), lo + 1, hi - 1);
    }
    const size_t c = countAtLeast(q, blocks, static_cast<uint8_t>(mid));
    if (c >= k) {
      lo = mid;
      countLo = c;
    } else {
      hi = mid;
      countHi = c;
    }
  }
  // The k-th largest is the (k - countHi)-th largest of the bracket's values.
  s.candidates.resize(n);
  float* c = s.candidates.data();
  const size_t m = gather(values, q, n, static_cast<uint8_t>(lo), hi - lo, c);
  const size_t r = k - countHi - 1;  // 0-based rank among the m = countLo - countHi values
  if (m <= 16) {                     // insertion sort, largest first
    for (size_t a = 1; a < m; ++a) {
      const float x = c[a];
      size_t b = a;
      for (; b > 0 && c[b - 1] < x; --b) c[b] = c[b - 1];
      c[b] = x;
    }
    return c[r];
  }
  std::nth_element(c, c + static_cast<std::ptrdiff_t>(r), c + static_cast<std::ptrdiff_t>(m),
                   std::greater<float>());
  return c[r];
}

float kthLargestReference(const float* values, size_t n, size_t k) {
  std::vector<float> copy(values, values + n);
  std::nth_element(copy.begin(), copy.begin() + static_cast<std::ptrdiff_t>(k - 1), copy.end(),
                   std::greater<float>());
  return copy[k - 1];
}

}  // namespace reduce
