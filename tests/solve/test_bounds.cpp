// Static bounds by their plain definitions: slow twins of Benson's life, the answered
// regions, the held regions and the safe points, compared with solve/benson.cpp on random
// positions; hand-made held-region cases; held-region bounds against exact values.
#include <catch2/catch.hpp>

#include <vector>

#include "bounds_test_util.hpp"
#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/solver.hpp"

using engine::Color;
using namespace solve;
using namespace solvetest;

namespace {

// Benson's unconditionally alive chains by the plain definition, point by point (the
// slow twin of bensonAlive, which floods masks and exits early): chains and regions
// (connected non-own sets) as lists; a region is vital to a chain when it touches the
// chain and every empty point of it is a liberty of the chain; chains with fewer than
// two vital regions are dropped, then the regions next to a dropped chain, until stable.
// With `answers`, a region also counts as vital to every chain it touches when
// keptByAnswerSlow says so.
bool keptByAnswerSlow(const Geometry& g, Mask own, Mask opp, Mask region);

Mask bensonAliveSlow(const Geometry& g, Mask own, Mask opp, bool answers = false) {
  auto components = [&](Mask set) {
    std::vector<Mask> parts;
    std::vector<int> label(g.points(), -1);
    for (int p = 0; p < g.points(); ++p) {
      if (!(set >> p & 1) || label[p] >= 0) continue;
      Mask part = 0;
      std::vector<int> stack{p};
      label[p] = static_cast<int>(parts.size());
      while (!stack.empty()) {
        const int q = stack.back();
        stack.pop_back();
        part |= Mask{1} << q;
        for (int r = 0; r < g.points(); ++r) {
          if ((g.neighbours(q) >> r & 1) && (set >> r & 1) && label[r] < 0) {
            label[r] = label[p];
            stack.push_back(r);
          }
        }
      }
      parts.push_back(part);
    }
    return parts;
  };
  std::vector<Mask> chains = components(own), regions = components(g.all() & ~own);
  auto touches = [&](Mask a, Mask b) {
    for (int p = 0; p < g.points(); ++p) {
      if ((a >> p & 1) && (g.neighbours(p) & b)) return true;
    }
    return false;
  };
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<Mask> kept;
    for (Mask c : chains) {
      int vital = 0;
      for (Mask r : regions) {
        bool allLiberties = touches(r, c);
        for (int p = 0; p < g.points() && allLiberties; ++p) {
          if ((r >> p & 1) && !(opp >> p & 1) && !(g.neighbours(p) & c)) allLiberties = false;
        }
        vital += allLiberties || (answers && touches(r, c) && keptByAnswerSlow(g, own, opp, r));
      }
      if (vital >= 2) kept.push_back(c);
    }
    changed = kept.size() != chains.size();
    chains = kept;
    Mask alive = 0;
    for (Mask c : chains) alive |= c;
    std::vector<Mask> enclosed;
    for (Mask r : regions) {
      if (!touches(r, own & ~alive)) enclosed.push_back(r);
    }
    changed = changed || enclosed.size() != regions.size();
    regions = enclosed;
  }
  Mask alive = 0;
  for (Mask c : chains) alive |= c;
  return alive;
}

