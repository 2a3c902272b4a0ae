// Reducers, legality repair, schedules and upload coordinate maps.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/influence/influence.hpp"
#include "reduce/block_table.hpp"
#include "reduce/quality.hpp"
#include "reduce/reducer.hpp"
#include "reduce/repair.hpp"
#include "reduce/schedule.hpp"
#include "reduce/select.hpp"
#include "upload/upload.hpp"

using namespace engine;

namespace {
std::string chainText(const std::vector<BoardSize>& chain) {
  std::string s;
  for (const auto& b : chain) s += (s.empty() ? "" : ">") + b.str();
  return s;
}
}  // namespace

TEST_CASE("named schedules follow the design") {
  CHECK(reduce::parseSchedule("standard", {19, 19}).str() == "19x19>13x13>9x9>7x7>5x5");
  CHECK(reduce::parseSchedule("faster", {19, 19}).str() == "19x19>9x9>5x5");
  CHECK(reduce::parseSchedule("slower", {19, 19}).str() ==
        "19x19>19x13>13x13>13x9>9x9>7x7>5x5 | 19x19>13x19>13x13>9x13>9x9>7x7>5x5");
  CHECK(reduce::parseSchedule("13x13,9x9,5x5", {19, 19}).str() == "19x19>13x13>9x9>5x5");
  CHECK(reduce::parseSchedule("19x19,9x9,7x7,5x5", {19, 19}).chains[0].size() == 4);
}

TEST_CASE("automatic schedules reach 5x5 from any size") {
  for (int n : {5, 6, 7, 9, 13, 19, 27, 37, 101, 1001}) {
    const auto chain = reduce::automaticChain({n, n}, 1.46);
    INFO(chainText(chain));
    CHECK(chain.front() == BoardSize{n, n});
    CHECK(chain.back().width <= 5);
    for (size_t i = 1; i < chain.size(); ++i) {
      CHECK(chain[i].width < chain[i - 1].width);
      CHECK(chain[i].width % 2 == 1);
    }
  }
  CHECK(chainText(reduce::automaticChain({19, 13}, 1.46)) == "19x13>13x9>9x7>7x5>5x5");
}

TEST_CASE("bad schedules are refused") {
  for (const char* bad :
       {"", "fastest", "19x19,21x21", "19x19,,9x9", "19x19,9x9,9x9", "13x13,abc"}) {
    CHECK_THROWS_AS(reduce::parseSchedule(bad, {19, 19}), InputError);
  }
}

TEST_CASE("sector reduction keeps the centre and takes majorities") {
  Board big(19, 19);
  // A black stone pair in the top-left 2x2 block.
  big.play(big.point(0, 0), Color::Black);
  big.play(big.point(1, 0), Color::Black);
  // The centre point of the small board stands for the 3x3 block around the big centre.
  for (auto [x, y] : {std::pair{9, 9}, {8, 9}, {10, 9}, {9, 8}, {9, 10}})
    big.play(big.point(x, y), Color::White);
  // A lone black stone in a block (1 of 4): not a majority.
  big.play(big.point(16, 16), Color::Black);
  const auto r = reduce::makeSectorReducer()->reduce(big, Color::White, {9, 9});
  CHECK(r.board.size() == BoardSize{9, 9});
  CHECK(r.toMove == Color::White);
  CHECK(r.board.at(0, 0) == Color::Black);
  CHECK(r.board.at(4, 4) == Color::White);
  CHECK(r.board.at(8, 8) == Color::Empty);
  CHECK(r.black[0] == Approx(0.5));
  CHECK_THROWS_AS(reduce::makeSectorReducer()->reduce(big, Color::Black, {13, 13}), InputError);
  CHECK_THROWS_AS(reduce::makeSectorReducer()->reduce(Board(9, 9), Color::Black, {13, 13}),
                  InputError);
}

