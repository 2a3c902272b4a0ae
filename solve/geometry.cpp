#include "solve/geometry.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "engine/board/errors.hpp"

namespace solve {

namespace {

// Where the point sets of keys lie in a 64-bit word. Wide: one key, own stones in bits
// 0-31 and the opponent's in 32-63. Both: two keys of a board of at most 16 points, one a
// 32-bit lane, own | opp << 16 in each. Upper: the same layout, only the upper lane.
enum class Lanes { Wide, Both, Upper };

// The points (x, y) of a W x H board with pred(x, y), in every set of the layout.
template <typename Pred>
constexpr uint64_t pointsWhere(int w, int h, Lanes lanes, Pred pred) {
  uint64_t b = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (pred(x, y)) b |= uint64_t{1} << (x + y * w);
    }
  }
  if (lanes == Lanes::Wide) return b | b << 32;
  if (lanes == Lanes::Both) return b | b << 16 | b << 32 | b << 48;
  return b << 32 | b << 48;
}

// The bits of `mask` trade places with the bits `delta` above them.
template <uint64_t mask, int delta>
inline uint64_t deltaSwap(uint64_t x) {
  const uint64_t t = ((x >> delta) ^ x) & mask;
  return x ^ t ^ (t << delta);
}

// Mirror in x: column c trades with column W-1-c, one delta swap per pair.
template <int W, int H, Lanes L, int c = 0>
inline uint64_t mirrorX(uint64_t x) {
  if constexpr (2 * c + 1 >= W) {
    return x;
  } else {
    constexpr uint64_t m = pointsWhere(W, H, L, [](int px, int) { return px == c; });
    return mirrorX<W, H, L, c + 1>(deltaSwap<m, W - 1 - 2 * c>(x));
  }
}

// Mirror in y: row r trades with row H-1-r.
template <int W, int H, Lanes L, int r = 0>
inline uint64_t mirrorY(uint64_t x) {
  if constexpr (2 * r + 1 >= H) {
    return x;
  } else {
    constexpr uint64_t m = pointsWhere(W, H, L, [](int, int py) { return py == r; });
    return mirrorY<W, H, L, r + 1>(deltaSwap<m, (H - 1 - 2 * r) * W>(x));
  }
}

// Transpose of an N x N board: (x, y) trades with (y, x). On 4x4 in two steps (trade the
// off-diagonal 2x2 blocks, then transpose each block); otherwise one delta swap per
// diagonal x - y = k, whose partners lie k (N - 1) bits above.
template <int N, Lanes L, int k = 1>
inline uint64_t transpose(uint64_t x) {
  if constexpr (N == 4) {
    constexpr uint64_t blocks =
        pointsWhere(4, 4, L, [](int px, int py) { return px >= 2 && py < 2; });
    constexpr uint64_t inner =
        pointsWhere(4, 4, L, [](int px, int py) { return px % 2 == 1 && py % 2 == 0; });
    return deltaSwap<inner, 3>(deltaSwap<blocks, 6>(x));
  } else if constexpr (k >= N) {
    return x;
  } else {
    constexpr uint64_t m = pointsWhere(N, N, L, [](int px, int py) { return px - py == k; });
    return transpose<N, L, k + 1>(deltaSwap<m, k*(N - 1)>(x));
  }
}

// Symmetry s = bit 0 mirrors x, bit 1 mirrors y, bit 2 transposes (after the mirrors),
// as in the constructor's point maps.
template <int W, int H>
void imagesOf(uint64_t pair, uint64_t* out) {
  out[0] = pair;
  out[1] = mirrorX<W, H, Lanes::Wide>(pair);
  out[2] = mirrorY<W, H, Lanes::Wide>(pair);
  out[3] = mirrorY<W, H, Lanes::Wide>(out[1]);
  if constexpr (W == H) {
    for (int s = 0; s < 4; ++s) out[4 + s] = transpose<W, Lanes::Wide>(out[s]);
  }
}

// The smallest image of `pair` and the first symmetry giving it. Up to 16 points the two
// sets of a key fit 32 bits, so two images move in one word: (identity, mirror x), then
// the mirror y of both, then the transposes of the two words.
template <int W, int H>
uint64_t minImageOf(uint64_t pair, int& sym) {
  constexpr int count = W == H ? 8 : 4;
  if constexpr (W * H <= 16) {
    const uint64_t k = (pair & 0xFFFF) | (pair >> 16 & 0xFFFF0000);  // own | opp << 16
    const uint64_t w = mirrorX<W, H, Lanes::Upper>(k | k << 32);     // symmetries 0, 1
    const uint64_t u = mirrorY<W, H, Lanes::Both>(w);                // symmetries 2, 3
    // Each image with its symmetry below it: the smallest value is the smallest image
    // and, among equal images, the first symmetry (the order of the key, as opp | own).
    auto tagged = [](uint64_t lanes, uint64_t s) {
      return std::min((lanes & 0xFFFFFFFF) << 3 | s, (lanes >> 32) << 3 | (s + 1));
    };
    uint64_t best = std::min(tagged(w, 0), tagged(u, 2));
    if constexpr (count == 8) {
      best = std::min(best, tagged(transpose<W, Lanes::Both>(w), 4));
      best = std::min(best, tagged(transpose<W, Lanes::Both>(u), 6));
    }
    sym = static_cast<int>(best & 7);
    const uint64_t b = best >> 3;
    return (b & 0xFFFF) | (b >> 16) << 32;
  } else {
    uint64_t image[8];
    imagesOf<W, H>(pair, image);
    uint64_t best = pair;
    sym = 0;
    for (int s = 1; s < count; ++s) {
      if (image[s] < best) best = image[s], sym = s;
    }
    return best;
  }
}

