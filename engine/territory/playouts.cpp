// Playout check of doubtful groups: light random playouts (engine/board RandomPlayer,
// which never fills its own single-point eyes) from the position, and the share of them
// in which each point ends up Black's or White's. A group that is not alive by two eyes
// takes the verdict of the playouts when they are clear: its stones end up the
// opponent's in most playouts — dead; its own in most — not dead. This is the Monte
// Carlo ownership idea of Bruegmann's "Monte Carlo Go" (1993) and of the MoGo/Fuego
// dead-stone estimators, used here only where the static reading is unsure.
//
// Playout policy (TerritoryParams::safePlayouts). Uniform random moves over-kill big
// groups: a random player happily fills the last liberty but one of its own chain. The
// safe policy adds two rules of the MoGo playouts (Gelly, Wang, Munos, Teytaud, "Modification
// of UCT with Patterns in Monte-Carlo Go", 2006) and Fuego's playout policy: capture the
// chain of the last move when it is in atari, and never put a chain of two or more stones
// in atari unless the move captures (single-stone throw-ins stay allowed: they kill eyes).
#include <cmath>
#include <string>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/board/rng.hpp"
#include "engine/board/score.hpp"
#include "engine/territory/detail.hpp"

namespace engine::territory_detail {

namespace {

// Uniform in [0, n).
uint32_t below(Rng& rng, uint32_t n) {
  return static_cast<uint32_t>(((rng.next() >> 32) * n) >> 32);
}

// Plays c's move of the safe policy on `board` (see the header comment) after the
// opponent's `last` move; returns it, or PASS when no move is left. `scratch` holds the
// candidate list between calls.
Point playSafeMove(Board& board, Color c, Point last, Rng& rng, std::vector<Point>& scratch) {
  if (last != PASS && board.at(last) == opponent(c) && board.inAtari(last)) {
    const Point lib = board.atariLiberty(last);
    if (board.isLegal(lib, c)) {
      board.play(lib, c);
      return lib;
    }
  }
  const std::span<const Point> empties = board.emptyPoints();
  scratch.assign(empties.begin(), empties.end());
  while (!scratch.empty()) {
    const uint32_t i = below(rng, static_cast<uint32_t>(scratch.size()));
    const Point p = scratch[i];
    scratch[i] = scratch.back();
    scratch.pop_back();
    if (!board.isLegalNotEye(p, c)) continue;
    const int captured = board.captures(opponent(c));
    board.play(p, c);
    if (board.chainSize(p) >= 2 && board.inAtari(p) && board.captures(opponent(c)) == captured) {
      board.undo();
      continue;
    }
    return p;
  }
  return PASS;
}

// A safe-policy playout from `board` with `toMove` first, until two passes or maxMoves.
void safePlayout(Board& board, Color toMove, Rng& rng, int maxMoves, std::vector<Point>& scratch) {
  int passes = 0;
  Point last = PASS;
  Color c = toMove;
  for (int moves = 0; passes < 2 && moves < maxMoves; ++moves) {
    last = playSafeMove(board, c, last, rng, scratch);
    if (last == PASS) {
      board.pass(c);
      ++passes;
    } else {
      passes = 0;
    }
    c = opponent(c);
  }
}

}  // namespace

std::vector<float> playoutOwnership(const Board& board, int playouts, uint64_t seed, bool safe) {
  const size_t n = static_cast<size_t>(board.width()) * board.height();
  std::vector<float> own(n, 0.f);
  if (playouts <= 0) return own;
  RandomPlayer player(seed);
  Rng rng(seed);
  std::vector<Point> scratch;
  Board root(board.width(), board.height());
  root.setColors(board.colorsRowMajor());
  const int maxMoves = 3 * static_cast<int>(n) + 20;
  for (int i = 0; i < playouts; ++i) {
    Board copy = root;
    // Half the playouts start with Black, half with White: the side to move is unknown.
    const Color first = i % 2 ? Color::White : Color::Black;
    if (safe) {
      safePlayout(copy, first, rng, maxMoves, scratch);
    } else {
      playout(copy, first, player, maxMoves, 0.0);
    }
    const Score s = areaScore(copy, 0.0);
    for (size_t k = 0; k < n; ++k) {
      own[k] += s.owner[k] == Color::Black ? 1.f : s.owner[k] == Color::White ? -1.f : 0.f;
    }
  }
  for (float& o : own) o /= static_cast<float>(playouts);
  return own;
}

std::vector<float> checkByPlayouts(const Board& board, const TerritoryParams& params,
                                   GroupSet& set) {
  if (params.playouts <= 0) return {};
  std::vector<float> own =
      params.ownershipReader
          ? params.ownershipReader(board)
          : playoutOwnership(board, params.playouts, params.playoutSeed, params.safePlayouts);
  const int w = board.width();
  if (own.size() != static_cast<size_t>(w) * board.height()) {
    throw InputError("territory: the ownership reader gave " + std::to_string(own.size()) +
                     " values for a " + std::to_string(w) + "x" + std::to_string(board.height()) +
                     " board");
  }
  for (GroupInfo& g : set.groups) {
    if (g.pureEyes >= 2.0) continue;  // two eyes of its own: alive, a hard override
    double mine = 0;  // mean ownership of the group's points from its own side, -1..1
    for (Point s : g.stones) {
      const float o = own[static_cast<size_t>(board.y(s)) * w + board.x(s)];
      mine += g.color == Color::Black ? o : -o;
    }
    mine /= static_cast<double>(g.stones.size());
    if (mine <= -params.playoutVerdict) {
      g.status = GroupStatus::Dead;
    } else if (mine >= params.playoutVerdict && g.status != GroupStatus::Alive &&
               g.status != GroupStatus::Seki) {
      g.status = GroupStatus::Unsettled;
    }
  }
  if (params.ownershipReader && !params.readerForPoints) {
    return playoutOwnership(board, params.playouts, params.playoutSeed, params.safePlayouts);
  }
  return own;
}

}  // namespace engine::territory_detail