TEST_CASE("resampling is area-weighted with equal contrast for both colours") {
  Board big(6, 6);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) big.play(big.point(x, y), Color::Black);
  for (int y = 3; y < 6; ++y)
    for (int x = 3; x < 6; ++x) big.play(big.point(x, y), Color::White);
  const auto r = reduce::makeResampleReducer()->reduce(big, Color::Black, {2, 2});
  CHECK(r.black[0] == Approx(1.0));
  CHECK(r.white[3] == Approx(1.0));
  CHECK(r.board.at(0, 0) == Color::Black);
  CHECK(r.board.at(1, 1) == Color::White);
  CHECK(r.board.at(1, 0) == Color::Empty);
  // Colour swap gives the mirror result.
  Board swapped(6, 6);
  std::vector<Color> cols = big.colorsRowMajor();
  for (auto& c : cols) c = isStone(c) ? opponent(c) : c;
  swapped.setColors(cols);
  const auto s = reduce::makeResampleReducer()->reduce(swapped, Color::Black, {2, 2});
  CHECK(s.white[0] == Approx(r.black[0]));
  CHECK(s.board.at(0, 0) == Color::White);
}

TEST_CASE("legality repair removes the stone with the least evidence") {
  // Black at the corner has no liberty; removing the weak white stone next to it is cheaper.
  std::vector<Color> colors = {Color::Black, Color::White, Color::Empty, Color::White, Color::Empty,
                               Color::Empty, Color::Empty, Color::Empty, Color::Empty};
  std::vector<float> black = {0.9f, 0, 0, 0, 0, 0, 0, 0, 0};
  std::vector<float> white = {0, 0.3f, 0, 0.8f, 0, 0, 0, 0, 0};
  CHECK(reduce::repairLegality(colors, 3, 3, black, white) == 1);
  CHECK(colors[0] == Color::Black);
  CHECK(colors[1] == Color::Empty);
  CHECK(colors[3] == Color::White);
}

TEST_CASE("every reduction of random positions is legal") {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Game g({19, 19});
    playRandomGame(g, seed, 40 + 15 * static_cast<int>(seed));
    for (const char* name : {"sector", "resample"}) {
      const auto reducer = reduce::makeReducer(name);
      const auto r = reducer->reduce(g.board(), Color::Black, {9, 9});
      CHECK_FALSE(r.board.hasChainWithoutLiberties());
      CHECK(r.board.checkConsistency().empty());
    }
    for (const BoardSize to :
         {BoardSize{13, 13}, BoardSize{7, 7}, BoardSize{5, 5}, BoardSize{19, 13}}) {
      const auto r = reduce::makeResampleReducer()->reduce(g.board(), Color::White, to);
      CHECK(r.board.size() == to);
      CHECK_FALSE(r.board.hasChainWithoutLiberties());
    }
  }
  CHECK_THROWS_AS(reduce::makeReducer("blocks9"), InputError);
}

TEST_CASE("upload: the nearest big point maps back to the small point, for every ratio") {
  const int sides[] = {5, 7, 9, 13, 19, 27, 37};
  for (int big : sides) {
    for (int small : sides) {
      if (small >= big) continue;
      const BoardSize bs{big, big}, ss{small, small};
      for (int y = 0; y < small; ++y) {
        for (int x = 0; x < small; ++x) {
          const auto a = upload::area({x, y}, ss, bs);
          REQUIRE(!a.empty());
          const int side = static_cast<int>(std::ceil(static_cast<double>(big) / small)) + 1;
          REQUIRE(a.size() <= static_cast<size_t>(side * side));
          if (2 * small >= big) CHECK(a.size() <= 4);
          CHECK(upload::toSmall(a.front(), bs, ss) == XY{x, y});
          for (XY p : a) CHECK((p.x >= 0 && p.y >= 0 && p.x < big && p.y < big));
        }
      }
    }
  }
  // Every big point is in the area of the small point it reduces to (no line is lost;
  // 19 -> 9 used to miss line 10).
  for (int big : sides) {
    for (int small : sides) {
      if (small >= big) continue;
      const BoardSize bs{big, big}, ss{small, small};
      for (int y = 0; y < big; ++y) {
        for (int x = 0; x < big; ++x) {
          const auto a = upload::area(upload::toSmall({x, y}, bs, ss), ss, bs);
          INFO(big << " -> " << small << " at " << x << "," << y);
          CHECK(std::find(a.begin(), a.end(), XY{x, y}) != a.end());
        }
      }
    }
  }
  // Centre to centre and corner to corner.
  CHECK(upload::area({4, 4}, {9, 9}, {19, 19}).front() == XY{9, 9});
  CHECK(upload::area({0, 0}, {5, 5}, {19, 19}).front() == XY{1, 1});
  CHECK(upload::area({0, 0}, {13, 13}, {19, 19}).size() == 4);
  // Rectangles: 19x13 -> 13x9 keeps the axes apart.
  const auto r = upload::area({12, 0}, {13, 9}, {19, 13});
  CHECK(r.front().x >= 17);
  CHECK(r.front().y <= 1);
}

