#include "engine/gtp/root_candidates.hpp"

#include <algorithm>
#include <chrono>

#include "engine/board/errors.hpp"
#include "engine/play/policy.hpp"
#include "engine/prior/model.hpp"
#ifdef FGO_HAVE_TERRITORY
#include "engine/territory/territory.hpp"
#endif

namespace engine {

namespace {

// Unsettled groups with at most this many liberties give their liberties as candidates.
constexpr int UNSETTLED_MAX_LIBERTIES = 4;

void appendNew(std::vector<Point>& all, const std::vector<Point>& more) {
  for (Point p : more) {
    if (std::find(all.begin(), all.end(), p) == all.end()) all.push_back(p);
  }
}

// Liberties of the groups evaluate() calls unsettled, legal for c (none when the
// territory layer is not built).
std::vector<Point> unsettledLiberties(const Board& board, Color c, double komi) {
#ifndef FGO_HAVE_TERRITORY
  (void)board, (void)c, (void)komi;
  return {};
#else
  const Evaluation ev = evaluate(board, komi);
  std::vector<Point> out;
  for (const GroupInfo& g : ev.groups) {
    if (g.status != GroupStatus::Unsettled || g.liberties > UNSETTLED_MAX_LIBERTIES) continue;
    for (Point s : g.stones) {
      for (Point n : board.neighbours(s)) {
        if (board.at(n) == Color::Empty && board.isLegal(n, c) &&
            std::find(out.begin(), out.end(), n) == out.end()) {
          out.push_back(n);
        }
      }
    }
  }
  return out;
#endif
}

// The model's `top` most probable legal moves for the side to move, best first.
std::vector<Point> modelTop(const prior::Model& model, const Game& game, int top) {
  const Board& board = game.board();
  const Color c = game.toMove();
  const auto& moves = game.moves();
  const Point last = moves.empty() ? NO_POINT : moves.back().point;
  const Point before = moves.size() < 2 ? NO_POINT : moves[moves.size() - 2].point;
  prior::Scorer scorer(model);
  std::vector<float> scores;
  scorer.scores(board, c, last, before, scores);
  std::vector<Point> legal;
  for (Point p : board.emptyPoints()) {
    if (p < scores.size() && scores[p] > 0 && game.isLegal(p, c)) legal.push_back(p);
  }
  const size_t n = std::min(legal.size(), static_cast<size_t>(std::max(0, top)));
  std::partial_sort(
      legal.begin(), legal.begin() + static_cast<std::ptrdiff_t>(n), legal.end(),
      [&](Point a, Point b) { return scores[a] > scores[b] || (scores[a] == scores[b] && a < b); });
  legal.resize(n);
  return legal;
}

}  // namespace

CascadeUse parseCascadeUse(const std::string& name) {
  if (name == "off") return CascadeUse::Off;
  if (name == "hints") return CascadeUse::Hints;
  if (name == "narrow") return CascadeUse::Narrow;
  throw InputError("cascade use must be off, hints or narrow, not '" + name + "'");
}

const char* cascadeUseName(CascadeUse use) {
  switch (use) {
    case CascadeUse::Hints:
      return "hints";
    case CascadeUse::Narrow:
      return "narrow";
    default:
      return "off";
  }
}

CascadeParams searchCascadeParams() {
  CascadeParams p;
  p.schedule = "standard";
  p.lastMoveAreas = true;
  p.memory = 3;
  return p;
}

RootCandidateFinder::RootCandidateFinder(RootCandidateParams params,
                                         std::shared_ptr<const prior::Model> model)
    : params_(std::move(params)), model_(std::move(model)) {
  Cascade check(params_.cascade);  // throws InputError for a bad schedule or reducer now
}

RootCandidateFinder::~RootCandidateFinder() = default;

void RootCandidateFinder::newGame() {
  if (cascade_) cascade_->clearMemory();
}

void RootCandidateFinder::prepare(BoardSize size, double komi) {
  if (cascade_ && komi == cascadeKomi_ && size == cascadeSize_) return;
  CascadeParams cp = params_.cascade;
  cp.komi = komi;
  cascade_ = std::make_unique<Cascade>(cp);
  cascadeKomi_ = komi;
  cascadeSize_ = size;
}

upload::AreaMemory RootCandidateFinder::memory() const {
  return cascade_ ? cascade_->memory() : upload::AreaMemory(std::max(1, params_.cascade.memory));
}

void RootCandidateFinder::setMemory(const upload::AreaMemory& memory, BoardSize size, double komi) {
  prepare(size, komi);
  cascade_->setMemory(memory);
}

RootCandidates RootCandidateFinder::find(const Game& game) {
  const auto start = std::chrono::steady_clock::now();
  if (params_.use == CascadeUse::Off) return RootCandidates{};
  const auto& moves = game.moves();
  RankContext ctx;
  ctx.last = moves.empty() ? NO_POINT : moves.back().point;
  ctx.before = moves.size() < 2 ? NO_POINT : moves[moves.size() - 2].point;
  const Color c = game.toMove();
  RootCandidates out = find(game.board(), c, game.rules().komi, ctx);
  // The bare board's candidates; the game may forbid some (superko).
  auto illegal = [&](Point p) { return !game.isLegal(p, c); };
  std::erase_if(out.cascade, illegal);
  std::erase_if(out.tactical, illegal);
  out.all = out.cascade;
  if (params_.use == CascadeUse::Narrow) {
    if (params_.modelTop > 0 && model_) out.model = modelTop(*model_, game, params_.modelTop);
    appendNew(out.all, out.tactical);
    appendNew(out.all, out.unsettled);
    appendNew(out.all, out.model);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

RootCandidates RootCandidateFinder::find(const Board& board, Color c, double komi,
                                         const RankContext& ctx) {
  const auto start = std::chrono::steady_clock::now();
  RootCandidates out;
  if (params_.use == CascadeUse::Off) return out;
  prepare(board.size(), komi);
  try {
    out.cascade = cascade_->run(board, c, ctx).candidates;
  } catch (const InputError&) {
    out.cascadeFailed = true;  // e.g. a board no schedule reduces: no cascade candidates
  }
  out.all = out.cascade;
  if (params_.use == CascadeUse::Narrow) {
    Board scratch = board;
    if (params_.tactics) {
      mustConsiderMoves(scratch, c, out.tactical);
      std::erase_if(out.tactical, [&](Point p) { return !board.isLegal(p, c); });
    }
    if (params_.unsettled) out.unsettled = unsettledLiberties(board, c, komi);
    appendNew(out.all, out.tactical);
    appendNew(out.all, out.unsettled);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

RootCandidateParams TreeCandidates::treeParams(const RootCandidateParams& params) {
  RootCandidateParams p = params;
  p.use = CascadeUse::Narrow;  // the cascade joined by the must-consider moves
  p.unsettled = false;
  p.modelTop = 0;
  p.cascade.adviceByPosition = true;
  return p;
}

TreeCandidates::TreeCandidates(const RootCandidateParams& params,
                               std::shared_ptr<const prior::Model> model, double komi,
                               BoardSize size, upload::AreaMemory memory)
    : finder_(treeParams(params), std::move(model)),
      komi_(komi),
      size_(size),
      memory_(std::move(memory)) {}

std::vector<Point> TreeCandidates::find(const Board& board, Color toMove, Point last,
                                        Point before) {
  finder_.setMemory(memory_, size_, komi_);
  RankContext ctx;
  ctx.last = last;
  ctx.before = before;
  return finder_.find(board, toMove, komi_, ctx).all;
}

NodeCandidatesFactory treeCandidatesFactory(const RootCandidateFinder& finder,
                                            std::shared_ptr<const prior::Model> model, double komi,
                                            BoardSize size) {
  return [params = finder.params(), memory = finder.memory(), model, komi, size]() {
    return std::unique_ptr<NodeCandidates>(
        std::make_unique<TreeCandidates>(params, model, komi, size, memory));
  };
}

}  // namespace engine
