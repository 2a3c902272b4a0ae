// fgo selfplay: one game between two baseline (uniform random) players.
#include <chrono>
#include <iostream>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"
#include "tools/options.hpp"

namespace fgo {

int runSelfplay(const std::vector<std::string>& args) {
  po::options_description desc("fgo selfplay options");
  std::string size, rules;
  uint64_t seed = 1;
  int maxMoves = -1;
  double komi = -1;
  desc.add_options()("size", po::value(&size)->default_value("19"), "board size, N or WxH")(
      "rules", po::value(&rules)->default_value("chinese"), "chinese, tromp-taylor or japanese")(
      "komi", po::value(&komi), "komi (default: the rules' own)")(
      "seed", po::value(&seed)->default_value(1), "random seed")(
      "max-moves", po::value(&maxMoves), "stop after this many moves (default 3 x points)")(
      "quiet", "do not print the final board")("json", "print a JSON summary");
  po::variables_map vm;
  if (!parseOptions(args, "fgo selfplay [--size N] [--seed S]", desc, vm)) return 0;
  engine::Rules r = engine::Rules::named(rules);
  if (vm.count("komi")) r.komi = komi;
  const engine::BoardSize bs = engine::parseBoardSize(size);
  if (maxMoves < 0) maxMoves = 3 * bs.points();
  const auto start = std::chrono::steady_clock::now();
  engine::Game game(bs, r);
  const int played = engine::playRandomGame(game, seed, maxMoves);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const engine::Score score = engine::scoreGame(game);
  const bool ended = game.over();
  if (vm.count("json")) {
    std::cout << "{\"size\": \"" << bs.str() << "\", \"moves\": " << played
              << ", \"ended_by_passes\": " << (ended ? "true" : "false")
              << ", \"black\": " << score.black << ", \"white\": " << score.white
              << ", \"komi\": " << score.komi << ", \"result\": \"" << score.result()
              << "\", \"seconds\": " << seconds << "}\n";
    return 0;
  }
  if (!vm.count("quiet")) std::cout << engine::boardToString(game.board(), true) << "\n";
  std::cout << "baseline (uniform random) self-play on " << bs.str() << ", seed " << seed << ": "
            << played << " moves, " << (ended ? "ended by passes" : "stopped at the move cap")
            << "\nscore (" << (r.scoring == engine::ScoringRule::Area ? "area" : "territory")
            << "): black " << score.black << ", white " << score.white << " + komi "
            << score.komi << " => " << score.result() << "\n";
  return 0;
}

}  // namespace fgo
