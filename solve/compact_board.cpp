#include "solve/compact_board.hpp"

#include "engine/board/errors.hpp"

namespace solve {

using engine::Color;

Color CompactBoard::at(int p) const {
  const Mask b = Mask{1} << p;
  return (black_ & b) ? Color::Black : (white_ & b) ? Color::White : Color::Empty;
}

bool CompactBoard::isSuicide(int p, Color c) const {
  const Geometry& g = *g_;
  const Mask nb = g.neighbours(p);
  const Mask emp = empty() & ~(Mask{1} << p);
  if (nb & emp) return false;
  const Mask own = stones(c), opp = stones(engine::opponent(c));
  // Capturing an opponent chain whose only liberty is p makes the move legal.
  for (Mask cand = nb & opp; cand;) {
    const Mask chain = g.flood(cand & -cand, opp);
    cand &= ~chain;
    if (!(g.expand(chain) & emp)) return false;
  }
  // Joining an own chain that has another liberty.
  const Mask joined = g.flood(Mask{1} << p, own | (Mask{1} << p));
  return !(g.expand(joined) & emp);
}

bool CompactBoard::isLegal(int p, Color c) const {
  if (p < 0 || p >= g_->points() || !(empty() >> p & 1)) return false;
  if (p == ko_ && c == koColor_) return false;
  return allowSuicide_ || !isSuicide(p, c);
}

Mask CompactBoard::play(int p, Color c) {
  const Geometry& g = *g_;
  const Mask bit = Mask{1} << p;
  Mask& own = c == Color::Black ? black_ : white_;
  Mask& opp = c == Color::Black ? white_ : black_;
  own |= bit;
  Mask captured = 0;
  const Mask emp = empty();
  for (Mask cand = g.neighbours(p) & opp; cand;) {
    const Mask chain = g.flood(cand & -cand, opp);
    cand &= ~chain;
    if (!(g.expand(chain) & emp)) captured |= chain;
  }
  opp &= ~captured;
  ko_ = -1;
  koColor_ = Color::Empty;
  if (captured == 0) {
    const Mask chain = g.flood(bit, own);
    if (!(g.expand(chain) & emp)) {  // allowed suicide
      own &= ~chain;
      return chain;
    }
  } else if ((captured & (captured - 1)) == 0 && !(g.neighbours(p) & own) &&
             popcount(g.neighbours(p) & empty()) == 1) {
    ko_ = lowestBit(captured);
    koColor_ = engine::opponent(c);
  }
  return captured;
}

void CompactBoard::setStones(Mask black, Mask white) {
  if ((black & white) || ((black | white) & ~g_->all())) {
    throw engine::InputError("compact board: overlapping or off-board stones");
  }
  const Mask emp = g_->all() & ~(black | white);
  for (Mask rest = black | white; rest;) {
    const Mask p = rest & -rest;
    const Mask chain = g_->flood(p, (black & p) ? black : white);
    rest &= ~chain;
    if (!(g_->expand(chain) & emp)) {
      throw engine::InputError("compact board: the chain at " + g_->vertex(lowestBit(chain)) +
                               " has no liberty");
    }
  }
  black_ = black;
  white_ = white;
  ko_ = -1;
  koColor_ = Color::Empty;
}

int areaScore(const Geometry& g, Mask black, Mask white) {
  int score = popcount(black) - popcount(white);
  const Mask emp = g.all() & ~(black | white);
  for (Mask rest = emp; rest;) {
    const Mask region = g.flood(rest & -rest, emp);
    rest &= ~region;
    const Mask border = g.expand(region) & ~region;
    if (!(border & white) && (border & black)) score += popcount(region);
    if (!(border & black) && (border & white)) score -= popcount(region);
  }
  return score;
}

int CompactBoard::areaScore() const {
  return solve::areaScore(*g_, black_, white_);
}

CompactBoard CompactBoard::fromEngine(const Geometry& geometry, const engine::Board& board) {
  if (board.width() != geometry.width() || board.height() != geometry.height()) {
    throw engine::InputError("compact board: size mismatch with the engine board");
  }
  CompactBoard b(geometry);
  b.allowSuicide_ = board.allowSuicide();
  for (int y = 0; y < geometry.height(); ++y) {
    for (int x = 0; x < geometry.width(); ++x) {
      const Color c = board.at(x, y);
      if (c == Color::Black) b.black_ |= Mask{1} << geometry.point(x, y);
      if (c == Color::White) b.white_ |= Mask{1} << geometry.point(x, y);
    }
  }
  if (board.koPoint() != engine::NO_POINT) {
    b.ko_ = geometry.point(board.x(board.koPoint()), board.y(board.koPoint()));
    b.koColor_ = board.koColor();
  }
  return b;
}

engine::Board CompactBoard::toEngine() const {
  engine::Board board(width(), height());
  std::vector<Color> colors(static_cast<size_t>(g_->points()));
  for (int p = 0; p < g_->points(); ++p) colors[p] = at(p);
  board.setColors(colors);
  board.setAllowSuicide(allowSuicide_);
  return board;
}

}  // namespace solve
