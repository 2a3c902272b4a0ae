// The learned move prior in the search (MctsParams::learned): how model probabilities
// become virtual wins, that the tree's priors equal a from-scratch computation, and that
// the default model is found and used.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>

#include "engine/board/random_player.hpp"
#include "engine/play/mcts.hpp"
#include "engine/prior/incremental.hpp"
#include "engine/prior/model.hpp"

using namespace engine;

namespace {

// A 9x9 game after n random moves (seeded).
Game randomGame(int n, uint64_t seed) {
  Game g({9, 9});
  RandomPlayer player(seed);
  for (int i = 0; i < n && !g.over(); ++i)
    REQUIRE(g.play(player.choose(g), g.toMove()) == MoveError::None);
  return g;
}

// Candidates as the search makes them: legal, not filling an own eye, and the pass.
std::vector<Point> candidates(const Board& b, Color c) {
  std::vector<Point> moves;
  for (Point p : b.emptyPoints()) {
    if (b.isLegal(p, c) && !b.isEyeOf(p, c)) moves.push_back(p);
  }
  moves.push_back(PASS);
  return moves;
}

// A model preferring first-line moves by a factor of 100 (every other gamma 1).
std::shared_ptr<const prior::Model> firstLineModel() {
  auto m = std::make_shared<prior::Model>();
  m->setGamma(prior::G_EDGE, 1, 100.f);
  return m;
}

// A random 9x9 position with the first-line model at weight 40, exponent 0.5 and the given
// hand-prior exponent: the search's node priors (out, probs) and the hand-set ones alone.
struct PriorCase {
  PriorCase(int n, uint64_t seed, float handExponent)
      : g(randomGame(n, seed)), board(g.board()), c(g.toMove()), moves(candidates(board, c)) {
    last = g.moves().back().point;
    before = g.moves()[g.moves().size() - 2].point;
    params.learned.model = firstLineModel();
    params.learned.weight = 40;
    params.learned.exponent = 0.5;
    params.learned.handExponent = handExponent;
    scorer = std::make_unique<prior::IncrementalScorer>(*params.learned.model);
    run(true);
    hand = computePriors(board, c, last, moves, true);
  }
  // nodePriors with or without the scorer, into out and probs.
  void run(bool withScorer) {
    nodePriors(board, c, last, before, moves, true, params, withScorer ? scorer.get() : nullptr,
               out, probs);
  }
  Game g;
  Board board;
  Color c;
  std::vector<Point> moves;
  Point last = NO_POINT, before = NO_POINT;
  MctsParams params;
  std::unique_ptr<prior::IncrementalScorer> scorer;
  std::vector<Prior> out, hand;
  std::vector<float> probs;
};

bool firstLine(const Board& b, Point p) {
  return p != PASS &&
         (b.x(p) == 0 || b.y(p) == 0 || b.x(p) == b.width() - 1 || b.y(p) == b.height() - 1);
}

}  // namespace

TEST_CASE("learned prior: model probabilities become virtual wins") {
  PriorCase t(12, 3, 0.f);
  Board& board = t.board;
  const std::vector<Point>& moves = t.moves;
  MctsParams& params = t.params;
  std::vector<Prior>& out = t.out;
  std::vector<float>& probs = t.probs;
  const std::vector<Prior>& hand = t.hand;
  REQUIRE(out.size() == moves.size());
  REQUIRE(probs.size() == moves.size());
  CHECK(std::accumulate(probs.begin(), probs.end(), 0.0) == Approx(1.0).epsilon(1e-5));
  for (size_t i = 0; i < moves.size(); ++i) {
    INFO("move " << moves[i]);
    const float bonus = out[i].visits - hand[i].visits;
    CHECK(out[i].wins - hand[i].wins == Approx(bonus));  // the bonus is all wins
    // First-line moves are 100 times likelier: the full weight; others (100)^-0.5 of it.
    CHECK(bonus == Approx(firstLine(board, moves[i]) ? 40.0 : 4.0).epsilon(1e-3));
  }
  // Without the hand-set priors every move starts from the even prior, 10 visits at 50%.
  params.learned.handPriors = false;
  t.run(true);
  for (size_t i = 0; i < moves.size(); ++i) {
    const float bonus = firstLine(board, moves[i]) ? 40.f : 4.f;
    CHECK(out[i].visits == Approx(10 + bonus).epsilon(1e-3));
    CHECK(out[i].wins == Approx(5 + bonus).epsilon(1e-3));
  }
  // No scorer: the hand-set priors alone, no probabilities.
  t.run(false);
  CHECK(probs.empty());
  for (size_t i = 0; i < moves.size(); ++i) CHECK(out[i].visits == hand[i].visits);
}

