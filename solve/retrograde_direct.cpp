#include <omp.h>

#include <algorithm>
#include <atomic>

#include "engine/board/errors.hpp"
#include "solve/compact_board.hpp"
#include "solve/retrograde.hpp"
#include "solve/retrograde_detail.hpp"

namespace solve {

using retro_detail::Clock;
using retro_detail::load;
using retro_detail::Reporter;
using retro_detail::secondsSince;
using retro_detail::settle;
using retro_detail::slotOf;

namespace {
constexpr uint32_t POW3_10 = 59049;
constexpr int DIRECT_MAX_POINTS = 20;  // 3^20 - 1 < 2^32
}  // namespace

uint32_t DirectRetroAnalysis::canonicalIndex(Mask own, Mask opp) const {
  int sym;
  const uint64_t key = g_->minImage(own | uint64_t{opp} << 32, sym);
  return index(key & 0xFFFFFFFFu, key >> 32);
}

void DirectRetroAnalysis::decode(uint32_t x, Mask& own, Mask& opp) const {
  const uint32_t low = decode_[x % POW3_10], high = decode_[x / POW3_10];
  own = (low & 0x3FF) | (high & 0x3FF) << 10;
  opp = (low >> 16) | (high >> 16) << 10;
}

uint32_t DirectRetroAnalysis::findKo(uint64_t key) const {
  for (uint64_t s = slotOf(key, koSlotMask_);; s = (s + 1) & koSlotMask_) {
    const uint32_t v = koSlots_[s];
    if (v == 0) return NONE;
    if (koKeys_[v - 1] == key) return v - 1;
  }
}

void DirectRetroAnalysis::passedBounds(const Record& r, int score, int8_t& lo, int8_t& hi) {
  lo = std::max<int8_t>(load(r.mlo), static_cast<int8_t>(score));
  hi = std::max<int8_t>(load(r.mhi), static_cast<int8_t>(score));
}

template <class F>
void DirectRetroAnalysis::forEachChild(Mask own, Mask opp, int ko, F&& f) const {
  const Geometry& g = *g_;
  // Every child first, its record's read started, then the bounds: the misses of one
  // position's children overlap instead of following each other.
  std::array<uint32_t, MAX_POINTS> where;
  std::array<uint64_t, MAX_POINTS> koKey;
  std::array<int8_t, MAX_POINTS> point;
  int n = 0;
  // A child's images from the position's: under symmetry s the child (in its mover's
  // view: opp less what the move took, then own with the new stone) is
  // image_s(opp) - image_s(taken) | (image_s(own) + image_s(p)) << 32. The position's
  // images are found once; a child costs a few word operations a symmetry (a table look-up
  // more for each symmetry when it captures) instead of its own images.
  const int nsym = g.symmetries();
  std::array<uint64_t, 8> image;
  g.images(opp | uint64_t{own} << 32, image);
  retro_detail::forEachMove(g, own, opp, ko, [&](int p, Mask cOwn, Mask cOpp, int cKo) {
    point[n] = static_cast<int8_t>(p);
    if (cKo < 0) {
      const Mask taken = opp & ~cOwn;
      uint64_t best = ~uint64_t{0};
      for (int s = 0; s < nsym; ++s) {
        uint64_t key = image[s] | uint64_t{1} << (32 + g.mapPoint(s, p));
        if (taken) key &= ~uint64_t{g.mapMask(s, taken)};
        best = std::min(best, key);
      }
      where[n] = index(best & 0xFFFFFFFFu, best >> 32);
      __builtin_prefetch(&rec_[where[n]]);
    } else {
      int sym;
      where[n] = NONE;
      koKey[n] = canonicalKeyWithKo(g, cOwn, cOpp, cKo, sym);
    }
    ++n;
  });
  const int8_t P = static_cast<int8_t>(g.points());
  for (int k = 0; k < n; ++k) {
    int8_t lo = -P, hi = P;  // a ko state the analysis lacks (never, once they are found)
    if (where[k] != NONE) {
      const Record& r = rec_[where[k]];
      lo = load(r.lo), hi = load(r.hi);
    } else if (const uint32_t s = findKo(koKey[k]); s != NONE) {
      lo = load(klo_[s]), hi = load(khi_[s]);
    }
    f(point[k], lo, hi);
  }
}

DirectRetroAnalysis DirectRetroAnalysis::run(const Geometry& geometry, const RetroOptions& o) {
  const int P = geometry.points();
  retro_detail::checkRun("retrograde analysis (direct index)", P,
                         std::min(o.maxPoints, DIRECT_MAX_POINTS), o);
  const auto start = Clock::now();
  Reporter report(o, start);
  DirectRetroAnalysis a;
  a.g_ = std::make_shared<const Geometry>(geometry);
  const Geometry& g = *a.g_;
  const Mask all = g.all();
  const int threads = o.threads;
  a.threads_ = threads;
  for (int b = 0; b < 256; ++b) {
    uint32_t t = 0, w = 1;
    for (int j = 0; j < 8; ++j, w *= 3) t += (b >> j & 1) * w;
    a.tern_[b] = t;
  }
  a.decode_.resize(POW3_10);
  for (uint32_t x = 0; x < POW3_10; ++x) {
    uint32_t own = 0, opp = 0;
    for (uint32_t r = x, j = 0; r != 0; r /= 3, ++j) {
      if (r % 3 == 1) own |= 1u << j;
      if (r % 3 == 2) opp |= 1u << j;
    }
    a.decode_[x] = own | opp << 16;
  }

  // 1. Every legal position in canonical form, by level (stone count, most first), each
  // level in key order: pieces of the other side's stones scanned in parallel.
  {
    const uint64_t opps = uint64_t{1} << P;
    constexpr uint64_t PIECE = 256;
    const uint64_t pieces = (opps + PIECE - 1) / PIECE;
    std::vector<std::vector<std::vector<uint32_t>>> found(
        pieces, std::vector<std::vector<uint32_t>>(P + 1));
    std::atomic<uint64_t> done{0};
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (uint64_t c = 0; c < pieces; ++c) {
      for (uint64_t opp = c * PIECE; opp < std::min(opps, (c + 1) * PIECE); ++opp) {
        const Mask rest = all & ~opp;
        for (Mask own = 0;; own = (own - rest) & rest) {
          const uint64_t key = own | opp << 32;
          int sym;
          if (g.minImage(key, sym) == key && legalPosition(g, own, opp)) {
            found[c][P - popcount(own | opp)].push_back(a.index(own, opp));
          }
          if (own == rest) break;
        }
      }
      const uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
      report({"positions", d * PIECE, opps, 0, 0, 0, 0});
    }
    a.posLevel_.assign(P + 2, 0);
    for (int level = 0; level <= P; ++level) {
      uint64_t n = 0;
      for (const auto& piece : found) n += piece[level].size();
      a.posLevel_[level + 1] = a.posLevel_[level] + n;
    }
    a.pos_.reserve(a.posLevel_[P + 1]);
    for (int level = 0; level <= P; ++level) {
      for (auto& piece : found) {
        a.pos_.insert(a.pos_.end(), piece[level].begin(), piece[level].end());
        std::vector<uint32_t>().swap(piece[level]);
      }
    }
  }
  const uint64_t N = a.pos_.size();
  a.positions_ = N;

  // 2. The records, at the widest bounds.
  uint64_t colourings = 1;
  for (int p = 0; p < P; ++p) colourings *= 3;
  a.rec_.reset(new Record[colourings]);  // untouched until the loop below writes it
  retro_detail::adviseHugePages(a.rec_.get(), colourings * sizeof(Record));
  const int8_t floor = static_cast<int8_t>(-P), ceiling = static_cast<int8_t>(P);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (uint64_t x = 0; x < colourings; ++x) a.rec_[x] = {floor, ceiling, floor, ceiling};

  // 3. The ko states: every ban a move from a legal position makes (a ko state's or a
  // passed state's moves are some of its position's, so they make no other).
  {
    std::vector<std::vector<uint64_t>> found(threads);
    std::atomic<uint64_t> done{0};
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads)
    for (uint64_t i = 0; i < N; ++i) {
      auto& out = found[omp_get_thread_num()];
      Mask own, opp;
      a.decode(a.pos_[i], own, opp);
      retro_detail::forEachMove(g, own, opp, -1, [&](int, Mask cOwn, Mask cOpp, int cKo) {
        if (cKo < 0) return;
        int sym;
        out.push_back(canonicalKeyWithKo(g, cOwn, cOpp, cKo, sym));
      });
      const uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
      if ((d & 65535) == 0) report({"ko states", d, N, 0, 0, 0, 0});
    }
    for (auto& v : found) {
      a.koKeys_.insert(a.koKeys_.end(), v.begin(), v.end());
      std::vector<uint64_t>().swap(v);
    }
    std::sort(a.koKeys_.begin(), a.koKeys_.end());
    a.koKeys_.erase(std::unique(a.koKeys_.begin(), a.koKeys_.end()), a.koKeys_.end());
  }
  const uint64_t K = a.koKeys_.size();
  {
    uint64_t size = 1;
    while (size * 7 < K * 10 + 7) size <<= 1;
    retro_detail::assignHuge<uint32_t>(a.koSlots_, size, 0);
    a.koSlotMask_ = size - 1;
    for (uint64_t i = 0; i < K; ++i) {
      uint64_t s = slotOf(a.koKeys_[i], a.koSlotMask_);
      while (a.koSlots_[s] != 0) s = (s + 1) & a.koSlotMask_;
      a.koSlots_[s] = static_cast<uint32_t>(i + 1);
    }
    retro_detail::assignHuge(a.klo_, K, floor);
    retro_detail::assignHuge(a.khi_, K, ceiling);
    a.koLevel_.assign(P + 2, 0);
    const auto level = [&](uint64_t key) { return P - popcount((key & all) | (key >> 32)); };
    for (uint64_t i = 0; i < K; ++i) ++a.koLevel_[level(a.koKeys_[i]) + 1];
    for (int c = 1; c <= P + 1; ++c) a.koLevel_[c] += a.koLevel_[c - 1];
    std::vector<uint64_t> next(a.koLevel_.begin(), a.koLevel_.end() - 1);
    a.koOrder_.resize(K);
    for (uint64_t i = 0; i < K; ++i) {
      a.koOrder_[next[level(a.koKeys_[i])]++] = static_cast<uint32_t>(i);
    }
  }

