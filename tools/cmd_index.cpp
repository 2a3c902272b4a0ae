// fgo index build: the position index of a game folder (engine/similar/index.hpp).
#include <chrono>
#include <filesystem>
#include <iostream>

#include "engine/board/errors.hpp"
#include "engine/similar/index.hpp"
#include "tools/options.hpp"

namespace fgo {

int runIndex(const std::vector<std::string>& args) {
  po::options_description desc("fgo index options");
  std::string action, games, out;
  int maxMove = -1, threads = 2;
  desc.add_options()("action", po::value(&action)->required(), "build")(
      "games", po::value(&games)->required(), "folder of SGF games (searched recursively)")(
      "out", po::value(&out)->required(), "index file to write (table kind position-index)")(
      "max-move", po::value(&maxMove)->default_value(-1),
      "index positions before moves 0..M-1 (-1: all)")(
      "threads", po::value(&threads)->default_value(2), "OpenMP threads")(
      "colour-swap", "identify positions with their colour-swapped twins");
  po::positional_options_description pos;
  pos.add("action", 1);
  po::variables_map vm;
  if (!parseOptions(args, "fgo index build --games DIR --out FILE [--max-move M]", desc, vm, &pos))
    return 0;
  if (action != "build") throw UsageError("unknown action '" + action + "' (expected: build)");
  if (threads < 1 || threads > 64) throw UsageError("--threads must be 1..64");
  engine::IndexParams params;
  params.maxMove = maxMove;
  params.threads = threads;
  params.canonical.colourSwap = vm.count("colour-swap") != 0;
  const auto start = std::chrono::steady_clock::now();
  const auto files = engine::listSgfFiles(games);
  std::vector<std::string> problems;
  const engine::PositionIndex index = engine::PositionIndex::build(files, params, &problems);
  const double built =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (index.entries().empty()) throw engine::InputError("no position to index under " + games);
  index.save(out, "spight signatures; max-move " + std::to_string(maxMove) +
                      (params.canonical.colourSwap ? "; colour swap" : ""));
  const double total =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "files " << files.size() << ", games " << index.games().size() << ", positions "
            << index.entries().size() << ", board " << index.size().str() << "\n"
            << "build " << built << " s (" << threads << " threads), with writing " << total
            << " s, file " << std::filesystem::file_size(out) / 1024 << " KiB\n";
  for (const std::string& p : problems) std::cout << "skipped: " << p << "\n";
  return 0;
}

}  // namespace fgo
