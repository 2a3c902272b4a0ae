// Influence signatures and their exact k-nearest search (signature.hpp).
#include "engine/similar/signature.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <numeric>
#include <queue>

#include "engine/board/errors.hpp"
#include "engine/board/symmetry.hpp"

namespace engine {

std::vector<int8_t> signatureOf(const InfluenceMap& map, int s) {
  const BoardSize size{map.width, map.height};
  std::vector<int8_t> out(map.values.size());
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const XY q = applySymmetry(s, {x, y}, size);
      const int32_t v = std::clamp<int32_t>(map.at(x, y), -127, 127);
      out[static_cast<size_t>(q.y) * map.width + q.x] = static_cast<int8_t>(v);
    }
  }
  return out;
}

int lineCount(int width, int height) {
  return (std::min(width, height) + 1) / 2;
}

std::vector<int32_t> lineFeatures(const int8_t* sig, int width, int height) {
  const int lines = lineCount(width, height);
  std::vector<int32_t> f(2 * static_cast<size_t>(lines), 0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int r = std::min({x, width - 1 - x, y, height - 1 - y});
      const int v = sig[static_cast<size_t>(y) * width + x];
      f[static_cast<size_t>(r)] += v;
      f[static_cast<size_t>(lines + r)] += std::abs(v);
    }
  }
  return f;
}

int32_t l1Distance(const int8_t* a, const int8_t* b, int n) {
  int32_t d = 0;
  for (int i = 0; i < n; ++i)
    d += std::abs(static_cast<int32_t>(a[i]) - static_cast<int32_t>(b[i]));
  return d;
}

int32_t featureBound(const int32_t* fa, const int32_t* fb, int lines) {
  int32_t bound = 0;
  for (int r = 0; r < lines; ++r) {
    bound += std::max(std::abs(fa[r] - fb[r]), std::abs(fa[lines + r] - fb[lines + r]));
  }
  return bound;
}

std::vector<int> cellBands(int length) {
  const int bands = std::min(5, length);
  std::vector<int> band(static_cast<size_t>(length));
  for (int x = 0; x < length; ++x) {
    const int m = std::min(x, length - 1 - x);  // distance from the nearer end
    const int b = m * bands / length;           // band counted from that end
    band[static_cast<size_t>(x)] = x <= length - 1 - x ? b : bands - 1 - b;
  }
  return band;
}

std::vector<int32_t> cellSums(const int8_t* sig, int width, int height) {
  const std::vector<int> bx = cellBands(width), by = cellBands(height);
  const int nx = bx.back() + 1;
  std::vector<int32_t> out(static_cast<size_t>(nx) * (by.back() + 1), 0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      out[static_cast<size_t>(by[static_cast<size_t>(y)]) * nx + bx[static_cast<size_t>(x)]] +=
          sig[static_cast<size_t>(y) * width + x];
    }
  }
  return out;
}

SignatureStore::SignatureStore(int width, int height)
    : width_(width), height_(height), lines_(lineCount(width, height)) {
  validateBoardSize(width, height);
  cellCount_ = (cellBands(width).back() + 1) * (cellBands(height).back() + 1);
}

uint32_t SignatureStore::add(const int8_t* sig) {
  const auto n = static_cast<uint32_t>(magnitude_.size());
  maps_.insert(maps_.end(), sig, sig + points());
  const std::vector<int32_t> f = lineFeatures(sig, width_, height_);
  features_.insert(features_.end(), f.begin(), f.end());
  const int32_t m = std::accumulate(f.begin() + lines_, f.end(), 0);
  if (!magnitude_.empty() && m < magnitude_.back()) sorted_ = false;
  const std::vector<int32_t> c = cellSums(sig, width_, height_);
  cells_.insert(cells_.end(), c.begin(), c.end());
  magnitude_.push_back(m);
  return n;
}

std::vector<uint32_t> SignatureStore::sortByMagnitude() {
  std::vector<uint32_t> perm(size());
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(),
                   [&](uint32_t a, uint32_t b) { return magnitude_[a] < magnitude_[b]; });
  SignatureStore out(width_, height_);
  out.maps_.reserve(maps_.size());
  out.features_.reserve(features_.size());
  out.magnitude_.reserve(magnitude_.size());
  for (uint32_t old : perm) out.add(signature(old));
  *this = std::move(out);
  sorted_ = true;
  return perm;
}

SignatureStore SignatureStore::fromRaw(int width, int height, std::vector<int8_t> maps) {
  SignatureStore s(width, height);
  if (maps.size() % static_cast<size_t>(s.points()) != 0) {
    throw InputError("signature block is not a whole number of maps");
  }
  const size_t n = maps.size() / static_cast<size_t>(s.points());
  s.features_.reserve(n * 2 * static_cast<size_t>(s.lines_));
  s.magnitude_.reserve(n);
  s.cells_.reserve(n * static_cast<size_t>(s.cellCount_));
  for (size_t i = 0; i < n; ++i) s.add(&maps[i * static_cast<size_t>(s.points())]);
  s.maps_ = std::move(maps);
  return s;
}

