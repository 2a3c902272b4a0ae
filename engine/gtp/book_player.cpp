// The opening-book player decorator (book_player.hpp).
#include "engine/gtp/book_player.hpp"

#include "engine/board/errors.hpp"

namespace engine {

BookPlayer::BookPlayer(std::shared_ptr<const OpeningBook> book, std::unique_ptr<Player> fallback,
                       BookPlayerParams params)
    : book_(std::move(book)), fallback_(std::move(fallback)), params_(params) {
  if (!book_ || !fallback_) throw InputError("book player needs a book and a fallback player");
}

Point BookPlayer::bookMove(const Game& game) const {
  const Board& board = game.board();
  const int limit = params_.maxMove >= 0 ? params_.maxMove : book_->maxMove();
  if (board.size() != book_->size() || static_cast<int>(game.moves().size()) >= limit)
    return NO_POINT;
  const BookAnswer answer = book_->lookup(board, game.toMove(), params_.lookup);
  for (const BookSuggestion& s : answer.moves) {
    if (s.count < params_.minCount) break;
    const auto xy = decodeMove(s.move, board.size());
    if (!xy) continue;  // the book never passes for us
    const Point p = board.point(*xy);
    if (game.isLegal(p, game.toMove())) return p;
  }
  return NO_POINT;
}

Point BookPlayer::chooseMove(const Game& game, const ClockState& clock, MoveRequest request) {
  if (request == MoveRequest::Normal) {
    const Point p = bookMove(game);
    if (p != NO_POINT) {
      ++bookMoves_;
      return p;
    }
  }
  ++fallbackMoves_;
  return fallback_->chooseMove(game, clock, request);
}

std::string BookPlayer::description() const {
  return "opening book (" + std::to_string(book_->positions().size()) + " positions from " +
         std::to_string(book_->games()) + " games), then " + fallback_->description();
}

void BookPlayer::newGame() {
  fallback_->newGame();
}

}  // namespace engine
