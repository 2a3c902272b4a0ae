// Influence signatures and their exact k-nearest search (signature.hpp).
#include "engine/similar/signature.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <numeric>
#include <queue>

#include <omp.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/board/errors.hpp"
#include "engine/board/symmetry.hpp"

namespace engine {

std::vector<int8_t> signatureOf(const InfluenceMap& map, int s) {
  const BoardSize size{map.width, map.height};
  std::vector<int8_t> out(map.values.size());
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const XY q = applySymmetry(s, {x, y}, size);
      const int32_t v = std::clamp<int32_t>(map.at(x, y), -127, 127);
      out[static_cast<size_t>(q.y) * map.width + q.x] = static_cast<int8_t>(v);
    }
  }
  return out;
}

std::vector<int> orbitClasses(int width, int height) {
  const int linesX = (width + 1) / 2, linesY = (height + 1) / 2;
  const int f = std::max(1, (std::max(linesX, linesY) + 9) / 10);
  const int nb = (linesY + f - 1) / f;
  std::vector<int> out(static_cast<size_t>(width) * height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int a = std::min(x, width - 1 - x) / f, b = std::min(y, height - 1 - y) / f;
      const int lo = std::min(a, b), hi = std::max(a, b);
      out[static_cast<size_t>(y) * width + x] =
          width == height ? hi * (hi + 1) / 2 + lo : a * nb + b;
    }
  }
  return out;
}

int orbitStride(int width, int height) {
  const std::vector<int> c = orbitClasses(width, height);
  const int classes = *std::max_element(c.begin(), c.end()) + 1;
  return (2 * classes + 7) / 8 * 8;
}

std::vector<int16_t> orbitFeatures(const int8_t* sig, int width, int height) {
  const std::vector<int> cls = orbitClasses(width, height);
  const int stride = orbitStride(width, height);
  const size_t half = static_cast<size_t>(*std::max_element(cls.begin(), cls.end()) + 1);
  std::vector<int32_t> sums(static_cast<size_t>(stride), 0);
  for (size_t i = 0; i < cls.size(); ++i) {
    const int v = sig[i];
    sums[static_cast<size_t>(cls[i]) + (v >= 0 ? 0 : half)] += std::abs(v);
  }
  std::vector<int16_t> out(sums.size());
  for (size_t i = 0; i < sums.size(); ++i) out[i] = static_cast<int16_t>(std::min(sums[i], 32767));
  return out;
}

int32_t l1DistanceScalar(const int8_t* a, const int8_t* b, int n) {
  int32_t d = 0;
  for (int i = 0; i < n; ++i)
    d += std::abs(static_cast<int32_t>(a[i]) - static_cast<int32_t>(b[i]));
  return d;
}

#if defined(__SSE2__)

namespace {

// |a - b| summed over 16 int8 lanes into two 64-bit halves: flipping the sign bit turns
// int8 into biased uint8 without changing differences, then psadbw.
inline __m128i sad16(const int8_t* a, const int8_t* b) {
  const __m128i bias = _mm_set1_epi8(static_cast<char>(0x80));
  const __m128i va = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a)), bias);
  const __m128i vb = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b)), bias);
  return _mm_sad_epu8(va, vb);
}

inline int32_t horizontal64(__m128i v) {
  return static_cast<int32_t>(_mm_cvtsi128_si32(v) + _mm_cvtsi128_si32(_mm_srli_si128(v, 8)));
}

}  // namespace

int32_t l1DistanceBelow(const int8_t* a, const int8_t* b, int n, int32_t limit) {
  __m128i acc = _mm_setzero_si128();
  int i = 0;
  // Blocks of 64 values, then a look at the running sum.
  for (; i + 64 <= n; i += 64) {
    acc = _mm_add_epi64(acc, sad16(a + i, b + i));
    acc = _mm_add_epi64(acc, sad16(a + i + 16, b + i + 16));
    acc = _mm_add_epi64(acc, sad16(a + i + 32, b + i + 32));
    acc = _mm_add_epi64(acc, sad16(a + i + 48, b + i + 48));
    if (horizontal64(acc) >= limit) return horizontal64(acc);
  }
  for (; i + 16 <= n; i += 16) acc = _mm_add_epi64(acc, sad16(a + i, b + i));
  return horizontal64(acc) + l1DistanceScalar(a + i, b + i, n - i);
}

