// Whole-board influence models on small hand-checked diagrams: design radiation,
// textbook Zobrist, Bouzy 5/21 (GNU Go's documented tobi example), Spight, and the map
// distance; symmetry and colour-swap properties on rectangular boards.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/influence/influence.hpp"

using namespace engine;

namespace {

// Builds the expected map from rows of numbers.
InfluenceMap rows(int w, int h, std::initializer_list<int32_t> values) {
  InfluenceMap m(w, h);
  REQUIRE(values.size() == m.values.size());
  std::copy(values.begin(), values.end(), m.values.begin());
  return m;
}

// The same position mirrored left-right, or with colours swapped.
Board transformed(const Board& b, bool mirror, bool swapColours) {
  Board out(b.width(), b.height());
  std::vector<Color> colours(static_cast<size_t>(b.width()) * b.height());
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      Color c = b.at(mirror ? b.width() - 1 - x : x, y);
      if (swapColours && isStone(c)) c = opponent(c);
      colours[static_cast<size_t>(y) * b.width() + x] = c;
    }
  }
  out.setColors(colours);
  return out;
}

Board randomPosition(int w, int h, uint64_t seed, int moves) {
  Board b(w, h);
  RandomPlayer player(seed);
  Color c = Color::Black;
  for (int i = 0; i < moves; ++i, c = opponent(c)) {
    const Point p = player.choose(b, c);
    if (p == PASS) {
      b.pass(c);
    } else {
      b.play(p, c);
    }
  }
  return b;
}

}  // namespace

TEST_CASE("design radiation of a single stone on 5x5") {
  const Board b = parseBoard(
      ". . . . .\n"
      ". . . . .\n"
      ". . X . .\n"
      ". . . . .\n"
      ". . . . .\n");
  // Generations 1..4 are the points at distance 1, 2, {1, 3}, {2, 4}.
  CHECK(radiationMap(b) == rows(5, 5, {1, 1, 2, 1, 1,  //
                                       1, 2, 2, 2, 1,  //
                                       2, 2, 0, 2, 2,  //
                                       1, 2, 2, 2, 1,  //
                                       1, 1, 2, 1, 1}));
  RadiationParams first;
  first.firstReachOnly = true;
  CHECK(radiationMap(b, first) == rows(5, 5, {1, 1, 1, 1, 1,  //
                                              1, 1, 1, 1, 1,  //
                                              1, 1, 0, 1, 1,  //
                                              1, 1, 1, 1, 1,  //
                                              1, 1, 1, 1, 1}));
  CHECK(radiationMap(b, RadiationParams{2, false}) == rows(5, 5, {0, 0, 1, 0, 0,  //
                                                                  0, 1, 1, 1, 0,  //
                                                                  1, 1, 0, 1, 1,  //
                                                                  0, 1, 1, 1, 0,  //
                                                                  0, 0, 1, 0, 0}));
}

TEST_CASE("design radiation does not pass through stones") {
  // Black reaches only the point beside it, which white's radiation also covers.
  const Board b = parseBoard("X . O . .\n");
  CHECK(radiationMap(b) == rows(5, 1, {0, 0, 0, -2, -2}));
  CHECK_THROWS_AS(radiationMap(b, RadiationParams{-1, false}), InputError);
}

TEST_CASE("textbook Zobrist on a line and on 5x5") {
  // Rounds: [64,0,0] -> [64,1,0] -> [65,2,1] -> [66,4,2] -> [67,6,3].
  CHECK(zobristMap(parseBoard("X . .\n")) == rows(3, 1, {67, 6, 3}));
  CHECK(zobristMap(parseBoard("X . .\n"), ZobristParams{64, 2}) == rows(3, 1, {65, 2, 1}));
  // Opposite pushes cancel: the middle stays neutral and the stones never change.
  CHECK(zobristMap(parseBoard("X . O\n")) == rows(3, 1, {64, 0, -64}));
  const Board b = parseBoard(". . . . .\n. . . . .\n. . O . .\n. . . . .\n. . . . .\n");
  const InfluenceMap m = zobristMap(b);
  CHECK(m.at(2, 2) == -64 - 12);  // +0, then 4 negative neighbours in rounds 2, 3 and 4
  CHECK(m.at(2, 1) == m.at(1, 2));
  CHECK(m.at(0, 0) < 0);
}

