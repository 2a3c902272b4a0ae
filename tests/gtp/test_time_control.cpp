// Time management (engine/gtp/time_control.hpp) with fake clocks: the budget never
// exceeds what may be spent, the own clock runs down like a real one, and games played
// against a simulated clock never lose on time.
#include <catch2/catch.hpp>

#include <random>

#include "engine/gtp/mcts_player.hpp"
#include "engine/gtp/time_control.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::ask;

namespace {

TimeSettings canadian(double main, double period, int stones) {
  return TimeSettings{TimeSystem::Canadian, main, period, 0, stones};
}
TimeSettings byoyomi(double main, double period, int periods) {
  return TimeSettings{TimeSystem::Byoyomi, main, period, periods, 0};
}
TimeSettings absolute(double main) {
  return TimeSettings{TimeSystem::Absolute, main, 0, 0, 0};
}

// Plays a whole game's worth of our moves against the clock; each move takes the
// budget plus `overhead` (what the GUI and process add). Returns the clock at the end.
ClockReading playOut(const TimeSettings& s, int points, double overhead, const TimePolicy& p,
                     int ourMoves) {
  ClockReading r = initialReading(s);
  for (int m = 0; m < ourMoves && !r.lost; ++m) {
    const double budget = moveBudget(s, r, points, 2 * m, p);
    REQUIRE(budget >= p.minSeconds);
    const double ceiling = hardLimit(s, r);
    CHECK(budget <= std::max(p.minSeconds, ceiling - p.marginSeconds) + 1e-9);
    r = chargeMove(s, r, budget + overhead);
  }
  return r;
}

}  // namespace

TEST_CASE("no time limit: budget 0, the clock is untouched") {
  const TimeSettings none;
  CHECK(moveBudget(none, ClockReading{}, 361, 0, TimePolicy{}) == 0);
  CHECK_FALSE(initialReading(none).known);
  CHECK_FALSE(chargeMove(none, ClockReading{}, 100).lost);
}

TEST_CASE("absolute time is shared over the expected moves and never runs out") {
  const TimePolicy p;
  const TimeSettings s = absolute(600);
  // 19x19 at the start: 0.7 x 361 / 2 = 126 of our moves expected.
  const double b = moveBudget(s, initialReading(s), 361, 0, p);
  CHECK(b == Approx((600.0 / (0.7 * 361 / 2)) * 0.95 - 0.25).epsilon(0.02));
  // Games far longer than expected, with 0.2 s of overhead a move the budget cannot see.
  CHECK_FALSE(playOut(s, 361, 0.2, p, 400).lost);
  CHECK_FALSE(playOut(absolute(60), 81, 0.1, p, 140).lost);
  // Late in the game the budget shrinks with the time left, never below minSeconds.
  ClockReading low{true, 0.5, 0, false};
  CHECK(moveBudget(s, low, 361, 300, p) == Approx(p.minSeconds));
}

TEST_CASE("Canadian byo-yomi: a period's time is shared by its stones") {
  const TimePolicy p;
  const TimeSettings s = canadian(0, 30, 10);
  ClockReading r = initialReading(s);
  CHECK(r.seconds == 30);
  CHECK(r.stones == 10);
  CHECK(moveBudget(s, r, 361, 0, p) == Approx(3 * 0.95 - 0.25));
  // After 9 stones at 2 s each: 12 s for the last stone.
  for (int i = 0; i < 9; ++i) r = chargeMove(s, r, 2);
  CHECK(r.stones == 1);
  CHECK(r.seconds == Approx(12));
  CHECK(moveBudget(s, r, 361, 18, p) == Approx(12 * 0.95 - 0.25));
  // The tenth stone starts a fresh period.
  r = chargeMove(s, r, 5);
  CHECK(r.stones == 10);
  CHECK(r.seconds == 30);
  CHECK_FALSE(r.lost);
  // Overrunning the period loses.
  CHECK(chargeMove(s, ClockReading{true, 3, 2, false}, 4).lost);
  // Main time then periods, with 0.2 s of overhead a move, over a long game.
  CHECK_FALSE(playOut(canadian(60, 20, 5), 361, 0.2, p, 400).lost);
  CHECK_FALSE(playOut(canadian(0, 1, 1), 81, 0.2, p, 200).lost);  // fgo match's 1 s a move
}

TEST_CASE("Canadian: a move that runs out of main time counts as the period's first stone") {
  const TimeSettings s = canadian(10, 30, 5);
  const ClockReading r = chargeMove(s, initialReading(s), 12);
  CHECK(r.stones == 4);
  CHECK(r.seconds == Approx(28));
  CHECK_FALSE(r.lost);
  // From main time the budget may reach into the period by one stone's share only.
  const ClockReading nearEnd{true, 1, 0, false};
  CHECK(hardLimit(s, nearEnd) == Approx(1 + 6));
  CHECK(moveBudget(s, nearEnd, 361, 100, TimePolicy{}) <= 7 - 0.25);
}

