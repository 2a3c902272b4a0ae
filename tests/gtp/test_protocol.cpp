// The GTP 2 protocol layer: line cleaning, ids, framing, pipelining, errors.
#include <catch2/catch.hpp>

#include "engine/gtp/protocol.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::ask;
using gtptest::makeEngine;
using gtptest::run;

TEST_CASE("lines are cleaned as GTP 2 section 2 says") {
  CHECK(cleanLine("name") == "name");
  CHECK(cleanLine("na\x01me\r") == "name");         // control characters go
  CHECK(cleanLine("play\tb\td4") == "play b d4");   // HT becomes a space
  CHECK(cleanLine("name # a comment") == "name ");  // comments go
  CHECK(cleanLine("# only a comment").empty());
  CHECK(cleanLine("   \t  ").empty());
  CHECK(cleanLine("").empty());
  CHECK(cleanLine("\x7f\x1b\x02").empty());
  CHECK(cleanLine("name \xc3\xa9") == "name \xc3\xa9");  // 8-bit bytes are kept
}

TEST_CASE("a command splits into id, name and arguments") {
  GtpCommand c = splitCommand("  12   play  b   d4 ");
  CHECK(c.id == "12");
  CHECK(c.name == "play");
  CHECK(c.args == std::vector<std::string>{"b", "d4"});
  c = splitCommand("name");
  CHECK(c.id.empty());
  CHECK(c.name == "name");
  CHECK(c.args.empty());
  c = splitCommand("007");
  CHECK(c.id == "007");
  CHECK(c.name.empty());
  c = splitCommand("-3 name");  // not an id: ids are unsigned
  CHECK(c.id.empty());
  CHECK(c.name == "-3");
}

TEST_CASE("answers are framed with ids and end with an empty line") {
  CHECK(frameResponse(true, "", "") == "=\n\n");
  CHECK(frameResponse(true, "5", "D4") == "=5 D4\n\n");
  CHECK(frameResponse(false, "", "unknown command") == "? unknown command\n\n");
  CHECK(frameResponse(true, "", "a\n\nb\n") == "= a\nb\n\n");  // no early end
  CHECK(frameResponse(true, "1", "\nrow\nrow") == "=1 \nrow\nrow\n\n");
}

TEST_CASE("a pipelined script gets one answer per command, in order (golden)") {
  auto e = makeEngine();
  const std::string script =
      "1 protocol_version\n"
      "\n"
      "# a comment line\n"
      "2 name # trailing comment\n"
      "   \t \n"
      "3\tboardsize\t9\r\n"
      "komi 6.5\n"
      "4 play b d5\n"
      "5 play B D5\n"
      "xyzzy\n"
      "6 known_command play\n"
      "known_command xyzzy\n"
      "7 undo\n"
      "8 undo\n"
      "9 quit\n"
      "name\n";  // after quit: never answered
  const std::string expected =
      "=1 2\n\n"
      "=2 fractalgo\n\n"
      "=3\n\n"
      "=\n\n"
      "=4\n\n"
      "?5 illegal move\n\n"
      "? unknown command\n\n"
      "=6 true\n\n"
      "= false\n\n"
      "=7\n\n"
      "?8 cannot undo\n\n"
      "=9\n\n";
  CHECK(run(*e, script) == expected);
  CHECK(e->server().quitRequested());
}

TEST_CASE("control characters inside a command are removed before parsing") {
  auto e = makeEngine();
  CHECK(e->processLine("1 na\x01me\x7f") == "=1 fractalgo\n\n");
  CHECK(e->processLine("\x02\x03") == "");
  CHECK(e->processLine("2 bo\tardsize 9") == "?2 unknown command\n\n");  // HT splits words
  CHECK(e->processLine("3 boardsize\t\t9") == "=3\n\n");
}

TEST_CASE("the handler table: list_commands, known_command, errors in one place") {
  GtpServer server;
  server.add("echo", [](const GtpArgs& a) { return a.joinedFrom(0); });
  server.add("fail", [](const GtpArgs&) -> std::string { throw GtpError("cannot score"); });
  server.add("boom", [](const GtpArgs&) -> std::string { throw std::runtime_error("x"); });
  server.add("num", [](const GtpArgs& a) {
    a.expectCount(1);
    return std::to_string(a.integer(0, -5, 5));
  });
  CHECK_THROWS_AS(server.add("echo", [](const GtpArgs&) { return std::string(); }),
                  std::logic_error);
  CHECK(server.processLine("echo  a   b") == "= a b\n\n");
  CHECK(server.processLine("3 fail") == "?3 cannot score\n\n");
  CHECK(server.processLine("boom") == "? internal error: x\n\n");
  CHECK(server.processLine("num 5") == "= 5\n\n");
  CHECK(server.processLine("num +4") == "= 4\n\n");
  CHECK(server.processLine("num 6") == "? syntax error\n\n");
  CHECK(server.processLine("num 99999999999999999999999") == "? syntax error\n\n");
  CHECK(server.processLine("num") == "? syntax error\n\n");
  CHECK(server.processLine("num 1 2") == "? syntax error\n\n");
  CHECK(server.processLine("known_command echo") == "= true\n\n");
  CHECK(server.processLine("list_commands") ==
        "= protocol_version\nknown_command\nlist_commands\nquit\necho\nfail\nboom\nnum\n\n");
  CHECK_FALSE(server.quitRequested());
  CHECK(server.processLine("quit") == "=\n\n");
  CHECK(server.quitRequested());
}

TEST_CASE("numbers: reals are finite, integers whole") {
  long long v = 0;
  CHECK(parseInteger("-17", v));
  CHECK(v == -17);
  CHECK_FALSE(parseInteger("1.5", v));
  CHECK_FALSE(parseInteger("", v));
  CHECK_FALSE(parseInteger("12a", v));
  CHECK(isIntegerText("-99999999999999999999999"));
  CHECK_FALSE(isIntegerText("-"));
  CHECK_FALSE(isIntegerText("1e3"));
  auto e = makeEngine();
  for (const char* bad : {"komi inf", "komi nan", "komi 1e999", "komi 6.5x", "komi", "komi 1 2"}) {
    CHECK(ask(*e, bad) == "?syntax error");
  }
  CHECK(ask(*e, "komi -3.5") == "");
  CHECK(e->game().rules().komi == -3.5);
}
