// The Monte-Carlo tree search of engine/play/mcts.hpp as a GTP Player: the strongest
// player the project has today (RAVE, light playouts, no patterns or networks yet).
//
// How long it thinks: by the clock when the controller set one (time_control.hpp),
// else a fixed number of seconds a move when given one, else a fixed number of
// playouts. It resigns only when clearly lost: a win rate below resignBelow after at
// least resignMinPlayouts playouts, on two genmoves in a row, and never in the opening
// (before resignAfterFraction x points moves).
#pragma once

#include <memory>

#include "engine/gtp/player.hpp"
#include "engine/gtp/root_candidates.hpp"
#include "engine/gtp/time_control.hpp"
#include "engine/play/local_search.hpp"
#include "engine/play/mcts.hpp"

namespace engine {

struct MctsPlayerOptions {
  MctsParams search;          // playouts, threads, seed... (its resignBelow is not used)
  double secondsPerMove = 0;  // with no clock: seconds a move (0: search.playouts)
  TimePolicy time;            // with a clock: how the budget is computed
  double resignBelow = 0.05;  // resign under this win rate (0: never)
  int resignMinPlayouts = 1000;
  double resignAfterFraction = 0.2;
  // A live analysis search stops growing its trees at this many playouts; 0: as many as
  // fit in analysisMemoryMB (the trees take about 56 bytes a node, and a node is added
  // for every candidate of a leaf when it is expanded, every expandAfter visits).
  int analysisPlayouts = 0;
  double analysisMemoryMB = 1024;
  bool reuseTrees = false;  // genmove starts from the subtree of the moves played since
  // The cascade inside the search (root_candidates.hpp): off, root hints or a narrowed
  // root. Its time counts against a timed move's budget.
  RootCandidateParams candidates;
  // Huge boards: genmove uses the window search of engine/play/local_search.hpp instead
  // of the full-board search. -1: automatically on boards of more than
  // LOCAL_SEARCH_AUTO_POINTS points, with a LOCAL_SEARCH_AUTO_WINDOW window; 0: never;
  // N > 0: always, with an N x N window. Analysis commands keep the full-board search.
  int localWindow = -1;
  int localPlayouts = 64;  // the window search's simulations a move (a clock can cut them)
};

// Above this many points (101x101) genmove searches a window by default.
constexpr int LOCAL_SEARCH_AUTO_POINTS = 101 * 101;
constexpr int LOCAL_SEARCH_AUTO_WINDOW = 15;

// The position of game as the search sees it, with c to move: the game's rules but two
// passes end it; the setup stones and the moves since the last two passes in a row are
// replayed, so the last move, the ko point and earlier positions (superko) are known. A
// trailing pass by c itself is left out. Board and hash equal the game's.
Game searchCopy(const Game& game, Color c);

class MctsPlayer : public Player {
 public:
  explicit MctsPlayer(MctsPlayerOptions options);
  // Searches by playouts only (tests): options with these search parameters.
  explicit MctsPlayer(MctsParams params);
  // Searches searchCopy(game) (two passes end it; the GTP game never ends by itself),
  // reusing the previous genmove's subtree (options.reuseTrees). A proposed move the real
  // game refuses is replaced by the most visited root move it allows, or a pass.
  // Returns RESIGN when clearly lost.
  Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request) override;
  Point chooseMove(const Game& game, const ClockState& clock, MoveRequest request,
                   const SearchReporter& reporter) override;
  bool canAnalyze() const override { return true; }
  MctsResult analyze(const Game& game, Color toMove, const SearchReporter& reporter) override;
  std::string description() const override;
  // Forgets the resign streak, the kept trees and the cascade's memory (boardsize,
  // clear_board, loadsgf).
  void newGame() override;

  // The search parameters genmove would use now (by clock, seconds or playouts).
  MctsParams paramsFor(const Game& game, const ClockState& clock) const;
  const MctsPlayerOptions& options() const { return options_; }
  // The playouts a live analysis may run on a board of `points` points.
  int analysisPlayoutCap(int points) const;
  // The last genmove's search (for logs and tests).
  const MctsResult& lastResult() const { return last_; }
  // The last genmove's root candidates (empty lists when the cascade is off).
  const RootCandidates& lastCandidates() const { return candidates_; }

 private:
  // Runs the cascade (when on) and puts its candidates into params.
  void addCandidates(const Game& game, MctsParams& params);
  // The side of the window genmove searches on this board (0: the full-board search).
  int localWindowFor(const Game& game) const;
  // genmove by the window search (localWindowFor > 0).
  Point chooseLocalMove(const Game& game, const MctsParams& params, int window);

  MctsPlayerOptions options_;
  MctsResult last_;
  int lowWinrates_ = 0;    // genmoves in a row below the resign threshold
  uint64_t searches_ = 0;  // genmoves so far, over all games (varies the search seed)
  MctsTrees trees_;        // the last genmove's trees (tree reuse)
  std::unique_ptr<RootCandidateFinder> finder_;  // null when the cascade is off
  RootCandidates candidates_;
  std::unique_ptr<LocalSearcher> local_;  // the window search, made on first use
};

}  // namespace engine
