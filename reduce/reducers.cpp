// this code uses the idea of fractal go by Serge Boisse
#include <algorithm>

#include "engine/board/errors.hpp"
#include "reduce/block_table.hpp"
#include "reduce/reducer.hpp"
#include "reduce/repair.hpp"

namespace reduce {

using engine::Board;
using engine::BoardSize;
using engine::Color;
using engine::InputError;

namespace {

void checkSmaller(const Board& big, BoardSize to) {
  engine::validateBoardSize(to.width, to.height);
  if (to.width > big.width() || to.height > big.height()) {
    throw InputError("cannot reduce " + big.size().str() + " to the larger " + to.str());
  }
}

class ResampleReducer : public Reducer {
 public:
  explicit ResampleReducer(ResampleParams p) : params_(p) {}
  std::string name() const override { return "resample"; }

  Reduction reduce(const Board& big, Color toMove, BoardSize to) const override {
    checkSmaller(big, to);
    const double sx = static_cast<double>(big.width()) / to.width;
    const double sy = static_cast<double>(big.height()) / to.height;
    const size_t n = static_cast<size_t>(to.width) * to.height;
    std::vector<float> black(n, 0), white(n, 0);
    std::vector<Color> colors(n, Color::Empty);
    for (int ty = 0; ty < to.height; ++ty) {
      const double y0 = ty * sy, y1 = (ty + 1) * sy;
      for (int tx = 0; tx < to.width; ++tx) {
        const double x0 = tx * sx, x1 = (tx + 1) * sx;
        double b = 0, w = 0;
        for (int y = static_cast<int>(y0); y < big.height() && y < y1; ++y) {
          const double oy = std::min<double>(y + 1, y1) - std::max<double>(y, y0);
          for (int x = static_cast<int>(x0); x < big.width() && x < x1; ++x) {
            const double o = oy * (std::min<double>(x + 1, x1) - std::max<double>(x, x0));
            if (o <= 0) continue;
            const Color c = big.at(x, y);
            if (c == Color::Black) b += o;
            if (c == Color::White) w += o;
          }
        }
        const size_t i = static_cast<size_t>(ty) * to.width + tx;
        black[i] = static_cast<float>(b / (sx * sy));
        white[i] = static_cast<float>(w / (sx * sy));
        if (black[i] >= params_.stoneThreshold && black[i] > white[i]) colors[i] = Color::Black;
        if (white[i] >= params_.stoneThreshold && white[i] > black[i]) colors[i] = Color::White;
      }
    }
    return finishReduction(big.size(), toMove, to, std::move(colors), std::move(black),
                           std::move(white));
  }

 private:
  ResampleParams params_;
};

// Big-board lines [first, last] behind small line i of a 2m+1 line board.
std::pair<int, int> sectorLines(int i, int m) {
  if (i < m) return {2 * i, 2 * i + 1};
  if (i == m) return {2 * m, 2 * m + 2};
  return {2 * i + 1, 2 * i + 2};
}

class SectorReducer : public Reducer {
 public:
  std::string name() const override { return "sector"; }

  Reduction reduce(const Board& big, Color toMove, BoardSize to) const override {
    checkSmaller(big, to);
    for (auto [from, small] : {std::pair{big.width(), to.width}, {big.height(), to.height}}) {
      if (from < 3 || (from - 3) % 4 != 0 || small != (from - 3) / 2 + 1) {
        throw InputError("sector reduction maps 4m+3 lines to 2m+1 (19 -> 9, 15 -> 7); not " +
                         big.size().str() + " -> " + to.str());
      }
    }
    const int mx = to.width / 2, my = to.height / 2;
    const size_t n = static_cast<size_t>(to.width) * to.height;
    std::vector<float> black(n, 0), white(n, 0);
    std::vector<Color> colors(n, Color::Empty);
    for (int ty = 0; ty < to.height; ++ty) {
      const auto [ya, yb] = sectorLines(ty, my);
      for (int tx = 0; tx < to.width; ++tx) {
        const auto [xa, xb] = sectorLines(tx, mx);
        int b = 0, w = 0, e = 0;
        count(big, xa, xb, ya, yb, b, w, e);
        const size_t i = static_cast<size_t>(ty) * to.width + tx;
        const float area = static_cast<float>(b + w + e);
        black[i] = static_cast<float>(b) / area;
        white[i] = static_cast<float>(w) / area;
        colors[i] = majority(big, xa, xb, ya, yb, b, w, e);
      }
    }
    return finishReduction(big.size(), toMove, to, std::move(colors), std::move(black),
                           std::move(white));
  }

 private:
  static void count(const Board& big, int xa, int xb, int ya, int yb, int& b, int& w, int& e) {
    for (int y = ya; y <= yb; ++y) {
      for (int x = xa; x <= xb; ++x) {
        const Color c = big.at(x, y);
        (c == Color::Black ? b : c == Color::White ? w : e)++;
      }
    }
  }

  // A colour wins with more stones than the other colour and at least as many as the
  // empty points; a tie between the colours goes to the ring around the block.
  static Color majority(const Board& big, int xa, int xb, int ya, int yb, int b, int w, int e) {
    if (b > w && b >= e) return Color::Black;
    if (w > b && w >= e) return Color::White;
    if (b != w || b < e) return Color::Empty;
    int rb = 0, rw = 0;
    for (int y = ya - 1; y <= yb + 1; ++y) {
      for (int x = xa - 1; x <= xb + 1; ++x) {
        if (!big.onBoard(x, y) || (x >= xa && x <= xb && y >= ya && y <= yb)) continue;
        const Color c = big.at(x, y);
        if (c == Color::Black) ++rb;
        if (c == Color::White) ++rw;
      }
    }
    return rb > rw ? Color::Black : rw > rb ? Color::White : Color::Empty;
  }
};

}  // namespace

std::unique_ptr<Reducer> makeSectorReducer() {
  return std::make_unique<SectorReducer>();
}

std::unique_ptr<Reducer> makeResampleReducer(ResampleParams params) {
  return std::make_unique<ResampleReducer>(params);
}

std::unique_ptr<Reducer> makeReducer(const std::string& name) {
  if (name == "sector") return makeSectorReducer();
  if (name == "resample") return makeResampleReducer();
  if (name == "block") {
    static const auto table =
        std::make_shared<const BlockTable>(BlockTable::load(defaultBlockTablePath()));
    return makeBlockReducer(table);
  }
  throw InputError("unknown reducer '" + name + "': expected sector, resample or block");
}

}  // namespace reduce
