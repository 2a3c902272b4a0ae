// The Go commands of the GTP engine: sizes, vertices, moves, undo, superko, handicap,
// clock, scoring, analysis, genmove.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "engine/board/ascii.hpp"
#include "engine/gtp/handicap.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::ask;
using gtptest::makeEngine;
using gtptest::words;


TEST_CASE("boardsize accepts 1..1001 and refuses the rest as the spec says") {
  auto e = makeEngine();
  for (const char* bad :
       {"boardsize 0", "boardsize 1002", "boardsize -5", "boardsize 99999999999999999999999",
        "boardsize 9 0", "rectangular_boardsize 1002 3"}) {
    CHECK(ask(*e, bad) == "?unacceptable size");
  }
  for (const char* bad : {"boardsize", "boardsize x", "boardsize 9.5", "boardsize 9 9 9",
                          "rectangular_boardsize 9", "boardsize -"}) {
    CHECK(ask(*e, bad) == "?syntax error");
  }
  CHECK(e->game().board().size() == BoardSize{19, 19});  // failures change nothing
  CHECK(ask(*e, "boardsize 1") == "");
  CHECK(ask(*e, "boardsize 13 7") == "");
  CHECK(e->game().board().size() == BoardSize{13, 7});
  CHECK(ask(*e, "rectangular_boardsize 5 9") == "");
  CHECK(e->game().board().size() == BoardSize{5, 9});
  CHECK(ask(*e, "boardsize 1001") == "");
  CHECK(e->game().board().size() == BoardSize{1001, 1001});
}

TEST_CASE("boardsize and clear_board empty the board and keep the komi") {
  auto e = makeEngine();
  CHECK(ask(*e, "komi 0.5") == "");
  CHECK(ask(*e, "play b d4") == "");
  CHECK(ask(*e, "clear_board") == "");
  CHECK(e->game().board().stoneCount(Color::Black) == 0);
  CHECK(e->game().moves().empty());
  CHECK(ask(*e, "boardsize 9") == "");
  CHECK(e->game().rules().komi == 0.5);
}

TEST_CASE("vertices: case-insensitive in, upper case out, wide boards like KataGo") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 19") == "");
  CHECK(ask(*e, "play b q16") == "");
  CHECK(ask(*e, "play W d4") == "");
  CHECK(ask(*e, "play BLACK k10") == "");
  CHECK(ask(*e, "play white PASS") == "");
  CHECK(words(ask(*e, "final_status_list alive")) == std::set<std::string>{"Q16", "D4", "K10"});
  CHECK(ask(*e, "play b i5") == "?syntax error");   // no I column
  CHECK(ask(*e, "play b u5") == "?illegal move");   // a vertex, off this board
  CHECK(ask(*e, "play b dd4") == "?illegal move");  // column 104 of a wide board
  CHECK(ask(*e, "play b a20") == "?illegal move");
  for (const char* bad :
       {"play b a0", "play b 4d", "play b d", "play b ddd4", "play b d-4", "play b (1,", "play b",
        "play b d4 d5", "play x d4", "play bl d4", "play 1 d4", "play pass b"}) {
    CHECK(ask(*e, bad) == "?syntax error");
  }
  // 37x37: two-letter columns from the 26th (AA).
  CHECK(ask(*e, "boardsize 37") == "");
  CHECK(ask(*e, "play b aa1") == "");
  CHECK(ask(*e, "play w AK37") == "");
  CHECK(ask(*e, "play b z19") == "");
  CHECK(words(ask(*e, "final_status_list alive")) == std::set<std::string>{"AA1", "AK37", "Z19"});
  CHECK(vertexName(e->game().board().xy(e->game().moves()[1].point), {37, 37}) == "AK37");
  CHECK(e->game().board().xy(e->game().moves()[0].point) == XY{25, 36});
  // 101x101: DA is column 101 (x = 100).
  CHECK(ask(*e, "boardsize 101") == "");
  CHECK(ask(*e, "play b da101") == "");
  CHECK(ask(*e, "play w Ba51") == "");
  CHECK(words(ask(*e, "final_status_list alive")) == std::set<std::string>{"DA101", "BA51"});
  CHECK(e->game().board().xy(e->game().moves()[0].point) == XY{100, 0});
  CHECK(ask(*e, "play b db1") == "?illegal move");
  // 1001x1001: above 625 columns vertices are (x,y), 0-based from the top-left.
  CHECK(ask(*e, "boardsize 1001") == "");
  CHECK(ask(*e, "play b (1000,0)") == "");
  CHECK(ask(*e, "play w a1") == "");  // letters still work where they reach
  CHECK(words(ask(*e, "final_status_list alive")) == std::set<std::string>{"(1000,0)", "(0,1000)"});
  CHECK(ask(*e, "play b (999,1000)") == "");
  CHECK(ask(*e, "play b (1001,0)") == "?syntax error");  // beyond any supported board
  const std::string g = ask(*e, "genmove b");
  REQUIRE(g.size() > 2);
  CHECK(g.front() == '(');
  CHECK(parseVertex(g, {1001, 1001}).has_value());
}