TEST_CASE("Japanese byo-yomi: a move in time keeps the period, an overrun costs one") {
  const TimePolicy p;
  const TimeSettings s = byoyomi(0, 10, 3);
  ClockReading r = initialReading(s);
  CHECK(r.stones == 3);
  CHECK(r.seconds == 10);
  CHECK(moveBudget(s, r, 361, 0, p) == Approx(10 * 0.95 - 0.25));
  r = chargeMove(s, r, 9.9);
  CHECK(r.stones == 3);
  CHECK(r.seconds == 10);
  r = chargeMove(s, r, 15);  // one period lost
  CHECK(r.stones == 2);
  CHECK(r.seconds == 10);
  r = chargeMove(s, r, 25);  // two more: out of time
  CHECK(r.lost);
  // Main time runs into the periods.
  const TimeSettings m = byoyomi(5, 10, 2);
  const ClockReading after = chargeMove(m, initialReading(m), 12);
  CHECK(after.stones == 2);
  CHECK(after.seconds == 10);
  CHECK(chargeMove(m, initialReading(m), 16).stones == 1);
  // The budget never spends a period deliberately, whatever the overhead below margin.
  CHECK_FALSE(playOut(byoyomi(120, 5, 1), 361, 0.2, p, 400).lost);
  CHECK_FALSE(playOut(byoyomi(0, 1, 1), 81, 0.2, p, 200).lost);
}

TEST_CASE("random clocks: the budget stays under the ceiling minus the margin") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> sec(0, 600), per(0, 60);
  const TimePolicy p;
  for (int i = 0; i < 5000; ++i) {
    TimeSettings s;
    switch (rng() % 3) {
      case 0:
        s = absolute(sec(rng));
        break;
      case 1:
        s = canadian(sec(rng), 1 + per(rng), 1 + static_cast<int>(rng() % 25));
        break;
      default:
        s = byoyomi(sec(rng), 1 + per(rng), 1 + static_cast<int>(rng() % 5));
    }
    ClockReading r = initialReading(s);
    for (int k = static_cast<int>(rng() % 50); k > 0; --k) r = chargeMove(s, r, per(rng) / 10);
    const int points = 25 + static_cast<int>(rng() % 1000);
    const int played = static_cast<int>(rng() % (2 * points));
    const double b = moveBudget(s, r, points, played, p);
    INFO(describe(s) << " reading " << r.seconds << " s " << r.stones << " stones");
    CHECK(b >= p.minSeconds);
    CHECK(b <= std::max(p.minSeconds, hardLimit(s, r) - p.marginSeconds) + 1e-9);
  }
}

TEST_CASE("GTP: time settings drive genmove's budget, and the engine keeps its own clock") {
  MctsPlayerOptions o;
  o.search.playouts = 50;
  o.search.threads = 1;
  auto player = std::make_unique<MctsPlayer>(o);
  MctsPlayer* mcts = player.get();
  GoEngineConfig config;
  config.size = {9, 9};
  GoEngine e(config, std::move(player));
  // No clock: playouts.
  CHECK(mcts->paramsFor(e.game(), e.clock()).playouts == 50);
  CHECK(ask(e, "time_settings 0 1 1") == "");
  MctsParams timed = mcts->paramsFor(e.game(), e.clock());
  CHECK(timed.playouts == 0);
  CHECK(timed.seconds == Approx(0.95 - 0.25));
  // A genmove runs the engine's own clock (no time_left sent): a fresh period after it.
  CHECK(ask(e, "kgs-time_settings absolute 20") == "");
  CHECK(e.clock().black.seconds == 20);
  const std::string move = ask(e, "genmove b");
  CHECK(move.size() >= 2);
  CHECK(e.clock().black.seconds < 20);
  CHECK(e.clock().black.seconds > 20 - 1.0);  // about 20 / 28 moves, less the margin
  CHECK(e.clock().white.seconds == 20);
  // time_left overrides the own clock.
  CHECK(ask(e, "play w E5") == "");
  CHECK(ask(e, "time_left b 3 0") == "");
  CHECK(e.clock().black.seconds == 3);
  CHECK(mcts->paramsFor(e.game(), e.clock()).seconds < 3.0 / 26);
  // clear_board restarts the clocks.
  CHECK(ask(e, "clear_board") == "");
  CHECK(e.clock().black.seconds == 20);
  CHECK(ask(e, "kgs-time_settings none") == "");
  CHECK(mcts->paramsFor(e.game(), e.clock()).playouts == 50);
}
