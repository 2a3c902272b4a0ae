// Heavy-playout ownership for the territory module's playout check (final_status.hpp).
#include "engine/play/final_status.hpp"

#include "engine/board/score.hpp"

namespace engine {

namespace {

// One heavy playout on `board` with `first` to move, until two passes or maxMoves.
void heavyPlayout(Board& board, Color first, PlayoutPolicy& policy, int maxMoves) {
  Color c = first;
  Point last = NO_POINT;
  int passes = 0;
  for (int moves = 0; passes < 2 && moves < maxMoves; ++moves) {
    const Point p = policy.choose(board, c, last);
    if (p == PASS) {
      board.pass(c);
      ++passes;
    } else {
      board.play(p, c);
      passes = 0;
    }
    last = p;
    c = opponent(c);
  }
}

}  // namespace

std::vector<float> heavyOwnership(const Board& board, const FinalStatusParams& params) {
  const size_t n = static_cast<size_t>(board.width()) * board.height();
  std::vector<float> own(n, 0.f);
  if (params.playouts <= 0) return own;
  PlayoutPolicy policy(params.seed, params.policy);
  Board root(board.width(), board.height());
  root.setColors(board.colorsRowMajor());
  const int maxMoves = 3 * static_cast<int>(n) + 20;
  for (int i = 0; i < params.playouts; ++i) {
    Board copy = root;
    // The side to move is unknown: half the playouts start with each colour.
    heavyPlayout(copy, i % 2 ? Color::White : Color::Black, policy, maxMoves);
    const Score s = areaScore(copy, 0.0);
    for (size_t k = 0; k < n; ++k) {
      own[k] += s.owner[k] == Color::Black ? 1.f : s.owner[k] == Color::White ? -1.f : 0.f;
    }
  }
  for (float& o : own) o /= static_cast<float>(params.playouts);
  return own;
}

TerritoryParams finalStatusParams(TerritoryParams base, const FinalStatusParams& params) {
  if (base.playouts <= 0) base.playouts = params.playouts;
  base.ownershipReader = [params](const Board& b) { return heavyOwnership(b, params); };
  base.readerForPoints = false;
  return base;
}

Evaluation finalEvaluation(const Board& board, double komi, const TerritoryParams& base,
                           const FinalStatusParams& params) {
  return evaluate(board, komi, finalStatusParams(base, params));
}

}  // namespace engine