TEST_CASE("area memory keeps the last uploads, most recent first") {
  upload::AreaMemory m(2);
  m.push({{1, 1}, {1, 2}});
  m.push({{5, 5}, {1, 2}});
  CHECK(m.candidates() == std::vector<XY>{{5, 5}, {1, 2}, {1, 1}});
  m.push({{9, 9}});
  CHECK(m.candidates() == std::vector<XY>{{9, 9}, {5, 5}, {1, 2}});
}

TEST_CASE("reduction quality: identical boards at distance 0, reducers measured") {
  Game g({19, 19});
  playRandomGame(g, 21, 120);
  // Scaling a board up to its own size is the identity.
  CHECK(reduce::reductionDifference(g.board(), g.board(), Model::BouzyTerritory) == 0);
  CHECK(reduce::reductionDistance(g.board(), g.board(), Model::Zobrist, 0.01) == 0);
  // A position with clear frameworks (a black wall high, a white wall low) keeps most
  // of its influence in a reduction, and loses it all on an empty board.
  Board walls(19, 19);
  for (int x = 0; x < 19; ++x) {
    walls.play(walls.point(x, 5), Color::Black);
    walls.play(walls.point(x, 13), Color::White);
  }
  // (Spight's short-range model sees the wall doubled by the scale-up as much as an
  // empty board: left out of this check.)
  for (Model m : {Model::Radiation, Model::Zobrist, Model::BouzyTerritory, Model::Path}) {
    INFO(modelName(m));
    const auto r = reduce::makeResampleReducer()->reduce(walls, Color::Black, {13, 13});
    const double d13 = reduce::reductionDifference(walls, r.board, m);
    CHECK(d13 > 0);
    // An empty small board loses everything: farther than the real reduction.
    CHECK(reduce::reductionDifference(walls, Board(13, 13), m) > d13);
    // The distance grows with D.
    const double a = 0.2 / (d13 * engine::modelUnit(m));  // a D = 0.2 for the reduction
    CHECK(reduce::reductionDistance(walls, r.board, m, a) <
          reduce::reductionDistance(walls, Board(13, 13), m, a));
  }
  const Board up = reduce::scaleUp(parseBoard("X .\n. O"), {4, 4});
  CHECK(boardToString(up) == "X X . .\nX X . .\n. . O O\n. . O O\n");
}

