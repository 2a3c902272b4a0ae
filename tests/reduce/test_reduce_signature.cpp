// A deterministic signature of the reducers (STYLE.md: "a hash of reduction outputs over a
// fixed position set"): every level of every chain, colours, channel bits and repair
// counts, pinned bit for bit. The values are those of commit de98e78's reduce/, before the
// session-6 speed work, so a faster reducer must reproduce the old reductions exactly (the
// lead's corpus runs of that binary stay comparable). The random positions come from the
// baseline player, whose move sequences changed with the session-6 board merge: the values
// were re-taken then from de98e78's reduce/ built with the new engine/board, and the
// current reduce/ gives the same six. A change that is meant to move the
// reductions must say so and re-pin these values.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/board/random_player.hpp"
#include "reduce/block_table.hpp"
#include "reduce/reducer.hpp"
#include "reduce/schedule.hpp"

using namespace engine;

namespace {

// FNV-1a over 64-bit words.
struct Fnv {
  uint64_t h = 1469598103934665603ULL;
  void add(uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ULL;
    }
  }
  void add(const reduce::Grid& g) {
    add(static_cast<uint64_t>(g.width()) << 32 | static_cast<uint32_t>(g.height()));
    add(static_cast<uint64_t>(g.repaired));
    for (Color c : g.colors) add(static_cast<uint64_t>(c));
    for (float v : g.black) add(std::bit_cast<uint32_t>(v));
    for (float v : g.white) add(std::bit_cast<uint32_t>(v));
  }
};

bool sectorStep(BoardSize a, BoardSize b) {
  auto ok = [](int from, int to) {
    return from >= 3 && (from - 3) % 4 == 0 && to == (from - 3) / 2 + 1;
  };
  return ok(a.width, b.width) && ok(a.height, b.height);
}

bool blockStep(BoardSize a, BoardSize b) {
  return reduce::blockReducedSide(a.width) == b.width &&
         reduce::blockReducedSide(a.height) == b.height;
}

// The reducer choice of engine::Cascade: the named one where its step applies, else resample.
const reduce::Reducer& pick(const std::string& name, const reduce::Reducer& special,
                            const reduce::Reducer& resample, BoardSize a, BoardSize b) {
  if (name == "sector" && sectorStep(a, b)) return special;
  if (name == "block" && blockStep(a, b)) return special;
  return resample;
}

// The signature of one reducer configuration over a fixed set of positions and chains.
uint64_t signature(const std::string& name, bool density, bool carry) {
  reduce::ResampleParams rp;
  rp.matchDensity = density;
  const auto resample = reduce::makeResampleReducer(rp);
  const auto special =
      name == "resample" ? reduce::makeResampleReducer(rp) : reduce::makeReducer(name);
  Fnv f;
  for (const char* sched : {"standard", "faster", "slower"}) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      Game g({19, 19});
      playRandomGame(g, seed, 40 * static_cast<int>(seed));
      for (const auto& chain : reduce::parseSchedule(sched, {19, 19}).chains) {
        reduce::Grid cur = reduce::Grid::fromBoard(g.board());
        for (size_t i = 1; i < chain.size(); ++i) {
          cur = pick(name, *special, *resample, chain[i - 1], chain[i]).reduceGrid(cur, chain[i]);
          f.add(cur);
          if (!carry) cur.resetChannels();
        }
      }
    }
  }
  return f.h;
}

}  // namespace

TEST_CASE("reductions are pinned bit for bit (signature over random positions)") {
  struct Row {
    const char* reducer;
    bool density, carry;
    uint64_t expected;
  };
  const Row rows[] = {
      {"resample", true, true, 0xd8946b084eb32d49ULL},
      {"resample", false, false, 0xaf127ceedaecf694ULL},
      {"resample", false, true, 0x43ad189661481379ULL},
      {"sector", true, true, 0x1fbc77a3a72f7f8cULL},
      {"block", true, true, 0x67cd1b973dbfbce4ULL},
      {"block", false, false, 0x407ab913373387ebULL},
  };
  for (const Row& r : rows) {
    INFO(r.reducer << " density " << r.density << " carry " << r.carry);
    CHECK(signature(r.reducer, r.density, r.carry) == r.expected);
  }
}

TEST_CASE("reductions of big boards are pinned bit for bit (automatic chains)") {
  reduce::ResampleParams rp;
  rp.matchDensity = true;
  const auto resample = reduce::makeResampleReducer(rp);
  Fnv f;
  for (int side : {27, 37, 101}) {
    Game g({side, side});
    playRandomGame(g, static_cast<uint64_t>(side), side * side / 3);
    const auto chain = reduce::automaticChain({side, side}, 1.46);
    reduce::Grid cur = reduce::Grid::fromBoard(g.board());
    for (size_t i = 1; i < chain.size(); ++i) {
      cur = resample->reduceGrid(cur, chain[i]);
      f.add(cur);
    }
  }
  CHECK(f.h == 0xc4b4701934934b16ULL);
}
