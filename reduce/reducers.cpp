// this code uses the idea of fractal go by Serge Boisse
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/board/errors.hpp"
#include "reduce/block_table.hpp"
#include "reduce/reducer.hpp"
#include "reduce/repair.hpp"
#include "reduce/select.hpp"

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

// The row pass of one step in fixed-width windows: small column tx reads the `taps` big
// columns from first[tx], with weights[tx * taps + k] (the AxisWeights entries, then 0.0
// for padding). Adding a padded term adds +0.0 to a non-negative sum, so the sums equal the
// AxisWeights loop bit for bit with no per-column loop bounds. Columns whose window would
// run past the row's end keep the AxisWeights loop (tail).
struct RowTaps {
  int taps = 0;
  std::vector<int> first;
  std::vector<float> weights;
  size_t fastColumns = 0;  // columns [0, fastColumns) use the window; the rest the loop
};

RowTaps rowTaps(const AxisWeights& a, int big) {
  RowTaps r;
  const size_t small = a.first.size() - 1;
  for (size_t t = 0; t < small; ++t) r.taps = std::max(r.taps, a.first[t + 1] - a.first[t]);
  r.weights.assign(small * static_cast<size_t>(r.taps), 0.f);
  for (size_t t = 0; t < small; ++t) {
    const int k0 = a.first[t], k1 = a.first[t + 1];
    r.first.push_back(a.line[static_cast<size_t>(k0)]);
    for (int k = k0; k < k1; ++k)
      r.weights[t * static_cast<size_t>(r.taps) + static_cast<size_t>(k - k0)] =
          a.weight[static_cast<size_t>(k)];
    if (r.first.back() + r.taps <= big && r.fastColumns == t) r.fastColumns = t + 1;
  }
  return r;
}

// The weights of both axes for one step (big -> to), computed once per thread: a cascade
// asks for the same few steps again and again.
struct StepWeights {
  BoardSize big, to;
  AxisWeights x, y;
  RowTaps row;
};

const StepWeights& cachedWeights(BoardSize big, BoardSize to) {
  thread_local std::vector<std::unique_ptr<StepWeights>> cache;
  for (const auto& w : cache) {
    if (w->big == big && w->to == to) return *w;
  }
  if (cache.size() >= 64) cache.clear();
  AxisWeights x = axisWeights(big.width, to.width);
  RowTaps row = rowTaps(x, big.width);
  cache.push_back(std::make_unique<StepWeights>(
      StepWeights{big, to, std::move(x), axisWeights(big.height, to.height), std::move(row)}));
  return *cache.back();
}

// lround for a non-negative double, inline (sum - floor(sum) is exact).
size_t roundHalfUp(double sum) {
  const auto k = static_cast<size_t>(sum);
  return sum - static_cast<double>(k) >= 0.5 ? k + 1 : k;
}

// The threshold from a channel's sum (in index order, in double) and its n values: the value
// of the k-th strongest point, k = the sum rounded (the channel's mean times the number of
// points): thresholding there keeps the colour's share of points; above 1 (no point) when
// k is 0; at least 1e-6, which is also the answer when fewer than k values are positive
// (the k-th strongest is then 0). (Session 6 tried a 64-bucket count before
// std::nth_element and it cost more; session 7 selected over a copy of all the values;
// session 8 selects with kthLargest (select.hpp), which reads the values in place and
// returns the same k-th value.)
float densityThreshold(double sum, const float* values, size_t n) {
  thread_local SelectScratch scratch;
  const size_t k = roundHalfUp(sum);
  if (k == 0) return 2.f;
  if (k > n) return 1e-6f;
  return std::max(kthLargest(values, n, k, scratch), 1e-6f);
}

