// TerritoryOverlay (overlay.hpp): shape matches from a ShapeMap, evaluations on a stack
// parallel to the board's undo history.
#include "engine/territory/overlay.hpp"

#include <algorithm>
#include <sstream>

#include "engine/territory/detail.hpp"

namespace engine {

namespace {

const ShapeLibrary& libraryOf(const TerritoryParams& params) {
  return params.shapes ? *params.shapes : defaultTerritoryShapes();
}

}  // namespace

TerritoryOverlay::TerritoryOverlay(const Board& board, double komi, const TerritoryParams& params)
    : komi_(komi), params_(params), lib_(libraryOf(params)), shapes_(lib_, board) {
  joins_.reset(board);
  stack_.emplace_back();
}

void TerritoryOverlay::afterPlay(const Board& board) {
  shapes_.afterPlay(board);
  joins_.afterPlay(board);
  Entry e;
  e.pass = board.lastRecord().point == PASS;
  stack_.push_back(std::move(e));
}

void TerritoryOverlay::beforeUndo(const Board& board) {
  shapes_.beforeUndo(board);
  joins_.reset(board);  // the position after the undo is not known yet: all invalid
  if (stack_.size() > 1) {
    stack_.pop_back();
  } else {
    stack_.back().eval.reset();  // fed without the history: recompute when asked
  }
}

void TerritoryOverlay::rebuild(const Board& board) {
  shapes_.rebuild(board);
  joins_.reset(board);
  stack_.assign(1, Entry{});
}

const Evaluation& TerritoryOverlay::evaluation(const Board& board) {
  // A pass changes no point: the evaluation is the one of the nearest entry below that
  // is not a pass (captures counts do not change on a pass either).
  size_t i = stack_.size() - 1;
  while (i > 0 && stack_[i].pass) --i;
  Entry& e = stack_[i];
  if (!e.eval) {
    std::vector<Instance> instances = shapes_.instances();  // sorted
    joins_.refresh(board, params_);
    e.eval = territory_detail::evaluateMatches(board, komi_, params_, lib_, instances, &joins_);
    ++computed_;
  }
  return *e.eval;
}

std::string TerritoryOverlay::checkConsistency(const Board& board) {
  const std::string shapes = shapes_.checkConsistency(board);
  if (!shapes.empty()) return "shape map: " + shapes;
  return compareEvaluations(evaluation(board), evaluate(board, komi_, params_));
}

std::string compareEvaluations(const Evaluation& a, const Evaluation& b) {
  std::ostringstream out;
  if (a.width != b.width || a.height != b.height) return "sizes differ";
  if (a.komi != b.komi) return "komi differs";
  if (a.groups.size() != b.groups.size()) {
    out << "group count " << a.groups.size() << " vs " << b.groups.size();
    return out.str();
  }
  for (size_t g = 0; g < a.groups.size(); ++g) {
    const GroupInfo &x = a.groups[g], &y = b.groups[g];
    if (x.color != y.color || x.stones != y.stones || x.chains != y.chains ||
        x.linkConfidence != y.linkConfidence || x.liberties != y.liberties || x.eyes != y.eyes ||
        x.pureEyes != y.pureEyes || x.room != y.room || x.enclosed != y.enclosed ||
        x.safety != y.safety || x.status != y.status) {
      out << "group " << g << " (first stone " << x.stones.front() << ") differs";
      return out.str();
    }
  }
  if (a.groupOf != b.groupOf) return "groupOf differs";
  if (a.protoTerritory != b.protoTerritory) return "protoTerritory differs";
  if (a.ownership != b.ownership) return "ownership differs";
  if (a.deadStones != b.deadStones) return "deadStones differ";
  if (a.blackArea != b.blackArea || a.whiteArea != b.whiteArea) return "area counts differ";
  if (a.blackTerritory != b.blackTerritory || a.whiteTerritory != b.whiteTerritory) {
    return "territory counts differ";
  }
  return "";
}

}  // namespace engine
