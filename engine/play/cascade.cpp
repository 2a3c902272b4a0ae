// this code uses the idea of fractal go by Serge Boisse
#include "engine/play/cascade.hpp"

#include <algorithm>
#include <utility>

#include "engine/board/errors.hpp"
#include "engine/play/mcts.hpp"
#if __has_include("solve/advise.hpp")
#include "solve/advise.hpp"
#define FGO_CASCADE_HAS_SOLVER 1
#endif
#include "reduce/block_table.hpp"
#include "upload/upload.hpp"

namespace engine {

namespace {

// The advisor keeps the search as measured in earlier sessions (hand-set priors only):
// the learned move model is trained on 19x19 professional positions, not on reduced 5x5
// boards, and costs more than the rest of the advice. Written so that it compiles whether
// or not MctsParams has the learned prior (it arrives in the same session).
template <class P>
void disableLearnedPrior(P& params) {
  if constexpr (requires { params.learned.enabled; }) params.learned.enabled = false;
}

class MctsAdvisor : public BottomAdvisor {
 public:
  MctsAdvisor(int playouts, uint64_t seed, bool byPosition)
      : playouts_(playouts), seed_(seed), byPosition_(byPosition) {}
  std::string name() const override {
    return "mcts-" + std::to_string(playouts_) + " (Monte-Carlo stand-in)";
  }

  std::vector<XY> advise(const Board& board, Color toMove, double komi, int count) override {
    Rules rules;
    rules.komi = komi;
    Game game = gameFromBoard(board, toMove, rules);
    MctsParams p;
    p.playouts = playouts_;
    p.threads = 1;
    p.seed = byPosition_
                 ? seed_ ^ board.hash() ^ (toMove == Color::White ? 0x9e3779b97f4a7c15ULL : 0)
                 : ++seed_;
    disableLearnedPrior(p);
    const MctsResult r = mctsSearch(game, p);
    std::vector<XY> out;
    for (const MoveStat& m : r.moves) {
      if (static_cast<int>(out.size()) >= count) break;
      if (m.move != PASS) out.push_back(game.board().xy(m.move));
    }
    return out;
  }

 private:
  int playouts_;
  uint64_t seed_;
  bool byPosition_;
};

#ifdef FGO_CASCADE_HAS_SOLVER
// The exact solver's run-time advice (solve/advise.hpp) with a node budget: moves best
// first by the solver's value or proven bounds.
class SolverAdvisor : public BottomAdvisor {
 public:
  explicit SolverAdvisor(uint64_t nodes) : nodes_(nodes) {}
  std::string name() const override { return "solver-" + std::to_string(nodes_) + " nodes"; }

  std::vector<XY> advise(const Board& board, Color toMove, double komi, int count) override {
    solve::AdviseBudget budget;
    budget.maxNodes = nodes_;
    budget.maxSeconds = 0;
    budget.rules.komi = komi;
    budget.rules.ko = solve::KoRule::SimpleCyclesDrawn;
    budget.ttLog2 = 14;
    const solve::Advice a = solve::advise(board, toMove, budget);
    std::vector<XY> out;
    for (const solve::AdvisedMove& m : a.moves) {
      if (static_cast<int>(out.size()) >= count) break;
      if (m.point != PASS) out.push_back(board.xy(m.point));
    }
    return out;
  }