namespace {
// The resampler's channels from scratch: the 2D overlap area of every big cell with
// every small cell (the twin of the separable computation in reducers.cpp).
void directChannels(const Board& big, BoardSize to, std::vector<double>& b,
                    std::vector<double>& w) {
  const double sx = static_cast<double>(big.width()) / to.width;
  const double sy = static_cast<double>(big.height()) / to.height;
  b.assign(static_cast<size_t>(to.width) * to.height, 0);
  w = b;
  for (int ty = 0; ty < to.height; ++ty) {
    for (int tx = 0; tx < to.width; ++tx) {
      for (int y = 0; y < big.height(); ++y) {
        const double oy = std::min<double>(y + 1, (ty + 1) * sy) - std::max<double>(y, ty * sy);
        for (int x = 0; x < big.width(); ++x) {
          const double ox = std::min<double>(x + 1, (tx + 1) * sx) - std::max<double>(x, tx * sx);
          if (ox <= 0 || oy <= 0) continue;
          const size_t i = static_cast<size_t>(ty) * to.width + tx;
          if (big.at(x, y) == Color::Black) b[i] += ox * oy / (sx * sy);
          if (big.at(x, y) == Color::White) w[i] += ox * oy / (sx * sy);
        }
      }
    }
  }
}
}  // namespace

TEST_CASE("separable resampling equals the 2D overlap areas") {
  const std::pair<BoardSize, BoardSize> steps[] = {
      {{19, 19}, {13, 13}}, {{13, 13}, {9, 9}},   {{9, 9}, {7, 7}},   {{7, 7}, {5, 5}},
      {{19, 19}, {9, 9}},   {{19, 19}, {19, 13}}, {{37, 27}, {9, 7}}, {{19, 19}, {5, 5}}};
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    for (const auto& [from, to] : steps) {
      Game g(from);
      playRandomGame(g, seed, from.points() / 3);
      const auto r = reduce::makeResampleReducer()->reduce(g.board(), Color::Black, to);
      std::vector<double> b, w;
      directChannels(g.board(), to, b, w);
      INFO(from.str() << " -> " << to.str() << " seed " << seed);
      for (size_t i = 0; i < b.size(); ++i) {
        CHECK(r.black[i] == Approx(b[i]).margin(1e-5));
        CHECK(r.white[i] == Approx(w[i]).margin(1e-5));
      }
    }
  }
}

TEST_CASE("legality repair leaves every chain a liberty and only removes stones") {
  uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(state >> 33);
  };
  for (int round = 0; round < 200; ++round) {
    const int w = 2 + static_cast<int>(next() % 12), h = 2 + static_cast<int>(next() % 12);
    const size_t n = static_cast<size_t>(w) * h;
    std::vector<Color> colors(n);
    std::vector<float> black(n), white(n);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t r = next() % 10;  // dense: few empty points, many chains to repair
      colors[i] = r < 1 ? Color::Empty : r < 6 ? Color::Black : Color::White;
      black[i] = static_cast<float>(next() % 100) / 100;
      white[i] = static_cast<float>(next() % 100) / 100;
    }
    const std::vector<Color> before = colors;
    const int removed = reduce::repairLegality(colors, w, h, black, white);
    int changed = 0;
    for (size_t i = 0; i < n; ++i) {
      if (colors[i] != before[i]) {
        CHECK(colors[i] == Color::Empty);
        ++changed;
      }
    }
    CHECK(changed == removed);
    Board b(w, h);
    b.setColors(colors);
    INFO(w << "x" << h << " round " << round);
    CHECK_FALSE(b.hasChainWithoutLiberties());
  }
}

