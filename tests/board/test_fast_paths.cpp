// The speed paths of the board against their plain versions: neighbour counts (checked
// by checkConsistency after every move elsewhere, and here against the colours), and
// the playout's quick area count against areaScore on the final position, the no-undo
// moves of playouts against play(), and the baseline player's move filter against
// isEyeOf && isLegal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"

using namespace engine;

TEST_CASE("neighbour counts follow the colours", "[fast]") {
  Board b = parseBoard(R"(
    X O .
    X X O
    O . .)");
  auto count = [&](int x, int y, Color c) { return b.neighbourCount(b.point(x, y), c); };
  CHECK(count(0, 1, Color::Black) == 2);  // X above, X to the right
  CHECK(count(0, 1, Color::White) == 1);  // O below
  CHECK(count(0, 1, Color::Empty) == 0);
  CHECK(count(0, 1, Color::Border) == 1);
  CHECK(count(2, 2, Color::White) == 1);
  CHECK(count(2, 2, Color::Empty) == 1);
  CHECK(count(2, 2, Color::Border) == 2);
  b.play(b.point(1, 2), Color::Black);  // captures the white corner stone at (0, 2)
  CHECK(b.at(0, 2) == Color::Empty);
  CHECK(count(0, 1, Color::Empty) == 1);
  CHECK(count(0, 1, Color::White) == 0);
  CHECK(b.checkConsistency().empty());
  REQUIRE(b.undo());
  CHECK(count(0, 1, Color::White) == 1);
  CHECK(count(0, 1, Color::Empty) == 0);
  CHECK(b.checkConsistency().empty());
}

TEST_CASE("the playout's quick count equals the area score", "[fast]") {
  const std::pair<int, int> sizes[] = {{1, 1}, {2, 2}, {3, 3}, {5, 5}, {9, 9}, {13, 9}, {19, 19}};
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      Board b(w, h);
      RandomPlayer player(seed);
      // Short move caps leave unfinished positions, where the full count is needed.
      const int cap = seed % 3 == 0 ? w * h / 2 + 1 : 3 * w * h;
      const PlayoutResult r = playout(b, Color::Black, player, cap, 7.5);
      INFO(w << "x" << h << " seed " << seed);
      CHECK(r.margin == areaScore(b, 7.5).margin());
      CHECK(b.checkConsistency().empty());
    }
  }
}

namespace {

// Reference suicide test from scratch: play on a copy with suicide allowed and see
// whether the stone survives.
bool suicideByPlaying(const Board& b, Point p, Color c) {
  Board t(b);
  t.setAllowSuicide(true);
  t.play(p, c);
  return t.at(p) != c;
}

}  // namespace

TEST_CASE("playNoUndo plays the same games as play", "[fast]") {
  const std::pair<int, int> sizes[] = {{1, 1}, {2, 3}, {5, 5}, {9, 9}, {13, 9}, {19, 19}};
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      const bool suicide = seed % 2 == 0;
      Board full(w, h), fast(w, h);
      full.setAllowSuicide(suicide);
      fast.setAllowSuicide(suicide);
      RandomPlayer pickFull(seed), pickFast(seed);
      Rng rng(seed * 31 + 7);
      Color c = Color::Black;
      int passes = 0;
      for (int m = 0; m < 3 * w * h + 10 && passes < 2; ++m) {
        Point p = pickFull.choose(full, c);
        REQUIRE(pickFast.choose(fast, c) == p);
        // With suicide allowed, now and then a random legal move (suicides included).
        if (suicide && rng.below(8) == 0 && !full.emptyPoints().empty()) {
          const auto e = full.emptyPoints();
          const Point q = e[rng.below(static_cast<uint32_t>(e.size()))];
          if (full.isLegal(q, c)) p = q;
        }
        if (p == PASS) {
          full.pass(c);
          fast.passNoUndo(c);
          ++passes;
        } else {
          full.play(p, c);
          fast.playNoUndo(p, c);
          passes = 0;
        }
        INFO(w << "x" << h << " seed " << seed << " move " << m);
        REQUIRE(fast.hash() == full.hash());
        REQUIRE(fast.colorsRowMajor() == full.colorsRowMajor());
        REQUIRE(fast.koPoint() == full.koPoint());
        REQUIRE(fast.captures(Color::Black) == full.captures(Color::Black));
        REQUIRE(fast.captures(Color::White) == full.captures(Color::White));
        const auto ef = fast.emptyPoints(), eu = full.emptyPoints();
        REQUIRE(std::vector<Point>(ef.begin(), ef.end()) ==
                std::vector<Point>(eu.begin(), eu.end()));
        REQUIRE(fast.undoDepth() == 0);
        REQUIRE(fast.checkConsistency().empty());
        c = opponent(c);
      }
      REQUIRE_FALSE(fast.undo());
    }
  }
}