 private:
  uint64_t nodes_;
};
#endif

bool sectorStep(BoardSize a, BoardSize b) {
  auto ok = [](int from, int to) {
    return from >= 3 && (from - 3) % 4 == 0 && to == (from - 3) / 2 + 1;
  };
  return ok(a.width, b.width) && ok(a.height, b.height);
}

Board copyPosition(const Board& b) {
  Board out(b.size());
  out.setColors(b.colorsRowMajor());
  return out;
}

}  // namespace

std::unique_ptr<BottomAdvisor> makeMctsAdvisor(int playouts, uint64_t seed, bool byPosition) {
  return std::make_unique<MctsAdvisor>(playouts, seed, byPosition);
}

bool solverAdvisorAvailable() {
#ifdef FGO_CASCADE_HAS_SOLVER
  return true;
#else
  return false;
#endif
}

std::unique_ptr<BottomAdvisor> makeSolverAdvisor([[maybe_unused]] uint64_t nodes) {
#ifdef FGO_CASCADE_HAS_SOLVER
  return std::make_unique<SolverAdvisor>(nodes);
#else
  throw InputError("the solver advisor needs solve/advise.hpp, which this build does not have");
#endif
}

reduce::ResampleParams resampleParams(const std::string& threshold) {
  reduce::ResampleParams p;
  if (threshold == "density") {
    p.matchDensity = true;
  } else if (threshold != "fixed") {
    throw InputError("unknown threshold '" + threshold + "': expected fixed or density");
  }
  return p;
}

void setCarryMode(CascadeParams& params, const std::string& mode) {
  if (mode != "off" && mode != "on" && mode != "density")
    throw InputError("unknown carry mode '" + mode + "': expected off, on or density");
  params.carryChannels = mode != "off";
  params.threshold = mode == "density" ? "density" : "fixed";
}

std::unique_ptr<BottomAdvisor> makeAdvisor(const CascadeParams& p) {
  if (p.advisor == "mcts") return makeMctsAdvisor(p.advisorPlayouts, p.seed, p.adviceByPosition);
  if (p.advisor == "solver") return makeSolverAdvisor(p.advisorNodes);
  throw InputError("unknown advisor '" + p.advisor + "': expected mcts or solver");
}

Cascade::Cascade(CascadeParams params)
    : params_(std::move(params)),
      advisor_(makeAdvisor(params_)),
      resample_(reduce::makeResampleReducer(resampleParams(params_.threshold))),
      ranker_(rankParamsByName(params_.ranking), params_.shapes),
      ranked_(params_.ranking != "geometric"),
      memory_(std::max(1, params_.memory)) {
  if (params_.reducer == "sector" || params_.reducer == "block") {
    special_ = reduce::makeReducer(params_.reducer);
  } else if (params_.reducer != "resample") {
    throw InputError("unknown reducer '" + params_.reducer +
                     "': expected resample, sector or block");
  }
  reduce::parseSchedule(params_.schedule, {19, 19});  // validates the name early
  if (params_.realRanking == "model") {
    if (!params_.scorer) throw InputError("real-board ranking 'model' needs a move model");
    scorer_ = params_.scorer();
  } else if (!params_.realRanking.empty() && params_.realRanking != "none") {
    throw InputError("unknown real-board ranking '" + params_.realRanking +
                     "': expected model or none");
  }
}

std::vector<XY> Cascade::advise(const Board& board, Color toMove, double komi) {
  ++adviceRequests_;
  if (!params_.adviceCache) return advisor_->advise(board, toMove, komi, params_.bottomMoves);
  const uint64_t key = board.hash() ^ (toMove == Color::White ? 0x9e3779b97f4a7c15ULL : 0);
  if (const auto it = adviceCache_.find(key); it != adviceCache_.end()) {
    ++adviceCacheHits_;
    return it->second;
  }
  if (adviceCache_.size() >= params_.adviceCacheSize) adviceCache_.clear();
  std::vector<XY> moves = advisor_->advise(board, toMove, komi, params_.bottomMoves);
  adviceCache_.emplace(key, moves);
  return moves;
}

void Cascade::rankByScorer(const Board& board, Color toMove, const RankContext& ctx,
                           std::vector<Point>& candidates) {
  scorer_->scores(board, toMove, ctx.last, ctx.before, scores_);
  std::stable_sort(candidates.begin(), candidates.end(),
                   [this](Point a, Point b) { return scores_[a] > scores_[b]; });
}

bool Cascade::usesOwnReducer(BoardSize from, BoardSize to) const {
  if (params_.reducer == "sector") return sectorStep(from, to);
  if (params_.reducer == "block") {
    return reduce::blockReducedSide(from.width) == to.width &&
           reduce::blockReducedSide(from.height) == to.height;
  }
  return true;
}

std::vector<reduce::Grid> Cascade::reduceGrids(const Board& board,
                                               const std::vector<BoardSize>& chain) const {
  if (chain.empty() || chain.front() != board.size())
    throw InputError("reduceChain: the chain does not start at the board's size");
  std::vector<reduce::Grid> out;
  if (chain.size() < 2) return out;
  reduceFrom(reduce::Grid::fromBoard(board), chain, out);
  return out;
}

std::vector<std::vector<reduce::Grid>> Cascade::reduceSchedule(
    const Board& board, const reduce::Schedule& schedule) const {
  ScheduleGrids grids;
  reduceSchedule(board, schedule, grids);
  return std::move(grids.chains);
}

void Cascade::reduceSchedule(const Board& board, const reduce::Schedule& schedule,
                             ScheduleGrids& out) const {
  for (const auto& chain : schedule.chains) {
    if (chain.empty() || chain.front() != board.size())
      throw InputError("reduceSchedule: a chain does not start at the board's size");
  }
  out.top.readBoard(board);
  out.chains.resize(schedule.chains.size());
  for (size_t c = 0; c < schedule.chains.size(); ++c)
    reduceFrom(out.top, schedule.chains[c], out.chains[c]);
}

void Cascade::reduceFrom(const reduce::Grid& top, const std::vector<BoardSize>& chain,
                         std::vector<reduce::Grid>& out) const {
  out.resize(chain.size() < 2 ? 0 : chain.size() - 1);
  for (size_t i = 1; i < chain.size(); ++i) {
    const bool own = special_ && usesOwnReducer(chain[i - 1], chain[i]);
    const reduce::Reducer& r = own ? *special_ : *resample_;
    r.reduceGridInto(i == 1 ? top : out[i - 2], chain[i], out[i - 1]);
    // The next level reads this level's channels: carried, or its thresholded colours.
    if (!params_.carryChannels) out[i - 1].resetChannels();
  }
}

std::vector<Board> Cascade::reduceChain(const Board& board, [[maybe_unused]] Color toMove,
                                        const std::vector<BoardSize>& chain) const {
  std::vector<Board> out;
  for (const reduce::Grid& g : reduceGrids(board, chain)) out.push_back(g.toBoard());
  return out;
}

void Cascade::rankLevel(const Board& board, Color toMove, std::vector<XY>& pts) {
  std::vector<Point> cand;
  std::vector<double> prior;
  cand.reserve(pts.size());
  for (size_t k = 0; k < pts.size(); ++k) {
    cand.push_back(board.point(pts[k]));
    prior.push_back(params_.priorWeight * (1.0 - static_cast<double>(k) / pts.size()));
  }
  pts.clear();
  for (const RankedMove& m : ranker_.rank(board, toMove, cand, {}, prior))
    pts.push_back(board.xy(m.point));
}

void Cascade::addLastMoveImages(std::vector<CascadeLevel>& levels, const RankContext& ctx) const {
  for (Point m : {ctx.last, ctx.before}) {
    if (m == NO_POINT || m == PASS) continue;
    XY img = levels[0].board.xy(m);
    for (size_t i = 1; i < levels.size(); ++i) {
      const Board& b = levels[i].board;
      img = upload::toSmall(img, levels[i - 1].board.size(), b.size());
      const Point q = b.point(img);
      auto& ch = levels[i].chosen;
      if (b.isLegal(q, levels[i].toMove) && std::find(ch.begin(), ch.end(), img) == ch.end())
        ch.push_back(img);
    }
  }
}

CascadeResult Cascade::runChain(const Board& board, Color toMove,
                                const std::vector<BoardSize>& chain,
                                const std::vector<reduce::Grid>& grids, const RankContext& ctx) {
  CascadeResult result;
  // Each level's Board is built once, in place (no placeholder Board to replace).
  std::vector<CascadeLevel> levels;
  levels.reserve(chain.size());
  levels.push_back(CascadeLevel{copyPosition(board), toMove, {}});
  for (const reduce::Grid& g : grids) levels.push_back(CascadeLevel{g.toBoard(), toMove, {}});
  const double komi = params_.komi * chain.back().points() / chain.front().points();
  levels.back().chosen = advise(levels.back().board, toMove, komi);
  // The context's images are added to every level first, so a level's own points come
  // after the uploads from below (appended in the loop), except at the bottom where the
  // advice comes first.
  std::vector<std::vector<XY>> images(chain.size());
  if (params_.lastMoveAreas && chain.size() > 1) {
    addLastMoveImages(levels, ctx);
    for (size_t i = 1; i + 1 < chain.size(); ++i) images[i] = std::exchange(levels[i].chosen, {});
  }
  for (size_t i = chain.size() - 1; i-- > 0;) {
    const Board& big = i == 0 ? board : levels[i].board;  // level 0: the real board (ko)
    std::vector<XY>& pts = levels[i].chosen;
    pts.clear();
    for (XY p : images[i]) pts.push_back(p);
    if (i == 0 && params_.memory > 0) {
      for (XY p : memory_.candidates()) {
        const Point q = big.point(p);
        if (big.isLegal(q, toMove) && !big.isEyeOf(q, toMove)) pts.push_back(p);
      }
    }
    std::vector<XY> own = std::move(pts);
    pts.clear();
    for (XY s : levels[i + 1].chosen) {
      for (XY p : upload::area(s, chain[i + 1], chain[i])) {
        const Point q = big.point(p);
        if (!big.isLegal(q, toMove) || big.isEyeOf(q, toMove)) continue;
        if (std::find(pts.begin(), pts.end(), p) == pts.end()) pts.push_back(p);
      }
    }
    for (XY p : own) {
      if (std::find(pts.begin(), pts.end(), p) == pts.end()) pts.push_back(p);
    }
    if (ranked_ && !(i == 0 && scorer_)) rankLevel(big, toMove, pts);
    if (i > 0 && static_cast<int>(pts.size()) > params_.keepPerLevel)
      pts.resize(params_.keepPerLevel);
  }
  for (XY p : levels[0].chosen) result.candidates.push_back(board.point(p));
  result.chains.push_back(std::move(levels));
  return result;
}

CascadeResult Cascade::run(const Board& board, Color toMove, const RankContext& ctx) {
  const reduce::Schedule schedule = reduce::parseSchedule(params_.schedule, board.size());
  CascadeResult all;
  all.advisor = advisor_->name();
  std::vector<std::vector<Point>> lists;
  reduceSchedule(board, schedule, grids_);
  for (size_t c = 0; c < schedule.chains.size(); ++c) {
    CascadeResult r = runChain(board, toMove, schedule.chains[c], grids_.chains[c], ctx);
    lists.push_back(std::move(r.candidates));
    all.chains.push_back(std::move(r.chains.front()));
  }
  // Interleave the chains' candidates (one from each in turn), without repeats.
  for (size_t k = 0;; ++k) {
    bool any = false;
    for (const auto& l : lists) {
      if (k >= l.size()) continue;
      any = true;
      if (std::find(all.candidates.begin(), all.candidates.end(), l[k]) == all.candidates.end()) {
        all.candidates.push_back(l[k]);
      }
    }
    if (!any) break;
  }
  if (scorer_) rankByScorer(board, toMove, ctx, all.candidates);
  if (params_.memory > 0) {
    std::vector<XY> newest;
    for (size_t k = 0; k < all.candidates.size() && static_cast<int>(k) < params_.bottomMoves; ++k)
      newest.push_back(board.xy(all.candidates[k]));
    memory_.push(std::move(newest));
  }
  return all;
}

}  // namespace engine
