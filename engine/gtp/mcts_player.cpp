#include "engine/gtp/mcts_player.hpp"

#include <algorithm>
#include <climits>

namespace engine {

namespace {

// The position of game as a fresh Game whose stones are game's board (no history).
Game positionCopy(const Game& game, const Rules& rules) {
  return gameFromBoard(game.board(), game.toMove(), rules);
}

}  // namespace

Game searchCopy(const Game& game, Color toMove) {
  Rules rules = game.rules();
  rules.passesToEnd = 2;
  const std::vector<Move>& moves = game.moves();
  // The GTP game goes on after two passes (cleanup); replay from the last such pair.
  size_t from = 0;
  for (size_t i = 1; i < moves.size(); ++i) {
    if (moves[i].point == PASS && moves[i - 1].point == PASS) from = i + 1;
  }
  size_t to = moves.size();
  // A trailing pass by the side to move (it plays twice in a row) must not make the
  // search's own pass end the game.
  if (to > from && moves[to - 1].point == PASS && moves[to - 1].color == toMove) --to;
  Game start = game;
  for (size_t i = moves.size(); i > from; --i) start.undo();
  Game copy = positionCopy(start, rules);
  for (size_t i = from; i < to; ++i) {
    if (copy.play(moves[i]) != MoveError::None) {  // cannot happen under the same rules
      copy = positionCopy(game, rules);
      break;
    }
  }
  copy.setToMove(toMove);
  return copy;
}

namespace {

MctsPlayerOptions playoutOptions(MctsParams params) {
  MctsPlayerOptions o;
  o.search = params;
  o.resignBelow = 0;
  return o;
}

void addReporter(MctsParams& params, const SearchReporter& reporter) {
  params.progress = reporter.report;
  params.progressSeconds = std::max(0.01, reporter.intervalSeconds);
  params.wantOwnership = reporter.ownership;
  params.stop = reporter.stop;
}

}  // namespace

MctsPlayer::MctsPlayer(MctsPlayerOptions options) : options_(std::move(options)) {
  if (options_.candidates.use != CascadeUse::Off) {
    finder_ = std::make_unique<RootCandidateFinder>(options_.candidates,
                                                    searchPriorModel(options_.search));
  }
}

void MctsPlayer::newGame() {
  lowWinrates_ = 0;
  if (local_) local_->reset();
  trees_.clear();
  if (finder_) finder_->newGame();
}

void MctsPlayer::addCandidates(const Game& game, MctsParams& params) {
  candidates_ = RootCandidates{};
  if (!finder_) return;
  candidates_ = finder_->find(game);
  if (options_.candidates.use == CascadeUse::Hints) {
    params.rootHints = candidates_.cascade;
    params.hintPrior = options_.candidates.hintPrior;
  } else if (!candidates_.all.empty()) {
    params.rootMoves = candidates_.all;
  }
  if (options_.candidates.treeVisits > 0) {
    params.treeHintVisits = options_.candidates.treeVisits;
    params.treeHintPrior = options_.candidates.treeHintPrior;
    params.treeCandidates = treeCandidatesFactory(*finder_, searchPriorModel(options_.search),
                                                  game.rules().komi, game.board().size());
  }
  // The cascade's time comes out of a timed move (at least a tenth of it stays).
  if (params.seconds > 0) {
    params.seconds = std::max(params.seconds - candidates_.seconds, 0.1 * params.seconds);
  }
}

MctsPlayer::MctsPlayer(MctsParams params) : options_(playoutOptions(params)) {}

MctsParams MctsPlayer::paramsFor(const Game& game, const ClockState& clock) const {
  MctsParams params = options_.search;
  params.resignBelow = 0;  // decided here, with the opening and streak rules
  const double budget =
      moveBudget(clock.settings, clock.of(game.toMove()), game.board().size().points(),
                 static_cast<int>(game.moves().size()), options_.time);
  if (budget > 0) {
    params.seconds = budget;
    params.playouts = 0;
  } else if (options_.secondsPerMove > 0) {
    params.seconds = options_.secondsPerMove;
    params.playouts = 0;
  }
  return params;
}

Point MctsPlayer::chooseMove(const Game& game, const ClockState& clock, MoveRequest request) {
  return chooseMove(game, clock, request, SearchReporter{});
}

Point MctsPlayer::chooseMove(const Game& game, const ClockState& clock, MoveRequest request,
                             const SearchReporter& reporter) {
  MctsParams params = paramsFor(game, clock);
  if (reporter.report) addReporter(params, reporter);
  // A new seed every genmove (reproducible from the player's seed): with one seed for
  // all, the same position got the same search, so a deterministic opponent (GNU Go)
  // met the same losing game again and again (docs/STRENGTH.md, session 4).
  params.seed = options_.search.seed + 0x9E3779B97F4A7C15ULL * ++searches_;
  if (const int window = localWindowFor(game); window > 0) {
    return chooseLocalMove(game, params, window);
  }
  const Color c = game.toMove();
  addCandidates(game, params);
  last_ = mctsSearch(searchCopy(game, c), params, options_.reuseTrees ? &trees_ : nullptr);
  const MctsResult& r = last_;
  const int opening = static_cast<int>(options_.resignAfterFraction * game.board().size().points());
  const bool low = options_.resignBelow > 0 && r.playouts >= options_.resignMinPlayouts &&
                   r.winrate < options_.resignBelow &&
                   static_cast<int>(game.moves().size()) >= opening;
  lowWinrates_ = low ? lowWinrates_ + 1 : 0;
  if (low && lowWinrates_ >= 2 && request == MoveRequest::Normal) return RESIGN;
  if (r.move != NO_POINT && game.isLegal(r.move, c)) return r.move;
  for (const MoveStat& m : r.moves) {
    if (game.isLegal(m.move, c)) return m.move;
  }
  return PASS;
}

int MctsPlayer::localWindowFor(const Game& game) const {
  if (options_.localWindow > 0) return options_.localWindow;
  if (options_.localWindow < 0 && game.board().size().points() > LOCAL_SEARCH_AUTO_POINTS) {
    return LOCAL_SEARCH_AUTO_WINDOW;
  }
  return 0;
}

Point MctsPlayer::chooseLocalMove(const Game& game, const MctsParams& params, int window) {
  LocalSearchParams lp;
  lp.window = window;
  lp.playouts = options_.localPlayouts;
  lp.seconds = params.seconds;  // by the clock or --seconds; 0 without either
  lp.seed = options_.search.seed;
  if (!local_) local_ = std::make_unique<LocalSearcher>(lp);
  local_->setParams(lp);
  const LocalSearchResult r = local_->choose(game);
  last_ = MctsResult{};
  last_.move = r.move;
  last_.winrate = r.winrate;
  last_.playouts = r.playouts;
  lowWinrates_ = 0;  // the window's win rate says nothing about the game: never resign
  return game.isLegal(r.move, game.toMove()) ? r.move : PASS;
}

MctsResult MctsPlayer::analyze(const Game& game, Color toMove, const SearchReporter& reporter) {
  MctsParams params = options_.search;
  params.resignBelow = 0;
  addReporter(params, reporter);
  // Live (a stop flag): search until input arrives, up to the analysis cap; otherwise
  // the fixed budget of genmove.
  if (reporter.stop) {
    params.playouts = analysisPlayoutCap(game.board().size().points());
    params.seconds = 0;
  } else if (options_.secondsPerMove > 0) {
    params.seconds = options_.secondsPerMove;
    params.playouts = 0;
  }
  Game copy = searchCopy(game, toMove);
  if (copy.over()) return MctsResult{};
  return mctsSearch(copy, params);
}

int MctsPlayer::analysisPlayoutCap(int points) const {
  if (options_.analysisPlayouts > 0) return options_.analysisPlayouts;
  constexpr double NODE_BYTES = 64;  // sizeof(Node) in engine/play/mcts.cpp today
  const double nodesPerPlayout = (points + 1.0) / std::max(1, options_.search.expandAfter) + 1;
  const double cap = options_.analysisMemoryMB * 1048576.0 / (NODE_BYTES * nodesPerPlayout);
  return static_cast<int>(std::clamp(cap, 100.0, 1e9));
}

std::string MctsPlayer::description() const {
  std::string budget = options_.secondsPerMove > 0
                           ? std::to_string(options_.secondsPerMove).substr(0, 4) + " s a move"
                           : std::to_string(options_.search.playouts) + " playouts a move";
  const bool learned = searchPriorModel(options_.search) != nullptr;
  const CascadeUse use = options_.candidates.use;
  const std::string cascade =
      use == CascadeUse::Off
          ? ""
          : std::string("cascade ") + cascadeUseName(use) + " (schedule " +
                options_.candidates.cascade.schedule +
                (options_.candidates.treeVisits > 0
                     ? ", inner nodes from " + std::to_string(options_.candidates.treeVisits) +
                           " visits"
                     : "") +
                "), ";
  const std::string local = options_.localWindow < 0 ? ", window search above 101x101"
                            : options_.localWindow > 0
                                ? ", window search " + std::to_string(options_.localWindow) + "x" +
                                      std::to_string(options_.localWindow) + " on every board"
                                : "";
  return "Monte-Carlo tree search with RAVE, " +
         std::string(learned ? "learned move prior, " : "hand-set priors only, ") + cascade +
         budget + " without a clock, " + std::to_string(options_.search.threads) + " thread(s)" +
         local;
}

}  // namespace engine