// imagesOf and minImageOf for a w x h board (w * h <= MAX_POINTS), from a table of
// every shape.
struct ShapeFns {
  void (*images)(uint64_t, uint64_t*) = nullptr;
  uint64_t (*minImage)(uint64_t, int&) = nullptr;
};
template <size_t... I>
auto shapeTable(std::index_sequence<I...>) {
  return std::array<ShapeFns, sizeof...(I)>{[] {
    constexpr int w = I / MAX_POINTS + 1, h = I % MAX_POINTS + 1;
    if constexpr (w * h <= MAX_POINTS) {
      return ShapeFns{&imagesOf<w, h>, &minImageOf<w, h>};
    } else {
      return ShapeFns{};
    }
  }()...};
}

}  // namespace

Geometry::Geometry(int width, int height) : width_(width), height_(height) {
  if (width < 1 || height < 1 || width * height > MAX_POINTS) {
    throw engine::InputError("the solver handles boards of 1 to " + std::to_string(MAX_POINTS) +
                             " points, not " + std::to_string(width) + "x" +
                             std::to_string(height));
  }
  n_ = width * height;
  all_ = (Mask{1} << n_) - 1;
  Mask leftCol = 0, rightCol = 0;
  for (int y = 0; y < height; ++y) {
    leftCol |= Mask{1} << point(0, y);
    rightCol |= Mask{1} << point(width - 1, y);
  }
  notLeft_ = all_ & ~leftCol;
  notRight_ = all_ & ~rightCol;
  for (int p = 0; p < n_; ++p) nbr_[p] = expand(Mask{1} << p) & ~(Mask{1} << p);
  // Twice the coordinates, so that the centre of an even side is a whole number.
  const auto centreDistance = [&](int p) {
    const int dx = 2 * x(p) - (width - 1), dy = 2 * y(p) - (height - 1);
    return dx * dx + dy * dy;
  };
  std::iota(centreFirst_.begin(), centreFirst_.begin() + n_, int8_t{0});
  std::stable_sort(centreFirst_.begin(), centreFirst_.begin() + n_,
                   [&](int a, int b) { return centreDistance(a) < centreDistance(b); });
  for (int i = 0; i < n_; ++i) centreRank_[centreFirst_[i]] = static_cast<int8_t>(i);
  static const auto table = shapeTable(std::make_index_sequence<MAX_POINTS * MAX_POINTS>{});
  images_ = table[(width - 1) * MAX_POINTS + (height - 1)].images;
  minImage_ = table[(width - 1) * MAX_POINTS + (height - 1)].minImage;
  // Symmetry s: bit 0 mirrors x, bit 1 mirrors y, bit 2 transposes (squares only).
  nsym_ = width == height ? 8 : 4;
  table_.resize(nsym_);
  for (int s = 0; s < nsym_; ++s) {
    for (int p = 0; p < n_; ++p) {
      int x0 = x(p), y0 = y(p);
      if (s & 1) x0 = width - 1 - x0;
      if (s & 2) y0 = height - 1 - y0;
      if (s & 4) std::swap(x0, y0);
      perm_[s][p] = static_cast<int8_t>(point(x0, y0));
      inv_[s][point(x0, y0)] = static_cast<int8_t>(p);
    }
    for (int chunk = 0; chunk < 4; ++chunk) {
      for (int byte = 0; byte < 256; ++byte) {
        uint32_t image = 0;
        for (int bit = 0; bit < 8; ++bit) {
          const int p = chunk * 8 + bit;
          if ((byte >> bit & 1) && p < n_) image |= uint32_t{1} << perm_[s][p];
        }
        table_[s][chunk][byte] = image;
      }
    }
  }
  for (int s = 0; s < nsym_; ++s) {
    for (int t = 0; t < nsym_; ++t) {
      bool undoes = true;
      for (int p = 0; p < n_ && undoes; ++p) undoes = perm_[t][perm_[s][p]] == p;
      if (undoes) invSym_[s] = t;
    }
  }
}

std::string Geometry::vertex(int p) const {
  if (p < 0) return "pass";
  return engine::vertexName({x(p), y(p)}, size());
}

}  // namespace solve
