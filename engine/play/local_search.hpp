// Local search for huge boards (issue 7: complete games on 1001x1001, and never losing
// on time there). A full-board genmove (mcts.hpp) costs time in proportion to the points
// (the board copies, the root's candidates, the count at the end of every playout): 3.3
// CPU seconds for 50 playouts on 1001x1001, so a game of a million moves would take weeks
// and any realistic clock would run out. This searcher looks at one square window of the
// board at a time, so a move costs the same on 1001x1001 as on 25x25:
//
// - Where: the window around the opponent's last move when it has a candidate for the
//   mover, else around the mover's own last move, else around the next point with a
//   candidate found by a cursor that walks the board (wrapping; amortised, the cursor
//   moves on only past settled points). No candidate anywhere: pass. So the game is
//   fought out window by window and ends, as a playout does, when only eyes, seki points
//   and self-ataris are left.
// - How: UCT with all-moves-as-first (RAVE) statistics over the window's candidates, and
//   virtual wins for capturing or saving a chain in atari; the simulations play on the
//   searcher's own copy of the full board (so chains that leave the window keep their
//   real liberties) with undo, playouts restricted to the window (a capture or escape
//   next to the last move when there is one, else a random candidate), and score the
//   window's points only (stones, and empty points whose stone neighbours are all one
//   colour). A simulation's result for Black is a logistic of the window's margin minus
//   its par (the mean margin of the simulations so far, some playouts from the root
//   first), on the scale of half the window's side.
// - The searcher keeps its board in step with the game by playing the moves made since
//   its last call (a full copy only for a new game, an undo or a setup), so a move costs
//   O(window area x playouts) however big the board. Single-threaded.
//
// A candidate (isLocalCandidate) is a legal move that does not fill the mover's own eye
// and is not a self-atari that captures nothing; a real move must also pass the game's
// superko test.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/board/rng.hpp"

namespace engine {

struct LocalSearchParams {
  int window = 15;         // side of the square window searched (clamped to the board)
  int playouts = 64;       // simulations a move (at least 1)
  double seconds = 0;      // wall-clock limit a move (0: none); the par playouts always run
  double explore = 0.2;    // UCB1 exploration constant
  double raveEquiv = 300;  // RAVE schedule: beta = rn / (rn + n + rn n / raveEquiv)
  int expandAfter = 2;     // visits before an inner tree node gets children
  int parPlayouts = 16;    // playouts from the root that set the window's first par
  uint64_t seed = 1;
};

// A rectangle of the board, inclusive corners.
struct LocalRegion {
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
  int width() const { return x1 - x0 + 1; }
  int height() const { return y1 - y0 + 1; }
  bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

struct LocalSearchResult {
  Point move = PASS;       // PASS when the mover has no candidate anywhere on the board
  Point focus = NO_POINT;  // the point the window was centred on
  LocalRegion region;      // the window searched (empty when passing)
  int candidates = 0;      // real candidates in the window
  int playouts = 0;        // simulations run, par playouts included
  double winrate = 0;      // the chosen move's mean result (0.5: as good as the par)
  double par = 0;          // the window's par margin (Black minus White, window points)
};

// The window of side `window` around (cx, cy), clamped to a width x height board.
LocalRegion windowAround(int cx, int cy, int window, int width, int height);

// True when c may play p in a local search: p empty, legal on the board (simple ko,
// suicide), not c's own eye, and not a self-atari that captures nothing. The board is
// played on and restored (the self-atari test).
bool isLocalCandidate(Board& board, Point p, Color c);

// Black's margin over the points of `region` as they stand: a stone counts for its
// colour, an empty point for the colour of its stone neighbours when they are all one
// colour (neighbours outside the region included), otherwise for nobody.
int regionMargin(const Board& board, const LocalRegion& region);

class LocalSearcher {
 public:
  explicit LocalSearcher(LocalSearchParams params = {});
  ~LocalSearcher();
  LocalSearcher(const LocalSearcher&) = delete;
  LocalSearcher& operator=(const LocalSearcher&) = delete;

  // A move for game.toMove() that the game accepts (PASS when there is no candidate).
  // The game is not changed.
  LocalSearchResult choose(const Game& game);
  // Forgets the kept board (the next choose copies the game's board).
  void reset();
  void setParams(const LocalSearchParams& params) { params_ = params; }
  const LocalSearchParams& params() const { return params_; }
  // The kept board (tests: it must equal the game's after every choose).
  const Board* board() const { return board_.get(); }
  // How often the kept board was copied from a game instead of following its moves.
  int rebuilds() const { return rebuilds_; }

  struct Node;  // defined in local_search.cpp

 private:
  void sync(const Game& game);
  // The window around p when c has a real candidate in it (filling roots_), else false.
  bool tryFocus(const Game& game, Point p, Color c, LocalRegion& region);
  // The next point from the cursor on where c has a real candidate; NO_POINT if none.
  Point scanForCandidate(const Game& game, Color c);
  bool realCandidate(const Game& game, Point p, Color c);
  void search(const Game& game, const LocalRegion& region, LocalSearchResult& out);
  void simulate(Color toMove, bool treeWalk);
  void expand(uint32_t node, Color c);
  uint32_t select(uint32_t node);
  // Virtual wins for the children of `node` (c to move) that capture or save a chain in
  // atari in the window.
  void addTacticalPriors(uint32_t node, Color c);
  void refillEmpties();
  Point playoutMove(Color c, Point last);
  void backUp(double blackScore);

  LocalSearchParams params_;
  std::unique_ptr<Board> board_;
  size_t synced_ = 0;  // game moves the kept board has followed
  int rebuilds_ = 0;
  uint64_t cursor_ = 0;
  Rng rng_;
  // The current search.
  LocalRegion region_;
  std::vector<Point> regionPoints_;
  std::vector<int32_t> local_;  // per board point: index in regionPoints_, or -1
  std::vector<Point> roots_;    // the root's real candidates
  std::vector<Node> nodes_;
  std::vector<uint32_t> path_;
  std::vector<Color> firstPlayer_;  // per window point: who played there first this simulation
  std::vector<Point> empties_;      // the playout's candidate list (window empties)
  std::vector<Point> urgent_;       // addTacticalPriors' scratch
  size_t liveEmpties_ = 0;
  double par_ = 0;
  Point lastMove_ = NO_POINT;  // the game's last move (the root's tactical replies)
};

}  // namespace engine
