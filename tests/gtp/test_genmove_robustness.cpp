// genmove with the baseline player, malformed input, and the built `fgo gtp` process.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "engine/board/rng.hpp"
#include "engine/gtp/mcts_player.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::answers;
using gtptest::ask;
using gtptest::makeEngine;
using gtptest::run;

TEST_CASE("genmove plays whole games of legal moves and never resigns") {
  for (uint64_t seed : {1, 2, 3}) {
    auto e = makeEngine(seed);
    REQUIRE(ask(*e, "boardsize 7") == "");
    Color c = Color::Black;
    int passes = 0, moves = 0;
    while (passes < 2 && moves < 500) {
      const std::string reply = ask(*e, std::string("genmove ") + colorName(c));
      INFO("seed " << seed << " move " << moves << ": " << reply);
      REQUIRE(reply != "resign");
      REQUIRE(reply.rfind("?", 0) != 0);
      const auto xy = parseVertex(reply, {7, 7});  // throws for anything else
      passes = xy ? 0 : passes + 1;
      CHECK(e->game().moves().back() == Move{xy ? e->game().board().point(*xy) : PASS, c});
      c = opponent(c);
      ++moves;
    }
    CHECK(passes == 2);  // the baseline passes once it has nothing but eyes to fill
    CHECK(e->game().board().checkConsistency().empty());
    // The controller decides when the game is over: genmove still answers.
    CHECK(ask(*e, "genmove b") == "pass");
    CHECK(ask(*e, "kgs-genmove_cleanup w") == "pass");
  }
}

TEST_CASE("genmove passes when it has no legal move; reg_genmove does not play") {
  auto e = makeEngine();
  CHECK(ask(*e, "boardsize 1") == "");
  CHECK(ask(*e, "genmove b") == "pass");  // the only point is suicide
  auto f = makeEngine();
  CHECK(ask(*f, "boardsize 9") == "");
  const std::string suggestion = ask(*f, "reg_genmove b");
  CHECK(parseVertex(suggestion, {9, 9}).has_value());
  CHECK(f->game().moves().empty());
  CHECK(f->game().toMove() == Color::Black);
  CHECK(ask(*f, "reg_genmove x") == "?syntax error");
  CHECK(ask(*f, "genmove") == "?syntax error");
  CHECK(ask(*f, "genmove b w") == "?syntax error");
  // genmove for the colour not to move plays for that colour.
  CHECK(ask(*f, "genmove w") != "pass");
  CHECK(f->game().moves().back().color == Color::White);
  CHECK(ask(*f, "version").find("baseline") != std::string::npos);
}

TEST_CASE("malformed input gets '?' answers and the engine keeps working") {
  auto e = makeEngine();
  const std::vector<std::string> bad = {
      "boardsize 0",
      "boardsize 1002",
      "boardsize -5",
      "boardsize 1e3",
      "boardsize",
      "komi 99999999999999999999999999999999999999999999999999e999",
      "play",
      "play b",
      "play b zz99999999",
      "play purple d4",
      "play b d4 d5 d6",
      "play 123 456",
      "genmove purple",
      "genmove",
      "undo now",
      "fixed_handicap 4294967298",
      "place_free_handicap -1",
      "time_left b 99999999999999999999 1",
      "final_status_list 1",
      "known_command",
      "protocol_version 1",
      "12345678901234567890123 bogus",
      "play b \xff\xfe",
      "\xc3\xa9t\xc3\xa9",
      "play b (,)",
      "play b (1,2,3)",
      "play b ((1,2))",
      "play w (-1,3)",
      "boardsize 9 9 9",
      "showboard 1",
      "list_commands x"};
  for (const std::string& line : bad) {
    INFO(line);
    const std::string answer = e->processLine(line);
    REQUIRE(answer.size() >= 3);
    CHECK(answer.front() == '?');
    CHECK(answer.substr(answer.size() - 2) == "\n\n");
    CHECK(answer.find("\n\n") == answer.size() - 2);
    CHECK(ask(*e, "name") == "fractalgo");
  }
  CHECK(e->processLine("12345678901234567890123 name") == "=12345678901234567890123 fractalgo\n\n");
  // Random bytes, in lines of random length, some cut off without a newline.
  Rng rng(2024);
  for (int round = 0; round < 200; ++round) {
    std::string junk;
    const int n = static_cast<int>(rng.below(200));
    for (int i = 0; i < n; ++i) junk += static_cast<char>(rng.below(256));
    std::string script = "boardsize 9\n" + junk + "\nname\n";
    if (round % 3 == 0) script += "play b d";  // truncated last line
    const std::string out = run(*e, script);
    const auto parts = answers(out);
    for (const std::string& a : parts) {
      INFO(a);
      CHECK((a.rfind("=", 0) == 0 || a.rfind("?", 0) == 0));
    }
    if (e->server().quitRequested()) break;  // the junk may hold a quit
    REQUIRE(parts.size() >= 2);
    CHECK(e->game().board().checkConsistency().empty());
  }
}

TEST_CASE("fgo gtp over a pipe: only GTP on stdout, log on stderr") {
  const std::string fgo = FGO_BINARY_DIR "/fgo";
  if (!std::ifstream(fgo).good()) {
    WARN("skipped: " << fgo << " is not built");
    return;
  }
  const std::string script = std::string(FGO_BINARY_DIR) + "/test_gtp_script.txt";
  {
    std::ofstream out(script);
    out << "1 name\n# comment\n2 boardsize 9\nplay b E5\n3 play w e5\nbogus\n"
           "4 genmove w\n5 final_status_list alive\nquit\n";
  }
  const std::string cmd =
      "cat '" + script + "' | '" + fgo + "' gtp --seed 5 --player baseline 2>/dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  CHECK(pclose(pipe) == 0);
  std::remove(script.c_str());
  const auto parts = answers(out);
  REQUIRE(parts.size() == 8);
  CHECK(parts[0] == "=1 fractalgo");
  CHECK(parts[1] == "=2");
  CHECK(parts[2] == "=");
  CHECK(parts[3] == "?3 illegal move");
  CHECK(parts[4] == "? unknown command");
  REQUIRE(parts[5].rfind("=4 ", 0) == 0);
  const std::string reply = parts[5].substr(3);
  CHECK(parseVertex(reply, {9, 9}).has_value());
  CHECK((parts[6] == "=5 E5\n" + reply || parts[6] == "=5 " + reply + "\nE5"));
  CHECK(parts[7] == "=");
}

TEST_CASE("the Monte-Carlo player plugs in and only ever plays legal moves") {
  MctsParams params;
  params.playouts = 60;
  params.threads = 1;
  GoEngineConfig config;
  GoEngine e(config, std::make_unique<MctsPlayer>(params));
  CHECK(ask(e, "version").find("Monte-Carlo") != std::string::npos);
  REQUIRE(ask(e, "boardsize 5") == "");
  Color c = Color::Black;
  int passes = 0;
  for (int move = 0; move < 120 && passes < 2; ++move) {
    const std::string reply = ask(e, std::string("genmove ") + colorName(c));
    INFO("move " << move << ": " << reply);
    REQUIRE(reply.rfind("?", 0) != 0);
    REQUIRE(reply != "resign");
    passes = parseVertex(reply, {5, 5}) ? 0 : passes + 1;
    c = opponent(c);
  }
  CHECK(e.game().board().checkConsistency().empty());
}
