// this code uses the idea of fractal go by Serge Boisse
//
// The reduction cascade: reduce a position level by level down the schedule, find good
// moves on the smallest board, and upload them back level by level to the real board,
// where they become an ordered list of candidate moves.
//
// The pieces: reduce/ (reducers, schedules), upload/ (areas), and a BottomAdvisor that
// proposes moves on the smallest board: the exact solver's run-time advice
// (solve/advise.hpp, with a node budget: exact values or proven bounds) or a small
// Monte-Carlo search on that board (the stand-in used before the solver's advice landed),
// each named as such. At every level above the smallest, the uploaded points are ranked (rank.hpp:
// tactics, Spight area gain, edge prior, shapes, optionally a 1-ply local search) with the
// upload order as a prior, and the best `keepPerLevel` go up; ranking "geometric" keeps
// the upload order alone (the small move's rank, then the distance inside its area).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/play/rank.hpp"
#include "reduce/reducer.hpp"
#include "reduce/schedule.hpp"
#include "upload/upload.hpp"

namespace engine {

// Proposes good moves on the smallest board of the cascade, best first.
class BottomAdvisor {
 public:
  virtual ~BottomAdvisor() = default;
  // Up to `count` moves for toMove on board, best first; komi is in this board's points.
  virtual std::vector<XY> advise(const Board& board, Color toMove, double komi, int count) = 0;
  virtual std::string name() const = 0;
};

// Monte-Carlo tree search (mcts.hpp) on the small board with a fixed playout budget. Each
// call searches with the next seed, or, when byPosition, with seed mixed with the board's
// hash and the side to move (the advice is then a function of the position alone).
std::unique_ptr<BottomAdvisor> makeMctsAdvisor(int playouts, uint64_t seed,
                                               bool byPosition = false);

// The solver's advice (solve/advise.hpp) with a node budget, simple ko. Throws
// InputError when the build has no solve/advise.hpp (solverAdvisorAvailable() is false).
std::unique_ptr<BottomAdvisor> makeSolverAdvisor(uint64_t nodes);
bool solverAdvisorAvailable();

// Scores every point of a position for toMove, higher is better (for example the learned
// move model of engine/prior); out is indexed by Point (size board.arraySize()).
class PointScorer {
 public:
  virtual ~PointScorer() = default;
  // last / before: the last two moves (PASS, or NO_POINT when none).
  virtual void scores(const Board& board, Color toMove, Point last, Point before,
                      std::vector<float>& out) = 0;
};

// Makes one PointScorer for one user (scorers keep buffers; one per thread).
using PointScorerFactory = std::function<std::unique_ptr<PointScorer>()>;

struct CascadeParams {
  std::string schedule = "standard";  // reduce::parseSchedule names or a size list
  std::string reducer = "resample";   // "resample", "sector" (its 19 -> 9 steps) or "block"
                                      // (its 19 -> 13, 13 -> 9, 7 -> 5 steps); resample does
                                      // the steps the chosen reducer cannot
  int bottomMoves = 4;                // moves taken on the smallest board
  int keepPerLevel = 16;              // points kept at each intermediate level
  std::string advisor = "mcts";       // bottom advisor: "mcts" or "solver"
  int advisorPlayouts = 200;          // budget of the Monte-Carlo advisor
  uint64_t advisorNodes = 20000;      // budget of the solver advisor (nodes)
  double komi = 7.5;                  // the real board's; scaled by area on small boards
  uint64_t seed = 1;
  std::string ranking = "eval";          // rank.hpp names: geometric, eval, eval-search
  double priorWeight = 2;                // score bonus of the first uploaded point (falls linearly)
  const ShapeLibrary* shapes = nullptr;  // shape terms of the ranking (none when null)
  // Time dilation (issue 6: a small-board move stands for about two big-board moves).
  // lastMoveAreas: at every reduced level the images of the last move and the move before
  // (run()'s context) join that level's points, as if the small board's game went on
  // where the big one was last played; their areas are uploaded like the advised moves.
  bool lastMoveAreas = false;
  // memory > 0: the real-board areas of the last `memory` runs (the first bottomMoves
  // candidates of each) stay candidates at the real board, ranked with the new ones.
  // The memory belongs to one game: call clearMemory() between games.
  int memory = 0;
  // true: each level is reduced from the previous level's colour channels (averaged down
  // the chain, thresholded only for the level's own board); false: from the previous
  // level's thresholded colours (the chain re-thresholds at every level). Default since
  // the fifth session (with "density" below): it won every row measured in docs/CASCADE.md.
  bool carryChannels = true;
  // "fixed": a resampled point takes a colour holding at least 20% of its cell (and more
  // than the other colour); "density": each colour's threshold keeps its share of points
  // (reduce::ResampleParams::matchDensity), the natural partner of carryChannels.
  std::string threshold = "density";
  // Ranking of the candidates on the real board: "" (the level ranking above, as at
  // every level) or "model": the points of the uploaded areas ordered by `scorer` (the
  // learned move model; ties keep the upload order). "model" needs scorer.
  std::string realRanking;
  PointScorerFactory scorer;
  // Cache of the smallest board's advice by that board's Zobrist hash and the side to
  // move (one cache per Cascade, at most adviceCacheSize entries, cleared when full): a
  // repeated 5x5 position gets the advice of its first occurrence instead of a new search.
  bool adviceCache = true;
  size_t adviceCacheSize = 1 << 16;
  // The Monte-Carlo advisor's seed comes from the small board's position (seed mixed with
  // its hash) instead of a counter: a run's result then depends only on the position, the
  // context and the memory, not on the runs before it (the cascade inside the search tree,
  // engine/gtp/root_candidates.hpp TreeCandidates).
  bool adviceByPosition = false;
};

// Sets carryChannels and threshold from one name: "off" (re-threshold every level, fixed
// 20% threshold: the default before the fifth session), "on" (carried channels, fixed
// threshold) or "density" (carried channels, density thresholds: the default). Throws
// InputError for other names.
void setCarryMode(CascadeParams& params, const std::string& mode);

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

// The reduced levels of every chain of a schedule, kept across Cascade::reduceSchedule
// calls so that their buffers are reused: the real board's grid and, per chain, its levels.
struct ScheduleGrids {
  reduce::Grid top;
  std::vector<std::vector<reduce::Grid>> chains;
};

class Cascade {
 public:
  // Throws InputError for an unknown schedule or reducer.
  explicit Cascade(CascadeParams params);
  // Runs the cascade on a position with `toMove` to play; ctx gives the last two moves
  // (used by lastMoveAreas; ignored otherwise).
  CascadeResult run(const Board& board, Color toMove, const RankContext& ctx = {});
  // Forgets the areas of earlier runs (CascadeParams::memory).
  void clearMemory() { memory_.clear(); }
  // The areas of earlier runs (CascadeParams::memory), to restore later with setMemory.
  const upload::AreaMemory& memory() const { return memory_; }
  // Replaces the remembered areas (e.g. by a snapshot taken with memory()).
  void setMemory(const upload::AreaMemory& memory) { memory_ = memory; }
  // Advice requests on the smallest board so far, and how many the cache answered.
  size_t adviceRequests() const { return adviceRequests_; }
  size_t adviceCacheHits() const { return adviceCacheHits_; }
  // The reduced boards of one chain of sizes, chain[1] first (chain[0] must be board's
  // size; the real board is not copied): the position reduced step by step with this
  // cascade's reducer (resample where it does not apply).
  std::vector<Board> reduceChain(const Board& board, Color toMove,
                                 const std::vector<BoardSize>& chain) const;
  // The same levels as light grids (no engine Board built): what reduceChain turns into
  // Boards. Throws InputError when chain[0] is not board's size.
  std::vector<reduce::Grid> reduceGrids(const Board& board,
                                        const std::vector<BoardSize>& chain) const;
  // reduceGrids for every chain of `schedule` (each chain must start at board's size),
  // the real board read into a grid once for all chains.
  std::vector<std::vector<reduce::Grid>> reduceSchedule(const Board& board,
                                                        const reduce::Schedule& schedule) const;
  // The same into `out` (out.chains[c]: chain c's levels), reusing its grids' buffers (what
  // run does; the same grids bit for bit).
  void reduceSchedule(const Board& board, const reduce::Schedule& schedule,
                      ScheduleGrids& out) const;
  // True when the step from -> to uses the chosen reducer (always for resample).
  bool usesOwnReducer(BoardSize from, BoardSize to) const;

