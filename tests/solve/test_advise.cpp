// solve::advise on engine boards: exact advice within a budget, bounds beyond it, points
// of the caller's board, and bad input.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "solve/advise.hpp"

using engine::Color;

TEST_CASE("advise solves a 3x3 position exactly and orders its moves") {
  const engine::Board board = engine::parseBoard(
      ". . .\n"
      ". X .\n"
      ". . .\n");
  solve::AdviseBudget budget;
  budget.maxSeconds = 0;  // no limit: 3x3 is quick
  const solve::Advice a = solve::advise(board, Color::White, budget);
  REQUIRE(a.kind == solve::AdviceKind::Exact);
  CHECK(a.lower == 9);
  CHECK(a.upper == 9);
  REQUIRE(!a.moves.empty());
  // Black keeps the whole board whatever White does: every White move is worth +9.
  CHECK(a.moves.front().exact());
  CHECK(a.moves.front().lower == 9);
  for (const solve::AdvisedMove& m : a.moves) {
    CHECK(m.lower <= m.upper);
    CHECK(m.lower >= 9);
    if (m.point != engine::PASS)
      CHECK(board.at(board.x(m.point), board.y(m.point)) == Color::Empty);
  }
}

TEST_CASE("advise puts the optimal move first") {
  const engine::Board empty = engine::parseBoard(". . .\n. . .\n. . .\n");
  solve::AdviseBudget budget;
  budget.maxSeconds = 0;
  const solve::Advice a = solve::advise(empty, Color::Black, budget);
  REQUIRE(a.exact());
  CHECK(a.lower == 9);
  REQUIRE(!a.moves.empty());
  CHECK(a.moves.front().point == empty.point(1, 1));
  CHECK(a.moves.front().lower == 9);
  // Any other first move is strictly worse for Black.
  for (size_t i = 1; i < a.moves.size(); ++i) CHECK(a.moves[i].upper < 9);
}

TEST_CASE("advise reports bounds when the budget runs out") {
  const engine::Board empty = engine::parseBoard(". . . .\n. . . .\n. . . .\n. . . .\n");
  solve::AdviseBudget budget;
  budget.maxNodes = 500;
  budget.maxSeconds = 0;
  const solve::Advice a = solve::advise(empty, Color::Black, budget);
  CHECK(a.kind == solve::AdviceKind::Bounded);
  CHECK(a.lower <= 2);
  CHECK(a.upper >= 2);
  for (const solve::AdvisedMove& m : a.moves) CHECK(m.lower <= m.upper);
}

TEST_CASE("advise refuses boards the solver cannot hold") {
  const engine::Board big(6, 6);
  CHECK_THROWS_AS(solve::advise(big, Color::Black, {}), engine::InputError);
  solve::AdviseBudget budget;
  budget.history.push_back(engine::Board(2, 2));
  CHECK_THROWS_AS(solve::advise(engine::Board(3, 3), Color::Black, budget), engine::InputError);
}