int32_t l1Distance16(const int16_t* a, const int16_t* b, int n) {
  const __m128i ones = _mm_set1_epi16(1);
  __m128i acc = _mm_setzero_si128();
  for (int i = 0; i < n; i += 8) {
    const __m128i va = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
    const __m128i vb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
    const __m128i d = _mm_sub_epi16(va, vb);  // no overflow: cell sums are non-negative
    const __m128i ad = _mm_max_epi16(d, _mm_sub_epi16(_mm_setzero_si128(), d));
    acc = _mm_add_epi32(acc, _mm_madd_epi16(ad, ones));
  }
  acc = _mm_add_epi32(acc, _mm_srli_si128(acc, 8));
  acc = _mm_add_epi32(acc, _mm_srli_si128(acc, 4));
  return _mm_cvtsi128_si32(acc);
}

#else

int32_t l1DistanceBelow(const int8_t* a, const int8_t* b, int n, int32_t limit) {
  int32_t d = 0;
  for (int i = 0; i < n; i += 64) {
    d += l1DistanceScalar(a + i, b + i, std::min(64, n - i));
    if (d >= limit) return d;
  }
  return d;
}

int32_t l1Distance16(const int16_t* a, const int16_t* b, int n) {
  int32_t d = 0;
  for (int i = 0; i < n; ++i) d += std::abs(int32_t{a[i]} - int32_t{b[i]});
  return d;
}

#endif

int32_t l1Distance(const int8_t* a, const int8_t* b, int n) {
  return l1DistanceBelow(a, b, n, INT32_MAX);
}

std::vector<int> cellBands(int length) {
  int bands = std::min(length, std::max(7, (length + 11) / 12));
  if (length % 2 == 1 && bands % 2 == 0) ++bands;  // the middle point needs a middle band
  std::vector<int> band(static_cast<size_t>(length));
  for (int x = 0; x < length; ++x) {
    const int m = std::min(x, length - 1 - x);  // distance from the nearer end
    const int b = m * bands / length;           // band counted from that end
    band[static_cast<size_t>(x)] = x <= length - 1 - x ? b : bands - 1 - b;
  }
  return band;
}

int cellStride(int width, int height) {
  const int cells = (cellBands(width).back() + 1) * (cellBands(height).back() + 1);
  return (2 * cells + 7) / 8 * 8;
}

std::vector<int16_t> cellSums(const int8_t* sig, int width, int height) {
  const std::vector<int> bx = cellBands(width), by = cellBands(height);
  const int nx = bx.back() + 1;
  const size_t cells = static_cast<size_t>(nx) * (by.back() + 1);
  std::vector<int32_t> sums(2 * cells, 0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int v = sig[static_cast<size_t>(y) * width + x];
      const size_t c =
          static_cast<size_t>(by[static_cast<size_t>(y)]) * nx + bx[static_cast<size_t>(x)];
      sums[v >= 0 ? c : cells + c] += std::abs(v);
    }
  }
  std::vector<int16_t> out(static_cast<size_t>(cellStride(width, height)), 0);
  for (size_t i = 0; i < sums.size(); ++i) {
    // A band has at most 13 points (cellBands), so a cell sum is at most 169 * 128.
    out[i] = static_cast<int16_t>(std::min(sums[i], 32767));
  }
  return out;
}

SignatureStore::SignatureStore(int width, int height) : width_(width), height_(height) {
  validateBoardSize(width, height);
  cellStride_ = cellStride(width, height);
  orbitStride_ = orbitStride(width, height);
  layout_ = SketchLayout(width, height);
}

uint32_t SignatureStore::add(const int8_t* sig) {
  const auto n = static_cast<uint32_t>(magnitude_.size());
  maps_.insert(maps_.end(), sig, sig + points());
  const std::vector<int16_t> f = orbitFeatures(sig, width_, height_);
  features_.insert(features_.end(), f.begin(), f.end());
  int32_t m = 0;  // total magnitude
  for (int i = 0; i < points(); ++i) m += std::abs(int32_t{sig[i]});
  if (!magnitude_.empty() && m < magnitude_.back()) sorted_ = false;
  const std::vector<int16_t> c = cellSums(sig, width_, height_);
  cells_.insert(cells_.end(), c.begin(), c.end());
  sketches_.resize(sketches_.size() + static_cast<size_t>(layout_.stride));
  sketchOf(sig, layout_, &sketches_[sketches_.size() - static_cast<size_t>(layout_.stride)]);
  magnitude_.push_back(m);
  return n;
}

