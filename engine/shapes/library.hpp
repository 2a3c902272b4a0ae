// Shape library: editable text diagrams, loaded at run time and expanded into every
// symmetric variant (8 rotations/reflections x colour swap) with duplicates dropped.
// The file format and the categories are described in docs/SHAPES.md.
//
// Reading guide: library.hpp (shapes and their pattern bitmaps) -> bitboard.hpp (the
// board as 2-bit rows) -> matcher.hpp (full-board sweeps, batch matching) ->
// shape_map.hpp (the persistent, incrementally updated map of match instances).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/color.hpp"

namespace engine {

// Largest pattern side in points: a pattern row of 2-bit cells fits in 32 bits.
inline constexpr int MAX_PATTERN_SIDE = 16;

// 2-bit cell values of patterns and bit boards (Color's numbering: Empty 0, Black 1,
// White 2, off-board 3).
inline constexpr uint8_t CELL_EMPTY = 0, CELL_BLACK = 1, CELL_WHITE = 2, CELL_OFF = 3;

enum class ShapeCategory : uint8_t {
  Scored,      // good or bad shape with a value for its owner (empty triangle -6)
  Connection,  // joins the chains of named stones, with a confidence
  Keypoint,    // suggests a move at a named point (cuts, vital points, hane)
  Eye,         // full or partial eye at named points, with a confidence
  Joseki,      // corner-anchored opening stage
};

// "scored", "connection", "keypoint", "eye", "joseki".
const char* categoryName(ShapeCategory c);

// A named point of a shape: a letter of the diagram, the role it plays (from the header,
// e.g. "join", "via", "move", "eye"), and its cell in the diagram.
struct NamedPoint {
  char name = 0;
  std::string role;
  int dx = 0, dy = 0;
};

// One canonical shape as written in the file (X is the owner, O the opponent).
struct Shape {
  std::string name;
  ShapeCategory category = ShapeCategory::Scored;
  int value = 0;         // scored shapes: worth to the owner (+ good, - bad)
  int confidence = 100;  // connections, eyes, keypoints: 0..100
  std::string source;    // "file:line" of the header, for messages
  int width = 0, height = 0;
  std::vector<uint8_t> cells;  // row-major CELL_* values; CELL_ANY for don't-care
  std::vector<NamedPoint> points;
};

// Don't-care marker in Shape::cells (never a board value).
inline constexpr uint8_t CELL_ANY = 4;

// One pattern bitmap: a transformed, possibly colour-swapped variant of a shape.
// Row r holds cell dx in bits 2*dx..2*dx+1 of value[r]; mask[r] has 0b11 where the
// cell is specified and 0 where it is don't-care.
struct Pattern {
  uint32_t shape = 0;          // index into ShapeLibrary::shapes()
  uint8_t transform = 0;       // 0..7: bit 0 mirror x, bit 1 mirror y, bit 2 transpose
  Color owner = Color::Black;  // colour playing the diagram's X
  int width = 0, height = 0;
  uint32_t value[MAX_PATTERN_SIDE] = {};
  uint32_t mask[MAX_PATTERN_SIDE] = {};
  std::vector<NamedPoint> points;  // transformed named points

  // Cell (dx, dy): CELL_ANY when don't-care.
  uint8_t cell(int dx, int dy) const;
  // Same bitmap (size, values and mask), whatever the metadata.
  bool sameBitmap(const Pattern& o) const;
};

class ShapeLibrary {
 public:
  // Parses library text; `sourceName` prefixes error messages ("name:line: ...").
  // Throws InputError for any bad input. Variants are generated on load.
  static ShapeLibrary parse(std::string_view text, const std::string& sourceName);
  // Reads and parses a library file; throws InputError if it cannot be read.
  static ShapeLibrary load(const std::string& path);
  // A library built from shapes already in memory (generated libraries, tests).
  static ShapeLibrary fromShapes(std::vector<Shape> shapes);

  const std::vector<Shape>& shapes() const { return shapes_; }
  // Distinct pattern bitmaps, grouped by shape in file order.
  const std::vector<Pattern>& patterns() const { return patterns_; }
  // Largest side of any pattern (0 for an empty library).
  int maxSide() const { return maxSide_; }

 private:
  void expand();
  std::vector<Shape> shapes_;
  std::vector<Pattern> patterns_;
  int maxSide_ = 0;
};

// The 8 rotations/reflections of a shape, then the same with colours swapped, with
// duplicate bitmaps dropped (what ShapeLibrary keeps for each shape).
std::vector<Pattern> expandShape(const Shape& shape, uint32_t shapeIndex);

// The pattern as diagram rows ("X . ?"), for messages and tests.
std::string patternToString(const Pattern& p);

}  // namespace engine
