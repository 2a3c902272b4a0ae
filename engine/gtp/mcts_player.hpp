// The Monte-Carlo tree search of engine/play/mcts.hpp as a GTP Player: the strongest
// player the project has today (RAVE, light playouts, no patterns or networks yet).
#pragma once

#include "engine/gtp/player.hpp"
#include "engine/play/mcts.hpp"

namespace engine {

class MctsPlayer : public Player {
 public:
  explicit MctsPlayer(MctsParams params) : params_(params) {}
  // Searches a copy of the position under the game's rules with two passes ending the
  // game (the GTP game never ends by itself): the stones as setup, and a pass first when
  // the opponent has just passed. The copy forgets the ko point and earlier positions,
  // so a proposed move that the real game refuses (ko, superko) is replaced by the most
  // visited root move the game allows, or a pass. Never resigns.
  Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request) override;
  std::string description() const override;

 private:
  MctsParams params_;
};

}  // namespace engine
