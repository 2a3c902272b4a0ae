#include "solve/advise.hpp"

#include <algorithm>
#include <chrono>

#include "engine/board/errors.hpp"

namespace solve {

namespace {

Position positionOf(const Geometry& g, const engine::Board& board, engine::Color toMove,
                    const std::vector<engine::Board>& history) {
  const CompactBoard b = CompactBoard::fromEngine(g, board);
  Position p;
  p.black = b.black();
  p.white = b.white();
  p.toMove = toMove;
  if (b.koPoint() >= 0 && b.koColor() == toMove) p.ko = b.koPoint();
  for (const engine::Board& h : history) {
    if (h.width() != board.width() || h.height() != board.height()) {
      throw engine::InputError("advise: a history board has another size than the position");
    }
    p.history.push_back(CompactBoard::fromEngine(g, h).hash());
  }
  return p;
}

// Orders moves best first for the mover (by the bound it can count on, then the other).
void sortMoves(std::vector<AdvisedMove>& moves, bool black) {
  std::stable_sort(moves.begin(), moves.end(), [black](const AdvisedMove& x, const AdvisedMove& y) {
    const double kx = black ? x.lower : -x.upper, ky = black ? y.lower : -y.upper;
    const double ux = black ? x.upper : -x.lower, uy = black ? y.upper : -y.lower;
    return kx != ky ? kx > ky : ux > uy;
  });
}

// Advice from a solution table: the value and the optimal moves are exact; every other
// legal move is strictly worse (a bound), or, when the entry lists only some optimal
// moves (SOME_BEST), no better than the value. False when the position is not in the table.
bool fromTable(const Geometry& g, const engine::Board& board, const Position& pos,
               const SolutionTable& table, double komi, Advice& a) {
  const bool black = pos.toMove == engine::Color::Black;
  const Mask own = black ? pos.black : pos.white, opp = black ? pos.white : pos.black;
  int value = 0;
  uint64_t best = 0;
  // An entry that lists no move (a value harvested from the solver's table, SOME_BEST)
  // cannot name an optimal move first: the search answers instead.
  if (!table.lookup(own, opp, value, best) || !(best & (PASS_BIT | g.all()))) return false;
  const double v = (black ? value : -value) + komi;
  a.kind = AdviceKind::Table;
  a.lower = a.upper = v;
  CompactBoard b(g);
  b.setRaw(pos.black, pos.white, -1, engine::Color::Empty);
  for (int p = -1; p < g.points(); ++p) {
    if (p >= 0 && !b.isLegal(p, pos.toMove)) continue;
    const bool optimal = (best >> (p < 0 ? 32 : p)) & 1;
    AdvisedMove m;
    m.point = p < 0 ? engine::PASS : board.point(g.x(p), g.y(p));
    // A move not listed: strictly worse, or only no better when the list is partial.
    const double worse = (best & SOME_BEST) ? 0 : 1;
    m.lower = optimal ? v : black ? -g.points() + komi : v + worse;
    m.upper = optimal ? v : black ? v - worse : g.points() + komi;
    a.moves.push_back(m);
  }
  sortMoves(a.moves, black);
  return true;
}

// Advice from a table of every state (a ranked simple-forced table: SolutionTable::
// holdsStates): the state's value, or its bounds where a ko cycle leaves it open, and each
// legal move's from the state it leads to (exact wherever that state is). The history plays
// no part under simple ko alone. False when the table lacks one of these states.
bool fromStates(const Geometry& g, const engine::Board& board, const Position& pos,
                const SolutionTable& table, double komi, Advice& a) {
  Position at = pos;
  at.history.clear();
  SolveResult r;
  if (!solveFromTable(table, at, komi, r)) return false;
  a.kind = r.exact ? AdviceKind::Table : AdviceKind::Bounded;
  a.lower = r.lower, a.upper = r.upper;
  for (int p = -1; p < g.points(); ++p) {
    Position next;
    if (!playInPosition(g, at, p, next)) continue;  // not a legal move
    SolveResult child;
    if (!solveFromTable(table, next, komi, child, false)) return false;
    AdvisedMove m;
    m.point = p < 0 ? engine::PASS : board.point(g.x(p), g.y(p));
    m.lower = child.lower, m.upper = child.upper;
    a.moves.push_back(m);
  }
  sortMoves(a.moves, pos.toMove == engine::Color::Black);
  return true;
}

}  // namespace

Advice advise(const engine::Board& position, engine::Color toMove, const AdviseBudget& budget) {
  const auto start = std::chrono::steady_clock::now();
  if (position.width() * position.height() > MAX_POINTS) {
    throw engine::InputError("advise: the solver handles at most 32 points, not " +
                             std::to_string(position.width() * position.height()));
  }
  const Geometry g(position.width(), position.height());
  const Position pos = positionOf(g, position, toMove, budget.history);
  SolveOptions opt;
  opt.rules = budget.rules;
  opt.ttLog2 = budget.ttLog2;
  opt.threads = budget.threads;
  opt.maxNodes = budget.maxNodes;
  opt.maxSeconds = budget.maxSeconds;
  opt.principalVariation = false;
  if (budget.table && (budget.table->geometry().width() != g.width() ||
                       budget.table->geometry().height() != g.height())) {
    throw engine::InputError("advise: the solution table is for another board size");
  }
  if (budget.table && budget.table->holdsStates() && budget.rules.ko == KoRule::SimpleForced) {
    Advice a;
    if (fromStates(g, position, pos, *budget.table, budget.rules.komi, a)) {
      a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return a;
    }
  } else if (budget.table && budget.history.empty() && pos.ko < 0) {
    Advice a;
    if (fromTable(g, position, pos, *budget.table, budget.rules.komi, a)) {
      a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return a;
    }
  }
  Solver solver(g, opt);
  // First the position's value and its optimal moves, then, with what is left of the
  // budget (the table is warm by now), every move's own value.
  const SolveResult r = solver.solve(pos);
  Advice a;
  a.kind = r.exact ? AdviceKind::Exact : AdviceKind::Bounded;
  a.lower = r.lower, a.upper = r.upper;
  a.nodes = r.nodes;
  const double used =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  SolveOptions rest = opt;
  if (budget.maxSeconds > 0) rest.maxSeconds = std::max(1e-4, budget.maxSeconds - used);
  if (budget.maxNodes > 0)
    rest.maxNodes = budget.maxNodes > r.nodes ? budget.maxNodes - r.nodes : 1;
  solver.setLimits(rest.maxNodes, rest.maxSeconds);
  std::vector<MoveValue> values = solver.analyse(pos);
  a.nodes += solver.lastNodes();
  const bool black = toMove == engine::Color::Black;
  for (MoveValue& m : values) {
    if (r.exact) {
      const bool best = std::find(r.best.begin(), r.best.end(), m.move) != r.best.end();
      if (best) {
        m.lower = m.upper = r.value;
      } else if (black) {  // not optimal: strictly worse than the value for the mover
        m.upper = std::min(m.upper, r.value - 1);
      } else {
        m.lower = std::max(m.lower, r.value + 1);
      }
      if (m.lower > m.upper) m.lower = m.upper = black ? r.value - 1 : r.value + 1;
    }
    AdvisedMove am;
    am.point = m.move < 0 ? engine::PASS : position.point(g.x(m.move), g.y(m.move));
    am.lower = m.lower, am.upper = m.upper;
    a.moves.push_back(am);
  }
  sortMoves(a.moves, black);
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace solve
