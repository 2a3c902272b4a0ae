// Move generators behind genmove. The GTP engine asks a Player for a move and checks it
// against the game's rules before playing it, so a player can never make the engine
// play an illegal move. Players that search can also report their search as it goes
// (the analysis commands lz-analyze / kata-analyze, go_engine_analyze.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "engine/board/game.hpp"
#include "engine/board/random_player.hpp"
#include "engine/gtp/clock.hpp"
#include "engine/play/mcts.hpp"

namespace engine {

// What genmove asks for.
enum class MoveRequest : unsigned char {
  Normal,   // genmove / reg_genmove
  Cleanup,  // kgs-genmove_cleanup: keep playing until dead stones are captured
};

// The answer of a player that gives up ("resign" in GTP).
inline constexpr Point RESIGN = NO_POINT;

// How a searching player reports while it searches (analysis commands).
struct SearchReporter {
  // Called with a snapshot about every intervalSeconds; returning false stops the search.
  std::function<bool(const MctsResult&)> report;
  double intervalSeconds = 0.1;
  bool ownership = false;                   // snapshots carry the ownership map
  const std::atomic<bool>* stop = nullptr;  // set by the GTP reader when input arrives
};

class Player {
 public:
  virtual ~Player() = default;
  // A move, PASS or RESIGN for the side to move in game (game.toMove()). A move must be
  // legal under the game's rules; the caller checks.
  virtual Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request) = 0;
  // The same, reporting the search as it goes; players that do not search ignore the
  // reporter.
  virtual Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request,
                           const SearchReporter& reporter);
  // True when analyze() is supported.
  virtual bool canAnalyze() const { return false; }
  // Searches the position with toMove to play, for analysis: until the reporter's stop
  // flag is set (or, without one, the player's fixed budget), reporting every interval.
  // Throws GtpError when the player cannot analyse.
  virtual MctsResult analyze(const Game& game, Color toMove, const SearchReporter& reporter);
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
  using Player::chooseMove;
  Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request) override;
  std::string description() const override;

 private:
  RandomPlayer random_;
};

}  // namespace engine
