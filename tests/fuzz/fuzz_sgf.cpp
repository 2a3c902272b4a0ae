// libFuzzer target for the game readers: SGF (parse, records, replay, write and read
// back) and the plain game format. Any input may be rejected with engine::InputError;
// nothing may crash, leak or trip the sanitizers, and what was read must write back.
//   build-fuzz/fuzz/fuzz_sgf -max_total_time=30
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/sgf/plain.hpp"
#include "engine/sgf/record.hpp"

namespace {

void check(bool ok) {
  if (!ok) __builtin_trap();
}

void fuzzSgf(std::string_view in) {
  std::vector<engine::SgfTree> trees;
  try {
    trees = engine::parseSgf(in);
  } catch (const engine::InputError&) {
    return;
  }
  // The tree writer's output must parse to trees of the same sizes.
  const auto again = engine::parseSgf(engine::writeSgf(trees));
  check(again.size() == trees.size());
  for (size_t i = 0; i < trees.size(); ++i) check(again[i].size() == trees[i].size());
  for (const auto& t : trees) {
    try {
      std::vector<engine::ReplayWarning> notes;
      const engine::GameRecord rec = engine::recordFromSgf(t, &notes);
      engine::ReplayOptions opt;
      opt.maxMoves = 2000;  // keeps each input fast
      const engine::Replay r = engine::replayRecord(rec, opt);
      check(r.game.board().checkConsistency().empty());
      check(engine::recordFromSgf(engine::parseSgf(engine::saveSgfGame(rec)).front()) == rec);
      check(engine::readGameText(engine::writeGameText(rec)) == rec);
    } catch (const engine::InputError&) {
    }
  }
}

void fuzzPlain(std::string_view in) {
  try {
    const engine::GameRecord rec = engine::readGameText(in);
    check(engine::readGameText(engine::writeGameText(rec)) == rec);
    if (rec.size.points() <= 400 * 400) {
      engine::ReplayOptions opt;
      opt.maxMoves = 2000;
      engine::replayRecord(rec, opt);
    }
  } catch (const engine::InputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  if (engine::looksLikeGameText(in)) {
    fuzzPlain(in);
  } else {
    fuzzSgf(in);
  }
  return 0;
}
