#include "engine/gtp/player.hpp"

#include "engine/gtp/protocol.hpp"

namespace engine {

Point Player::chooseMove(const Game& game, const ClockState& clock, MoveRequest request,
                         const SearchReporter&) {
  return chooseMove(game, clock, request);
}

MctsResult Player::analyze(const Game&, Color, const SearchReporter&) {
  throw GtpError("analysis needs a searching player (fgo gtp --player mcts)");
}

Point BaselinePlayer::chooseMove(const Game& game, const ClockState&, MoveRequest) {
  return random_.choose(game);
}

std::string BaselinePlayer::description() const {
  return "baseline uniform random player (no search yet)";
}

}  // namespace engine
