// The cascade's reduction on light grids: the Boards it builds equal the grids, and carried
// colour channels keep a sparse big board sparse down a long chain.
#include <catch2/catch.hpp>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/play/cascade.hpp"
#include "reduce/schedule.hpp"

using namespace engine;

namespace {
// The share of points holding a stone.
double stoneShare(const std::vector<Color>& colors) {
  double n = 0;
  for (Color c : colors) n += c != Color::Empty;
  return n / static_cast<double>(colors.size());
}
}  // namespace

TEST_CASE("reduceChain builds one legal Board per grid, equal to it") {
  for (const bool carry : {false, true}) {
    for (const char* reducer : {"resample", "sector", "block"}) {
      CascadeParams p;
      p.reducer = reducer;
      p.carryChannels = carry;
      const Cascade cascade(p);
      Game g({19, 19});
      playRandomGame(g, 5, 150);
      for (const char* name : {"standard", "faster", "slower"}) {
        for (const auto& chain : reduce::parseSchedule(name, {19, 19}).chains) {
          const auto grids = cascade.reduceGrids(g.board(), chain);
          const auto boards = cascade.reduceChain(g.board(), g.toMove(), chain);
          REQUIRE(grids.size() == chain.size() - 1);
          REQUIRE(boards.size() == grids.size());
          for (size_t i = 0; i < grids.size(); ++i) {
            INFO(reducer << " " << name << " carry " << carry << " level " << chain[i + 1].str());
            CHECK(grids[i].size == chain[i + 1]);
            CHECK(boards[i].colorsRowMajor() == grids[i].colors);
            CHECK_FALSE(boards[i].hasChainWithoutLiberties());
            CHECK(boards[i].checkConsistency().empty());
          }
        }
      }
    }
  }
}

TEST_CASE("carried channels with density thresholds keep a large board's density") {
  // 201x201 with about 8% stones. Re-thresholding at every level lets a lone stone survive
  // each ~1.46x step while the cells grow, so the small boards fill up. Carrying the
  // channels with the fixed 20% threshold empties them instead (no cell of a sparse board
  // holds 20% of one colour); carried channels with density thresholds keep the share.
  Game g({201, 201});
  playRandomGame(g, 3, 3300);
  const double real = stoneShare(g.board().colorsRowMajor());
  REQUIRE(real > 0.04);
  REQUIRE(real < 0.12);
  const auto chain = reduce::parseSchedule("standard", {201, 201}).chains.front();
  auto shares = [&](bool carry, const char* threshold) {
    CascadeParams p;
    p.carryChannels = carry;
    p.threshold = threshold;
    std::vector<double> out;
    for (const auto& grid : Cascade(p).reduceGrids(g.board(), chain))
      out.push_back(stoneShare(grid.colors));
    return out;
  };
  const auto rethresholded = shares(false, "fixed");
  const auto carriedFixed = shares(true, "fixed");
  const auto carriedDensity = shares(true, "density");
  for (size_t i = 0; i < carriedDensity.size(); ++i) {
    INFO("level " << chain[i + 1].str() << ": real " << real << ", re-thresholded "
                  << rethresholded[i] << ", carried fixed " << carriedFixed[i]
                  << ", carried density " << carriedDensity[i]);
    CHECK(carriedDensity[i] > 0.5 * real);
    CHECK(carriedDensity[i] < 1.5 * real);
  }
  CHECK(rethresholded[rethresholded.size() - 2] > 3 * real);  // 7x7
  CHECK(carriedFixed[carriedFixed.size() - 2] < 0.5 * real);
}

TEST_CASE("reduceSchedule (the real board read once) equals reduceGrids chain by chain") {
  for (const char* reducer : {"resample", "sector", "block"}) {
    CascadeParams p;
    p.reducer = reducer;
    const Cascade cascade(p);
    Game g({19, 19});
    playRandomGame(g, 9, 130);
    for (const char* name : {"standard", "faster", "slower"}) {
      const reduce::Schedule s = reduce::parseSchedule(name, {19, 19});
      const auto all = cascade.reduceSchedule(g.board(), s);
      REQUIRE(all.size() == s.chains.size());
      for (size_t c = 0; c < s.chains.size(); ++c) {
        const auto one = cascade.reduceGrids(g.board(), s.chains[c]);
        REQUIRE(all[c].size() == one.size());
        for (size_t i = 0; i < one.size(); ++i) {
          INFO(reducer << " " << name << " chain " << c << " level " << i);
          CHECK(all[c][i].colors == one[i].colors);
          CHECK(all[c][i].black == one[i].black);
          CHECK(all[c][i].white == one[i].white);
          CHECK(all[c][i].repaired == one[i].repaired);
        }
      }
    }
    // A chain that does not start at the board's size is refused.
    CHECK_THROWS_AS(cascade.reduceSchedule(g.board(), reduce::parseSchedule("standard", {13, 13})),
                    InputError);
  }
}

TEST_CASE("reduceSchedule into reused ScheduleGrids equals fresh grids") {
  // run keeps its ScheduleGrids from position to position; grids left by another
  // position, schedule or reducer setting must not change any level.
  ScheduleGrids reused;
  for (const char* reducer : {"resample", "block", "sector"}) {
    for (bool carry : {true, false}) {
      CascadeParams p;
      p.reducer = reducer;
      p.carryChannels = carry;
      const Cascade cascade(p);
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        Game g({19, 19});
        playRandomGame(g, 40 + seed, 60 * static_cast<int>(seed));
        for (const char* name : {"slower", "faster", "standard"}) {
          const reduce::Schedule s = reduce::parseSchedule(name, {19, 19});
          ScheduleGrids fresh;
          cascade.reduceSchedule(g.board(), s, fresh);
          cascade.reduceSchedule(g.board(), s, reused);
          REQUIRE(reused.chains.size() == fresh.chains.size());
          for (size_t c = 0; c < fresh.chains.size(); ++c) {
            REQUIRE(reused.chains[c].size() == fresh.chains[c].size());
            for (size_t i = 0; i < fresh.chains[c].size(); ++i) {
              INFO(reducer << " carry " << carry << " " << name << " chain " << c << " level "
                           << i);
              CHECK(reused.chains[c][i].colors == fresh.chains[c][i].colors);
              CHECK(reused.chains[c][i].black == fresh.chains[c][i].black);
              CHECK(reused.chains[c][i].white == fresh.chains[c][i].white);
              CHECK(reused.chains[c][i].repaired == fresh.chains[c][i].repaired);
            }
          }
        }
      }
    }
  }
}
