// fgo reduce: show the cascade's levels for one position, or measure reduction quality.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "engine/board/random_player.hpp"
#include "engine/play/cascade_view.hpp"
#include "engine/play/predict.hpp"
#include "engine/play/reduction_report.hpp"
#include "engine/sgf/record.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

// Per level of the first chain, the shares of black, white and empty points: whether the
// small boards keep the big board's density.
void printDensities(const engine::CascadeResult& r) {
  std::printf("stone density per level (first chain): level  black  white  empty\n");
  for (const engine::CascadeLevel& l : r.chains.front()) {
    double b = 0, w = 0;
    const auto colors = l.board.colorsRowMajor();
    for (engine::Color c : colors) {
      b += c == engine::Color::Black;
      w += c == engine::Color::White;
    }
    const double n = static_cast<double>(colors.size());
    std::printf("  %-11s %5.1f%% %5.1f%% %5.1f%%\n", l.board.size().str().c_str(), 100 * b / n,
                100 * w / n, 100 * (n - b - w) / n);
  }
}

// Runs the cascade once on the position and prints its levels, candidates and time.
void showCascade(const po::variables_map& vm, const engine::CascadeParams& cp,
                 const engine::Game& game, const std::string& what) {
  engine::Cascade cascade(cp);
  const auto start = std::chrono::steady_clock::now();
  const engine::CascadeResult r = cascade.run(game.board(), game.toMove());
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::cout << what << ", " << engine::colorName(game.toMove()) << " to play, schedule "
            << cp.schedule << ", reducer " << cp.reducer << "\n\n"
            << engine::cascadeToText(r) << "candidates:";
  for (engine::Point p : r.candidates) {
    std::cout << ' ' << engine::vertexName(game.board().xy(p), game.board().size());
  }
  std::printf("\ncascade: %.1f ms (wall clock, one run)\n", ms);
  printDensities(r);
  if (vm.count("svg")) {
    engine::writeFileBytes(vm["svg"].as<std::string>(), engine::cascadeToSvg(r));
    std::cout << "wrote " << vm["svg"].as<std::string>() << "\n";
  }
}

// A random position (the baseline random player) on a side x side board.
int showRandom(const po::variables_map& vm, const engine::CascadeParams& cp) {
  const int side = vm["random"].as<int>();
  const int moves = vm["random-moves"].as<int>();
  if (moves < 0) throw UsageError("--random-moves must be 0 or more");
  engine::Game game({side, side});  // throws InputError for a bad side
  const int played = engine::playRandomGame(game, vm["seed"].as<uint64_t>(), moves);
  showCascade(vm, cp, game,
              "random position on " + game.board().size().str() + " after " +
                  std::to_string(played) + " moves (" +
                  std::to_string(game.board().size().points() -
                                 static_cast<int>(game.board().emptyPoints().size())) +
                  " stones)");
  return 0;
}

int showPosition(const po::variables_map& vm, engine::CascadeParams cp) {
  const std::string file = vm["sgf"].as<std::string>();
  const int move = vm["move"].as<int>();
  if (move < 0) throw UsageError("--move must be 0 or more");
  engine::ReplayOptions ro;
  ro.maxMoves = move;
  const engine::LoadedGame g = engine::loadSgfGame(engine::readFileBytes(file), ro);
  const engine::Game& game = g.replay.game;
  if (g.replay.movesPlayed < move) {
    throw std::runtime_error(file + " has only " + std::to_string(g.replay.movesPlayed) + " moves");
  }
  if (g.record.komi && *g.record.komi != 0) cp.komi = *g.record.komi;
  showCascade(vm, cp, game, "position after move " + std::to_string(move) + " of " + file);
  return 0;
}

