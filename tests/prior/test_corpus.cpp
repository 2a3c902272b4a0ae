// Training and evaluation on a few professional games (skips without ../shared):
// reproducible training, and a trained model beats the uniform baseline on held-out
// games. Also checks the committed table loads and is the current layout.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "engine/board/errors.hpp"
#include "engine/prior/prior.hpp"

namespace fs = std::filesystem;

namespace {
std::string corpusDir() {
  if (const char* env = std::getenv("FGO_SHARED")) {
    const fs::path p = fs::path(env) / "data" / "pro19";
    if (fs::is_directory(p)) return p.string();
  }
  const fs::path p = fs::path(FGO_SOURCE_DIR) / ".." / "shared" / "data" / "pro19";
  return fs::is_directory(p) ? p.string() : "";
}
}  // namespace

TEST_CASE("training on a few games is reproducible and beats uniform on held-out games") {
  const std::string dir = corpusDir();
  if (dir.empty()) {
    WARN("SKIPPED: ../shared/data/pro19 not found (set FGO_SHARED)");
    return;
  }
  prior::CorpusSplit split = prior::splitCorpus(dir, 0.1);
  REQUIRE(split.heldOut.size() == 250);
  REQUIRE(split.train.back() < split.heldOut.front());
  split.train.resize(6);
  prior::TrainOptions opt;
  opt.maxCycles = 4;
  opt.spatialMinCount = 3;
  opt.threads = 2;
  prior::TrainReport report;
  const prior::Model a = prior::train(split.train, opt, &report);
  CHECK(report.games == 6);
  CHECK(report.positions > 6 * 50);
  CHECK(a.spatial().size() > 0);
  opt.threads = 1;
  const prior::Model b = prior::train(split.train, opt);
  CHECK(a == b);

  prior::EvalOptions eo;
  eo.maxGames = 2;
  const auto rows = prior::evaluate(a, split.heldOut, eo);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].name == "uniform");
  CHECK(rows[2].name == "model");
  CHECK(rows[2].positions == rows[0].positions);
  CHECK(rows[2].top1 > 3 * rows[0].top1);
  CHECK(rows[2].meanLogLikelihood > rows[0].meanLogLikelihood + 0.5);
}

TEST_CASE("more MM cycles from a saved model continue the same run") {
  const std::string dir = corpusDir();
  if (dir.empty()) {
    WARN("SKIPPED: ../shared/data/pro19 not found (set FGO_SHARED)");
    return;
  }
  prior::CorpusSplit split = prior::splitCorpus(dir, 0.1);
  split.train.resize(2);
  prior::TrainOptions opt;
  opt.spatialMinCount = 3;
  opt.tolerance = 0;  // exactly maxCycles cycles
  opt.threads = 1;    // thread-count independence is tested above
  opt.maxCycles = 3;
  prior::TrainReport whole;
  const prior::Model three = prior::train(split.train, opt, &whole);
  opt.maxCycles = 1;
  const prior::Model one = prior::train(split.train, opt);
  opt.start = &one;
  opt.maxCycles = 2;
  prior::TrainReport more;
  const prior::Model continued = prior::train(split.train, opt, &more);
  CHECK(continued == three);  // MM's state is the gammas alone
  CHECK(more.logLikelihood ==
        std::vector<double>(whole.logLikelihood.begin() + 1, whole.logLikelihood.end()));
  opt.spatialMinCount = 2;  // another dictionary: refused
  CHECK_THROWS_AS(prior::train(split.train, opt), engine::InputError);
}

TEST_CASE("the committed model table loads") {
  const fs::path path = fs::path(FGO_SOURCE_DIR) / "tables" / "prior.fgt";
  REQUIRE(fs::exists(path));
  const prior::Model m = prior::Model::load(path);
  // Trained: captures of the last move's stones beat a quiet move, self-atari is rare.
  CHECK(m.gamma(prior::G_CAPTURE, 1) > 1.0f);
  CHECK(m.gamma(prior::G_SELF_ATARI, 3) < 1.0f);
  CHECK(m.gamma(prior::G_DIST_LAST, 1) > m.gamma(prior::G_DIST_LAST, 16));
}
