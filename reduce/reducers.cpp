// this code uses the idea of fractal go by Serge Boisse
#include <algorithm>
#include <cmath>
#include <functional>

#include "engine/board/errors.hpp"
#include "reduce/block_table.hpp"
#include "reduce/reducer.hpp"
#include "reduce/repair.hpp"

namespace reduce {

using engine::Board;
using engine::BoardSize;
using engine::Color;
using engine::InputError;
using engine::Point;

namespace {

void checkSmaller(const Grid& big, BoardSize to) {
  engine::validateBoardSize(to.width, to.height);
  if (to.width > big.width() || to.height > big.height()) {
    throw InputError("cannot reduce " + big.size.str() + " to the larger " + to.str());
  }
}

// The big lines a small line covers on one axis, with the covered length of each: small
// line t spans [t * scale, (t + 1) * scale) in big-line units. Weights of one small line
// sum to `scale`.
struct AxisWeights {
  std::vector<int> first;     // per small line, index into line/weight of its first entry
  std::vector<int> line;      // big line
  std::vector<float> weight;  // covered length, in (0, 1]
};

AxisWeights axisWeights(int big, int small) {
  AxisWeights a;
  const double scale = static_cast<double>(big) / small;
  for (int t = 0; t < small; ++t) {
    a.first.push_back(static_cast<int>(a.line.size()));
    const double lo = t * scale, hi = (t + 1) * scale;
    for (int l = static_cast<int>(lo); l < big && l < hi; ++l) {
      const double o = std::min<double>(l + 1, hi) - std::max<double>(l, lo);
      if (o <= 1e-12) continue;
      a.line.push_back(l);
      a.weight.push_back(static_cast<float>(o));
    }
  }
  a.first.push_back(static_cast<int>(a.line.size()));
  return a;
}

// The weights of both axes for one step (big -> to), computed once per thread: a cascade
// asks for the same few steps again and again.
struct StepWeights {
  BoardSize big, to;
  AxisWeights x, y;
};

const StepWeights& cachedWeights(BoardSize big, BoardSize to) {
  thread_local std::vector<std::unique_ptr<StepWeights>> cache;
  for (const auto& w : cache) {
    if (w->big == big && w->to == to) return *w;
  }
  if (cache.size() >= 64) cache.clear();
  cache.push_back(std::make_unique<StepWeights>(
      StepWeights{big, to, axisWeights(big.width, to.width), axisWeights(big.height, to.height)}));
  return *cache.back();
}

// The channel value of the k-th strongest point, k = the channel's mean times the number
// of points (rounded): thresholding there keeps the colour's share of points; above 1
// (no point) when k is 0. Only the positive values are copied for the selection (with
// fewer than k of them the k-th strongest is 0, as in a selection over every value); the
// copy buffer is reused. (A bucket count before the selection was tried in session 6 and
// cost more: carried channels pile up in few buckets.)
float densityThreshold(const std::vector<float>& channel) {
  thread_local std::vector<float> v;
  v.resize(channel.size());
  double sum = 0;
  size_t positive = 0;
  for (float x : channel) {
    sum += x;
    v[positive] = x;
    positive += x > 0.f;
  }
  const size_t k = static_cast<size_t>(std::lround(sum));
  if (k == 0) return 2.f;
  if (positive < k) return 1e-6f;
  v.resize(positive);
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k - 1), v.end(),
                   std::greater<float>());
  return std::max(v[k - 1], 1e-6f);
}

class ResampleReducer : public Reducer {
 public:
  explicit ResampleReducer(ResampleParams p) : params_(p) {}
  std::string name() const override { return "resample"; }