namespace {

// The query in every orientation the board allows.
struct Query {
  std::vector<int> syms;
  std::vector<std::vector<int8_t>> sigs;
  std::vector<std::vector<int32_t>> cells;  // cellSums of each orientation
  std::vector<int32_t> features;
  int32_t magnitude = 0;
};

Query makeQuery(const InfluenceMap& map, int width, int height) {
  if (map.width != width || map.height != height) {
    throw InputError("query map size differs from the store's board size");
  }
  Query q;
  q.syms = symmetriesOf({width, height});
  for (int s : q.syms) {
    q.sigs.push_back(signatureOf(map, s));
    q.cells.push_back(cellSums(q.sigs.back().data(), width, height));
  }
  q.features = lineFeatures(q.sigs[0].data(), width, height);
  const int lines = lineCount(width, height);
  q.magnitude = std::accumulate(q.features.begin() + lines, q.features.end(), 0);
  return q;
}

// Full D of an entry: the best orientation of the query. With cells, orientations whose
// cell bound reaches `limit` are skipped (their D cannot beat it).
Neighbour refine(const Query& q, const int8_t* sig, int n, uint32_t entry,
                 const int32_t* cells = nullptr, int cellCount = 0, int32_t limit = INT32_MAX) {
  Neighbour best{entry, INT32_MAX, 0};
  for (size_t i = 0; i < q.syms.size(); ++i) {
    if (cells) {
      int32_t bound = 0;
      for (int c = 0; c < cellCount; ++c)
        bound += std::abs(q.cells[i][static_cast<size_t>(c)] - cells[c]);
      if (bound >= std::min(limit, best.distance)) continue;
    }
    const int32_t d = l1Distance(q.sigs[i].data(), sig, n);
    if (d < best.distance) best = {entry, d, q.syms[i]};
  }
  return best;
}

bool closer(const Neighbour& a, const Neighbour& b) {
  return a.distance != b.distance ? a.distance < b.distance : a.entry < b.entry;
}

}  // namespace

std::vector<Neighbour> SignatureStore::nearest(const InfluenceMap& map, size_t k,
                                               const std::function<bool(uint32_t)>& accept,
                                               Stats* stats) const {
  if (!sorted_) throw InputError("signature store must be sorted before search");
  const Query q = makeQuery(map, width_, height_);
  Stats local;
  std::priority_queue<Neighbour, std::vector<Neighbour>, decltype(&closer)> heap(closer);
  auto threshold = [&] { return heap.size() < k ? INT32_MAX : heap.top().distance; };
  auto visit = [&](size_t i) {
    const auto e = static_cast<uint32_t>(i);
    if (accept && !accept(e)) return;
    ++local.bounded;
    const int32_t* f = &features_[i * 2 * static_cast<size_t>(lines_)];
    if (featureBound(q.features.data(), f, lines_) >= threshold()) return;
    const Neighbour nb =
        refine(q, signature(e), points(), e, &cells_[i * static_cast<size_t>(cellCount_)],
               cellCount_, threshold());
    if (nb.distance == INT32_MAX) return;  // every orientation cut by the cell bound
    ++local.refined;
    if (heap.size() < k) {
      heap.push(nb);
    } else if (closer(nb, heap.top())) {
      heap.pop();
      heap.push(nb);
    }
  };
  // Walk outward from the query's magnitude: |magnitude difference| bounds D too.
  size_t right = static_cast<size_t>(
      std::lower_bound(magnitude_.begin(), magnitude_.end(), q.magnitude) - magnitude_.begin());
  size_t left = right;  // entries [left, right) visited
  while (k > 0) {
    const int32_t dl = left > 0 ? q.magnitude - magnitude_[left - 1] : INT32_MAX;
    const int32_t dr = right < size() ? magnitude_[right] - q.magnitude : INT32_MAX;
    const int32_t step = std::min(dl, dr);
    if (step == INT32_MAX || step >= threshold()) break;
    if (dl <= dr) {
      visit(--left);
    } else {
      visit(right++);
    }
  }
  if (stats) *stats = local;
  std::vector<Neighbour> out;
  while (!heap.empty()) {
    out.push_back(heap.top());
    heap.pop();
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Neighbour> SignatureStore::nearestBrute(
    const InfluenceMap& map, size_t k, const std::function<bool(uint32_t)>& accept) const {
  const Query q = makeQuery(map, width_, height_);
  std::vector<Neighbour> all;
  for (size_t i = 0; i < size(); ++i) {
    const auto e = static_cast<uint32_t>(i);
    if (accept && !accept(e)) continue;
    all.push_back(refine(q, signature(e), points(), e));
  }
  const size_t n = std::min(k, all.size());
  std::partial_sort(all.begin(), all.begin() + static_cast<long>(n), all.end(), closer);
  all.resize(n);
  return all;
}

}  // namespace engine
