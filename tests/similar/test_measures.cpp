// Canonical keys, window keys and the a-priori / a-posteriori distances.
#include <algorithm>
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "engine/board/errors.hpp"
#include "engine/similar/similar.hpp"
#include "tests/similar/similar_test_util.hpp"

using namespace engine;
using simtest::randomBoard;
using simtest::transformed;

TEST_CASE("position key is the board hash plus the side to move") {
  const Board b = randomBoard({9, 9}, 30, 3);
  CHECK(positionKey(b, Color::Black) == b.hash());
  CHECK(positionKey(b, Color::White) == (b.hash() ^ SIDE_KEY));
  CHECK(transformedKey(b, Color::White, 0, false) == positionKey(b, Color::White));
}

TEST_CASE("canonical key is the same for every symmetric copy, and maps back") {
  for (const BoardSize size : {BoardSize{19, 19}, BoardSize{9, 9}, BoardSize{13, 9}}) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      const Board b = randomBoard(size, 10 + 7 * static_cast<int>(seed), seed);
      const CanonicalKey k = canonicalKey(b, Color::Black);
      // The batch computation agrees with the from-scratch key of the symmetry it chose.
      CHECK(transformedKey(b, Color::Black, k.symmetry, false) == k.key);
      for (int s : symmetriesOf(size)) {
        CHECK(transformedKey(b, Color::Black, s, false) >= k.key);
        const Board t = transformed(b, s, false);
        const CanonicalKey kt = canonicalKey(t, Color::Black);
        CHECK(kt.key == k.key);
        // A point of b and its image in t land on the same canonical point.
        for (XY p : {XY{0, 0}, XY{2, 1}, XY{size.width - 1, 3}}) {
          const XY q = applySymmetry(s, p, size);
          CHECK(toCanonical(k, p, size) == toCanonical(kt, q, size));
          CHECK(fromCanonical(k, toCanonical(k, p, size), size) == p);
        }
      }
      CHECK(canonicalKey(b, Color::White).key != k.key);
    }
  }
}

TEST_CASE("colour swap is identified only when asked") {
  const Board b = randomBoard({9, 9}, 25, 11);
  const Board sw = transformed(b, 5, true);
  CHECK(canonicalKey(b, Color::Black).key != canonicalKey(sw, Color::White).key);
  const CanonicalOptions opt{true};
  const CanonicalKey a = canonicalKey(b, Color::Black, opt);
  const CanonicalKey c = canonicalKey(sw, Color::White, opt);
  CHECK(a.key == c.key);
  CHECK(a.swapped != c.swapped);
  CHECK(transformedKey(b, Color::Black, a.symmetry, a.swapped) == a.key);
}

TEST_CASE("window origins cover the board, windows see only their own stones") {
  CHECK(windowOrigins(19) == std::vector<int>{0, 3, 6, 7, 10, 13});
  CHECK(windowOrigins(9) == std::vector<int>{0, 3});
  CHECK(windowOrigins(6) == std::vector<int>{0});
  CHECK(windowOrigins(19, {3, 3}) == std::vector<int>{0, 3, 6, 8, 10, 13, 16});
  CHECK(windowOrigins(20, {3, 3}) == std::vector<int>{0, 3, 6, 8, 9, 11, 14, 17});
  CHECK_THROWS_AS(windowOrigins(5), InputError);
  CHECK_THROWS_AS(windowOrigins(9, {6, 0}), InputError);
  CHECK_THROWS_AS(windowOrigins(19, {3, 4}), InputError);
  // Every layout is its own mirror image and covers every point.
  for (int length = 1; length <= 40; ++length) {
    for (int side = 1; side <= std::min(length, 8); ++side) {
      for (int step = 1; step <= side; ++step) {
        const std::vector<int> o = windowOrigins(length, {side, step});
        std::vector<int> mirror;
        for (int v : o) mirror.push_back(length - side - v);
        std::sort(mirror.begin(), mirror.end());
        CHECK(mirror == o);
        std::vector<bool> covered(static_cast<size_t>(length), false);
        for (int v : o) {
          for (int i = v; i < v + side; ++i) covered[static_cast<size_t>(i)] = true;
        }
        CHECK(std::count(covered.begin(), covered.end(), false) == 0);
      }
    }
  }
  Board a(19, 19), b(19, 19);
  a.play(a.point(3, 3), Color::Black);
  b.play(b.point(3, 3), Color::Black);
  b.play(b.point(15, 15), Color::White);  // far away: only windows containing it differ
  const auto ka = windowKeys(a), kb = windowKeys(b);
  REQUIRE(ka.size() == 36);
  for (size_t i = 0; i < ka.size(); ++i) {
    const bool contains = ka[i].x <= 15 && 15 < ka[i].x + 6 && ka[i].y <= 15 && 15 < ka[i].y + 6;
    CHECK((ka[i].key != kb[i].key) == contains);
    CHECK(ka[i].key == regionKey(a, ka[i].x, ka[i].y, ka[i].x + 5, ka[i].y + 5));
  }
  CHECK(ka.front().key != 0);
  CHECK(regionKey(a, 18, 18, 0, 0) == a.hash());
  CHECK_THROWS_AS(regionKey(a, 0, 0, 19, 3), InputError);
}

TEST_CASE("a-priori distance: 0 for identical maps, 1/2 for one lone stone, symmetric") {
  Board empty(19, 19), one(19, 19);
  one.play(one.point(9, 9), Color::Black);
  for (Model m :
       {Model::Radiation, Model::Zobrist, Model::Path, Model::BouzyTerritory, Model::Spight}) {
    CHECK(prioriDistance(m, one, one) == 0.0);
    CHECK(prioriDistance(m, empty, one) == Approx(0.5).epsilon(1e-9));
    const Board x = randomBoard({19, 19}, 40, 5), y = randomBoard({19, 19}, 40, 6);
    const double d = prioriDistance(m, x, y);
    CHECK(d == prioriDistance(m, y, x));
    CHECK(d > 0.0);
    CHECK(d <= 1.0);
  }
  CHECK_THROWS_AS(prioriDistance(Model::Spight, Board(9, 9), Board(19, 19)), InputError);
}

TEST_CASE("a-posteriori distance of next-move sets") {
  const std::vector<uint16_t> a{1, 2, 3, 3}, b{3, 4}, none;
  CHECK(posterioriDistance(a, a) == 0.0);
  CHECK(posterioriDistance(a, b) == Approx(1.0 - 2.0 * 1 / 5));
  CHECK(posterioriDistance(a, std::vector<uint16_t>{7}) == 1.0);
  CHECK(posterioriDistance(none, none) == 0.0);
  CHECK(posterioriDistance(none, b) == 1.0);
}

TEST_CASE("spearman rank correlation") {
  const std::vector<double> x{1, 2, 3, 4, 5}, up{2, 4, 6, 8, 100}, down{5, 4, 3, 2, 1};
  CHECK(spearman(x, up) == Approx(1.0));
  CHECK(spearman(x, down) == Approx(-1.0));
  // Ties take average ranks: x ranks 1..5, y ranks 1.5, 1.5, 3, 4, 5.
  const std::vector<double> tied{0, 0, 1, 2, 3};
  CHECK(spearman(x, tied) == Approx(0.9746794344808963));
  CHECK(std::isnan(spearman(std::vector<double>{1, 2}, std::vector<double>{1, 2})));
  CHECK(std::isnan(spearman(x, std::vector<double>{1, 1, 1, 1, 1})));
}
