#include "solve/retrograde.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <mutex>

#include "engine/board/errors.hpp"
#include "solve/compact_board.hpp"
#include "solve/retrograde_detail.hpp"
#include "tables/table_file.hpp"

namespace solve {

using retro_detail::Clock;
using retro_detail::load;
using retro_detail::Reporter;
using retro_detail::secondsSince;
using retro_detail::slotOf;

namespace {

// Calls f(point, child key) for each legal move of the mover at (own, opp) barred from
// ko, points in increasing order; the child's key is canonicalKeyWithKo of the other
// side's view.
template <class F>
void forEachMove(const Geometry& g, Mask own, Mask opp, int ko, F&& f) {
  retro_detail::forEachMove(g, own, opp, ko, [&](int p, Mask cOwn, Mask cOpp, int cKo) {
    int sym;
    f(p, canonicalKeyWithKo(g, cOwn, cOpp, cKo, sym));
  });
}

}  // namespace

template <class Pre, class F>
void RetroAnalysis::forEachChild(uint64_t i, Pre&& pre, F&& f) const {
  if (!first_.empty()) {
    const uint64_t from = first_[i], to = first_[i + 1];
    for (uint64_t e = from; e < to; ++e) pre(edges_[e]);
    for (uint64_t e = from; e < to; ++e) f(edges_[e]);
    return;
  }
  // Found again: every child's key first, then their look-ups in three rounds, each
  // starting the memory reads the next one needs (the slots, then the keys and bounds),
  // so that the misses of one state's children overlap instead of following each other.
  const Geometry& g = *g_;
  const uint64_t key = keys_[i];
  const Mask own = key & g.all(), opp = key >> 32;
  std::array<uint64_t, MAX_POINTS + 1> child, slot;
  int n = 0, sym;
  child[n++] = canonicalKey(g, opp, own, sym);  // the pass
  forEachMove(g, own, opp, i < n_ ? -1 : koOfKey(g, key), [&](int, uint64_t c) { child[n++] = c; });
  for (int k = 0; k < n; ++k) {
    slot[k] = slotOf(child[k], slotMask_);
    __builtin_prefetch(&slots_[slot[k]]);
  }
  const bool haveBounds = !lo_.empty();  // not yet while the moves are being kept
  for (int k = 0; k < n; ++k) {
    const uint32_t v = slots_[slot[k]];
    if (v == 0) continue;
    __builtin_prefetch(keys_.data() + (v - 1));
    if (haveBounds) {
      __builtin_prefetch(k == 0 ? plo_.data() + (v - 1) : lo_.data() + (v - 1));
      __builtin_prefetch(k == 0 ? phi_.data() + (v - 1) : hi_.data() + (v - 1));
    }
  }
  std::array<uint32_t, MAX_POINTS + 1> x;
  for (int k = 0; k < n; ++k) {
    x[k] = findFrom(slot[k], child[k]);
    if (k == 0) x[k] |= PASSED;
    pre(x[k]);
  }
  for (int k = 0; k < n; ++k) f(x[k]);
}

uint32_t RetroAnalysis::find(uint64_t key) const {
  return findFrom(slotOf(key, slotMask_), key);
}

uint32_t RetroAnalysis::findFrom(uint64_t slot, uint64_t key) const {
  for (uint64_t s = slot;; s = (s + 1) & slotMask_) {
    const uint32_t v = slots_[s];
    if (v == 0) return NONE;
    if (keys_[v - 1] == key) return v - 1;
  }
}

RetroAnalysis RetroAnalysis::run(const Geometry& geometry, const RetroOptions& o) {
  const int P = geometry.points();
  retro_detail::checkRun("retrograde analysis", P, o.maxPoints, o);
  const auto start = Clock::now();
  Reporter report(o, start);
  RetroAnalysis a;
  a.g_ = std::make_shared<const Geometry>(geometry);
  const Geometry& g = *a.g_;
  const Mask all = g.all();
  // The stone bits of a key (a ko key keeps its ko point above the mover's stones).
  const Mask stoneBits = all | all << 32;
  const int threads = o.threads;
  a.threads_ = threads;

  // 1. Every legal position in canonical form, in key order: the other side's stones `opp`
  // (the key's high half), then every subset of the other points as the mover's, increasing.
  // Pieces of the opp range are scanned in parallel and joined in order.
  {
    const uint64_t opps = uint64_t{1} << P;
    constexpr uint64_t PIECE = 256;
    const uint64_t pieces = (opps + PIECE - 1) / PIECE;
    std::vector<std::vector<uint64_t>> found(pieces);
    std::atomic<uint64_t> done{0};
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (uint64_t c = 0; c < pieces; ++c) {
      auto& out = found[c];
      for (uint64_t opp = c * PIECE; opp < std::min(opps, (c + 1) * PIECE); ++opp) {
        const Mask rest = all & ~opp;
        for (Mask own = 0;; own = (own - rest) & rest) {
          const uint64_t key = own | opp << 32;
          int sym;
          if (g.minImage(key, sym) == key && legalPosition(g, own, opp)) out.push_back(key);
          if (own == rest) break;
        }
      }
      const uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
      report({"positions", d * PIECE, opps, 0, 0, 0, 0});
    }
    size_t n = 0;
    for (const auto& v : found) n += v.size();
    a.keys_.reserve(n);
    for (auto& v : found) {
      a.keys_.insert(a.keys_.end(), v.begin(), v.end());
      std::vector<uint64_t>().swap(v);
    }
  }
  a.n_ = a.keys_.size();
  const uint64_t N = a.n_;
  // Open addressing filled to at most 0.7: 4.3 GB of slots for 4x5's 6e8 states, where
  // 0.5 would take twice that.
  const auto makeSlots = [&a](uint64_t states) {
    uint64_t size = 1;
    while (size * 7 < states * 10) size <<= 1;
    retro_detail::assignHuge<uint32_t>(a.slots_, size, 0);
    a.slotMask_ = size - 1;
  };
  const auto insert = [&a](uint64_t index) {
    uint64_t s = slotOf(a.keys_[index], a.slotMask_);
    while (a.slots_[s] != 0) s = (s + 1) & a.slotMask_;
    a.slots_[s] = static_cast<uint32_t>(index + 1);
  };

  // 2. The ko states: every ban a move from a legal position makes (a ko state's or a
  // passed state's moves are some of its position's, so they make no other).
  {
    std::vector<std::vector<uint64_t>> found(threads);
    std::atomic<uint64_t> done{0};
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads)
    for (uint64_t i = 0; i < N; ++i) {
      auto& out = found[omp_get_thread_num()];
      const uint64_t key = a.keys_[i];
      forEachMove(g, key & 0xFFFFFFFFu, key >> 32, -1, [&](int, uint64_t child) {
        if (koOfKey(g, child) >= 0) out.push_back(child);
      });
      const uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
      if ((d & 65535) == 0) report({"ko states", d, N, 0, 0, 0, 0});
    }
    std::vector<uint64_t> ko;
    for (auto& v : found) {
      ko.insert(ko.end(), v.begin(), v.end());
      std::vector<uint64_t>().swap(v);
    }
    std::sort(ko.begin(), ko.end());
    ko.erase(std::unique(ko.begin(), ko.end()), ko.end());
    a.k_ = ko.size();
    a.keys_.insert(a.keys_.end(), ko.begin(), ko.end());
  }
  const uint64_t S = N + a.k_;
  if (S >= PASSED) throw engine::InputError("retrograde analysis: too many states");
  makeSlots(S);
  for (uint64_t i = 0; i < S; ++i) insert(i);

