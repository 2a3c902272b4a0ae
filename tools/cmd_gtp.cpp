// fgo gtp: the GTP version 2 engine on stdin/stdout (engine/gtp/go_engine.hpp).
// Only GTP goes to stdout; the log goes to stderr.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <random>

#include "engine/gtp/book_player.hpp"
#include "engine/gtp/go_engine.hpp"
#include "engine/gtp/mcts_player.hpp"
#include "engine/prior/model.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

const char* USAGE =
    "fgo gtp [--size N] [--rules R] [--komi K] [--seed S] [--player mcts|baseline]\n"
    "        [--playouts N | --seconds S] [--threads T] [--resign-below W]\n"
    "        [--prior-model FILE|none] [--cascade off|hints|narrow] [--schedule NAME]\n"
    "        [--cascade-memory N] [--model-top N] [--cascade-tree-visits N]\n"
    "        [--tree-hint-prior W] [--inner-width N] [--local-window N]\n"
    "        [--local-playouts N] [--quiet]\n\n"
    "A GTP version 2 engine on stdin/stdout (attach it to a GUI or to fgo match).\n"
    "Thinking time: by the clock when the controller sends time_settings or\n"
    "kgs-time_settings (absolute, Canadian and Japanese byo-yomi; it keeps its own clock\n"
    "when no time_left comes), else --seconds a move, else --playouts a move.\n"
    "Analysis for GUIs: lz-analyze, kata-analyze (ownership true), lz-genmove_analyze,\n"
    "kata-genmove_analyze stream until the next command arrives. See docs/GTP.md.";

std::unique_ptr<engine::Player> makePlayer(const std::string& player,
                                           engine::MctsPlayerOptions options, uint64_t seed) {
  if (player == "baseline") return std::make_unique<engine::BaselinePlayer>(seed);
  if (player != "mcts") throw UsageError("--player must be mcts or baseline");
  if (options.search.playouts < 1 || options.search.threads < 1 || options.search.threads > 64) {
    throw UsageError("--playouts must be >= 1 and --threads 1..64");
  }
  if (!(options.secondsPerMove >= 0 && options.secondsPerMove <= 86400)) {
    throw UsageError("--seconds must be 0..86400");
  }
  if (!(options.resignBelow >= 0 && options.resignBelow < 1)) {
    throw UsageError("--resign-below must be in [0, 1)");
  }
  if (!(options.time.marginSeconds >= 0 && options.time.marginSeconds <= 60)) {
    throw UsageError("--time-margin must be 0..60 seconds");
  }
  options.search.seed = seed;
  return std::make_unique<engine::MctsPlayer>(options);
}

}  // namespace

