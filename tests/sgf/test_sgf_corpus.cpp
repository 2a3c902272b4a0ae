// The professional corpus (/work/shared/data/pro19, see its README): every file loads
// and replays to the end; the odd records are exactly the two with a missing pass.
// Skipped with a message when the corpus is absent.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "engine/sgf/plain.hpp"
#include "engine/sgf/record.hpp"

using namespace engine;
namespace fs = std::filesystem;

namespace {

fs::path corpusDir() {
  if (const char* shared = std::getenv("FGO_SHARED")) return fs::path(shared) / "data" / "pro19";
  return fs::path(FGO_SOURCE_DIR) / ".." / "shared" / "data" / "pro19";
}

}  // namespace

TEST_CASE("every pro19 game loads, replays and round-trips", "[corpus]") {
  const fs::path dir = corpusDir();
  if (!fs::is_directory(dir)) {
    WARN("SKIPPED: corpus not found at " << dir.string() << " (set FGO_SHARED)");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".sgf") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() == 2500);
  std::vector<std::string> odd;
  int variations = 0, moves = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    const std::string bytes = readFileBytes(files[i].string());
    INFO(files[i].filename().string());
    const auto trees = parseSgf(bytes);
    REQUIRE(trees.size() == 1);
    for (int n = 0; n < trees[0].size(); ++n) variations += trees[0].node(n).nextSibling >= 0;
    const LoadedGame g = loadSgfGame(bytes);
    CHECK(g.replay.complete);
    CHECK(g.record.size == BoardSize{19, 19});
    CHECK(g.record.moveCount() >= 50);
    CHECK(g.record.komi.has_value());
    CHECK(!g.record.result.empty());
    moves += g.replay.movesPlayed;
    if (!g.replay.warnings.empty()) {
      CHECK(g.replay.warnings.size() == 1);
      CHECK_THAT(g.replay.warnings[0].text, Catch::Contains("plays twice in a row"));
      odd.push_back(files[i].filename().string());
    }
    // Every 50th game: SGF and plain-format round trips give the same record.
    if (i % 50 == 0) {
      CHECK(recordFromSgf(parseSgf(saveSgfGame(g.record)).front()) == g.record);
      CHECK(readGameText(writeGameText(g.record)) == g.record);
    }
  }
  CHECK(odd == std::vector<std::string>{"1415195305019999897.sgf", "1465657249019999187.sgf"});
  CHECK(variations > 0);
  CHECK(moves > 400000);
}

TEST_CASE("Fox komi in the corpus: x100 and Chinese stones", "[corpus]") {
  const fs::path dir = corpusDir();
  if (!fs::is_directory(dir)) {
    WARN("SKIPPED: corpus not found at " << dir.string());
    return;
  }
  int chinese = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string bytes = readFileBytes(e.path().string());
    const GameRecord r = recordFromSgf(parseSgf(bytes).front());
    const double k = *r.komi;
    CHECK((k == 0 || k == 6.5 || k == 7.5));
    if (r.rules == "Chinese") {
      ++chinese;
      CHECK(k == 7.5);  // KM[375]
    }
  }
  CHECK(chinese == 61);
}
