// Points, moves and their text forms.
//
// A Point is an index into a board's padded array (see board.hpp); it depends on the
// board's width. (x, y) coordinates are board-independent: x counts columns from the
// left, y counts rows from the top, both from 0. GTP vertices ("D4", "AA27", "(x,y)")
// count rows from the bottom; the conversions here take the board size.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace engine {

using Point = uint32_t;

// The pass move. Index 0 is always a border point, so it never names a playable point.
inline constexpr Point PASS = 0;
// "No point": no ko, no move.
inline constexpr Point NO_POINT = UINT32_MAX;

// The largest supported board side (issue 2 asks for 1001x1001; tests play on it).
inline constexpr int MAX_BOARD_SIDE = 1001;

struct BoardSize {
  int width = 19;
  int height = 19;
  bool operator==(const BoardSize&) const = default;
  int points() const { return width * height; }
  std::string str() const;  // "19x19", "19x13"
};

// Parses "19", "19x13" or "19:13" (SGF style). Throws InputError with a clear message.
BoardSize parseBoardSize(std::string_view text);

// Throws InputError unless 1 <= width, height <= MAX_BOARD_SIDE.
void validateBoardSize(int width, int height);

// A board coordinate pair (x from the left, y from the top, both from 0).
struct XY {
  int x = 0;
  int y = 0;
  bool operator==(const XY&) const = default;
};

// GTP column letters: A..Z without I for the first 25 columns, then two letters
// (AA is the 26th column, AZ the 50th, BA the 51st) as KataGo and GoGui write them.
std::string columnName(int x);

// GTP vertex text of (x, y) on a board of the given size: "D4", "AB30", or "(x,y)"
// (0-based, y from the top) when the board is wider than 625 columns.
std::string vertexName(XY xy, BoardSize size);

// Parses a GTP vertex (case-insensitive) or "pass" on a board of the given size.
// Returns std::nullopt for "pass". Throws InputError for text that is not a vertex
// or is off the board.
std::optional<XY> parseVertex(std::string_view text, BoardSize size);

}  // namespace engine