TEST_CASE("grid chains equal board chains step by step (twin of the light path)") {
  const std::vector<BoardSize> chains[] = {{{19, 19}, {13, 13}, {9, 9}, {7, 7}, {5, 5}},
                                           {{19, 19}, {9, 9}, {5, 5}},
                                           {{19, 19}, {19, 13}, {13, 13}, {13, 9}, {9, 9}}};
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    Game g({19, 19});
    playRandomGame(g, seed, 30 * static_cast<int>(seed));
    for (const char* name : {"resample", "sector", "block"}) {
      const auto special = reduce::makeReducer(name);
      const auto resample = reduce::makeResampleReducer();
      for (const auto& chain : chains) {
        Board board = g.board();
        reduce::Grid grid = reduce::Grid::fromBoard(board);
        for (size_t i = 1; i < chain.size(); ++i) {
          const BoardSize a = chain[i - 1], b = chain[i];
          const bool sector = (a.width - 3) % 4 == 0 && b.width == (a.width - 3) / 2 + 1 &&
                              (a.height - 3) % 4 == 0 && b.height == (a.height - 3) / 2 + 1;
          const bool block = reduce::blockReducedSide(a.width) == b.width &&
                             reduce::blockReducedSide(a.height) == b.height;
          const std::string n = name;
          const reduce::Reducer& r =
              (n == "sector" && sector) || (n == "block" && block) ? *special : *resample;
          INFO(name << " " << chain[i - 1].str() << " -> " << chain[i].str() << " seed " << seed);
          const reduce::Reduction viaBoard = r.reduce(board, Color::Black, chain[i]);
          grid = r.reduceGrid(grid, chain[i]);
          CHECK(grid.colors == viaBoard.board.colorsRowMajor());
          CHECK(grid.black == viaBoard.black);
          CHECK(grid.repaired == viaBoard.repaired);
          CHECK(grid.toBoard().hash() == viaBoard.board.hash());
          board = viaBoard.board;
          grid.resetChannels();
        }
      }
    }
  }
}

TEST_CASE("carried channels keep every colour's stone mass down a resample chain") {
  // Area-weighted averaging conserves mass: at every level, the channel sum times the area
  // of a cell equals the real board's stone count of that colour.
  const auto resample = reduce::makeResampleReducer();
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Game g({37, 37});
    playRandomGame(g, seed, 300);
    double stonesB = 0, stonesW = 0;
    for (Color c : g.board().colorsRowMajor()) {
      stonesB += c == Color::Black;
      stonesW += c == Color::White;
    }
    reduce::Grid grid = reduce::Grid::fromBoard(g.board());
    for (const BoardSize to : reduce::automaticChain({37, 37}, 1.46)) {
      if (to == BoardSize{37, 37}) continue;
      grid = resample->reduceGrid(grid, to);
      double b = 0, w = 0;
      for (size_t i = 0; i < grid.black.size(); ++i) b += grid.black[i], w += grid.white[i];
      const double cell = 37.0 * 37.0 / to.points();
      INFO(to.str() << " seed " << seed);
      CHECK(b * cell == Approx(stonesB).epsilon(1e-4));
      CHECK(w * cell == Approx(stonesW).epsilon(1e-4));
      CHECK_FALSE(grid.toBoard().hasChainWithoutLiberties());
    }
  }
}

TEST_CASE("legality repair equals its plain-scan twin (masks up to width 64, scan beyond)") {
  uint64_t state = 777;
  auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(state >> 33);
  };
  int repairs = 0;
  for (int round = 0; round < 300; ++round) {
    // Widths around the 64-point mask limit and the 16-point SSE2 step included.
    const int widths[] = {1, 2, 5, 15, 16, 17, 31, 33, 63, 64, 65, 70};
    const int w = round % 3 == 0 ? widths[next() % 12] : 1 + static_cast<int>(next() % 20);
    const int h = 1 + static_cast<int>(next() % (w > 30 ? 8 : 20));
    const size_t n = static_cast<size_t>(w) * static_cast<size_t>(h);
    const uint32_t emptyShare = 1 + next() % 5;  // out of 10: dense to medium boards
    std::vector<Color> colors(n);
    std::vector<float> black(n), white(n);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t r = next() % 10;
      colors[i] = r < emptyShare ? Color::Empty : r % 2 ? Color::Black : Color::White;
      black[i] = static_cast<float>(next() % 8) / 8;  // few values: ties in the evidence
      white[i] = static_cast<float>(next() % 8) / 8;
    }
    std::vector<Color> fast = colors, reference = colors;
    const int a = reduce::repairLegality(fast, w, h, black, white);
    const int b = reduce::repairLegalityReference(reference, w, h, black, white);
    INFO(w << "x" << h << " round " << round);
    CHECK(a == b);
    CHECK(fast == reference);
    repairs += a;
  }
  CHECK(repairs > 100);  // the boards do exercise the removals
}

