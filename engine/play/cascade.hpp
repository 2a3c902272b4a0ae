// this code uses the idea of fractal go by Serge Boisse
//
// The reduction cascade: reduce a position level by level down the schedule, find good
// moves on the smallest board, and upload them back level by level to the real board,
// where they become an ordered list of candidate moves.
//
// The pieces: reduce/ (reducers, schedules), upload/ (areas), and a BottomAdvisor that
// proposes moves on the smallest board. Until the exact solver's run-time advice lands
// (solve/), the advisor is a small Monte-Carlo search on that board, and it says so in
// its name. Between levels an AreaRanker may reorder the uploaded points; until the
// evaluation layers land, points keep the geometric upload order (the small move's rank,
// then the distance inside its area).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "reduce/reducer.hpp"
#include "reduce/schedule.hpp"

namespace engine {

// Proposes good moves on the smallest board of the cascade, best first.
class BottomAdvisor {
 public:
  virtual ~BottomAdvisor() = default;
  // Up to `count` moves for toMove on board, best first; komi is in this board's points.
  virtual std::vector<XY> advise(const Board& board, Color toMove, double komi, int count) = 0;
  virtual std::string name() const = 0;
};

// Monte-Carlo tree search (mcts.hpp) on the small board with a fixed playout budget.
std::unique_ptr<BottomAdvisor> makeMctsAdvisor(int playouts, uint64_t seed);

struct CascadeParams {
  std::string schedule = "standard";  // reduce::parseSchedule names or a size list
  std::string reducer = "resample";   // "resample", "sector" (its 19 -> 9 steps) or "block"
                                      // (its 19 -> 13, 13 -> 9, 7 -> 5 steps); resample does
                                      // the steps the chosen reducer cannot
  int bottomMoves = 4;                // moves taken on the smallest board
  int keepPerLevel = 16;              // points kept at each intermediate level
  int advisorPlayouts = 200;          // budget of the Monte-Carlo advisor
  double komi = 7.5;                  // the real board's; scaled by area on small boards
  uint64_t seed = 1;
};

// One level of a cascade run, from the real board (level 0) down.
struct CascadeLevel {
  Board board{1, 1};
  Color toMove = Color::Black;
  std::vector<XY> chosen;  // the points kept at this level, best first
};

struct CascadeResult {
  std::vector<Point> candidates;  // on the real board, best first, legal, no repeats
  std::vector<std::vector<CascadeLevel>> chains;  // per schedule chain, its levels
  std::string advisor;
};

class Cascade {
 public:
  // Throws InputError for an unknown schedule or reducer.
  explicit Cascade(CascadeParams params);
  // Runs the cascade on a position with `toMove` to play.
  CascadeResult run(const Board& board, Color toMove);

 private:
  CascadeResult runChain(const Board& board, Color toMove, const std::vector<BoardSize>& chain);
  CascadeParams params_;
  std::unique_ptr<BottomAdvisor> advisor_;
  std::unique_ptr<reduce::Reducer> resample_, special_;
};

}  // namespace engine