// Is `region` kept by an answer, by its definition played out on CompactBoard: a region of
// 2 to 7 points, all empty, with a point that touches no own stone, where every enemy
// move (own as Black, the enemy as White) captures nothing and has a legal own reply
// inside the region, next to an own stone, after which every own chain that touched the
// region lies in a chain with a vital part of the region minus the reply (touching the
// chain, every empty point a liberty of it), parts grown point by point.
bool keptByAnswerSlow(const Geometry& g, Mask own, Mask opp, Mask region) {
  const int size = popcount(region);
  if (size < 2 || size > 7 || (region & opp)) return false;
  bool interior = false;
  for (int p = 0; p < g.points(); ++p) {
    if ((region >> p & 1) && !(g.neighbours(p) & own)) interior = true;
  }
  if (!interior) return false;
  std::vector<int> aroundPoints;  // one point of every own chain next to the region
  for (int p = 0; p < g.points(); ++p) {
    if ((own >> p & 1) && (g.neighbours(p) & region)) aroundPoints.push_back(p);
  }
  auto grow = [&](Mask seed, Mask within) {
    for (bool grew = true; grew;) {
      grew = false;
      for (int q = 0; q < g.points(); ++q) {
        if ((seed >> q & 1) || !(within >> q & 1) || !(g.neighbours(q) & seed)) continue;
        seed |= Mask{1} << q, grew = true;
      }
    }
    return seed;
  };
  CompactBoard start(g);
  start.setStones(own, opp);
  for (int m = 0; m < g.points(); ++m) {
    if (!(region >> m & 1)) continue;
    CompactBoard afterM = start;
    if (!afterM.isLegal(m, Color::White)) continue;
    if (afterM.play(m, Color::White)) return false;  // it captures own stones
    bool answered = false;
    for (int r = 0; r < g.points() && !answered; ++r) {
      if (!(region >> r & 1) || r == m || !(g.neighbours(r) & own)) continue;
      CompactBoard afterR = afterM;
      if (!afterR.isLegal(r, Color::Black)) continue;
      afterR.play(r, Color::Black);
      const Mask rest = region & ~(Mask{1} << r);
      answered = true;
      for (int a : aroundPoints) {
        const Mask chain = grow(Mask{1} << a, afterR.black());
        bool vital = false;
        for (int q = 0; q < g.points() && !vital; ++q) {
          if (!(rest >> q & 1)) continue;
          const Mask part = grow(Mask{1} << q, rest);
          bool touches = false, allLiberties = true;
          for (int x = 0; x < g.points(); ++x) {
            if (!(part >> x & 1)) continue;
            if (g.neighbours(x) & chain) touches = true;
            if ((afterR.empty() >> x & 1) && !(g.neighbours(x) & chain)) allLiberties = false;
          }
          vital = touches && allLiberties;
        }
        answered = answered && vital;
      }
    }
    if (!answered) return false;
  }
  return true;
}

Mask safePointsSlow(const Geometry& g, Mask own, Mask opp, bool territory, bool answers = false,
                    int held = 0);

// Does own keep all of `region` by local play, by the definition played out on
// CompactBoard without a memo (own as Black, the enemy as White; every position set up
// afresh, so no ko carries over to the enemy's move): the slow safe points already hold
// the region; or, with a move left, own has a legal move inside that keeps it with one
// move less, and every legal enemy move inside has a legal own answer inside (simple ko
// applies to it) that keeps it with one move less.
bool heldSlow(const Geometry& g, Mask own, Mask opp, Mask region, bool territory, bool answers,
              int depth) {
  if ((safePointsSlow(g, own, opp, territory, answers) & region) == region) return true;
  if (depth == 0) return false;
  CompactBoard start(g);
  start.setStones(own, opp);
  bool first = false;
  for (int r = 0; r < g.points() && !first; ++r) {
    if (!(region >> r & 1) || !start.isLegal(r, Color::Black)) continue;
    CompactBoard after = start;
    after.play(r, Color::Black);
    first = heldSlow(g, after.black(), after.white(), region, territory, answers, depth - 1);
  }
  if (!first) return false;
  for (int m = 0; m < g.points(); ++m) {
    if (!(region >> m & 1) || !start.isLegal(m, Color::White)) continue;
    CompactBoard afterM = start;
    afterM.play(m, Color::White);
    bool answered = false;
    for (int r = 0; r < g.points() && !answered; ++r) {
      if (!(region >> r & 1) || !afterM.isLegal(r, Color::Black)) continue;
      CompactBoard afterR = afterM;
      afterR.play(r, Color::Black);
      answered = heldSlow(g, afterR.black(), afterR.white(), region, territory, answers, depth - 1);
    }
    if (!answered) return false;
  }
  return true;
}

