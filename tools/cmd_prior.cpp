// fgo prior: train the learned move model (engine/prior) on a game folder and measure
// it on the held-out games.
#include <chrono>
#include <cmath>
#include <iostream>
#include <optional>

#include "engine/prior/prior.hpp"
#include "tools/options.hpp"

namespace fgo {
namespace {

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

int priorTrain(const std::vector<std::string>& args) {
  po::options_description desc("fgo prior train options");
  std::string games, out;
  double fraction = 0.1;
  int threads = 0, maxGames = -1, cycles = 25;
  unsigned minCount = 20;
  desc.add_options()("games", po::value(&games)->required(), "folder of SGF game records")(
      "out", po::value(&out)->required(), "model table file to write (e.g. tables/prior.fgt)")(
      "holdout-fraction", po::value(&fraction)->default_value(0.1),
      "last fraction of the files (sorted by name) kept out of training")(
      "threads", po::value(&threads)->default_value(0), "OpenMP threads (0: default)")(
      "max-games", po::value(&maxGames)->default_value(-1),
      "train on the first N training files only (-1: all)")(
      "cycles", po::value(&cycles)->default_value(25), "most MM cycles over all groups")(
      "spatial-min-count", po::value(&minCount)->default_value(20),
      "keep diamond patterns played at least this often")(
      "no-spatial", "train without the diamond pattern dictionary")(
      "start", po::value<std::string>(),
      "continue MM from this model table (same games and spatial options; --cycles more)");
  po::variables_map vm;
  if (!parseOptions(args, "fgo prior train --games DIR --out FILE", desc, vm)) return 0;
  if (threads < 0) throw UsageError("--threads must be >= 0");
  if (cycles < 1 || cycles > 1000) throw UsageError("--cycles must be between 1 and 1000");
  if (minCount < 1) throw UsageError("--spatial-min-count must be >= 1");
  prior::CorpusSplit split = prior::splitCorpus(games, fraction);
  if (maxGames >= 0 && static_cast<size_t>(maxGames) < split.train.size()) {
    split.train.resize(static_cast<size_t>(maxGames));
  }
  if (split.train.empty()) throw UsageError("no training games left after the split");
  prior::TrainOptions opt;
  opt.threads = threads;
  opt.maxCycles = cycles;
  opt.spatial = vm.count("no-spatial") == 0;
  opt.spatialMinCount = minCount;
  std::optional<prior::Model> startModel;
  if (vm.count("start")) {
    startModel = prior::Model::load(vm["start"].as<std::string>());
    opt.start = &*startModel;
  }
  const auto start = std::chrono::steady_clock::now();
  opt.log = [&](const std::string& line) {
    std::cerr << "[" << static_cast<int>(secondsSince(start)) << " s] " << line << std::endl;
  };
  prior::TrainReport report;
  const prior::Model model = prior::train(split.train, opt, &report);
  const std::string note = "MM on " + std::to_string(report.games) + " games, " +
                           std::to_string(report.positions) + " positions, " +
                           std::to_string(report.cycles) + " cycles";
  model.save(out, note);
  std::cout << "trained on " << report.games << " games (" << report.skipped
            << " unreadable skipped), " << report.positions << " positions, " << report.candidates
            << " candidate moves, " << report.entries << " distinct teams; "
            << model.spatial().size() << " spatial patterns; " << report.cycles
            << " MM cycles, final mean log-likelihood "
            << (report.logLikelihood.empty() ? NAN : report.logLikelihood.back()) << "; held out "
            << split.heldOut.size() << " games; wrote " << out << " in "
            << static_cast<int>(secondsSince(start)) << " s\n";
  return 0;
}

int priorEval(const std::vector<std::string>& args) {
  po::options_description desc("fgo prior eval options");
  std::string games, modelFile;
  double fraction = 0.1;
  int threads = 0, maxGames = -1;
  desc.add_options()("games", po::value(&games)->required(), "folder of SGF game records")(
      "model", po::value(&modelFile)->required(), "model table file")(
      "holdout-fraction", po::value(&fraction)->default_value(0.1),
      "the held-out fraction used in training (only these games are evaluated)")(
      "threads", po::value(&threads)->default_value(0), "OpenMP threads (0: default)")(
      "max-games", po::value(&maxGames)->default_value(-1),
      "evaluate the first N held-out files only (-1: all)");
  po::variables_map vm;
  if (!parseOptions(args, "fgo prior eval --games DIR --model FILE", desc, vm)) return 0;
  if (threads < 0) throw UsageError("--threads must be >= 0");
  const prior::Model model = prior::Model::load(modelFile);
  const prior::CorpusSplit split = prior::splitCorpus(games, fraction);
  if (split.heldOut.empty()) throw UsageError("--holdout-fraction leaves no held-out games");
  prior::EvalOptions opt;
  opt.threads = threads;
  opt.maxGames = maxGames;
  size_t skipped = 0;
  const auto rows = prior::evaluate(model, split.heldOut, opt, &skipped);
  const size_t used = maxGames >= 0 ? std::min(split.heldOut.size(), static_cast<size_t>(maxGames))
                                    : split.heldOut.size();
  std::cout << "held-out games: " << used - skipped << " of " << split.heldOut.size() << " (last "
            << fraction << " of " << split.train.size() + split.heldOut.size()
            << " files sorted by name; " << skipped << " unreadable)\n"
            << prior::formatEval(rows);
  return 0;
}

}  // namespace

int runPrior(const std::vector<std::string>& args) {
  const std::string usage =
      "usage: fgo prior train --games DIR --out FILE [--holdout-fraction F] [--threads N]\n"
      "       fgo prior eval --games DIR --model FILE [--holdout-fraction F] [--threads N]";
  if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") {
    if (args.size() < 2) throw UsageError("fgo prior needs a subcommand: train or eval\n" + usage);
    std::cout << usage << "\n";
    return 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[1] == "train") return priorTrain(rest);
  if (args[1] == "eval") return priorEval(rest);
  throw UsageError("unknown fgo prior subcommand '" + args[1] + "' (train or eval)\n" + usage);
}

}  // namespace fgo
