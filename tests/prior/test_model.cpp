// MM on synthetic competitions, model table round trip and refusal of damaged files,
// per-point probabilities, the tie-aware hit rate.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "engine/prior/prior.hpp"
#include "tables/table_file.hpp"

using namespace engine;
namespace fs = std::filesystem;

namespace {
fs::path tempFile(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("fgo_prior_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

// Competitions among teams (edge value e, atari value 0 or 2) whose winner is drawn with
// probability proportional to the true strengths.
std::vector<prior::Competition> synthetic(const std::vector<double>& edge, double atari, int n) {
  Rng rng(2024);
  std::vector<prior::Competition> out;
  for (int i = 0; i < n; ++i) {
    prior::Competition c;
    std::vector<double> strength;
    for (uint32_t e = 1; e <= edge.size(); ++e) {
      for (uint32_t a : {0u, 2u}) {
        prior::MoveFeatures f;
        f.value[prior::G_EDGE] = e;
        f.value[prior::G_ATARI] = a;
        c.teams.push_back(f);
        c.counts.push_back(a ? 1 : 3);
        strength.push_back(edge[e - 1] * (a ? atari : 1.0) * (a ? 1 : 3));
      }
    }
    double total = 0;
    for (double s : strength) total += s;
    double r = static_cast<double>(rng.next() >> 11) / 9007199254740992.0 * total;
    uint32_t w = 0;
    while (w + 1 < strength.size() && r >= strength[w]) r -= strength[w++];
    c.winner = w;
    out.push_back(c);
  }
  return out;
}
}  // namespace

TEST_CASE("MM recovers the ordering and ratios of known strengths") {
  const std::vector<double> edge = {8, 4, 2, 1, 0.5};
  const auto data = synthetic(edge, 3.0, 4000);
  prior::Model m;
  prior::TrainOptions opt;
  opt.maxCycles = 200;
  opt.tolerance = 1e-7;
  const auto ll = prior::runMM(m, data, opt);
  REQUIRE(!ll.empty());
  INFO("MM cycles: " << ll.size());
  for (size_t i = 1; i < ll.size(); ++i) CHECK(ll[i] >= ll[i - 1] - 1e-9);  // MM ascends
  for (uint32_t e = 1; e < 5; ++e) CHECK(m.gamma(prior::G_EDGE, e) > m.gamma(prior::G_EDGE, e + 1));
  const double ratio = m.gamma(prior::G_EDGE, 1) / m.gamma(prior::G_EDGE, 4);
  CHECK(ratio == Approx(8.0).epsilon(0.25));
  const double atari = m.gamma(prior::G_ATARI, 2);
  CHECK(atari == Approx(3.0).epsilon(0.2));
  // Untouched groups keep gamma 1.
  CHECK(m.gamma(prior::G_CAPTURE, 1) == Approx(1.0));
  // Reproducible: the same data and options give the same gammas, on 1 or 2 threads.
  prior::Model m1, m2;
  opt.threads = 1;
  prior::runMM(m1, data, opt);
  opt.threads = 2;
  prior::runMM(m2, data, opt);
  CHECK(m1 == m2);
  CHECK(m1 == m);
}

TEST_CASE("MM refuses malformed competitions") {
  prior::Model m;
  prior::Competition c;
  c.teams.resize(2);
  c.counts = {1};
  CHECK_THROWS_AS(prior::runMM(m, {c}, {}), InputError);
}

TEST_CASE("model table round trip, damaged and foreign files refused") {
  prior::Model m;
  m.setSpatial(prior::SpatialDictionary({{0x1234, 3}, {0x9876543210ull, 7}}));
  m.setGamma(prior::G_CAPTURE, 1, 30.5f);
  m.setGamma(prior::G_PATTERN3, 77, 0.125f);
  m.setGamma(prior::G_SPATIAL, 2, 4.0f);
  const fs::path path = tempFile("model.fgt");
  m.save(path, "test model");
  const prior::Model back = prior::Model::load(path);
  CHECK(back == m);
  CHECK(back.gamma(prior::G_PATTERN3, 77) == 0.125f);
  CHECK(back.spatial().size() == 2);

  // A flipped payload byte is refused with a checksum error.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::string damaged = bytes;
  damaged[damaged.size() - 3] ^= 0x40;
  const fs::path bad = tempFile("damaged.fgt");
  {
    std::ofstream out(bad, std::ios::binary);
    out << damaged;
  }
  CHECK_THROWS_AS(prior::Model::load(bad), tables::TableError);
  // Truncated.
  {
    std::ofstream out(bad, std::ios::binary);
    out << bytes.substr(0, bytes.size() / 2);
  }
  CHECK_THROWS_AS(prior::Model::load(bad), tables::TableError);
  // A valid table of another kind.
  tables::TableMeta meta;
  meta.kind = tables::TableKind::PositionIndex;
  meta.kindVersion = prior::MODEL_KIND_VERSION;
  meta.width = meta.height = 19;
  meta.generatorName = "fgo index";
  const std::vector<uint8_t> payload = {1, 2, 3};
  tables::writeTable(bad, meta, payload);
  CHECK_THROWS_AS(prior::Model::load(bad), tables::TableError);
  // A valid table of the same kind by another generator.
  meta.kind = tables::TableKind::MoveModel;
  tables::writeTable(bad, meta, payload);
  CHECK_THROWS_AS(prior::Model::load(bad), tables::TableError);
  // Right generator, garbage payload.
  meta.generatorName = prior::MODEL_GENERATOR;
  tables::writeTable(bad, meta, payload);
  CHECK_THROWS_AS(prior::Model::load(bad), tables::TableError);
  CHECK_THROWS_AS(prior::Model::load(tempFile("missing.fgt")), tables::TableError);
  fs::remove_all(path.parent_path());
}

TEST_CASE("probabilities cover the legal moves and sum to one") {
  prior::Model m;
  m.setGamma(prior::G_CAPTURE, 4, 50.0f);
  const Board b = parseBoard(
      ". . . . .\n"
      ". . X . .\n"
      ". X O X .\n"
      ". . . . .\n"
      ". . . . .\n");
  const auto probs = m.scores(b, Color::Black, NO_POINT, NO_POINT);
  REQUIRE(probs.size() == b.arraySize());
  double sum = 0;
  for (Point p = 0; p < b.arraySize(); ++p) {
    sum += probs[p];
    if (p != PASS && !b.isLegal(p, Color::Black)) CHECK(probs[p] == 0.0f);
  }
  CHECK(sum == Approx(1.0).epsilon(1e-5));
  const Point capture = b.point(*parseVertex("C2", b.size()));
  // 21 legal points and the pass: the capture has 50 / (21 + 50) of the mass.
  CHECK(probs[capture] == Approx(50.0 / 71.0).epsilon(1e-4));
  CHECK(probs[PASS] == Approx(1.0 / 71.0).epsilon(1e-4));
}

TEST_CASE("tie-aware hit rate") {
  CHECK(prior::tieHit(0, 1, 1) == 1.0);
  CHECK(prior::tieHit(1, 1, 1) == 0.0);
  CHECK(prior::tieHit(0, 4, 1) == 0.25);
  CHECK(prior::tieHit(2, 4, 3) == 0.25);
  CHECK(prior::tieHit(5, 2, 3) == 0.0);
  CHECK(prior::tieHit(0, 3, 5) == 1.0);
}

TEST_CASE("corpus split refuses bad input") {
  CHECK_THROWS_AS(prior::splitCorpus("/nonexistent/folder", 0.1), InputError);
  CHECK_THROWS_AS(prior::splitCorpus(fs::temp_directory_path().string(), 1.5), InputError);
}

TEST_CASE("a table written before the ladder group loads, with every ladder gamma 1") {
  // Trained by the session-7 fgo (10 groups, no "ladder"): `fgo prior train --games pro19
  // --out prior-before-ladder.fgt --max-games 5 --cycles 2`.
  const std::filesystem::path path = std::filesystem::path(FGO_SOURCE_DIR) / "tests" / "prior" /
                                     "data" / "prior-before-ladder.fgt";
  const prior::Model m = prior::Model::load(path);
  REQUIRE(m.groupSize(prior::G_LADDER) == 4);
  for (uint32_t v = 1; v <= 4; ++v) CHECK(m.gamma(prior::G_LADDER, v) == 1.0f);
  CHECK(m.gamma(prior::G_ATARI, 2) != 1.0f);  // the groups it has were read
  CHECK(m.gamma(prior::G_CAPTURE, 1) > 1.0f);
  CHECK(m.spatial().size() == 13);
}
