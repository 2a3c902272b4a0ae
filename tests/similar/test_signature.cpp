// Influence signatures: the line-feature bound never exceeds the true distance, and the
// pruned k-nearest search returns exactly what brute force returns.
#include <algorithm>
#include <catch2/catch.hpp>

#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "engine/similar/signature.hpp"
#include "tests/similar/similar_test_util.hpp"

using namespace engine;
using simtest::randomBoard;
using simtest::transformed;

namespace {

// A store of n random positions of various lengths, sorted.
SignatureStore randomStore(BoardSize size, int n, uint64_t seed) {
  SignatureStore store(size.width, size.height);
  for (int i = 0; i < n; ++i) {
    const Board b = randomBoard(size, 5 + (i * 7) % 90, seed + static_cast<uint64_t>(i));
    store.add(signatureOf(spightMap(b), 0).data());
  }
  store.sortByMagnitude();
  return store;
}

}  // namespace

TEST_CASE("orbit-feature and cell bounds are below the L1 distance under every symmetry") {
  for (const BoardSize size : {BoardSize{19, 19}, BoardSize{13, 9}}) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const Board x = randomBoard(size, 60, seed), y = randomBoard(size, 50, seed + 100);
      const auto fx = spightMap(x), fy = spightMap(y);
      const auto sy = signatureOf(fy, 0);
      const auto featY = orbitFeatures(sy.data(), size.width, size.height);
      const int stride = orbitStride(size.width, size.height);
      REQUIRE(featY.size() == static_cast<size_t>(stride));
      for (int s : symmetriesOf(size)) {
        const auto sx = signatureOf(fx, s);
        const auto featX = orbitFeatures(sx.data(), size.width, size.height);
        // Orbit features do not depend on the orientation.
        CHECK(featX == orbitFeatures(signatureOf(fx, 0).data(), size.width, size.height));
        CHECK(l1Distance16(featX.data(), featY.data(), stride) <=
              l1Distance(sx.data(), sy.data(), size.points()));
        const auto cx = cellSums(sx.data(), size.width, size.height);
        const auto cy = cellSums(sy.data(), size.width, size.height);
        REQUIRE(cx.size() == static_cast<size_t>(cellStride(size.width, size.height)));
        int32_t cellBound = 0;
        for (size_t c = 0; c < cx.size(); ++c) cellBound += std::abs(cx[c] - cy[c]);
        CHECK(cellBound == l1Distance16(cx.data(), cy.data(), static_cast<int>(cx.size())));
        CHECK(cellBound <= l1Distance(sx.data(), sy.data(), size.points()));
      }
    }
  }
}

TEST_CASE("orbit classes are mapped onto themselves by every symmetry") {
  for (const BoardSize size : {BoardSize{19, 19}, BoardSize{13, 9}, BoardSize{8, 8},
                               BoardSize{1, 1}, BoardSize{61, 61}, BoardSize{40, 7}}) {
    const std::vector<int> cls = orbitClasses(size.width, size.height);
    for (int s : symmetriesOf(size)) {
      for (int y = 0; y < size.height; ++y) {
        for (int x = 0; x < size.width; ++x) {
          const XY q = applySymmetry(s, {x, y}, size);
          CHECK(cls[static_cast<size_t>(q.y) * size.width + q.x] ==
                cls[static_cast<size_t>(y) * size.width + x]);
        }
      }
    }
    CHECK(*std::max_element(cls.begin(), cls.end()) < 100);
  }
  CHECK(orbitStride(19, 19) == 112);  // 55 classes, P and N, padded
}

TEST_CASE("cell bands are symmetric about the centre") {
  CHECK(cellBands(19) == std::vector<int>{0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6});
  CHECK(cellBands(9) == std::vector<int>{0, 0, 1, 2, 3, 4, 5, 6, 6});
  CHECK(cellStride(19, 19) == 104);  // 2 * 49 cells, padded to a multiple of 8
  for (int n = 1; n <= 1001; n += n < 40 ? 1 : 37) {
    const auto b = cellBands(n);
    std::vector<int> width(static_cast<size_t>(b.back() + 1), 0);
    for (int x = 0; x < n; ++x) {
      CHECK(b[static_cast<size_t>(x)] + b[static_cast<size_t>(n - 1 - x)] == b.back());
      ++width[static_cast<size_t>(b[static_cast<size_t>(x)])];
    }
    // Cell sums of int8 values fit int16: a band is at most 13 points wide.
    CHECK(*std::max_element(width.begin(), width.end()) <= 13);
  }
}

