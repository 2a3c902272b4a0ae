#include "engine/board/game.hpp"

#include <algorithm>

#include "engine/board/errors.hpp"

namespace engine {

Rules Rules::named(const std::string& name) {
  std::string n = name;
  std::transform(n.begin(), n.end(), n.begin(), [](unsigned char ch) { return std::tolower(ch); });
  Rules r;
  if (n == "chinese" || n == "area") {
    r.komi = 7.5;
  } else if (n == "tromp-taylor" || n == "tromp_taylor" || n == "tt") {
    r.suicideAllowed = true;
    r.komi = 7.5;
  } else if (n == "japanese" || n == "territory") {
    r.scoring = ScoringRule::Territory;
    r.komi = 6.5;
  } else {
    throw InputError("unknown rules '" + name + "': expected chinese, tromp-taylor or japanese");
  }
  return r;
}

const char* moveErrorText(MoveError e) {
  switch (e) {
    case MoveError::None: return "legal";
    case MoveError::GameOver: return "the game is over";
    case MoveError::OffBoard: return "not a point of this board";
    case MoveError::Occupied: return "point is occupied";
    case MoveError::Ko: return "ko recapture";
    case MoveError::Suicide: return "suicide";
    case MoveError::Superko: return "repeats an earlier position (superko)";
    case MoveError::WrongColor: return "colour must be black or white";
  }
  return "?";
}

Game::Game(BoardSize size, Rules rules) : board_(size), rules_(rules) {
  board_.setAllowSuicide(rules_.suicideAllowed);
  history_[board_.hash()] = 1;
}

MoveError Game::check(Point p, Color c) const {
  if (!isStone(c)) return MoveError::WrongColor;
  if (over()) return MoveError::GameOver;
  if (p == PASS) return MoveError::None;
  if (!board_.isPoint(p)) return MoveError::OffBoard;
  if (board_.at(p) != Color::Empty) return MoveError::Occupied;
  if (p == board_.koPoint() && c == board_.koColor()) return MoveError::Ko;
  if (!rules_.suicideAllowed && board_.isSuicide(p, c)) return MoveError::Suicide;
  if (rules_.ko == KoRule::Positional && seen(board_.hashAfter(p, c))) return MoveError::Superko;
  return MoveError::None;
}

MoveError Game::play(Point p, Color c) {
  const MoveError e = check(p, c);
  if (e != MoveError::None) return e;
  passesBefore_.push_back(passes_);
  if (p == PASS) {
    board_.pass(c);
    ++passes_;
  } else {
    board_.play(p, c);
    ++history_[board_.hash()];
    passes_ = 0;
  }
  moves_.push_back({p, c});
  toMove_ = opponent(c);
  return MoveError::None;
}

bool Game::undo() {
  if (moves_.empty()) return false;
  const Move m = moves_.back();
  if (m.point != PASS) {
    auto it = history_.find(board_.hash());
    if (it != history_.end() && --it->second == 0) history_.erase(it);
  }
  board_.undo();
  moves_.pop_back();
  passes_ = passesBefore_.back();
  passesBefore_.pop_back();
  toMove_ = m.color;
  return true;
}

void Game::setup(const std::vector<std::pair<Point, Color>>& stones) {
  std::vector<Color> colors = board_.colorsRowMajor();
  for (const auto& [p, c] : stones) {
    if (!board_.isPoint(p)) throw InputError("setup stone off the board");
    if (c == Color::Border) throw InputError("setup colour must be black, white or empty");
    const XY xy = board_.xy(p);
    colors[static_cast<size_t>(xy.y) * board_.width() + xy.x] = c;
  }
  Board next = board_;
  next.setColors(colors);
  if (next.hasChainWithoutLiberties()) {
    throw InputError("setup leaves a chain without liberties");
  }
  board_ = std::move(next);
  moves_.clear();
  passesBefore_.clear();
  passes_ = 0;
  ++history_[board_.hash()];
}

Game gameFromBoard(const Board& board, Color toMove, const Rules& rules) {
  if (!isStone(toMove)) throw InputError("gameFromBoard: the side to move must be black or white");
  Game game(board.size(), rules);
  std::vector<std::pair<Point, Color>> stones;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      // Same size, so the same point indices on both boards.
      if (isStone(board.at(x, y))) stones.emplace_back(board.point(x, y), board.at(x, y));
    }
  }
  if (!stones.empty()) game.setup(stones);
  game.setToMove(toMove);
  return game;
}

}  // namespace engine
