#include "engine/board/random_player.hpp"

#include <vector>

#include "engine/board/score.hpp"

namespace engine {

// Uniform over the accepted empty points. First a few draws with replacement straight
// from the board's empty list (each is uniform over the accepted points when it hits,
// and early in a game the first one nearly always does). After those misses, draws
// without replacement from a copy of the list: a rejected point is swap-removed, so
// every point is tested at most once, the first accepted one is uniform over the
// accepted points, and a pass (nothing accepted) costs one test per empty point.
// (Swap-remove from a candidate list is a known playout trick, credited to libego. The
// common shortcut of scanning on from a random start is biased towards points that
// follow long runs of rejected ones; tests/board checks uniformity.)
template <typename Accept>
Point RandomPlayer::pick(const Board& board, Accept accept) {
  const auto empties = board.emptyPoints();
  const uint32_t n = static_cast<uint32_t>(empties.size());
  if (n == 0) return PASS;
  const uint32_t i = draw(n);
  if (accept(empties[i])) return empties[i];
  return pickRest(empties, i, accept);
}

// pick after its first draw (index `missed`) was rejected: on a big board (copying a
// long list costs more than a few more draws) 7 more draws with replacement, then the
// draws without replacement from the list without the rejected point (it is not tested
// again: a pass tests each empty point once).
template <typename Accept>
[[gnu::noinline]] Point RandomPlayer::pickRest(std::span<const Point> empties, uint32_t missed,
                                               Accept accept) {
  const uint32_t n = static_cast<uint32_t>(empties.size());
  if (n > 1024) {
    for (int t = 1; t < 8; ++t) {
      const Point p = empties[draw(n)];
      if (accept(p)) return p;
    }
  }
  candidates_.assign(empties.begin(), empties.end());
  Point* cand = candidates_.data();
  cand[missed] = cand[n - 1];
  for (uint32_t k = n - 1; k > 0; --k) {
    const uint32_t i = draw(k);
    const Point p = cand[i];
    if (accept(p)) return p;
    cand[i] = cand[k - 1];
  }
  return PASS;
}

// pickRest on the board's own empty list: the tested points are swapped to its end, so
// [0, k) holds the untested ones. No copy; two more stores per rejected point.
template <typename Accept>
[[gnu::noinline]] Point RandomPlayer::pickRestInPlace(Board& board, uint32_t missed,
                                                      Accept accept) {
  const auto empties = board.emptyPoints();
  const uint32_t n = static_cast<uint32_t>(empties.size());
  if (n > 1024) {
    for (int t = 1; t < 8; ++t) {
      const Point p = empties[draw(n)];
      if (accept(p)) return p;
    }
  }
  board.swapEmpties(missed, n - 1);
  for (uint32_t k = n - 1; k > 0; --k) {
    const uint32_t i = draw(k);
    const Point p = empties[i];
    if (accept(p)) return p;
    board.swapEmpties(i, k - 1);
  }
  return PASS;
}

Point RandomPlayer::chooseInPlace(Board& board, Color c) {
  const auto accept = [&](Point p) { return board.isLegalNotEye(p, c); };
  const auto empties = board.emptyPoints();
  const uint32_t n = static_cast<uint32_t>(empties.size());
  if (n == 0) return PASS;
  const uint32_t i = draw(n);
  if (accept(empties[i])) return empties[i];
  return pickRestInPlace(board, i, accept);
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
    const Point p = player.chooseInPlace(board, c);
    if (p == PASS) {
      board.passNoUndo(c);
      ++passes;
    } else {
      board.playNoUndo(p, c);
      passes = 0;
    }
    ++r.moves;
    c = stoneOpponent(c);
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
