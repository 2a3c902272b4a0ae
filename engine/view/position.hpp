// Positions to look at: a game record replayed to move N, or a board diagram, and the
// default shape library shipped with the sources.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/sgf/record.hpp"

namespace engine {

// A position with where it came from.
struct ViewPosition {
  Game game;            // the position, with its history (superko, undo)
  int moveNumber = 0;   // moves (passes included) played from the record
  int recordMoves = 0;  // moves in the record's main line
  std::string source;   // "path, move N" or "path (diagram)"
  std::vector<ReplayWarning> warnings;
};

// Game `path` replayed to after move `move` (0: the setup only; -1: the whole main line).
// Throws InputError for an unreadable file, bad SGF, or a move number outside
// 0..(moves in the main line), and when the replay stops before move `move` (an illegal
// move in the record).
ViewPosition positionFromSgf(const std::string& path, int move);

// A board diagram file (engine/board/ascii.hpp format) with the given komi and side to
// move. Throws InputError for an unreadable file or a bad diagram.
ViewPosition positionFromDiagram(const std::string& path, double komi, Color toMove);

// The starter shape library in the source tree (engine/shapes/library/starter.shapes),
// or the FGO_SHAPES environment variable's path when it is set.
std::string defaultShapeLibraryPath();

}  // namespace engine

namespace engine {

// Where `fgo analyze` and `fgo render` take their position from: exactly one of an SGF
// file (with a move number) and a diagram file.
struct PositionSource {
  std::string sgf;              // SGF file, or ""
  int move = -1;                // -1: the end of the main line
  std::string diagram;          // diagram file, or ""
  std::optional<double> komi;   // overrides the record's komi (diagram default 7.5)
  Color toMove = Color::Black;  // diagrams only
};

// The position a source names. Throws InputError when none or both files are given and
// for anything positionFromSgf / positionFromDiagram refuse.
ViewPosition loadViewPosition(const PositionSource& source);

}  // namespace engine
