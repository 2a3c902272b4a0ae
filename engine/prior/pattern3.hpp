// 3x3 patterns around a point, with the liberty class (1, 2, 3+) of the four orthogonal
// neighbour chains, seen from the side to move ("own" and "opponent" stones), and their
// canonical form under the 8 rotations and reflections. The cell layout follows the
// 3x3 patterns of Coulom 2007 and Pachi (atari information on orthogonal neighbours).
#pragma once

#include <cstdint>

namespace prior {

// A raw code: four orthogonal cells (N, W, E, S; 3 bits each: 0 empty, 1 off board,
// 2..4 own chain with 1, 2, 3+ liberties, 5..7 opponent chain with 1, 2, 3+) in bits
// 0..11, then four diagonal cells (NW, NE, SW, SE; 2 bits each: 0 empty, 1 own,
// 2 opponent, 3 off board) in bits 12..19.
inline constexpr uint32_t PATTERN3_CODES = 1u << 20;

// Number of canonical 3x3 codes (classes under the 8 symmetries).
uint32_t pattern3Count();
// Dense id (0..pattern3Count()-1) of the class of a raw code (< PATTERN3_CODES).
uint32_t pattern3Id(uint32_t code);
// The smallest raw code of the class with this dense id.
uint32_t pattern3Canonical(uint32_t id);
// The raw code after symmetry s (0..7: bit 0 flips x, bit 1 flips y, bit 2 swaps x, y).
uint32_t pattern3Transform(uint32_t code, int s);
// The raw code with own and opponent stones exchanged.
uint32_t pattern3SwapColors(uint32_t code);

}  // namespace prior
