// Handicap, clock, scoring, status and analysis commands of the GTP engine.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "engine/gtp/handicap.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::ask;
using gtptest::makeEngine;
using gtptest::words;

TEST_CASE("fixed_handicap places the stones GNU Go 3.8 places (golden)") {
  // Answers of `gnugo --mode gtp` (the GTP 2 reference implementation) to
  // fixed_handicap n on these sizes; GNU Go lists them sorted, we compare as sets.
  struct Case {
    int size, n;
    const char* stones;
  };
  const Case cases[] = {
      {19, 2, "Q16 D4"},
      {19, 3, "D16 Q16 D4"},
      {19, 4, "D16 Q16 D4 Q4"},
      {19, 5, "D16 Q16 K10 D4 Q4"},
      {19, 6, "D16 Q16 D10 Q10 D4 Q4"},
      {19, 7, "D16 Q16 D10 K10 Q10 D4 Q4"},
      {19, 8, "D16 K16 Q16 D10 Q10 D4 K4 Q4"},
      {19, 9, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"},
      {13, 9, "D10 G10 K10 D7 G7 K7 D4 G4 K4"},
      {13, 6, "D10 K10 D7 K7 D4 K4"},
      {9, 9, "C7 E7 G7 C5 E5 G5 C3 E3 G3"},
      {9, 8, "C7 E7 G7 C5 G5 C3 E3 G3"},
      {9, 3, "C7 G7 C3"},
      {10, 4, "C8 H8 C3 H3"},
      {8, 4, "C6 F6 C3 F3"},
      {7, 4, "C5 E5 C3 E3"},
      {7, 2, "E5 C3"},
  };
  for (const Case& c : cases) {
    INFO(c.size << "x" << c.size << " handicap " << c.n);
    auto e = makeEngine();
    REQUIRE(ask(*e, "boardsize " + std::to_string(c.size)) == "");
    const std::string answer = ask(*e, "fixed_handicap " + std::to_string(c.n));
    CHECK(words(answer) == words(c.stones));
    CHECK(e->game().board().stoneCount(Color::Black) == c.n);
    CHECK(e->game().toMove() == Color::White);
    CHECK(e->handicapStones().size() == static_cast<size_t>(c.n));
    CHECK(ask(*e, "undo") == "?cannot undo");  // the stones are setup, not moves
  }
  // Where the spec allows no such placement.
  for (const char* bad :
       {"7 5", "8 5", "10 9", "6 2", "19 10", "19 1", "19 0", "19 -1", "19 99999999999999999999"}) {
    INFO(bad);
    auto e = makeEngine();
    std::istringstream in(bad);
    std::string size, n;
    in >> size >> n;
    REQUIRE(ask(*e, "boardsize " + size) == "");
    CHECK(ask(*e, "fixed_handicap " + n) == "?invalid number of stones");
    CHECK(e->game().board().stoneCount(Color::Black) == 0);
  }
  auto e = makeEngine();
  CHECK(ask(*e, "fixed_handicap x") == "?syntax error");
  CHECK(ask(*e, "fixed_handicap") == "?syntax error");
  CHECK(ask(*e, "play w k10") == "");
  CHECK(ask(*e, "fixed_handicap 2") == "?board not empty");
  CHECK(ask(*e, "boardsize 25") == "");
  CHECK(words(ask(*e, "fixed_handicap 5")) == words("D4 W22 D22 W4 N13"));
  CHECK(ask(*e, "boardsize 19 13") == "");
  CHECK(ask(*e, "fixed_handicap 2") == "?invalid number of stones");  // not square
}

TEST_CASE("place_free_handicap and set_free_handicap") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 9") == "");
  CHECK(words(ask(*e, "place_free_handicap 4")) == words("C7 G7 C3 G3"));
  CHECK(ask(*e, "place_free_handicap 2") == "?board not empty");
  CHECK(ask(*e, "clear_board") == "");
  const std::string twelve = ask(*e, "place_free_handicap 12");
  CHECK(words(twelve).size() == 12);
  CHECK(e->game().board().stoneCount(Color::Black) == 12);
  CHECK(ask(*e, "clear_board") == "");
  CHECK(ask(*e, "place_free_handicap 1") == "?invalid number of stones");
  CHECK(ask(*e, "place_free_handicap 81") == "?invalid number of stones");
  CHECK(words(ask(*e, "place_free_handicap 80")).size() == 80);  // all but one point
  CHECK(ask(*e, "boardsize 19 13") == "");  // rectangular: no fixed points, still free
  CHECK(words(ask(*e, "place_free_handicap 5")).size() == 5);
  for (BoardSize size : {BoardSize{19, 19}, BoardSize{13, 7}, BoardSize{3, 3}, BoardSize{37, 37}}) {
    for (int n : {2, 5, 10, 17, 40}) {
      if (n >= size.points()) continue;
      const auto stones = freeHandicap(size, n);
      CHECK(stones.size() == static_cast<size_t>(n));
      std::set<std::pair<int, int>> distinct;
      for (XY xy : stones) {
        CHECK((xy.x >= 0 && xy.y >= 0 && xy.x < size.width && xy.y < size.height));
        distinct.insert({xy.x, xy.y});
      }
      CHECK(distinct.size() == stones.size());
    }
  }

  CHECK(ask(*e, "boardsize 19") == "");
  CHECK(ask(*e, "set_free_handicap d4 Q16 k10") == "");
  CHECK(e->game().board().stoneCount(Color::Black) == 3);
  CHECK(e->game().toMove() == Color::White);
  CHECK(words(ask(*e, "final_status_list alive")) == words("D4 Q16 K10"));
  CHECK(ask(*e, "set_free_handicap a1 a2") == "?board not empty");
  CHECK(ask(*e, "clear_board") == "");
  for (const char* bad :
       {"set_free_handicap d4", "set_free_handicap d4 d4", "set_free_handicap d4 pass",
        "set_free_handicap d4 z99", "set_free_handicap d4 i5"}) {
    CHECK(ask(*e, bad) == "?bad vertex list");
  }
  CHECK(ask(*e, "set_free_handicap") == "?syntax error");
  CHECK(e->game().board().stoneCount(Color::Black) == 0);
}