TEST_CASE("learned prior: hand priors weighed by the model (handExponent)") {
  PriorCase t(30, 5, 1.f);
  Board& board = t.board;
  const std::vector<Point>& moves = t.moves;
  std::vector<Prior>& out = t.out;
  const std::vector<Prior>& hand = t.hand;
  int scaled = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    INFO("move " << moves[i]);
    // First-line moves (p = p_max) keep their hand priors; the others get 1/100 of their
    // departure from the even prior (10 visits, 5 wins).
    const bool top = firstLine(board, moves[i]);
    const float f = top ? 1.f : 0.01f;
    const float bonus = top ? 40.f : 4.f;
    CHECK(out[i].visits == Approx(10 + (hand[i].visits - 10) * f + bonus).epsilon(1e-3));
    CHECK(out[i].wins == Approx(5 + (hand[i].wins - 5) * f + bonus).epsilon(1e-3));
    if (!top && hand[i].visits != 10) ++scaled;
  }
  CHECK(scaled > 0);  // the position has hand priors away from the first line
}

TEST_CASE("learned prior: which model a search uses") {
  MctsParams params;
  params.learned.model = firstLineModel();
  CHECK(searchPriorModel(params) == params.learned.model);
  params.learned.enabled = false;
  CHECK(searchPriorModel(params) == nullptr);
  params.learned.enabled = true;
  params.priors = false;  // the light search has no priors at all
  CHECK(searchPriorModel(params) == nullptr);
  params = MctsParams{};
  if (!std::filesystem::exists(defaultPriorModelPath())) {
    WARN("no default move model at " << defaultPriorModelPath() << ": skipped");
    return;
  }
  const auto model = searchPriorModel(params);
  REQUIRE(model != nullptr);
  CHECK(model == defaultPriorModel());  // loaded once, shared
  CHECK(model->spatial().size() > 0);
}

namespace {

// The priors a fresh root expansion gives the moves of `stats`, in their order (the
// from-scratch twin of what the search stored).
// Their model probabilities go to probs when it is not null.
std::vector<Prior> freshRootPriors(const Game& g, const MctsParams& params,
                                   const std::vector<MoveStat>& stats,
                                   std::vector<float>* probs = nullptr) {
  std::vector<Point> moves;
  for (const MoveStat& m : stats) moves.push_back(m.move);
  Board board = g.board();
  prior::IncrementalScorer scorer(*params.learned.model);
  std::vector<Prior> fresh;
  std::vector<float> p;
  const Point last = g.moves().back().point, before = g.moves()[g.moves().size() - 2].point;
  nodePriors(board, g.toMove(), last, before, moves, false, params, &scorer, fresh, p);
  if (probs) *probs = p;
  return fresh;
}

}  // namespace

TEST_CASE("learned prior: the tree's root priors equal a from-scratch computation") {
  const Game g = randomGame(20, 5);
  MctsParams params;
  params.playouts = 300;
  params.threads = 2;
  params.learned.model = firstLineModel();
  MctsTrees trees;
  mctsSearch(g, params, &trees);
  CHECK(trees.checkConsistency() == "");
  const std::vector<MoveStat> root = trees.childStats({});
  REQUIRE(!root.empty());
  const std::vector<Prior> fresh = freshRootPriors(g, params, root);
  const Board& board = g.board();
  int boosted = 0;
  for (size_t i = 0; i < root.size(); ++i) {
    INFO("move " << root[i].move);
    CHECK(root[i].priorVisits == fresh[i].visits);
    CHECK(root[i].priorWins == fresh[i].wins);
    if (firstLine(board, root[i].move)) ++boosted;
  }
  CHECK(boosted > 0);
}

