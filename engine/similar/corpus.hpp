// Game folders for matching: the SGF files of a directory, and the positions of a game
// with the move played from each.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/sgf/record.hpp"
#include "engine/sgf/sgf.hpp"  // listSgfFiles

namespace engine {

// A move as stored by the index and the book: y * width + x, or one of these codes.
inline constexpr uint16_t MOVE_PASS = 0xFFFF;
inline constexpr uint16_t MOVE_NONE = 0xFFFE;

// Encodes a point (or PASS) of a board; throws InputError when the board has more than
// 65,534 points.
uint16_t encodeMove(const Board& board, Point p);
// Decodes a move code on a board of this size: the coordinates, or nullopt for a pass.
// Throws InputError for MOVE_NONE or a code off the board.
std::optional<XY> decodeMove(uint16_t code, BoardSize size);
// Text of a move code: GTP vertex, "pass", or "-" for MOVE_NONE.
std::string moveText(uint16_t code, BoardSize size);

// What a listing shows about a game.
struct GameInfo {
  std::string id;  // file name without directory and extension
  std::string black, white, date, result;
  int moves = 0;  // moves of the main line that replayed
  bool operator==(const GameInfo&) const = default;
};

// One position of a game: the board before move `number` (0-based: number 0 is the
// start), the side to move (the colour of the recorded move) and that move.
struct GamePosition {
  const Game& game;
  int number = 0;
  Color toMove = Color::Black;
  Point next = PASS;
};

// Reads a game file, replays it, and calls visit for each position before a recorded
// move, up to maxMove positions (-1: all). Returns the game's information. Throws
// InputError (or SgfError) for unreadable files; odd records replay as record.hpp says.
GameInfo walkGame(const std::string& file, int maxMove,
                  const std::function<void(const GamePosition&)>& visit);

// The position before move `number` (0-based) of a game file, with the side to move
// and the move played there (PASS when it was a pass or the game had ended).
struct LoadedPosition {
  Game game;
  Color toMove = Color::Black;
  std::optional<Point> next;  // nullopt when the game has no move `number`
  GameInfo info;
};
// Throws InputError when the game has fewer than `number` moves.
LoadedPosition loadPosition(const std::string& file, int number);

}  // namespace engine

namespace engine {

// A JSON string literal of bytes (quotes, backslashes and control bytes escaped; other
// bytes pass through, so non-UTF-8 names stay as they are in the records).
std::string jsonQuoteBytes(std::string_view text);

}  // namespace engine