// The safe points by their definition (the slow twin of safePoints, whose Benson pass
// floods only the candidate regions): the alive chains of bensonAliveSlow, plus every
// region (connected non-own set, found point by point) that borders own stones, all of
// them alive, and whose interior (points not next to an alive chain) is empty or, with
// territory on, holds no two points that are not neighbours. With `held`, a region that
// fails this but has at most 10 points, an empty point no own stone touches, and (with
// answers) is not an empty region of at most 7 points, is safe when heldSlow says so.
Mask safePointsSlow(const Geometry& g, Mask own, Mask opp, bool territory, bool answers, int held) {
  const Mask alive = bensonAliveSlow(g, own, opp, answers);
  if (!alive) return 0;
  Mask safe = alive, seen = 0;
  const Mask notOwn = g.all() & ~own;
  for (int p = 0; p < g.points(); ++p) {
    if (!(notOwn >> p & 1) || (seen >> p & 1)) continue;
    Mask region = Mask{1} << p;  // grow point by point until no neighbour is added
    for (bool grew = true; grew;) {
      grew = false;
      for (int q = 0; q < g.points(); ++q) {
        if ((region >> q & 1) || !(notOwn >> q & 1) || !(g.neighbours(q) & region)) continue;
        region |= Mask{1} << q, grew = true;
      }
    }
    seen |= region;
    Mask border = 0, interior = 0;
    for (int q = 0; q < g.points(); ++q) {
      if (!(region >> q & 1)) continue;
      border |= g.neighbours(q) & own;
      if (!(g.neighbours(q) & alive)) interior |= Mask{1} << q;
    }
    if (!border || (border & ~alive)) continue;
    bool twoEyes = false;
    for (int a = 0; a < g.points(); ++a) {
      for (int c = 0; c < g.points(); ++c) {
        if (a != c && (interior >> a & 1) && (interior >> c & 1) && !(g.neighbours(a) >> c & 1))
          twoEyes = true;
      }
    }
    if (!interior || (territory && !twoEyes)) {
      safe |= region;
      continue;
    }
    bool open = false;  // an empty point that no own stone touches
    for (int q = 0; q < g.points(); ++q) {
      if ((region >> q & 1) && !(opp >> q & 1) && !(g.neighbours(q) & own)) open = true;
    }
    const int size = popcount(region);
    if (held > 0 && size <= 10 && open && !(answers && !(region & opp) && size <= 7) &&
        heldSlow(g, own, opp, region, territory, answers, held)) {
      safe |= region;
    }
  }
  return safe;
}

}  // namespace

namespace {

// Calls f(g, own, opp) on random positions of several shapes, from both sides.
template <class F>
void forRandomPositionsBothSides(uint64_t seed, F&& f) {
  engine::Rng rng(seed);
  for (auto [w, h] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{5, 3}, std::pair{4, 5},
                      std::pair{5, 5}, std::pair{2, 6}, std::pair{4, 8}}) {
    const Geometry g(w, h);
    for (int i = 0; i < 300; ++i) {
      Mask black, white;
      if (!randomPosition(g, rng, black, white)) continue;
      f(g, black, white);
      f(g, white, black);
    }
  }
}

}  // namespace

TEST_CASE("Benson's alive chains agree with the plain definition on random positions") {
  int alive = 0;
  forRandomPositionsBothSides(23, [&](const Geometry& g, Mask own, Mask opp) {
    const Mask fast = bensonAlive(g, own, opp);
    INFO(g.width() << "x" << g.height() << " own " << own << " opp " << opp);
    REQUIRE(fast == bensonAliveSlow(g, own, opp));
    alive += fast != 0;
  });
  CHECK(alive > 50);
}