  // 3. The moves of every state, found once, if they are to be kept.
  const bool keep = o.keepMoves == RetroOptions::Keep::Yes ||
                    (o.keepMoves == RetroOptions::Keep::Auto && P <= 18);
  if (keep) {
    constexpr uint64_t CHUNK = 4096;
    const uint64_t chunks = (S + CHUNK - 1) / CHUNK;
    std::vector<std::vector<uint32_t>> parts(chunks);
    std::vector<uint64_t> first(S + 1, 0);
    std::atomic<uint64_t> done{0};
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (uint64_t c = 0; c < chunks; ++c) {
      auto& out = parts[c];
      for (uint64_t i = c * CHUNK; i < std::min(S, (c + 1) * CHUNK); ++i) {
        a.forEachChild(i, [&out](uint32_t x) { out.push_back(x); });
        first[i + 1] = out.size();  // within the chunk for now
      }
      const uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
      report({"moves", d * CHUNK, S, 0, 0, 0, 0});
    }
    uint64_t total = 0;
    for (uint64_t c = 0; c < chunks; ++c) {
      const uint64_t base = total;
      for (uint64_t i = c * CHUNK; i < std::min(S, (c + 1) * CHUNK); ++i) first[i + 1] += base;
      total += parts[c].size();
    }
    a.edges_.resize(total);
    for (uint64_t c = 0; c < chunks; ++c) {
      std::copy(parts[c].begin(), parts[c].end(), a.edges_.begin() + first[c * CHUNK]);
      std::vector<uint32_t>().swap(parts[c]);
    }
    a.first_ = std::move(first);  // from here on forEachChild reads the kept moves
  }

