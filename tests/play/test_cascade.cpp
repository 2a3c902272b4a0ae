// The reduction cascade and the predict measurement.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/play/cascade.hpp"
#include "engine/play/cascade_view.hpp"
#include "engine/play/predict.hpp"
#include "tests/corpus.hpp"
#include "upload/upload.hpp"

using namespace engine;

TEST_CASE("cascade candidates are legal, distinct points of the real board") {
  for (const char* schedule : {"standard", "faster", "slower", "19x19,9x9,5x5"}) {
    for (const char* reducer : {"resample", "sector", "block"}) {
      CascadeParams p;
      p.schedule = schedule;
      p.reducer = reducer;
      p.advisorPlayouts = 100;
      Cascade cascade(p);
      Game g({19, 19});
      playRandomGame(g, 11, 60);
      const CascadeResult r = cascade.run(g.board(), g.toMove());
      INFO(schedule << " " << reducer);
      REQUIRE(!r.candidates.empty());
      // keepPerLevel (16) points at 13x13 or 9x9, each with an area of at most 4 points
      // (9 for the 19 -> 9 step, whose cells are wider than 2 lines).
      CHECK(r.candidates.size() <= 16 * 9);
      for (size_t i = 0; i < r.candidates.size(); ++i) {
        CHECK(g.board().isLegal(r.candidates[i], g.toMove()));
        for (size_t j = 0; j < i; ++j) CHECK(r.candidates[i] != r.candidates[j]);
      }
      REQUIRE(!r.chains.empty());
      CHECK(r.chains[0].front().board.size() == BoardSize{19, 19});
      CHECK(r.chains[0].back().board.size() == BoardSize{5, 5});
      CHECK(r.chains.size() == (std::string(schedule) == "slower" ? 2u : 1u));
    }
  }
  CascadeParams bad;
  bad.reducer = "nearest";
  CHECK_THROWS_AS(Cascade(bad), InputError);
  bad.reducer = "resample";
  bad.schedule = "quick";
  CHECK_THROWS_AS(Cascade(bad), InputError);
}

TEST_CASE("cascade runs on large boards with automatic schedules") {
  CascadeParams p;
  p.advisorPlayouts = 50;
  Cascade cascade(p);
  for (int n : {27, 37, 101}) {
    Game g({n, n});
    playRandomGame(g, 3, n * 2);
    const CascadeResult r = cascade.run(g.board(), g.toMove());
    CHECK(!r.candidates.empty());
    CHECK(r.chains[0].back().board.size() == BoardSize{5, 5});
  }
}

TEST_CASE("proximity order: Chebyshev, then Euclidean to the last move, then to the one before") {
  Board b(9, 9);
  const Point last = b.point(4, 4), before = b.point(6, 4);
  b.play(last, Color::Black);
  b.play(before, Color::White);
  const auto order = proximityOrder(b, last, before);
  CHECK(order.size() == 79);
  // The four orthogonal neighbours of the last move first; the one toward `before` leads.
  CHECK(order[0] == b.point(5, 4));
  for (int i = 1; i < 4; ++i) {
    const XY q = b.xy(order[i]);
    CHECK(std::abs(q.x - 4) + std::abs(q.y - 4) == 1);
  }
  // Then the diagonals at distance sqrt(2), then Chebyshev distance 2.
  for (int i = 4; i < 8; ++i) {
    const XY q = b.xy(order[i]);
    CHECK((std::abs(q.x - 4) == 1 && std::abs(q.y - 4) == 1));
  }
  CHECK(std::max(std::abs(b.xy(order[8]).x - 4), std::abs(b.xy(order[8]).y - 4)) == 2);
}

TEST_CASE("predict counts positions after a stone and scores the baselines") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("fgo-predict-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  // Moves: B D4, W D5 (next to D4), B pass, W Q16, B R16 (next to Q16).
  std::ofstream(dir / "a.sgf") << "(;GM[1]SZ[19]KM[7.5];B[dp];W[do];B[];W[pd];B[qd])";
  std::ofstream(dir / "b.sgf") << "(;GM[1]SZ[19";  // broken: reported, not fatal
  PredictParams p;
  p.cascade.advisorPlayouts = 50;
  p.threads = 2;
  const auto files = listSgfFiles(dir.string());
  REQUIRE(files.size() == 2);
  const PredictReport r = predictGames(files, p);
  fs::remove_all(dir);
  CHECK(r.games == 1);
  REQUIRE(r.problems.size() == 1);
  CHECK(r.problems[0].find("b.sgf") != std::string::npos);
  // Counted: before W D5 (after B D4), before B pass (after W D5), before B R16 (after W
  // Q16). Not counted: the first move, and W Q16 (after a pass).
  CHECK(r.positions == 3);
  // D5 is the first proximity candidate after D4 (the point above it), R16 is next to Q16
  // but after the points above and left of it; the pass is a miss for everyone.
  CHECK(r.proximity.at[0] == Approx(1.0 / 3));
  CHECK(r.proximity.at[1] == Approx(2.0 / 3));
  CHECK(r.random.at[0] == Approx((1.0 / 360 + 1.0 / 358) / 3));
  CHECK(r.meanCandidates > 0);
  // The real move followed down the levels: 19x19 first, 5x5 last.
  REQUIRE(r.levelRecall.size() == 5);
  CHECK(r.levelNames.front() == "19x19");
  CHECK(r.levelNames.back() == "5x5");
  for (double v : r.levelRecall) CHECK((v >= 0 && v <= 1));
  CHECK_THROWS_AS(listSgfFiles("/nonexistent/folder"), InputError);
}