TEST_CASE("safe points agree with their plain definition on random positions") {
  int withRegions = 0, byAnswers = 0;
  forRandomPositionsBothSides(29, [&](const Geometry& g, Mask own, Mask opp) {
    for (bool territory : {false, true}) {
      for (bool answers : {false, true}) {
        const Mask fast = safePoints(g, own, opp, {.territory = territory, .answers = answers});
        INFO(g.width() << "x" << g.height() << " own " << own << " opp " << opp << " territory "
                       << territory << " answers " << answers);
        REQUIRE(fast == safePointsSlow(g, own, opp, territory, answers));
        withRegions += (fast & ~own) != 0;
        if (answers) byAnswers += fast != safePoints(g, own, opp, {.territory = territory});
      }
    }
  });
  INFO("positions where answers add points: " << byAnswers);
  CHECK(withRegions > 50);
  CHECK(byAnswers > 10);
}

namespace {

// A random position with a pocket of up to 10 points in a corner or on an edge, walled by
// Black and holding a few random stones of either colour, on a Black-heavy board (so
// that the wall often lives): where held regions matter. False when the stones are not a
// legal position.
bool pocketPosition(const Geometry& g, engine::Rng& rng, Mask& black, Mask& white) {
  black = white = 0;
  for (int p = 0; p < g.points(); ++p) {
    const uint32_t r = rng.below(20);
    if (r < 11) black |= Mask{1} << p;
    if (r >= 11 && r < 13) white |= Mask{1} << p;
  }
  const int pw = 2 + static_cast<int>(rng.below(3)), ph = 2 + static_cast<int>(rng.below(2));
  const int x0 = static_cast<int>(rng.below(static_cast<uint32_t>(g.width() - pw + 1)));
  const int y0 = rng.below(2) ? 0 : g.height() - ph;
  Mask pocket = 0;
  for (int y = y0; y < y0 + ph; ++y) {
    for (int x = x0; x < x0 + pw; ++x) pocket |= Mask{1} << g.point(x, y);
  }
  const Mask wall = g.expand(pocket) & ~pocket;
  black = (black | wall) & ~pocket, white &= ~(wall | pocket);
  // Often few stones (White dies there), sometimes many (White may live or make seki).
  const uint32_t whites = rng.below(2) ? 2 : 5;
  for (Mask m = pocket; m; m &= m - 1) {
    const uint32_t r = rng.below(10);
    if (r < whites) white |= m & -m;
    if (r == whites) black |= m & -m;
  }
  CompactBoard b(g);
  try {
    b.setStones(black, white);
  } catch (const engine::InputError&) {
    return false;
  }
  return true;
}

// Black's safe points of b are `expected` with and without answers at every held depth
// 0..4, and the slow twin agrees up to depth `slowUpTo` (deeper is too slow for it).
void checkSafeAtEveryDepth(const Geometry& g, const CompactBoard& b, Mask expected, int slowUpTo) {
  for (bool answers : {false, true}) {
    for (int held = 0; held <= 4; ++held) {
      INFO("answers " << answers << " held " << held);
      const Mask fast = safePoints(g, b.black(), b.white(), {.answers = answers, .held = held});
      CHECK(fast == expected);
      if (held <= slowUpTo) {
        CHECK(fast == safePointsSlow(g, b.black(), b.white(), true, answers, held));
      }
    }
  }
}

}  // namespace

