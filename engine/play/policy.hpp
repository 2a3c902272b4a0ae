// Playout policy and tree priors for the Monte-Carlo search (engine/play/mcts.hpp).
//
// Heavy playouts in the MoGo / Pachi / michi tradition (Gelly, Wang, Munos & Teytaud
// 2006, "Modification of UCT with patterns in Monte-Carlo Go"; Baudis & Gailly 2011,
// Pachi), looking only around the last move so each step stays cheap:
//   1. atari defence: a chain of the mover's next to the last move is in atari; capture
//      an attacker in atari, or extend when that gives the chain two liberties or more;
//   2. capture: an opponent chain in atari near the last move is taken;
//   3. 3x3 patterns: an empty neighbour of the last move matching one of the MoGo
//      shapes (hane, cut, side patterns) is played;
//   4. fallback: uniform random among the legal moves that neither fill one of the
//      mover's own eyes nor put a chain of two or more stones in atari.
// Each of 1-3 is tried with a probability (PolicyParams) and never plays a self-atari
// of two or more stones. The same tests give the prior knowledge of tree nodes
// (Gelly & Silver 2007, "Combining online and offline knowledge in UCT").
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/rng.hpp"

namespace engine {

struct PolicyParams {
  bool heavy = true;           // false: light playouts (uniform, eye-avoiding)
  double atariProb = 1.0;      // chance of trying rule 1
  double captureProb = 0.9;    // chance of trying rule 2
  double patternProb = 0.95;   // chance of trying rule 3
  int selfAtariMinStones = 2;  // self-ataris of chains this big are avoided
};

// True when the 3x3 neighbourhood of the empty point p matches a MoGo playout pattern
// (any colour assignment, any of the 8 symmetries).
bool matchesPattern3x3(const Board& board, Point p);

// The number of opponent stones c captures by playing at p (p empty).
int captureCount(const Board& board, Point p, Color c);

// True when c playing at the legal point p leaves the new chain, of at least
// minStones stones, with a single liberty. Plays and undoes p when the cheap tests do
// not decide; the board is unchanged afterwards.
bool isSelfAtari(Board& board, Point p, Color c, int minStones);

// Moves saving c's chain at `stone` (in atari): captures of adjacent opponent chains in
// atari, and the extension at its liberty when that leaves two liberties or more.
// Appended to out (possibly with repeats).
void atariEscapes(Board& board, Point stone, Color c, std::vector<Point>& out);

// The moves no player may overlook (issue 7), for c, appended to out without repeats
// and all legal for c: the liberty of every chain in atari (captures, including ko
// captures, of the opponent's; the atariEscapes of c's own), and both liberties of every
// chain with two (putting an opponent chain in atari, or extending one's own before it
// is). A cheap stand-in for "groups the safety layer calls unsettled" at the chain level.
void mustConsiderMoves(Board& board, Color c, std::vector<Point>& out);

// The playout move generator, one per thread.
class PlayoutPolicy {
 public:
  explicit PlayoutPolicy(uint64_t seed, PolicyParams params = {});

  // A move for c on a bare board (simple ko) given the opponent's last move (PASS or
  // NO_POINT when there is none), or PASS when c has no acceptable move.
  Point choose(Board& board, Color c, Point last);

  Rng& rng() { return rng_; }

 private:
  Point tactical(Board& board, Color c, Point last);
  Point randomMove(Board& board, Color c);
  // Legal for c, not self-atari; picks one of candidates_ at random or returns NO_POINT.
  Point pickCandidate(Board& board, Color c);

  PolicyParams params_;
  Rng rng_;
  std::vector<Point> candidates_;
  std::vector<Point> scratch_;
};

// Prior knowledge of a tree move, as virtual visits and wins (Gelly & Silver 2007;
// weights after michi): every move starts at `visits` with `wins` of them won.
struct Prior {
  float visits = 0;
  float wins = 0;
};

// Priors for c's candidate moves at a node whose last move (by the opponent) was last:
// an even-game prior, captures and atari escapes, 3x3 patterns, nearness to the last
// move, self-atari, and the first/second line in an empty region. `moves` are legal
// for c; the result is parallel to it. PASS gets a low prior. nearLast false leaves out
// the nearness bonus (the escapes still look at the last move).
std::vector<Prior> computePriors(Board& board, Color c, Point last, const std::vector<Point>& moves,
                                 bool nearLast = true);

}  // namespace engine
