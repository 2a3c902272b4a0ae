// Playout check of doubtful groups: light random playouts (engine/board RandomPlayer,
// which never fills its own single-point eyes) from the position, and the share of them
// in which each point ends up Black's or White's. A group that is not alive by two eyes
// takes the verdict of the playouts when they are clear: its stones end up the
// opponent's in most playouts — dead; its own in most — not dead. This is the Monte
// Carlo ownership idea of Bruegmann's "Monte Carlo Go" (1993) and of the MoGo/Fuego
// dead-stone estimators, used here only where the static reading is unsure.
#include <cmath>

#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"
#include "engine/territory/detail.hpp"

namespace engine::territory_detail {

std::vector<float> playoutOwnership(const Board& board, int playouts, uint64_t seed) {
  const size_t n = static_cast<size_t>(board.width()) * board.height();
  std::vector<float> own(n, 0.f);
  if (playouts <= 0) return own;
  RandomPlayer player(seed);
  Board root(board.width(), board.height());
  root.setColors(board.colorsRowMajor());
  const int maxMoves = 3 * static_cast<int>(n) + 20;
  for (int i = 0; i < playouts; ++i) {
    Board scratch = root;
    // Half the playouts start with Black, half with White: the side to move is unknown.
    playout(scratch, i % 2 ? Color::White : Color::Black, player, maxMoves, 0.0);
    const Score s = areaScore(scratch, 0.0);
    for (size_t k = 0; k < n; ++k) {
      own[k] += s.owner[k] == Color::Black ? 1.f : s.owner[k] == Color::White ? -1.f : 0.f;
    }
  }
  for (float& o : own) o /= static_cast<float>(playouts);
  return own;
}

std::vector<float> checkByPlayouts(const Board& board, const TerritoryParams& params,
                                   GroupSet& set) {
  if (params.playouts <= 0) return {};
  std::vector<float> own = playoutOwnership(board, params.playouts, params.playoutSeed);
  const int w = board.width();
  for (GroupInfo& g : set.groups) {
    if (g.eyes >= 2.0) continue;
    double mine = 0;  // mean ownership of the group's points from its own side, -1..1
    for (Point s : g.stones) {
      const float o = own[static_cast<size_t>(board.y(s)) * w + board.x(s)];
      mine += g.color == Color::Black ? o : -o;
    }
    mine /= static_cast<double>(g.stones.size());
    if (mine <= -params.playoutVerdict) {
      g.status = GroupStatus::Dead;
    } else if (mine >= params.playoutVerdict && g.status != GroupStatus::Alive) {
      g.status = GroupStatus::Unsettled;
    }
  }
  return own;
}

}  // namespace engine::territory_detail
