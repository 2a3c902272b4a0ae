// Sketches (engine/similar/sketch.hpp): cells map onto cells under every symmetry, the
// sketch bound never exceeds D, the SIMD scan equals the plain loop, and the sketch
// search is exact when asked (equal to brute force) and never better than exact otherwise.
#include <algorithm>
#include <catch2/catch.hpp>
#include <climits>
#include <map>

#include "engine/board/errors.hpp"
#include "engine/similar/signature.hpp"
#include "engine/similar/sketch.hpp"
#include "tests/similar/similar_test_util.hpp"

using namespace engine;
using simtest::randomBoard;

namespace {

SignatureStore randomStore(BoardSize size, int n, uint64_t seed) {
  SignatureStore store(size.width, size.height);
  for (int i = 0; i < n; ++i) {
    const Board b = randomBoard(size, 5 + (i * 13) % 120, seed + static_cast<uint64_t>(i));
    store.add(signatureOf(spightMap(b), 0).data());
  }
  store.sortByMagnitude();
  return store;
}

std::vector<int8_t> sketchVector(const std::vector<int8_t>& sig, const SketchLayout& layout) {
  std::vector<int8_t> out(static_cast<size_t>(layout.stride));
  sketchOf(sig.data(), layout, out.data());
  return out;
}

}  // namespace

TEST_CASE("sketch bands: mirror-symmetric, contiguous, about two lines a band") {
  for (int length : {1, 2, 3, 5, 9, 13, 19, 20, 61}) {
    const std::vector<int> b = sketchBands(length, std::max(1, length / 2));
    REQUIRE(b.size() == static_cast<size_t>(length));
    CHECK(b.front() == 0);
    for (int x = 0; x < length; ++x) {
      CHECK(b[static_cast<size_t>(x)] + b[static_cast<size_t>(length - 1 - x)] == b.back());
      if (x > 0) CHECK(b[static_cast<size_t>(x)] - b[static_cast<size_t>(x - 1)] <= 1);
      if (x > 0) CHECK(b[static_cast<size_t>(x)] >= b[static_cast<size_t>(x - 1)]);
    }
  }
  CHECK(SketchLayout(19, 19).cells == 81);
  CHECK(SketchLayout(19, 19).stride == 96);
  CHECK_THROWS_AS(SketchLayout(19, 19, 0), InputError);
}

TEST_CASE("every symmetry maps sketch cells onto cells") {
  for (const BoardSize size :
       {BoardSize{19, 19}, BoardSize{13, 9}, BoardSize{8, 8}, BoardSize{40, 7}, BoardSize{1, 1}}) {
    const SketchLayout layout(size.width, size.height);
    for (int s : symmetriesOf(size)) {
      std::map<int, int> image;  // cell -> cell of its points' images
      bool consistent = true;
      for (int y = 0; y < size.height; ++y) {
        for (int x = 0; x < size.width; ++x) {
          const XY q = applySymmetry(s, {x, y}, size);
          const int from = layout.cellOf[static_cast<size_t>(y) * size.width + x];
          const int to = layout.cellOf[static_cast<size_t>(q.y) * size.width + q.x];
          consistent = consistent && image.emplace(from, to).first->second == to;
        }
      }
      INFO(size.str() << " symmetry " << s);
      CHECK(consistent);
    }
  }
}