TEST_CASE("learned prior: a strong prior steers the search, PUCT concentrates it") {
  const Game g({9, 9});
  MctsParams params;
  params.playouts = 400;
  params.threads = 1;
  params.learned.model = firstLineModel();
  params.learned.handPriors = false;
  params.learned.weight = 400;  // far more than 400 playouts can overturn
  const MctsResult steered = mctsSearch(g, params);
  CHECK(firstLine(g.board(), steered.move));
  params.learned.weight = 0;
  params.learned.puct = 50;
  const MctsResult puct = mctsSearch(g, params);
  int onFirstLine = 0;
  for (const MoveStat& m : puct.moves) {
    if (firstLine(g.board(), m.move)) onFirstLine += m.visits;
  }
  // 32 of 81 points are on the first line; the PUCT term sends most visits there.
  CHECK(onFirstLine > puct.playouts / 2);
}

TEST_CASE("root move order: visits, then the model, then the prior's mean, RAVE, the point") {
  auto stat = [](Point p, int visits, float pv, float pw, double rave, float prob = 0) {
    MoveStat m;
    m.move = p;
    m.visits = visits;
    m.priorVisits = pv;
    m.priorWins = pw;
    m.raveWinrate = rave;
    m.prob = prob;
    return m;
  };
  // More visits win whatever the model and the prior say.
  CHECK(rootMoveBefore(stat(5, 3, 10, 1, 0, 0.01f), stat(6, 2, 40, 40, 1, 0.9f)));
  CHECK_FALSE(rootMoveBefore(stat(6, 2, 40, 40, 1, 0.9f), stat(5, 3, 10, 1, 0, 0.01f)));
  // Equal visits: the more probable move by the model first, whatever the prior's mean.
  CHECK(rootMoveBefore(stat(9, 1, 10, 5, 0.1, 0.3f), stat(8, 1, 40, 35, 0.9, 0.2f)));
  CHECK_FALSE(rootMoveBefore(stat(8, 1, 40, 35, 0.9, 0.2f), stat(9, 1, 10, 5, 0.1, 0.3f)));
  // Equal visits and model (or no model): the higher prior mean first (35/40 before
  // 5/10), whatever RAVE says.
  CHECK(rootMoveBefore(stat(7, 0, 40, 35, 0.1), stat(4, 0, 10, 5, 0.9)));
  CHECK_FALSE(rootMoveBefore(stat(4, 0, 10, 5, 0.9), stat(7, 0, 40, 35, 0.1)));
  CHECK(rootMoveBefore(stat(7, 0, 40, 35, 0.1, 0.5f), stat(4, 0, 10, 5, 0.9, 0.5f)));
  // Equal prior mean: RAVE, then the lower point.
  CHECK(rootMoveBefore(stat(7, 1, 20, 10, 0.6), stat(4, 1, 10, 5, 0.5)));
  CHECK(rootMoveBefore(stat(4, 1, 10, 5, 0.5), stat(7, 1, 10, 5, 0.5)));
  CHECK_FALSE(rootMoveBefore(stat(4, 1, 10, 5, 0.5), stat(4, 1, 10, 5, 0.5)));
  // No prior at all counts as mean 0.
  CHECK(rootMoveBefore(stat(4, 0, 10, 1, 0), stat(7, 0, 0, 0, 0)));
}

namespace {

// A two-thread search of `playouts` simulations with the first-line test model.
MctsParams smallModelSearch(int playouts, uint64_t seed) {
  MctsParams params;
  params.playouts = playouts;
  params.threads = 2;
  params.seed = seed;
  params.learned.model = firstLineModel();
  return params;
}

}  // namespace

TEST_CASE("root move order: choiceKey (visits blended with the model) comes first") {
  auto stat = [](Point p, int visits, float prob, double key) {
    MoveStat m;
    m.move = p;
    m.visits = visits;
    m.prob = prob;
    m.choiceKey = key;
    return m;
  };
  // 10 visits + 100 x 0.5 beat 40 visits + 100 x 0.05.
  CHECK(rootMoveBefore(stat(3, 10, 0.5f, 60), stat(4, 40, 0.05f, 45)));
  CHECK_FALSE(rootMoveBefore(stat(4, 40, 0.05f, 45), stat(3, 10, 0.5f, 60)));
  // Equal keys: visits, then the model.
  CHECK(rootMoveBefore(stat(3, 20, 0.1f, 30), stat(4, 10, 0.2f, 30)));
  CHECK(rootMoveBefore(stat(3, 20, 0.2f, 40), stat(4, 20, 0.1f, 40)));
}

