#include "engine/board/random_player.hpp"

#include <vector>

#include "engine/board/score.hpp"

namespace engine {

// Rejection sampling with replacement is exactly uniform over the accepted points; after
// a few misses we enumerate them all and pick one, which is uniform too.
template <typename Accept>
Point RandomPlayer::pick(const Board& board, Accept accept) {
  const auto empties = board.emptyPoints();
  const uint32_t n = static_cast<uint32_t>(empties.size());
  if (n == 0) return PASS;
  constexpr int TRIES = 8;
  for (int t = 0; t < TRIES; ++t) {
    const Point p = empties[rng_.below(n)];
    if (accept(p)) return p;
  }
  thread_local std::vector<Point> ok;
  ok.clear();
  for (Point p : empties) {
    if (accept(p)) ok.push_back(p);
  }
  if (ok.empty()) return PASS;
  return ok[rng_.below(static_cast<uint32_t>(ok.size()))];
}

Point RandomPlayer::choose(const Board& board, Color c) {
  return pick(board, [&](Point p) { return board.isLegalNotEye(p, c); });
}

Point RandomPlayer::choose(const Game& game) {
  const Board& board = game.board();
  const Color c = game.toMove();
  return pick(board, [&](Point p) { return !board.isEyeOf(p, c) && game.isLegal(p, c); });
}

namespace {

// Black's area margin at the end of a playout. When every empty point is its own
// region (no empty neighbour) it is counted from the neighbour counts alone; otherwise
// the full flood-fill areaScore is used. Both give the same area score.
double playoutMargin(const Board& board, double komi) {
  int black = board.stoneCount(Color::Black), white = board.stoneCount(Color::White);
  for (Point p : board.emptyPoints()) {
    if (board.neighbourCount(p, Color::Empty) != 0) return areaScore(board, komi).margin();
    const bool b = board.neighbourCount(p, Color::Black) != 0;
    const bool w = board.neighbourCount(p, Color::White) != 0;
    if (b != w) ++(b ? black : white);
  }
  return black - white - komi;
}

}  // namespace

PlayoutResult playout(Board& board, Color toMove, RandomPlayer& player, int maxMoves, double komi) {
  PlayoutResult r;
  int passes = 0;
  Color c = toMove;
  while (passes < 2 && r.moves < maxMoves) {
    const Point p = player.choose(board, c);
    if (p == PASS) {
      board.passNoUndo(c);
      ++passes;
    } else {
      board.playNoUndo(p, c);
      passes = 0;
    }
    ++r.moves;
    c = opponent(c);
  }
  r.margin = playoutMargin(board, komi);
  return r;
}

}  // namespace engine

namespace engine {

int playRandomGame(Game& game, uint64_t seed, int maxMoves) {
  RandomPlayer black(seed), white(splitmix64(seed) + 1);
  int played = 0;
  while (!game.over() && played < maxMoves) {
    RandomPlayer& player = game.toMove() == Color::Black ? black : white;
    game.play(player.choose(game), game.toMove());
    ++played;
  }
  return played;
}

}  // namespace engine
