// fgo perft: the rules signature (engine/board/perft.hpp).
#include <chrono>
#include <iostream>

#include "engine/board/perft.hpp"
#include "tools/options.hpp"

namespace fgo {

int runPerft(const std::vector<std::string>& args) {
  po::options_description desc("fgo perft options");
  std::string size, rules, ko;
  int depth = 0;
  desc.add_options()("size", po::value(&size)->default_value("5x5"), "board size, N or WxH")(
      "depth", po::value(&depth)->required(), "number of moves (0..12)")(
      "rules", po::value(&rules)->default_value("chinese"), "chinese, tromp-taylor or japanese")(
      "ko", po::value(&ko)->default_value("positional"), "positional (superko) or simple")(
      "time", "print the elapsed time on stderr");
  po::variables_map vm;
  if (!parseOptions(args, "fgo perft --size WxH --depth D", desc, vm)) return 0;
  if (depth < 0 || depth > 12) throw UsageError("--depth must be between 0 and 12");
  engine::Rules r = engine::Rules::named(rules);
  if (ko == "simple") {
    r.ko = engine::KoRule::Simple;
  } else if (ko != "positional") {
    throw UsageError("--ko must be positional or simple");
  }
  engine::Game game(engine::parseBoardSize(size), r);
  const auto start = std::chrono::steady_clock::now();
  const uint64_t n = engine::perft(game, depth);
  std::cout << n << "\n";
  if (vm.count("time")) {
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "perft " << size << " depth " << depth << ": " << s << " s\n";
  }
  return 0;
}

}  // namespace fgo
