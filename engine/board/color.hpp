// Colours of board points. Border marks the padding ring around the playing area.
#pragma once

#include <cstdint>

namespace engine {

enum class Color : uint8_t { Empty = 0, Black = 1, White = 2, Border = 3 };

// The other player's colour; only meaningful for Black and White.
constexpr Color opponent(Color c) { return c == Color::Black ? Color::White : Color::Black; }

// opponent() for c Black or White only, as arithmetic (3 - c) instead of a comparison:
// for the move loops of playouts.
constexpr Color stoneOpponent(Color c) { return static_cast<Color>(3 - static_cast<int>(c)); }

constexpr bool isStone(Color c) { return c == Color::Black || c == Color::White; }

// 'X' black, 'O' white, '.' empty, '#' border.
constexpr char colorChar(Color c) {
  switch (c) {
    case Color::Black: return 'X';
    case Color::White: return 'O';
    case Color::Empty: return '.';
    default: return '#';
  }
}

// "B"/"W" as used by GTP and SGF.
constexpr const char* colorName(Color c) { return c == Color::Black ? "B" : c == Color::White ? "W" : "-"; }

}  // namespace engine
