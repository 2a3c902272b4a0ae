// The analysis commands (go_engine_analyze.cpp): Leela Zero's and KataGo's report
// formats, the genmove forms, and live streaming until the next command arrives
// (GtpServer::runLive over a pipe).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

#include "engine/gtp/mcts_player.hpp"
#include "engine/play/mcts.hpp"
#include "gtp_test_util.hpp"

using namespace engine;
using gtptest::answers;
using gtptest::ask;

namespace {

// choicePrior: the weight of the move model in the root order (MctsParams::choicePrior);
// with 0, the root moves are listed by visits alone.
std::unique_ptr<GoEngine> mctsEngine(int playouts, BoardSize size = {9, 9},
                                     double choicePrior = MctsParams{}.choicePrior) {
  MctsPlayerOptions o;
  o.search.playouts = playouts;
  o.search.choicePrior = choicePrior;
  o.search.threads = 2;
  o.search.seed = 3;
  o.analysisPlayouts = 20000;
  GoEngineConfig config;
  config.size = size;
  return std::make_unique<GoEngine>(config, std::make_unique<MctsPlayer>(o));
}

// The "info ..." entries of one report line.
std::vector<std::string> infos(const std::string& line) {
  std::vector<std::string> out;
  size_t at = line.find("info ");
  while (at != std::string::npos) {
    const size_t next = line.find(" info ", at + 1);
    const size_t own = line.find(" ownership", at + 1);
    size_t end = std::min(next, own);
    out.push_back(line.substr(at, end == std::string::npos ? std::string::npos : end - at));
    at = next == std::string::npos ? next : next + 1;
  }
  return out;
}

// The lines of a multi-line answer body (after "=").
std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty()) out.push_back(l);
  }
  return out;
}

}  // namespace

TEST_CASE("lz-analyze: Leela Zero's format, integer win rates for the side to move") {
  // Without the model's weight in the root order, "best first" means most visits first.
  // (With it, a move the model likes can come before one with more visits: CI saw visits
  // 1 then 3 on stop 25.)
  auto e = mctsEngine(400, {9, 9}, 0);
  REQUIRE(ask(*e, "play b E5") == "");
  const std::string answer = ask(*e, "lz-analyze w 1");
  const auto ls = lines(answer);
  REQUIRE(!ls.empty());
  const std::regex entry(
      "info move ([A-HJ-T][0-9]+|pass) visits ([0-9]+) winrate ([0-9]+) prior ([0-9]+) order "
      "([0-9]+) pv( [A-HJ-T][0-9]+| pass)+");
  const auto all = infos(ls.back());
  REQUIRE(all.size() >= 2);
  int order = 0, visits = INT32_MAX, total = 0;
  for (const std::string& info : all) {
    INFO(info);
    std::smatch m;
    REQUIRE(std::regex_match(info, m, entry));
    CHECK(std::stoi(m[3]) <= 10000);
    CHECK(std::stoi(m[5]) == order++);
    CHECK(std::stoi(m[2]) <= visits);  // best first
    visits = std::stoi(m[2]);
    total += visits;
    CHECK(m[1] != "E5");  // occupied
  }
  CHECK(total <= 400);
  CHECK(total >= 300);  // every playout goes through one root move
  // The engine's state is unchanged: analysis plays nothing.
  CHECK(e->game().moves().size() == 1);
}

TEST_CASE("kata-analyze: real win rates and an ownership map in KataGo's order") {
  auto e = mctsEngine(300, {7, 5});
  // Black owns the left, White the right: KataGo's order is row by row from the top left.
  for (const char* m : {"play b B1", "play b B2", "play b B3", "play b B4", "play b B5",
                        "play w F1", "play w F2", "play w F3", "play w F4", "play w F5"}) {
    REQUIRE(ask(*e, m) == "");
  }
  const std::string answer = ask(*e, "kata-analyze b interval 5 ownership true maxmoves 3");
  const auto ls = lines(answer);
  REQUIRE(!ls.empty());
  const std::string& last = ls.back();
  const auto all = infos(last);
  CHECK(all.size() <= 3);
  REQUIRE(!all.empty());
  std::smatch m;
  REQUIRE(
      std::regex_search(all[0], m, std::regex("winrate (0\\.[0-9]+|1\\.0+) prior (0\\.[0-9]+)")));
  const size_t own = last.find(" ownership ");
  REQUIRE(own != std::string::npos);
  std::istringstream values(last.substr(own + 11));
  std::vector<double> v;
  for (double x; values >> x;) v.push_back(x);
  REQUIRE(v.size() == 35);
  for (double x : v) CHECK(std::abs(x) <= 1.0);
  CHECK(v[0] > 0.5);   // A5 (top left): Black's side, Black to move
  CHECK(v[6] < -0.5);  // G5 (top right): White's
  // For White to move the signs flip.
  const std::string forWhite = lines(ask(*e, "kata-analyze w ownership true")).back();
  std::istringstream wv(forWhite.substr(forWhite.find(" ownership ") + 11));
  double a5 = 0;
  wv >> a5;
  CHECK(a5 < -0.5);
}