int runGtp(const std::vector<std::string>& args) {
  po::options_description desc("fgo gtp options");
  std::string size, rules;
  uint64_t seed = 0;
  double komi = 0;
  std::string player, bookFile, priorModel, cascadeUse;
  engine::MctsPlayerOptions mcts;
  desc.add_options()("size", po::value(&size)->default_value("19"),
                     "board size before the first boardsize, N or WxH")(
      "rules", po::value(&rules)->default_value("chinese"), "chinese, tromp-taylor or japanese")(
      "komi", po::value(&komi), "komi before the first komi command (default: the rules' own)")(
      "seed", po::value(&seed), "seed of the player (default: random, logged)")(
      "player", po::value(&player)->default_value("mcts"),
      "mcts (Monte-Carlo tree search, the strongest player) or baseline (uniform random)")(
      "book", po::value(&bookFile),
      "opening book (fgo book build): play its moves while the position is in book")(
      "playouts", po::value(&mcts.search.playouts)->default_value(5000),
      "mcts: playouts a move when there is no clock and no --seconds")(
      "seconds", po::value(&mcts.secondsPerMove)->default_value(0),
      "mcts: seconds a move when there is no clock (0: use --playouts)")(
      "threads", po::value(&mcts.search.threads)->default_value(2), "mcts: search threads")(
      "resign-below", po::value(&mcts.resignBelow)->default_value(0.05),
      "mcts: resign when the win rate stays below this (two genmoves in a row, after 1000 "
      "playouts, not in the opening); 0 never resigns")(
      "time-margin", po::value(&mcts.time.marginSeconds)->default_value(0.25),
      "seconds kept back from every timed move for process and GUI overhead")(
      "root-near-prior",
      "mcts: the root's priors favour moves near the last move (measured weaker)")(
      "tree-reuse",
      "mcts: start each genmove from the subtree of the moves played (measured weaker in "
      "self-play so far, docs/STRENGTH.md; default: search from scratch)")(
      "rave-equiv", po::value(&mcts.search.raveEquiv)->default_value(3500),
      "mcts tuning: RAVE equivalence (beta = rn / (rn + n + rn n / E))")(
      "expand-after", po::value(&mcts.search.expandAfter)->default_value(8),
      "mcts tuning: visits before a tree leaf gets children")(
      "explore", po::value(&mcts.search.explore)->default_value(0),
      "mcts tuning: UCB exploration constant (0: priors and RAVE explore)")(
      "playout-cap", po::value(&mcts.search.maxPlayoutMoves)->default_value(0),
      "mcts: moves a playout may run before it is scored as it stands (0: 3 x points + 20; "
      "huge boards need a cap to answer in bounded time)")(
      "prior-model", po::value(&priorModel),
      "mcts: learned move model (fgo prior train) seeding new tree nodes; none: only the "
      "hand-set priors (default: $FGO_TABLES_DIR/prior.fgt or the source tree's "
      "tables/prior.fgt)")(
      "prior-weight", po::value(&mcts.search.learned.weight)->default_value(30),
      "mcts tuning: virtual wins the model's most probable move gets in a new node")(
      "prior-exponent", po::value(&mcts.search.learned.exponent)->default_value(0.5),
      "mcts tuning: a move gets weight x (p / p_max)^exponent virtual wins")(
      "choice-prior", po::value(&mcts.search.choicePrior)->default_value(200),
      "mcts: choose (and rank) root moves by visits + this x the learned model's probability "
      "(0: visits alone)")(
      "choice-fade", po::value(&mcts.search.choiceFade)->default_value(100),
      "mcts: above this many root visits the choice prior shrinks as this / visits (0: never)")(
      "puct", po::value(&mcts.search.learned.puct)->default_value(0),
      "mcts tuning: PUCT term c x p x sqrt(N) / (1 + n) in selection (0: off)")(
      "no-hand-priors", "mcts tuning: with a model, leave out the hand-set tactical priors")(
      "hand-prior-exponent", po::value(&mcts.search.learned.handExponent)->default_value(1),
      "mcts tuning: with a model, weigh each move's hand-set priors by (p / p_max)^this "
      "(0: full hand priors, the default before session 10)")(
      "cascade", po::value(&cascadeUse)->default_value("off"),
      "mcts: the reduction cascade at the root: off; hints (its uploaded candidates get "
      "extra prior wins); narrow (the root considers only its candidates, the "
      "must-consider tactical moves, unsettled groups' liberties and --model-top)")(
      "schedule", po::value(&mcts.candidates.cascade.schedule)->default_value("standard"),
      "mcts --cascade: the cascade's schedule (standard, faster, slower or a size list)")(
      "cascade-memory", po::value(&mcts.candidates.cascade.memory)->default_value(3),
      "mcts --cascade: time dilation, the areas of the last N cascades stay candidates")(
      "model-top", po::value(&mcts.candidates.modelTop)->default_value(0),
      "mcts --cascade narrow: the learned model's N most probable moves join the root")(
      "hint-prior", po::value(&mcts.candidates.hintPrior)->default_value(30),
      "mcts --cascade hints: virtual wins of the cascade's first candidate")(
      "cascade-tree-visits", po::value(&mcts.candidates.treeVisits)->default_value(0),
      "mcts --cascade hints|narrow: an inner tree node with N visits runs the cascade on its "
      "position, and its candidates and the must-consider moves get prior wins there (0: off)")(
      "tree-hint-prior", po::value(&mcts.candidates.treeHintPrior)->default_value(30),
      "mcts --cascade-tree-visits: virtual wins of an inner node's first candidate")(
      "inner-width", po::value(&mcts.search.innerWidth)->default_value(0),
      "mcts: inner tree nodes keep the N children with the best priors (0: all up to "
      "19x19, 361 on bigger boards; -1: all)")(
      "local-window", po::value(&mcts.localWindow)->default_value(-1),
      "mcts: genmove searches an N x N window around the fight instead of the whole board "
      "(engine/play/local_search.hpp); -1: on boards above 101x101 with a 15x15 window; "
      "0: never")("local-playouts", po::value(&mcts.localPlayouts)->default_value(64),
                  "mcts: simulations a move of the window search")(
      "analysis-memory", po::value(&mcts.analysisMemoryMB)->default_value(1024),
      "mcts: MB of search tree an analysis may grow before it stops searching")("quiet",
                                                                                "no log on stderr");
  po::variables_map vm;
  if (!parseOptions(args, USAGE, desc, vm)) return 0;
  engine::GoEngineConfig config;
  config.rules = engine::Rules::named(rules);
  if (vm.count("komi")) config.rules.komi = komi;
  config.size = engine::parseBoardSize(size);
  config.log = vm.count("quiet") ? nullptr : &std::cerr;
  if (!vm.count("seed"))
    seed = (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  if (config.log) *config.log << "fgo gtp: player seed " << seed << "\n";
  if (!(mcts.analysisMemoryMB >= 1 && mcts.analysisMemoryMB <= 1e6)) {
    throw UsageError("--analysis-memory must be 1..1000000 MB");
  }
  mcts.reuseTrees = vm.count("tree-reuse") > 0;
  if (mcts.localWindow < -1 || mcts.localWindow > 1001 || mcts.localPlayouts < 1 ||
      mcts.localPlayouts > 1000000) {
    throw UsageError("--local-window must be -1..1001 and --local-playouts 1..1000000");
  }
  mcts.search.rootNearPrior = vm.count("root-near-prior") != 0;
  if (mcts.search.maxPlayoutMoves < 0) throw UsageError("--playout-cap must be >= 0");
  if (!(mcts.search.raveEquiv >= 1 && mcts.search.raveEquiv <= 1e9)) {
    throw UsageError("--rave-equiv must be 1..1e9");
  }
  if (mcts.search.expandAfter < 1 || mcts.search.expandAfter > 1000) {
    throw UsageError("--expand-after must be 1..1000");
  }
  if (!(mcts.search.explore >= 0 && mcts.search.explore <= 10)) {
    throw UsageError("--explore must be 0..10");
  }
  if (!(mcts.search.choicePrior >= 0 && mcts.search.choicePrior <= 1e6) ||
      !(mcts.search.choiceFade >= 0 && mcts.search.choiceFade <= 1e9)) {
    throw UsageError("--choice-prior must be 0..1e6 and --choice-fade 0..1e9");
  }
  if (!(mcts.search.learned.weight >= 0 && mcts.search.learned.weight <= 1e4) ||
      !(mcts.search.learned.exponent >= 0 && mcts.search.learned.exponent <= 10) ||
      !(mcts.search.learned.puct >= 0 && mcts.search.learned.puct <= 100) ||
      !(mcts.search.learned.handExponent >= 0 && mcts.search.learned.handExponent <= 10)) {
    throw UsageError(
        "--prior-weight must be 0..10000, --prior-exponent 0..10, --puct 0..100, "
        "--hand-prior-exponent 0..10");
  }
  mcts.search.learned.handPriors = vm.count("no-hand-priors") == 0;
  mcts.candidates.use = engine::parseCascadeUse(cascadeUse);
  if (mcts.candidates.cascade.memory < 0 || mcts.candidates.cascade.memory > 100 ||
      mcts.candidates.modelTop < 0 || mcts.candidates.modelTop > 1000 ||
      mcts.search.innerWidth < -1 || mcts.search.innerWidth > 1000000 ||
      !(mcts.candidates.hintPrior >= 0 && mcts.candidates.hintPrior <= 1e4)) {
    throw UsageError(
        "--cascade-memory must be 0..100, --model-top 0..1000, --inner-width -1..1000000, "
        "--hint-prior 0..10000");
  }
  if (mcts.candidates.treeVisits < 0 || mcts.candidates.treeVisits > 1000000000 ||
      !(mcts.candidates.treeHintPrior >= 0 && mcts.candidates.treeHintPrior <= 1e4)) {
    throw UsageError("--cascade-tree-visits must be 0..1000000000, --tree-hint-prior 0..10000");
  }
  if (mcts.candidates.treeVisits > 0 && mcts.candidates.use == engine::CascadeUse::Off) {
    throw UsageError("--cascade-tree-visits needs --cascade hints or narrow");
  }
  if (priorModel == "none") {
    mcts.search.learned.enabled = false;
  } else if (!priorModel.empty()) {
    mcts.search.learned.model =
        std::make_shared<const prior::Model>(prior::Model::load(priorModel));
  } else if (!engine::defaultPriorModel() && config.log) {
    *config.log << "fgo gtp: no move model at " << engine::defaultPriorModelPath().string()
                << ", searching with the hand-set priors only\n";
  }
  std::unique_ptr<engine::Player> chosen = makePlayer(player, mcts, seed);
  if (!bookFile.empty()) {
    auto book = std::make_shared<const engine::OpeningBook>(engine::OpeningBook::load(bookFile));
    chosen = std::make_unique<engine::BookPlayer>(std::move(book), std::move(chosen));
  }
  engine::GoEngine engine(config, std::move(chosen));
  // Read ahead on stdin so that analysis commands stop when the next command arrives.
  engine.runLive(STDIN_FILENO, std::cout);
  return 0;
}

}  // namespace fgo