  // 4. The sweeps.
  a.score_.resize(N);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (uint64_t i = 0; i < N; ++i) {
    a.score_[i] = static_cast<int8_t>(areaScore(g, a.keys_[i] & all, a.keys_[i] >> 32));
  }
  retro_detail::assignHuge(a.lo_, S, static_cast<int8_t>(-P));
  retro_detail::assignHuge(a.hi_, S, static_cast<int8_t>(P));
  retro_detail::assignHuge(a.plo_, N, static_cast<int8_t>(-P));
  retro_detail::assignHuge(a.phi_, N, static_cast<int8_t>(P));
  // The states by stone count, most first (a counting sort of their indices): a move that
  // captures nothing leads to a state of the level before, so a sweep in this order carries
  // most news up the whole board at once. Each level: its positions, then its ko states.
  std::vector<uint64_t> levelStart(P + 2, 0);
  for (uint64_t i = 0; i < S; ++i) ++levelStart[P - popcount(a.keys_[i] & stoneBits) + 1];
  for (int c = 1; c <= P + 1; ++c) levelStart[c] += levelStart[c - 1];
  std::vector<uint32_t> order(S);
  {
    std::vector<uint64_t> next(levelStart.begin(), levelStart.end() - 1);
    for (uint64_t i = 0; i < S; ++i) {
      order[next[P - popcount(a.keys_[i] & stoneBits)]++] = static_cast<uint32_t>(i);
    }
  }

