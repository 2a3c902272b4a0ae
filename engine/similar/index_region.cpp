// Region queries of the position index: exact matches from the window table (sub-domain
// window keys, similar.hpp) or a scan, approximate ones by a scan (index.hpp).
#include <omp.h>

#include <algorithm>
#include <climits>
#include <cstdlib>

#include "engine/board/errors.hpp"
#include "engine/similar/index.hpp"

namespace engine {

namespace {

// The points of a rectangle and, per symmetry, where they land in the stored frame.
struct RegionFrame {
  std::vector<int> syms;
  std::vector<XY> pts;
  std::vector<std::vector<size_t>> where;  // where[t][i]: row-major index of syms[t](pts[i])
};

Rect checkedRect(const Board& board, Rect r) {
  if (r.x1 > r.x2) std::swap(r.x1, r.x2);
  if (r.y1 > r.y2) std::swap(r.y1, r.y2);
  if (!board.onBoard(r.x1, r.y1) || !board.onBoard(r.x2, r.y2))
    throw InputError("region off the board");
  return r;
}

RegionFrame regionFrame(BoardSize size, const Rect& r) {
  RegionFrame f;
  f.syms = symmetriesOf(size);
  for (int y = r.y1; y <= r.y2; ++y) {
    for (int x = r.x1; x <= r.x2; ++x) f.pts.push_back({x, y});
  }
  f.where.resize(f.syms.size());
  for (size_t t = 0; t < f.syms.size(); ++t) {
    for (XY p : f.pts) {
      const XY m = applySymmetry(f.syms[t], p, size);
      f.where[t].push_back(static_cast<size_t>(m.y) * size.width + m.x);
    }
  }
  return f;
}

// True when the stored position (its colours through stoneAt(x, y), stored frame) holds
// the same stones as board over the rectangle, seen through symmetry f.syms[t].
template <class StoneAt>
bool sameRegion(const RegionFrame& f, size_t t, const Board& board, int width, StoneAt stoneAt) {
  for (size_t i = 0; i < f.pts.size(); ++i) {
    const size_t m = f.where[t][i];
    if (stoneAt(static_cast<int>(m % width), static_cast<int>(m / width)) !=
        board.at(f.pts[i].x, f.pts[i].y))
      return false;
  }
  return true;
}

// D over the rectangle between the query's signature (query frame) and an entry's.
int32_t regionD(const std::vector<int8_t>& q, const int8_t* sig, const RegionFrame& f, size_t t,
                int width) {
  int32_t d = 0;
  for (size_t i = 0; i < f.pts.size(); ++i) {
    const size_t qi = static_cast<size_t>(f.pts[i].y) * width + f.pts[i].x;
    d += std::abs(int32_t{q[qi]} - int32_t{sig[f.where[t][i]]});
  }
  return d;
}

void sortByGameAndMove(std::vector<IndexMatch>& out, const std::vector<IndexEntry>& entries) {
  std::sort(out.begin(), out.end(), [&](const IndexMatch& a, const IndexMatch& b) {
    const IndexEntry &ea = entries[a.entry], &eb = entries[b.entry];
    return ea.game != eb.game ? ea.game < eb.game : ea.move < eb.move;
  });
}

// The window whose origin is (x0, y0) moved by symmetry s: its origin after the move.
XY movedWindow(int s, int x0, int y0, int side, BoardSize size) {
  const XY a = applySymmetry(s, {x0, y0}, size);
  const XY b = applySymmetry(s, {x0 + side - 1, y0 + side - 1}, size);
  return {std::min(a.x, b.x), std::min(a.y, b.y)};
}

// The table's 32-bit form of a window key: its high half, never 0 unless the key is.
uint32_t key32(uint64_t k) {
  const auto high = static_cast<uint32_t>(k >> 32);
  return high != 0 ? high : k != 0 ? 1u : 0u;
}

long originIndex(const std::vector<int>& origins, int o) {
  const auto it = std::lower_bound(origins.begin(), origins.end(), o);
  return it != origins.end() && *it == o ? it - origins.begin() : -1;
}

}  // namespace

std::vector<IndexMatch> PositionIndex::regionExactScan(const Board& board, Color toMove,
                                                       Rect rect) const {
  if (board.size() != size_) throw InputError("query board differs from the index's size");
  const Rect r = checkedRect(board, rect);
  const RegionFrame f = regionFrame(size_, r);
  const auto q = signatureOf(computeModel(SIGNATURE_MODEL, board), 0);
  std::vector<IndexMatch> out;
  for (size_t e = 0; e < entries_.size(); ++e) {
    if (entries_[e].toMove != toMove) continue;
    const auto u = static_cast<uint32_t>(e);
    for (size_t t = 0; t < f.syms.size(); ++t) {
      if (sameRegion(f, t, board, size_.width, [&](int x, int y) { return stoneAt(u, x, y); })) {
        out.push_back(
            matchOf(u, true, regionD(q, store_.signature(u), f, t, size_.width), f.syms[t]));
        break;
      }
    }
  }
  sortByGameAndMove(out, entries_);
  return out;
}

size_t PositionIndex::buildWindowTable(int threads) {
  const WindowParams wp;
  const std::vector<int> xs = windowOrigins(size_.width, wp), ys = windowOrigins(size_.height, wp);
  const size_t nw = xs.size() * ys.size();
  const Board shape(size_);
  const auto table = ZobristTable::forSize(size_.width, size_.height);
  // Windows of each point (row-major).
  std::vector<std::vector<uint32_t>> windowsAt(static_cast<size_t>(size_.points()));
  for (size_t wy = 0; wy < ys.size(); ++wy) {
    for (size_t wx = 0; wx < xs.size(); ++wx) {
      for (int y = ys[wy]; y < ys[wy] + wp.side; ++y) {
        for (int x = xs[wx]; x < xs[wx] + wp.side; ++x) {
          windowsAt[static_cast<size_t>(y) * size_.width + x].push_back(
              static_cast<uint32_t>(wy * xs.size() + wx));
        }
      }
    }
  }
  // Every entry's window keys (high 32 bits), then one sorted list per window.
  std::vector<uint32_t> keys(entries_.size() * nw);
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(static, 4096)
  for (long e = 0; e < static_cast<long>(entries_.size()); ++e) {
    std::vector<uint64_t> k(nw, 0);
    const auto u = static_cast<uint32_t>(e);
    for (int y = 0; y < size_.height; ++y) {
      for (int x = 0; x < size_.width; ++x) {
        const Color c = stoneAt(u, x, y);
        if (!isStone(c)) continue;
        const uint64_t z = table->key(shape.point(x, y), c);
        for (uint32_t w : windowsAt[static_cast<size_t>(y) * size_.width + x]) k[w] ^= z;
      }
    }
    for (size_t w = 0; w < nw; ++w) keys[static_cast<size_t>(e) * nw + w] = key32(k[w]);
  }
  windowTable_.assign(nw, {});
  size_t bytes = 0;
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(dynamic, 1) reduction(+ : bytes)
  for (long w = 0; w < static_cast<long>(nw); ++w) {
    std::vector<uint64_t>& list = windowTable_[static_cast<size_t>(w)];
    for (size_t e = 0; e < entries_.size(); ++e) {
      const uint32_t k = keys[e * nw + static_cast<size_t>(w)];
      if (k != 0) list.push_back(uint64_t{k} << 32 | e);
    }
    std::sort(list.begin(), list.end());
    list.shrink_to_fit();
    bytes += list.size() * sizeof(uint64_t);
  }
  return bytes;
}

bool PositionIndex::regionExactWindows(const Board& board, Color toMove, Rect r,
                                       std::vector<IndexMatch>& out, RegionStats& stats) const {
  const WindowParams wp;
  const std::vector<int> xs = windowOrigins(size_.width, wp), ys = windowOrigins(size_.height, wp);
  const std::vector<int> syms = symmetriesOf(size_);
  const auto table = ZobristTable::forSize(size_.width, size_.height);
  // Among the windows inside the rectangle holding a query stone, the one whose images
  // under the symmetries have the fewest entries with the expected key.
  using Range =
      std::pair<std::vector<uint64_t>::const_iterator, std::vector<uint64_t>::const_iterator>;
  std::vector<Range> best;
  size_t bestCost = SIZE_MAX;
  for (int y0 : ys) {
    for (int x0 : xs) {
      if (x0 < r.x1 || y0 < r.y1 || x0 + wp.side - 1 > r.x2 || y0 + wp.side - 1 > r.y2) continue;
      std::vector<Range> ranges;
      size_t cost = 0;
      for (int s : syms) {
        const XY o = movedWindow(s, x0, y0, wp.side, size_);
        const long ix = originIndex(xs, o.x), iy = originIndex(ys, o.y);
        if (ix < 0 || iy < 0) return false;  // layouts are symmetric; never happens
        uint64_t k = 0;
        for (int y = y0; y < y0 + wp.side; ++y) {
          for (int x = x0; x < x0 + wp.side; ++x) {
            const Color c = board.at(x, y);
            if (isStone(c)) k ^= table->key(board.point(applySymmetry(s, {x, y}, size_)), c);
          }
        }
        if (k == 0) break;  // an empty window: the table leaves those out
        const auto& list =
            windowTable_[static_cast<size_t>(iy) * xs.size() + static_cast<size_t>(ix)];
        const uint64_t lo = uint64_t{key32(k)} << 32;
        ranges.emplace_back(std::lower_bound(list.begin(), list.end(), lo),
                            std::lower_bound(list.begin(), list.end(), lo + (uint64_t{1} << 32)));
        cost += static_cast<size_t>(ranges.back().second - ranges.back().first);
      }
      if (ranges.size() == syms.size() && cost < bestCost) {
        bestCost = cost;
        best = ranges;
      }
    }
  }
  if (best.empty()) return false;
  stats.windows = true;
  // Candidates (entry, symmetry number), checked point by point in symmetry order; an
  // entry is reported once, under the first symmetry that matches (as the scan does).
  std::vector<std::pair<uint32_t, size_t>> cand;
  for (size_t t = 0; t < best.size(); ++t) {
    for (auto it = best[t].first; it != best[t].second; ++it) {
      const auto e = static_cast<uint32_t>(*it & 0xFFFFFFFFu);
      if (entries_[e].toMove == toMove) cand.emplace_back(e, t);
    }
  }
  std::sort(cand.begin(), cand.end());
  const RegionFrame f = regionFrame(size_, r);
  const auto q = signatureOf(computeModel(SIGNATURE_MODEL, board), 0);
  long last = -1;
  for (const auto& [u, t] : cand) {
    if (static_cast<long>(u) == last) continue;
    ++stats.candidates;
    if (sameRegion(f, t, board, size_.width, [&](int x, int y) { return stoneAt(u, x, y); })) {
      out.push_back(matchOf(u, true, regionD(q, store_.signature(u), f, t, size_.width), syms[t]));
      last = u;
    }
  }
  sortByGameAndMove(out, entries_);
  return true;
}

std::vector<IndexMatch> PositionIndex::region(const Board& board, Color toMove, Rect rect, size_t k,
                                              RegionStats* stats) const {
  if (board.size() != size_) throw InputError("query board differs from the index's size");
  const Rect r = checkedRect(board, rect);
  RegionStats st;
  std::vector<IndexMatch> exactOut;
  if (!hasWindowTable() || !regionExactWindows(board, toMove, r, exactOut, st))
    exactOut = regionExactScan(board, toMove, r);
  if (stats) *stats = st;
  if (k == 0) return exactOut;
  // The k nearest of the other entries by D over the rectangle (a scan).
  std::vector<char> isExact(entries_.size(), 0);
  for (const IndexMatch& m : exactOut) isExact[m.entry] = 1;
  const RegionFrame f = regionFrame(size_, r);
  const auto q = signatureOf(computeModel(SIGNATURE_MODEL, board), 0);
  std::vector<IndexMatch> approx;
  for (size_t e = 0; e < entries_.size(); ++e) {
    if (entries_[e].toMove != toMove || isExact[e]) continue;
    const auto u = static_cast<uint32_t>(e);
    int32_t best = INT32_MAX;
    size_t bestT = 0;
    for (size_t t = 0; t < f.syms.size(); ++t) {
      const int32_t d = regionD(q, store_.signature(u), f, t, size_.width);
      if (d < best) {
        best = d;
        bestT = t;
      }
    }
    approx.push_back(matchOf(u, false, best, f.syms[bestT]));
  }
  const size_t n = std::min(k, approx.size());
  std::partial_sort(approx.begin(), approx.begin() + static_cast<long>(n), approx.end(),
                    [](const IndexMatch& a, const IndexMatch& b) {
                      return a.D != b.D ? a.D < b.D : a.entry < b.entry;
                    });
  approx.resize(n);
  exactOut.insert(exactOut.end(), approx.begin(), approx.end());
  return exactOut;
}

}  // namespace engine
