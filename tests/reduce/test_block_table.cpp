// The 3x3 -> 2x2 block table: regenerated and compared with the committed file, its
// criterion on hand-checked blocks, and the block reducer's sizes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "reduce/block_table.hpp"
#include "tables/errors.hpp"

using namespace engine;

namespace {
uint32_t code3(const char* rows) {  // 9 chars of . X O, row-major
  uint32_t c = 0, p = 1;
  for (int i = 0; i < 9; ++i, p *= 3) c += p * (rows[i] == 'X' ? 1 : rows[i] == 'O' ? 2 : 0);
  return c;
}
std::string text2(uint8_t code) {
  std::string s;
  for (int i = 0; i < 4; ++i, code /= 3) s += ".XO"[code % 3];
  return s;
}
}  // namespace

TEST_CASE("the committed block table is what the generator makes") {
  const auto generated = reduce::BlockTable::generate();
  const auto committed = reduce::BlockTable::load(reduce::defaultBlockTablePath());
  CHECK(generated.entries() == committed.entries());
}

TEST_CASE("block table criterion on hand-checked blocks") {
  const auto t = reduce::BlockTable::generate();
  CHECK(text2(t.lookup(code3("........."))) == "....");
  CHECK(text2(t.lookup(code3("XXXXXXXXX"))) == "XXXX");
  // A lone stone survives the 3:2 scale as one stone.
  const std::string lone = text2(t.lookup(code3("....X....")));
  CHECK(std::count(lone.begin(), lone.end(), 'X') == 1);
  CHECK(std::count(lone.begin(), lone.end(), 'O') == 0);
  CHECK(text2(t.lookup(code3("XXX......"))) == "XX..");  // a top row stays on top
  CHECK(text2(t.lookup(code3("X..X..X.."))) == "X.X.");  // a left column stays left
  CHECK(text2(t.lookup(code3("OOO...XXX"))) == "OOXX");
  // Colour swap gives the swapped block for every entry.
  for (uint32_t c = 0; c < reduce::BLOCK_ENTRIES; ++c) {
    uint32_t s = 0, p = 1, x = c;
    for (int i = 0; i < 9; ++i, p *= 3, x /= 3) s += p * (x % 3 == 0 ? 0 : 3 - x % 3);
    std::string a = text2(t.lookup(c)), b = text2(t.lookup(s));
    for (char& ch : b) ch = ch == 'X' ? 'O' : ch == 'O' ? 'X' : '.';
    REQUIRE(a == b);
  }
}

TEST_CASE("a corrupted block table is refused") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "fgo-block-table-test";
  fs::create_directories(dir);
  const fs::path f = dir / "t.fgt";
  reduce::BlockTable::generate().save(f);
  CHECK_NOTHROW(reduce::BlockTable::load(f));
  {
    std::fstream io(f, std::ios::in | std::ios::out | std::ios::binary);
    io.seekp(300);
    io.put('\x5a');
  }
  CHECK_THROWS_AS(reduce::BlockTable::load(f), tables::TableError);
  fs::remove_all(dir);
}

TEST_CASE("block reducer sizes and legality") {
  CHECK(reduce::blockReducedSide(19) == 13);
  CHECK(reduce::blockReducedSide(13) == 9);
  CHECK(reduce::blockReducedSide(7) == 5);
  CHECK(reduce::blockReducedSide(9) == 6);
  CHECK(reduce::blockReducedSide(10) == 0);
  CHECK(reduce::blockReducedSide(11) == 0);
  const auto reducer = reduce::makeReducer("block");
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Game g({19, 19});
    playRandomGame(g, seed, 30 * static_cast<int>(seed));
    const auto r = reducer->reduce(g.board(), Color::Black, {13, 13});
    CHECK_FALSE(r.board.hasChainWithoutLiberties());
    const auto r2 = reducer->reduce(r.board, Color::Black, {9, 9});
    CHECK(r2.board.size() == BoardSize{9, 9});
  }
  // The middle line is kept: a stone on the centre point stays on the centre point.
  Board b(19, 19);
  b.play(b.point(9, 9), Color::White);
  CHECK(reducer->reduce(b, Color::Black, {13, 13}).board.at(6, 6) == Color::White);
  CHECK_THROWS_AS(reducer->reduce(b, Color::Black, {9, 9}), InputError);
}

TEST_CASE("block reducer side rule: 3q -> 2q, 3q+1 (q even) -> 2q+1, other sides refused") {
  const auto reducer = reduce::makeReducer("block");
  for (int side = 1; side <= 40; ++side) {
    INFO("side " << side);
    const int q = side / 3;
    const int expected = side % 3 == 0 ? 2 * q : side % 3 == 1 && q % 2 == 0 ? 2 * q + 1 : 0;
    CHECK(reduce::blockReducedSide(side) == expected);
    Game g({side, side});
    playRandomGame(g, static_cast<uint64_t>(side), side * side / 3);
    const reduce::Grid big = reduce::Grid::fromBoard(g.board());
    if (expected == 0) {
      // The cascade gives such a step to the resample reducer (Cascade::usesOwnReducer).
      const int to = std::max(1, 2 * side / 3);
      CHECK_THROWS_AS(reducer->reduceGrid(big, {to, to}), InputError);
      continue;
    }
    const reduce::Grid small = reducer->reduceGrid(big, {expected, expected});
    CHECK(small.size == BoardSize{expected, expected});
    CHECK_FALSE(small.toBoard().hasChainWithoutLiberties());
    if (side % 3 == 1) {  // the middle line is kept: the centre point is copied
      CHECK(small.at(expected / 2, expected / 2) == g.board().at(side / 2, side / 2));
    }
  }
}