  // Raises (lo, hi) by a child's bounds seen from the mover.
  const auto raise = [&a](uint32_t x, int8_t& lo, int8_t& hi) {
    int8_t clo, chi;
    if (x & PASSED) {
      clo = load(a.plo_[x & ~PASSED]), chi = load(a.phi_[x & ~PASSED]);
    } else {
      clo = load(a.lo_[x]), chi = load(a.hi_[x]);
    }
    lo = std::max<int8_t>(lo, static_cast<int8_t>(-chi));
    hi = std::max<int8_t>(hi, static_cast<int8_t>(-clo));
  };
  using retro_detail::settle;
  const int8_t floor = static_cast<int8_t>(-P);
  uint64_t changed = 1, open = 2 * N + a.k_;
  while (changed != 0) {
    ++a.sweeps_;
    changed = 0;
    uint64_t visited = 0, stillOpen = 0;
    // Denser levels first. A state whose bounds have met is final: lower bounds only rise
    // and upper bounds only fall, between the same two fixpoints.
    for (int level = 0; level <= P; ++level) {
      const uint64_t from = levelStart[level], count = levelStart[level + 1] - from;
      uint64_t moved = 0, unsettled = 0;
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads) reduction(+ : moved, unsettled)
      for (uint64_t j = 0; j < count; ++j) {
        const uint64_t i = order[from + j];
        const bool normal = a.lo_[i] != a.hi_[i];
        // A position's passed state has the same moves, with the game's end for its pass.
        const bool passed = i < N && a.plo_[i] != a.phi_[i];
        if (!normal && !passed) continue;
        int8_t lo = floor, hi = floor;
        int8_t plo = i < N ? a.score_[i] : floor, phi = plo;
        a.forEachChild(i, [&](uint32_t x) {
          raise(x, lo, hi);
          if (!(x & PASSED)) raise(x, plo, phi);
        });
        if (normal) {
          moved += settle(a.lo_[i], a.hi_[i], lo, hi);
          unsettled += a.lo_[i] != a.hi_[i];
        }
        if (passed) {
          moved += settle(a.plo_[i], a.phi_[i], plo, phi);
          unsettled += a.plo_[i] != a.phi_[i];
        }
      }
      changed += moved, stillOpen += unsettled;
      visited += count;
      report({"sweeps", visited, S, a.sweeps_, changed, open, 0});
    }
    open = stillOpen;
  }
  report({"sweeps", S, S, a.sweeps_, 0, open, 0}, true);

  // 5. The ranks (RetroAnalysis::ranked), in records of a state's final bounds and ranks:
  // from below along the moves reversed when the moves are kept, else by sweeps from above.
  if (o.ranked) {
    retro_detail::assignHuge(a.rank_, S, Ranked{0, 0, UNRANKED, UNRANKED});
    retro_detail::assignHuge(a.prank_, N, Ranked{0, 0, UNRANKED, UNRANKED});
#pragma omp parallel for schedule(static) num_threads(threads)
    for (uint64_t i = 0; i < S; ++i) {
      a.rank_[i].lo = a.lo_[i], a.rank_[i].hi = a.hi_[i];
      if (i < N) a.prank_[i].lo = a.plo_[i], a.prank_[i].hi = a.phi_[i];
    }
    const auto get = [](const uint16_t& v) -> uint32_t {
      return std::atomic_ref<const uint16_t>(v).load(std::memory_order_relaxed);
    };
    const auto lower = [&get](uint16_t& v, uint32_t x) -> uint64_t {
      if (x >= get(v)) return 0;
      std::atomic_ref<uint16_t>(v).store(static_cast<uint16_t>(x), std::memory_order_relaxed);
      return 1;
    };
    const auto child = [&a](uint32_t x) -> const Ranked& {
      return x & PASSED ? a.prank_[x & ~PASSED] : a.rank_[x];
    };
    if (!a.first_.empty()) {
      // Kept moves: from below, rank by rank, along the moves reversed (each move read
      // three times at most, where the sweeps from above read every move once a sweep).
      // Nodes: the S normal states, then the N passed states (S + i).
      const uint64_t T = S + N;
      const auto node = [&a, S](uint64_t v) -> Ranked& {
        return v < S ? a.rank_[v] : a.prank_[v - S];
      };
      // Calls f(child node) for each move of node v (not the passed state's end).
      const auto movesOf = [&a, S](uint64_t v, auto&& f) {
        if (v < S) {
          a.forEachChild(v, [&](uint32_t x) { f(x & PASSED ? S + (x & ~PASSED) : uint64_t{x}); });
        } else {
          a.forEachChild(v - S, [&](uint32_t x) {
            if (!(x & PASSED)) f(uint64_t{x});
          });
        }
      };
      // A move v -> c can carry news only if c keeps v's lower bound (-c's upper = it) or
      // attains v's upper bound (-c's lower = it), and neither bound is ranked from the
      // start: 0 at the least or greatest value, 1 where the game's end keeps a passed
      // state's lower bound. Which bounds of v still wait for news:
      const auto waits = [&a, S, P](uint64_t v, const Ranked& r, bool& low, bool& high) {
        low = r.lo != -P && !(v >= S && a.score_[v - S] == r.lo);
        high = r.hi != P;
      };
      // The moves that can, reversed: pred[start[c], start[c + 1]) the nodes with such a
      // move to c (once a move). `left[v]`: v's moves that attain its upper bound and whose
      // lower rank is not yet known. Ranks 0 and 1 set from the start.
      std::vector<uint64_t> start(T + 1, 0);
      std::vector<uint8_t> left(T, 0);
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads)
      for (uint64_t v = 0; v < T; ++v) {
        Ranked& r = node(v);
        bool low, high;
        waits(v, r, low, high);
        int attain = 0;
        movesOf(v, [&](uint64_t c) {
          const Ranked& x = node(c);
          const bool keeps = low && -x.hi == r.lo, attains = high && -x.lo == r.hi;
          attain += attains;
          if (keeps || attains) {
            std::atomic_ref<uint64_t>(start[c + 1]).fetch_add(1, std::memory_order_relaxed);
          }
        });
        if (r.lo == -P) {
          r.rlo = 0;
        } else if (!low) {  // the game's end keeps it, with rank 0
          r.rlo = 1;
        }
        if (!high) {
          r.rhi = 0;
        } else if (attain == 0) {
          r.rhi = 1;  // the game's end alone attains it
        } else {
          left[v] = static_cast<uint8_t>(attain);
        }
        if ((v & 65535) == 0) report({"reversing moves", v, 2 * T, 0, 0, 0, 0});
      }
      for (uint64_t v = 0; v < T; ++v) start[v + 1] += start[v];
      std::vector<uint32_t> pred(start[T]);
      {
        std::vector<uint64_t> fill(start.begin() + 1, start.end());  // ends, counted down
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads)
        for (uint64_t v = 0; v < T; ++v) {
          const Ranked& r = node(v);
          bool low, high;
          waits(v, r, low, high);
          movesOf(v, [&](uint64_t c) {
            const Ranked& x = node(c);
            if (!(low && -x.hi == r.lo) && !(high && -x.lo == r.hi)) return;
            const uint64_t at =
                std::atomic_ref<uint64_t>(fill[c]).fetch_sub(1, std::memory_order_relaxed) - 1;
            pred[at] = static_cast<uint32_t>(v);
          });
          if ((v & 65535) == 0) report({"reversing moves", T + v, 2 * T, 0, 0, 0, 0});
        }
      }
      // The frontier of rank k: nodes whose lower rank is k, and those whose upper rank is.
      // The ranks 0 and 1 set above start those of ranks 0 and 1.
      std::vector<uint32_t> lowNext, highNext, lowOne, highOne;
      for (uint64_t v = 0; v < T; ++v) {
        const Ranked& r = node(v);
        if (r.rlo <= 1) (r.rlo == 0 ? lowNext : lowOne).push_back(static_cast<uint32_t>(v));
        if (r.rhi <= 1) (r.rhi == 0 ? highNext : highOne).push_back(static_cast<uint32_t>(v));
      }
      uint64_t ranked = 0;
      for (uint32_t k = 0;
           !lowNext.empty() || !highNext.empty() || !lowOne.empty() || !highOne.empty(); ++k) {
        std::vector<uint32_t> lows = std::move(lowNext), highs = std::move(highNext);
        if (k == 1) {
          lows.insert(lows.end(), lowOne.begin(), lowOne.end());
          highs.insert(highs.end(), highOne.begin(), highOne.end());
          std::vector<uint32_t>().swap(lowOne), std::vector<uint32_t>().swap(highOne);
        }
        if (k + 1 >= UNRANKED) throw std::logic_error("retrograde analysis: ranks too deep");
        const uint16_t next = static_cast<uint16_t>(k + 1);
        std::vector<std::vector<uint32_t>> newLows(threads), newHighs(threads);
        // A node given its upper rank k: each node with a move to it that keeps its lower
        // bound (-child's upper = its lower) has lower rank k + 1, unless it has one.
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads)
        for (uint64_t j = 0; j < highs.size(); ++j) {
          const uint32_t c = highs[j];
          const int chi = node(c).hi;
          for (uint64_t e = start[c]; e < start[c + 1]; ++e) {
            Ranked& u = node(pred[e]);
            if (-chi != u.lo) continue;
            uint16_t unknown = UNRANKED;
            if (std::atomic_ref<uint16_t>(u.rlo).compare_exchange_strong(
                    unknown, next, std::memory_order_relaxed)) {
              newLows[omp_get_thread_num()].push_back(pred[e]);
            }
          }
        }
        // A node given its lower rank k: each node with a move to it that attains its
        // upper bound (-child's lower = its upper) has one fewer such move left; at none,
        // its upper rank is k + 1.
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads)
        for (uint64_t j = 0; j < lows.size(); ++j) {
          const uint32_t c = lows[j];
          const int clo = node(c).lo;
          for (uint64_t e = start[c]; e < start[c + 1]; ++e) {
            const uint32_t v = pred[e];
            Ranked& u = node(v);
            if (-clo != u.hi ||
                std::atomic_ref<uint16_t>(u.rhi).load(std::memory_order_relaxed) != UNRANKED) {
              continue;
            }
            if (std::atomic_ref<uint8_t>(left[v]).fetch_sub(1, std::memory_order_relaxed) == 1) {
              std::atomic_ref<uint16_t>(u.rhi).store(next, std::memory_order_relaxed);
              newHighs[omp_get_thread_num()].push_back(v);
            }
          }
        }
        ranked += lows.size() + highs.size();
        for (auto& l : newLows) lowNext.insert(lowNext.end(), l.begin(), l.end());
        for (auto& h : newHighs) highNext.insert(highNext.end(), h.begin(), h.end());
        report({"ranks from below", ranked, 2 * T, static_cast<int>(k + 1), 0, 0, 0});
      }
    } else {
      // One state's ranks from its moves' (each child's bounds and ranks in its mover's view).
      struct Ranker {
        int lo, hi, points;
        uint32_t least = UNRANKED, most = 0;
        void add(int clo, int chi, uint32_t rlo, uint32_t rhi) {
          if (-chi == lo) least = std::min(least, rhi);
          if (-clo == hi) most = std::max(most, rlo);
        }
        uint32_t lower() const {
          return lo == -points ? 0 : std::min<uint32_t>(least + 1, UNRANKED);
        }
        uint32_t upper() const { return hi == points ? 0 : std::min<uint32_t>(most + 1, UNRANKED); }
      };
      uint64_t changed = 1;
      while (changed != 0) {
        ++a.rankSweeps_;
        changed = 0;
        uint64_t visited = 0;
        for (int level = 0; level <= P; ++level) {
          const uint64_t from = levelStart[level], count = levelStart[level + 1] - from;
          uint64_t moved = 0;
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads) reduction(+ : moved)
          for (uint64_t j = 0; j < count; ++j) {
            const uint64_t i = order[from + j];
            Ranked& r = a.rank_[i];
            Ranker normal{r.lo, r.hi, P};
            Ranker passed{i < N ? a.prank_[i].lo : 0, i < N ? a.prank_[i].hi : 0, P};
            if (i < N) passed.add(-a.score_[i], -a.score_[i], 0, 0);  // the game's end
            a.forEachChild(
                i, [&child](uint32_t x) { __builtin_prefetch(&child(x)); },
                [&](uint32_t x) {
                  const Ranked& c = child(x);
                  const uint32_t rlo = get(c.rlo), rhi = get(c.rhi);
                  normal.add(c.lo, c.hi, rlo, rhi);
                  if (i < N && !(x & PASSED)) passed.add(c.lo, c.hi, rlo, rhi);
                });
            moved += lower(r.rlo, normal.lower()) + lower(r.rhi, normal.upper());
            if (i < N) {
              moved +=
                  lower(a.prank_[i].rlo, passed.lower()) + lower(a.prank_[i].rhi, passed.upper());
            }
          }
          changed += moved;
          visited += count;
          report({"ranks", visited, S, a.rankSweeps_, changed, 0, 0});
        }
      }
    }
    // Every bound is reached after finitely many rounds of value iteration (the fixpoints of
    // the sweeps), and a rank is at most that round, so every state has ranks; one left
    // without them would be a fault of the analysis.
    const auto check = [&a](const Ranked& r) {
      if (r.rlo == UNRANKED || r.rhi == UNRANKED) {
        throw std::logic_error("retrograde analysis: a state left without ranks");
      }
      a.maxRank_ = std::max({a.maxRank_, int{r.rlo}, int{r.rhi}});
    };
    for (const Ranked& r : a.rank_) check(r);
    for (const Ranked& r : a.prank_) check(r);
  }
  a.seconds_ = secondsSince(start);
  return a;
}

