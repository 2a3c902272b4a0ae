// Tree reuse between searches (MctsTrees): the subtree of the moves played is kept,
// anything else is dropped, and the kept trees stay well formed.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <numeric>

#include "engine/board/score.hpp"
#include "engine/play/mcts.hpp"
#include "engine/prior/incremental.hpp"
#include "engine/prior/model.hpp"

using namespace engine;

namespace {

MctsParams smallSearch(int playouts, int threads) {
  MctsParams p;
  p.playouts = playouts;
  p.threads = threads;
  p.seed = 11;
  return p;
}

int visitSum(const std::vector<MoveStat>& stats) {
  return std::accumulate(stats.begin(), stats.end(), 0,
                         [](int s, const MoveStat& m) { return s + m.visits; });
}

const MoveStat* statOf(const std::vector<MoveStat>& stats, Point p) {
  for (const MoveStat& m : stats)
    if (m.move == p) return &m;
  return nullptr;
}

}  // namespace

TEST_CASE("tree reuse: the next search starts from the subtree of the two moves played") {
  Game g({9, 9});
  MctsTrees trees;
  const MctsResult first = mctsSearch(g, smallSearch(3000, 1), &trees);
  CHECK(first.reusedVisits == 0);
  CHECK(trees.nodes() > 1);
  CHECK(trees.checkConsistency().empty());
  REQUIRE(first.pv.size() >= 2);
  const Move ours{first.pv[0], Color::Black}, reply{first.pv[1], Color::White};
  // What the old tree knows below the two moves, before they are played.
  const std::vector<MoveStat> before = trees.childStats({ours, reply});
  REQUIRE(!before.empty());
  REQUIRE(g.play(ours) == MoveError::None);
  REQUIRE(g.play(reply) == MoveError::None);

  const int more = 500;
  const MctsResult second = mctsSearch(g, smallSearch(more, 1), &trees);
  CHECK(second.playouts == more);
  CHECK(second.reusedVisits > 0);
  CHECK(trees.checkConsistency().empty());
  // Every kept child keeps its visits; the new simulations add exactly `more` visits
  // below the (already expanded) root.
  const std::vector<MoveStat> after = trees.childStats({});
  REQUIRE(after.size() == before.size());
  for (const MoveStat& m : before) {
    const MoveStat* a = statOf(after, m.move);
    REQUIRE(a != nullptr);
    CHECK(a->visits >= m.visits);
  }
  CHECK(visitSum(after) == visitSum(before) + more);
  CHECK(visitSum(second.moves) == visitSum(after));
}

TEST_CASE("tree reuse: with two threads each tree keeps its own subtree") {
  Game g({7, 7});
  MctsTrees trees;
  const MctsResult first = mctsSearch(g, smallSearch(2000, 2), &trees);
  REQUIRE(first.pv.size() >= 1);
  REQUIRE(g.play(first.pv[0], Color::Black) == MoveError::None);
  // One move later (the opponent to move): the subtree of our own move.
  const std::vector<MoveStat> before = trees.childStats({});
  const MctsResult second = mctsSearch(g, smallSearch(400, 2), &trees);
  CHECK(second.reusedVisits > 0);
  CHECK(second.reusedVisits <= statOf(before, first.pv[0])->visits);
  CHECK(trees.checkConsistency().empty());
  CHECK(second.move != NO_POINT);
  CHECK(g.isLegal(second.move, Color::White));
}

TEST_CASE("tree reuse: a position that does not follow the last one starts afresh") {
  MctsTrees trees;
  Game g({9, 9});
  mctsSearch(g, smallSearch(800, 1), &trees);
  REQUIRE(trees.nodes() > 1);

  SECTION("another game with the same moves so far but another komi") {
    Game other({9, 9}, Rules{KoRule::Positional, ScoringRule::Area, false, 2, 5.5});
    CHECK(mctsSearch(other, smallSearch(200, 1), &trees).reusedVisits == 0);
  }
  SECTION("moves that are not a continuation (a move taken back and another played)") {
    REQUIRE(g.play(g.board().point(4, 4), Color::Black) == MoveError::None);
    mctsSearch(g, smallSearch(200, 1), &trees);
    REQUIRE(g.undo());
    REQUIRE(g.play(g.board().point(2, 2), Color::Black) == MoveError::None);
    CHECK(mctsSearch(g, smallSearch(200, 1), &trees).reusedVisits == 0);
  }
  SECTION("the same move list from another setup position") {
    Game setup({9, 9});
    setup.setup({{setup.board().point(0, 0), Color::Black}});
    CHECK(mctsSearch(setup, smallSearch(200, 1), &trees).reusedVisits == 0);
  }
  SECTION("clear() forgets the trees") {
    trees.clear();
    CHECK(trees.nodes() == 0);
    CHECK(mctsSearch(g, smallSearch(200, 1), &trees).reusedVisits == 0);
  }
  CHECK(trees.checkConsistency().empty());
}