  // 4. The sweeps, densest level first. Each level: the best of every position's point
  // moves (M), then its ko states, then every position from its M and the pass (the other
  // side's view's M, or the game's end).
  uint64_t changed = 1, open = N + K;
  while (changed != 0) {
    ++a.sweeps_;
    changed = 0;
    uint64_t visited = 0, stillOpen = 0;
    for (int level = 0; level <= P; ++level) {
      const uint64_t from = a.posLevel_[level], count = a.posLevel_[level + 1] - from;
      uint64_t moved = 0, unsettled = 0;
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads) reduction(+ : moved)
      for (uint64_t j = 0; j < count; ++j) {
        Record& r = a.rec_[a.pos_[from + j]];
        if (load(r.mlo) == load(r.mhi)) continue;
        Mask own, opp;
        a.decode(a.pos_[from + j], own, opp);
        int8_t lo = floor, hi = floor;
        a.forEachChild(own, opp, -1, [&](int, int8_t clo, int8_t chi) {
          lo = std::max<int8_t>(lo, static_cast<int8_t>(-chi));
          hi = std::max<int8_t>(hi, static_cast<int8_t>(-clo));
        });
        moved += settle(r.mlo, r.mhi, lo, hi);
      }
      const uint64_t kfrom = a.koLevel_[level], kcount = a.koLevel_[level + 1] - kfrom;
#pragma omp parallel for schedule(dynamic, 256) num_threads(threads) reduction(+ : moved, unsettled)
      for (uint64_t j = 0; j < kcount; ++j) {
        const uint32_t s = a.koOrder_[kfrom + j];
        if (load(a.klo_[s]) == load(a.khi_[s])) continue;
        const uint64_t key = a.koKeys_[s];
        const Mask own = key & all, opp = key >> 32;
        int8_t lo = floor, hi = floor;
        a.forEachChild(own, opp, koOfKey(g, key), [&](int, int8_t clo, int8_t chi) {
          lo = std::max<int8_t>(lo, static_cast<int8_t>(-chi));
          hi = std::max<int8_t>(hi, static_cast<int8_t>(-clo));
        });
        int8_t plo, phi;  // the other side's, after this pass
        passedBounds(a.rec_[a.canonicalIndex(opp, own)], -areaScore(g, own, opp), plo, phi);
        lo = std::max<int8_t>(lo, static_cast<int8_t>(-phi));
        hi = std::max<int8_t>(hi, static_cast<int8_t>(-plo));
        moved += settle(a.klo_[s], a.khi_[s], lo, hi);
        unsettled += load(a.klo_[s]) != load(a.khi_[s]);
      }
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads) reduction(+ : moved, unsettled)
      for (uint64_t j = 0; j < count; ++j) {
        Record& r = a.rec_[a.pos_[from + j]];
        if (load(r.lo) == load(r.hi)) continue;
        Mask own, opp;
        a.decode(a.pos_[from + j], own, opp);
        int8_t plo, phi;
        passedBounds(a.rec_[a.canonicalIndex(opp, own)], -areaScore(g, own, opp), plo, phi);
        const int8_t lo = std::max<int8_t>(load(r.mlo), static_cast<int8_t>(-phi));
        const int8_t hi = std::max<int8_t>(load(r.mhi), static_cast<int8_t>(-plo));
        moved += settle(r.lo, r.hi, lo, hi);
        unsettled += load(r.lo) != load(r.hi);
      }
      changed += moved, stillOpen += unsettled;
      visited += count + kcount;
      report({"sweeps", visited, N + K, a.sweeps_, changed, open, 0});
    }
    open = stillOpen;
  }
  a.seconds_ = secondsSince(start);
  report({"sweeps", N + K, N + K, a.sweeps_, 0, open, 0}, true);
  return a;
}