TEST_CASE("handicap sent as consecutive black moves is recognised") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 9") == "");
  CHECK(ask(*e, "play b c3") == "");
  CHECK(e->handicapStones().empty());  // one black move is just a first move
  CHECK(ask(*e, "play b g7") == "");
  CHECK(ask(*e, "play b c7") == "");
  CHECK(e->handicapStones().size() == 3);
  CHECK(e->game().toMove() == Color::White);
  CHECK(ask(*e, "showboard").find("handicap 3") != std::string::npos);
  const std::string reply = ask(*e, "genmove w");
  CHECK(parseVertex(reply, {9, 9}).has_value());
  CHECK(ask(*e, "play b pass") == "");
  CHECK(ask(*e, "play w pass") == "");
  CHECK(e->handicapStones().size() == 3);
  // Undoing into the handicap run is allowed: they are moves.
  while (e->game().moves().size() > 2) CHECK(ask(*e, "undo") == "");
  CHECK(e->handicapStones().size() == 2);
  CHECK(ask(*e, "clear_board") == "");
  CHECK(ask(*e, "play b c3") == "");
  CHECK(ask(*e, "play w g7") == "");
  CHECK(ask(*e, "play b c7") == "");
  CHECK(e->handicapStones().empty());
}

TEST_CASE("time settings are parsed into the clock state") {
  auto e = makeEngine();
  CHECK(ask(*e, "time_settings 300 30 10") == "");
  CHECK(e->clock().settings.system == TimeSystem::Canadian);
  CHECK(e->clock().settings.mainSeconds == 300);
  CHECK(e->clock().settings.periodSeconds == 30);
  CHECK(e->clock().settings.stones == 10);
  CHECK(ask(*e, "time_settings 600 0 0") == "");
  CHECK(e->clock().settings.system == TimeSystem::Absolute);
  CHECK(ask(*e, "time_settings 0 1 0") == "");
  CHECK(e->clock().settings.system == TimeSystem::None);
  CHECK(ask(*e, "kgs-time_settings byoyomi 600 30 5") == "");
  CHECK(e->clock().settings.system == TimeSystem::Byoyomi);
  CHECK(e->clock().settings.periods == 5);
  CHECK(describe(e->clock().settings) == "byo-yomi 600 s + 5 x 30 s");
  CHECK(ask(*e, "kgs-time_settings canadian 60 120 25") == "");
  CHECK(e->clock().settings.stones == 25);
  CHECK(ask(*e, "kgs-time_settings absolute 900") == "");
  CHECK(e->clock().settings.mainSeconds == 900);
  CHECK(ask(*e, "kgs-time_settings none") == "");
  CHECK(e->clock().settings.system == TimeSystem::None);
  CHECK_FALSE(e->clock().white.known);
  CHECK(ask(*e, "time_left white 123 4") == "");
  CHECK(e->clock().white.known);
  CHECK(e->clock().white.seconds == 123);
  CHECK(e->clock().white.stones == 4);
  CHECK_FALSE(e->clock().black.known);
  for (const char* bad :
       {"time_settings 1 2", "time_settings a b c", "time_settings -1 0 0", "time_settings 1 2 3 4",
        "time_settings 99999999999 0 0", "kgs-time_settings", "kgs-time_settings fischer 1 2",
        "kgs-time_settings byoyomi 1 2", "kgs-time_settings none 5", "time_left x 1 1",
        "time_left b 1", "time_left b inf 1", "time_left b 10 -1"}) {
    INFO(bad);
    CHECK(ask(*e, bad) == "?syntax error");
  }
}

