#include "engine/gtp/mcts_player.hpp"

#include <climits>

namespace engine {

namespace {

// The position of game as a fresh Game whose rules end it after two passes.
Game searchCopy(const Game& game) {
  Rules rules = game.rules();
  rules.passesToEnd = 2;
  const Board& b = game.board();
  Game copy(b.size(), rules);
  std::vector<std::pair<Point, Color>> stones;
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      if (isStone(b.at(x, y))) stones.emplace_back(copy.board().point(x, y), b.at(x, y));
    }
  }
  if (!stones.empty()) copy.setup(stones);
  const Color c = game.toMove();
  if (game.consecutivePasses() == 1) {
    copy.play(PASS, opponent(c));  // passing now would end the game
  }
  copy.setToMove(c);
  return copy;
}

}  // namespace

Point MctsPlayer::chooseMove(const Game& game, const ClockState&, MoveRequest) {
  MctsParams params = params_;
  params.resignBelow = 0;
  const MctsResult r = mctsSearch(searchCopy(game), params);
  const Color c = game.toMove();
  if (r.move != NO_POINT && game.isLegal(r.move, c)) return r.move;
  for (const MoveStat& m : r.moves) {
    if (game.isLegal(m.move, c)) return m.move;
  }
  return PASS;
}

std::string MctsPlayer::description() const {
  return "Monte-Carlo tree search with RAVE, " + std::to_string(params_.playouts) +
         " playouts a move";
}

}  // namespace engine
