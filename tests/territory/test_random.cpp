// Territory on random positions (no crash, internal consistency, symmetry) and on real
// finished games from the shared corpus (right winner).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "engine/board/game.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/symmetry.hpp"
#include "engine/sgf/record.hpp"
#include "engine/territory/territory.hpp"
#include "tests/corpus.hpp"

using namespace engine;

namespace {

// Checks that an evaluation agrees with itself and with the board.
void checkConsistent(const Board& b, const Evaluation& ev) {
  const int w = b.width();
  const size_t n = static_cast<size_t>(w) * b.height();
  REQUIRE(ev.ownership.size() == n);
  REQUIRE(ev.groupOf.size() == n);
  REQUIRE(ev.protoTerritory.size() == n);
  int area[2] = {0, 0}, stones = 0;
  for (size_t i = 0; i < n; ++i) {
    const Color c = b.at(static_cast<int>(i % w), static_cast<int>(i / w));
    REQUIRE((ev.groupOf[i] >= 0) == isStone(c));
    if (ev.groupOf[i] >= 0) {
      const GroupInfo& g = ev.groups[ev.groupOf[i]];
      REQUIRE(g.color == c);
      const Owner own = ev.ownership[i];
      if (g.status == GroupStatus::Dead) {
        REQUIRE(own != (c == Color::Black ? Owner::Black : Owner::White));
      } else {
        REQUIRE(own == (c == Color::Black ? Owner::Black : Owner::White));
      }
    }
    if (ev.ownership[i] == Owner::Black) ++area[0];
    if (ev.ownership[i] == Owner::White) ++area[1];
  }
  CHECK(area[0] == ev.blackArea);
  CHECK(area[1] == ev.whiteArea);
  for (const GroupInfo& g : ev.groups) {
    stones += static_cast<int>(g.stones.size());
    CHECK(g.safety >= 0.0);
    CHECK(g.safety <= 1.0);
    CHECK(std::is_sorted(g.stones.begin(), g.stones.end()));
    CHECK(g.linkConfidence >= 0);
    CHECK(g.linkConfidence <= 100);
  }
  CHECK(stones == b.stoneCount(Color::Black) + b.stoneCount(Color::White));
  CHECK(stonesWithStatus(ev, GroupStatus::Dead) == ev.deadStones);
  CHECK(ev.blackTerritory >= b.captures(Color::White));
  CHECK(ev.whiteTerritory >= b.captures(Color::Black));
}

// The board with colours swapped, or transformed by symmetry s.
Board transformed(const Board& b, int s, bool swap) {
  std::vector<Color> out(static_cast<size_t>(b.width()) * b.height());
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const XY t = applySymmetry(s, {x, y}, b.size());
      Color c = b.at(x, y);
      if (swap && isStone(c)) c = opponent(c);
      out[static_cast<size_t>(t.y) * b.width() + t.x] = c;
    }
  }
  Board r(b.width(), b.height());
  r.setColors(out);
  return r;
}

}  // namespace

TEST_CASE("random positions: evaluation is consistent and symmetric", "[territory]") {
  const BoardSize sizes[] = {{9, 9}, {13, 13}, {19, 19}, {7, 5}, {1, 1}, {2, 3}};
  uint64_t seed = 17;
  for (const BoardSize size : sizes) {
    for (int game = 0; game < 3; ++game) {
      Game g(size, Rules::named("chinese"));
      int played = 0;
      for (int stage = 0; stage < 4; ++stage) {
        played += playRandomGame(g, ++seed, size.width * size.height / 2);
        const Board& b = g.board();
        INFO("size " << size.str() << " game " << game << " moves " << played);
        const Evaluation ev = evaluate(b, 0);
        checkConsistent(b, ev);
        // Colour swap: statuses kept, margins negated.
        const Evaluation sw = evaluate(transformed(b, 0, true), 0);
        CHECK(sw.blackArea == ev.whiteArea);
        CHECK(sw.whiteArea == ev.blackArea);
        CHECK(sw.deadStones.size() == ev.deadStones.size());
        // A rotation or reflection: same counts.
        for (int s : symmetriesOf(size)) {
          const Evaluation t = evaluate(transformed(b, s, false), 0);
          CHECK(t.blackArea == ev.blackArea);
          CHECK(t.whiteArea == ev.whiteArea);
          CHECK(t.deadStones.size() == ev.deadStones.size());
        }
        if (g.over()) break;
      }
    }
  }
}

