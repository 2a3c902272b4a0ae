#include "solve/benson.hpp"

#include <algorithm>
#include <array>

#include "solve/compact_board.hpp"

namespace solve {

namespace {

// The largest empty region tried as a region that holds an eye after one answer.
constexpr int MAX_ANSWERED_REGION = 7;

// Does `region` (a connected set of empty points, bordered by own stones only, with a
// point that touches no own stone) keep an eye for every own chain around it as long as
// own answers the first enemy move inside it? For every enemy move m there, m must
// capture no own chain, and some own reply r inside the region, next to an own stone
// (so r joins a chain around it), must leave, for every own chain c around the region,
// a part of the region minus r that touches c's chain and whose empty points are all
// liberties of that chain: a vital region in Benson's sense, after m and r.
// docs/SOLVER.md, "Regions kept by an answer", says why this is enough.
bool keptByAnswer(const Geometry& g, Mask own, Mask opp, Mask region) {
  const Mask empty = g.all() & ~own & ~opp;
  std::array<Mask, MAX_POINTS> around;
  int nAround = 0;
  for (Mask rest = own & g.expand(region); rest;) {
    const Mask chain = g.flood(rest & -rest, own);
    rest &= ~chain;
    around[nAround++] = chain;
  }
  const Mask replies = region & g.expand(own);
  for (Mask ms = region; ms; ms &= ms - 1) {
    const Mask m = ms & -ms;
    const Mask empty1 = empty & ~m;
    for (int i = 0; i < nAround; ++i) {
      if ((g.neighbours(lowestBit(m)) & around[i]) && !(g.expand(around[i]) & empty1)) return false;
    }
    // The region is connected with at least two points, all empty, so m has a liberty.
    bool answered = false;
    for (Mask rs = replies & ~m; rs && !answered; rs &= rs - 1) {
      const Mask r = rs & -rs;
      const Mask own2 = own | r;
      Mask empty2 = empty1 & ~r;
      if (!(g.neighbours(lowestBit(m)) & empty2)) empty2 |= m;  // r captures m
      const Mask rChain = g.flood(r, own2);
      if (!(g.expand(rChain) & empty2)) continue;  // suicide
      const Mask rest = region & ~r;
      std::array<Mask, MAX_POINTS> parts;  // the pieces of the region minus r
      int nParts = 0;
      for (Mask left = rest; left;) {
        parts[nParts] = g.flood(left & -left, rest);
        left &= ~parts[nParts++];
      }
      answered = true;
      for (int i = 0; i < nAround && answered; ++i) {
        const Mask libs = g.expand(g.flood(around[i], own2));
        bool vital = false;
        for (int k = 0; k < nParts && !vital; ++k) {
          vital = (libs & parts[k]) && !(parts[k] & empty2 & ~libs);
        }
        answered = vital;
      }
    }
    if (!answered) return false;
  }
  return true;
}

// Benson's iteration on chain and region masks; returns the alive chains and leaves the
// surviving regions (those enclosed by alive chains) in `regions`. With `answers`, an
// empty region kept by an answer (keptByAnswer) counts as vital for every chain around
// it, like a region whose empty points are all the chain's liberties. (A template, so
// that the plain iteration, the default, pays nothing for the option: 10% more
// instructions in this function on 5x3 when it was a run-time flag.)
template <bool Answers>
[[gnu::noinline]] Mask bensonIterate(const Geometry& g, Mask own, Mask opp,
                                     std::array<Mask, MAX_POINTS>& regions, int& nRegions) {
  const Mask notOwn = g.all() & ~own;
  const Mask emp = notOwn & ~opp;
  nRegions = 0;
  // A region is vital to a chain only when all its empty points are the chain's
  // liberties, so only when all are next to own stones, and a chain needs two vital
  // regions: unless two such candidate regions exist, no chain lives. One flood from the
  // empty points no own stone touches finds the other regions (session 11: an exact
  // early exit before any region or chain is flooded one by one).
  const Mask candidates = notOwn & ~g.flood(emp & ~g.expand(own), notOwn);
  // Regions kept by an answer: small empty regions among the others.
  Mask answered = 0;
  int nAnswered = 0;
  std::array<Mask, MAX_POINTS> answeredRegions;
  if constexpr (Answers) {
    const Mask others = notOwn & ~candidates;
    for (Mask rest = others & emp & g.expand(own); rest;) {
      const Mask region = g.flood(rest & -rest, others);
      rest &= ~region;
      if (!(region & opp) && popcount(region) <= MAX_ANSWERED_REGION &&
          keptByAnswer(g, own, opp, region)) {
        answered |= region;
        answeredRegions[nAnswered++] = region;
      }
    }
  }
  if (!candidates && nAnswered < 2) return 0;
  if (candidates) {
    const Mask first = g.flood(candidates & -candidates, candidates);
    if (first == candidates && nAnswered == 0) return 0;
    // Only the candidate regions can be vital, so the iteration runs on them and on the
    // chains that touch one (session 12: the other regions are flooded only when some
    // chain lives, to report the ones it encloses; a chain left out is simply not alive).
    regions[nRegions++] = first;
    for (Mask rest = candidates & ~first; rest;) {
      const Mask region = g.flood(rest & -rest, candidates);
      rest &= ~region;
      regions[nRegions++] = region;
    }
  }
  // An answered region is told from a candidate one by `answered` (they are disjoint).
  for (int i = 0; i < nAnswered; ++i) regions[nRegions++] = answeredRegions[i];
  std::array<Mask, MAX_POINTS> chains;
  int nChains = 0;
  const Mask touching = g.flood(own & g.expand(candidates | answered), own);
  for (Mask rest = touching; rest;) {
    const Mask chain = g.flood(rest & -rest, own);
    rest &= ~chain;
    chains[nChains++] = chain;
  }
  bool changed = true;
  while (changed && nChains > 0) {
    changed = false;
    // A chain needs two vital regions: regions next to it whose empty points are all
    // its liberties, or kept by an answer (and that are still enclosed by surviving
    // chains).
    for (int i = 0; i < nChains;) {
      const Mask libs = g.expand(chains[i]);
      int vital = 0;
      for (int r = 0; r < nRegions && vital < 2; ++r) {
        if ((libs & regions[r]) &&
            ((Answers && (regions[r] & answered)) || !(regions[r] & emp & ~libs))) {
          ++vital;
        }
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
  const Mask others = notOwn & ~candidates & ~answered;
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
  return bensonIterate<false>(g, own, opp, regions, n);
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

Mask safePoints(const Geometry& g, Mask own, Mask opp, bool territory, bool answers) {
  if (popcount(own) < 2) return 0;
  std::array<Mask, MAX_POINTS> regions;
  int n = 0;
  const Mask alive = answers ? bensonIterate<true>(g, own, opp, regions, n)
                             : bensonIterate<false>(g, own, opp, regions, n);
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

ScoreBounds staticBounds(const Geometry& g, Mask own, Mask opp, bool territory, bool answers) {
  Mask mine = safePoints(g, own, opp, territory, answers);
  Mask theirs = safePoints(g, opp, own, territory, answers);
  const Mask both = mine & theirs;  // impossible if both are right; count it as open
  mine &= ~both, theirs &= ~both;
  const int open = g.points() - popcount(mine) - popcount(theirs);
  const int base = popcount(mine) - popcount(theirs);
  return {base - open, base + open};
}

ScoreBounds boundsAfterPasses(const Geometry& g, Mask own, Mask opp, int passes, bool territory,
                              bool answers) {
  ScoreBounds b = staticBounds(g, own, opp, territory, answers);
  if (passes >= 1) {
    const int now = areaScore(g, own, opp);
    b.lower = std::max(b.lower, now);
    b.upper = std::max(b.upper, now);
  }
  return b;
}

StaticBoundsCache::StaticBoundsCache(const Geometry& g, int log2Entries, bool territory,
                                     bool answers)
    : g_(g),
      territory_(territory),
      answers_(answers),
      shift_(64 - log2Entries),
      entries_(size_t{1} << log2Entries) {}

ScoreBounds StaticBoundsCache::boundsAfterPasses(Mask own, Mask opp, int passes) {
  const uint64_t key = own | opp << 32;  // never 0: the caller skips the empty board
  // Multiplicative hashing (Knuth): the top bits of key * odd constant.
  Entry& e = entries_[(key * 0x9E3779B97F4A7C15ull) >> shift_];
  if (e.key != key) {
    ++misses_;
    const ScoreBounds b = staticBounds(g_, own, opp, territory_, answers_);
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
