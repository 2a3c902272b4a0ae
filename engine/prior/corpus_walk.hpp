// The positions of a game file as the move model sees them: board, side to move, the
// last two moves and the move played.
#pragma once

#include <functional>
#include <string>

#include "engine/board/board.hpp"

namespace prior {

struct PositionView {
  const engine::Board& board;
  engine::Color toMove;
  engine::Point last;        // PASS, or engine::NO_POINT at the start
  engine::Point beforeLast;  // likewise
  engine::Point played;      // the recorded move (PASS for a pass)
};

// Replays a game file (SGF or plain; odd records as engine/sgf/record.hpp says) and
// calls visit before every recorded move. Throws engine::InputError for unreadable files.
void walkPositions(const std::string& file, const std::function<void(const PositionView&)>& visit);

}  // namespace prior