bool RetroAnalysis::ranks(Mask own, Mask opp, int ko, bool passed, int& lower, int& upper) const {
  const Geometry& g = *g_;
  if (!ranked() || (own | opp) & ~g.all() || (own & opp) || (passed && ko >= 0)) return false;
  int sym;
  const uint32_t i = find(canonicalKeyWithKo(g, own, opp, ko, sym));
  if (i == NONE) return false;
  const Ranked& r = passed ? prank_[i] : rank_[i];
  lower = r.rlo, upper = r.rhi;
  return true;
}

uint64_t RetroAnalysis::keeping(uint64_t i, bool passed, bool& all) const {
  const Geometry& g = *g_;
  const uint64_t key = keys_[i];
  const Mask own = key & g.all(), opp = key >> 32;
  std::array<int, MAX_POINTS> points;
  int n = 0;
  retro_detail::forEachMove(g, own, opp, i < n_ ? -1 : koOfKey(g, key),
                            [&](int p, Mask, Mask, int) { points[n++] = p; });
  const int lo = passed ? plo_[i] : lo_[i];
  const uint32_t rank = !ranked() ? 0 : passed ? prank_[i].rlo : rank_[i].rlo;
  uint64_t moves = 0;
  all = true;
  // A move that keeps the lower bound is listed when it makes progress.
  const auto consider = [&](uint64_t bit, int childHi, uint32_t childRank) {
    if (-childHi != lo) return;
    if (rank == 0 || childRank <= rank) {
      moves |= bit;
    } else {
      all = false;
    }
  };
  if (passed) consider(PASS_BIT, -score_[i], 0);  // the game's end
  int k = 0;
  forEachChild(i, [&](uint32_t x) {
    if (x & PASSED) {
      const uint32_t j = x & ~PASSED;
      if (!passed) consider(PASS_BIT, phi_[j], ranked() ? prank_[j].rhi : 0);
      return;
    }
    consider(Mask{1} << points[k++], hi_[x], ranked() ? rank_[x].rhi : 0);
  });
  return moves;
}