 private:
  // Orders one level's uploaded points by the ranker, the upload order as a prior.
  void rankLevel(const Board& board, Color toMove, std::vector<XY>& pts);
  // The levels below the top grid `top` (the real board's, of size chain[0]) into `out`
  // (resized to chain.size() - 1 levels, buffers reused).
  void reduceFrom(const reduce::Grid& top, const std::vector<BoardSize>& chain,
                  std::vector<reduce::Grid>& out) const;
  // One chain's cascade from its reduced levels (reduceGrids of board and chain).
  CascadeResult runChain(const Board& board, Color toMove, const std::vector<BoardSize>& chain,
                         const std::vector<reduce::Grid>& grids, const RankContext& ctx);
  // Adds the images of the context's moves at every reduced level (lastMoveAreas).
  void addLastMoveImages(std::vector<CascadeLevel>& levels, const RankContext& ctx) const;
  // The advisor's moves on the smallest board, through the cache when it is on.
  std::vector<XY> advise(const Board& board, Color toMove, double komi);
  // Orders the real board's candidates by the scorer (realRanking "model"), stably.
  void rankByScorer(const Board& board, Color toMove, const RankContext& ctx,
                    std::vector<Point>& candidates);
  CascadeParams params_;
  std::unique_ptr<BottomAdvisor> advisor_;
  std::unique_ptr<reduce::Reducer> resample_, special_;
  MoveRanker ranker_;
  bool ranked_;
  upload::AreaMemory memory_;
  std::unique_ptr<PointScorer> scorer_;
  std::vector<float> scores_;
  std::unordered_map<uint64_t, std::vector<XY>> adviceCache_;
  ScheduleGrids grids_;  // run's reduced levels, reused from call to call
  size_t adviceRequests_ = 0, adviceCacheHits_ = 0;
};

}  // namespace engine
