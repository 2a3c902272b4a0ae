#include "solve/guess.hpp"

#include <algorithm>

#include "solve/benson.hpp"
#include "solve/compact_board.hpp"

namespace solve {

using engine::Color;

int areaEstimate(const Geometry& g, Mask own, Mask opp, int passes, bool territory) {
  const Mask empty = g.all() & ~(own | opp);
  const Mask nearOwn = g.expand(own) & empty, nearOpp = g.expand(opp) & empty;
  const int e = __builtin_popcountll(own | (nearOwn & ~nearOpp)) -
                __builtin_popcountll(opp | (nearOpp & ~nearOwn));
  if ((own | opp) == 0) return 0;  // the empty board: no bounds to clamp into
  const ScoreBounds b = boundsAfterPasses(g, own, opp, passes, {.territory = territory});
  return std::clamp(e, b.lower, b.upper);
}

namespace {

struct GuessSearch {
  const Geometry& g;
  bool suicide;
  bool territory;
  uint64_t nodes = 0;

  int search(Mask own, Mask opp, int ko, int passes, int depth, int alpha, int beta) {
    ++nodes;
    const int n = g.points();
    if (depth <= 0) return areaEstimate(g, own, opp, passes, territory);
    int best = -n - 1;
    CompactBoard b(g);
    b.setAllowSuicide(suicide);
    for (int p = 0; p < n && best < beta; ++p) {
      b.setRaw(own, opp, ko, ko >= 0 ? Color::Black : Color::Empty);
      if (!b.isLegal(p, Color::Black)) continue;
      b.play(p, Color::Black);
      const int v =
          -search(b.white(), b.black(), b.koPoint(), 0, depth - 1, -beta, -std::max(alpha, best));
      best = std::max(best, v);
    }
    if (best < beta) {  // the pass: a second one ends the game
      const int v =
          passes >= 1 ? areaScore(g, own, opp)
                      : -search(opp, own, -1, passes + 1, depth - 1, -beta, -std::max(alpha, best));
      best = std::max(best, v);
    }
    return best;
  }
};

}  // namespace

HeuristicGuess heuristicGuess(const Geometry& g, const Rules& rules, Mask own, Mask opp, int ko,
                              int passes, int depth, bool territory) {
  GuessSearch s{g, rules.suicideAllowed, territory};
  const int n = g.points();
  HeuristicGuess r;
  // The mean of the searches `depth` and `depth` - 1 plies deep (rounded down): a
  // fixed-depth value swings with the parity of the depth (the side that moved last
  // looks better), and the area estimate swings by a stone's worth.
  int sum = s.search(own, opp, ko, passes, depth, -n - 1, n + 1);
  sum += depth >= 1 ? s.search(own, opp, ko, passes, depth - 1, -n - 1, n + 1) : sum;
  r.value = std::clamp(sum >= 0 ? sum / 2 : -((1 - sum) / 2), -n, n);
  r.nodes = s.nodes;
  return r;
}

}  // namespace solve