TEST_CASE("a chain next to the move on two sides is captured once", "[fast]") {
  // place() marks every neighbour lane of a chain whose last pseudo-liberty the move
  // fills; settle must capture each such chain once: one chain on two sides of the
  // move (first diagram), four single stones at once (second).
  const char* diagrams[] = {R"(
    X X X .
    O O X .
    . O X .
    X X X .)",
                            R"(
    . X O X .
    X O . O X
    . X O X .
    . . X . .
    . . . . .)"};
  const int removed[] = {3, 4};
  for (int k = 0; k < 2; ++k) {
    const Board start = parseBoard(diagrams[k]);
    Board withUndo(start), fast(start);
    const Point p = k == 0 ? start.point(0, 2) : start.point(2, 1);
    REQUIRE(start.isLegal(p, Color::Black));
    withUndo.play(p, Color::Black);
    fast.playNoUndo(p, Color::Black);
    INFO("diagram " << k);
    CHECK(withUndo.captures(Color::White) == removed[k]);
    CHECK(withUndo.stoneCount(Color::White) == start.stoneCount(Color::White) - removed[k]);
    CHECK(withUndo.lastRecord().captured.size() == static_cast<size_t>(removed[k]));
    CHECK(withUndo.checkConsistency().empty());
    CHECK(fast.colorsRowMajor() == withUndo.colorsRowMajor());
    CHECK(fast.hash() == withUndo.hash());
    CHECK(fast.checkConsistency().empty());
    CHECK(withUndo.koPoint() == NO_POINT);
    REQUIRE(withUndo.undo());
    CHECK(withUndo.colorsRowMajor() == start.colorsRowMajor());
    CHECK(withUndo.hash() == start.hash());
    CHECK(withUndo.checkConsistency().empty());
  }
}

namespace {

// The liberties of p's chain from the colours alone (flood fill), sorted: the
// from-scratch twin of the board's atari queries.
std::vector<Point> libertiesByFloodFill(const Board& b, Point p) {
  std::vector<Point> stack{p}, seen{p}, libs;
  while (!stack.empty()) {
    const Point q = stack.back();
    stack.pop_back();
    for (Point n : b.neighbours(q)) {
      if (b.at(n) == Color::Empty) libs.push_back(n);
      if (b.at(n) == b.at(p) && std::find(seen.begin(), seen.end(), n) == seen.end()) {
        seen.push_back(n);
        stack.push_back(n);
      }
    }
  }
  std::sort(libs.begin(), libs.end());
  libs.erase(std::unique(libs.begin(), libs.end()), libs.end());
  return libs;
}

}  // namespace

TEST_CASE("atari queries agree with a flood fill, with and without undo frames", "[fast]") {
  // inAtari, onlyLiberty, atariLiberty and libertyIfAtari walk the chain (board.hpp);
  // compare them on every stone after every move with the liberties found from the
  // colours alone, on a board that mixes playNoUndo with play (and with suicide allowed now and
  // then).
  const std::pair<int, int> sizes[] = {{1, 2}, {2, 3}, {5, 5}, {9, 9}, {13, 9}};
  int ataris = 0;
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      Board b(w, h);
      b.setAllowSuicide(seed % 2 == 0);
      RandomPlayer player(seed + 7);
      Color c = Color::Black;
      int passes = 0;
      for (int m = 0; m < 3 * w * h && passes < 2; ++m) {
        const Point p = player.choose(b, c);
        const bool plain = m % 7 == 3;  // with an undo frame now and then
        if (p == PASS) {
          plain ? b.pass(c) : b.passNoUndo(c);
          ++passes;
        } else {
          plain ? b.play(p, c) : b.playNoUndo(p, c);
          passes = 0;
        }
        INFO(w << "x" << h << " seed " << seed << " move " << m);
        REQUIRE(b.checkConsistency().empty());
        for (Point q = 0; q < b.arraySize(); ++q) {
          if (!isStone(b.at(q))) continue;
          const std::vector<Point> libs = libertiesByFloodFill(b, q);
          REQUIRE(b.liberties(q) == static_cast<int>(libs.size()));
          REQUIRE(b.inAtari(q) == (libs.size() == 1));
          REQUIRE(b.libertyIfAtari(q) == (libs.size() == 1 ? libs[0] : NO_POINT));
          if (libs.size() == 1) {
            ++ataris;
            REQUIRE(b.atariLiberty(q) == libs[0]);
          }
          for (Point n : b.neighbours(q)) {
            REQUIRE(b.onlyLiberty(q, n) == (libs.size() == 1 && libs[0] == n));
          }
        }
        c = opponent(c);
      }
    }
  }
  CHECK(ataris > 100);
}

