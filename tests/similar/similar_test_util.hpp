// Helpers shared by the tests of engine/similar: random positions and transformed copies.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/symmetry.hpp"

namespace simtest {

// A position after `moves` random moves (Black first) on a board of this size.
inline engine::Board randomBoard(engine::BoardSize size, int moves, uint64_t seed) {
  engine::Board b(size);
  engine::RandomPlayer player(seed);
  engine::Color c = engine::Color::Black;
  for (int i = 0; i < moves; ++i) {
    const engine::Point p = player.choose(b, c);
    if (p == engine::PASS) {
      b.pass(c);
    } else {
      b.play(p, c);
    }
    c = engine::opponent(c);
  }
  return b;
}

// The board with every stone moved by symmetry s and, when swap, colours exchanged.
inline engine::Board transformed(const engine::Board& b, int s, bool swap) {
  std::vector<engine::Color> colours(static_cast<size_t>(b.width()) * b.height(),
                                     engine::Color::Empty);
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      engine::Color c = b.at(x, y);
      if (swap && engine::isStone(c)) c = engine::opponent(c);
      const engine::XY q = engine::applySymmetry(s, {x, y}, b.size());
      colours[static_cast<size_t>(q.y) * b.width() + q.x] = c;
    }
  }
  engine::Board out(b.size());
  out.setColors(colours);
  return out;
}

}  // namespace simtest
