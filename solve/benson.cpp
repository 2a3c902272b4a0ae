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
  std::array<Mask, MAX_POINTS> chains;
  int nChains = 0;
  for (Mask rest = own; rest;) {
    const Mask chain = g.flood(rest & -rest, own);
    rest &= ~chain;
    chains[nChains++] = chain;
  }
  const Mask notOwn = g.all() & ~own;
  nRegions = 0;
  for (Mask rest = notOwn; rest;) {
    const Mask region = g.flood(rest & -rest, notOwn);
    rest &= ~region;
    regions[nRegions++] = region;
  }
  const Mask emp = notOwn & ~opp;
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
  if (!alive) nRegions = 0;
  return alive;
}

}  // namespace

Mask bensonAlive(const Geometry& g, Mask own, Mask opp) {
  std::array<Mask, MAX_POINTS> regions;
  int n = 0;
  return bensonIterate(g, own, opp, regions, n);
}

Mask safePoints(const Geometry& g, Mask own, Mask opp) {
  if (popcount(own) < 2) return 0;
  std::array<Mask, MAX_POINTS> regions;
  int n = 0;
  const Mask alive = bensonIterate(g, own, opp, regions, n);
  if (!alive) return 0;
  Mask safe = alive;
  const Mask reach = g.expand(alive);
  for (int r = 0; r < n; ++r) {
    // Every point next to an alive chain: no opponent eye can ever form there.
    if (!(regions[r] & ~reach) && (g.expand(regions[r]) & own)) safe |= regions[r];
  }
  return safe;
}

ScoreBounds staticBounds(const Geometry& g, Mask own, Mask opp) {
  const Mask mine = safePoints(g, own, opp);
  const Mask theirs = safePoints(g, opp, own);
  const int open = g.points() - popcount(mine) - popcount(theirs);
  const int base = popcount(mine) - popcount(theirs);
  return {base - open, base + open};
}

ScoreBounds boundsAfterPasses(const Geometry& g, Mask own, Mask opp, int passes) {
  ScoreBounds b = staticBounds(g, own, opp);
  if (passes >= 1) {
    const int now = areaScore(g, own, opp);
    b.lower = std::max(b.lower, now);
    b.upper = std::max(b.upper, now);
  }
  return b;
}

}  // namespace solve
