#include "solve/benson.hpp"

#include <algorithm>
#include <array>

#include "solve/compact_board.hpp"

namespace solve {

namespace {

// Benson's iteration on chain and region masks; returns the alive chains and leaves the
// surviving regions (those enclosed by alive chains) in `regions`.
Mask bensonIterate(const Geometry& g, Mask own, Mask opp, std::array<Mask, MAX_POINTS>& regions,
                   int& nRegions) {
  const Mask notOwn = g.all() & ~own;
  const Mask emp = notOwn & ~opp;
  nRegions = 0;
  // A region is vital to a chain only when all its empty points are the chain's
  // liberties, so only when all are next to own stones, and a chain needs two vital
  // regions: unless two such candidate regions exist, no chain lives. One flood from the
  // empty points no own stone touches finds the other regions (session 11: an exact
  // early exit before any region or chain is flooded one by one).
  const Mask candidates = notOwn & ~g.flood(emp & ~g.expand(own), notOwn);
  if (!candidates) return 0;
  const Mask first = g.flood(candidates & -candidates, candidates);
  if (first == candidates) return 0;
  // Only the candidate regions can be vital, so the iteration runs on them and on the
  // chains that touch one (session 12: the other regions are flooded only when some chain
  // lives, to report the ones it encloses; a chain left out is simply not alive).
  regions[nRegions++] = first;
  for (Mask rest = candidates & ~first; rest;) {
    const Mask region = g.flood(rest & -rest, candidates);
    rest &= ~region;
    regions[nRegions++] = region;
  }
  std::array<Mask, MAX_POINTS> chains;
  int nChains = 0;
  const Mask touching = g.flood(own & g.expand(candidates), own);
  for (Mask rest = touching; rest;) {
    const Mask chain = g.flood(rest & -rest, own);
    rest &= ~chain;
    chains[nChains++] = chain;
  }
  bool changed = true;
  while (changed && nChains > 0) {
    changed = false;
    // A chain needs two vital regions: regions next to it whose empty points are all
    // its liberties (and that are still enclosed by surviving chains).
    for (int i = 0; i < nChains;) {
      const Mask libs = g.expand(chains[i]);
      int vital = 0;
      for (int r = 0; r < nRegions && vital < 2; ++r) {
        if ((libs & regions[r]) && !(regions[r] & emp & ~libs)) ++vital;
      }
      if (vital < 2) {
        chains[i] = chains[--nChains];
        changed = true;
      } else {
        ++i;
      }
    }
    Mask alive = 0;
    for (int i = 0; i < nChains; ++i) alive |= chains[i];
    // A region survives only when every own chain around it survives.
    for (int r = 0; r < nRegions;) {
      const Mask around = g.expand(regions[r]) & own;
      if (around & ~alive) {
        regions[r] = regions[--nRegions];
        changed = true;
      } else {
        ++r;
      }
    }
  }
  Mask alive = 0;
  for (int i = 0; i < nChains; ++i) alive |= chains[i];
  if (!alive) {
    nRegions = 0;
    return 0;
  }
  // The other regions, kept when every own chain around them lives.
  const Mask others = notOwn & ~candidates;
  for (Mask rest = others; rest;) {
    const Mask region = g.flood(rest & -rest, others);
    rest &= ~region;
    if (!(g.expand(region) & own & ~alive)) regions[nRegions++] = region;
  }
  return alive;
}

}  // namespace

Mask bensonAlive(const Geometry& g, Mask own, Mask opp) {
  std::array<Mask, MAX_POINTS> regions;
  int n = 0;
  return bensonIterate(g, own, opp, regions, n);
}

// Could the opponent build two eyes inside a region whose interior (points not next to an
// alive own chain) is `interior`? Every point of an opponent eye is surrounded by
// opponent stones, so it lies in the interior, and two eyes are disjoint and not adjacent:
// two eyes need two interior points that are not neighbours (van der Werf's unconditional
// territory in MIGOS, "Solving Go on small boards", 2003, in a simple sufficient form).
static bool roomForTwoEyes(const Geometry& g, Mask interior) {
  for (Mask m = interior; m; m &= m - 1) {
    const int p = lowestBit(m);
    if (interior & ~(Mask{1} << p) & ~g.neighbours(p)) return true;
  }
  return false;
}

Mask safePoints(const Geometry& g, Mask own, Mask opp, bool territory) {
  if (popcount(own) < 2) return 0;
  std::array<Mask, MAX_POINTS> regions;
  int n = 0;
  const Mask alive = bensonIterate(g, own, opp, regions, n);
  if (!alive) return 0;
  Mask safe = alive;
  const Mask reach = g.expand(alive);
  for (int r = 0; r < n; ++r) {
    if (!(g.expand(regions[r]) & own)) continue;
    const Mask interior = regions[r] & ~reach;
    // No interior: no opponent eye can ever form there (Müller's small regions). With
    // territory on, an interior without room for two opponent eyes is safe too.
    if (!interior || (territory && !roomForTwoEyes(g, interior))) safe |= regions[r];
  }
  return safe;
}

ScoreBounds staticBounds(const Geometry& g, Mask own, Mask opp, bool territory) {
  Mask mine = safePoints(g, own, opp, territory);
  Mask theirs = safePoints(g, opp, own, territory);
  const Mask both = mine & theirs;  // impossible if both are right; count it as open
  mine &= ~both, theirs &= ~both;
  const int open = g.points() - popcount(mine) - popcount(theirs);
  const int base = popcount(mine) - popcount(theirs);
  return {base - open, base + open};
}

ScoreBounds boundsAfterPasses(const Geometry& g, Mask own, Mask opp, int passes, bool territory) {
  ScoreBounds b = staticBounds(g, own, opp, territory);
  if (passes >= 1) {
    const int now = areaScore(g, own, opp);
    b.lower = std::max(b.lower, now);
    b.upper = std::max(b.upper, now);
  }
  return b;
}

StaticBoundsCache::StaticBoundsCache(const Geometry& g, int log2Entries, bool territory)
    : g_(g), territory_(territory), shift_(64 - log2Entries), entries_(size_t{1} << log2Entries) {}

ScoreBounds StaticBoundsCache::boundsAfterPasses(Mask own, Mask opp, int passes) {
  const uint64_t key = own | opp << 32;  // never 0: the caller skips the empty board
  // Multiplicative hashing (Knuth): the top bits of key * odd constant.
  Entry& e = entries_[(key * 0x9E3779B97F4A7C15ull) >> shift_];
  if (e.key != key) {
    ++misses_;
    const ScoreBounds b = staticBounds(g_, own, opp, territory_);
    e.key = key;
    e.lower = static_cast<int8_t>(b.lower), e.upper = static_cast<int8_t>(b.upper);
    e.area = NO_AREA;  // computed when a position after a pass needs it
  } else {
    ++hits_;
  }
  ScoreBounds b{e.lower, e.upper};
  if (passes >= 1) {
    if (e.area == NO_AREA) e.area = static_cast<int8_t>(areaScore(g_, own, opp));
    b.lower = std::max(b.lower, int{e.area}), b.upper = std::max(b.upper, int{e.area});
  }
  return b;
}

}  // namespace solve