bool RetroAnalysis::keepingMoves(Mask own, Mask opp, int ko, bool passed, uint64_t& moves,
                                 bool& all) const {
  const Geometry& g = *g_;
  if ((own | opp) & ~g.all() || (own & opp) || (passed && ko >= 0)) return false;
  int sym;
  const uint32_t i = find(canonicalKeyWithKo(g, own, opp, ko, sym));
  if (i == NONE) return false;
  // The moves in the canonical orientation, mapped back to the caller's.
  const uint64_t m = keeping(i, passed, all);
  moves = (m & PASS_BIT) | g.mapMask(g.inverse(sym), m & g.all());
  return true;
}

bool RetroAnalysis::bounds(Mask own, Mask opp, int ko, bool passed, int& lo, int& hi) const {
  const Geometry& g = *g_;
  if ((own | opp) & ~g.all() || (own & opp) || (passed && ko >= 0)) return false;
  int sym;
  const uint32_t i = find(canonicalKeyWithKo(g, own, opp, ko, sym));
  if (i == NONE) return false;
  if (passed) {
    lo = plo_[i], hi = phi_[i];
  } else {
    lo = lo_[i], hi = hi_[i];
  }
  return true;
}

uint64_t RetroAnalysis::openPositions() const {
  uint64_t n = 0;
  for (uint64_t i = 0; i < n_; ++i) n += lo_[i] != hi_[i];
  return n;
}

void RetroAnalysis::exactEntries(uint64_t from, uint64_t to,
                                 std::vector<SolutionEntry>& out) const {
  to = std::min(to, n_);
  // Static schedule: thread t takes the t-th consecutive part, so joining the parts in
  // thread order keeps key order.
  std::vector<std::vector<SolutionEntry>> found(threads_);
#pragma omp parallel num_threads(threads_)
  {
    auto& part = found[omp_get_thread_num()];
#pragma omp for schedule(static)
    for (uint64_t i = from; i < to; ++i) {
      if (lo_[i] != hi_[i]) continue;
      SolutionEntry e;
      e.key = keys_[i];
      e.value = lo_[i];
      bool all = true;
      e.best = keeping(i, false, all);
      if (!all) e.best |= SOME_BEST;
      part.push_back(e);
    }
  }
  for (const auto& part : found) out.insert(out.end(), part.begin(), part.end());
}

SolutionEntry RetroAnalysis::stateEntry(uint64_t i, bool passed) const {
  SolutionEntry e;
  e.key = keys_[i] | (passed ? PASSED_KEY : 0);
  const int lo = passed ? plo_[i] : lo_[i], hi = passed ? phi_[i] : hi_[i];
  e.value = lo;
  bool all = true;
  e.best = keeping(i, passed, all);
  if (!all) e.best |= SOME_BEST;
  if (lo != hi) e.best |= LOWER_BOUND;
  return e;
}

