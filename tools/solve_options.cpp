#include "tools/solve_options.hpp"

namespace fgo {

namespace {

const char* const kNames[] = {"first-depth",
                              "max-depth",
                              "answers",
                              "links",
                              "held",
                              "horizon-lookahead",
                              "capture-extensions",
                              "self-atari-extensions",
                              "abdada"};

}  // namespace

void addSearchRuleOptions(po::options_description& desc) {
  desc.add_options()("first-depth", po::value<int>()->default_value(0),
                     "first iterative-deepening horizon in plies (0: 2 * points - 4)")(
      "max-depth", po::value<int>()->default_value(400),
      "deepest horizon in plies: a question still open there stays open (simple-forced "
      "rules leave ko cycles open at every horizon)")(
      "answers",
      "also count chains alive by answers: small empty regions that keep an eye after one "
      "answer to the opponent's first move there")(
      "links",
      "also count two chains with two empty liberties in common as one: own answers the "
      "opponent's move at one by playing the other")(
      "held", po::value<int>()->default_value(0),
      "also count regions of up to 10 points that a local search of up to N own moves shows "
      "own keeps by answering inside them (0: off)")(
      "horizon-lookahead",
      "at a horizon leaf the test leaves open, the prover also tries each move's static "
      "bounds (search effort only)")(
      "capture-extensions", po::value<int>()->default_value(0),
      "up to N capturing moves on a path do not count as plies (search effort only)")(
      "self-atari-extensions",
      "self-ataris share the --capture-extensions budget: a move that captures nothing and "
      "leaves its chain one liberty does not count as a ply either (search effort only)")(
      "abdada",
      "MTD search with 2+ threads: ABDADA (threads on the same horizon defer subtrees "
      "another thread is searching; default: lazy SMP)");
}

void readSearchRuleOptions(const po::variables_map& vm, solve::SolveOptions& opt) {
  opt.safety.answers = vm.count("answers") > 0;
  opt.safety.links = vm.count("links") > 0;
  opt.safety.held = vm["held"].as<int>();
  if (opt.safety.held < 0 || opt.safety.held > 8) throw UsageError("--held must be 0..8");
  opt.firstDepth = vm["first-depth"].as<int>();
  if (opt.firstDepth < 0) throw UsageError("--first-depth must be at least 0");
  opt.maxDepth = vm["max-depth"].as<int>();
  if (opt.maxDepth < 1 || opt.maxDepth > 2000) {
    throw UsageError("--max-depth must be between 1 and 2000");
  }
  opt.horizonLookahead = vm.count("horizon-lookahead") > 0;
  opt.captureExtensions = vm["capture-extensions"].as<int>();
  if (opt.captureExtensions < 0 || opt.captureExtensions > 64) {
    throw UsageError("--capture-extensions must be between 0 and 64");
  }
  opt.selfAtariExtensions = vm.count("self-atari-extensions") > 0;
  if (opt.selfAtariExtensions && opt.captureExtensions == 0) {
    throw UsageError("--self-atari-extensions needs --capture-extensions N (N > 0)");
  }
  opt.lazySmp = vm.count("abdada") == 0;
}

bool searchRuleOptionsGiven(const po::variables_map& vm) {
  for (const char* name : kNames) {
    if (vm.count(name) && !vm[name].defaulted()) return true;
  }
  return false;
}

}  // namespace fgo
