#include "engine/board/perft.hpp"

namespace engine {

uint64_t perft(Game& game, int depth) {
  if (depth == 0) return 1;
  if (game.over()) return 0;
  const Board& board = game.board();
  const Color c = game.toMove();
  uint64_t total = 0;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      if (board.at(p) != Color::Empty || !game.isLegal(p, c)) continue;
      if (depth == 1) {
        ++total;
        continue;
      }
      game.play(p, c);
      total += perft(game, depth - 1);
      game.undo();
    }
  }
  if (depth == 1) return total + 1;  // the pass
  game.play(PASS, c);
  total += perft(game, depth - 1);
  game.undo();
  return total;
}

}  // namespace engine