TEST_CASE("empty and one-colour boards", "[territory]") {
  Board b(9, 9);
  Evaluation ev = evaluate(b, 7.5);
  CHECK(ev.groups.empty());
  CHECK(ev.blackArea == 0);
  CHECK(ev.whiteArea == 0);
  CHECK(ev.areaMargin() == -7.5);
  CHECK(Evaluation::resultText(ev.areaMargin()) == "W+7.5");
  // One stone is far from owning the board: the open region it touches is read from
  // proto-territory (nothing, Bouzy 5/21 erodes a lone stone's influence away), not
  // counted for it outright.
  b.play(b.point(4, 4), Color::Black);
  ev = evaluate(b, 7.5);
  REQUIRE(ev.groups.size() == 1);
  CHECK(ev.groups[0].status != GroupStatus::Dead);
  CHECK(ev.blackArea == 1);
  CHECK(ev.whiteArea == 0);
  CHECK(Evaluation::resultText(ev.areaMargin()) == "W+6.5");
  // Black stones filling the board but for two eyes own all of it.
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 9; ++x) {
      const bool eye = (x == 0 && y == 0) || (x == 8 && y == 8);
      if (!eye && b.at(x, y) == Color::Empty) b.play(b.point(x, y), Color::Black);
    }
  }
  ev = evaluate(b, 0);
  CHECK(ev.blackArea == 81);
}

TEST_CASE("corpus: right winner on finished games", "[territory][corpus]") {
  const std::filesystem::path dir = fgo_test::pro19Dir();
  FGO_SKIP_WITHOUT_CORPUS(dir)
  // The first finished games by points with a recorded komi (file name order) under
  // Japanese rules; the same selection rule as fgo score.
  const std::vector<std::filesystem::path> files = fgo_test::sortedFiles(dir);
  const int wanted = 24;
  int games = 0, right[4] = {0, 0, 0, 0};
  double error[4] = {0, 0, 0, 0};
  // Uniform playouts for groups only; for contested points too; the safe policy.
  TerritoryParams staticOnly, checked, pointsToo, safe;
  checked.playouts = pointsToo.playouts = safe.playouts = 100;
  checked.playoutPointVerdict = 0;
  checked.safePlayouts = pointsToo.safePlayouts = false;
  for (const auto& f : files) {
    if (games == wanted) break;
    std::ifstream in(f, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const LoadedGame lg = loadSgfGame(text.str());
    const std::string& re = lg.record.result;
    if (re.size() < 3 || (re[0] != 'B' && re[0] != 'W') || re[1] != '+' ||
        !std::isdigit(static_cast<unsigned char>(re[2])) || std::stod(re.substr(2)) <= 0 ||
        lg.record.komi.value_or(0) == 0 || lg.record.rules != "Japanese") {
      continue;
    }
    ++games;
    const double actual = (re[0] == 'B' ? 1 : -1) * std::stod(re.substr(2));
    const Board& b = lg.replay.game.board();
    const TerritoryParams* params[4] = {&staticOnly, &checked, &pointsToo, &safe};
    for (int k = 0; k < 4; ++k) {
      const Evaluation ev = evaluate(b, *lg.record.komi, *params[k]);
      checkConsistent(b, ev);
      right[k] += (ev.territoryMargin() > 0) == (actual > 0);
      error[k] += std::abs(ev.territoryMargin() - actual);
    }
  }
  REQUIRE(games == wanted);
  INFO("static " << right[0] << " right, error " << error[0] / wanted << "; playout-checked "
                 << right[1] << " right, error " << error[1] / wanted << "; points too " << right[2]
                 << " right, error " << error[2] / wanted << "; safe playouts " << right[3]
                 << " right, error " << error[3] / wanted);
  // fgo score measured 87% right winners statically and 93% with the playout check on
  // the 142 games; on these 24: at least 19 static, and the check does better.
  CHECK(right[0] >= 19);
  CHECK(right[1] >= right[0]);
  CHECK(error[1] < error[0]);
  CHECK(right[1] >= 21);
  // Contested points read from the playouts too (docs/EVALUATION.md): no worse.
  CHECK(right[2] >= right[1]);
  CHECK(error[2] < error[1]);
  // The safe playout policy (the default): a smaller error. Since session 8 (the fill
  // rule reads the dame) it misses one winner more than uniform playouts here: 1413637140,
  // an unfinished game won by half a point, where the fill points GNU Go counts as
  // territory are now counted too and the dead stones of the open side decide (23 against
  // 24 right, error 0.04 against 0.25).
  CHECK(right[3] >= right[2] - 1);
  CHECK(error[3] <= error[2]);
}
