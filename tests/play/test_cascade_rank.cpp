// Ranking within the cascade's areas (engine/play/rank.hpp).
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/play/rank.hpp"
#include "engine/shapes/library.hpp"

using namespace engine;

TEST_CASE("local Spight area gain equals the from-scratch recount after random games") {
  MoveRanker ranker(rankParamsByName("eval"));
  for (int seed = 1; seed <= 6; ++seed) {
    Game g({seed % 2 ? 19 : 9, seed % 2 ? 19 : 9});
    playRandomGame(g, static_cast<uint64_t>(seed), seed % 2 ? 40 + 25 * seed : 10 + 5 * seed);
    const Board& b = g.board();
    const Color c = g.toMove();
    const int before = areaMarginScratch(b, c);
    int checked = 0;
    for (Point p : b.emptyPoints()) {
      if (!b.isLegal(p, c)) continue;
      Board after = b;
      after.play(p, c);
      INFO("seed " << seed << " point " << p);
      REQUIRE(ranker.areaGain(b, c, p) == areaMarginScratch(after, c) - before);
      ++checked;
    }
    CHECK(checked > 10);
  }
}

TEST_CASE("the evaluation ranks a capture and an escape from atari above quiet moves") {
  // White's stone at (2, 7) is in atari; its liberty (3, 7) captures for Black and
  // escapes for White.
  const Board b = parseBoard(
      ". . . . . . . . .\n"
      ". . . . . . . . .\n"
      ". . . . . . . . .\n"
      ". . . . . . . . .\n"
      ". . . . . . . . .\n"
      ". . . . . . . . .\n"
      ". . X . . . . . .\n"
      ". X O . . . . . .\n"
      ". . X . . . . . .\n");
  REQUIRE(b.at(2, 7) == Color::White);
  const Point key = b.point(3, 7);
  const std::vector<Point> cands = {b.point(4, 4), b.point(0, 0), key, b.point(8, 8)};
  for (const char* name : {"eval", "eval-search"}) {
    MoveRanker ranker(rankParamsByName(name));
    for (Color c : {Color::Black, Color::White}) {
      const auto ranked = ranker.rank(b, c, cands);
      INFO(name << " " << (c == Color::Black ? "black" : "white"));
      REQUIRE(ranked.size() == 4);
      CHECK(ranked.front().point == key);
      for (size_t i = 1; i < ranked.size(); ++i) CHECK(ranked[i - 1].score >= ranked[i].score);
    }
  }
  // Geometric ranking keeps the given order (all weights zero); a prior reorders.
  MoveRanker none(rankParamsByName("geometric"));
  const auto kept = none.rank(b, Color::Black, cands);
  REQUIRE(kept.size() == 4);
  for (size_t i = 0; i < 4; ++i) CHECK(kept[i].point == cands[i]);
  CHECK(none.rank(b, Color::Black, cands, {}, {0, 0, 0, 1}).front().point == cands[3]);
  CHECK_THROWS_AS(rankParamsByName("best"), InputError);
}

TEST_CASE("the ranker drops occupied points and own eyes, and self-atari sinks") {
  const Board b = parseBoard(
      "X . X . .\n"
      ". X . . .\n"
      ". . . O .\n"
      ". . O X O\n"
      ". . . . .\n");
  MoveRanker ranker(rankParamsByName("eval"));
  const Point eye = b.point(1, 0), stone = b.point(0, 0), selfAtari = b.point(4, 4);
  const Point quiet = b.point(0, 4);
  const auto ranked = ranker.rank(b, Color::Black, {eye, stone, selfAtari, quiet});
  REQUIRE(ranked.size() == 2);
  CHECK(ranked[0].point == quiet);
  CHECK(ranked[1].point == selfAtari);
}

TEST_CASE("shape terms: a keypoint of the library lifts its point") {
  const ShapeLibrary lib = ShapeLibrary::parse(
      "shape test_key keypoint confidence=100 move=a\n"
      "X a\n"
      "O X\n",
      "test");
  const Board b = parseBoard(
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . X . . . .\n"
      ". . O X . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n");
  const Point key = b.point(3, 2), other = b.point(2, 4);
  RankParams rp = rankParamsByName("eval");
  MoveRanker plain(rp), shaped(rp, &lib);
  const auto a = plain.rank(b, Color::Black, {key, other});
  const auto s = shaped.rank(b, Color::Black, {key, other});
  REQUIRE(a.size() == 2);
  REQUIRE(s.size() == 2);
  auto scoreOf = [](const std::vector<RankedMove>& v, Point p) {
    for (const auto& m : v)
      if (m.point == p) return m.score;
    return -1e9;
  };
  CHECK(scoreOf(s, key) - scoreOf(a, key) == Approx(100 / 25.0));
  CHECK(scoreOf(s, other) == Approx(scoreOf(a, other)));
}