TEST_CASE("held regions: a white stone inside a living cross dies") {
  // The cross minus its top arm's end, White on C5: with answers, the bottom corners
  // keep Black alive; the top region (9 points, a white stone) has room for two white
  // eyes, so no static rule gives it to Black. One black move there (D5) would settle it,
  // but White's D5 needs two answers, so a search of 2 black moves holds it and 1 does not.
  const Geometry g(5, 5);
  const CompactBoard b = CompactBoard::fromEngine(g, engine::parseBoard(". . O . .\n"
                                                                        ". . X . .\n"
                                                                        "X X X X X\n"
                                                                        ". . X . .\n"
                                                                        ". . X . .\n"));
  Mask top = 0;
  for (int p = 0; p < 10; ++p) top |= Mask{1} << p;
  top &= ~b.black();
  REQUIRE(popcount(top) == 9);
  for (int held = 0; held <= 2; ++held) {
    INFO("held " << held);
    const Mask fast = safePoints(g, b.black(), b.white(), {.answers = true, .held = held});
    CHECK(fast == safePointsSlow(g, b.black(), b.white(), true, true, held));
    CHECK(fast == (held < 2 ? g.all() & ~top : g.all()));
  }
  // Without answers the bottom is one region of 9 points and the cross is not alive.
  CHECK(safePoints(g, b.black(), b.white(), {.held = 2}) == 0);
  // The solver settles the position at its root, and Black's C1 before it at the first
  // child it bounds (with the child's bounds tried first).
  SolveOptions opt;
  opt.safety.answers = true;
  opt.safety.held = 2;
  opt.staticEtcMinDepth = 1;
  CHECK(settledAtRoot(g, opt, b.black(), b.white(), Color::White, 25));
  const Mask withoutC1 = b.black() & ~(Mask{1} << g.point(2, 4));
  CHECK(settledAtRoot(g, opt, withoutC1, b.white(), Color::Black, 25));
}

TEST_CASE("held regions: a seki stays open at every depth") {
  // Black's wall lives by three eyes on the bottom edge. Above it White's row and
  // Black's three stones share the liberties A4 and E4, with no eye: a seki, so neither
  // side gets the region. Both empty points touch Black's inner stones, so the region
  // could be vital to them and is not searched; no depth may give it to Black.
  const Geometry g(5, 4);
  const CompactBoard b = CompactBoard::fromEngine(g, engine::parseBoard(". X X X .\n"
                                                                        "O O O O O\n"
                                                                        "X X X X X\n"
                                                                        ". X . X .\n"));
  const Mask wallAndEyes = g.all() & ~Mask{0x3FF};  // the bottom two rows
  checkSafeAtEveryDepth(g, b, wallAndEyes, 3);
}

TEST_CASE("held regions: an enemy group with two eyes is not held") {
  // White's corner group lives by the eyes A4 and C4 (Benson). Each White move inside
  // fills an eye and is answered by the capture, but Black has no move of its own there
  // (both eyes are suicide for Black), so Black cannot take the corner when White never
  // plays in it: the search's first-move condition keeps it open at every depth.
  const Geometry g(5, 4);
  const CompactBoard b = CompactBoard::fromEngine(g, engine::parseBoard(". O . O X\n"
                                                                        "O O O O X\n"
                                                                        "X X X X X\n"
                                                                        ". X . X .\n"));
  Mask corner = 0;
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 4; ++x) corner |= Mask{1} << g.point(x, y);
  }
  checkSafeAtEveryDepth(g, b, g.all() & ~corner, 2);
  CHECK(safePoints(g, b.white(), b.black(), {.held = 4}) == corner);
}

TEST_CASE("held regions agree with their slow twin on random pocket positions") {
  int added = 0, compared = 0;
  engine::Rng rng(31);
  for (auto [w, h] : {std::pair{5, 4}, std::pair{5, 5}, std::pair{6, 4}, std::pair{4, 4}}) {
    const Geometry g(w, h);
    for (int i = 0; i < 800; ++i) {
      Mask black, white;
      if (!pocketPosition(g, rng, black, white)) continue;
      for (int side = 0; side < 2; ++side) {
        const Mask own = side ? white : black, opp = side ? black : white;
        for (bool answers : {false, true}) {
          const Mask base = safePoints(g, own, opp, {.answers = answers});
          for (int held = 1; held <= 2; ++held) {
            const Mask fast = safePoints(g, own, opp, {.answers = answers, .held = held});
            INFO(w << "x" << h << " own " << own << " opp " << opp << " answers " << answers
                   << " held " << held);
            CHECK((fast & base) == base);
            // The slow twin is exponential: every case where the search adds points, and
            // one in eight of the others.
            if (fast != base || (i & 7) == 0) {
              REQUIRE(fast == safePointsSlow(g, own, opp, true, answers, held));
              ++compared;
            }
            added += fast != base;
          }
        }
      }
    }
  }
  INFO("compared " << compared << ", held regions added points " << added << " times");
  CHECK(added > 100);
}

