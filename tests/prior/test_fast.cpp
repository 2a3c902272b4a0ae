// The fast scoring paths against their from-scratch twins: the spatial grid + flat
// dictionary match against the plain hashing of spatial.hpp, the tactical skip against
// playing every move out, and Scorer::scores against a reference scorer built from the
// twins (bit-identical probabilities).
#include <catch2/catch.hpp>

#include <filesystem>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/prior/prior.hpp"

using namespace engine;

namespace {

// Plays a random-player game of `moves` moves; calls visit(board, toMove, last, before)
// before every move.
template <class Visit>
void randomGame(int side, int moves, uint64_t seed, Visit visit) {
  Board b(side, side);
  RandomPlayer player(seed);
  Color c = Color::Black;
  Point last = NO_POINT, before = NO_POINT;
  for (int i = 0; i < moves; ++i) {
    visit(b, c, last, before);
    const Point p = player.choose(b, c);
    p == PASS ? b.pass(c) : b.play(p, c);
    before = last;
    last = p;
    c = opponent(c);
  }
}

// A dictionary holding every pattern (all sizes) around every empty point of a few
// random positions: lookups then match deep, up to the largest size.
prior::SpatialDictionary denseDictionary(int side) {
  prior::SpatialHarvest harvest;
  randomGame(side, side * side / 2, 5, [&](const Board& b, Color c, Point, Point) {
    if (b.stoneCount(Color::Black) % 7 != 3) return;
    for (Point p : b.emptyPoints()) harvest.add(prior::spatialHashes(b, p, c));
  });
  return prior::SpatialDictionary(harvest.frequent(1, 1u << 20));
}

// Reference probabilities from the twins: tactical features by playing each move out,
// spatial ids by the plain hashing, everything else from FeatureContext; strengths and
// normalisation as Scorer documents them.
std::vector<float> referenceScores(const prior::Model& m, const Board& b, Color c, Point last,
                                   Point before) {
  prior::FeatureContext ctx;
  ctx.reset(b, c, last, before);
  std::vector<Point> cands;
  ctx.candidates(cands);
  std::vector<float> out(b.arraySize(), 0.0f);
  double total = 0;
  for (Point p : cands) {
    prior::MoveFeatures f = ctx.features(p);
    if (p != PASS) {
      const prior::MoveFeatures t = prior::tacticalFeaturesByPlaying(b, c, last, p);
      for (int g : {prior::G_CAPTURE, prior::G_ESCAPE, prior::G_SELF_ATARI, prior::G_ATARI,
                    prior::G_LADDER}) {
        f.value[g] = t.value[g];
      }
      if (m.spatial().size() > 0) {
        f.value[prior::G_SPATIAL] =
            static_cast<uint32_t>(m.spatial().lookup(prior::spatialHashes(b, p, c)) + 1);
      }
    }
    const double s = m.strength(f);
    out[p] = static_cast<float>(s);
    total += s;
  }
  const float inv = static_cast<float>(1.0 / total);
  for (Point p : cands) out[p] *= inv;
  return out;
}

const prior::Model& committedModel() {
  static const prior::Model m =
      prior::Model::load(std::filesystem::path(FGO_SOURCE_DIR) / "tables" / "prior.fgt");
  return m;
}

}  // namespace

TEST_CASE("spatial grid match equals the plain hashing lookup") {
  for (int side : {9, 19, 7}) {
    const prior::SpatialDictionary dict = denseDictionary(side);
    REQUIRE(dict.size() > 100);
    prior::SpatialGrid grid;
    int deep = 0, checked = 0;
    int move = 0;
    randomGame(side, side * side / 2 + 20, 17, [&](const Board& b, Color c, Point, Point) {
      if (move++ % 3 != 0) return;
      grid.reset(b, c);
      for (Point p : b.emptyPoints()) {
        const prior::SpatialMatch fast = dict.match(grid, p);
        const int64_t plain = dict.lookup(prior::spatialHashes(b, p, c));
        REQUIRE(fast.id == plain);
        REQUIRE(dict.lookup(b, p, c) == plain);
        if (plain >= 0) REQUIRE(fast.reach >= dict.entries()[plain].size);
        deep += plain >= 0 && dict.entries()[plain].size == prior::SPATIAL_MAX_SIZE;
        ++checked;
      }
    });
    INFO("side " << side);
    CHECK(deep > 0);  // the dense dictionary is matched to the largest size
    CHECK(checked > 200);
  }
}

TEST_CASE("flat spatial dictionary: ids, misses and refused entries") {
  const prior::SpatialDictionary dict({{42, 3}, {7, 5}, {0, 10}, {UINT64_MAX, 4}});
  CHECK(dict.find(42) == 0);
  CHECK(dict.find(7) == 1);
  CHECK(dict.find(0) == 2);
  CHECK(dict.find(UINT64_MAX) == 3);
  CHECK(dict.find(43) == -1);
  CHECK(prior::SpatialDictionary().find(0) == -1);
  CHECK_THROWS_AS(prior::SpatialDictionary({{1, 3}, {1, 4}}), InputError);
  CHECK_THROWS_AS(prior::SpatialDictionary({{1, 11}}), InputError);
}

TEST_CASE("the tactical skip: no tactical feature away from short-of-liberty chains") {
  prior::FeatureContext ctx;
  std::vector<Point> cands;
  randomGame(19, 300, 23, [&](const Board& b, Color c, Point last, Point before) {
    if (b.stoneCount(Color::Black) % 5 != 0) return;
    ctx.reset(b, c, last, before);
    ctx.candidates(cands);
    for (Point p : cands) {
      if (p == PASS || ctx.mayBeTactical(p)) continue;
      const prior::MoveFeatures t = prior::tacticalFeaturesByPlaying(b, c, last, p);
      for (int g : {prior::G_CAPTURE, prior::G_ESCAPE, prior::G_SELF_ATARI, prior::G_ATARI,
                    prior::G_LADDER}) {
        REQUIRE(t.value[g] == 0);
      }
    }
  });
}

TEST_CASE("Scorer::scores equals the from-scratch reference bit for bit") {
  const prior::Model& m = committedModel();
  REQUIRE(m.spatial().size() > 0);
  prior::Scorer scorer(m);
  std::vector<float> probs;
  for (int side : {19, 9}) {
    int positions = 0;
    randomGame(side, side * side * 2 / 3, 31 + side,
               [&](const Board& b, Color c, Point last, Point before) {
                 if (b.stoneCount(Color::Black) % 9 != 4) return;
                 scorer.scores(b, c, last, before, probs);
                 REQUIRE(probs == referenceScores(m, b, c, last, before));
                 ++positions;
               });
    CHECK(positions >= 3);
  }
}