  // Separable area weighting of the channels: each big row is first averaged onto the
  // small columns, then the small rows average those row sums (the same sums as the 2D
  // overlap areas, in O(W * H + w * H) instead of a double loop per cell).
  Grid reduceGrid(const Grid& big, BoardSize to) const override {
    checkSmaller(big, to);
    const StepWeights& weights = cachedWeights(big.size, to);
    const AxisWeights& ax = weights.x;
    const AxisWeights& ay = weights.y;
    const size_t w = static_cast<size_t>(to.width), bw = static_cast<size_t>(big.width());
    // Row sums of each big row onto the small columns. When the width does not change,
    // every small column is its big column with weight 1 (0 + 1 * c == c exactly): the big
    // rows are the row sums.
    const bool sameWidth = big.width() == to.width;
    thread_local std::vector<float> rowB, rowW;  // every entry is written below
    if (!sameWidth) {
      rowB.resize(static_cast<size_t>(big.height()) * w);
      rowW.resize(rowB.size());
      for (size_t y = 0; y < static_cast<size_t>(big.height()); ++y) {
        const float* cb = &big.black[y * bw];
        const float* cw = &big.white[y * bw];
        float* outB = &rowB[y * w];
        float* outW = &rowW[y * w];
        for (size_t tx = 0; tx < w; ++tx) {
          // The lines of one small column are consecutive (axisWeights).
          const int k0 = ax.first[tx], k1 = ax.first[tx + 1];
          const size_t x0 = static_cast<size_t>(ax.line[static_cast<size_t>(k0)]);
          const float* o = &ax.weight[static_cast<size_t>(k0)];
          float b = 0, wh = 0;
          for (int k = 0; k < k1 - k0; ++k) {
            b += o[k] * cb[x0 + static_cast<size_t>(k)];
            wh += o[k] * cw[x0 + static_cast<size_t>(k)];
          }
          outB[tx] = b;
          outW[tx] = wh;
        }
      }
    }
    const float* srcB = sameWidth ? big.black.data() : rowB.data();
    const float* srcW = sameWidth ? big.white.data() : rowW.data();
    const size_t n = w * static_cast<size_t>(to.height);
    std::vector<float> black(n, 0.f), white(n, 0.f);
    std::vector<Color> colors(n, Color::Empty);
    const float inv = static_cast<float>(static_cast<double>(to.width) * to.height /
                                         (static_cast<double>(big.width()) * big.height()));
    for (size_t ty = 0; ty < static_cast<size_t>(to.height); ++ty) {
      for (int k = ay.first[ty]; k < ay.first[ty + 1]; ++k) {
        const float o = ay.weight[static_cast<size_t>(k)] * inv;
        const float* rb = srcB + static_cast<size_t>(ay.line[static_cast<size_t>(k)]) * w;
        const float* rw = srcW + static_cast<size_t>(ay.line[static_cast<size_t>(k)]) * w;
        float* ob = &black[ty * w];
        float* ow = &white[ty * w];
        for (size_t tx = 0; tx < w; ++tx) ob[tx] += o * rb[tx];
        for (size_t tx = 0; tx < w; ++tx) ow[tx] += o * rw[tx];
      }
    }
    const float thB = params_.matchDensity ? densityThreshold(black) : params_.stoneThreshold;
    const float thW = params_.matchDensity ? densityThreshold(white) : params_.stoneThreshold;
    for (size_t i = 0; i < n; ++i) {
      if (black[i] >= thB && black[i] > white[i]) colors[i] = Color::Black;
      if (white[i] >= thW && white[i] > black[i]) colors[i] = Color::White;
    }
    return finishGrid(to, std::move(colors), std::move(black), std::move(white));
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

  Grid reduceGrid(const Grid& big, BoardSize to) const override {
    checkSmaller(big, to);
    for (auto [from, small] : {std::pair{big.width(), to.width}, {big.height(), to.height}}) {
      if (from < 3 || (from - 3) % 4 != 0 || small != (from - 3) / 2 + 1) {
        throw InputError("sector reduction maps 4m+3 lines to 2m+1 (19 -> 9, 15 -> 7); not " +
                         big.size.str() + " -> " + to.str());
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
        channelMean(big, xa, xb, ya, yb, black[i], white[i]);
        colors[i] = majority(big, xa, xb, ya, yb, b, w, e);
      }
    }
    return finishGrid(to, std::move(colors), std::move(black), std::move(white));
  }

 private:
  // The mean channels over the block (the shares of its area holding each colour).
  static void channelMean(const Grid& big, int xa, int xb, int ya, int yb, float& b, float& w) {
    float sb = 0, sw = 0;
    for (int y = ya; y <= yb; ++y) {
      for (int x = xa; x <= xb; ++x) {
        const size_t i =
            static_cast<size_t>(y) * static_cast<size_t>(big.width()) + static_cast<size_t>(x);
        sb += big.black[i];
        sw += big.white[i];
      }
    }
    const float area = static_cast<float>((xb - xa + 1) * (yb - ya + 1));
    b = sb / area;
    w = sw / area;
  }

  static void count(const Grid& big, int xa, int xb, int ya, int yb, int& b, int& w, int& e) {
    for (int y = ya; y <= yb; ++y) {
      for (int x = xa; x <= xb; ++x) {
        const Color c = big.at(x, y);
        (c == Color::Black ? b : c == Color::White ? w : e)++;
      }
    }
  }

  // A colour wins with more stones than the other colour and at least as many as the
  // empty points; a tie between the colours goes to the ring around the block.
  static Color majority(const Grid& big, int xa, int xb, int ya, int yb, int b, int w, int e) {
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

Grid Grid::fromBoard(const Board& board) {
  Grid g;
  g.size = board.size();
  const size_t n = static_cast<size_t>(board.width()) * static_cast<size_t>(board.height());
  g.colors.resize(n);
  g.black.resize(n);
  g.white.resize(n);
  size_t i = 0;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x, ++i) {
      const Color c = board.at(x, y);
      g.colors[i] = c;
      g.black[i] = c == Color::Black ? 1.f : 0.f;
      g.white[i] = c == Color::White ? 1.f : 0.f;
    }
  }
  return g;
}

Board Grid::toBoard() const {
  Board b(size);
  b.setColors(colors);
  return b;
}

void Grid::resetChannels() {
  black.assign(colors.size(), 0.f);
  white.assign(colors.size(), 0.f);
  for (size_t i = 0; i < colors.size(); ++i) {
    black[i] = colors[i] == Color::Black ? 1.f : 0.f;
    white[i] = colors[i] == Color::White ? 1.f : 0.f;
  }
}

Reduction Reducer::reduce(const Board& big, Color toMove, BoardSize to) const {
  Grid g = reduceGrid(Grid::fromBoard(big), to);
  return Reduction{g.toBoard(),        toMove,    big.size(), std::move(g.black),
                   std::move(g.white), g.repaired};
}

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
