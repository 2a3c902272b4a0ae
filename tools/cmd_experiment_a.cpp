// fgo experiment-a: does the a-priori (influence) distance predict the a-posteriori one?
// (engine/similar/experiment.hpp; write-up in docs/EXPERIMENT_A.md)
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "engine/similar/corpus.hpp"
#include "engine/similar/experiment.hpp"
#include "tools/options.hpp"

namespace fgo {

int runExperimentA(const std::vector<std::string>& args) {
  po::options_description desc("fgo experiment-a options");
  std::string games, svg;
  int anchors = 40, neighbours = 10, threads = 2;
  uint64_t seed = 1;
  desc.add_options()("games", po::value(&games)->required(), "folder of SGF games")(
      "pairs", po::value(&anchors)->default_value(40),
      "random anchors per move range (pairs grow as its square)")(
      "neighbours", po::value(&neighbours)->default_value(10), "positions pooled into next(x)")(
      "seed", po::value(&seed)->default_value(1), "sampling seed")(
      "threads", po::value(&threads)->default_value(2), "OpenMP threads")(
      "svg", po::value(&svg), "write the bar chart here")("json", "print JSON");
  po::variables_map vm;
  if (!parseOptions(args, "fgo experiment-a --games DIR [--pairs N] [--svg OUT] [--json]", desc,
                    vm))
    return 0;
  if (anchors < 2 || anchors > 2000) throw UsageError("--pairs must be 2..2000");
  if (neighbours < 1 || neighbours > 1000) throw UsageError("--neighbours must be 1..1000");
  if (threads < 1 || threads > 64) throw UsageError("--threads must be 1..64");
  engine::ExperimentParams params;
  params.anchors = anchors;
  params.neighbours = neighbours;
  params.seed = seed;
  params.threads = threads;
  const auto start = std::chrono::steady_clock::now();
  const engine::ExperimentReport r = engine::runExperimentA(engine::listSgfFiles(games), params);
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!svg.empty()) engine::writeFileBytes(svg, r.toSvg());
  if (vm.count("json")) {
    std::cout << r.toJson();
    return 0;
  }
  std::cout << "games " << r.games << ", " << std::fixed << std::setprecision(1) << secs << " s\n";
  std::cout << "range     pairs  |next|  hamming  post   model        rho    low    medium high\n";
  auto f = [](double v) {
    std::ostringstream o;
    if (std::isnan(v)) {
      o << "  n/a ";
    } else {
      o << std::showpos << std::fixed << std::setprecision(2) << v;
    }
    return o.str();
  };
  for (const auto& rr : r.ranges) {
    for (size_t m = 0; m < r.models.size(); ++m) {
      std::cout << std::setw(4) << rr.range.first << "-" << std::setw(4) << std::left
                << rr.range.second << std::right << std::setw(6) << rr.pairs << std::setw(8)
                << std::setprecision(1) << rr.meanNextSize << std::setw(9) << rr.meanHamming
                << std::setw(7) << std::setprecision(2) << rr.meanPosterior << "   "
                << std::setw(11) << std::left << engine::modelName(r.models[m]) << std::right
                << "  " << f(rr.all[m].rho) << "  " << f(rr.bands[m][0].rho) << "  "
                << f(rr.bands[m][1].rho) << "  " << f(rr.bands[m][2].rho) << "\n";
    }
  }
  for (const auto& p : r.problems) std::cout << "skipped: " << p << "\n";
  return 0;
}

}  // namespace fgo