TEST_CASE("illegal moves: occupied, suicide, simple ko and positional superko") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 4 2") == "");
  // Found by a random search on 4x2: the last white move recreates the position after
  // move 2 though it is no simple-ko recapture.
  for (const char* m :
       {"b B2", "w C2", "b C1", "w B1", "b D1", "w D2", "b A2", "w D1", "b C1", "w D2", "b D1"}) {
    INFO(m);
    CHECK(ask(*e, std::string("play ") + m) == "");
  }
  const Point c2 = e->game().board().point(*parseVertex("C2", {4, 2}));
  CHECK(e->game().check(c2, Color::White) == MoveError::Superko);
  CHECK(ask(*e, "play w c2") == "?illegal move");
  CHECK(e->game().moves().size() == 11);           // the refused move changed nothing
  CHECK(ask(*e, "play w b2") == "?illegal move");  // occupied
  // Suicide and simple ko on a 5x5 board.
  CHECK(ask(*e, "boardsize 5") == "");
  for (const char* m :
       {"b c3", "w d3", "b b2", "w c2", "b c1", "w d1", "b a2", "w e2", "b b1", "w e5"}) {
    CHECK(ask(*e, std::string("play ") + m) == "");
  }
  CHECK(ask(*e, "play w a1") == "?illegal move");  // suicide
  CHECK(ask(*e, "play b d2") == "");               // captures C2: a ko
  CHECK(e->game().board().captures(Color::White) == 1);
  CHECK(ask(*e, "play w c2") == "?illegal move");  // immediate recapture
  CHECK(ask(*e, "play w pass") == "");
  CHECK(ask(*e, "play b pass") == "");
  // Passes do not change the position: retaking now repeats it (positional superko).
  CHECK(ask(*e, "play w c2") == "?illegal move");
  CHECK(ask(*e, "play w a5") == "");
  CHECK(ask(*e, "play b a4") == "");
  CHECK(ask(*e, "play w c2") == "");  // a new position now
}

TEST_CASE("undo takes back moves one by one and restores the position") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 7") == "");
  const std::string empty = ask(*e, "showboard");
  CHECK(ask(*e, "play b d4") == "");
  const std::string one = ask(*e, "showboard");
  CHECK(ask(*e, "genmove w") != "");
  CHECK(ask(*e, "play b pass") == "");
  CHECK(ask(*e, "undo") == "");
  CHECK(ask(*e, "undo") == "");
  CHECK(ask(*e, "showboard") == one);
  CHECK(ask(*e, "undo") == "");
  CHECK(ask(*e, "showboard") == empty);
  CHECK(ask(*e, "undo") == "?cannot undo");
  CHECK(e->game().board().hash() == Game({7, 7}).board().hash());
}

TEST_CASE("showboard prints the board with labels and the state") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 5") == "");
  CHECK(ask(*e, "play b b2") == "");
  CHECK(ask(*e, "play w D4") == "");
  CHECK(ask(*e, "showboard") ==
        "\n"
        "  A B C D E\n"
        "5 . . . . . 5\n"
        "4 . . . O . 4\n"
        "3 . . . . . 3\n"
        "2 . X . . . 2\n"
        "1 . . . . . 1\n"
        "  A B C D E\n"
        "B to move, move 2, komi 7.5, captured stones: black 0, white 0");
}
