// Region queries of the position index: exact matches from the window table (sub-domain
// window keys, similar.hpp) or a scan, approximate ones by a scan (index.hpp).
#include <omp.h>

#include <algorithm>
#include <climits>
#include <cstdlib>

#include "engine/similar/sketch.hpp"

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
  for (const auto& [candidate, t] : cand) {
    const auto u = candidate;  // a lambda may not capture a structured binding (C++17)
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

bool PositionIndex::regionNearestSketch(const Board& board, Color toMove, Rect r, size_t k,
                                        const std::vector<uint32_t>& skip, size_t candidates,
                                        int threads, std::vector<IndexMatch>& out,
                                        RegionStats& stats) const {
  const SketchLayout& layout = store_.sketchLayout();
  // The sketch cells lying wholly inside the rectangle (query frame).
  std::vector<int> inside(static_cast<size_t>(layout.cells), 0), total(inside);
  for (int y = 0; y < size_.height; ++y) {
    for (int x = 0; x < size_.width; ++x) {
      const auto c = static_cast<size_t>(layout.cellOf[static_cast<size_t>(y) * size_.width + x]);
      ++total[c];
      if (x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2) ++inside[c];
    }
  }
  int cellsIn = 0;
  for (size_t c = 0; c < inside.size(); ++c) cellsIn += inside[c] == total[c] ? 1 : 0;
  if (cellsIn == 0 || entries_.empty()) return false;
  // Per symmetry t: the query's sketch in that orientation and the mask of the cells the
  // inside cells land on. Regional D under t >= 4 S_t - 3 cellsIn (sketch.hpp).
  const RegionFrame f = regionFrame(size_, r);
  const InfluenceMap map = computeModel(SIGNATURE_MODEL, board);
  const auto stride = static_cast<size_t>(layout.stride);
  std::vector<int8_t> qs(f.syms.size() * stride), masks(qs.size(), 0);
  for (size_t t = 0; t < f.syms.size(); ++t) {
    sketchOf(signatureOf(map, f.syms[t]).data(), layout, &qs[t * stride]);
    for (int y = r.y1; y <= r.y2; ++y) {
      for (int x = r.x1; x <= r.x2; ++x) {
        const auto c = static_cast<size_t>(layout.cellOf[static_cast<size_t>(y) * size_.width + x]);
        if (inside[c] != total[c]) continue;
        const XY m = applySymmetry(f.syms[t], {x, y}, size_);
        masks[t * stride + static_cast<size_t>(
                               layout.cellOf[static_cast<size_t>(m.y) * size_.width + m.x])] = -1;
      }
    }
  }
  std::vector<int32_t> S(entries_.size());
  constexpr size_t BLOCK = 4096;
  const long blocks = static_cast<long>((entries_.size() + BLOCK - 1) / BLOCK);
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(static)
  for (long b = 0; b < blocks; ++b) {
    const size_t lo = static_cast<size_t>(b) * BLOCK, hi = std::min(entries_.size(), lo + BLOCK);
    sketchScanMasked(qs.data(), masks.data(), static_cast<int>(f.syms.size()),
                     store_.sketch(static_cast<uint32_t>(lo)), hi - lo, layout.stride, &S[lo]);
  }
  std::vector<std::pair<int32_t, uint32_t>> order;
  for (size_t e = 0; e < entries_.size(); ++e) {
    const auto u = static_cast<uint32_t>(e);
    if (entries_[e].toMove == toMove && !std::binary_search(skip.begin(), skip.end(), u))
      order.emplace_back(S[e], u);
  }
  const size_t keep =
      candidates > 0 ? std::min(std::max(candidates, k), order.size()) : order.size();
  std::partial_sort(order.begin(), order.begin() + static_cast<long>(keep), order.end());
  // Refine smallest S first until the bound passes the k-th best (or the candidates end).
  const auto q0 = signatureOf(map, 0);
  std::vector<std::pair<std::pair<int32_t, uint32_t>, size_t>> best;  // ((D, entry), t)
  for (size_t i = 0; i < keep && k > 0; ++i) {
    const int64_t bound = int64_t{4} * order[i].first - int64_t{3} * cellsIn;
    if (best.size() == k && bound > best.back().first.first) break;
    const uint32_t u = order[i].second;
    ++stats.refined;
    for (size_t t = 0; t < f.syms.size(); ++t) {
      const std::pair<std::pair<int32_t, uint32_t>, size_t> c{
          {regionD(q0, store_.signature(u), f, t, size_.width), u}, t};
      if (best.size() == k && c.first >= best.back().first) continue;
      // One slot an entry: replace its worse orientation if present.
      const auto same = std::find_if(best.begin(), best.end(),
                                     [&](const auto& b) { return b.first.second == u; });
      if (same != best.end()) {
        if (c.first >= same->first) continue;
        best.erase(same);
      }
      best.insert(std::upper_bound(best.begin(), best.end(), c), c);
      if (best.size() > k) best.pop_back();
    }
  }
  stats.sketched = true;
  for (const auto& [dk, t] : best) out.push_back(matchOf(dk.second, false, dk.first, f.syms[t]));
  return true;
}

std::vector<IndexMatch> PositionIndex::regionNearestScan(const Board& board, Color toMove,
                                                         Rect rect, size_t k,
                                                         const std::vector<uint32_t>& skip) const {
  if (board.size() != size_) throw InputError("query board differs from the index's size");
  const Rect r = checkedRect(board, rect);
  const RegionFrame f = regionFrame(size_, r);
  const auto q = signatureOf(computeModel(SIGNATURE_MODEL, board), 0);
  std::vector<IndexMatch> approx;
  for (size_t e = 0; e < entries_.size(); ++e) {
    const auto u = static_cast<uint32_t>(e);
    if (entries_[e].toMove != toMove || std::binary_search(skip.begin(), skip.end(), u)) continue;
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
  return approx;
}

std::vector<IndexMatch> PositionIndex::region(const Board& board, Color toMove, Rect rect, size_t k,
                                              RegionStats* stats, size_t candidates,
                                              int threads) const {
  if (board.size() != size_) throw InputError("query board differs from the index's size");
  const Rect r = checkedRect(board, rect);
  RegionStats st;
  std::vector<IndexMatch> exactOut;
  if (!hasWindowTable() || !regionExactWindows(board, toMove, r, exactOut, st))
    exactOut = regionExactScan(board, toMove, r);
  if (k > 0) {
    std::vector<uint32_t> skip;
    for (const IndexMatch& m : exactOut) skip.push_back(m.entry);
    std::sort(skip.begin(), skip.end());
    std::vector<IndexMatch> near;
    if (!regionNearestSketch(board, toMove, r, k, skip, candidates, threads, near, st))
      near = regionNearestScan(board, toMove, r, k, skip);
    exactOut.insert(exactOut.end(), near.begin(), near.end());
  }
  if (stats) *stats = st;
  return exactOut;
}

}  // namespace engine
