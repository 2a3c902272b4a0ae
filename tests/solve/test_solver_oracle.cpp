// SolveOptions::decideOnly (one question, then stop) and SolveOptions::oracle (bounds
// from outside that hold only on paths avoiding some boards), which the superko check's
// searches use (solve/superko_check.hpp).
#include <catch2/catch.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

#include "solve/solver.hpp"
#include "solver_test_util.hpp"

using engine::Color;
using namespace solve;
using namespace solvetest;

TEST_CASE("deciding one question answers it and stops") {
  // 3x3 = +9 and 2x3 = 0 from the empty board under positional superko (published).
  for (auto [w, h, value] : {std::tuple{3, 3, 9}, std::tuple{3, 2, 0}}) {
    for (int question : {value - 3, value, value + 1, value + 4}) {
      SolveOptions opt;
      opt.bestMoves = opt.principalVariation = false;
      opt.decideOnly = true;
      opt.firstGuess = question;
      INFO(w << "x" << h << " question " << question);
      const SolveResult r = solveEmpty(w, h, {}, opt);
      CHECK(r.lower <= value);
      CHECK(r.upper >= value);
      if (question <= value) {
        CHECK(r.lower >= question);
      } else {
        CHECK(r.upper < question);
      }
    }
  }
  SolveOptions opt;
  opt.decideOnly = opt.proofNumber = true;
  CHECK_THROWS(Solver(Geometry(3, 3), opt));
}

namespace {

// Claims the same wrong value for every position, needing the stones of `need` absent
// from the path's earlier boards; counts what it is asked and what the search took.
class LyingOracle : public BoundOracle {
 public:
  LyingOracle(int value, Mask needBlack, Mask needWhite)
      : value_(value), needBlack_(needBlack), needWhite_(needWhite) {}
  bool bounds(Mask, Mask, bool, int, Answer& out) override {
    ++asked;
    out.lower = out.upper = value_;
    out.needBlack = needBlack_, out.needWhite = needWhite_;
    out.move = -2;
    return true;
  }
  void taken(const Answer&) override { ++took; }
  int asked = 0, took = 0;

 private:
  int value_;
  Mask needBlack_, needWhite_;
};

}  // namespace

TEST_CASE("an oracle's bounds are taken only on paths that avoid the boards they need") {
  const Geometry g(3, 3);
  // An earlier board of the game: Black on the two bottom corners, White on the top centre.
  const Mask black = Mask{1} << g.point(0, 0) | Mask{1} << g.point(2, 0);
  const Mask white = Mask{1} << g.point(1, 2);
  Position withHistory;
  withHistory.history = {black | white << 32};
  SolveOptions plain;
  plain.bestMoves = plain.principalVariation = false;
  const double truth = Solver(g, plain).solve(withHistory).value;

  SECTION("the history holds the needed stones: never taken, the value stands") {
    LyingOracle liar(-9, black, white);
    SolveOptions opt = plain;
    opt.oracle = &liar;
    Solver s(g, opt);
    const SolveResult r = s.solve(withHistory);
    CHECK(r.exact);
    CHECK(r.value == truth);
    CHECK(liar.asked > 0);
    CHECK(liar.took == 0);
    CHECK(s.lastStats().oracleCuts == 0);
  }
  SECTION("the path avoids them: taken at the root, the lie is the result") {
    LyingOracle liar(-9, black, white);
    SolveOptions opt = plain;
    opt.oracle = &liar;
    Solver s(g, opt);
    const SolveResult r = s.solve(Position{});
    CHECK(r.value == -9);
    CHECK(liar.took > 0);
    CHECK(s.lastStats().oracleCuts > 0);
  }
  SECTION("one thread only") {
    LyingOracle liar(0, 0, 0);
    SolveOptions opt = plain;
    opt.oracle = &liar;
    opt.threads = 2;
    CHECK_THROWS(Solver(g, opt));
  }
}

TEST_CASE("a history that binds the root's mover only gives it a lower bound") {
  // After random games (their boards the superko history): the mover's value with the
  // history binding only the mover is at most its value under positional superko with the
  // whole history, with half of it and with none, and equals it with none. Somewhere the
  // other side must gain by recreating an earlier board (or the option did nothing).
  int lower = 0, checked = 0;
  for (auto [w, h, moves] : {std::tuple{3, 2, 8}, std::tuple{4, 2, 9}, std::tuple{3, 3, 12}}) {
    const Geometry g(w, h);
    for (uint64_t seed = 1; seed <= 60; ++seed) {
      const RandomGame rg = randomGame(g, engine::Rules{}, moves, seed * 7919 + w);
      if (rg.game.over()) continue;
      Position pos = rg.position;
      const int sign = pos.toMove == Color::Black ? 1 : -1;
      SolveOptions strict;
      strict.bestMoves = strict.principalVariation = false;
      strict.maxNodes = 2'000'000;
      SolveOptions relaxed = strict;
      relaxed.historyBindsRootMoverOnly = true;
      auto value = [&](const SolveOptions& o, const std::vector<uint64_t>& history) {
        Position p = pos;
        p.history = history;
        const SolveResult r = Solver(g, o).solve(p);
        REQUIRE(r.exact);
        return sign * static_cast<int>(r.value);  // the mover's
      };
      INFO(w << "x" << h << " seed " << seed);
      const std::vector<uint64_t> whole = pos.history;
      const std::vector<uint64_t> half(whole.begin() + static_cast<long>(whole.size() / 2),
                                       whole.end());
      const int v = value(relaxed, whole);
      CHECK(v <= value(strict, whole));
      CHECK(v <= value(strict, half));
      CHECK(v <= value(strict, {}));
      CHECK(value(relaxed, {}) == value(strict, {}));
      lower += v < value(strict, whole);
      ++checked;
    }
  }
  CHECK(checked > 100);
  CHECK(lower > 0);
}