std::vector<uint32_t> SignatureStore::sortByMagnitude() {
  std::vector<uint32_t> perm(size());
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(),
                   [&](uint32_t a, uint32_t b) { return magnitude_[a] < magnitude_[b]; });
  SignatureStore out(width_, height_);
  out.maps_.reserve(maps_.size());
  out.features_.reserve(features_.size());
  out.magnitude_.reserve(magnitude_.size());
  out.cells_.reserve(cells_.size());
  out.sketches_.reserve(sketches_.size());
  for (uint32_t old : perm) out.add(signature(old));
  *this = std::move(out);
  sorted_ = true;
  return perm;
}

SignatureStore SignatureStore::fromRaw(int width, int height, std::vector<int8_t> maps) {
  SignatureStore s(width, height);
  if (maps.size() % static_cast<size_t>(s.points()) != 0) {
    throw InputError("signature block is not a whole number of maps");
  }
  const size_t n = maps.size() / static_cast<size_t>(s.points());
  s.features_.reserve(n * static_cast<size_t>(s.orbitStride_));
  s.magnitude_.reserve(n);
  s.cells_.reserve(n * static_cast<size_t>(s.cellStride_));
  s.sketches_.reserve(n * static_cast<size_t>(s.layout_.stride));
  for (size_t i = 0; i < n; ++i) s.add(&maps[i * static_cast<size_t>(s.points())]);
  s.maps_ = std::move(maps);
  return s;
}

namespace {

// The query in every orientation the board allows.
struct Query {
  std::vector<int> syms;
  std::vector<std::vector<int8_t>> sigs;
  std::vector<std::vector<int16_t>> cells;  // cellSums of each orientation
  std::vector<int16_t> features;            // orbitFeatures (the same in every orientation)
  int32_t magnitude = 0;
};

Query makeQuery(const InfluenceMap& map, int width, int height) {
  if (map.width != width || map.height != height) {
    throw InputError("query map size differs from the store's board size");
  }
  Query q;
  q.syms = symmetriesOf({width, height});
  for (int s : q.syms) {
    q.sigs.push_back(signatureOf(map, s));
    q.cells.push_back(cellSums(q.sigs.back().data(), width, height));
  }
  q.features = orbitFeatures(q.sigs[0].data(), width, height);
  for (int8_t v : q.sigs[0]) q.magnitude += std::abs(int32_t{v});
  return q;
}

// The entry's D: the best orientation of the query, when below limit (else distance
// INT32_MAX). Orientations are tried in order of their cell bound, and those whose bound
// reaches the best so far are skipped; the L1 distance stops once it reaches it.
Neighbour refine(const Query& q, const int8_t* sig, int n, uint32_t entry, const int16_t* cells,
                 int cellStride, int32_t limit, SignatureStore::Stats& stats) {
  std::array<std::pair<int32_t, int>, NUM_SYMMETRIES> order;
  const size_t count = q.syms.size();
  for (size_t i = 0; i < count; ++i)
    order[i] = {l1Distance16(q.cells[i].data(), cells, cellStride), static_cast<int>(i)};
  std::sort(order.begin(), order.begin() + static_cast<long>(count));
  Neighbour best{entry, INT32_MAX, 0};
  int32_t bar = limit;
  bool counted = false;
  for (size_t j = 0; j < count && order[j].first < bar; ++j) {
    const auto i = static_cast<size_t>(order[j].second);
    if (!counted) ++stats.refined;
    counted = true;
    ++stats.l1;
    const int32_t d = l1DistanceBelow(q.sigs[i].data(), sig, n, bar);
    if (d < bar) {
      best = {entry, d, q.syms[i]};
      bar = d;
    }
  }
  return best;
}

// Full D of an entry over every orientation (the brute-force twin).
Neighbour refineAll(const Query& q, const int8_t* sig, int n, uint32_t entry) {
  Neighbour best{entry, INT32_MAX, 0};
  for (size_t i = 0; i < q.syms.size(); ++i) {
    const int32_t d = l1DistanceScalar(q.sigs[i].data(), sig, n);
    if (d < best.distance) best = {entry, d, q.syms[i]};
  }
  return best;
}

bool closer(const Neighbour& a, const Neighbour& b) {
  return a.distance != b.distance ? a.distance < b.distance : a.entry < b.entry;
}

}  // namespace

