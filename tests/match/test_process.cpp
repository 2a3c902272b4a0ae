// The transport under the match runner: command-line splitting, child processes over
// pipes (timeouts, EOF, killing the process group, no zombies) and the GTP client.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/board/errors.hpp"
#include "engine/match/gtp_client.hpp"
#include "engine/match/process.hpp"

using namespace engine;
using Clock = std::chrono::steady_clock;

namespace {
const std::string FAKE = std::string("'") + FGO_SOURCE_DIR + "/tests/match/data/fake_engine.sh'";

Clock::time_point in(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// Processes of a process group that are not zombies (from /proc).
int liveMembers(pid_t group) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream in(entry.path() / "stat");
    std::string text;
    if (!std::getline(in, text)) continue;
    const size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(text.substr(close + 2));
    std::string state;
    long ppid = 0, pgrp = 0;
    fields >> state >> ppid >> pgrp;
    if (pgrp == group && state != "Z") ++n;
  }
  return n;
}

// True when this process has no child left (running or zombie).
bool noChildren() {
  return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}
}  // namespace

TEST_CASE("command lines split like a shell's simple quoting") {
  using V = std::vector<std::string>;
  CHECK(splitCommandLine("gnugo --mode gtp --level 1") ==
        V{"gnugo", "--mode", "gtp", "--level", "1"});
  CHECK(splitCommandLine("  a\t b  ") == V{"a", "b"});
  CHECK(splitCommandLine("prog 'two words' \"x \\\"y\\\" $z\"") ==
        V{"prog", "two words", "x \"y\" $z"});
  CHECK(splitCommandLine("a\\ b c''d") == V{"a b", "cd"});
  CHECK(splitCommandLine("''") == V{""});
  CHECK_THROWS_AS(splitCommandLine("a 'b"), InputError);
  CHECK_THROWS_AS(splitCommandLine("a \"b"), InputError);
  CHECK_THROWS_AS(splitCommandLine("   "), InputError);
}

TEST_CASE("a child process answers over pipes, times out, and reports its exit") {
  ChildProcess cat({"cat"});
  std::string line;
  REQUIRE(cat.write("hello\r\nworld\n"));
  CHECK(cat.readLine(line, in(5)) == ChildProcess::ReadStatus::Line);
  CHECK(line == "hello");
  CHECK(cat.readLine(line, in(5)) == ChildProcess::ReadStatus::Line);
  CHECK(line == "world");
  const auto start = Clock::now();
  CHECK(cat.readLine(line, in(0.2)) == ChildProcess::ReadStatus::Timeout);
  CHECK(Clock::now() - start >= std::chrono::milliseconds(150));
  CHECK_FALSE(cat.exitStatus().has_value());
  CHECK(cat.stop(2.0) == "exit status 0");  // cat ends when its input closes

  ChildProcess failing({"sh", "-c", "echo partial; exit 7"});
  CHECK(failing.readLine(line, in(5)) == ChildProcess::ReadStatus::Line);
  CHECK(line == "partial");
  CHECK(failing.readLine(line, in(5)) == ChildProcess::ReadStatus::Eof);
  CHECK(failing.waitExit(5) == std::optional<std::string>("exit status 7"));
  // Writing to a child that has exited fails without SIGPIPE killing us.
  CHECK_FALSE(failing.write(std::string(1 << 17, 'x')));
  failing.stop(0.1);
  CHECK(noChildren());
}

TEST_CASE("stopping a child kills its whole process group and leaves no zombie") {
  pid_t group = -1;
  {
    ChildProcess shell({"sh", "-c", "sleep 600 & sleep 600"});
    group = shell.pid();
    CHECK(liveMembers(group) >= 1);
    const auto start = Clock::now();
    CHECK(shell.stop(0.2).find("signal 9") != std::string::npos);
    CHECK(Clock::now() - start < std::chrono::seconds(5));
  }
  // The background sleep was in the group too: nothing of the group is left running
  // (an orphan may stay a zombie until init reaps it).
  for (int i = 0; i < 100 && liveMembers(group) > 0; ++i) ::usleep(10000);
  CHECK(liveMembers(group) == 0);
  CHECK(noChildren());
}

TEST_CASE("a program that does not exist is a ProcessError") {
  CHECK_THROWS_AS(ChildProcess({"/nonexistent/engine"}), ProcessError);
  CHECK_THROWS_AS(ChildProcess({"no-such-program-fgo-test"}), ProcessError);
  CHECK_THROWS_AS(GtpClient("no-such-program-fgo-test --mode gtp"), ProcessError);
}

TEST_CASE("the GTP client reads responses and tells crash, hang and protocol errors apart") {
  {
    GtpClient c(FAKE + " play");
    const GtpResponse v = c.send("protocol_version", 5);
    CHECK(v.ok);
    CHECK(v.text == "2");
    const GtpResponse bad = c.send("no_such_command", 5);
    CHECK_FALSE(bad.ok);
    CHECK(bad.text == "unknown command");
    CHECK(c.knows("genmove", 5));
    CHECK_FALSE(c.knows("final_score", 5));
    CHECK(c.send("genmove b", 5).text == "C3");
    CHECK(c.stop(2) == "exit status 0");
  }
  {
    GtpClient c(FAKE + " crash 1");
    try {
      c.send("genmove b", 5);
      FAIL("no failure");
    } catch (const GtpFailure& e) {
      CHECK(e.kind() == GtpFailureKind::Crash);
      CHECK(std::string(e.what()).find("exit status 3") != std::string::npos);
    }
    CHECK(c.broken());
    CHECK_THROWS_AS(c.send("name", 5), GtpFailure);
  }
  {
    GtpClient c(FAKE + " hang 1");
    const auto start = Clock::now();
    try {
      c.send("genmove w", 0.3);
      FAIL("no failure");
    } catch (const GtpFailure& e) {
      CHECK(e.kind() == GtpFailureKind::Timeout);
    }
    c.stop(0.2);
    CHECK(Clock::now() - start < std::chrono::seconds(5));
  }
  {
    GtpClient c(FAKE + " garbage 1");
    try {
      c.send("genmove w", 5);
      FAIL("no failure");
    } catch (const GtpFailure& e) {
      CHECK(e.kind() == GtpFailureKind::Protocol);
      CHECK(std::string(e.what()).find("this is not gtp") != std::string::npos);
    }
  }
  {
    // Response ids and multi-line responses; a bare "=" is an empty response.
    GtpClient c(
        "sh -c 'read a; printf \"=12 first\\nsecond\\n\\n\"; read b; printf \"=\\n\\n\"; read c'");
    const GtpResponse r = c.send("list", 5);
    CHECK(r.ok);
    CHECK(r.text == "first\nsecond");
    CHECK(c.send("x", 5).text == "");
  }
  CHECK(noChildren());
}