TEST_CASE("predict on real games: proximity beats random", "[corpus]") {
  const std::string dir = fgo_test::pro19Dir().string();
  FGO_SKIP_WITHOUT_CORPUS(dir)
  PredictParams p;
  p.maxGames = 2;
  p.cascade.advisorPlayouts = 50;
  const PredictReport r = predictGames(listSgfFiles(dir), p);
  CHECK(r.games == 2);
  CHECK(r.positions > 100);
  CHECK(r.proximity.at[3] > r.random.at[3]);
  CHECK(r.proximity.at[0] > 0.03);
}

TEST_CASE("cascade views list every level with its kept points") {
  CascadeParams p;
  p.advisorPlayouts = 50;
  Cascade cascade(p);
  Game g({19, 19});
  playRandomGame(g, 5, 40);
  const CascadeResult r = cascade.run(g.board(), g.toMove());
  const std::string text = cascadeToText(r);
  for (const char* size : {"19x19", "13x13", "9x9", "7x7", "5x5"})
    CHECK(text.find(size) != std::string::npos);
  CHECK(text.find('1') != std::string::npos);
  const std::string svg = cascadeToSvg(r);
  CHECK(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(svg.find("13x13") != std::string::npos);
}

TEST_CASE("time dilation: last-move images join every reduced level, memory keeps old areas") {
  CascadeParams p;
  p.advisorPlayouts = 50;
  p.lastMoveAreas = true;
  p.keepPerLevel = 64;  // nothing cut: every image must survive to its level's list
  Cascade cascade(p);
  int seen = 0;
  // Several random positions: in one of them the last move's image may be a stone at every
  // level (the reduction fills fights), so count the legal images over all of them.
  for (uint64_t seed = 9; seed < 15; ++seed) {
    Game g({19, 19});
    playRandomGame(g, seed, 50);
    const Point last = g.moves().back().point, before = g.moves()[g.moves().size() - 2].point;
    if (last == PASS || before == PASS) continue;
    const CascadeResult r = cascade.run(g.board(), g.toMove(), {last, before});
    const auto& levels = r.chains.front();
    XY img = g.board().xy(last);
    for (size_t i = 1; i < levels.size(); ++i) {
      img = upload::toSmall(img, levels[i - 1].board.size(), levels[i].board.size());
      const Board& b = levels[i].board;
      if (!b.isLegal(b.point(img), levels[i].toMove)) continue;
      const auto& ch = levels[i].chosen;
      INFO("seed " << seed << " level " << b.size().str());
      CHECK(std::find(ch.begin(), ch.end(), img) != ch.end());
      ++seen;
    }
  }
  CHECK(seen > 0);

  // Memory: the first candidates of one run stay candidates of the next (when legal).
  CascadeParams m;
  m.advisorPlayouts = 50;
  m.memory = 2;
  Cascade withMemory(m);
  Game g({19, 19});
  playRandomGame(g, 9, 50);
  const CascadeResult first = withMemory.run(g.board(), g.toMove());
  REQUIRE(first.candidates.size() >= 2);
  Game next = g;
  REQUIRE(next.play(first.candidates[0], g.toMove()) == MoveError::None);
  const CascadeResult second = withMemory.run(next.board(), next.toMove());
  for (size_t k = 1; k < std::min<size_t>(4, first.candidates.size()); ++k) {
    const Point q = first.candidates[k];
    if (!next.board().isLegal(q, next.toMove()) || next.board().isEyeOf(q, next.toMove())) continue;
    CHECK(std::find(second.candidates.begin(), second.candidates.end(), q) !=
          second.candidates.end());
  }
  withMemory.clearMemory();
}

TEST_CASE("predict --json prints exactly the issue's keys") {
  PredictReport r;
  r.positions = 12;
  r.cascade.at[0] = 0.25;
  r.meanCandidates = 3;
  r.microsecondsPerPosition = 41.5;
  const std::string j = r.toJson();
  const std::string rates = R"(\{"1": [0-9.]+, "4": [0-9.]+, "16": [0-9.]+, "64": [0-9.]+\})";
  const std::regex shape(R"(\{"positions": 12, "hit_at": )" + rates +
                         R"(, "baselines": \{"random": )" + rates + R"(, "proximity": )" + rates +
                         R"(\}, "mean_candidates": 3\.00, "microseconds_per_position": 41\.5\})");
  INFO(j);
  CHECK(std::regex_match(j, shape));
  CHECK(j.find("\"1\": 0.2500") != std::string::npos);
}