TEST_CASE("Bouzy dilations and erosions on the tobi (GNU Go documentation example)") {
  Board b(11, 7);
  b.play(b.point(4, 3), Color::Black);
  b.play(b.point(6, 3), Color::Black);
  InfluenceMap m = bouzyMap(b, BouzyParams{0, 0, 128});
  auto row = [&](int y) {
    std::vector<int32_t> r;
    for (int x = 1; x <= 9; ++x) r.push_back(m.at(x, y));
    return r;
  };
  bouzyDilate(m);
  CHECK(row(3) == std::vector<int32_t>{0, 0, 1, 128, 2, 128, 1, 0, 0});
  CHECK(row(2) == std::vector<int32_t>{0, 0, 0, 1, 0, 1, 0, 0, 0});
  bouzyDilate(m);
  CHECK(row(3) == std::vector<int32_t>{0, 1, 2, 132, 4, 132, 2, 1, 0});
  CHECK(row(2) == std::vector<int32_t>{0, 0, 2, 2, 3, 2, 2, 0, 0});
  bouzyDilate(m);
  CHECK(row(3) == std::vector<int32_t>{1, 2, 6, 136, 8, 136, 6, 2, 1});
  bouzyErode(m);
  CHECK(row(3) == std::vector<int32_t>{0, 2, 6, 136, 8, 136, 6, 2, 0});
}

TEST_CASE("Bouzy 5/21: a lone stone makes no territory, walls do") {
  Board lone(19, 19);
  lone.play(lone.point(9, 9), Color::Black);
  const InfluenceMap t = bouzyMap(lone);
  for (int y = 0; y < 19; ++y) {
    for (int x = 0; x < 19; ++x) {
      if (x != 9 || y != 9) CHECK(t.at(x, y) == 0);
    }
  }
  // Walls on columns 3 and 6: left of the black wall is black territory, right of the
  // white wall white territory.
  std::string diagram;
  for (int y = 0; y < 9; ++y) diagram += ". . . X . . O . .\n";
  const Board walls = parseBoard(diagram);
  const auto regions = bouzyRegions(walls);
  for (int y = 0; y < 9; ++y) {
    CHECK(regions[static_cast<size_t>(y) * 9 + 0] == Region::BlackTerritory);
    CHECK(regions[static_cast<size_t>(y) * 9 + 1] == Region::BlackTerritory);
    CHECK(regions[static_cast<size_t>(y) * 9 + 8] == Region::WhiteTerritory);
    CHECK(regions[static_cast<size_t>(y) * 9 + 3] == Region::Neutral);  // a stone
  }
  // Between the walls the two colours meet: no territory on the dame line.
  CHECK(bouzyMap(walls).at(4, 4) >= 0);
  CHECK(bouzyMap(walls).at(5, 4) <= 0);
}

TEST_CASE("Bouzy moyo (5/10) is wider than territory (5/21)") {
  // Four black stones six points apart on an otherwise empty 19x19 board, one white
  // stone far away so that the rest of the board is not all black.
  Board b(19, 19);
  for (auto [x, y] : {std::pair{3, 3}, std::pair{3, 9}, std::pair{9, 3}, std::pair{9, 9}}) {
    b.play(b.point(x, y), Color::Black);
  }
  b.play(b.point(15, 15), Color::White);
  const InfluenceMap moyoMap = bouzyMap(b, BouzyParams{5, 10, 128});
  const auto regions = bouzyRegions(b);
  int territory = 0, moyo = 0;
  for (int y = 0; y < 19; ++y) {
    for (int x = 0; x < 19; ++x) {
      const Region r = regions[static_cast<size_t>(y) * 19 + x];
      territory += r == Region::BlackTerritory;
      moyo += r == Region::BlackMoyo;
      if (r == Region::BlackTerritory) CHECK(moyoMap.at(x, y) > 0);
    }
  }
  CHECK(moyo > 0);
  CHECK(regions[3 * 19 + 6] != Region::Neutral);  // between two stones on a side
  CHECK(regions[0] == Region::Neutral);           // the far corner
}

