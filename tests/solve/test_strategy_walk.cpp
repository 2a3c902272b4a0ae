// The strategy walk (solve/strategy_walk.hpp): a side's listed moves against every reply,
// from a ranked table alone, end every game at the bounds the analysis found; a table whose
// lists go round a ko, lack a state or lie about a move is caught.
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <vector>

#include "engine/board/errors.hpp"
#include "forced_reference.hpp"
#include "solve/retrograde.hpp"
#include "solve/strategy_walk.hpp"
#include "tables/table_file.hpp"
#include "temp_files.hpp"

namespace {

using engine::Color;
using solve::Geometry;
using solve::Mask;
using solve::RetroAnalysis;
using solve::RetroOptions;
using solve::testing::ForcedReference;

RetroOptions options(bool ranked) {
  RetroOptions o;
  o.threads = 2;
  o.ranked = ranked;
  return o;
}

solve::SolutionTable load(const std::filesystem::path& file, const Geometry& g) {
  return solve::SolutionTable::load(file, g, solve::Rules::named("simple-forced"));
}

// A copy of a table file with other entries (the same header otherwise).
void rewrite(const std::filesystem::path& from, const std::filesystem::path& to,
             const std::vector<solve::SolutionEntry>& entries) {
  tables::TableMeta m = tables::readTableHeader(from).meta;
  m.entryCount = entries.size();
  tables::writeTable(to, m, solve::SolutionTable::encode(entries));
}

}  // namespace

