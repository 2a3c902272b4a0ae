// fgo gtp: the GTP version 2 engine on stdin/stdout (engine/gtp/go_engine.hpp).
// Only GTP goes to stdout; the log goes to stderr.
#include <iostream>
#include <memory>
#include <random>

#include "engine/gtp/go_engine.hpp"
#include "engine/gtp/mcts_player.hpp"
#include "tools/options.hpp"

namespace fgo {

int runGtp(const std::vector<std::string>& args) {
  po::options_description desc("fgo gtp options");
  std::string size, rules;
  uint64_t seed = 0;
  double komi = 0;
  std::string player;
  engine::MctsParams mcts;
  desc.add_options()("size", po::value(&size)->default_value("19"),
                     "board size before the first boardsize, N or WxH")(
      "rules", po::value(&rules)->default_value("chinese"), "chinese, tromp-taylor or japanese")(
      "komi", po::value(&komi), "komi before the first komi command (default: the rules' own)")(
      "seed", po::value(&seed), "seed of the player (default: random, logged)")(
      "player", po::value(&player)->default_value("mcts"),
      "mcts (Monte-Carlo tree search, the strongest player) or baseline (uniform random)")(
      "playouts", po::value(&mcts.playouts)->default_value(5000), "mcts: playouts a move")(
      "threads", po::value(&mcts.threads)->default_value(1), "mcts: threads")("quiet",
                                                                              "no log on stderr");
  po::variables_map vm;
  if (!parseOptions(args, "fgo gtp [--size N] [--rules R] [--seed S]", desc, vm)) return 0;
  engine::GoEngineConfig config;
  config.rules = engine::Rules::named(rules);
  if (vm.count("komi")) config.rules.komi = komi;
  config.size = engine::parseBoardSize(size);
  config.log = vm.count("quiet") ? nullptr : &std::cerr;
  if (!vm.count("seed"))
    seed = (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  if (config.log) *config.log << "fgo gtp: player seed " << seed << "\n";
  std::unique_ptr<engine::Player> p;
  if (player == "mcts") {
    if (mcts.playouts < 1 || mcts.threads < 1)
      throw UsageError("--playouts and --threads must be >= 1");
    mcts.seed = seed;
    p = std::make_unique<engine::MctsPlayer>(mcts);
  } else if (player == "baseline") {
    p = std::make_unique<engine::BaselinePlayer>(seed);
  } else {
    throw UsageError("--player must be mcts or baseline");
  }
  engine::GoEngine engine(config, std::move(p));
  engine.run(std::cin, std::cout);
  return 0;
}

}  // namespace fgo