TEST_CASE("SIMD L1 distances equal the plain loop; the bounded one stops at its limit") {
  Rng rng(11);
  for (int n : {1, 15, 16, 17, 63, 64, 65, 81, 361, 1000}) {
    std::vector<int8_t> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
    for (int rep = 0; rep < 20; ++rep) {
      for (size_t i = 0; i < a.size(); ++i) {
        // Include the extremes: -128 and 127 differ by 255.
        a[i] = static_cast<int8_t>(rep == 0 ? -128 : static_cast<int>(rng.below(256)) - 128);
        b[i] = static_cast<int8_t>(rep == 0 ? 127 : static_cast<int>(rng.below(256)) - 128);
      }
      const int32_t d = l1DistanceScalar(a.data(), b.data(), n);
      CHECK(l1Distance(a.data(), b.data(), n) == d);
      CHECK(l1DistanceBelow(a.data(), b.data(), n, d + 1) == d);
      CHECK(l1DistanceBelow(a.data(), b.data(), n, d / 2 + 1) >= d / 2 + 1);
    }
  }
  std::vector<int16_t> x(104), y(104);
  int32_t d16 = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<int16_t>(rng.below(32768));
    y[i] = static_cast<int16_t>(rng.below(32768));
    d16 += std::abs(int32_t{x[i]} - int32_t{y[i]});
  }
  CHECK(l1Distance16(x.data(), y.data(), 104) == d16);
}

TEST_CASE("pruned nearest search equals brute force") {
  for (const BoardSize size : {BoardSize{9, 9}, BoardSize{13, 9}}) {
    const SignatureStore store = randomStore(size, 400, 77);
    REQUIRE(store.sorted());
    for (uint64_t q = 0; q < 15; ++q) {
      const auto map = spightMap(randomBoard(size, 10 + 5 * static_cast<int>(q), 900 + q));
      auto even = [](uint32_t e) { return e % 2 == 0; };
      for (size_t k : {size_t{1}, size_t{5}, size_t{30}}) {
        SignatureStore::Stats stats;
        const auto fast = store.nearest(map, k, {}, &stats);
        const auto slow = store.nearestBrute(map, k);
        REQUIRE(fast.size() == slow.size());
        for (size_t i = 0; i < fast.size(); ++i) CHECK(fast[i].distance == slow[i].distance);
        CHECK(stats.refined <= store.size());
        const auto fe = store.nearest(map, k, even), se = store.nearestBrute(map, k, even);
        REQUIRE(fe.size() == se.size());
        for (size_t i = 0; i < fe.size(); ++i) {
          CHECK(fe[i].entry % 2 == 0);
          CHECK(fe[i].distance == se[i].distance);
        }
      }
    }
  }
}

TEST_CASE("approximate search: exact with enough candidates, never better than exact") {
  const BoardSize size{9, 9};
  const SignatureStore store = randomStore(size, 400, 91);
  long missed = 0;
  for (uint64_t q = 0; q < 12; ++q) {
    const auto map = spightMap(randomBoard(size, 8 + 6 * static_cast<int>(q), 500 + q));
    const auto slow = store.nearestBrute(map, 5);
    const auto all = store.nearestApprox(map, 5, store.size());
    REQUIRE(all.size() == slow.size());
    for (size_t i = 0; i < all.size(); ++i) CHECK(all[i].distance == slow[i].distance);
    const auto few = store.nearestApprox(map, 5, 8);
    REQUIRE(few.size() == slow.size());
    for (size_t i = 0; i < few.size(); ++i) {
      CHECK(few[i].distance >= slow[i].distance);  // the i-th found is never closer
      // Every reported distance is the true one.
      const auto t = signatureOf(map, few[i].symmetry);
      CHECK(few[i].distance == l1Distance(t.data(), store.signature(few[i].entry), 81));
      missed += few[i].distance != slow[i].distance;
    }
  }
  CHECK(store.nearestApprox(spightMap(Board(9, 9)), 3, 0).size() == 3);  // 0: exact
  INFO("neighbours missed with 8 candidates: " << missed);
}

TEST_CASE("a stored position found again in any orientation at distance 0") {
  const BoardSize size{9, 9};
  SignatureStore store(9, 9);
  const Board b = randomBoard(size, 35, 4242);
  store.add(signatureOf(spightMap(randomBoard(size, 30, 1)), 0).data());
  store.add(signatureOf(spightMap(b), 0).data());
  store.sortByMagnitude();
  for (int s : symmetriesOf(size)) {
    const auto nb = store.nearest(spightMap(transformed(b, s, false)), 1);
    REQUIRE(nb.size() == 1);
    CHECK(nb[0].distance == 0);
    // The reported symmetry maps the query onto the stored orientation: here s^-1.
    CHECK(signatureOf(spightMap(transformed(b, s, false)), nb[0].symmetry) ==
          signatureOf(spightMap(b), 0));
  }
  CHECK(store.nearest(spightMap(b), 0).empty());
  CHECK_THROWS_AS(store.nearest(spightMap(Board(19, 19)), 1), InputError);
  CHECK_THROWS_AS(SignatureStore::fromRaw(9, 9, std::vector<int8_t>(80)), InputError);
  const SignatureStore copy = SignatureStore::fromRaw(9, 9, store.rawMaps());
  CHECK(copy.sorted());
  CHECK(copy.size() == 2);
}