TEST_CASE("held regions agree with their slow twin on positions that differ outside the pocket") {
  // The held search's memo is kept across positions: its key holds the region, own's
  // stones in and next to it, which of those next to it share a chain outside it, and
  // the enemy's stones in it. Each pocket position comes with variants that differ only
  // outside the pocket and its wall (Black stones taken away or added, so the wall's
  // chains join or split outside), searched right after it; every variant's safe points
  // with answers and held regions must be the slow twin's (no memo).
  int compared = 0, added = 0;
  engine::Rng rng(73);
  for (auto [w, h] : {std::pair{5, 5}, std::pair{6, 4}, std::pair{5, 4}}) {
    const Geometry g(w, h);
    for (int i = 0; i < 400; ++i) {
      Mask black, white;
      if (!pocketPosition(g, rng, black, white)) continue;
      // The regions a held search may try (connected non-Black parts of at most 10
      // points) and the walls around them: the points that a variant leaves alone.
      Mask keep = 0;
      for (Mask rest = g.all() & ~black; rest;) {
        const Mask region = g.flood(rest & -rest, g.all() & ~black);
        rest &= ~region;
        if (popcount(region) <= 10) keep |= g.expand(region);
      }
      for (int v = 0; v < 6; ++v) {
        Mask b = black, wh = white;
        if (v > 0) {
          for (int p = 0; p < g.points(); ++p) {
            const Mask bit = Mask{1} << p;
            if ((keep & bit) || rng.below(4) != 0) continue;
            if (b & bit) {
              b &= ~bit;
            } else if (!(wh & bit)) {
              b |= bit;
            }
          }
        }
        CompactBoard board(g);
        try {
          board.setStones(b, wh);
        } catch (const engine::InputError&) {
          continue;
        }
        const int held = 1 + (v & 1);
        const Mask base = safePoints(g, b, wh, {.answers = true});
        const Mask fast = safePoints(g, b, wh, {.answers = true, .held = held});
        if (fast == base && (i & 3) != 0) continue;
        INFO(w << "x" << h << " black " << b << " white " << wh << " held " << held);
        REQUIRE(fast == safePointsSlow(g, b, wh, true, true, held));
        ++compared;
        added += fast != base;
      }
    }
  }
  INFO("compared " << compared << ", held regions added points " << added << " times");
  CHECK(added > 50);
}

TEST_CASE("bounds with held regions contain the exact value of random positions") {
  // Exact values from the solver without static bounds; the bounds with held regions
  // (2 own moves, with and without answers) must contain them, and the bounded search
  // (with the children's static bounds tried first) must agree.
  int cases = 0, extras = 0;
  engine::Rng rng(41);
  for (auto [w, h] : {std::pair{4, 4}, std::pair{5, 3}, std::pair{5, 4}, std::pair{4, 5}}) {
    const Geometry g(w, h);
    const int start = cases;
    for (int i = 0; i < 20000 && cases - start < 40; ++i) {
      Mask black, white;
      if (!pocketPosition(g, rng, black, white)) continue;
      if (i & 1) std::swap(black, white);
      const bool answers = i & 4;
      const bool extra = safePoints(g, black, white, {.answers = answers, .held = 2}) !=
                             safePoints(g, black, white, {.answers = answers}) ||
                         safePoints(g, white, black, {.answers = answers, .held = 2}) !=
                             safePoints(g, white, black, {.answers = answers});
      if (!extra) continue;
      ++extras;
      Position p;
      p.black = black, p.white = white;
      p.toMove = i & 2 ? Color::White : Color::Black;
      p.passes = (i >> 3) & 1;
      if (boundsContainExact(g, p, answers, 200'000, 2)) ++cases;
    }
  }
  INFO("checked " << cases << " of " << extras);
  CHECK(cases >= 120);
}
