// this code uses the idea of fractal go by Serge Boisse
#include "reduce/block_table.hpp"

#include <cmath>
#include <cstdlib>

#include "engine/board/errors.hpp"
#include "reduce/repair.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace reduce {

using engine::Board;
using engine::BoardSize;
using engine::Color;

namespace {

constexpr uint16_t KIND_VERSION = 1;
constexpr const char* GENERATOR_VERSION = "1";

int digit(uint32_t code, int i) {
  for (int k = 0; k < i; ++k) code /= 3;
  return static_cast<int>(code % 3);
}

double sign(int v) {
  return v == 1 ? 1.0 : v == 2 ? -1.0 : 0.0;
}

// Influence of a block's stones at the 9 sample points of the 3x3 area.
void influence3(uint32_t code, double out[9]) {
  for (int q = 0; q < 9; ++q) {
    out[q] = 0;
    for (int i = 0; i < 9; ++i) {
      const double s = sign(digit(code, i));
      if (s == 0) continue;
      const double d = std::hypot(q % 3 - i % 3, q / 3 - i / 3);
      out[q] += s * std::exp2(-d);
    }
  }
}

void influence2(uint32_t code, double out[9]) {
  for (int q = 0; q < 9; ++q) {
    out[q] = 0;
    for (int i = 0; i < 4; ++i) {
      const double s = sign(digit(code, i));
      if (s == 0) continue;
      const double cx = i % 2 == 0 ? 0.25 : 1.75, cy = i / 2 == 0 ? 0.25 : 1.75;
      out[q] += 1.5 * s * std::exp2(-std::hypot(q % 3 - cx, q / 3 - cy));
    }
  }
}

void counts(uint32_t code, int n, int& b, int& w) {
  b = w = 0;
  for (int i = 0; i < n; ++i) {
    const int v = digit(code, i);
    b += v == 1;
    w += v == 2;
  }
}

uint32_t swapColors(uint32_t code, int n) {
  uint32_t s = 0, p = 1;
  for (int i = 0; i < n; ++i, p *= 3, code /= 3) s += p * (code % 3 == 0 ? 0 : 3 - code % 3);
  return s;
}

uint8_t bestBlock(uint32_t code3) {
  // The last tie-break compares candidate codes in the frame where the block's code is
  // the smaller of itself and its colour swap, so that swapping colours swaps the entry.
  const bool swapFrame = swapColors(code3, 9) < code3;
  auto frameCode = [&](uint32_t c2) { return swapFrame ? swapColors(c2, 4) : c2; };
  double f3[9];
  influence3(code3, f3);
  int b3, w3;
  counts(code3, 9, b3, w3);
  uint8_t best = 0;
  double bestDist = 1e300, bestMajority = 1e300;
  int bestStones = 99;
  for (uint32_t c2 = 0; c2 < 81; ++c2) {
    double f2[9];
    influence2(c2, f2);
    double dist = 0;
    for (int q = 0; q < 9; ++q) dist += std::fabs(f3[q] - f2[q]);
    int b2, w2;
    counts(c2, 4, b2, w2);
    const double majority = std::fabs(b3 * 4.0 / 9 - b2) + std::fabs(w3 * 4.0 / 9 - w2);
    const int stones = b2 + w2;
    constexpr double EPS = 1e-9;
    const bool better =
        dist < bestDist - EPS ||
        (dist < bestDist + EPS &&
         (majority < bestMajority - EPS ||
          (majority < bestMajority + EPS &&
           (stones < bestStones || (stones == bestStones && frameCode(c2) < frameCode(best))))));
    if (better) {
      best = static_cast<uint8_t>(c2);
      bestDist = dist;
      bestMajority = majority;
      bestStones = stones;
    }
  }
  return best;
}

int value(Color c) {
  return c == Color::Black ? 1 : c == Color::White ? 2 : 0;
}
Color colorOf(int v) {
  return v == 1 ? Color::Black : v == 2 ? Color::White : Color::Empty;
}

// Big lines behind each small line of a side: {first, count}.
std::vector<std::pair<int, int>> sideMap(int side) {
  std::vector<std::pair<int, int>> m;
  const int q = side / 3;
  if (side % 3 == 0) {
    for (int b = 0; b < q; ++b) m.push_back({3 * b, 3}), m.push_back({3 * b, 3});
    return m;
  }
  const int half = q / 2;
  for (int b = 0; b < half; ++b) m.push_back({3 * b, 3}), m.push_back({3 * b, 3});
  m.push_back({3 * half, 1});
  for (int b = 0; b < half; ++b) {
    const int first = 3 * half + 1 + 3 * b;
    m.push_back({first, 3});
    m.push_back({first, 3});
  }
  return m;
}

// sideMap for a side, computed once per thread and side (a cascade reduces the same few
// sides again and again).
const std::vector<std::pair<int, int>>& cachedSideMap(int side) {
  thread_local std::vector<std::pair<int, std::vector<std::pair<int, int>>>> cache;
  for (const auto& [s, m] : cache) {
    if (s == side) return m;
  }
  if (cache.size() >= 64) cache.clear();
  cache.emplace_back(side, sideMap(side));
  return cache.back().second;
}

class BlockReducer : public Reducer {
 public:
  explicit BlockReducer(std::shared_ptr<const BlockTable> t) : table_(std::move(t)) {}
  std::string name() const override { return "block"; }

