// A game: a board plus the rules and history that live beside it (side to move, move
// list, positional superko set, consecutive passes), with legality checks that say why
// a move is refused, and undo to any earlier move.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/board/board.hpp"

namespace engine {

enum class KoRule : uint8_t {
  Simple,      // only the immediate recapture of a single stone is forbidden
  Positional,  // no move may recreate any earlier board position (PSK)
};

enum class ScoringRule : uint8_t {
  Area,       // stones + surrounded empty points (Chinese, Tromp-Taylor)
  Territory,  // surrounded empty points + prisoners (Japanese style)
};

struct Rules {
  KoRule ko = KoRule::Positional;
  ScoringRule scoring = ScoringRule::Area;
  bool suicideAllowed = false;  // true for Tromp-Taylor
  int passesToEnd = 2;          // consecutive passes that end the game
  double komi = 7.5;

  // "chinese", "tromp-taylor", "japanese"; throws InputError for other names.
  static Rules named(const std::string& name);
};

// A move by a colour: a point (or PASS).
struct Move {
  Point point = PASS;
  Color color = Color::Black;
  bool operator==(const Move&) const = default;
};

enum class MoveError : uint8_t {
  None,
  GameOver,   // the game already ended by passes
  OffBoard,   // not a point of this board
  Occupied,
  Ko,         // simple ko recapture
  Suicide,
  Superko,    // recreates an earlier position
  WrongColor  // not Black or White
};

const char* moveErrorText(MoveError e);

class Game {
 public:
  explicit Game(BoardSize size = {}, Rules rules = {});

  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }
  void setKomi(double komi) { rules_.komi = komi; }
  Color toMove() const { return toMove_; }
  void setToMove(Color c) { toMove_ = c; }
  const std::vector<Move>& moves() const { return moves_; }
  int consecutivePasses() const { return passes_; }
  bool over() const { return passes_ >= rules_.passesToEnd; }

  // Why c may not play at p now (MoveError::None when it may).
  MoveError check(Point p, Color c) const;
  bool isLegal(Point p, Color c) const { return check(p, c) == MoveError::None; }
  // Plays the move when legal and returns MoveError::None; otherwise changes nothing.
  // After the move the opponent of c is to move.
  MoveError play(Point p, Color c);
  MoveError play(Move m) { return play(m.point, m.color); }
  // Takes back the last move of this game. False when there is none to take back.
  bool undo();

  // Puts setup stones on the board outside the move rules (handicap, SGF AB/AW/AE).
  // Throws InputError if a chain would have no liberty. The move list starts afresh:
  // moves before the setup cannot be undone; earlier positions stay forbidden by PSK.
  void setup(const std::vector<std::pair<Point, Color>>& stones);

  // True when the board position with this hash occurred earlier in the game.
  bool seen(uint64_t hash) const { return history_.count(hash) != 0; }

 private:
  Board board_;
  Rules rules_;
  Color toMove_ = Color::Black;
  std::vector<Move> moves_;
  std::vector<int> passesBefore_;
  int passes_ = 0;
  std::unordered_map<uint64_t, uint32_t> history_;  // position hash -> times reached
};

// A fresh Game under `rules` whose current position is board's stones with toMove to
// play (setup stones, so no move can be undone). Not carried over: board's simple-ko
// point, its undo history and earlier positions (only the empty board and this one are
// in the superko set). Throws InputError for a chain without liberties or a toMove
// that is not Black or White.
Game gameFromBoard(const Board& board, Color toMove, const Rules& rules = {});

}  // namespace engine