std::vector<Neighbour> SignatureStore::nearest(const InfluenceMap& map, size_t k,
                                               const std::function<bool(uint32_t)>& accept,
                                               Stats* stats) const {
  if (!sorted_) throw InputError("signature store must be sorted before search");
  const Query q = makeQuery(map, width_, height_);
  Stats local;
  std::priority_queue<Neighbour, std::vector<Neighbour>, decltype(&closer)> heap(closer);
  auto threshold = [&] { return heap.size() < k ? INT32_MAX : heap.top().distance; };
  auto visit = [&](size_t i) {
    const auto e = static_cast<uint32_t>(i);
    if (accept && !accept(e)) return;
    ++local.bounded;
    const int16_t* f = &features_[i * static_cast<size_t>(orbitStride_)];
    if (l1Distance16(q.features.data(), f, orbitStride_) >= threshold()) return;
    ++local.celled;
    const Neighbour nb =
        refine(q, signature(e), points(), e, &cells_[i * static_cast<size_t>(cellStride_)],
               cellStride_, threshold(), local);
    if (nb.distance == INT32_MAX) return;  // no orientation below the threshold
    if (heap.size() < k) {
      heap.push(nb);
    } else if (closer(nb, heap.top())) {
      heap.pop();
      heap.push(nb);
    }
  };
  // Walk outward from the query's magnitude: |magnitude difference| bounds D too.
  size_t right = static_cast<size_t>(
      std::lower_bound(magnitude_.begin(), magnitude_.end(), q.magnitude) - magnitude_.begin());
  size_t left = right;  // entries [left, right) visited
  while (k > 0) {
    const int32_t dl = left > 0 ? q.magnitude - magnitude_[left - 1] : INT32_MAX;
    const int32_t dr = right < size() ? magnitude_[right] - q.magnitude : INT32_MAX;
    const int32_t step = std::min(dl, dr);
    if (step == INT32_MAX || step >= threshold()) break;
    if (dl <= dr) {
      visit(--left);
    } else {
      visit(right++);
    }
  }
  if (stats) *stats = local;
  std::vector<Neighbour> out;
  while (!heap.empty()) {
    out.push_back(heap.top());
    heap.pop();
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Neighbour> SignatureStore::nearestApprox(const InfluenceMap& map, size_t k,
                                                     size_t candidates,
                                                     const std::function<bool(uint32_t)>& accept,
                                                     Stats* stats) const {
  if (candidates == 0) return nearest(map, k, accept, stats);
  SketchSearch search;
  search.candidates = candidates;
  search.exact = false;
  return nearestSketch(map, k, search, accept, stats);
}

namespace {

// A bounded max-heap of (sketch distance, entry): the `limit` smallest seen.
struct SeedHeap {
  size_t limit = 0;
  std::priority_queue<std::pair<int32_t, uint32_t>> heap;
  int32_t worst() const { return heap.size() < limit ? INT32_MAX : heap.top().first; }
  void offer(int32_t s, uint32_t e) {
    if (heap.size() < limit) {
      heap.emplace(s, e);
    } else if (std::make_pair(s, e) < heap.top()) {
      heap.pop();
      heap.emplace(s, e);
    }
  }
};

// The k best of (sorted, at most k) after offering nb.
void keepBest(std::vector<Neighbour>& best, size_t k, const Neighbour& nb) {
  if (nb.distance == INT32_MAX) return;
  best.insert(std::upper_bound(best.begin(), best.end(), nb, closer), nb);
  if (best.size() > k) best.pop_back();
}

}  // namespace

std::vector<Neighbour> SignatureStore::nearestSketch(const InfluenceMap& map, size_t k,
                                                     const SketchSearch& search,
                                                     const std::function<bool(uint32_t)>& accept,
                                                     Stats* stats) const {
  const Query q = makeQuery(map, width_, height_);
  const auto stride = static_cast<size_t>(layout_.stride);
  std::vector<int8_t> qs(q.sigs.size() * stride);
  for (size_t t = 0; t < q.sigs.size(); ++t) sketchOf(q.sigs[t].data(), layout_, &qs[t * stride]);
  Stats local;
  std::vector<int32_t> S(size());
  // Scan in blocks; each thread keeps its own seeds (accept is asked only of entries that
  // would enter them).
  const int threads = std::max(1, search.threads);
  std::vector<SeedHeap> seeds(static_cast<size_t>(threads));
  constexpr size_t BLOCK = 4096;
  const long blocks = static_cast<long>((size() + BLOCK - 1) / BLOCK);
#pragma omp parallel num_threads(threads)
  {
    SeedHeap& mine = seeds[static_cast<size_t>(omp_get_thread_num())];
    mine.limit = std::max<size_t>(search.candidates, k);
#pragma omp for schedule(static)
    for (long b = 0; b < blocks; ++b) {
      const size_t lo = static_cast<size_t>(b) * BLOCK, hi = std::min(size(), lo + BLOCK);
      sketchScan(qs.data(), static_cast<int>(q.sigs.size()), &sketches_[lo * stride], hi - lo,
                 layout_.stride, &S[lo]);
      for (size_t i = lo; i < hi; ++i) {
        const auto e = static_cast<uint32_t>(i);
        if (S[i] < mine.worst() && (!accept || accept(e))) mine.offer(S[i], e);
      }
    }
  }
  local.bounded = size();
  std::vector<std::pair<int32_t, uint32_t>> order;
  for (SeedHeap& h : seeds) {
    for (; !h.heap.empty(); h.heap.pop()) order.push_back(h.heap.top());
  }
  std::sort(order.begin(), order.end());
  order.resize(std::min(order.size(), std::max<size_t>(search.candidates, k)));
  // Refine the seeds, smallest S first, until the bound passes the k-th best.
  std::vector<Neighbour> best;
  auto bar = [&] { return best.size() < k ? INT32_MAX : best.back().distance; };
  auto refineEntry = [&](uint32_t e) {
    ++local.celled;
    // limit bar + 1: an entry at the k-th best D may still win the tie by entry number.
    const int32_t b = bar();
    keepBest(best, k,
             refine(q, signature(e), points(), e, &cells_[e * static_cast<size_t>(cellStride_)],
                    cellStride_, b == INT32_MAX ? b : b + 1, local));
  };
  for (const auto& [s, e] : order) {
    if (k == 0 || layout_.bound(s) > bar()) break;
    refineEntry(e);
  }
  if (search.exact && k > 0) {
    // Every other accepted entry whose bound does not exceed the k-th best.
    std::sort(order.begin(), order.end(),
              [](const auto& a, const auto& b) { return a.second < b.second; });
    std::vector<std::pair<int32_t, uint32_t>> rest;
    for (size_t i = 0; i < size(); ++i) {
      const auto e = static_cast<uint32_t>(i);
      if (layout_.bound(S[i]) > bar()) continue;
      const auto it = std::lower_bound(order.begin(), order.end(), e,
                                       [](const auto& a, uint32_t v) { return a.second < v; });
      if (it != order.end() && it->second == e) continue;  // a seed, refined or cut above
      if (!accept || accept(e)) rest.emplace_back(S[i], e);
    }
    std::sort(rest.begin(), rest.end());
    for (const auto& [s, e] : rest) {
      if (layout_.bound(s) > bar()) break;
      refineEntry(e);
    }
  }
  if (stats) *stats = local;
  return best;
}

std::vector<Neighbour> SignatureStore::nearestBrute(
    const InfluenceMap& map, size_t k, const std::function<bool(uint32_t)>& accept) const {
  const Query q = makeQuery(map, width_, height_);
  std::vector<Neighbour> all;
  for (size_t i = 0; i < size(); ++i) {
    const auto e = static_cast<uint32_t>(i);
    if (accept && !accept(e)) continue;
    all.push_back(refineAll(q, signature(e), points(), e));
  }
  const size_t n = std::min(k, all.size());
  std::partial_sort(all.begin(), all.begin() + static_cast<long>(n), all.end(), closer);
  all.resize(n);
  return all;
}

}  // namespace engine