TEST_CASE("kthLargest equals its twin std::nth_element on random arrays") {
  // Channels in [0, 1], piles of equal values, values above 1 (one bucket), zeros, negative
  // values and sizes around the 16-value blocks: the k-th largest must be the same value.
  std::mt19937 rng(20261125);
  reduce::SelectScratch scratch;
  for (int trial = 0; trial < 3000; ++trial) {
    const size_t n = 1 + rng() % (trial < 2000 ? 80 : 700);
    const int kind = static_cast<int>(rng() % 6);
    std::vector<float> v(n);
    std::uniform_real_distribution<float> unit(0.f, 1.f);
    for (float& x : v) {
      switch (kind) {
        case 0:
          x = unit(rng);
          break;  // channels
        case 1:
          x = static_cast<float>(rng() % 7) / 6.f;
          break;  // piles
        case 2:
          x = rng() % 3 == 0 ? 0.f : unit(rng) * 0.4f;
          break;  // sparse, small
        case 3:
          x = unit(rng) * 1000.f;
          break;  // above 1
        case 4:
          x = unit(rng) * 2.f - 1.f;
          break;  // negative too
        default:
          x = std::ldexp(unit(rng), -static_cast<int>(rng() % 30));  // tiny values
      }
    }
    const size_t k = 1 + rng() % n;
    INFO("trial " << trial << " n " << n << " k " << k << " kind " << kind);
    CHECK(reduce::kthLargest(v.data(), n, k, scratch) ==
          reduce::kthLargestReference(v.data(), n, k));
  }
  // Every k of one array with piles and distinct values.
  std::vector<float> v;
  for (int i = 0; i < 70; ++i) v.push_back(i % 3 == 0 ? 0.5f : static_cast<float>(i) / 70.f);
  for (size_t k = 1; k <= v.size(); ++k)
    CHECK(reduce::kthLargest(v.data(), v.size(), k, scratch) ==
          reduce::kthLargestReference(v.data(), v.size(), k));
}

TEST_CASE("reducing into a reused grid equals reducing into a fresh one") {
  // reduceGridInto reuses the output's buffers: a grid that held another size, colours and
  // channels before must give the same result as a new grid.
  reduce::ResampleParams density;
  density.matchDensity = true;
  std::vector<std::unique_ptr<reduce::Reducer>> reducers;
  reducers.push_back(reduce::makeResampleReducer());
  reducers.push_back(reduce::makeResampleReducer(density));
  reducers.push_back(reduce::makeReducer("sector"));
  reducers.push_back(reduce::makeReducer("block"));
  const std::vector<std::pair<BoardSize, BoardSize>> steps = {
      {{19, 19}, {19, 13}}, {{19, 19}, {13, 19}}, {{19, 19}, {9, 9}}, {{19, 19}, {13, 13}},
      {{13, 13}, {9, 9}},   {{7, 7}, {5, 5}},     {{11, 11}, {5, 5}}};
  reduce::Grid reused;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    for (const auto& [from, to] : steps) {
      Game g(from);
      playRandomGame(g, seed, from.points() / 3);
      const reduce::Grid big = reduce::Grid::fromBoard(g.board());
      for (const auto& r : reducers) {
        reduce::Grid fresh;
        try {
          fresh = r->reduceGrid(big, to);
        } catch (const InputError&) {
          CHECK_THROWS_AS(r->reduceGridInto(big, to, reused), InputError);
          continue;
        }
        r->reduceGridInto(big, to, reused);
        INFO(r->name() << " " << from.str() << " -> " << to.str() << " seed " << seed);
        CHECK(reused.size == fresh.size);
        CHECK(reused.colors == fresh.colors);
        CHECK(reused.black == fresh.black);
        CHECK(reused.white == fresh.white);
        CHECK(reused.repaired == fresh.repaired);
      }
    }
  }
}
