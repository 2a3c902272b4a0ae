// A player that plays from an opening book (engine/similar/book.hpp) while the position
// is in book and otherwise defers to the player it wraps (a decorator). `fgo gtp --book
// FILE` wraps the engine's player with it.
#pragma once

#include <memory>
#include <string>

#include "engine/gtp/player.hpp"
#include "engine/similar/book.hpp"

namespace engine {

struct BookPlayerParams {
  LookupParams lookup;    // exact first, then approximate within lookup.maxDistance
  int maxMove = -1;       // consult the book before this many moves (-1: the book's limit)
  uint32_t minCount = 1;  // a suggestion needs at least this many games
};

class BookPlayer : public Player {
 public:
  // Throws InputError when book or fallback is null.
  BookPlayer(std::shared_ptr<const OpeningBook> book, std::unique_ptr<Player> fallback,
             BookPlayerParams params = {});
  // The book's most played legal move for this position, or the fallback's move.
  Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request) override;
  std::string description() const override;
  void newGame() override;

  // The book move for a position, or NO_POINT when the book has none that is legal.
  Point bookMove(const Game& game) const;
  // Moves played from the book / by the fallback since construction.
  long bookMoves() const { return bookMoves_; }
  long fallbackMoves() const { return fallbackMoves_; }

 private:
  std::shared_ptr<const OpeningBook> book_;
  std::unique_ptr<Player> fallback_;
  BookPlayerParams params_;
  long bookMoves_ = 0;
  long fallbackMoves_ = 0;
};

}  // namespace engine