int quality(const po::variables_map& vm, engine::ReductionQualityParams p) {
  const auto files = engine::listSgfFiles(vm["games"].as<std::string>());
  const auto rows = engine::reductionQuality(files, p);
  if (vm.count("json")) {
    std::cout << "[";
    for (size_t i = 0; i < rows.size(); ++i) {
      const auto& r = rows[i];
      std::cout << (i ? ", " : "") << "{\"reducer\": \"" << r.reducer << "\", \"from\": \""
                << r.from.str() << "\", \"to\": \"" << r.to.str()
                << "\", \"positions\": " << r.positions
                << ", \"microseconds\": " << r.microsecondsPerReduction << ", \"loss\": {";
      for (size_t k = 0; k < r.models.size(); ++k) {
        std::cout << (k ? ", " : "") << "\"" << r.models[k] << "\": " << r.meanLoss[k];
      }
      std::cout << "}}";
    }
    std::cout << "]\n";
    return 0;
  }
  std::cout << "influence lost by each reduction (mean over positions, in lone-stone units; "
               "lower is better)\n\nreducer   step          positions";
  for (const auto& m : rows.front().models) std::printf(" %10s", m.c_str());
  std::cout << "   us/reduction\n";
  for (const auto& r : rows) {
    std::printf("%-9s %-6s>%-6s %9ld", r.reducer.c_str(), r.from.str().c_str(), r.to.str().c_str(),
                r.positions);
    for (double v : r.meanLoss) std::printf(" %10.1f", v);
    std::printf("   %8.1f\n", r.microsecondsPerReduction);
  }
  return 0;
}

}  // namespace

int runReduce(const std::vector<std::string>& args) {
  po::options_description desc("fgo reduce options");
  engine::CascadeParams cp;
  engine::ReductionQualityParams qp;
  std::string carry;
  desc.add_options()("sgf", po::value<std::string>(), "game record (show one position)")(
      "move", po::value<int>()->default_value(0), "position after this many moves")(
      "schedule", po::value(&cp.schedule)->default_value("standard"),
      "standard, faster, slower, or sizes like 19x19,13x13,9x9,7x7,5x5")(
      "reducer", po::value(&cp.reducer)->default_value("resample"), "resample, sector or block")(
      "advisor-playouts", po::value(&cp.advisorPlayouts)->default_value(200),
      "playouts of the Monte-Carlo advisor on the smallest board")(
      "carry", po::value(&carry)->default_value("density"),
      "levels reduced from: density (the previous level's colour channels, thresholds keeping "
      "each colour's share of points; the default), on (carried channels, 20% threshold) or "
      "off (the previous level's thresholded colours: the behaviour before the fifth session)")(
      "svg", po::value<std::string>(), "also draw the levels side by side into this SVG file")(
      "random", po::value<int>(), "instead of --sgf: a random position on this board side")(
      "random-moves", po::value<int>()->default_value(5000), "moves of the random position")(
      "seed", po::value<uint64_t>()->default_value(1), "seed of the random position")(
      "games", po::value<std::string>(), "folder of game records (with --quality)")(
      "quality", "measure the influence each reducer loses over the games")(
      "max-games", po::value(&qp.maxGames)->default_value(50), "games used by --quality")(
      "every", po::value(&qp.every)->default_value(10), "--quality samples every N-th move")(
      "threads", po::value(&qp.threads)->default_value(2), "threads for --quality")(
      "json", "print --quality results as JSON");
  po::variables_map vm;
  if (!parseOptions(args,
                    "fgo reduce --sgf FILE --move N [--schedule NAME] [--svg OUT]\n"
                    "       fgo reduce --random SIDE [--random-moves M] [--schedule NAME]\n"
                    "       fgo reduce --quality --games DIR [--max-games N]",
                    desc, vm)) {
    return 0;
  }
  engine::setCarryMode(cp, carry);
  if (vm.count("quality")) {
    if (!vm.count("games")) throw UsageError("--quality needs --games DIR");
    if (qp.every < 1) throw UsageError("--every must be at least 1");
    return quality(vm, qp);
  }
  if (vm.count("random")) return showRandom(vm, cp);
  if (!vm.count("sgf")) {
    throw UsageError("give --sgf FILE --move N, --random SIDE, or --quality --games DIR");
  }
  return showPosition(vm, cp);
}

}  // namespace fgo
