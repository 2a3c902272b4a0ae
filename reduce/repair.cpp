// this code uses the idea of fractal go by Serge Boisse
#include "reduce/repair.hpp"

#include <cstddef>
#include <limits>

namespace reduce {

using engine::Color;

namespace {

// Flood-fills the chain at `start`; returns whether it has a liberty and fills `chain`.
bool chainHasLiberty(const std::vector<Color>& colors, int w, int h, int start,
                     std::vector<int>& chain, std::vector<int>& mark, int stamp) {
  const Color c = colors[start];
  chain.assign(1, start);
  mark[start] = stamp;
  bool liberty = false;
  for (size_t i = 0; i < chain.size(); ++i) {
    const int p = chain[i];
    const int x = p % w, y = p / w;
    const int nbs[4] = {x > 0 ? p - 1 : -1, x + 1 < w ? p + 1 : -1, y > 0 ? p - w : -1,
                        y + 1 < h ? p + w : -1};
    for (int n : nbs) {
      if (n < 0) continue;
      if (colors[n] == Color::Empty) liberty = true;
      if (colors[n] == c && mark[n] != stamp) {
        mark[n] = stamp;
        chain.push_back(n);
      }
    }
  }
  return liberty;
}

}  // namespace

int repairLegality(std::vector<Color>& colors, int w, int h, const std::vector<float>& black,
                   const std::vector<float>& white) {
  auto evidence = [&](int p) { return colors[p] == Color::Black ? black[p] : white[p]; };
  int removed = 0;
  std::vector<int> chain, mark(colors.size(), 0);
  int stamp = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    ++stamp;
    for (int start = 0; start < w * h; ++start) {
      if (!engine::isStone(colors[start]) || mark[start] == stamp) continue;
      if (chainHasLiberty(colors, w, h, start, chain, mark, stamp)) continue;
      // Cheapest stone to lose: one of the chain's, or an adjacent enemy's.
      int best = -1;
      float bestCost = std::numeric_limits<float>::max();
      const Color enemy = engine::opponent(colors[start]);
      for (int p : chain) {
        if (evidence(p) < bestCost) {
          bestCost = evidence(p);
          best = p;
        }
        const int x = p % w, y = p / w;
        const int nbs[4] = {x > 0 ? p - 1 : -1, x + 1 < w ? p + 1 : -1, y > 0 ? p - w : -1,
                            y + 1 < h ? p + w : -1};
        for (int n : nbs) {
          if (n >= 0 && colors[n] == enemy && evidence(n) < bestCost) {
            bestCost = evidence(n);
            best = n;
          }
        }
      }
      colors[best] = Color::Empty;
      ++removed;
      changed = true;
    }
  }
  return removed;
}

Reduction finishReduction(engine::BoardSize from, Color toMove, engine::BoardSize to,
                          std::vector<Color> colors, std::vector<float> black,
                          std::vector<float> white) {
  Reduction r;
  r.from = from;
  r.toMove = toMove;
  r.repaired = repairLegality(colors, to.width, to.height, black, white);
  r.board = engine::Board(to);
  r.board.setColors(colors);
  r.black = std::move(black);
  r.white = std::move(white);
  return r;
}

}  // namespace reduce