TEST_CASE("Spight's model: 1, 1/2, 1/4, 1/8 and the one-third rule") {
  Board b(9, 9);
  b.play(b.point(4, 4), Color::Black);
  const InfluenceMap m = spightMap(b);
  CHECK(m.at(4, 4) == 0);
  CHECK(m.at(5, 4) == 8);
  CHECK(m.at(5, 5) == 4);
  CHECK(m.at(4, 1) == 2);
  CHECK(m.at(6, 6) == 1);
  CHECK(m.at(4, 0) == 1);
  CHECK(m.at(8, 8) == 0);
  const auto area = spightArea(b);
  int black = 0;
  for (Owner o : area) black += o == Owner::Black;
  CHECK(black == 13);  // the stone and the 12 points within distance 2
  // A white stone two points away cancels the middle and flips its own side.
  b.play(b.point(6, 4), Color::White);
  const InfluenceMap m2 = spightMap(b);
  CHECK(m2.at(5, 4) == 0);
  CHECK(spightArea(b)[4 * 9 + 7] == Owner::White);
  CHECK(spightArea(b)[4 * 9 + 3] == Owner::Black);
}

TEST_CASE("every model is symmetric and antisymmetric in colour on rectangular boards") {
  for (Model model : {Model::Radiation, Model::Zobrist, Model::Path, Model::BouzyTerritory,
                      Model::BouzyMoyo, Model::Spight}) {
    INFO(modelName(model));
    for (auto [w, h] : {std::pair{13, 9}, std::pair{7, 11}, std::pair{1, 1}, std::pair{1, 6}}) {
      const Board b = randomPosition(w, h, static_cast<uint64_t>(w * 31 + h), w * h / 2);
      const InfluenceMap m = computeModel(model, b);
      const InfluenceMap mirrored = computeModel(model, transformed(b, true, false));
      const InfluenceMap swapped = computeModel(model, transformed(b, false, true));
      REQUIRE(m.width == w);
      REQUIRE(m.height == h);
      for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
          CHECK(mirrored.at(w - 1 - x, y) == m.at(x, y));
          CHECK(swapped.at(x, y) == -m.at(x, y));
        }
      }
    }
  }
}

TEST_CASE("map distance: zero for equal maps, one half for one lone stone") {
  for (Model model : {Model::Radiation, Model::Zobrist, Model::Path, Model::BouzyTerritory,
                      Model::BouzyMoyo, Model::Spight}) {
    INFO(modelName(model));
    Board empty(21, 21);
    Board lone(21, 21);
    lone.play(lone.point(10, 10), Color::Black);
    const double a = modelScale(model);
    CHECK(a > 0);
    const InfluenceMap e = computeModel(model, empty), l = computeModel(model, lone);
    CHECK(mapDistance(e, e, a) == 0.0);
    CHECK(mapDistance(e, l, a) == Approx(0.5).epsilon(1e-12));
    CHECK(mapDistance(l, e, a) == mapDistance(e, l, a));
  }
  InfluenceMap a(3, 3), b(3, 3), c(2, 3);
  b.at(1, 1) = 1000000;
  CHECK(mapDistance(a, b, 1.0) == Approx(1.0));
  CHECK(mapDistance(a, b, 1e-7) < mapDistance(a, b, 1e-6));
  CHECK_THROWS_AS(mapDistance(a, c, 1.0), InputError);
  CHECK_THROWS_AS(mapDistance(a, b, -1.0), InputError);
}