TEST_CASE("playNoUndo forgets earlier undo frames", "[fast]") {
  Board b(5, 5);
  b.play(b.point(1, 1), Color::Black);
  b.pass(Color::White);
  REQUIRE(b.undoDepth() == 2);
  b.playNoUndo(b.point(2, 2), Color::Black);
  CHECK(b.undoDepth() == 0);
  CHECK(b.lastRecord().point == PASS);
  CHECK_FALSE(b.undo());
  CHECK(b.at(1, 1) == Color::Black);
  CHECK(b.at(2, 2) == Color::Black);
  b.play(b.point(3, 3), Color::White);
  b.passNoUndo(Color::Black);
  CHECK(b.undoDepth() == 0);
  CHECK(b.checkConsistency().empty());
}

TEST_CASE("isLegalNotEye and isSuicide agree with their plain versions", "[fast]") {
  const std::pair<int, int> sizes[] = {{1, 1}, {2, 2}, {3, 3}, {5, 5}, {9, 9}, {13, 9}};
  int suicides = 0, eyes = 0;
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      Board b(w, h);
      b.setAllowSuicide(seed % 2 == 0);
      RandomPlayer player(seed + 50);
      Color c = Color::Black;
      int passes = 0;
      for (int m = 0; m < 3 * w * h && passes < 2; ++m) {
        for (Color who : {Color::Black, Color::White}) {
          for (Point q : b.emptyPoints()) {
            INFO(w << "x" << h << " seed " << seed << " move " << m << " point " << q);
            REQUIRE(b.isLegalNotEye(q, who) == (!b.isEyeOf(q, who) && b.isLegal(q, who)));
            const bool ref = suicideByPlaying(b, q, who);
            REQUIRE(b.isSuicide(q, who) == ref);
            suicides += ref;
            eyes += b.isEyeOf(q, who);
          }
        }
        const Point p = player.choose(b, c);
        if (p == PASS) {
          b.pass(c);
          ++passes;
        } else {
          b.play(p, c);
          passes = 0;
        }
        c = opponent(c);
      }
    }
  }
  // The games must reach the interesting cases.
  CHECK(suicides > 100);
  CHECK(eyes > 100);
}

TEST_CASE("the baseline player is uniform over the legal non-eye moves", "[fast]") {
  // Late positions of random 9x9 games, where most empty points are rejected, so that
  // the player's sampling without replacement does the work. Pearson's chi-square over
  // the accepted points must stay below df + 5 sqrt(2 df) + 5 (far in the tail).
  int positions = 0;
  for (uint64_t seed = 1; seed <= 40 && positions < 6; ++seed) {
    Board b(9, 9);
    RandomPlayer mover(seed);
    Color c = Color::Black;
    for (int m = 0; m < 400; ++m) {
      std::vector<Point> ok;
      for (Point q : b.emptyPoints()) {
        if (!b.isEyeOf(q, c) && b.isLegal(q, c)) ok.push_back(q);
      }
      const size_t empties = b.emptyPoints().size();
      if (ok.size() >= 3 && 3 * ok.size() <= empties) {
        // choose() on the board, chooseInPlace() on a copy whose empty list it reorders
        // from draw to draw.
        for (const bool inPlace : {false, true}) {
          RandomPlayer player(seed * 1000 + static_cast<uint64_t>(m));
          Board work(b);
          std::vector<int> hits(ok.size(), 0);
          const int draws = 3000 * static_cast<int>(ok.size());
          for (int d = 0; d < draws; ++d) {
            const Point p = inPlace ? player.chooseInPlace(work, c) : player.choose(b, c);
            const auto it = std::find(ok.begin(), ok.end(), p);
            INFO("seed " << seed << " move " << m << " chose " << p << " in place " << inPlace);
            REQUIRE(it != ok.end());
            ++hits[static_cast<size_t>(it - ok.begin())];
          }
          const double expected = draws / static_cast<double>(ok.size());
          double chi2 = 0;
          for (int h : hits) chi2 += (h - expected) * (h - expected) / expected;
          const double df = static_cast<double>(ok.size() - 1);
          INFO("seed " << seed << " move " << m << " accepted " << ok.size() << " of " << empties
                       << " in place " << inPlace);
          CHECK(chi2 < df + 5 * std::sqrt(2 * df) + 5);
          CHECK(work.checkConsistency().empty());
        }
        ++positions;
        break;
      }
      const Point p = mover.choose(b, c);
      if (p == PASS) {
        b.pass(c);
      } else {
        b.play(p, c);
      }
      c = opponent(c);
    }
  }
  CHECK(positions >= 6);
}

