#include "solve/minimax.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "engine/board/score.hpp"

namespace solve {

namespace {

using engine::Color;

struct Reference {
  engine::Game& game;
  uint64_t& nodes;
  std::vector<uint64_t> line;  // (hash, side) of every position on the line (simple ko)

  uint64_t stateKey() const {
    return game.board().hash() ^ (game.toMove() == Color::White ? 0x9E3779B97F4A7C15ULL : 0);
  }

  // Negamax with alpha-beta, values from the side to move.
  int search(int alpha, int beta) {
    ++nodes;
    const Color me = game.toMove();
    const int sign = me == Color::Black ? 1 : -1;
    if (game.over()) {
      return sign * static_cast<int>(engine::areaScore(game.board(), 0).margin());
    }
    const bool cycles = game.rules().ko == engine::KoRule::Simple;
    int best = -1000;
    std::vector<engine::Point> moves(game.board().emptyPoints().begin(),
                                     game.board().emptyPoints().end());
    std::sort(moves.begin(), moves.end());
    moves.push_back(engine::PASS);
    for (engine::Point p : moves) {
      if (game.play(p, me) != engine::MoveError::None) continue;
      int v;
      if (cycles && !game.over() && std::find(line.begin(), line.end(), stateKey()) != line.end()) {
        v = 0;
      } else {
        line.push_back(stateKey());
        v = -search(-beta, -std::max(alpha, best));
        line.pop_back();
      }
      game.undo();
      best = std::max(best, v);
      if (best >= beta) break;
    }
    return best;
  }
};

}  // namespace

int referenceValue(engine::Game& game, uint64_t& nodes) {
  Reference r{game, nodes, {}};
  r.line.push_back(r.stateKey());
  const int n = game.board().width() * game.board().height();
  const int v = r.search(-n - 1, n + 1);
  return game.toMove() == Color::Black ? v : -v;
}

}  // namespace solve