TEST_CASE("root move order: choicePrior ranks by visits + its weight x the model's probability") {
  MctsParams w;
  w.choicePrior = 200;
  w.choiceFade = 0;
  CHECK(choiceWeight(w, 50) == 200);
  CHECK(choiceWeight(w, 5000) == 200);  // no fading
  w.choiceFade = 100;
  CHECK(choiceWeight(w, 100) == 200);
  CHECK(choiceWeight(w, 1000) == Approx(20));
  CHECK(choiceWeight(w, 4000) == Approx(5));
  for (uint64_t seed : {3u, 11u}) {
    const Game g = randomGame(20, seed);
    MctsParams params = smallModelSearch(60, seed);
    for (auto [m, fade] : {std::pair{0.0, 0.0}, {30.0, 0.0}, {1e5, 0.0}, {300.0, 20.0}}) {
      params.choicePrior = m;
      params.choiceFade = fade;
      const MctsResult r = mctsSearch(g, params);
      REQUIRE(r.moves.size() > 10);
      INFO("seed " << seed << ", choicePrior " << m << ", fade " << fade);
      int visits = 0;
      for (const MoveStat& s : r.moves) visits += s.visits;
      const double weight = fade > 0 && visits > fade ? m * fade / visits : m;
      for (const MoveStat& s : r.moves) CHECK(s.choiceKey == Approx(s.visits + weight * s.prob));
      CHECK(std::is_sorted(r.moves.begin(), r.moves.end(), rootMoveBefore));
      for (size_t i = 1; i < r.moves.size(); ++i) {
        const double a = r.moves[i - 1].visits + weight * r.moves[i - 1].prob;
        const double b = r.moves[i].visits + weight * r.moves[i].prob;
        CHECK(a >= b - 1e-9);
      }
      if (r.moves.front().move != PASS) CHECK(r.move == r.moves.front().move);
      if (m > 1e4) {
        // The model decides: the chosen move is one of the model's most probable.
        float best = 0;
        for (const MoveStat& s : r.moves) best = std::max(best, s.prob);
        CHECK(r.moves.front().prob == best);
      }
    }
  }
}

TEST_CASE("root move order: a search's moves come in genmove's order with their priors") {
  // Few playouts on a 9x9 board: most root moves stay unvisited and are ordered by the
  // priors the search gave them, which must be the priors of a fresh computation.
  for (uint64_t seed : {5u, 9u}) {
    const Game g = randomGame(20, seed);
    const MctsParams params = smallModelSearch(40, seed);
    const MctsResult r = mctsSearch(g, params);
    REQUIRE(r.moves.size() > 10);
    CHECK(std::is_sorted(r.moves.begin(), r.moves.end(), rootMoveBefore));
    if (r.moves.front().move != PASS) CHECK(r.move == r.moves.front().move);
    int visits = 0, unvisited = 0;
    for (const MoveStat& m : r.moves) {
      visits += m.visits;
      if (m.visits == 0) ++unvisited;
    }
    CHECK(visits == r.playouts);
    CHECK(unvisited > 10);  // the tie-break decides most of the ranking here
    std::vector<float> probs;
    const std::vector<Prior> fresh = freshRootPriors(g, params, r.moves, &probs);
    REQUIRE(probs.size() == r.moves.size());
    int modelled = 0;
    for (size_t i = 0; i < r.moves.size(); ++i) {
      INFO("seed " << seed << ", move " << r.moves[i].move);
      CHECK(r.moves[i].priorVisits == fresh[i].visits);
      CHECK(r.moves[i].priorWins == fresh[i].wins);
      CHECK(r.moves[i].prob == probs[i]);
      if (r.moves[i].prob > 0) ++modelled;
    }
    CHECK(modelled > 10);  // the model's probabilities reached the result
  }
}
