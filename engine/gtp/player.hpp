// Move generators behind genmove. The GTP engine asks a Player for a move and checks it
// against the game's rules before playing it, so a player can never make the engine
// play an illegal move. The real engine (search) slots in later as another Player.
#pragma once

#include <cstdint>
#include <string>

#include "engine/board/game.hpp"
#include "engine/board/random_player.hpp"
#include "engine/gtp/clock.hpp"

namespace engine {

// What genmove asks for.
enum class MoveRequest : unsigned char {
  Normal,   // genmove / reg_genmove
  Cleanup,  // kgs-genmove_cleanup: keep playing until dead stones are captured
};

class Player {
 public:
  virtual ~Player() = default;
  // A move (or PASS) for the side to move in game (game.toMove()). It must be legal
  // under the game's rules; the caller checks.
  virtual Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request) = 0;
  // The name shown by GTP `version` and in logs, saying what kind of player this is.
  virtual std::string description() const = 0;
  // Called on boardsize / clear_board / loadsgf: forget anything about the old game.
  virtual void newGame() {}
};

// BASELINE: the uniform random player of engine/board/random_player.hpp, under the
// game's full rules (superko too). It never fills its own single-point eyes and
// passes only when it has no other legal move, which also serves cleanup: it goes on
// playing (and so capturing) while the opponent passes. It ignores the clock and
// never resigns.
class BaselinePlayer : public Player {
 public:
  explicit BaselinePlayer(uint64_t seed = 1) : random_(seed) {}
  Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request) override;
  std::string description() const override;

 private:
  RandomPlayer random_;
};

}  // namespace engine
