#include "engine/gtp/player.hpp"

namespace engine {

Point BaselinePlayer::chooseMove(const Game& game, const ClockState&, MoveRequest) {
  return random_.choose(game);
}

std::string BaselinePlayer::description() const {
  return "baseline uniform random player (no search yet)";
}

}  // namespace engine
