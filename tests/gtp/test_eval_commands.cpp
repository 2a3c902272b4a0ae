// The scoring and analysis commands of go_engine_eval.cpp driven through processLine:
// GoGui gfx syntax of every analysis command, dead stones and the score of a known
// position, final_status_list partitions the stones.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "engine/board/score.hpp"
#include "engine/view/territory_bridge.hpp"
#ifdef FGO_HAVE_TERRITORY
#include "engine/territory/territory.hpp"
#endif
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::ask;
using gtptest::makeEngine;
using gtptest::words;

namespace {

// Plays "b c3", "w d4", ... in order.
void playAll(GoEngine& e, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) REQUIRE(ask(e, "play " + m) == "");
}

// The lines of an answer.
std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// True when every line is a GoGui gfx command with well-formed arguments.
void checkGfx(const std::string& answer, BoardSize size) {
  const std::regex vertex("([A-HJ-Z]{1,2}[0-9]+|\\([0-9]+,[0-9]+\\))");
  const std::regex colour("#[0-9a-f]{6}");
  for (const std::string& l : lines(answer)) {
    INFO(l);
    std::istringstream in(l);
    std::string cmd;
    in >> cmd;
    if (cmd == "TEXT") continue;
    std::vector<std::string> args;
    for (std::string w; in >> w;) args.push_back(w);
    if (cmd == "INFLUENCE") {
      REQUIRE(args.size() % 2 == 0);
      for (size_t i = 0; i < args.size(); i += 2) {
        CHECK(std::regex_match(args[i], vertex));
        const double v = std::stod(args[i + 1]);
        CHECK((v >= -1 && v <= 1 && v != 0));
      }
    } else if (cmd == "LABEL") {
      REQUIRE(args.size() == 2);
      CHECK(std::regex_match(args[0], vertex));
    } else if (cmd == "COLOR") {
      REQUIRE(!args.empty());
      CHECK(std::regex_match(args[0], colour));
      for (size_t i = 1; i < args.size(); ++i) CHECK(std::regex_match(args[i], vertex));
    } else {
      CHECK((cmd == "BLACK" || cmd == "WHITE" || cmd == "MARK" || cmd == "CIRCLE"));
      if (cmd != "BLACK" && cmd != "WHITE") CHECK(!args.empty());
      for (const std::string& a : args) CHECK(std::regex_match(a, vertex));
    }
    for (const std::string& a : args) {
      if (std::regex_match(a, vertex)) CHECK_NOTHROW(parseVertex(a, size));
    }
  }
}

// 9x9: Black walls column C, White walls column G; a lone white stone at A5 inside
// Black's side, a lone black stone at J5 inside White's.
std::unique_ptr<GoEngine> twoWalls() {
  auto e = makeEngine(7, {9, 9});
  std::vector<std::string> moves;
  for (int row = 1; row <= 9; ++row) {
    moves.push_back("b c" + std::to_string(row));
    moves.push_back("w g" + std::to_string(row));
  }
  moves.push_back("b j5");
  moves.push_back("w a5");
  playAll(*e, moves);
  REQUIRE(ask(*e, "komi 0") == "");
  return e;
}

}  // namespace

TEST_CASE("gogui-analyze_commands: every entry is a working command") {
  auto e = makeEngine(7, {9, 9});
  playAll(*e, {"b c3", "w d4", "b c4", "w g7"});
  int count = 0;
  for (const std::string& l : lines(ask(*e, "gogui-analyze_commands"))) {
    INFO(l);
    const auto first = l.find('/'), last = l.rfind('/');
    REQUIRE(first != std::string::npos);
    REQUIRE(last != first);
    const std::string type = l.substr(0, first), command = l.substr(last + 1);
    CHECK(std::set<std::string>{"gfx", "string", "plist"}.count(type) == 1);
    CHECK(ask(*e, "known_command " + command.substr(0, command.find(' '))) == "true");
    const std::string answer = ask(*e, command);
    CHECK(answer.rfind("?", 0) != 0);
    if (type == "gfx") checkGfx(answer, {9, 9});
    ++count;
  }
  CHECK(count >= (territoryAvailable() ? 12 : 10));
}

