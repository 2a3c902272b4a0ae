#include "engine/board/score.hpp"

#include <cmath>
#include <cstdio>

namespace engine {

namespace {

struct Regions {
  std::vector<Color> owner;  // row-major
  int blackStones = 0, whiteStones = 0;
  int blackRegion = 0, whiteRegion = 0;
  int deadBlack = 0, deadWhite = 0;
};

// Flood-fills empty (or dead) regions; a region reaching only one colour belongs to it.
Regions countRegions(const Board& board, std::span<const Point> dead) {
  const int w = board.width();
  std::vector<Color> color(board.arraySize());
  for (Point p = 0; p < board.arraySize(); ++p) color[p] = board.at(p);
  Regions r;
  for (Point p : dead) {
    if (board.isPoint(p) && isStone(board.at(p))) {
      (board.at(p) == Color::Black ? r.deadBlack : r.deadWhite)++;
      color[p] = Color::Empty;
    }
  }
  r.owner.assign(static_cast<size_t>(w) * board.height(), Color::Empty);
  std::vector<uint8_t> visited(board.arraySize(), 0);
  std::vector<Point> stack, region;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < w; ++x) {
      const Point p = board.point(x, y);
      if (color[p] == Color::Black) {
        ++r.blackStones;
        r.owner[static_cast<size_t>(y) * w + x] = Color::Black;
      } else if (color[p] == Color::White) {
        ++r.whiteStones;
        r.owner[static_cast<size_t>(y) * w + x] = Color::White;
      }
      if (color[p] != Color::Empty || visited[p]) continue;
      bool touchBlack = false, touchWhite = false;
      region.clear();
      stack.assign(1, p);
      visited[p] = 1;
      while (!stack.empty()) {
        const Point q = stack.back();
        stack.pop_back();
        region.push_back(q);
        for (Point n : board.neighbours(q)) {
          if (color[n] == Color::Black) touchBlack = true;
          if (color[n] == Color::White) touchWhite = true;
          if (color[n] == Color::Empty && !visited[n]) {
            visited[n] = 1;
            stack.push_back(n);
          }
        }
      }
      if (touchBlack == touchWhite) continue;
      const Color c = touchBlack ? Color::Black : Color::White;
      (touchBlack ? r.blackRegion : r.whiteRegion) += static_cast<int>(region.size());
      for (Point q : region) r.owner[static_cast<size_t>(board.y(q)) * w + board.x(q)] = c;
    }
  }
  return r;
}

}  // namespace

std::string Score::result() const {
  const double m = margin();
  if (std::fabs(m) < 1e-9) return "0";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s+%g", m > 0 ? "B" : "W", std::fabs(m));
  return buf;
}

Score areaScore(const Board& board, double komi, std::span<const Point> dead) {
  Regions r = countRegions(board, dead);
  Score s;
  s.black = r.blackStones + r.blackRegion;
  s.white = r.whiteStones + r.whiteRegion;
  s.komi = komi;
  s.owner = std::move(r.owner);
  return s;
}

Score territoryScore(const Board& board, double komi, std::span<const Point> dead) {
  Regions r = countRegions(board, dead);
  Score s;
  s.black = r.blackRegion + board.captures(Color::White) + r.deadWhite;
  s.white = r.whiteRegion + board.captures(Color::Black) + r.deadBlack;
  s.komi = komi;
  s.owner = std::move(r.owner);
  return s;
}

Score scoreGame(const Game& game, std::span<const Point> dead) {
  return game.rules().scoring == ScoringRule::Area
             ? areaScore(game.board(), game.rules().komi, dead)
             : territoryScore(game.board(), game.rules().komi, dead);
}

}  // namespace engine