void RetroAnalysis::stateEntries(uint64_t oppFrom, uint64_t oppTo,
                                 std::vector<SolutionEntry>& out) const {
  // The positions and the ko states of those keys, each part of keys_ in key order.
  const auto at = [this](uint64_t from, uint64_t to, uint64_t opp) {
    return static_cast<uint64_t>(
        std::lower_bound(keys_.begin() + from, keys_.begin() + to, opp << 32) - keys_.begin());
  };
  const uint64_t p0 = at(0, n_, oppFrom), p1 = at(0, n_, oppTo);
  const uint64_t k0 = at(n_, n_ + k_, oppFrom), k1 = at(n_, n_ + k_, oppTo);
  const uint64_t positions = p1 - p0, count = 2 * positions + (k1 - k0);
  const size_t base = out.size();
  out.resize(base + count);
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads_)
  for (uint64_t j = 0; j < count; ++j) {
    if (j < positions) {
      out[base + j] = stateEntry(p0 + j, false);
    } else if (j < 2 * positions) {
      out[base + j] = stateEntry(p0 + j - positions, true);
    } else {
      out[base + j] = stateEntry(k0 + j - 2 * positions, false);
    }
  }
  // A ko point and the pass bit sit above the stones: sort the three parts together.
  std::sort(out.begin() + base, out.end(),
            [](const SolutionEntry& a, const SolutionEntry& b) { return a.key < b.key; });
}

std::vector<SolutionEntry> RetroAnalysis::exactEntries() const {
  std::vector<SolutionEntry> out;
  exactEntries(0, n_, out);
  return out;
}

namespace {

// Writes the exact positions of analysis `a` to `out`, in pieces: `pieces` calls of
// `entriesOf(piece, entries)`, each appending the next keys in key order (a 20-point
// table's entries would not fit in memory twice).
template <class Analysis, class EntriesOf>
RetroBuildResult writeRetrogradeTable(const Analysis& a, uint64_t moves,
                                      const std::filesystem::path& out, const RetroOptions& o,
                                      Clock::time_point start, uint64_t pieces,
                                      EntriesOf&& entriesOf) {
  // Exact positions, or (ranked) every state.
  const Geometry& g = a.geometry();
  RetroBuildResult r;
  r.positions = a.positions(), r.koStates = a.koStates(), r.moves = moves;
  r.open = a.openPositions(), r.exact = r.positions - r.open, r.sweeps = a.sweeps();
  a.bounds(0, 0, -1, false, r.emptyLower, r.emptyUpper);
  r.entries = r.exact;
  if constexpr (requires { a.ranked(); }) {
    r.ranked = a.ranked(), r.rankSweeps = a.rankSweeps(), r.maxRank = a.maxRank();
    if (r.ranked) r.entries = a.states();
  }
  tables::TableStreamWriter file(
      out, solveTableMeta(g, solutionTableRules(Rules::named("simple-forced")),
                          tables::TableKind::Solution, SOLUTION_TABLE_VERSION, r.entries,
                          std::string("complete table, simple-forced, retrograde") +
                              (r.ranked ? ", ranked states" : "") + ": exact " +
                              std::to_string(r.exact) + " of " + std::to_string(r.positions)));
  tables::PayloadWriter w;
  w.varint(r.entries);
  uint64_t prev = 0;
  std::vector<SolutionEntry> entries;
  Reporter report(o, start);
  for (uint64_t piece = 0; piece < pieces; ++piece) {
    entries.clear();
    entriesOf(piece, entries);
    for (const SolutionEntry& e : entries) {
      r.someBest += (e.best & SOME_BEST) != 0, r.lowerBound += (e.best & LOWER_BOUND) != 0;
    }
    SolutionTable::encodeEntries(entries, prev, w);
    file.add(w.data());
    w.clear();
    report({"writing", piece + 1, pieces, a.sweeps(), 0, r.open, 0});
  }
  const tables::TableHeader h = file.finish(r.entries);
  r.fileBytes = tables::HEADER_BYTES + h.storedBytes;
  r.seconds = secondsSince(start);
  return r;
}

// One side's strategy from the finished analysis `a` (RetroOptions::strategy), written
// instead of the complete table.
template <class Analysis>
RetroBuildResult writeStrategy(const Analysis& a, const std::filesystem::path& out,
                               const RetroOptions& o, Clock::time_point start) {
  const Geometry& g = a.geometry();
  RetroBuildResult r;
  r.positions = a.positions(), r.koStates = a.koStates(), r.sweeps = a.sweeps();
  r.open = a.openPositions(), r.exact = r.positions - r.open;
  a.bounds(0, 0, -1, false, r.emptyLower, r.emptyUpper);
  StrategyOptions so;
  so.threads = o.threads;
  so.progressSeconds = o.progressSeconds;
  so.proofWalk = o.strategyProof;
  so.deepening = o.strategyDeepening;
  so.depthFirst = o.strategyDepthFirst;
  so.firstBudget = o.strategyFirstBudget;
  so.fixedBound = o.strategyFixedBound;
  so.safety = o.safety;
  if (o.onProgress) {
    so.onProgress = [&](const StrategyProgress& p) {
      o.onProgress(
          {"strategy " + p.phase, p.done, p.total, p.rank, 0, r.open, secondsSince(start)});
    };
  }
  const StateBounds bounds = [&a](Mask own, Mask opp, int ko, bool passed, int& lo, int& hi) {
    return a.bounds(own, opp, ko, passed, lo, hi);
  };
  // Builds and writes one side's strategy; returns its counts without its entries.
  const auto one = [&](engine::Color side, const std::filesystem::path& file, uint64_t& bytes) {
    StrategyTable s = buildStrategy(g, bounds, 0, 0, engine::Color::Black, side, so);
    bytes = writeStrategyTable(g, s, side, o.strategyProof, file);
    s.written = s.entries.size();
    std::vector<SolutionEntry>().swap(s.entries);
    std::vector<uint8_t>().swap(s.roles);
    return s;
  };
  r.strategy = true;
  r.strategyStats = one(o.strategy, out, r.fileBytes);
  const StrategyTable& s = r.strategyStats;
  r.entries = s.written, r.someBest = s.someBest, r.lowerBound = s.lowerBound;
  r.maxRank = s.maxRank;
  if (!o.whiteStrategyOut.empty()) {
    if (o.strategy != engine::Color::Black) {
      throw engine::InputError("retrograde analysis: White's strategy as well needs Black's");
    }
    r.whiteStrategy = true;
    r.whiteStats = one(engine::Color::White, o.whiteStrategyOut, r.whiteFileBytes);
  }
  r.seconds = secondsSince(start);
  return r;
}

}  // namespace