  void reduceGridInto(const Grid& big, BoardSize to, Grid& out) const override {
    if (blockReducedSide(big.width()) != to.width || blockReducedSide(big.height()) != to.height) {
      throw engine::InputError(
          "block reduction maps 3q lines to 2q and 3q+1 (q even) to 2q+1; not " + big.size.str() +
          " -> " + to.str());
    }
    const auto& xs = cachedSideMap(big.width());
    const auto& ys = cachedSideMap(big.height());
    const size_t n = static_cast<size_t>(to.width) * to.height;
    const size_t w = static_cast<size_t>(to.width);
    out.size = to;
    out.colors.assign(n, Color::Empty);
    out.black.assign(n, 0.f);
    out.white.assign(n, 0.f);
    std::vector<Color>& colors = out.colors;
    std::vector<float>& black = out.black;
    std::vector<float>& white = out.white;
    // The four small points of a 2x2 block share their 3x3 code and evidence: computed at
    // the block's first point, copied at the others (the same values bit for bit).
    thread_local std::vector<uint32_t> codes;  // per small column, the current block row's
    codes.resize(w);
    for (int ty = 0; ty < to.height; ++ty) {
      const bool secondRow =
          ty > 0 && ys[static_cast<size_t>(ty - 1)] == ys[static_cast<size_t>(ty)];
      for (int tx = 0; tx < to.width; ++tx) {
        const size_t i = static_cast<size_t>(ty) * w + static_cast<size_t>(tx);
        const bool secondColumn =
            tx > 0 && xs[static_cast<size_t>(tx - 1)] == xs[static_cast<size_t>(tx)];
        const auto [x0, nx] = xs[static_cast<size_t>(tx)];
        const auto [y0, ny] = ys[static_cast<size_t>(ty)];
        if (secondRow) {
          black[i] = black[i - w];
          white[i] = white[i - w];
        } else if (secondColumn) {
          black[i] = black[i - 1];
          white[i] = white[i - 1];
        } else {
          evidence(big, x0, nx, y0, ny, black[i], white[i]);
        }
        if (nx == 3 && ny == 3) {
          uint32_t& code = codes[static_cast<size_t>(tx)];
          if (secondColumn && !secondRow) {
            code = codes[static_cast<size_t>(tx - 1)];
          } else if (!secondRow) {
            code = 0;
            uint32_t p3 = 1;
            for (int k = 0; k < 9; ++k, p3 *= 3)
              code += p3 * static_cast<uint32_t>(value(big.at(x0 + k % 3, y0 + k / 3)));
          }
          const int sub = (secondRow ? 2 : 0) + (secondColumn ? 1 : 0);
          colors[i] = colorOf(digit(table_->lookup(code), sub));
        } else {
          colors[i] = stripColor(big, xs, ys, tx, ty);
        }
      }
    }
    finishGrid(out);
  }

