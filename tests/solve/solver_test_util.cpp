// The shared helpers of the solver's search tests (solver_test_util.hpp).
#include "solver_test_util.hpp"

#include <catch2/catch.hpp>

#include <tuple>

#include "engine/board/ascii.hpp"
#include "engine/board/rng.hpp"
#include "solve/compact_board.hpp"
#include "solve/minimax.hpp"

using engine::Color;
using namespace solve;

namespace solvetest {

SolveResult solveEmpty(int w, int h, Rules rules, SolveOptions opt) {
  const Geometry g(w, h);
  opt.rules = rules;
  if (opt.ttLog2 == SolveOptions{}.ttLog2) opt.ttLog2 = 16;  // small unless asked otherwise
  Solver s(g, opt);
  const SolveResult r = s.solve(Position{});
  CHECK(s.lastStats().inconsistent == 0);
  return r;
}

std::vector<std::string> names(const Geometry& g, const std::vector<int>& moves) {
  std::vector<std::string> out;
  for (int m : moves) out.push_back(g.vertex(m));
  return out;
}

std::optional<int> replayedScore(const Geometry& g, const std::vector<int>& pv) {
  engine::Game game(g.size());
  for (int m : pv) {
    const engine::Point p = m < 0 ? engine::PASS : game.board().point(g.x(m), g.y(m));
    if (game.play(p, game.toMove()) != engine::MoveError::None) return std::nullopt;
  }
  if (!game.over()) return std::nullopt;
  return CompactBoard::fromEngine(g, game.board()).areaScore();
}

RandomGame randomGame(const Geometry& g, engine::Rules er, int moves, uint64_t seed) {
  RandomGame rg{engine::Game(g.size(), er), {}};
  engine::Rng rng(seed);
  std::vector<uint64_t> seen{0};
  for (int i = 0; i < moves && !rg.game.over(); ++i) {
    const Color me = rg.game.toMove();
    std::vector<engine::Point> legal;
    for (int p = 0; p < g.points(); ++p) {
      const engine::Point ep = rg.game.board().point(g.x(p), g.y(p));
      if (rg.game.isLegal(ep, me)) legal.push_back(ep);
    }
    const bool pass = legal.empty() || rng.below(8) == 0;
    rg.game.play(pass ? engine::PASS : legal[rng.below(static_cast<uint32_t>(legal.size()))], me);
    seen.push_back(CompactBoard::fromEngine(g, rg.game.board()).hash());
  }
  const CompactBoard b = CompactBoard::fromEngine(g, rg.game.board());
  Position& p = rg.position;
  p.black = b.black(), p.white = b.white();
  p.toMove = rg.game.toMove();
  p.passes = rg.game.consecutivePasses();
  if (b.koPoint() >= 0 && b.koColor() == p.toMove) p.ko = b.koPoint();
  seen.pop_back();  // the current position is not history
  if (er.ko == engine::KoRule::Positional) p.history = seen;
  return rg;
}

void checkRandomPositionsWithHistory(SolveOptions opt) {
  int checked = 0;
  for (auto [w, h, len] : {std::tuple{2, 2, 6}, std::tuple{1, 5, 5}, std::tuple{1, 6, 6},
                           std::tuple{2, 3, 6}, std::tuple{3, 2, 8}, std::tuple{3, 3, 12}}) {
    const Geometry g(w, h);
    opt.ttLog2 = 16;
    Solver shared(g, opt);  // one table for all positions of this size: reuse across calls
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      RandomGame rg = randomGame(g, {}, len, seed * 7919 + w * 31 + h);
      if (rg.game.over()) continue;
      uint64_t nodes = 0;
      int ref = 0;
      if (!referenceValueWithin(rg.game, 100'000, ref, nodes)) continue;  // too big a tree
      INFO(w << "x" << h << " seed " << seed << "\n" << engine::boardToString(rg.game.board()));
      const SolveResult r = shared.solve(rg.position);
      CHECK(r.exact);
      CHECK(r.value == ref);
      CHECK(shared.lastStats().inconsistent == 0);
      Solver fresh(g, opt);
      CHECK(fresh.solve(rg.position).value == ref);
      ++checked;
    }
  }
  CHECK(checked > 20);
}

std::pair<SearchStats, SearchStats> sameResultsBothWays(const Geometry& g, const SolveOptions& off,
                                                        const SolveOptions& on, bool valueOnly) {
  Solver a(g, off), b(g, on);
  const SolveResult ra = a.solve(Position{});
  const SolveResult rb = b.solve(Position{});
  CHECK(b.lastStats().inconsistent == 0);
  CHECK(ra.exact);
  CHECK(rb.exact);
  CHECK(rb.value == ra.value);
  if (!valueOnly) {
    CHECK(names(g, rb.best) == names(g, ra.best));
    CHECK(replayedScore(g, rb.pv) == rb.value);
  }
  return {a.lastStats(), b.lastStats()};
}

std::pair<solve::SearchStats, uint64_t> boundedRun(int w, int h, solve::SolveOptions opt,
                                                   uint64_t maxNodes) {
  opt.maxNodes = maxNodes;
  opt.bestMoves = opt.principalVariation = false;
  const solve::Geometry g(w, h);
  solve::Solver s(g, opt);
  s.solve(solve::Position{});
  return {s.lastStats(), s.lastNodes()};
}

}  // namespace solvetest
