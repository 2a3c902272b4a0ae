// Measurement, hidden from the default run: a 9x9 self-play match between the search
// with the cascade's uploaded candidates as root priors (MctsParams::rootHints) and the
// same search without them. Run with
//   FGO_MATCH_GAMES=20 FGO_MATCH_PLAYOUTS=1000 build/tests/test_play "[.cascade-match]"
// It prints the score of the cascade side with its 95% Wilson interval; the checks only
// require complete, legal games. Figures go to docs/STRENGTH.md.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

#include "engine/board/score.hpp"
#include "engine/play/cascade.hpp"
#include "engine/play/mcts.hpp"

using namespace engine;

namespace {
int envInt(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}
}  // namespace

TEST_CASE("cascade hints as root priors, self-play match on 9x9", "[.cascade-match]") {
  const int games = envInt("FGO_MATCH_GAMES", 10);
  const int playouts = envInt("FGO_MATCH_PLAYOUTS", 1000);
  const double hint = envInt("FGO_MATCH_HINT_PRIOR", 30);
  CascadeParams cp;
  cp.komi = 7.5;
  Cascade cascade(cp);
  int wins = 0, finished = 0;
  size_t hintCount = 0, hintMoves = 0;
  for (int i = 0; i < games; ++i) {
    Game g({9, 9});
    const Color hinted = i % 2 == 0 ? Color::Black : Color::White;
    for (int m = 0; m < 250 && !g.over(); ++m) {
      MctsParams p;
      p.playouts = playouts;
      p.threads = 2;
      p.seed = 17 + 1000 * i + m;
      if (g.toMove() == hinted) {
        p.rootHints = cascade.run(g.board(), g.toMove()).candidates;
        p.hintPrior = hint;
        hintCount += p.rootHints.size();
        ++hintMoves;
      }
      const MctsResult r = mctsSearch(g, p);
      REQUIRE(r.move != NO_POINT);
      REQUIRE(g.play(r.move, g.toMove()) == MoveError::None);
    }
    if (!g.over()) continue;
    ++finished;
    const double margin = areaScore(g.board(), g.rules().komi).margin();
    if ((margin > 0) == (hinted == Color::Black)) ++wins;
    std::cerr << "game " << i + 1 << ": cascade-hinted " << colorName(hinted) << ", margin "
              << margin << ", hinted wins so far " << wins << "/" << finished << "\n";
  }
  const double n = finished, z = 1.96, phat = n > 0 ? wins / n : 0;
  const double centre = (phat + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  WARN("cascade-hinted search won "
       << wins << " of " << finished << " finished games (" << 100 * phat << "%, 95% interval ["
       << 100 * (centre - half) << "%, " << 100 * (centre + half) << "%]); "
       << (hintMoves ? double(hintCount) / hintMoves : 0) << " hints a move, " << playouts
       << " playouts a move");
  CHECK(finished > 0);
}
