// fgo selfplay: one game of a player against itself, baseline (uniform random) or the
// Monte-Carlo search (engine/play/mcts.hpp) at a fixed playout budget; prints the moves,
// CPU and wall time and the area or territory count. Used for complete games on huge
// boards (docs/GTP.md, "Large boards"); --player local is the window search of
// engine/play/local_search.hpp, the one that finishes games on 1001x1001.
#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"
#include "engine/play/local_search.hpp"
#include "engine/play/mcts.hpp"
#include "engine/sgf/record.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

struct MctsSelfplay {
  engine::MctsParams search;
  int progressEvery = 0;  // print a line to stderr every this many moves (0: never)
};

// Prints a progress line to stderr every `every` moves (0: never).
void progressLine(int every, int played, std::chrono::steady_clock::time_point start) {
  if (every <= 0 || played % every != 0) return;
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "move " << played << ", " << wall << " s wall, "
            << static_cast<double>(std::clock()) / CLOCKS_PER_SEC << " s CPU\n";
}

// Plays game on with the search for both sides until two passes or maxMoves moves;
// returns the moves played. Each move's search gets its own seed.
int playMctsGame(engine::Game& game, const MctsSelfplay& s, int maxMoves) {
  int played = 0;
  const auto start = std::chrono::steady_clock::now();
  while (!game.over() && played < maxMoves) {
    engine::MctsParams p = s.search;
    p.seed = s.search.seed * 1000003 + static_cast<uint64_t>(played);
    const engine::MctsResult r = engine::mctsSearch(game, p);
    engine::Point m = r.move == engine::NO_POINT ? engine::PASS : r.move;
    if (!game.isLegal(m, game.toMove())) m = engine::PASS;
    game.play(m, game.toMove());
    ++played;
    progressLine(s.progressEvery, played, start);
  }
  return played;
}

// Plays game on with the local window search for both sides (one searcher, which follows
// the game) until two passes or maxMoves moves; returns the moves played.
int playLocalGame(engine::Game& game, engine::LocalSearchParams params, int progressEvery,
                  int maxMoves) {
  engine::LocalSearcher searcher(params);
  int played = 0;
  const auto start = std::chrono::steady_clock::now();
  while (!game.over() && played < maxMoves) {
    const engine::Point m = searcher.choose(game).move;
    // choose() only returns moves the game accepts; a refusal would be a bug.
    if (game.play(m, game.toMove()) != engine::MoveError::None) {
      throw std::logic_error("local search proposed an illegal move");
    }
    ++played;
    progressLine(progressEvery, played, start);
  }
  return played;
}

}  // namespace