TEST_CASE("final_score counts the board as it stands, with komi") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 5") == "");
  CHECK(ask(*e, "final_score") == "W+7.5");  // empty board: komi only
  // Black owns columns A-C (15 points), White D-E (10 points).
  for (const char* m :
       {"b c1", "w d1", "b c2", "w d2", "b c3", "w d3", "b c4", "w d4", "b c5", "w d5"}) {
    CHECK(ask(*e, std::string("play ") + m) == "");
  }
  CHECK(ask(*e, "komi 0.5") == "");
  CHECK(ask(*e, "final_score") == "B+4.5");
  CHECK(ask(*e, "komi 5") == "");
  CHECK(ask(*e, "final_score") == "0");
  CHECK(ask(*e, "komi 5.5") == "");
  CHECK(ask(*e, "final_score") == "W+0.5");
  CHECK(ask(*e, "final_score extra") == "?syntax error");
  CHECK(words(ask(*e, "gtp-unused")) == words("?unknown command"));
}

TEST_CASE("final_status_list: every stone alive, no dead or seki estimator yet") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 5") == "");
  CHECK(ask(*e, "play b a1") == "");
  CHECK(ask(*e, "play w e5") == "");
  CHECK(ask(*e, "play b a2") == "");
  CHECK(ask(*e, "final_status_list alive") == "E5\nA2 A1");
  CHECK(ask(*e, "final_status_list dead") == "");
  CHECK(ask(*e, "final_status_list seki") == "");
  CHECK(ask(*e, "final_status_list") == "?syntax error");
  CHECK(ask(*e, "final_status_list unknown") == "?syntax error");
}

TEST_CASE("gogui-analyze_commands lists only commands that exist and work") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 5") == "");
  CHECK(ask(*e, "play b b2") == "");
  CHECK(ask(*e, "play w d4") == "");
  CHECK(ask(*e, "play b c2") == "");
  std::istringstream lines(ask(*e, "gogui-analyze_commands"));
  int count = 0;
  for (std::string line; std::getline(lines, line);) {
    const auto slash = line.rfind('/');
    REQUIRE(slash != std::string::npos);
    const std::string command = line.substr(slash + 1);
    INFO(command);
    CHECK(ask(*e, "known_command " + command.substr(0, command.find(' '))) == "true");
    CHECK(ask(*e, command).rfind("?", 0) != 0);
    ++count;
  }
  CHECK(count >= 3);
  // With B2, C2 black and D4 white every empty point touches both colours except none:
  // a small position where black owns the lower rows.
  CHECK(ask(*e, "boardsize 3") == "");
  CHECK(ask(*e, "play b b2") == "");
  CHECK(ask(*e, "fgo-area_owner") == "BLACK A3 B3 C3 A2 C2 A1 B1 C1\nWHITE");
}
