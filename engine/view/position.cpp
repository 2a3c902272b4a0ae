#include "engine/view/position.hpp"

#include <cstdlib>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/sgf/sgf.hpp"

#ifndef FGO_SHAPES_DIR
#define FGO_SHAPES_DIR "engine/shapes/library"
#endif

namespace engine {

ViewPosition positionFromSgf(const std::string& path, int move) {
  const std::string bytes = readFileBytes(path);
  LoadedGame whole = loadSgfGame(bytes);
  const int total = whole.record.moveCount();
  if (move < -1 || move > total) {
    throw InputError(path + ": move " + std::to_string(move) + " is out of range (the game has " +
                     std::to_string(total) + " moves; use 0.." + std::to_string(total) + ")");
  }
  const int wanted = move < 0 ? total : move;
  ReplayOptions options;
  options.maxMoves = wanted;
  LoadedGame loaded = loadSgfGame(bytes, options);
  if (loaded.replay.movesPlayed < wanted) {
    throw InputError(path + ": the replay stops after move " +
                     std::to_string(loaded.replay.movesPlayed) + " (illegal move " +
                     std::to_string(loaded.replay.movesPlayed + 1) +
                     " in the record), before move " + std::to_string(wanted));
  }
  ViewPosition out{std::move(loaded.replay.game), wanted, total,
                   path + ", move " + std::to_string(wanted), std::move(loaded.replay.warnings)};
  return out;
}

ViewPosition positionFromDiagram(const std::string& path, double komi, Color toMove) {
  const Board board = parseBoard(readFileBytes(path));
  Rules rules;
  rules.komi = komi;
  Game game = gameFromBoard(board, toMove, rules);
  return ViewPosition{std::move(game), 0, 0, path + " (diagram)", {}};
}

std::string defaultShapeLibraryPath() {
  if (const char* env = std::getenv("FGO_SHAPES"); env && *env) return env;
  return std::string(FGO_SHAPES_DIR) + "/starter.shapes";
}

}  // namespace engine

namespace engine {

ViewPosition loadViewPosition(const PositionSource& source) {
  if (source.sgf.empty() == source.diagram.empty()) {
    throw InputError(
        "give exactly one position: an SGF file (--sgf) or a diagram file (--position)");
  }
  if (!source.sgf.empty()) {
    ViewPosition pos = positionFromSgf(source.sgf, source.move);
    if (source.komi) pos.game.setKomi(*source.komi);
    return pos;
  }
  return positionFromDiagram(source.diagram, source.komi.value_or(7.5), source.toMove);
}

}  // namespace engine