TEST_CASE("the baseline player passes exactly when nothing is accepted", "[fast]") {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Board b(5, 5);
    RandomPlayer player(seed);
    Color c = Color::Black;
    int passes = 0;
    for (int m = 0; m < 200 && passes < 2; ++m) {
      bool any = false;
      for (Point q : b.emptyPoints()) any |= b.isLegalNotEye(q, c);
      // Odd seeds draw in the board's own list (the light playout's player).
      const Point p = seed % 2 == 1 ? player.chooseInPlace(b, c) : player.choose(b, c);
      INFO("seed " << seed << " move " << m);
      REQUIRE((p == PASS) == !any);
      if (p == PASS) {
        b.passNoUndo(c);
        ++passes;
      } else {
        REQUIRE(b.isLegalNotEye(p, c));
        b.playNoUndo(p, c);
        passes = 0;
      }
      REQUIRE(b.checkConsistency().empty());
      c = opponent(c);
    }
  }
}

namespace {

// isEyeOf from its definition, by coordinates: every neighbour c or off the board, and
// of the diagonals on the board, none of the opponent on the edge, at most one inside.
bool eyeByDefinition(const Board& b, int x, int y, Color c) {
  if (b.at(x, y) != Color::Empty) return false;
  const int dx[4] = {0, -1, 1, 0}, dy[4] = {-1, 0, 0, 1};
  for (int k = 0; k < 4; ++k) {
    if (b.onBoard(x + dx[k], y + dy[k]) && b.at(x + dx[k], y + dy[k]) != c) return false;
  }
  int enemies = 0;
  bool edge = false;
  for (int ddx : {-1, 1}) {
    for (int ddy : {-1, 1}) {
      if (!b.onBoard(x + ddx, y + ddy)) {
        edge = true;
      } else if (b.at(x + ddx, y + ddy) == opponent(c)) {
        ++enemies;
      }
    }
  }
  return edge ? enemies == 0 : enemies <= 1;
}

}  // namespace

TEST_CASE("isEyeOf agrees with the eye rule from coordinates", "[fast]") {
  const std::pair<int, int> sizes[] = {{1, 1}, {2, 2}, {3, 3}, {1, 5}, {5, 5}, {9, 9}, {13, 9}};
  int eyes = 0, edgeEyes = 0;
  for (auto [w, h] : sizes) {
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      Board b(w, h);
      RandomPlayer player(seed + 70);
      Color c = Color::Black;
      int passes = 0;
      for (int m = 0; m < 3 * w * h && passes < 2; ++m) {
        for (int y = 0; y < h; ++y) {
          for (int x = 0; x < w; ++x) {
            for (Color who : {Color::Black, Color::White}) {
              const bool ref = eyeByDefinition(b, x, y, who);
              INFO(w << "x" << h << " seed " << seed << " move " << m << " at " << x << "," << y);
              REQUIRE(b.isEyeOf(b.point(x, y), who) == ref);
              eyes += ref;
              edgeEyes += ref && (x == 0 || y == 0 || x == w - 1 || y == h - 1);
            }
          }
        }
        const Point p = player.choose(b, c);
        passes = p == PASS ? passes + 1 : 0;
        if (p == PASS) {
          b.pass(c);
        } else {
          b.play(p, c);
        }
        c = opponent(c);
      }
    }
  }
  CHECK(eyes > 200);
  CHECK(edgeEyes > 50);
}
