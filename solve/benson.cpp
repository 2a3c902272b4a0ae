#include "solve/benson.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <vector>

#include "solve/compact_board.hpp"

namespace solve {

namespace {

// The largest empty region tried as a region that holds an eye after one answer.
constexpr int MAX_ANSWERED_REGION = 7;
// The largest region a held-region search is tried on.
constexpr int MAX_HELD_REGION = 10;

// Could `region` be kept by an answer (keptByAnswer is tried only then): no enemy stone
// and at most MAX_ANSWERED_REGION points.
bool answerSized(Mask region, Mask opp) {
  return !(region & opp) && popcount(region) <= MAX_ANSWERED_REGION;
}

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

// Links (docs/SOLVER.md, "Session 34: chains linked by two shared liberties"): two chains
// with two empty liberties in common, x and y, are connected as long as own answers an
// enemy move at one of them by playing the other. Chains are joined into groups, greedily,
// by links whose points are all different (so no enemy move threatens two links) and taken
// from `free` (the caller leaves out regions kept by an answer, eyes, and regions enclosed
// by chains alive without links). Replaces chains[0..n) by the
// groups (each the union of its chains' stones), fills links[k] with the link points of
// group k, and returns the number of groups.
int linkGroups(const Geometry& g, Mask free, std::array<Mask, MAX_POINTS>& chains, int n,
               std::array<Mask, MAX_POINTS>& links) {
  std::array<int, MAX_POINTS> parent;
  for (int i = 0; i < n; ++i) parent[i] = i;
  const auto root = [&](int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  std::array<Mask, MAX_POINTS> libs;
  for (int i = 0; i < n; ++i) libs[i] = g.expand(chains[i]) & free;
  std::array<Mask, MAX_POINTS> linkOf{};  // by chain: the points of links it made
  Mask used = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (root(i) == root(j)) continue;
      const Mask common = libs[i] & libs[j] & ~used;
      if (popcount(common) < 2) continue;
      const Mask x = common & -common;
      const Mask y = (common & ~x) & -(common & ~x);
      used |= x | y;
      linkOf[i] |= x | y;
      parent[root(i)] = root(j);
    }
  }
  std::array<Mask, MAX_POINTS> groups{};
  std::array<Mask, MAX_POINTS> groupLinks{};
  std::array<int, MAX_POINTS> index;
  for (int i = 0; i < n; ++i) index[i] = -1;
  int nGroups = 0;
  for (int i = 0; i < n; ++i) {
    const int r = root(i);
    if (index[r] < 0) index[r] = nGroups++;
    groups[index[r]] |= chains[i];
    groupLinks[index[r]] |= linkOf[i];
  }
  for (int k = 0; k < nGroups; ++k) chains[k] = groups[k], links[k] = groupLinks[k];
  return nGroups;
}

// The regions kept by an answer of one position, found once for both of safePoints'
// iterations (without and with links).
struct AnsweredRegions {
  bool known = false;
  int n = 0;
  std::array<Mask, MAX_POINTS> regions;
};

// Benson's iteration on chain and region masks; returns the alive chains and leaves the
// surviving regions (those enclosed by alive chains) in `regions`. With `answers`, an
// empty region kept by an answer (keptByAnswer) counts as vital for every chain around
// it, like a region whose empty points are all the chain's liberties. (A template, so
// that the plain iteration, the default, pays nothing for the option: 10% more
// instructions in this function on 5x3 when it was a run-time flag.)
template <bool Answers, bool Links = false>
[[gnu::noinline]] Mask bensonIterate(const Geometry& g, Mask own, Mask opp,
                                     std::array<Mask, MAX_POINTS>& regions, int& nRegions,
                                     Mask* linkPoints = nullptr, Mask noLinks = 0,
                                     AnsweredRegions* answeredMemo = nullptr) {
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
    if (answeredMemo && answeredMemo->known) {
      nAnswered = answeredMemo->n;
      answeredRegions = answeredMemo->regions;
      for (int i = 0; i < nAnswered; ++i) answered |= answeredRegions[i];
    } else {
      const Mask others = notOwn & ~candidates;
      for (Mask rest = others & emp & g.expand(own); rest;) {
        const Mask region = g.flood(rest & -rest, others);
        rest &= ~region;
        if (answerSized(region, opp) && keptByAnswer(g, own, opp, region)) {
          answered |= region;
          answeredRegions[nAnswered++] = region;
        }
      }
      if (answeredMemo) {
        answeredMemo->known = true;
        answeredMemo->n = nAnswered;
        answeredMemo->regions = answeredRegions;
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
  // With links, a chain that touches no candidate region can still live through a chain
  // it is linked to, so every chain takes part.
  const Mask touching = Links ? own : g.flood(own & g.expand(candidates | answered), own);
  for (Mask rest = touching; rest;) {
    const Mask chain = g.flood(rest & -rest, own);
    rest &= ~chain;
    chains[nChains++] = chain;
  }
  std::array<Mask, MAX_POINTS> links;  // each chain's group's link points, by group
  // The empty points a region needs to be vital: with links, one that is no link point,
  // since own's answer may fill a link point inside the region.
  Mask eyePoints = emp;
  if constexpr (Links) {
    // A point whose neighbours are all own stones is an eye the enemy cannot fill
    // while the chains around it have another liberty, so it is never a link point:
    // linking through it would only keep it from counting as an eye.
    const Mask eyes = emp & ~g.expand(notOwn);
    nChains = linkGroups(g, emp & ~answered & ~eyes & ~noLinks, chains, nChains, links);
  }
  bool changed = true;
  while (changed && nChains > 0) {
    changed = false;
    if constexpr (Links) {
      // Only the surviving groups' links are answered; a region is no eye without an
      // empty point outside them.
      eyePoints = emp;
      for (int i = 0; i < nChains; ++i) eyePoints &= ~links[i];
    }
    // A chain needs two vital regions: regions next to it whose empty points are all
    // its liberties, or kept by an answer (and that are still enclosed by surviving
    // chains).
    for (int i = 0; i < nChains;) {
      const Mask libs = g.expand(chains[i]);
      int vital = 0;
      for (int r = 0; r < nRegions && vital < 2; ++r) {
        if ((libs & regions[r]) &&
            ((Answers && (regions[r] & answered)) ||
             (!(regions[r] & emp & ~libs) && (!Links || (regions[r] & eyePoints))))) {
          ++vital;
        }
      }
      if (vital < 2) {
        --nChains;
        chains[i] = chains[nChains];
        if constexpr (Links) links[i] = links[nChains];
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
  // The last round changed nothing, so the points it left out of eyePoints are the alive
  // groups' links.
  if constexpr (Links) *linkPoints = emp & ~eyePoints;
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

namespace {

// Plays `mine` at the empty point p: removes the `theirs` chains left without a liberty.
// Returns false, changing nothing, when the move would be suicide.
bool playLocal(const Geometry& g, Mask& mine, Mask& theirs, int p) {
  const Mask bit = Mask{1} << p;
  Mask m = mine | bit, t = theirs;
  for (Mask next = g.neighbours(p) & t; next;) {
    const Mask chain = g.flood(next & -next, t);
    next &= ~chain;
    if (!(g.expand(chain) & g.all() & ~m & ~t)) t &= ~chain;
  }
  if (!(g.expand(g.flood(bit, m)) & g.all() & ~m & ~t)) return false;
  mine = m, theirs = t;
  return true;
}

// The held search's static test (session 39): is all of `region` safe for own, when every
// own chain that reaches outside the region lives whatever is played inside it? `oppIn` is
// the enemy's stones inside the region; nothing else of the enemy's is read. This is the
// part of safePoints (Benson's iteration with answered regions, then the interior rule)
// that can change inside the region: the own chains inside it that reach no stone outside
// need two vital sub-regions (sub-regions: the connected parts of the region's non-own
// points), and a sub-region survives when every own stone around it lives. Where the
// chains outside live by Benson's rule, the answer is that of the whole-board test; where
// they live by links (safePoints with links on), they still live whatever is played
// inside, since the region holds no link point and is no vital or answered region.
bool regionKept(const Geometry& g, Mask region, Mask own, Mask oppIn, const SafetyRules& rules) {
  const Mask notOwn = region & ~own;
  const Mask empty = notOwn & ~oppIn;
  const Mask outside = g.flood(own & ~region, own);  // alive: they reach outside
  std::array<Mask, MAX_POINTS> subs, chains;
  int nSubs = 0, nChains = 0;
  const Mask nearOwn = g.expand(own);
  Mask answered = 0;
  for (Mask rest = notOwn; rest;) {
    const Mask sub = g.flood(rest & -rest, notOwn);
    rest &= ~sub;
    subs[nSubs++] = sub;
    // Regions kept by an answer, as in bensonIterate: no enemy stone, at most
    // MAX_ANSWERED_REGION points, one of them next to no own stone.
    if (rules.answers && answerSized(sub, oppIn) && (sub & ~nearOwn) &&
        keptByAnswer(g, own, oppIn, sub)) {
      answered |= sub;
    }
  }
  for (Mask rest = own & region & ~outside; rest;) {
    const Mask chain = g.flood(rest & -rest, own);
    rest &= ~chain;
    chains[nChains++] = chain;
  }
  Mask alive = outside;
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i < nChains;) {
      const Mask libs = g.expand(chains[i]);
      int vital = 0;
      for (int r = 0; r < nSubs && vital < 2; ++r) {
        if ((libs & subs[r]) && ((subs[r] & answered) || !(subs[r] & empty & ~libs))) ++vital;
      }
      if (vital < 2) {
        chains[i] = chains[--nChains];
        changed = true;
      } else {
        ++i;
      }
    }
    alive = outside;
    for (int i = 0; i < nChains; ++i) alive |= chains[i];
    for (int r = 0; r < nSubs;) {
      if (g.expand(subs[r]) & own & ~alive) {
        subs[r] = subs[--nSubs];
        changed = true;
      } else {
        ++r;
      }
    }
  }
  if (own & region & ~alive) return false;
  Mask covered = own & region;
  const Mask reach = g.expand(alive);
  for (int r = 0; r < nSubs; ++r) {
    const Mask interior = subs[r] & ~reach;
    if (!interior || (rules.territory && !roomForTwoEyes(g, interior))) covered |= subs[r];
  }
  return covered == region;
}

// The local search behind held regions (see HeldSearch in safePoints): can own keep the
// whole of `region` with at most `depth` own moves inside it, the enemy moving first?
// The search reads only the enemy's stones inside the region (`opp` below): the chains
// around it live whatever is played inside, so the static test at each node is
// regionKept. The memo is per thread and keyed by everything the answer depends on: the
// region, own's stones in it and next to it, which of the stones next to it form one
// chain outside it (it matters to the answered regions inside it; every such chain keeps
// a liberty outside, so no capture or suicide inside reads more of it), the enemy's
// stones in it, the depth, the board size and the rules of the static test. So the
// answers are kept across positions that differ elsewhere (session 39). (Until session 39
// the static test was safePoints on the whole board, which reads the enemy's stones
// elsewhere too: with links on, the chains around the region may live without links or
// not by them, so the answers of the memo depended on the order positions were met.)
class HeldSearch {
 public:
  // `leaf`: the rules of the static test at each node (held and links are off in it);
  // `own`: own's stones at the start (those outside the region never change).
  HeldSearch(const Geometry& g, Mask region, const SafetyRules& leaf, Mask own)
      : g_(g),
        region_(region),
        near_(g.expand(region)),
        leaf_(leaf),
        rulesKey_(uint64_t{leaf.territory} << 32 | uint64_t{leaf.answers} << 33 |
                  uint64_t(g.width()) << 40 | uint64_t(g.height()) << 48) {
    if (!leaf.answers) return;  // without answered regions the chains' shapes never count
    // The chains outside the region, by the stones next to it: stone i (in bit order)
    // gets the number of its chain (by first appearance) in bits 4i..4i+3.
    const Mask wall = own & g.expand(region) & ~region;
    std::array<Mask, 16> chains;
    int nChains = 0, i = 0;
    for (Mask ws = wall; ws; ws &= ws - 1, ++i) {
      const Mask w = ws & -ws;
      int k = 0;
      while (k < nChains && !(chains[k] & w)) ++k;
      if (i == 16 || k == 16) {  // no room in wallChains_: no memo
        memo_ = false;
        return;
      }
      if (k == nChains) chains[nChains++] = g.flood(w, own & ~region);
      wallChains_ |= uint64_t(k) << (4 * i);
    }
  }

  // Enemy to move (or to play elsewhere). Own holds the region when the static rules
  // already give it the region, or when own has a move that holds it (for when the enemy
  // plays elsewhere or passes) and every enemy move inside has an own answer inside that
  // holds it, each of them with one move less.
  bool holds(Mask own, Mask opp, int depth) {
    if (!memo_) {
      return regionKept(g_, region_, own, opp, leaf_) ||
             (depth > 0 && holdsSearched(own, opp, depth));
    }
    // The memo first: the static test below is most of the cost (session 39).
    const uint64_t k1 = region_ | (own & near_) << 32;
    const uint64_t k2 = opp | rulesKey_;
    const Entry& e = entry(k1, k2);
    if (e.k1 == k1 && e.k2 == k2 && e.k3 == wallChains_) {
      if (depth >= e.held) return true;
      if (depth <= e.failed) return false;
    }
    // Held by the static rules: held with no own move at all.
    const bool now = regionKept(g_, region_, own, opp, leaf_);
    const bool result = now || (depth > 0 && holdsSearched(own, opp, depth));
    Entry& again = entry(k1, k2);  // the recursion may have replaced the entry
    if (again.k1 != k1 || again.k2 != k2 || again.k3 != wallChains_) {
      again = Entry{k1, k2, wallChains_, INT8_MAX, -1};
    }
    if (result) {
      again.held = static_cast<int8_t>(now ? 0 : std::min<int>(again.held, depth));
    } else {
      again.failed = static_cast<int8_t>(std::max<int>(again.failed, depth));
    }
    return result;
  }

 private:
  struct Entry {
    uint64_t k1 = 0, k2 = 0, k3 = 0;
    int8_t held = INT8_MAX;  // the least depth proven to hold
    int8_t failed = -1;      // the greatest depth proven not to
  };
  static constexpr int MEMO_LOG2 = 18;

  Entry& entry(uint64_t k1, uint64_t k2) const {
    thread_local std::vector<Entry> memo(size_t{1} << MEMO_LOG2);
    const uint64_t h = (k1 * 0x9E3779B97F4A7C15ull) ^ (k2 * 0xC2B2AE3D27D4EB4Full) ^
                       (wallChains_ * 0x165667B19E3779F9ull);
    return memo[(h * 0xD6E8FEB86659FD93ull) >> (64 - MEMO_LOG2)];
  }

  bool holdsSearched(Mask own, Mask opp, int depth) {
    const Mask empty = region_ & ~own & ~opp;
    // Own moving first: needed for when the enemy never plays here.
    bool first = false;
    for (Mask rs = empty; rs && !first; rs &= rs - 1) {
      Mask o = own, t = opp;
      if (playLocal(g_, o, t, lowestBit(rs))) first = holds(o, t, depth - 1);
    }
    if (!first) return false;
    for (Mask ms = empty; ms; ms &= ms - 1) {
      const int m = lowestBit(ms);
      Mask o = own, t = opp;
      if (!playLocal(g_, t, o, m)) continue;  // suicide: not a move
      // Own answers inside the region, next to m first; never back to the position
      // before m (the ko rule forbids it).
      const Mask replies = region_ & ~o & ~t;
      const Mask near = replies & g_.neighbours(m);
      bool answered = false;
      for (int pass = 0; pass < 2 && !answered; ++pass) {
        for (Mask rs = pass == 0 ? near : replies & ~near; rs && !answered; rs &= rs - 1) {
          Mask o2 = o, t2 = t;
          if (!playLocal(g_, o2, t2, lowestBit(rs))) continue;
          if (o2 == own && t2 == opp) continue;
          answered = holds(o2, t2, depth - 1);
        }
      }
      if (!answered) return false;
    }
    return true;
  }

  const Geometry& g_;
  Mask region_;
  Mask near_;  // the region and the points next to it
  SafetyRules leaf_;
  uint64_t rulesKey_;        // the leaf rules and the board size, as memo key bits
  uint64_t wallChains_ = 0;  // which stones next to the region share a chain outside it
  bool memo_ = true;         // false when that does not fit wallChains_
};

}  // namespace

Mask safePoints(const Geometry& g, Mask own, Mask opp, const SafetyRules& rules) {
  const bool answers = rules.answers;
  if (popcount(own) < 2) return 0;
  std::array<Mask, MAX_POINTS> regions;
  int n = 0;
  Mask linkPoints = 0;       // the points of the alive groups' links
  AnsweredRegions answered;  // found by the first iteration, read by the second
  Mask alive = answers ? bensonIterate<true>(g, own, opp, regions, n, nullptr, 0, &answered)
                       : bensonIterate<false>(g, own, opp, regions, n);
  if (rules.links && alive != own) {
    // Links never take a point of a region enclosed by chains that live without them
    // (such a link would join two living chains, and its answer could fill an eye), so
    // every chain alive without links stays alive with them.
    Mask enclosed = 0;
    for (int r = 0; r < n; ++r) enclosed |= regions[r];
    alive = answers ? bensonIterate<true, true>(g, own, opp, regions, n, &linkPoints, enclosed,
                                                &answered)
                    : bensonIterate<false, true>(g, own, opp, regions, n, &linkPoints, enclosed);
  }
  if (!alive) return 0;
  Mask safe = alive;
  const Mask reach = g.expand(alive);
  const Mask empty = g.all() & ~own & ~opp;
  std::array<Mask, MAX_POINTS> open;
  int nOpen = 0;
  for (int r = 0; r < n; ++r) {
    if (!(g.expand(regions[r]) & own)) continue;
    const Mask interior = regions[r] & ~reach;
    // No interior: no opponent eye can ever form there (Müller's small regions). With
    // territory on, an interior without room for two opponent eyes is safe too.
    if (!interior || (rules.territory && !roomForTwoEyes(g, interior))) {
      safe |= regions[r];
    } else if (rules.held > 0 && popcount(regions[r]) <= MAX_HELD_REGION &&
               (regions[r] & empty & ~g.expand(own)) && !(regions[r] & linkPoints) &&
               !(answers && answerSized(regions[r], opp))) {
      // A held-region candidate: it can be vital to no chain (it has an empty point no
      // own stone touches, and it is not a region kept by an answer), so the chains
      // around it, all alive, live without it whatever is played inside. With links, it
      // holds no link point, so no enemy move inside it is also a threat to a link.
      open[nOpen++] = regions[r];
    }
  }
  // Held regions: own keeps the region by answering inside it every enemy move inside
  // it (docs/SOLVER.md, "Held regions").
  for (int i = 0; i < nOpen; ++i) {
    HeldSearch search(g, open[i], {.territory = rules.territory, .answers = answers}, own);
    if (search.holds(own, opp & open[i], rules.held)) safe |= open[i];
  }
  return safe;
}

ScoreBounds staticBounds(const Geometry& g, Mask own, Mask opp, const SafetyRules& rules) {
  return boundsFromSafe(g, safePoints(g, own, opp, rules), safePoints(g, opp, own, rules));
}

ScoreBounds boundsFromSafe(const Geometry& g, Mask mine, Mask theirs) {
  const Mask both = mine & theirs;  // impossible if both are right; count it as open
  mine &= ~both, theirs &= ~both;
  const int open = g.points() - popcount(mine) - popcount(theirs);
  const int base = popcount(mine) - popcount(theirs);
  return {base - open, base + open};
}

ScoreBounds boundsAfterPasses(const Geometry& g, Mask own, Mask opp, int passes,
                              const SafetyRules& rules) {
  ScoreBounds b = staticBounds(g, own, opp, rules);
  if (passes >= 1) {
    const int now = areaScore(g, own, opp);
    b.lower = std::max(b.lower, now);
    b.upper = std::max(b.upper, now);
  }
  return b;
}

StaticBoundsCache::StaticBoundsCache(const Geometry& g, int log2Entries, const SafetyRules& rules)
    : g_(g), rules_(rules), shift_(64 - log2Entries), entries_(size_t{1} << log2Entries) {}

StaticBoundsCache::Entry& StaticBoundsCache::entry(Mask own, Mask opp) {
  const uint64_t key = own | opp << 32;  // never 0: the caller skips the empty board
  Entry& e = entries_[slot(key)];
  if (e.key == key && e.holds == BOUNDS) {
    ++hits_;
    return e;
  }
  ++misses_;
  ScoreBounds b;
  if (e.key == key) {  // one side's safe points are here: the other's complete the bounds
    b = e.holds == SAFE_A ? boundsFromSafe(g_, e.safe, safePoints(g_, opp, own, rules_))
                          : boundsFromSafe(g_, safePoints(g_, own, opp, rules_), e.safe);
  } else {
    b = staticBounds(g_, own, opp, rules_);
    e.key = key;
    e.area = NO_AREA;  // computed when a position after a pass needs it
  }
  e.lower = static_cast<int8_t>(b.lower), e.upper = static_cast<int8_t>(b.upper);
  e.holds = BOUNDS;
  return e;
}

int StaticBoundsCache::upperFloor(Mask own, Mask opp) {
  const bool swapped = opp < own;
  const uint64_t key = orientedKey(own, opp);
  Entry& e = entries_[slot(key)];
  const uint8_t oppSide = swapped ? SAFE_A : SAFE_B;  // opp is side a when swapped
  if (e.key == key && e.holds == BOUNDS) {
    ++hits_;
    return swapped ? -e.lower : e.upper;
  }
  if (e.key == key && e.holds == oppSide) {
    ++hits_;
    return g_.points() - 2 * popcount(e.safe);
  }
  if (e.key == key) {  // own's safe points are here: complete the bounds
    const Entry& full = swapped ? entry(opp, own) : entry(own, opp);
    return swapped ? -full.lower : full.upper;
  }
  ++misses_;
  const Mask theirs = safePoints(g_, opp, own, rules_);
  e.key = key;
  e.area = NO_AREA;
  e.holds = oppSide;
  e.safe = static_cast<uint32_t>(theirs);
  return g_.points() - 2 * popcount(theirs);
}

int StaticBoundsCache::area(Entry& e, Mask own, Mask opp) {
  if (e.area == NO_AREA) e.area = static_cast<int8_t>(areaScore(g_, own, opp));
  return e.area;
}

ScoreBounds StaticBoundsCache::boundsAfterPasses(Mask own, Mask opp, int passes) {
  // One entry for both sides to move: swapping the sides negates the static bounds and the
  // area score (staticBounds and areaScore are antisymmetric), so the entry is kept for
  // the order with the smaller mask first and read negated for the other.
  const bool swapped = opp < own;
  Entry& e = swapped ? entry(opp, own) : entry(own, opp);
  const int sign = swapped ? -1 : 1;
  ScoreBounds b = swapped ? ScoreBounds{-e.upper, -e.lower} : ScoreBounds{e.lower, e.upper};
  if (passes >= 1) {
    const int now = sign * (swapped ? area(e, opp, own) : area(e, own, opp));
    b.lower = std::max(b.lower, now), b.upper = std::max(b.upper, now);
  }
  return b;
}

}  // namespace solve