TEST_CASE("fgo-influence: INFLUENCE values of the right sign, models by name") {
  auto e = makeEngine(7, {9, 9});
  playAll(*e, {"b c3", "w g7"});
  for (const char* model : {"", " radiation", " zobrist", " bouzy", " spight", " path"}) {
    const std::string answer = ask(*e, std::string("fgo-influence") + model);
    INFO(answer);
    REQUIRE(answer.rfind("INFLUENCE ", 0) == 0);
    checkGfx(answer, {9, 9});
    std::istringstream in(lines(answer).front());
    std::map<std::string, double> value;
    std::string word, v;
    in >> word;
    while (in >> word >> v) value[word] = std::stod(v);
    CHECK(value["B2"] > 0);  // near Black's stone (Bouzy erodes towards the corner)
    CHECK(value["H8"] < 0);  // near White's
  }
  CHECK(ask(*e, "fgo-influence gravity").rfind("?unknown model", 0) == 0);
  CHECK(ask(*e, "fgo-influence a b") == "?syntax error");
}

TEST_CASE("fgo-shapes marks a bad shape and a connection") {
  auto e = makeEngine(7, {9, 9});
  // Empty triangle C3 D3 C4 (D4 empty); bamboo joint F7 G7 / F5 G5.
  playAll(*e, {"b c3", "w f7", "b d3", "w g7", "b c4", "w f5", "b j1", "w g5"});
  const std::string answer = ask(*e, "fgo-shapes");
  INFO(answer);
  checkGfx(answer, {9, 9});
  CHECK(answer.find("LABEL C4 -6") != std::string::npos);  // on the triangle's top stone
  CHECK(answer.find("CIRCLE") == std::string::npos);       // no eye, so no empty list
  bool via = false;
  for (const std::string& l : lines(answer)) {
    if (l.rfind("COLOR #1f6fd1 ", 0) == 0) {
      const auto w = words(l);
      via = via || (w.count("F6") && w.count("G6"));
    }
  }
  CHECK(via);
  CHECK(answer.find("TEXT shapes: ") != std::string::npos);
}

TEST_CASE("dead stones of a known position: status lists, territory gfx and score") {
  if (!territoryAvailable()) {
    WARN("SKIPPED: engine/territory is not built");
    return;
  }
  auto e = twoWalls();
  CHECK(ask(*e, "final_status_list dead") == "A5\nJ5");
  CHECK(ask(*e, "final_status_list seki") == "");
  // Alive: both walls, one chain a line.
  CHECK(lines(ask(*e, "final_status_list alive")).size() == 2);
  // Areas after removing the dead: Black A-C (27), White G-J (27), column D-F dame.
  CHECK(ask(*e, "final_score") == "0");
  CHECK(ask(*e, "komi 0.5") == "");
  CHECK(ask(*e, "final_score") == "W+0.5");
  const std::string t = ask(*e, "fgo-territory");
  INFO(t);
  checkGfx(t, {9, 9});
  const auto ls = lines(t);
  REQUIRE(ls.size() == 4);
  CHECK(words(ls[0]).count("A5"));  // the dead white stone's point is Black's
  CHECK(words(ls[0]).count("A1"));
  CHECK(words(ls[1]).count("J5"));
  CHECK(words(ls[2]) == words("MARK A5 J5"));
  CHECK(ls[3] == "TEXT estimate (area): W+0.5");
  const std::string g = ask(*e, "fgo-groups");
  INFO(g);
  checkGfx(g, {9, 9});
  CHECK(g.find("COLOR #e01010 ") != std::string::npos);  // dead groups
  for (const char* m : {"eval", "playouts", "combined"}) {
    CHECK(words(ask(*e, std::string("fgo-dead_stones ") + m)) == words("A5 J5"));
  }
  CHECK(ask(*e, "fgo-dead_stones x").rfind("?unknown method", 0) == 0);
}

TEST_CASE("final_status_list: alive, dead and seki partition the stones") {
  auto e = makeEngine(7, {9, 9});
  playAll(*e, {"b c3", "w g7", "b d4", "w f6", "b e5", "w a1", "b b2", "w j9", "b h8"});
  std::multiset<std::string> all;
  for (const char* s : {"alive", "dead", "seki"}) {
    for (const std::string& w : words(ask(*e, std::string("final_status_list ") + s)))
      all.insert(w);
  }
  CHECK(all == std::multiset<std::string>{"C3", "G7", "D4", "F6", "E5", "A1", "B2", "J9", "H8"});
  CHECK(ask(*e, "final_status_list") == "?syntax error");
  CHECK(ask(*e, "final_status_list maybe") == "?syntax error");
  // The score agrees with counting the board with the dead stones removed.
  const Board& b = e->game().board();
  std::vector<Point> dead;
  for (const std::string& w : words(ask(*e, "final_status_list dead"))) {
    const auto xy = parseVertex(w, b.size());
    REQUIRE(xy);
    dead.push_back(b.point(*xy));
  }
  CHECK(ask(*e, "final_score") == scoreGame(e->game(), dead).result());
}