bool DirectRetroAnalysis::bounds(Mask own, Mask opp, int ko, bool passed, int& lo, int& hi) const {
  const Geometry& g = *g_;
  if ((own | opp) & ~g.all() || (own & opp) || (passed && ko >= 0)) return false;
  if (!legalPosition(g, own, opp)) return false;
  if (ko >= 0) {
    int sym;
    const uint32_t s = findKo(canonicalKeyWithKo(g, own, opp, ko, sym));
    if (s == NONE) return false;
    lo = klo_[s], hi = khi_[s];
    return true;
  }
  const Record& r = rec_[canonicalIndex(own, opp)];
  if (passed) {
    int8_t plo, phi;
    passedBounds(r, areaScore(g, own, opp), plo, phi);
    lo = plo, hi = phi;
  } else {
    lo = r.lo, hi = r.hi;
  }
  return true;
}

void DirectRetroAnalysis::releaseSweepLists() {
  if (pos_.empty()) return;
  openAfterRelease_ = openPositions();
  std::vector<uint32_t>().swap(pos_);
  std::vector<uint64_t>().swap(posLevel_);
  std::vector<uint32_t>().swap(koOrder_);
  std::vector<uint64_t>().swap(koLevel_);
}

uint64_t DirectRetroAnalysis::openPositions() const {
  if (pos_.empty()) return openAfterRelease_;
  uint64_t n = 0;
  for (const uint32_t x : pos_) n += rec_[x].lo != rec_[x].hi;
  return n;
}

