// Shapes: bitboard pattern matching and the incremental match map (issue 4).
//
// Start with library.hpp (the text format, categories, symmetric expansion into pattern
// bitmaps), then bitboard.hpp (2-bit rows with an off-board frame), matcher.hpp
// (mask-and-compare per placement and the bit-parallel full-board sweep, batch matching
// with OpenMP) and shape_map.hpp (instances kept up to date from the board's change
// record). docs/SHAPES.md describes the library files in engine/shapes/library/.
#pragma once

#include "engine/shapes/bitboard.hpp"
#include "engine/shapes/library.hpp"
#include "engine/shapes/matcher.hpp"
#include "engine/shapes/shape_map.hpp"
