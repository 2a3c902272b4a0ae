// this code uses the idea of fractal go by Serge Boisse
//
// Measuring move rankers on game records: for every position of every game (counted
// when the move before it was a stone), is the real next move among the first k
// candidates? Reports hit@k for k = 1, 4, 16, 64 beside two baselines from the same
// positions: random (k / empty points) and proximity (empty points ordered by Chebyshev
// distance to the last move, ties by Euclidean distance to the last move, then to the
// move before).
#pragma once

#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/play/cascade.hpp"
#include "engine/play/mcts.hpp"
#include "engine/sgf/sgf.hpp"  // listSgfFiles

namespace engine {

inline constexpr int PREDICT_KS[4] = {1, 4, 16, 64};

// Shares of positions with a hit at each k of PREDICT_KS.
struct HitRates {
  double at[4] = {0, 0, 0, 0};
};

// Which ranking of moves is measured.
//   cascade  the reduction cascade alone (its candidates, ranked within areas);
//   hybrid   cascade candidates, the areas of the last uploads ("time dilation", the
//            cascade's first moves at the previous two positions) and the points within
//            Chebyshev distance 3 of the last move, ranked by the evaluation with a
//            locality term: NOT the pure cascade, a mix with the proximity idea;
//   eval     the evaluation ranking (rank.hpp, "eval") of every empty point, no cascade;
//   engine   the engine's Monte-Carlo search (mcts.hpp) on the real board at a fixed
//            playout budget, root moves in genmove's order (rootMoveBefore: visits, ties
//            by the model's probability, then the prior's mean, then RAVE);
//   model    the move model of cascade.scorer over every legal point (no cascade): what
//            the model does alone, beside the cascade with realRanking "model" (the
//            same model restricted to the cascade's uploaded areas);
//   model-hybrid  the move model over every legal point, with the scores of the cascade's
//            candidates multiplied by 1 + areaBoost: whether the areas add anything to
//            the model (NOT the pure cascade).
struct PredictParams {
  CascadeParams cascade;
  std::string ranker = "cascade";
  int enginePlayouts = 1000;  // budget of the engine ranker
  // The engine ranker's search parameters (learned prior, RAVE...); its playouts, threads
  // and seed are set from enginePlayouts, 1 and the game's seed.
  MctsParams engineSearch;
  double areaBoost = 1;  // model-hybrid: cascade candidates' scores times 1 + areaBoost
  int skipGames = 0;     // leave out the first N files of the sorted list
  int every = 1;         // then use every N-th file (1: all)
  int maxGames = -1;     // -1: every file
  // Position stride within each game: only the N-th, 2N-th ... countable position (move
  // before it a stone) is run and counted (1: all). The time-dilation memory then
  // remembers strided runs, not the previous positions.
  int positionEvery = 1;
  int top = 64;     // candidates considered per position (the list is cut there)
  int threads = 2;  // games are spread over OpenMP threads
};

struct PredictReport {
  long games = 0;
  long positions = 0;
  HitRates cascade, random, proximity;
  double meanCandidates = 0;
  double microsecondsPerPosition = 0;  // cascade time only, per position, per thread
  std::string advisor;
  std::string ranker;
  // Cascade and hybrid rankers: per level of the (first) chain, real board first, the
  // share of positions whose real move, followed down by upload::toSmall, is among the
  // level's chosen points (levelRecall), or lands on a point holding a stone on the
  // reduced board (levelStone): where the cascade loses the real move.
  std::vector<std::string> levelNames;
  std::vector<double> levelRecall, levelStone;
  std::vector<std::string> problems;             // files that could not be read, with the reason
  long adviceRequests = 0, adviceCacheHits = 0;  // the cascade's smallest-board advice
  // The JSON object of `fgo predict --json`, exactly the keys of issue 6:
  // {"positions", "hit_at": {"1","4","16","64"}, "baselines": {"random", "proximity"},
  //  "mean_candidates", "microseconds_per_position"}.
  std::string toJson() const;
};

// The proximity baseline's order of the empty points for a position whose last move
// was `last` (a stone) and the one before `before` (PASS or NO_POINT when none).
std::vector<Point> proximityOrder(const Board& board, Point last, Point before);

// The files predictGames uses: the list without its first `skip`, every `every`-th of
// the rest, then the first maxGames.
std::vector<std::string> selectFiles(const std::vector<std::string>& files, int every, int maxGames,
                                     int skip = 0);

// Runs the chosen ranker and the baselines over the games. Throws InputError for an
// unknown ranker name.
PredictReport predictGames(const std::vector<std::string>& files, const PredictParams& params);

}  // namespace engine
