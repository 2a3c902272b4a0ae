// this code uses the idea of fractal go by Serge Boisse
#include "reduce/repair.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace reduce {

using engine::Color;

namespace {

// A (w + 2) x (h + 2) copy with a border ring, so neighbours need no bounds checks.
struct Padded {
  int stride;
  std::vector<uint8_t> cell;  // 0 empty, 1 black, 2 white, 3 border
  Padded(const std::vector<Color>& colors, int w, int h)
      : stride(w + 2), cell(static_cast<size_t>(w + 2) * (h + 2), 3) {
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const Color c = colors[static_cast<size_t>(y) * w + x];
        cell[static_cast<size_t>(y + 1) * stride + x + 1] = c == Color::Black   ? 1
                                                            : c == Color::White ? 2
                                                                                : 0;
      }
    }
  }
  int toRowMajor(int q) const { return (q / stride - 1) * (stride - 2) + q % stride - 1; }
};

// Flood-fills the chain at padded index `start` into `chain`; returns whether it has a
// liberty.
bool chainHasLiberty(const Padded& g, int start, std::vector<int>& chain,
                     std::vector<uint32_t>& mark, uint32_t stamp) {
  const uint8_t c = g.cell[static_cast<size_t>(start)];
  chain.assign(1, start);
  mark[static_cast<size_t>(start)] = stamp;
  bool liberty = false;
  for (size_t i = 0; i < chain.size(); ++i) {
    const int p = chain[i];
    for (int n : {p - 1, p + 1, p - g.stride, p + g.stride}) {
      const uint8_t v = g.cell[static_cast<size_t>(n)];
      liberty |= v == 0;
      if (v == c && mark[static_cast<size_t>(n)] != stamp) {
        mark[static_cast<size_t>(n)] = stamp;
        chain.push_back(n);
      }
    }
  }
  return liberty;
}

// Quick test: every stone with an empty neighbour gives its chain a liberty, so only
// stones without one need the flood fill. True when some chain has no liberty.
bool anyChainWithoutLiberty(const Padded& g, std::vector<int>& chain, std::vector<uint32_t>& mark,
                            uint32_t stamp) {
  for (int p = g.stride; p < static_cast<int>(g.cell.size()) - g.stride; ++p) {
    const uint8_t v = g.cell[static_cast<size_t>(p)];
    if (v != 1 && v != 2) continue;
    if (g.cell[static_cast<size_t>(p - 1)] == 0 || g.cell[static_cast<size_t>(p + 1)] == 0 ||
        g.cell[static_cast<size_t>(p - g.stride)] == 0 ||
        g.cell[static_cast<size_t>(p + g.stride)] == 0)
      continue;
    if (mark[static_cast<size_t>(p)] == stamp) continue;
    if (!chainHasLiberty(g, p, chain, mark, stamp)) return true;
  }
  return false;
}

}  // namespace

int repairLegality(std::vector<Color>& colors, int w, int h, const std::vector<float>& black,
                   const std::vector<float>& white) {
  Padded g(colors, w, h);
  std::vector<int> chain;
  std::vector<uint32_t> mark(g.cell.size(), 0);
  uint32_t stamp = 1;
  if (!anyChainWithoutLiberty(g, chain, mark, stamp)) return 0;  // the common case
  auto evidence = [&](int q) {
    const size_t i = static_cast<size_t>(g.toRowMajor(q));
    return g.cell[static_cast<size_t>(q)] == 1 ? black[i] : white[i];
  };
  int removed = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    ++stamp;
    for (int start = g.stride; start < static_cast<int>(g.cell.size()) - g.stride; ++start) {
      const uint8_t v = g.cell[static_cast<size_t>(start)];
      if ((v != 1 && v != 2) || mark[static_cast<size_t>(start)] == stamp) continue;
      if (chainHasLiberty(g, start, chain, mark, stamp)) continue;
      // Cheapest stone to lose: one of the chain's, or an adjacent enemy's.
      int best = -1;
      float bestCost = std::numeric_limits<float>::max();
      const uint8_t enemy = static_cast<uint8_t>(3 - v);
      for (int p : chain) {
        if (evidence(p) < bestCost) {
          bestCost = evidence(p);
          best = p;
        }
        for (int n : {p - 1, p + 1, p - g.stride, p + g.stride}) {
          if (g.cell[static_cast<size_t>(n)] == enemy && evidence(n) < bestCost) {
            bestCost = evidence(n);
            best = n;
          }
        }
      }
      g.cell[static_cast<size_t>(best)] = 0;
      colors[static_cast<size_t>(g.toRowMajor(best))] = Color::Empty;
      ++removed;
      changed = true;
    }
  }
  return removed;
}

Grid finishGrid(engine::BoardSize to, std::vector<Color> colors, std::vector<float> black,
                std::vector<float> white) {
  Grid g;
  g.size = to;
  g.repaired = repairLegality(colors, to.width, to.height, black, white);
  g.colors = std::move(colors);
  g.black = std::move(black);
  g.white = std::move(white);
  return g;
}

}  // namespace reduce
