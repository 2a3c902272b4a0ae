// fgo predict: hit@k of the reduction cascade on game records, beside baselines.
#include <cstdio>
#include <iostream>

#include "engine/play/predict.hpp"
#include "engine/prior/model.hpp"
#include "engine/shapes/library.hpp"
#include "reduce/block_table.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

// The learned move model (engine/prior, Coulom 2007) as the cascade's point scorer.
class ModelScorer : public engine::PointScorer {
 public:
  explicit ModelScorer(std::shared_ptr<const prior::Model> model)
      : model_(std::move(model)), scorer_(*model_) {}
  void scores(const engine::Board& board, engine::Color toMove, engine::Point last,
              engine::Point before, std::vector<float>& out) override {
    scorer_.scores(board, toMove, last, before, out);
  }

 private:
  std::shared_ptr<const prior::Model> model_;
  prior::Scorer scorer_;
};

// The tables folder of this build (beside the block table): $FGO_TABLES_DIR or the
// source tree's tables/.
std::string defaultModelPath() {
  return (reduce::defaultBlockTablePath().parent_path() / "prior.fgt").string();
}

}  // namespace

int runPredict(const std::vector<std::string>& args) {
  po::options_description desc("fgo predict options");
  engine::PredictParams p;
  std::string games, shapes, modelPath;
  std::string carry;
  desc.add_options()("games", po::value(&games)->required(), "folder of .sgf game records")(
      "schedule", po::value(&p.cascade.schedule)->default_value("standard"),
      "standard, faster, slower, or sizes like 19x19,13x13,9x9,7x7,5x5")(
      "reducer", po::value(&p.cascade.reducer)->default_value("resample"),
      "resample, sector or block")("top", po::value(&p.top)->default_value(64),
                                   "candidates considered per position")(
      "bottom-moves", po::value(&p.cascade.bottomMoves)->default_value(4),
      "moves taken on the smallest board")("keep",
                                           po::value(&p.cascade.keepPerLevel)->default_value(16),
                                           "points kept at each intermediate level")(
      "advisor", po::value(&p.cascade.advisor)->default_value("mcts"),
      "advisor on the smallest board: mcts (Monte-Carlo stand-in) or solver (solve/advise)")(
      "advisor-nodes", po::value(&p.cascade.advisorNodes)->default_value(20000),
      "node budget of the solver advisor")(
      "advisor-playouts", po::value(&p.cascade.advisorPlayouts)->default_value(200),
      "playouts of the Monte-Carlo advisor on the smallest board")(
      "last-move-areas", po::bool_switch(&p.cascade.lastMoveAreas),
      "time dilation: the images of the last two moves join every reduced level")(
      "memory", po::value(&p.cascade.memory)->default_value(0),
      "time dilation: the real-board areas of the last N cascades stay candidates")(
      "carry", po::value(&carry)->default_value("density"),
      "levels reduced from: density (the previous level's colour channels, thresholds keeping "
      "each colour's share of points; the default), on (carried channels, 20% threshold) or "
      "off (the previous level's thresholded colours: the behaviour before the fifth session)")(
      "ranker", po::value(&p.ranker)->default_value("cascade"),
      "cascade, hybrid (cascade + time-dilation memory + near the last move), eval (every "
      "point by the evaluation), model (every point by the move model), model-hybrid (the "
      "model, cascade candidates boosted by --area-boost) or engine (Monte-Carlo search on "
      "the real board)")(
      "area-boost", po::value(&p.areaBoost)->default_value(1.0),
      "model-hybrid: the cascade candidates' model scores are multiplied by 1 + this")(
      "ranking", po::value(&p.cascade.ranking)->default_value("eval"),
      "ranking within the cascade's areas: geometric, eval or eval-search")(
      "real-ranking", po::value(&p.cascade.realRanking)->default_value("none"),
      "model: order the cascade's candidates on the real board by the learned move model "
      "(default: the --ranking above)")(
      "prior-model", po::value(&modelPath)->default_value(defaultModelPath()),
      "move model table of --real-ranking model, --ranker model and --ranker engine")(
      "advice-cache", po::value(&p.cascade.adviceCache)->default_value(true),
      "cache the smallest board's advice by its position (true/false)")(
      "shapes", po::value(&shapes), "shape library file for the shape terms of the ranking")(
      "engine-playouts", po::value(&p.enginePlayouts)->default_value(100),
      "playouts of the engine ranker (a fixed small budget; genmove's own search and order)")(
      "engine-prior-weight", po::value(&p.engineSearch.learned.weight)->default_value(30),
      "engine ranker: virtual wins of a node's most probable move (fgo gtp --prior-weight)")(
      "engine-prior-exponent", po::value(&p.engineSearch.learned.exponent)->default_value(0.5),
      "engine ranker: a move gets weight x (p / p_max)^exponent (fgo gtp --prior-exponent)")(
      "engine-hand-prior-exponent",
      po::value(&p.engineSearch.learned.handExponent)->default_value(1),
      "engine ranker: weigh the hand-set priors by (p / p_max)^this (fgo gtp "
      "--hand-prior-exponent)")(
      "engine-choice-prior", po::value(&p.engineSearch.choicePrior)->default_value(200),
      "engine ranker: rank root moves by visits + this x the model's probability (fgo gtp "
      "--choice-prior)")(
      "engine-choice-fade", po::value(&p.engineSearch.choiceFade)->default_value(100),
      "engine ranker: above this many root visits the choice prior shrinks as this / visits "
      "(fgo gtp --choice-fade; 0: never)")(
      "engine-puct", po::value(&p.engineSearch.learned.puct)->default_value(0),
      "engine ranker: PUCT term of the learned probabilities (fgo gtp --puct)")(
      "engine-rave-equiv", po::value(&p.engineSearch.raveEquiv)->default_value(3500),
      "engine ranker: RAVE equivalence with priors (fgo gtp --rave-equiv)")(
      "engine-no-hand-priors", po::bool_switch(),
      "engine ranker: leave out the hand-set tactical priors (fgo gtp --no-hand-priors)")(
      "skip-games", po::value(&p.skipGames)->default_value(0),
      "leave out the first N game files (sorted): --skip-games 2250 keeps the move model's "
      "held-out games")("every", po::value(&p.every)->default_value(1),
                        "use every N-th game file (sorted)")(
      "position-every", po::value(&p.positionEvery)->default_value(1),
      "count every N-th position of each game (1: all)")(
      "max-games", po::value(&p.maxGames)->default_value(-1), "use only the first N games")(
      "threads", po::value(&p.threads)->default_value(2), "threads (games run in parallel)")(
      "seed", po::value(&p.cascade.seed)->default_value(1), "random seed")(
      "json", "print the report as JSON");
  po::variables_map vm;
  if (!parseOptions(args, "fgo predict --games DIR [--schedule NAME] [--json]", desc, vm)) return 0;
  if (p.top < 1) throw UsageError("--top must be at least 1");
  engine::setCarryMode(p.cascade, carry);
  if (p.cascade.bottomMoves < 1 || p.cascade.keepPerLevel < 1) {
    throw UsageError("--bottom-moves and --keep must be at least 1");
  }
  if (p.every < 1 || p.positionEvery < 1)
    throw UsageError("--every and --position-every must be at least 1");
  if (p.skipGames < 0) throw UsageError("--skip-games must be 0 or more");
  if (p.enginePlayouts < 1) throw UsageError("--engine-playouts must be at least 1");
  const engine::LearnedPriorParams& lp = p.engineSearch.learned;
  if (!(lp.weight >= 0 && lp.weight <= 1e4) || !(lp.exponent >= 0 && lp.exponent <= 10) ||
      !(lp.puct >= 0 && lp.puct <= 100) || !(lp.handExponent >= 0 && lp.handExponent <= 10) ||
      !(p.engineSearch.raveEquiv >= 1 && p.engineSearch.raveEquiv <= 1e9) ||
      !(p.engineSearch.choicePrior >= 0 && p.engineSearch.choicePrior <= 1e6) ||
      !(p.engineSearch.choiceFade >= 0 && p.engineSearch.choiceFade <= 1e9)) {
    throw UsageError(
        "--engine-prior-weight must be 0..10000, --engine-prior-exponent 0..10, --engine-puct "
        "0..100, --engine-hand-prior-exponent 0..10, --engine-rave-equiv 1..1e9, "
        "--engine-choice-prior 0..1e6, --engine-choice-fade 0..1e9");
  }
  p.engineSearch.learned.handPriors = !vm["engine-no-hand-priors"].as<bool>();
  if (!(p.areaBoost >= 0)) throw UsageError("--area-boost must be 0 or more");
  if (p.cascade.realRanking == "model" || p.ranker == "model" || p.ranker == "model-hybrid") {
    auto model = std::make_shared<const prior::Model>(prior::Model::load(modelPath));
    p.cascade.scorer = [model] { return std::make_unique<ModelScorer>(model); };
  }
  if (p.ranker == "engine" && !vm["prior-model"].defaulted()) {
    p.engineSearch.learned.model =
        std::make_shared<const prior::Model>(prior::Model::load(modelPath));
  }
  engine::ShapeLibrary library;
  if (!shapes.empty()) {
    library = engine::ShapeLibrary::load(shapes);
    p.cascade.shapes = &library;
  }
  engine::Cascade check(p.cascade);  // validates schedule, reducer and ranking names
  const auto files = engine::listSgfFiles(games);
  if (files.empty()) throw std::runtime_error("no .sgf files under " + games);
  const engine::PredictReport r = engine::predictGames(files, p);
  for (const auto& problem : r.problems) std::cerr << "fgo predict: " << problem << "\n";
  if (vm.count("json")) {
    // stdout carries exactly the JSON object; what was run goes to stderr.
    std::cerr << "fgo predict: " << r.games << " games, schedule " << p.cascade.schedule
              << ", reducer " << p.cascade.reducer << ", ranking " << p.cascade.ranking
              << (p.cascade.realRanking == "model" ? ", real board: model" : "") << ", ranker "
              << r.ranker << ", advisor: " << r.advisor << "\n";
    std::cout << r.toJson() << "\n";
    return 0;
  }
  std::cout << "games " << r.games << ", positions " << r.positions << ", schedule "
            << p.cascade.schedule << ", reducer " << p.cascade.reducer << ", ranking "
            << p.cascade.ranking << (shapes.empty() ? "" : " with shapes")
            << (p.cascade.realRanking == "model" ? ", real board: model" : "") << "\nranker "
            << r.ranker << ", advisor: " << r.advisor
            << "\n\n            k=1     k=4     k=16    k=64\n";
  auto row = [](const char* name, const engine::HitRates& h) {
    std::printf("%-10s %6.1f%% %6.1f%% %6.1f%% %6.1f%%\n", name, 100 * h.at[0], 100 * h.at[1],
                100 * h.at[2], 100 * h.at[3]);
  };
  row(r.ranker.c_str(), r.cascade);
  row("random", r.random);
  row("proximity", r.proximity);
  std::printf("\nmean candidates %.1f, %.0f microseconds per position (ranker)\n", r.meanCandidates,
              r.microsecondsPerPosition);
  if (r.adviceRequests > 0) {
    std::printf("smallest-board advice: %ld requests, %ld answered by the cache (%.1f%%)\n",
                r.adviceRequests, r.adviceCacheHits,
                100.0 * static_cast<double>(r.adviceCacheHits) / r.adviceRequests);
  }
  if (!r.levelRecall.empty()) {
    std::printf(
        "\nthe real move followed down the cascade (first chain):\n"
        "level      among the chosen points   on a stone of the reduced board\n");
    for (size_t i = 0; i < r.levelRecall.size(); ++i) {
      std::printf("%-10s %14.1f%% %24.1f%%\n", r.levelNames[i].c_str(), 100 * r.levelRecall[i],
                  100 * r.levelStone[i]);
    }
  }
  return 0;
}

}  // namespace fgo