TEST_CASE("a side's ranked strategy ends every game at its bound", "[solve][strategy][ranks]") {
  const auto dir = solve_test::tempDir("solve", "strategy_walk");
  for (const auto& [w, h] :
       std::vector<std::array<int, 2>>{{1, 5}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {3, 4}}) {
    const Geometry g(w, h);
    const auto file = dir / (std::to_string(w) + "x" + std::to_string(h) + ".fgt");
    solve::buildRetrogradeTable(g, file, options(true));
    const solve::SolutionTable t = load(file, g);
    const RetroAnalysis a = RetroAnalysis::run(g, options(false));
    // From the empty board and from some other positions, each side to move.
    std::vector<std::array<Mask, 2>> roots = {{0, 0}};
    if (w * h <= 9) {
      const ForcedReference ref(g, false);
      for (size_t i = 0; i < ref.size(); i += 17) {
        const solve::testing::State& s = ref.state(i);
        if (s.ko < 0 && s.passes == 0) roots.push_back({s.black, s.white});
      }
    }
    for (const auto& [black, white] : roots) {
      for (Color toMove : {Color::Black, Color::White}) {
        const Mask own = toMove == Color::Black ? black : white;
        const Mask opp = toMove == Color::Black ? white : black;
        int lo = 0, hi = 0;
        REQUIRE(a.bounds(own, opp, -1, false, lo, hi));
        for (Color side : {Color::Black, Color::White}) {
          // The side's lower bound at the root: the mover's lo, or minus its hi.
          const int bound = side == toMove ? lo : -hi, most = side == toMove ? hi : -lo;
          for (bool every : {false, true}) {
            INFO(w << "x" << h << " black " << black << " white " << white
                   << (toMove == Color::Black ? ", Black" : ", White") << " to move, walking "
                   << (side == Color::Black ? "Black" : "White") << (every ? ", every" : ", first")
                   << " listed move");
            const solve::StrategyWalk walk =
                solve::walkStrategy(t, black, white, toMove, side, every);
            CHECK(walk.ok());
            CHECK(walk.forced >= bound);
            CHECK(walk.forced <= most);
            if (bound == most) CHECK(walk.forced == bound);
            // Above the least value the side's bound never falls to it along the walk.
            if (bound > -g.points()) {
              CHECK(walk.floors == 0);
              CHECK(walk.games > 0);
            } else {
              CHECK(walk.floors > 0);
            }
          }
        }
      }
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("the strategy walk catches cycles, missing states and a listed move that loses",
          "[solve][strategy][ranks]") {
  const auto dir = solve_test::tempDir("solve", "strategy_walk_faults");
  int cycles = 0;
  for (const auto& [w, h] : std::vector<std::array<int, 2>>{{2, 3}, {2, 4}, {3, 3}}) {
    const Geometry g(w, h);
    const auto file = dir / "ranked.fgt";
    solve::buildRetrogradeTable(g, file, options(true));
    // Every move that keeps the bound listed, as an unranked analysis has them: a side
    // that may pick any of them can go round a ko for ever, and the walk finds it.
    const RetroAnalysis plain = RetroAnalysis::run(g, options(false));
    std::vector<solve::SolutionEntry> all;
    plain.stateEntries(0, uint64_t{1} << g.points(), all);
    rewrite(file, dir / "unranked.fgt", all);
    const solve::SolutionTable unranked = load(dir / "unranked.fgt", g);
    for (Color side : {Color::Black, Color::White}) {
      cycles += solve::walkStrategy(unranked, 0, 0, Color::Black, side, true).cycles > 0;
    }
  }
  CHECK(cycles > 0);

  const Geometry g(3, 3);
  const auto file = dir / "ranked.fgt";
  solve::buildRetrogradeTable(g, file, options(true));
  const solve::SolutionTable t = load(file, g);
  REQUIRE(walkStrategy(t, 0, 0, Color::Black, Color::Black, false).forced == 9);
  // The empty board listing a corner instead of the centre: the walk shows Black no longer
  // gets 9 that way.
  std::vector<solve::SolutionEntry> entries = t.entries();
  int sym = 0;
  const uint64_t emptyKey = solve::canonicalKeyWithKo(g, 0, 0, -1, sym);
  for (solve::SolutionEntry& e : entries) {
    if (e.key == emptyKey) e.best = 1;  // A3, the corner point 0
  }
  rewrite(file, dir / "corner.fgt", entries);
  const solve::StrategyWalk corner =
      walkStrategy(load(dir / "corner.fgt", g), 0, 0, Color::Black, Color::Black, false);
  CHECK(corner.ok());
  CHECK(corner.forced < 9);
  // A state the walk needs taken out: missing, and not ok.
  entries = t.entries();
  const uint64_t centreKey = solve::canonicalKeyWithKo(g, 0, Mask{1} << 4, -1, sym);
  std::erase_if(entries, [&](const solve::SolutionEntry& e) { return e.key == centreKey; });
  rewrite(file, dir / "missing.fgt", entries);
  const solve::StrategyWalk missing =
      walkStrategy(load(dir / "missing.fgt", g), 0, 0, Color::Black, Color::Black, false);
  CHECK(missing.missing > 0);
  CHECK_FALSE(missing.ok());
  // Listed points that are occupied: the centre for Black after B2 and White's A3 (Black's
  // walk reports it), and for White after B2 (the table's variation stops there unplayed).
  entries = t.entries();
  const uint64_t cornerKey = solve::canonicalKeyWithKo(g, Mask{1} << 4, 1, -1, sym);
  for (solve::SolutionEntry& e : entries) {
    if (e.key == centreKey || e.key == cornerKey) e.best = Mask{1} << 4;
  }
  rewrite(file, dir / "occupied.fgt", entries);
  const solve::SolutionTable occupied = load(dir / "occupied.fgt", g);
  const solve::StrategyWalk illegal =
      walkStrategy(occupied, 0, 0, Color::Black, Color::Black, false);
  CHECK(illegal.noMove > 0);
  CHECK_FALSE(illegal.ok());
  solve::SolveResult r;
  REQUIRE(solve::solveFromTable(occupied, solve::Position{}, 0, r));
  CHECK(r.pv == std::vector<int>{4});
  // A table of positions only, or an illegal root, is refused.
  RetroOptions positionsOnly = options(false);
  solve::buildRetrogradeTable(g, dir / "positions.fgt", positionsOnly);
  CHECK_THROWS_AS(
      walkStrategy(load(dir / "positions.fgt", g), 0, 0, Color::Black, Color::Black, false),
      engine::InputError);
  CHECK_THROWS_AS(walkStrategy(t, Mask{1} << 9, 0, Color::Black, Color::Black, false),
                  engine::InputError);
  std::filesystem::remove_all(dir);
}