TEST_CASE("estimate_score: any position, unfinished ones near komi") {
  if (!territoryAvailable()) {
    CHECK(ask(*makeEngine(7, {9, 9}), "estimate_score").rfind("?", 0) == 0);
    return;
  }
  auto e = makeEngine(7, {9, 9});
  REQUIRE(ask(*e, "komi 7") == "");
  CHECK(ask(*e, "estimate_score") == "W+7");
  // One move does not settle the board (it once said B+73.5 here).
  playAll(*e, {"b e5"});
  const std::string one = ask(*e, "estimate_score");
  INFO(one);
  REQUIRE(one.rfind("W+", 0) == 0);
  const double margin = std::stod(one.substr(2));
  CHECK(margin >= 5);
  CHECK(margin <= 7);
  CHECK(ask(*e, "estimate_score extra").rfind("?", 0) == 0);
  // Two walls with 27 open points between them: near final_score (which counts the open
  // middle as nobody's); estimate_score reads open points the playouts give clearly to one
  // side (docs/EVALUATION.md, contested points).
  auto f = twoWalls();
  REQUIRE(ask(*f, "final_score") == "0");
  const std::string est = ask(*f, "estimate_score");
  INFO(est);
  CHECK((est == "0" || std::stod(est.substr(2)) <= 4.5));
}

#ifdef FGO_HAVE_TERRITORY
TEST_CASE("final_status_list: once the game is over, the playout check judges the groups") {
  // A messy 9x9 position (42 random moves): the static evaluation finds 1 dead stone,
  // the playout-checked one more. During the game final_status_list stays static (cheap);
  // after two passes the engine is idle and runs the check (400 playouts on 9x9).
  auto e = makeEngine(7, {9, 9});
  REQUIRE(ask(*e, "komi 0") == "");
  playAll(*e,
          {"b A6", "w B2", "b B4", "w H7", "b D6", "w H3", "b C7", "w C1", "b J5", "w D9", "b B6",
           "w G8", "b J2", "w G7", "b E2", "w G9", "b E6", "w C9", "b E4", "w J7", "b H2", "w E3",
           "b B9", "w F5", "b G6", "w B7", "b D1", "w A5", "b G1", "w D2", "b F4", "w G3", "b A9",
           "w G2", "b E9", "w A3", "b E7", "w D5", "b J6", "w E1", "b J1", "w D4"});
  const Board& b = e->game().board();
  auto points = [&](const std::string& answer) {
    std::set<Point> out;
    for (const std::string& w : words(answer)) {
      const auto xy = parseVertex(w, b.size());
      REQUIRE(xy);
      out.insert(b.point(*xy));
    }
    return out;
  };
  auto contains = [](const std::set<Point>& big, const std::vector<Point>& small) {
    return std::all_of(small.begin(), small.end(), [&](Point p) { return big.count(p) > 0; });
  };
  const std::set<Point> during = points(ask(*e, "final_status_list dead"));
  const std::string scoreDuring = ask(*e, "final_score");
  CHECK(contains(during, evaluate(b, 0).deadStones));
  playAll(*e, {"b pass", "w pass"});
  REQUIRE(e->game().consecutivePasses() == 2);
  const std::set<Point> after = points(ask(*e, "final_status_list dead"));
  TerritoryParams checked;
  checked.playouts = 400;
  const Evaluation ev = evaluate(b, 0, checked);
  INFO("dead during the game " << during.size() << ", after it " << after.size()
                               << ", playout-checked evaluation " << ev.deadStones.size());
  CHECK(contains(after, ev.deadStones));
  CHECK(after != during);
  CHECK(after.size() > during.size());
  // final_score counts with the same dead stones.
  const std::vector<Point> dead(after.begin(), after.end());
  CHECK(ask(*e, "final_score") == scoreGame(e->game(), dead).result());
  CHECK(ask(*e, "final_score") != scoreDuring);
}
#endif
