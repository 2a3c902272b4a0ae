// Ladder reading (ladder.hpp). Move order, for both readers: the defender's candidate
// points (its liberty and the liberties of neighbouring attacker chains in atari) in
// increasing point order; the attacker's two ataris in increasing point order.
#include "engine/prior/ladder.hpp"

#include <algorithm>
#include <vector>

namespace prior {

using engine::Color;
using engine::opponent;

namespace {

// Liberties of p's chain in increasing order, by walking the board's chain list.
void chainLiberties(const Board& b, Point p, std::vector<Point>& out) {
  out.clear();
  Point q = p;
  do {
    for (Point nb : b.neighbours(q)) {
      if (b.at(nb) == Color::Empty && std::find(out.begin(), out.end(), nb) == out.end())
        out.push_back(nb);
    }
    q = b.nextInChain(q);
  } while (q != p);
  std::sort(out.begin(), out.end());
}

// The defender's candidate moves for the chain at p (in atari), sorted and distinct.
void defenderMoves(const Board& b, Point p, std::vector<Point>& out) {
  out.clear();
  const Color att = opponent(b.at(p));
  Point q = p;
  do {
    for (Point nb : b.neighbours(q)) {
      if (b.at(nb) == Color::Empty) out.push_back(nb);
      if (b.at(nb) == att) {
        const Point lib = b.libertyIfAtari(nb);
        if (lib != engine::NO_POINT) out.push_back(lib);
      }
    }
    q = b.nextInChain(q);
  } while (q != p);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace

bool ladderCaptured(Board& board, Point p, int& budget) {
  const Color def = board.at(p);
  std::vector<Point> moves;
  defenderMoves(board, p, moves);
  for (Point m : moves) {
    if (!board.isLegal(m, def)) continue;
    if (--budget < 0) return false;
    board.play(m, def);
    const int libs = board.liberties(p);
    const bool escaped = libs >= 3 || (libs == 2 && !ladderAttackWorks(board, p, budget));
    board.undo();
    if (escaped) return false;
  }
  return true;
}

bool ladderAttackWorks(Board& board, Point p, int& budget) {
  const Color att = opponent(board.at(p));
  std::vector<Point> libs;
  chainLiberties(board, p, libs);
  for (Point l : libs) {
    if (!board.isLegal(l, att)) continue;
    if (--budget < 0) return false;
    board.play(l, att);
    const bool captured = board.liberties(p) == 1 && ladderCaptured(board, p, budget);
    board.undo();
    if (captured) return true;
  }
  return false;
}

// ---- The from-scratch twin: colours only, a copy per move. ----

namespace {

// The stones of p's chain and its liberties (sorted) by a flood fill over the colours.
void floodChain(const Board& b, Point p, std::vector<Point>& stones, std::vector<Point>& libs) {
  const Color c = b.at(p);
  stones.assign(1, p);
  libs.clear();
  for (size_t i = 0; i < stones.size(); ++i) {
    for (Point nb : b.neighbours(stones[i])) {
      if (b.at(nb) == c && std::find(stones.begin(), stones.end(), nb) == stones.end())
        stones.push_back(nb);
      if (b.at(nb) == Color::Empty && std::find(libs.begin(), libs.end(), nb) == libs.end())
        libs.push_back(nb);
    }
  }
  std::sort(libs.begin(), libs.end());
}

int floodLiberties(const Board& b, Point p) {
  std::vector<Point> stones, libs;
  floodChain(b, p, stones, libs);
  return static_cast<int>(libs.size());
}

}  // namespace

bool ladderCapturedByCopying(const Board& board, Point p, int& budget) {
  const Color def = board.at(p);
  const Color att = opponent(def);
  std::vector<Point> stones, libs, moves;
  floodChain(board, p, stones, libs);
  moves = libs;
  for (Point s : stones) {
    for (Point nb : board.neighbours(s)) {
      if (board.at(nb) != att) continue;
      std::vector<Point> st2, lib2;
      floodChain(board, nb, st2, lib2);
      if (lib2.size() == 1) moves.push_back(lib2[0]);
    }
  }
  std::sort(moves.begin(), moves.end());
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
  for (Point m : moves) {
    if (!board.isLegal(m, def)) continue;
    if (--budget < 0) return false;
    Board after = board;
    after.play(m, def);
    const int n = floodLiberties(after, p);
    const bool escaped = n >= 3 || (n == 2 && !ladderAttackWorksByCopying(after, p, budget));
    if (escaped) return false;
  }
  return true;
}

bool ladderAttackWorksByCopying(const Board& board, Point p, int& budget) {
  const Color att = opponent(board.at(p));
  std::vector<Point> stones, libs;
  floodChain(board, p, stones, libs);
  for (Point l : libs) {
    if (!board.isLegal(l, att)) continue;
    if (--budget < 0) return false;
    Board after = board;
    after.play(l, att);
    if (floodLiberties(after, p) == 1 && ladderCapturedByCopying(after, p, budget)) return true;
  }
  return false;
}

}  // namespace prior
