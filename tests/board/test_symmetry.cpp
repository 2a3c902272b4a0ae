// Symmetries: exhaustive round trips, inverses and composition on square and
// rectangular boards.
#include <catch2/catch.hpp>

#include <set>

#include "engine/board/symmetry.hpp"

using namespace engine;

TEST_CASE("symmetries are bijections with exact inverses") {
  for (const BoardSize size : {BoardSize{1, 1}, BoardSize{5, 5}, BoardSize{19, 19}, BoardSize{13, 9}, BoardSize{2, 7}}) {
    const auto syms = symmetriesOf(size);
    CHECK(syms.size() == (size.width == size.height ? 8u : 4u));
    for (int s : syms) {
      std::set<std::pair<int, int>> images;
      for (int y = 0; y < size.height; ++y) {
        for (int x = 0; x < size.width; ++x) {
          const XY q = applySymmetry(s, {x, y}, size);
          REQUIRE(q.x >= 0);
          REQUIRE(q.y >= 0);
          REQUIRE(q.x < size.width);
          REQUIRE(q.y < size.height);
          images.insert({q.x, q.y});
          CHECK(applySymmetry(invertSymmetry(s), q, size) == XY{x, y});
        }
      }
      CHECK(images.size() == static_cast<size_t>(size.points()));
    }
  }
}

TEST_CASE("composition matches applying one symmetry after another") {
  const BoardSize size{9, 9};
  for (int a = 0; a < NUM_SYMMETRIES; ++a) {
    for (int b = 0; b < NUM_SYMMETRIES; ++b) {
      const int c = composeSymmetry(a, b);
      for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x)
          CHECK(applySymmetry(c, {x, y}, size) == applySymmetry(b, applySymmetry(a, {x, y}, size), size));
    }
    CHECK(composeSymmetry(a, invertSymmetry(a)) == 0);
  }
  // The 8 symmetries are distinct on a square board.
  std::set<std::pair<int, int>> corners;
  for (int s = 0; s < NUM_SYMMETRIES; ++s) {
    const XY p = applySymmetry(s, {1, 0}, size);
    corners.insert({p.x, p.y});
  }
  CHECK(corners.size() == 8);
}
