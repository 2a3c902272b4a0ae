// this code uses the idea of fractal go by Serge Boisse
//
// The exact k-th largest value of a float array without reordering it: the selection
// behind the resampler's density thresholds (reducers.cpp), about a third of the
// instructions of a copy and std::nth_element on the cascade's channels (docs/CASCADE.md,
// "Speed, eighth session").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace reduce {

// Buffers of kthLargest, reused across calls (one per thread).
struct SelectScratch {
  std::vector<uint8_t> buckets;   // one byte a value, padded to whole 16-byte blocks
  std::vector<float> candidates;  // the values of the bucket holding the k-th largest
};

// The k-th largest of values[0, n) (1 <= k <= n; no NaN), exactly the value
// std::nth_element with std::greater would put at k - 1. Values are bucketed by
// min(v * 255, 255) (monotone, so the k-th largest lies in the buckets whose count from
// the top first reaches k; tuned for channels in [0, 1], right for any values); SIMD counts
// of the values at or above a guessed bucket narrow a bracket of buckets (secant and
// bisection steps), then the k-th is selected among the bracket's few values only.
float kthLargest(const float* values, size_t n, size_t k, SelectScratch& scratch);

// The from-scratch twin the tests compare kthLargest with: a copy and std::nth_element.
float kthLargestReference(const float* values, size_t n, size_t k);

}  // namespace reduce