TEST_CASE("the sketch bound never exceeds D, and the SIMD scan equals the plain loop") {
  for (const BoardSize size : {BoardSize{19, 19}, BoardSize{13, 9}, BoardSize{9, 9}}) {
    const SketchLayout layout(size.width, size.height);
    for (uint64_t seed = 1; seed <= 25; ++seed) {
      const Board x = randomBoard(size, 10 + static_cast<int>(seed) * 9, seed);
      const Board y = randomBoard(size, 200 - static_cast<int>(seed) * 5, seed + 50);
      const auto sy = signatureOf(spightMap(y), 0);
      const auto ky = sketchVector(sy, layout);
      std::vector<int8_t> query;
      int32_t minS = INT32_MAX;
      for (int s : symmetriesOf(size)) {
        const auto sx = signatureOf(spightMap(x), s);
        const auto kx = sketchVector(sx, layout);
        query.insert(query.end(), kx.begin(), kx.end());
        const int32_t S = sketchDistanceScalar(kx.data(), ky.data(), layout.stride);
        minS = std::min(minS, S);
        CHECK(layout.bound(S) <= l1DistanceScalar(sx.data(), sy.data(), size.points()));
      }
      const int m = static_cast<int>(symmetriesOf(size).size());
      std::vector<int8_t> two = ky;  // two sketches in a row: y then x's first orientation
      two.insert(two.end(), query.begin(), query.begin() + layout.stride);
      int32_t scanned[2] = {-1, -1};
      sketchScan(query.data(), m, two.data(), 2, layout.stride, scanned);
      CHECK(scanned[0] == minS);
      CHECK(scanned[1] == 0);
      // Masked: a mask of every other cell, the same for each orientation.
      std::vector<int8_t> masks(query.size(), 0);
      for (size_t i = 0; i < masks.size(); i += 2) masks[i] = -1;
      int32_t masked = -1, want = INT32_MAX;
      sketchScanMasked(query.data(), masks.data(), m, ky.data(), 1, layout.stride, &masked);
      for (int t = 0; t < m; ++t) {
        const size_t base = static_cast<size_t>(t) * static_cast<size_t>(layout.stride);
        want = std::min(want, sketchDistanceMaskedScalar(query.data() + base, masks.data() + base,
                                                         ky.data(), layout.stride));
      }
      CHECK(masked == want);
    }
  }
  // Saturated cells (a board full of one colour) keep the bound.
  std::vector<Color> bc(361, Color::Empty), wc(361, Color::Empty);
  for (size_t i = 0; i < 361; ++i) {
    if ((i % 19 + i / 19) % 3 != 0) bc[i] = Color::Black, wc[i] = Color::White;
  }
  Board black(19, 19), white(19, 19);
  black.setColors(bc);
  white.setColors(wc);
  const SketchLayout layout(19, 19);
  const auto a = signatureOf(spightMap(black), 0), b = signatureOf(spightMap(white), 0);
  CHECK(layout.bound(sketchDistanceScalar(sketchVector(a, layout).data(),
                                          sketchVector(b, layout).data(), layout.stride)) <=
        l1DistanceScalar(a.data(), b.data(), 361));
}

TEST_CASE("exact sketch search equals brute force; approximate is never better") {
  for (const BoardSize size : {BoardSize{19, 19}, BoardSize{9, 9}}) {
    const SignatureStore store = randomStore(size, 300, 7);
    const auto odd = [](uint32_t e) { return e % 2 == 1; };
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      const auto map = spightMap(randomBoard(size, 10 + static_cast<int>(seed) * 17, seed + 900));
      for (size_t k : {size_t{1}, size_t{5}, size_t{40}}) {
        const auto brute = store.nearestBrute(map, k);
        for (size_t c : {size_t{1}, size_t{4}, size_t{256}}) {
          for (int threads : {1, 2}) {
            SignatureStore::SketchSearch search;
            search.candidates = c;
            search.threads = threads;
            SignatureStore::Stats stats;
            const auto got = store.nearestSketch(map, k, search, {}, &stats);
            REQUIRE(got.size() == brute.size());
            for (size_t i = 0; i < got.size(); ++i) {
              CHECK(got[i].entry == brute[i].entry);
              CHECK(got[i].distance == brute[i].distance);
            }
            CHECK(stats.bounded == store.size());
            search.exact = false;
            const auto approx = store.nearestSketch(map, k, search);
            REQUIRE(approx.size() <= k);
            for (size_t i = 0; i < approx.size(); ++i)
              CHECK(approx[i].distance >= brute[i].distance);
          }
        }
        // With every entry a candidate, the approximate search is exact.
        const auto all = store.nearestApprox(map, k, store.size());
        REQUIRE(all.size() == brute.size());
        for (size_t i = 0; i < all.size(); ++i) CHECK(all[i].distance == brute[i].distance);
        // A filter is honoured the same way.
        const auto fe = store.nearestSketch(map, k, {}, odd), be = store.nearestBrute(map, k, odd);
        REQUIRE(fe.size() == be.size());
        for (size_t i = 0; i < fe.size(); ++i) CHECK(fe[i].entry == be[i].entry);
      }
    }
  }
  const SignatureStore store = randomStore({9, 9}, 20, 3);
  CHECK(store.nearestSketch(spightMap(Board(9, 9)), 0, {}).empty());
  CHECK_THROWS_AS(store.nearestSketch(spightMap(Board(19, 19)), 1, {}), InputError);
}