void DirectRetroAnalysis::exactEntries(uint64_t oppFrom, uint64_t oppTo,
                                       std::vector<SolutionEntry>& out) const {
  const Geometry& g = *g_;
  const Mask all = g.all();
  oppTo = std::min(oppTo, uint64_t{1} << g.points());
  if (oppFrom >= oppTo) return;
  // Pieces of the opp range in parallel, joined in order.
  constexpr uint64_t PIECE = 16;
  const uint64_t pieces = (oppTo - oppFrom + PIECE - 1) / PIECE;
  std::vector<std::vector<SolutionEntry>> found(pieces);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_)
  for (uint64_t c = 0; c < pieces; ++c) {
    auto& part = found[c];
    const uint64_t first = oppFrom + c * PIECE, last = std::min(oppTo, first + PIECE);
    for (uint64_t opp = first; opp < last; ++opp) {
      const Mask rest = all & ~opp;
      for (Mask own = 0;; own = (own - rest) & rest) {
        const uint64_t key = own | opp << 32;
        int sym;
        if (g.minImage(key, sym) == key && legalPosition(g, own, opp)) {
          const Record& r = rec_[index(own, opp)];
          if (r.lo == r.hi) {
            SolutionEntry e;
            e.key = key;
            e.value = r.lo;
            int8_t plo, phi;
            passedBounds(rec_[canonicalIndex(opp, own)], -areaScore(g, own, opp), plo, phi);
            if (-phi == e.value) e.best |= PASS_BIT;
            forEachChild(own, opp, -1, [&e](int p, int8_t, int8_t chi) {
              if (-chi == e.value) e.best |= Mask{1} << p;
            });
            part.push_back(e);
          }
        }
        if (own == rest) break;
      }
    }
  }
  for (const auto& part : found) out.insert(out.end(), part.begin(), part.end());
}

std::vector<SolutionEntry> DirectRetroAnalysis::exactEntries() const {
  std::vector<SolutionEntry> out;
  exactEntries(0, uint64_t{1} << g_->points(), out);
  return out;
}

}  // namespace solve