TEST_CASE("tree reuse: kept trees stay consistent over a random-length game") {
  Game g({7, 7});
  MctsTrees trees;
  int reused = 0;
  for (int m = 0; m < 24 && !g.over(); ++m) {
    const MctsResult r = mctsSearch(g, smallSearch(150, 2), &trees);
    INFO("move " << m);
    REQUIRE(trees.checkConsistency().empty());
    REQUIRE(r.move != NO_POINT);
    if (r.reusedVisits > 0) ++reused;
    REQUIRE(g.play(r.move, g.toMove()) == MoveError::None);
  }
  CHECK(reused > 10);
}

TEST_CASE("tree reuse: the reused root's children get a fresh root's priors") {
  Game g({9, 9});
  MctsTrees trees;
  const MctsResult first = mctsSearch(g, smallSearch(3000, 2), &trees);
  REQUIRE(first.pv.size() >= 2);
  const Move ours{first.pv[0], Color::Black}, reply{first.pv[1], Color::White};
  const std::vector<MoveStat> inner = trees.childStats({ours, reply});
  REQUIRE(!inner.empty());
  REQUIRE(g.play(ours) == MoveError::None);
  REQUIRE(g.play(reply) == MoveError::None);
  const MctsResult second = mctsSearch(g, smallSearch(200, 2), &trees);
  REQUIRE(second.reusedVisits > 0);
  const std::vector<MoveStat> root = trees.childStats({});
  REQUIRE(root.size() == inner.size());
  std::vector<Point> moves;
  for (const MoveStat& m : root) moves.push_back(m.move);
  Board board = g.board();
  // A fresh root's priors: the hand-set ones without the nearness bonus, plus the
  // learned model's (the default model when there is one).
  const MctsParams params = smallSearch(200, 2);
  const auto model = searchPriorModel(params);
  std::unique_ptr<prior::IncrementalScorer> scorer;
  if (model) scorer = std::make_unique<prior::IncrementalScorer>(*model);
  std::vector<Prior> fresh;
  std::vector<float> probs;
  nodePriors(board, Color::Black, reply.point, ours.point, moves, false, params, scorer.get(),
             fresh, probs);
  // As an inner node the children had the nearness bonus, so some priors change.
  int changed = 0;
  for (size_t i = 0; i < root.size(); ++i) {
    INFO("move " << root[i].move);
    CHECK(root[i].priorVisits == fresh[i].visits);
    CHECK(root[i].priorWins == fresh[i].wins);
    CHECK(root[i].visits >= statOf(inner, root[i].move)->visits);
    if (statOf(inner, root[i].move)->priorVisits != fresh[i].visits) ++changed;
  }
  CHECK(changed > 0);
}

// Measurement, hidden from the default run: 9x9 self-play, tree reuse against searching
// from scratch, colours alternating, komi 7.5, both sides at the same playouts. Run with
//   FGO_MATCH_GAMES=20 FGO_MATCH_PLAYOUTS=1000 build/tests/test_play "[.reuse-match]"
// It prints the reuse side's score with its 95% Wilson interval (docs/STRENGTH.md); the
// checks only require complete, legal games.
TEST_CASE("self-play match on 9x9: tree reuse against no reuse", "[.reuse-match]") {
  const char* gamesText = std::getenv("FGO_MATCH_GAMES");
  const char* playoutsText = std::getenv("FGO_MATCH_PLAYOUTS");
  const int games = gamesText ? std::atoi(gamesText) : 10;
  const int playouts = playoutsText ? std::atoi(playoutsText) : 1000;
  int wins = 0, finished = 0;
  for (int i = 0; i < games; ++i) {
    Game g({9, 9}, Rules::named("chinese"));
    g.setKomi(7.5);
    MctsTrees trees;
    const Color reuser = i % 2 == 0 ? Color::Black : Color::White;
    for (int m = 0; m < 250 && !g.over(); ++m) {
      MctsParams p = smallSearch(playouts, 2);
      p.seed = 29 + 1000 * static_cast<uint64_t>(i) + static_cast<uint64_t>(m);
      const MctsResult r = mctsSearch(g, p, g.toMove() == reuser ? &trees : nullptr);
      REQUIRE(r.move != NO_POINT);
      REQUIRE(g.play(r.move, g.toMove()) == MoveError::None);
    }
    if (!g.over()) continue;
    ++finished;
    const double margin = areaScore(g.board(), g.rules().komi).margin();
    if ((margin > 0) == (reuser == Color::Black)) ++wins;
    std::cerr << "game " << i + 1 << ": reuse side " << colorName(reuser) << ", margin " << margin
              << ", reuse wins so far " << wins << "/" << finished << "\n";
  }
  const double n = finished, z = 1.96, phat = n > 0 ? wins / n : 0;
  const double centre = (phat + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  WARN("tree reuse won " << wins << " of " << finished << " finished games (" << 100 * phat
                         << "%, 95% interval [" << 100 * (centre - half) << "%, "
                         << 100 * (centre + half) << "%]), " << playouts << " playouts a move");
  CHECK(finished > 0);
}