RetroOptions::Lookup chosenLookup(const Geometry& g, const RetroOptions& o) {
  if (o.lookup != RetroOptions::Lookup::Auto) return o.lookup;
  if (o.ranked || o.keepMoves != RetroOptions::Keep::Auto || g.points() <= 16) {
    return RetroOptions::Lookup::Hash;
  }
  return RetroOptions::Lookup::Direct;
}

RetroBuildResult buildRetrogradeTable(const Geometry& g, const std::filesystem::path& out,
                                      const RetroOptions& o) {
  const auto start = Clock::now();
  if (out.empty()) throw engine::InputError("tables build --solve: no output file");
  if (chosenLookup(g, o) == RetroOptions::Lookup::Hash) {
    if (o.strategy != engine::Color::Empty && o.ranked) {
      throw engine::InputError(
          "retrograde analysis: a strategy is ranked on its own (not with a ranked table)");
    }
    const RetroAnalysis a = RetroAnalysis::run(g, o);
    if (o.strategy != engine::Color::Empty) return writeStrategy(a, out, o, start);
    if (a.ranked()) {  // every state, in pieces of the other side's stones
      const int shift = std::max(0, g.points() - 10);
      return writeRetrogradeTable(a, a.moves(), out, o, start,
                                  uint64_t{1} << std::min(g.points(), 10),
                                  [&a, shift](uint64_t piece, std::vector<SolutionEntry>& e) {
                                    a.stateEntries(piece << shift, (piece + 1) << shift, e);
                                  });
    }
    constexpr uint64_t PIECE = uint64_t{1} << 20;  // key ranks
    return writeRetrogradeTable(a, a.moves(), out, o, start, (a.positions() + PIECE - 1) / PIECE,
                                [&a](uint64_t piece, std::vector<SolutionEntry>& e) {
                                  a.exactEntries(piece * PIECE, (piece + 1) * PIECE, e);
                                });
  }
  if (o.keepMoves != RetroOptions::Keep::Auto) {
    throw engine::InputError(
        "retrograde analysis: a direct index finds the moves again (keep or find is the hash's)");
  }
  if (o.ranked) {
    throw engine::InputError(
        "retrograde analysis: ranks are the hash analysis's (not a direct index's)");
  }
  DirectRetroAnalysis a = DirectRetroAnalysis::run(g, o);
  if (o.strategy != engine::Color::Empty) {
    a.releaseSweepLists();  // room for the strategy's states beside the records (20 points)
    return writeStrategy(a, out, o, start);
  }
  // Pieces of the other side's stones (the keys' high half): 1,024 in all on 20 points.
  const int shift = std::max(0, g.points() - 10);
  return writeRetrogradeTable(a, 0, out, o, start, uint64_t{1} << std::min(g.points(), 10),
                              [&a, shift](uint64_t piece, std::vector<SolutionEntry>& e) {
                                a.exactEntries(piece << shift, (piece + 1) << shift, e);
                              });
}

}  // namespace solve
