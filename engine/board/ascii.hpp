// Board diagrams for readable tests and output.
//
// Parsing: one line per row, top row first. '.', '+' and ',' are empty points, 'X' or
// 'x' black, 'O' or 'o' white; spaces are ignored. Row numbers at either end of a line
// are ignored, and so are lines holding any other letter (column labels such as
// "A B C D"). All rows must have the same width.
#pragma once

#include <string>
#include <string_view>

#include "engine/board/board.hpp"

namespace engine {

// Parses a diagram into a board. Throws InputError naming the line and column of the
// first problem (unknown character, ragged rows, a chain without liberties, no rows).
Board parseBoard(std::string_view diagram);

// The board as rows of "X", "O", "." separated by spaces. With labels, adds GTP column
// letters above and below and row numbers (counted from the bottom) on both sides.
std::string boardToString(const Board& board, bool labels = false);

}  // namespace engine
