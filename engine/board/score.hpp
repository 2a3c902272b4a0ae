// Counting a finished position: area (stones + surrounded empty points; Chinese,
// Tromp-Taylor) or territory (surrounded points + prisoners; Japanese style). Dead
// stones are supplied by the caller; they are removed before counting and count as
// prisoners under territory scoring.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/game.hpp"

namespace engine {

struct Score {
  double black = 0;  // Black's points (before komi)
  double white = 0;  // White's points (before komi)
  double komi = 0;
  // Who owns each point after counting, row by row from the top-left: Black, White or
  // Empty (dame, or an empty region touching both colours).
  std::vector<Color> owner;

  // Black's margin: black - white - komi (positive: Black wins).
  double margin() const { return black - white - komi; }
  // GTP / SGF result text: "B+3.5", "W+0.5", or "0" for a draw.
  std::string result() const;
};

// Area score. Points in `dead` must hold stones; they are treated as empty.
Score areaScore(const Board& board, double komi, std::span<const Point> dead = {});

// Territory score: surrounded empty points (including points of dead stones) plus
// prisoners (board captures and dead stones). Stones on the board do not count.
Score territoryScore(const Board& board, double komi, std::span<const Point> dead = {});

// The score of a game under its own rules.
Score scoreGame(const Game& game, std::span<const Point> dead = {});

}  // namespace engine
