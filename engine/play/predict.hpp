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

namespace engine {

inline constexpr int PREDICT_KS[4] = {1, 4, 16, 64};

// Shares of positions with a hit at each k of PREDICT_KS.
struct HitRates {
  double at[4] = {0, 0, 0, 0};
};

struct PredictParams {
  CascadeParams cascade;
  int maxGames = -1;  // -1: every file
  int top = 64;       // candidates considered per position (the list is cut there)
  int threads = 2;    // games are spread over OpenMP threads
};

struct PredictReport {
  long games = 0;
  long positions = 0;
  HitRates cascade, random, proximity;
  double meanCandidates = 0;
  double microsecondsPerPosition = 0;  // cascade time only, per position, per thread
  std::string advisor;
  std::vector<std::string> problems;  // files that could not be read, with the reason
  // The JSON object of `fgo predict --json`.
  std::string toJson(const PredictParams& params) const;
};

// The proximity baseline's order of the empty points for a position whose last move
// was `last` (a stone) and the one before `before` (PASS or NO_POINT when none).
std::vector<Point> proximityOrder(const Board& board, Point last, Point before);

// The .sgf files under dir (recursively), sorted. Throws InputError when dir is missing.
std::vector<std::string> listSgfFiles(const std::string& dir);

// Runs the cascade and the baselines over the games.
PredictReport predictGames(const std::vector<std::string>& files, const PredictParams& params);

}  // namespace engine
