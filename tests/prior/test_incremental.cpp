// IncrementalScorer against its from-scratch twin Scorer: after every move of random and
// real games, along play/undo walks like a tree search's, across board sizes and sides
// to move; bit-identical probabilities and a consistent cache.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "engine/board/random_player.hpp"
#include "engine/prior/corpus_walk.hpp"
#include "engine/prior/prior.hpp"

using namespace engine;
namespace fs = std::filesystem;

namespace {

const prior::Model& committedModel() {
  static const prior::Model m =
      prior::Model::load(fs::path(FGO_SOURCE_DIR) / "tables" / "prior.fgt");
  return m;
}

// Scores (board, c) with both scorers and requires equal probabilities.
struct Twin {
  prior::Scorer scratch;
  prior::IncrementalScorer inc;
  std::vector<float> a, b;
  explicit Twin(const prior::Model& m) : scratch(m), inc(m) {}
  void check(const Board& board, Color c, Point last, Point before) {
    scratch.scores(board, c, last, before, a);
    inc.scores(board, c, last, before, b);
    REQUIRE(a == b);
    REQUIRE(inc.checkConsistency(board, c) == "");
  }
};

void randomGameTwin(Twin& t, int side, int moves, uint64_t seed) {
  Board b(side, side);
  RandomPlayer player(seed);
  Color c = Color::Black;
  Point last = NO_POINT, before = NO_POINT;
  for (int i = 0; i < moves; ++i) {
    INFO("side " << side << " seed " << seed << " move " << i);
    t.check(b, c, last, before);
    if (i % 7 == 3) t.check(b, opponent(c), last, before);  // the other side's cache too
    const Point p = player.choose(b, c);
    p == PASS ? b.pass(c) : b.play(p, c);
    before = last;
    last = p;
    c = opponent(c);
  }
}

std::string corpusDir() {
  const char* env = std::getenv("FGO_SHARED");
  const fs::path shared = env ? fs::path(env) : fs::path(FGO_SOURCE_DIR) / ".." / "shared";
  const fs::path dir = shared / "data" / "pro19";
  return fs::is_directory(dir) ? dir.string() : "";
}

}  // namespace

TEST_CASE("incremental scores equal Scorer after every move of random games") {
  Twin t(committedModel());
  randomGameTwin(t, 19, 330, 1);
  randomGameTwin(t, 9, 120, 2);  // a new size: the caches start over
  randomGameTwin(t, 19, 200, 3);
  randomGameTwin(t, 13, 150, 4);
  prior::Model plain = committedModel();  // no spatial dictionary: reach 0
  plain.setSpatial(prior::SpatialDictionary());
  Twin u(plain);
  randomGameTwin(u, 9, 120, 5);
}

TEST_CASE("incremental scores equal Scorer along play/undo walks (tree search)") {
  Twin t(committedModel());
  Board b(19, 19);
  RandomPlayer player(11);
  Color c = Color::Black;
  for (int i = 0; i < 90; ++i) {  // a middle-game root
    const Point p = player.choose(b, c);
    p == PASS ? b.pass(c) : b.play(p, c);
    c = opponent(c);
  }
  size_t recomputed = 0, calls = 0;
  for (int walk = 0; walk < 25; ++walk) {
    const int depth = 1 + walk % 6;
    Color d = c;
    std::vector<Point> path = {NO_POINT, NO_POINT};
    for (int k = 0; k < depth; ++k) {
      const Point p = player.choose(b, d);
      p == PASS ? b.pass(d) : b.play(p, d);
      path.push_back(p);
      d = opponent(d);
      INFO("walk " << walk << " depth " << k);
      t.check(b, d, path.back(), path[path.size() - 2]);
      recomputed += t.inc.lastRecomputed();
      ++calls;
    }
    for (int k = 0; k < depth; ++k) REQUIRE(b.undo());
    t.check(b, c, NO_POINT, NO_POINT);
  }
  // Incremental for real: far fewer points recomputed than the ~230 empty points.
  CHECK(static_cast<double>(recomputed) / static_cast<double>(calls) < 100.0);
}

TEST_CASE("incremental scores equal Scorer on real games") {
  const std::string dir = corpusDir();
  if (dir.empty()) {
    WARN("SKIPPED: ../shared/data/pro19 not found (set FGO_SHARED)");
    return;
  }
  const prior::CorpusSplit split = prior::splitCorpus(dir, 0.1);
  Twin t(committedModel());
  int positions = 0;
  for (size_t g = 0; g < 2; ++g) {
    prior::walkPositions(split.heldOut[g], [&](const prior::PositionView& v) {
      INFO(split.heldOut[g] << " position " << positions);
      t.check(v.board, v.toMove, v.last, v.beforeLast);
      ++positions;
    });
  }
  CHECK(positions > 200);
}

TEST_CASE("incremental scorer: clear() and alternating boards") {
  Twin t(committedModel());
  Board a(19, 19), b(19, 19);
  RandomPlayer pa(21), pb(22);
  Color c = Color::Black;
  for (int i = 0; i < 60; ++i) {
    const Point p = pa.choose(a, c), q = pb.choose(b, c);
    p == PASS ? a.pass(c) : a.play(p, c);
    q == PASS ? b.pass(c) : b.play(q, c);
    c = opponent(c);
    t.check(a, c, p, NO_POINT);
    t.check(b, c, q, NO_POINT);
    if (i % 10 == 0) t.inc.clear();
  }
}
