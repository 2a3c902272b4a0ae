// BASELINE PLAYER. Uniform random over the legal moves that do not fill the player's
// own single-point eye (Board::isEyeOf); passes when there is none. This is the weakest
// opponent in matches and the move generator of light playouts — not a Go player.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/game.hpp"
#include "engine/board/rng.hpp"

namespace engine {

class RandomPlayer {
 public:
  explicit RandomPlayer(uint64_t seed = 1) : rng_(seed) {}

  // A move for c on a bare board (simple ko only, as in playouts), or PASS.
  Point choose(const Board& board, Color c);
  // A move for the side to move under the game's full rules (superko too), or PASS.
  Point choose(const Game& game);
  // choose(board, c) that draws without replacement in the board's own empty list
  // (reordering it) instead of a copy: the light playout's player. Same distribution;
  // the order of the empty list, and so later draws, differ from choose().
  Point chooseInPlace(Board& board, Color c);

  Rng& rng() { return rng_; }

 private:
  template <typename Accept>
  Point pick(const Board& board, Accept accept);
  template <typename Accept>
  Point pickRest(std::span<const Point> empties, uint32_t missed, Accept accept);
  template <typename Accept>
  Point pickRestInPlace(Board& board, uint32_t missed, Accept accept);
  // Uniform in [0, n) (Lemire's multiply-shift) from 32 random bits. The bits come from
  // a buffer filled with both halves of 16 Rng outputs at a time: one Rng step for two
  // draws, and the refill branch is taken once in 32 draws (predictable).
  uint32_t draw(uint32_t n) {
    if (left_ == 0) refill();
    const uint32_t r = bits_[--left_];
    return static_cast<uint32_t>((static_cast<uint64_t>(r) * n) >> 32);
  }
  void refill() {
    for (int i = 0; i < 16; ++i) {
      const uint64_t x = rng_.next();
      bits_[2 * i] = static_cast<uint32_t>(x >> 32);
      bits_[2 * i + 1] = static_cast<uint32_t>(x);
    }
    left_ = 32;
  }
  Rng rng_;
  uint32_t bits_[32] = {};  // random bits for draw(); the first left_ are unused
  int left_ = 0;
  std::vector<Point> candidates_;  // pick's scratch list, kept to avoid allocations
};

// Result of a light playout.
struct PlayoutResult {
  int moves = 0;      // moves played, passes included
  double margin = 0;  // Black's area score minus White's, minus komi
};

// Plays uniform random moves (RandomPlayer rules, simple ko) from the board's position
// with `toMove` first until two consecutive passes or maxMoves, then counts the area
// score. The board is left at the final position with its undo history cleared (the
// moves are played without undo frames): copy the board to restore it.
PlayoutResult playout(Board& board, Color toMove, RandomPlayer& player, int maxMoves, double komi);

}  // namespace engine

namespace engine {

// Plays the game on with two baseline players (seeded from `seed`) under its full rules
// until it ends by passes or maxMoves more moves have been played. Returns the number
// of moves played.
int playRandomGame(Game& game, uint64_t seed, int maxMoves);

}  // namespace engine