TEST_CASE("kata-analyze: the prior is the move model's probability (sums to 1, not uniform)") {
  if (!defaultPriorModel()) {
    WARN("no default move model (tables/prior.fgt): analysis priors are uniform; skipped");
    return;
  }
  auto e = mctsEngine(200);
  REQUIRE(ask(*e, "play b E5") == "");
  // minmoves above the root's candidates: every root move is listed, visited or not.
  const auto all = infos(lines(ask(*e, "kata-analyze w interval 5 minmoves 200")).back());
  REQUIRE(all.size() > 70);
  double sum = 0, low = 1, high = 0;
  for (const std::string& entry : all) {
    std::smatch m;
    REQUIRE(std::regex_search(entry, m, std::regex(" prior ([0-9.]+) ")));
    const double prior = std::stod(m[1].str());
    sum += prior;
    low = std::min(low, prior);
    high = std::max(high, prior);
  }
  CHECK(sum == Approx(1.0).margin(1e-3));  // renormalised over the root's candidates
  CHECK(high > 5 * low);                   // the model tells moves apart: not 1/n
}

TEST_CASE("genmove_analyze forms report, then play the move") {
  auto e = mctsEngine(300);
  std::string answer = e->processLine("lz-genmove_analyze b 1");
  REQUIRE(answer.rfind("=\n", 0) == 0);
  auto ls = lines(answer.substr(1));
  REQUIRE(!ls.empty());
  CHECK(std::regex_match(ls.back(), std::regex("play [A-J][0-9]")));
  CHECK(e->game().moves().size() == 1);
  answer = e->processLine("7 kata-genmove_analyze w 1");
  REQUIRE(answer.rfind("=7\n", 0) == 0);
  CHECK(answer.size() > 2);
  CHECK(answer.substr(answer.size() - 2) == "\n\n");
  CHECK(e->game().moves().size() == 2);
  CHECK(e->game().moves().back().color == Color::White);
}

TEST_CASE("analysis commands refuse bad arguments with a GTP error") {
  auto e = mctsEngine(50);
  CHECK(ask(*e, "lz-analyze b foo 3").rfind("?unsupported analysis key", 0) == 0);
  CHECK(ask(*e, "kata-analyze interval") == "?syntax error: interval needs a value");
  CHECK(ask(*e, "kata-analyze ownership maybe") == "?syntax error: ownership true|false");
  CHECK(ask(*e, "lz-analyze ownership true").rfind("?unsupported", 0) == 0);  // kata only
  CHECK(ask(*e, "lz-genmove_analyze") == "?syntax error");
  CHECK(ask(*e, "lz-analyze -5") == "?syntax error");
  auto baseline = gtptest::makeEngine(1, {9, 9});
  CHECK(ask(*baseline, "lz-analyze 10").rfind("?analysis needs", 0) == 0);
  // The baseline still answers the genmove form (no reports).
  CHECK(std::regex_match(ask(*baseline, "lz-genmove_analyze b"), std::regex("\nplay [A-J][0-9]")));
}

// A stream buffer the engine thread writes and the test thread reads, under a lock,
// so the test can wait for reports instead of sleeping a fixed time (a loaded or
// sanitized build may be slow to produce its first report).
class SharedBuffer : public std::streambuf {
 public:
  std::string text() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return text_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    std::lock_guard<std::mutex> lock(mutex_);
    text_.push_back(traits_type::to_char_type(c));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard<std::mutex> lock(mutex_);
    text_.append(s, static_cast<size_t>(n));
    return n;
  }

 private:
  mutable std::mutex mutex_;
  std::string text_;
};

size_t countOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_CASE("live: analysis streams until the next command arrives, then that command runs") {
  auto e = mctsEngine(100);
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  SharedBuffer buffer;
  std::ostream out(&buffer);
  std::thread engineThread([&] { e->runLive(fds[0], out); });
  const auto send = [&](const std::string& s) {
    REQUIRE(write(fds[1], s.data(), s.size()) == static_cast<ssize_t>(s.size()));
  };
  send("1 kata-analyze b 5\n");
  // Reports every 50 ms, one line each: wait for two (at most 60 s), then interrupt.
  const auto start = std::chrono::steady_clock::now();
  while (countOf(buffer.text(), "\ninfo move ") < 2 &&
         std::chrono::steady_clock::now() - start < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const std::string before = buffer.text();
  send("2 name\n3 quit\n");
  engineThread.join();
  close(fds[0]);
  close(fds[1]);
  // Nothing but analysis came out before the next command was sent.
  CHECK(before.find("=2") == std::string::npos);
  const auto parts = answers(buffer.text());
  REQUIRE(parts.size() == 3);
  REQUIRE(parts[0].rfind("=1\n", 0) == 0);
  const auto reports = lines(parts[0].substr(2));
  CHECK(reports.size() >= 3);  // the two waited for, and a last one on interruption
  for (const auto& r : reports) CHECK(r.rfind("info move ", 0) == 0);
  CHECK(parts[1] == "=2 fractalgo");
  CHECK(parts[2] == "=3");
}

TEST_CASE("live: ordinary commands are answered in order, genmove is not cut short") {
  auto e = mctsEngine(200);
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  std::ostringstream out;
  std::thread engineThread([&] { e->runLive(fds[0], out); });
  const std::string script = "boardsize 9\ngenmove b\nname\n\nlz-analyze 1\nquit\n";
  REQUIRE(write(fds[1], script.data(), script.size()) == static_cast<ssize_t>(script.size()));
  engineThread.join();
  close(fds[0]);
  close(fds[1]);
  const auto parts = answers(out.str());
  REQUIRE(parts.size() == 5);
  CHECK(parts[0] == "=");
  CHECK(std::regex_match(parts[1], std::regex("= [A-J][0-9]")));
  CHECK(e->game().moves().size() == 1);
  CHECK(parts[2] == "= fractalgo");
  CHECK(parts[3].rfind("=", 0) == 0);  // interrupted at once by quit, maybe no report
  CHECK(parts[4] == "=");
}