int runSelfplay(const std::vector<std::string>& args) {
  po::options_description desc("fgo selfplay options");
  std::string size, rules, player, sgfOut;
  uint64_t seed = 1;
  int maxMoves = -1;
  double komi = -1;
  MctsSelfplay mcts;
  mcts.search.resignBelow = 0;
  engine::LocalSearchParams local;
  desc.add_options()("size", po::value(&size)->default_value("19"), "board size, N or WxH")(
      "rules", po::value(&rules)->default_value("chinese"), "chinese, tromp-taylor or japanese")(
      "komi", po::value(&komi), "komi (default: the rules' own)")(
      "seed", po::value(&seed)->default_value(1), "random seed")(
      "player", po::value(&player)->default_value("baseline"),
      "baseline (uniform random), mcts (the search of fgo gtp, both sides) or local (the "
      "window search of huge boards)")("playouts",
                                       po::value(&mcts.search.playouts)->default_value(100),
                                       "mcts, local: playouts a move")(
      "window", po::value(&local.window)->default_value(15), "local: side of the window searched")(
      "threads", po::value(&mcts.search.threads)->default_value(1), "mcts: search threads")(
      "playout-cap", po::value(&mcts.search.maxPlayoutMoves)->default_value(0),
      "mcts: moves a playout may run (0: automatic, fixed above 19x19)")(
      "progress", po::value(&mcts.progressEvery)->default_value(0),
      "mcts: a progress line on stderr every N moves")("sgf", po::value(&sgfOut),
                                                       "write the game to this SGF file")(
      "max-moves", po::value(&maxMoves), "stop after this many moves (default 3 x points)")(
      "quiet", "do not print the final board")("json", "print a JSON summary");
  po::variables_map vm;
  if (!parseOptions(
          args, "fgo selfplay [--size N] [--seed S] [--player baseline|mcts|local] [--playouts N]",
          desc, vm)) {
    return 0;
  }
  if (player != "baseline" && player != "mcts" && player != "local") {
    throw UsageError("--player must be baseline, mcts or local");
  }
  if (local.window < 1) throw UsageError("--window must be >= 1");
  if (mcts.search.playouts < 1 || mcts.search.threads < 1 || mcts.search.threads > 64 ||
      mcts.search.maxPlayoutMoves < 0 || mcts.progressEvery < 0) {
    throw UsageError("--playouts must be >= 1, --threads 1..64, --playout-cap and --progress >= 0");
  }
  engine::Rules r = engine::Rules::named(rules);
  if (vm.count("komi")) r.komi = komi;
  const engine::BoardSize bs = engine::parseBoardSize(size);
  if (maxMoves < 0) maxMoves = 3 * bs.points();
  // Refuse before playing, not after: a long game must not end in a write error.
  if (!sgfOut.empty() && (bs.width > 52 || bs.height > 52)) {
    throw UsageError("--sgf: board " + bs.str() +
                     " is above 52x52, which SGF cannot hold (docs/GAME_FORMAT.md)");
  }
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpuStart = std::clock();
  engine::Game game(bs, r);
  mcts.search.seed = seed;
  local.playouts = mcts.search.playouts;
  local.seed = seed;
  const int played = player == "mcts"    ? playMctsGame(game, mcts, maxMoves)
                     : player == "local" ? playLocalGame(game, local, mcts.progressEvery, maxMoves)
                                         : engine::playRandomGame(game, seed, maxMoves);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  const engine::Score score = engine::scoreGame(game);
  const bool ended = game.over();
  if (!sgfOut.empty()) {
    std::ofstream out(sgfOut);
    out << engine::saveSgfGame(engine::recordFromGame(game));
    if (!out) throw UsageError("cannot write " + sgfOut);
  }
  const std::string who =
      player == "mcts" ? "mcts (" + std::to_string(mcts.search.playouts) + " playouts a move, " +
                             std::to_string(mcts.search.threads) + " thread(s))"
      : player == "local"
          ? "local (" + std::to_string(local.window) + "x" + std::to_string(local.window) +
                " window, " + std::to_string(local.playouts) + " playouts a move, 1 thread)"
          : "baseline (uniform random)";
  if (vm.count("json")) {
    std::cout << "{\"size\": \"" << bs.str() << "\", \"player\": \"" << player
              << "\", \"moves\": " << played
              << ", \"ended_by_passes\": " << (ended ? "true" : "false")
              << ", \"black\": " << score.black << ", \"white\": " << score.white
              << ", \"komi\": " << score.komi << ", \"result\": \"" << score.result()
              << "\", \"seconds\": " << seconds << ", \"cpu_seconds\": " << cpu << "}\n";
    return 0;
  }
  if (!vm.count("quiet")) std::cout << engine::boardToString(game.board(), true) << "\n";
  std::cout << who << " self-play on " << bs.str() << ", seed " << seed << ": " << played
            << " moves, " << (ended ? "ended by passes" : "stopped at the move cap") << ", "
            << seconds << " s wall, " << cpu << " s CPU\nscore ("
            << (r.scoring == engine::ScoringRule::Area ? "area" : "territory") << "): black "
            << score.black << ", white " << score.white << " + komi " << score.komi << " => "
            << score.result() << "\n";
  return 0;
}

}  // namespace fgo