// Small columns [from, w) of one big row's channels by the AxisWeights loop (row sums).
void rowTail(const AxisWeights& ax, const float* cb, const float* cw, float* outB, float* outW,
             size_t from, size_t w) {
  for (size_t tx = from; tx < w; ++tx) {
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

// The row pass of a step whose windows have NT (2 or 3) taps: every big row's black and
// white channels averaged onto the small columns, into rowB/rowW (h big rows of w).
template <size_t NT>
void rowPasses(const RowTaps& taps, const AxisWeights& ax, const Grid& big, float* rowB,
               float* rowW, size_t w) {
  const size_t fast = taps.fastColumns, bw = static_cast<size_t>(big.width());
  const float* weights = taps.weights.data();
  const int* first = taps.first.data();
  for (size_t y = 0; y < static_cast<size_t>(big.height()); ++y) {
    const float* cb = big.black.data() + y * bw;
    const float* cw = big.white.data() + y * bw;
    float* outB = rowB + y * w;
    float* outW = rowW + y * w;
    for (size_t tx = 0; tx < fast; ++tx) {
      const float* o = weights + tx * NT;
      const size_t x0 = static_cast<size_t>(first[tx]);
      float b = o[0] * cb[x0], wh = o[0] * cw[x0];
      b += o[1] * cb[x0 + 1];
      wh += o[1] * cw[x0 + 1];
      if constexpr (NT == 3) {
        b += o[2] * cb[x0 + 2];
        wh += o[2] * cw[x0 + 2];
      }
      outB[tx] = b;
      outW[tx] = wh;
    }
    rowTail(ax, cb, cw, outB, outW, fast, w);
  }
}

// The row pass for any window width: fixed windows of 2 or 3 taps, else the AxisWeights loop.
void rowPass(const RowTaps& taps, const AxisWeights& ax, const Grid& big, float* rowB, float* rowW,
             size_t w) {
  if (taps.taps == 2) return rowPasses<2>(taps, ax, big, rowB, rowW, w);
  if (taps.taps == 3) return rowPasses<3>(taps, ax, big, rowB, rowW, w);
  const size_t bw = static_cast<size_t>(big.width());
  for (size_t y = 0; y < static_cast<size_t>(big.height()); ++y)
    rowTail(ax, big.black.data() + y * bw, big.white.data() + y * bw, rowB + y * w, rowW + y * w, 0,
            w);
}

// ob += o * rb and ow += o * rw over one small row (the column pass's term of one big row);
// 4 columns a step with SSE2 (the same products and sums, lane by lane).
void addRow(float o, const float* __restrict rb, const float* __restrict rw, float* __restrict ob,
            float* __restrict ow, size_t w) {
  size_t tx = 0;
#if defined(__SSE2__)
  const __m128 ov = _mm_set1_ps(o);
  for (; tx + 4 <= w; tx += 4) {
    _mm_storeu_ps(ob + tx,
                  _mm_add_ps(_mm_loadu_ps(ob + tx), _mm_mul_ps(ov, _mm_loadu_ps(rb + tx))));
    _mm_storeu_ps(ow + tx,
                  _mm_add_ps(_mm_loadu_ps(ow + tx), _mm_mul_ps(ov, _mm_loadu_ps(rw + tx))));
  }
#endif
  for (; tx < w; ++tx) {
    ob[tx] += o * rb[tx];
    ow[tx] += o * rw[tx];
  }
}

// ob = 0 + o * rb and ow = 0 + o * rw over one small row: the first term of the column
// pass (the same sums as adding it to zeroed rows: 0.f + x is not folded to x). With SSE2,
// 4 columns a step and, for the last w % 4, the last 4 columns once more (writing the same
// values again).
void setRow(float o, const float* __restrict rb, const float* __restrict rw, float* __restrict ob,
            float* __restrict ow, size_t w) {
  size_t tx = 0;
#if defined(__SSE2__)
  if (w >= 4) {
    const __m128 ov = _mm_set1_ps(o), zero = _mm_setzero_ps();
    auto four = [&](size_t t) {
      _mm_storeu_ps(ob + t, _mm_add_ps(zero, _mm_mul_ps(ov, _mm_loadu_ps(rb + t))));
      _mm_storeu_ps(ow + t, _mm_add_ps(zero, _mm_mul_ps(ov, _mm_loadu_ps(rw + t))));
    };
    for (; tx + 4 <= w; tx += 4) four(tx);
    if (tx < w) four(w - 4);
    return;
  }
#endif
  for (; tx < w; ++tx) {
    ob[tx] = 0.f + o * rb[tx];
    ow[tx] = 0.f + o * rw[tx];
  }
}

// sumB += ob[0] + ... + ob[w - 1] and sumW likewise, one term at a time in index order, in
// double: with SSE2 both sums ride in the two lanes of one register (each lane adds the
// same terms in the same order as two scalar loops, bit for bit).
void addToSums(const float* ob, const float* ow, size_t w, double& sumB, double& sumW) {
  size_t tx = 0;
#if defined(__SSE2__)
  __m128d acc = _mm_set_pd(sumW, sumB);  // lane 0 black, lane 1 white
  for (; tx + 4 <= w; tx += 4) {
    const __m128 b = _mm_loadu_ps(ob + tx), wh = _mm_loadu_ps(ow + tx);
    const __m128 lo = _mm_unpacklo_ps(b, wh), hi = _mm_unpackhi_ps(b, wh);  // b0 w0 b1 w1 ...
    acc = _mm_add_pd(acc, _mm_cvtps_pd(lo));
    acc = _mm_add_pd(acc, _mm_cvtps_pd(_mm_movehl_ps(lo, lo)));
    acc = _mm_add_pd(acc, _mm_cvtps_pd(hi));
    acc = _mm_add_pd(acc, _mm_cvtps_pd(_mm_movehl_ps(hi, hi)));
  }
  sumB = _mm_cvtsd_f64(acc);
  sumW = _mm_cvtsd_f64(_mm_unpackhi_pd(acc, acc));
#endif
  for (; tx < w; ++tx) {
    sumB += ob[tx];
    sumW += ow[tx];
  }
}

// colors[i] := Black where b >= thB and b > w, White where w >= thW and w > b, else Empty
// (at most one holds), branch-free; 16 points a step with SSE2.
void chooseColors(const float* black, const float* white, size_t n, float thB, float thW,
                  Color* colors) {
  size_t i = 0;
#if defined(__SSE2__)
  const __m128 tb = _mm_set1_ps(thB), tw = _mm_set1_ps(thW);
  const __m128i one = _mm_set1_epi32(1), two = _mm_set1_epi32(2);
  auto four = [&](size_t j) {
    const __m128 b = _mm_loadu_ps(black + j), wh = _mm_loadu_ps(white + j);
    const __m128 isB = _mm_and_ps(_mm_cmpge_ps(b, tb), _mm_cmpgt_ps(b, wh));
    const __m128 isW = _mm_and_ps(_mm_cmpge_ps(wh, tw), _mm_cmpgt_ps(wh, b));
    return _mm_or_si128(_mm_and_si128(_mm_castps_si128(isB), one),
                        _mm_and_si128(_mm_castps_si128(isW), two));
  };
  for (; i + 16 <= n; i += 16) {
    const __m128i lo = _mm_packs_epi32(four(i), four(i + 4));
    const __m128i hi = _mm_packs_epi32(four(i + 8), four(i + 12));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(colors + i), _mm_packus_epi16(lo, hi));
  }
#endif
  for (; i < n; ++i) {
    const float b = black[i], wh = white[i];
    const auto isB = static_cast<uint8_t>((b >= thB) & (b > wh));
    const auto isW = static_cast<uint8_t>((wh >= thW) & (wh > b));
    colors[i] = static_cast<Color>(isB | static_cast<uint8_t>(isW << 1));
  }
}

class ResampleReducer : public Reducer {
 public:
  explicit ResampleReducer(ResampleParams p) : params_(p) {}
  std::string name() const override { return "resample"; }

  // Separable area weighting of the channels: each big row is first averaged onto the
  // small columns, then the small rows average those row sums (the same sums as the 2D
  // overlap areas, in O(W * H + w * H) instead of a double loop per cell).
  void reduceGridInto(const Grid& big, BoardSize to, Grid& out) const override {
    checkSmaller(big, to);
    const StepWeights& weights = cachedWeights(big.size, to);
    const AxisWeights& ax = weights.x;
    const AxisWeights& ay = weights.y;
    const size_t w = static_cast<size_t>(to.width);
    // Row sums of each big row onto the small columns. When the width does not change,
    // every small column is its big column with weight 1 (0 + 1 * c == c exactly): the big
    // rows are the row sums.
    const bool sameWidth = big.width() == to.width;
    thread_local std::vector<float> rowB, rowW;  // every entry is written below
    if (!sameWidth) {
      rowB.resize(static_cast<size_t>(big.height()) * w);
      rowW.resize(rowB.size());
      rowPass(weights.row, ax, big, rowB.data(), rowW.data(), w);
    }
    const float* srcB = sameWidth ? big.black.data() : rowB.data();
    const float* srcW = sameWidth ? big.white.data() : rowW.data();
    const size_t n = w * static_cast<size_t>(to.height);
    out.size = to;
    out.colors.resize(n);
    out.black.resize(n);
    out.white.resize(n);
    float* const black = out.black.data();
    float* const white = out.white.data();
    const float inv = static_cast<float>(static_cast<double>(to.width) * to.height /
                                         (static_cast<double>(big.width()) * big.height()));
    // Each small row: its first big row's term set, the others added; then, for the density
    // thresholds, the row added to the channel sums (in index order, in double: the sums of
    // one pass over the finished channels, bit for bit).
    double sumB = 0, sumW = 0;
    for (size_t ty = 0; ty < static_cast<size_t>(to.height); ++ty) {
      float* const ob = black + ty * w;
      float* const ow = white + ty * w;
      const int k0 = ay.first[ty], k1 = ay.first[ty + 1];
      if (k0 == k1) {
        std::fill(ob, ob + w, 0.f);
        std::fill(ow, ow + w, 0.f);
      }
      for (int k = k0; k < k1; ++k) {
        const float o = ay.weight[static_cast<size_t>(k)] * inv;
        const float* rb = srcB + static_cast<size_t>(ay.line[static_cast<size_t>(k)]) * w;
        const float* rw = srcW + static_cast<size_t>(ay.line[static_cast<size_t>(k)]) * w;
        if (k == k0) {
          setRow(o, rb, rw, ob, ow, w);
        } else {
          addRow(o, rb, rw, ob, ow, w);
        }
      }
      if (params_.matchDensity) addToSums(ob, ow, w, sumB, sumW);
    }
    const auto [thB, thW] =
        params_.matchDensity
            ? std::pair{densityThreshold(sumB, black, n), densityThreshold(sumW, white, n)}
            : std::pair{params_.stoneThreshold, params_.stoneThreshold};
    chooseColors(black, white, n, thB, thW, out.colors.data());
    finishGrid(out);
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

  void reduceGridInto(const Grid& big, BoardSize to, Grid& out) const override {
    checkSmaller(big, to);
    for (auto [from, small] : {std::pair{big.width(), to.width}, {big.height(), to.height}}) {
      if (from < 3 || (from - 3) % 4 != 0 || small != (from - 3) / 2 + 1) {
        throw InputError("sector reduction maps 4m+3 lines to 2m+1 (19 -> 9, 15 -> 7); not " +
                         big.size.str() + " -> " + to.str());
      }
    }
    const int mx = to.width / 2, my = to.height / 2;
    const size_t n = static_cast<size_t>(to.width) * to.height;
    out.size = to;
    out.black.assign(n, 0.f);
    out.white.assign(n, 0.f);
    out.colors.assign(n, Color::Empty);
    std::vector<float>& black = out.black;
    std::vector<float>& white = out.white;
    std::vector<Color>& colors = out.colors;
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
    finishGrid(out);
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
  g.readBoard(board);
  return g;
}

void Grid::readBoard(const Board& board) {
  size = board.size();
  const size_t n = static_cast<size_t>(board.width()) * static_cast<size_t>(board.height());
  colors.resize(n);
  black.resize(n);
  white.resize(n);
  repaired = 0;
  const size_t w = static_cast<size_t>(board.width());
  for (int y = 0; y < board.height(); ++y) {
    const Point p0 = board.point(0, y);  // a row's points are consecutive
    const size_t i0 = static_cast<size_t>(y) * w;
    for (size_t x = 0; x < w; ++x) {
      const Color c = board.at(p0 + static_cast<Point>(x));
      colors[i0 + x] = c;
      black[i0 + x] = c == Color::Black ? 1.f : 0.f;
      white[i0 + x] = c == Color::White ? 1.f : 0.f;
    }
  }
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

Grid Reducer::reduceGrid(const Grid& big, BoardSize to) const {
  Grid g;
  reduceGridInto(big, to, g);
  return g;
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
