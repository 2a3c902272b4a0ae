// Experiment A on a small generated collection: the report has its ranges, pairs, rho in
// [-1, 1] (or NaN) for every model, and the SVG and JSON are produced.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "engine/board/random_player.hpp"
#include "engine/sgf/record.hpp"
#include "engine/similar/corpus.hpp"
#include "engine/similar/experiment.hpp"

using namespace engine;
namespace fs = std::filesystem;

TEST_CASE("experiment A runs on a small collection and reports every model") {
  const fs::path dir = fs::temp_directory_path() / ("fgo_experiment_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (int g = 0; g < 16; ++g) {
    Game game(BoardSize{9, 9}, Rules::named("chinese"));
    RandomPlayer player(500 + static_cast<uint64_t>(g));
    for (int i = 0; i < 30 && !game.over(); ++i) game.play(player.choose(game), game.toMove());
    writeFileBytes((dir / ("g" + std::to_string(g) + ".sgf")).string(),
                   saveSgfGame(recordFromGame(game)));
  }
  ExperimentParams params;
  params.ranges = {{2, 6}, {10, 20}};
  params.anchors = 8;
  params.neighbours = 4;
  params.models = {Model::Spight, Model::Zobrist};
  const ExperimentReport r = runExperimentA(listSgfFiles(dir.string()), params);
  fs::remove_all(dir);
  CHECK(r.games == 16);
  REQUIRE(r.ranges.size() == 2);
  for (const RangeResult& rr : r.ranges) {
    CHECK(rr.positions > 0);
    CHECK(rr.pairs > 0);
    REQUIRE(rr.all.size() == 2);
    REQUIRE(rr.bands.size() == 2);
    for (const Correlation& c : rr.all) {
      CHECK(c.pairs == rr.pairs);
      CHECK((std::isnan(c.rho) || (c.rho >= -1.0 && c.rho <= 1.0)));
    }
    CHECK(rr.meanPosterior >= 0.0);
    CHECK(rr.meanPosterior <= 1.0);
  }
  CHECK(r.toSvg().find("</svg>") != std::string::npos);
  CHECK(r.toJson().find("\"spight\"") != std::string::npos);
}