 private:
  // A point on the middle line: the middle point is copied; a strip point covers 1.5
  // big points along the strip.
  static Color stripColor(const Grid& big, const std::vector<std::pair<int, int>>& xs,
                          const std::vector<std::pair<int, int>>& ys, int tx, int ty) {
    const auto [x0, nx] = xs[static_cast<size_t>(tx)];
    const auto [y0, ny] = ys[static_cast<size_t>(ty)];
    if (nx == 1 && ny == 1) return big.at(x0, y0);
    const bool alongX = nx == 3;
    const int t = alongX ? tx : ty;
    const auto& side = alongX ? xs : ys;
    const bool secondHalf =
        t > 0 && side[static_cast<size_t>(t - 1)] == side[static_cast<size_t>(t)];
    const int bx = x0, by = y0;  // named copies: clang 14 cannot capture structured bindings
    auto at = [&](int k) { return alongX ? big.at(bx + k, by) : big.at(bx, by + k); };
    const int end = secondHalf ? 2 : 0;
    double b = 0, w = 0;
    for (auto [k, weight] : {std::pair{end, 1.0}, {1, 0.5}}) {
      if (at(k) == Color::Black) b += weight;
      if (at(k) == Color::White) w += weight;
    }
    if (b >= 0.75 && b > w) return Color::Black;
    if (w >= 0.75 && w > b) return Color::White;
    return Color::Empty;
  }

  // The mean channels over the block behind a small point.
  static void evidence(const Grid& big, int x0, int nx, int y0, int ny, float& b, float& w) {
    float sb = 0, sw = 0;
    for (int y = y0; y < y0 + ny; ++y) {
      for (int x = x0; x < x0 + nx; ++x) {
        const size_t i =
            static_cast<size_t>(y) * static_cast<size_t>(big.width()) + static_cast<size_t>(x);
        sb += big.black[i];
        sw += big.white[i];
      }
    }
    b = sb / static_cast<float>(nx * ny);
    w = sw / static_cast<float>(nx * ny);
  }

  std::shared_ptr<const BlockTable> table_;
};

tables::TableMeta metaFor(size_t entries) {
  tables::TableMeta meta;
  meta.kind = tables::TableKind::Reduction;
  meta.kindVersion = KIND_VERSION;
  meta.width = 3;
  meta.height = 3;
  meta.rules.komi = 0;
  meta.generatorName = "fgo tables build --reduce";
  meta.generatorVersion = GENERATOR_VERSION;
  meta.note = "3x3->2x2, influence 2^-d, 2x2 stones x1.5, tie: majority";
  meta.entryCount = entries;
  return meta;
}

}  // namespace

BlockTable BlockTable::generate() {
  BlockTable t;
  t.entries_.resize(BLOCK_ENTRIES);
  for (uint32_t c = 0; c < BLOCK_ENTRIES; ++c) t.entries_[c] = bestBlock(c);
  return t;
}

void BlockTable::save(const std::filesystem::path& path) const {
  tables::WriteOptions options;
  options.level = 19;
  tables::writeTable(path, metaFor(entries_.size()), entries_, options);
}

BlockTable BlockTable::load(const std::filesystem::path& path) {
  tables::TableExpect expect;
  expect.kind = tables::TableKind::Reduction;
  expect.kindVersion = KIND_VERSION;
  expect.width = 3;
  expect.height = 3;
  expect.maxRawBytes = BLOCK_ENTRIES;
  const tables::Table table = tables::readTable(path, expect);
  if (table.payload.size() != BLOCK_ENTRIES || table.header.meta.entryCount != BLOCK_ENTRIES) {
    throw tables::TableError(tables::TableErrorCode::PayloadFormat, path.string(),
                             "expected 19683 entries");
  }
  BlockTable t;
  t.entries_ = table.payload;
  for (uint8_t e : t.entries_) {
    if (e >= 81) {
      throw tables::TableError(tables::TableErrorCode::PayloadFormat, path.string(),
                               "entry is not a 2x2 block code");
    }
  }
  return t;
}

std::filesystem::path defaultBlockTablePath() {
  if (const char* dir = std::getenv("FGO_TABLES_DIR"))
    return std::filesystem::path(dir) / "reduce3x3.fgt";
  return std::filesystem::path(FGO_SOURCE_DIR) / "tables" / "reduce3x3.fgt";
}

int blockReducedSide(int side) {
  if (side >= 3 && side % 3 == 0) return 2 * (side / 3);
  if (side % 3 == 1 && (side / 3) % 2 == 0) return 2 * (side / 3) + 1;
  return 0;
}

std::unique_ptr<Reducer> makeBlockReducer(std::shared_ptr<const BlockTable> table) {
  return std::make_unique<BlockReducer>(std::move(table));
}

}  // namespace reduce
