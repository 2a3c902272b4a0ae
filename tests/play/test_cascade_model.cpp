// The cascade's real-board ranking by a point scorer (the learned move model in
// `fgo predict --real-ranking model`), the model ranker, the advice cache, --skip-games.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/play/cascade.hpp"
#include "engine/play/predict.hpp"

using namespace engine;

namespace {

// A deterministic stand-in for the move model: a hash of the point and the last move,
// 0 on occupied points; counts its calls.
class HashScorer : public PointScorer {
 public:
  explicit HashScorer(int* calls) : calls_(calls) {}
  void scores(const Board& board, Color, Point last, Point, std::vector<float>& out) override {
    ++*calls_;
    out.assign(static_cast<size_t>(board.arraySize()), 0.0f);
    for (Point p : board.emptyPoints()) {
      const uint64_t h = (static_cast<uint64_t>(p) * 0x9e3779b97f4a7c15ULL) ^ (last * 7919ULL);
      out[p] = 1.0f + static_cast<float>(h % 1000);
    }
  }

 private:
  int* calls_;
};

CascadeParams small() {
  CascadeParams p;
  p.advisorPlayouts = 40;
  return p;
}

}  // namespace

TEST_CASE("real-board ranking by a scorer reorders the same uploaded areas") {
  Game g({19, 19});
  playRandomGame(g, 11, 90);
  const Board& b = g.board();
  const RankContext ctx{b.emptyPoints().front(), NO_POINT};
  for (const char* schedule : {"standard", "slower"}) {
    INFO(schedule);
    CascadeParams plain = small();
    plain.schedule = schedule;
    CascadeParams scored = plain;
    int calls = 0;
    scored.realRanking = "model";
    scored.scorer = [&calls] { return std::make_unique<HashScorer>(&calls); };
    const CascadeResult a = Cascade(plain).run(b, g.toMove(), ctx);
    const CascadeResult m = Cascade(scored).run(b, g.toMove(), ctx);
    CHECK(calls == 1);
    REQUIRE(!a.candidates.empty());
    auto sortedA = a.candidates, sortedM = m.candidates;
    std::sort(sortedA.begin(), sortedA.end());
    std::sort(sortedM.begin(), sortedM.end());
    CHECK(sortedA == sortedM);  // the areas are the cascade's, only the order changes
    std::vector<float> s;
    int unused = 0;
    HashScorer(&unused).scores(b, g.toMove(), ctx.last, ctx.before, s);
    for (size_t k = 1; k < m.candidates.size(); ++k)
      CHECK(s[m.candidates[k - 1]] >= s[m.candidates[k]]);
  }
  CascadeParams bad = small();
  bad.realRanking = "model";  // no scorer
  CHECK_THROWS_AS(Cascade(bad), InputError);
  bad.realRanking = "none";
  CHECK_NOTHROW(Cascade(bad));
  bad.realRanking = "bogus";
  CHECK_THROWS_AS(Cascade(bad), InputError);
}

TEST_CASE("the advice cache answers a repeated smallest board with its first advice") {
  Game g({19, 19});
  playRandomGame(g, 4, 60);
  Cascade cached(small());
  const CascadeResult first = cached.run(g.board(), g.toMove());
  const CascadeResult again = cached.run(g.board(), g.toMove());
  CHECK(cached.adviceRequests() == 2);
  CHECK(cached.adviceCacheHits() == 1);
  CHECK(again.chains.front().back().chosen == first.chains.front().back().chosen);
  CHECK(again.candidates == first.candidates);
  cached.run(g.board(), opponent(g.toMove()));  // the other side to move: a new search
  CHECK(cached.adviceCacheHits() == 1);
  CascadeParams off = small();
  off.adviceCache = false;
  Cascade uncached(off);
  uncached.run(g.board(), g.toMove());
  uncached.run(g.board(), g.toMove());
  CHECK(uncached.adviceRequests() == 2);
  CHECK(uncached.adviceCacheHits() == 0);
  // A full cache is emptied, not grown.
  CascadeParams tiny = small();
  tiny.adviceCacheSize = 1;
  Cascade one(tiny);
  one.run(g.board(), g.toMove());
  one.run(g.board(), opponent(g.toMove()));
  one.run(g.board(), g.toMove());
  CHECK(one.adviceCacheHits() == 0);
}

TEST_CASE("predict: the model ranker orders every legal point by the scorer; --skip-games") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("fgo-model-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "a.sgf") << "(;GM[1]SZ[19]KM[7.5];B[dp];W[do];B[pd];W[qd])";
  std::ofstream(dir / "b.sgf") << "(;GM[1]SZ[19]KM[7.5];B[dd];W[dc])";
  const auto files = listSgfFiles(dir.string());
  REQUIRE(files.size() == 2);
  CHECK(selectFiles(files, 1, -1, 1) == std::vector<std::string>{files[1]});
  CHECK(selectFiles(files, 1, -1, 5).empty());
  PredictParams p;
  p.ranker = "model";
  p.threads = 1;
  int calls = 0;
  p.cascade.scorer = [&calls] { return std::make_unique<HashScorer>(&calls); };
  const PredictReport all = predictGames(files, p);
  CHECK(all.positions == 4);  // a: 3 counted, b: 1
  CHECK(calls == 4);
  CHECK(all.meanCandidates == Approx(64));  // every legal point, cut at --top 64
  p.skipGames = 1;
  const PredictReport last = predictGames(files, p);
  CHECK(last.games == 1);
  CHECK(last.positions == 1);
  // model-hybrid: the model's order with the cascade's candidates boosted.
  calls = 0;
  p.skipGames = 0;
  p.ranker = "model-hybrid";
  p.cascade.advisorPlayouts = 40;
  const PredictReport hybrid = predictGames(files, p);
  CHECK(hybrid.positions == 4);
  CHECK(calls == 4);
  CHECK(hybrid.adviceRequests == 4);
  PredictParams none;
  none.ranker = "model";  // no scorer given
  CHECK_THROWS_AS(predictGames(files, none), InputError);
  fs::remove_all(dir);
}
