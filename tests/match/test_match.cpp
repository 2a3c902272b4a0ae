// Matches: survival of engines that crash, hang, break the protocol or play illegal
// moves (scripted fake engines in tests/match/data), the results table and summary,
// and real games against GNU Go (skipped when gnugo or `fgo gtp` is missing).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/board/errors.hpp"
#include "engine/match/gtp_client.hpp"
#include "engine/match/match.hpp"
#include "engine/match/report.hpp"
#include "engine/sgf/record.hpp"

using namespace engine;
namespace fs = std::filesystem;

namespace {
const std::string FAKE = std::string("'") + FGO_SOURCE_DIR + "/tests/match/data/fake_engine.sh'";

MatchOptions fakeMatch(const std::string& engine1, const std::string& engine2, int games) {
  MatchOptions o;
  o.engine1 = FAKE + " " + engine1;
  o.engine2 = FAKE + " " + engine2;
  o.games = games;
  o.moveTimeout = 1;
  o.commandTimeout = 2;
  return o;
}

fs::path scratchDir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("fgo-test-match-" + std::to_string(::getpid())) / name;
  fs::remove_all(dir);
  return dir;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool noChildren() {
  return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}
}  // namespace

TEST_CASE("Wilson interval matches published values") {
  // 5 of 10 at 95%: 0.2366..0.7634; 0 of 10: 0..0.2775; 10 of 10: 0.7225..1.
  Interval i = wilsonInterval(5, 10);
  CHECK(i.low == Approx(0.2366).margin(1e-4));
  CHECK(i.high == Approx(0.7634).margin(1e-4));
  i = wilsonInterval(0, 10);
  CHECK(i.low == Approx(0.0).margin(1e-9));
  CHECK(i.high == Approx(0.2775).margin(1e-4));
  i = wilsonInterval(10, 10);
  CHECK(i.low == Approx(0.7225).margin(1e-4));
  CHECK(i.high == Approx(1.0).margin(1e-9));
  i = wilsonInterval(0, 0);
  CHECK(i.low == 0);
  CHECK(i.high == 1);
}

TEST_CASE("two passing engines: the empty board is scored by our scorer") {
  MatchOptions o = fakeMatch("pass", "pass", 2);
  o.outDir = scratchDir("pass").string();
  const MatchRun run = runMatch(o);
  REQUIRE(run.games.size() == 2);
  for (const GameResult& g : run.games) {
    CHECK(g.reason == EndReason::Passes);
    CHECK(g.moves.size() == 2);
    CHECK(g.result == "W+7.5");
    CHECK(g.resultSelf == "W+7.5");
    CHECK(g.resultByBlack == "?");  // the fake does not know final_score
    CHECK(g.error.empty());
  }
  CHECK_FALSE(run.games[0].alternated);
  CHECK(run.games[1].alternated);
  CHECK(run.labels[0] == "fake-pass 1 #1");
  const MatchSummary s = summarize(run.games, run.labels, run.commands);
  CHECK(s.whiteWins == 2);
  CHECK(s.engine[0].wins == 1);
  CHECK(s.engine[1].wins == 1);
  CHECK(s.winRate1 == Approx(0.5));
  CHECK(s.averageLength == Approx(2.0));
  const std::string table = slurp(fs::path(o.outDir) / "results.tsv");
  CHECK(contains(
      table,
      "#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG"));
  CHECK(contains(table, "\n0\t?\t?\tW+7.5\t0\t-\t2\t"));
  CHECK(contains(table, "\n1\t?\t?\tW+7.5\t1\t-\t2\t"));
  CHECK(contains(slurp(fs::path(o.outDir) / "summary.txt"), "95% Wilson interval"));
  CHECK(contains(slurp(fs::path(o.outDir) / "summary.json"), "\"engine1_score_rate\": 0.5000"));
  const LoadedGame loaded = loadSgfGame(slurp(fs::path(o.outDir) / "game-2.sgf"));
  CHECK(loaded.record.result == "W+7.5");
  CHECK(loaded.record.moveCount() == 2);
  CHECK(loaded.record.blackName == run.labels[1]);
  CHECK(noChildren());
}

TEST_CASE("an engine that crashes mid-game forfeits and the match goes on") {
  MatchOptions o = fakeMatch("crash 3", "pass", 2);
  o.outDir = scratchDir("crash").string();
  const MatchRun run = runMatch(o);
  REQUIRE(run.games.size() == 2);
  const GameResult& g1 = run.games[0];
  CHECK(g1.reason == EndReason::Crash);
  CHECK(g1.errorColor == Color::Black);
  CHECK(g1.result == "W+F");
  CHECK(g1.moves.size() == 4);  // C3 pass D3 pass, then the crash
  CHECK(contains(g1.error, "exit status 3"));
  // Restarted for game 2, where it plays White and crashes again.
  const GameResult& g2 = run.games[1];
  CHECK(g2.reason == EndReason::Crash);
  CHECK(g2.errorColor == Color::White);
  CHECK(g2.result == "B+F");
  const MatchSummary s = summarize(run.games, run.labels, run.commands);
  CHECK(s.engine[1].wins == 2);
  CHECK(s.engine[0].errors == 2);
  CHECK(s.interval1.high < 0.9);
  const std::string table = slurp(fs::path(o.outDir) / "results.tsv");
  CHECK(contains(table, "\t1\tB (fake-crash 1): crash on 'genmove b'"));
  const LoadedGame loaded = loadSgfGame(slurp(fs::path(o.outDir) / "game-1.sgf"));
  CHECK(loaded.record.result == "W+F");
  CHECK(loaded.record.moveCount() == 4);
  CHECK(contains(loaded.record.comment, "exit status 3"));
  CHECK(noChildren());
}

TEST_CASE("an engine that hangs loses on time and is replaced") {
  MatchOptions o = fakeMatch("pass", "hang 2", 2);
  const auto start = std::chrono::steady_clock::now();
  const MatchRun run = runMatch(o);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  REQUIRE(run.games.size() == 2);
  CHECK(run.games[0].reason == EndReason::Timeout);
  CHECK(run.games[0].errorColor == Color::White);
  CHECK(run.games[0].result == "B+T");
  CHECK(run.games[0].timeWhite >= 0.9);
  CHECK(run.games[1].reason == EndReason::Timeout);
  CHECK(run.games[1].errorColor == Color::Black);
  CHECK(noChildren());
}

TEST_CASE("illegal moves, non-moves, protocol errors and refusals are forfeits") {
  struct Case {
    const char* mode;
    EndReason reason;
    const char* why;
  };
  const Case cases[] = {
      {"illegal 2", EndReason::IllegalMove, "illegal move C3 (point is occupied)"},
      {"badmove 1", EndReason::BadResponse, "'Z99', not a move"},
      {"garbage 2", EndReason::ProtocolError, "does not start with = or ?"},
      {"refuse 2", EndReason::Refused, "refused 'play "},
  };
  for (const Case& c : cases) {
    INFO(c.mode);
    const MatchRun run = runMatch(fakeMatch(c.mode, "pass", 2));
    REQUIRE(run.games.size() == 2);
    for (const GameResult& g : run.games) {
      CHECK(g.reason == c.reason);
      CHECK(g.errorColor == (g.alternated ? Color::White : Color::Black));
      CHECK(g.decided);
      CHECK(g.winner == opponent(g.errorColor));
      CHECK(contains(g.error, c.why));
    }
  }
  CHECK(noChildren());
}

TEST_CASE("the move cap leaves a game unfinished; bad options and engines are refused") {
  MatchOptions o = fakeMatch("play", "pass", 1);
  o.maxMoves = 6;
  const MatchRun run = runMatch(o);
  CHECK(run.games[0].reason == EndReason::MoveCap);
  CHECK(run.games[0].moves.size() == 6);
  CHECK_FALSE(run.games[0].decided);
  CHECK(run.games[0].result == "?");
  CHECK(summarize(run.games, run.labels, run.commands).unfinished == 1);

  MatchOptions bad = fakeMatch("pass", "pass", 0);
  CHECK_THROWS_AS(runMatch(bad), InputError);
  bad.games = 1;
  bad.size = {0, 9};
  CHECK_THROWS_AS(runMatch(bad), InputError);
  bad = fakeMatch("pass", "pass", 1);
  bad.engine2 = "no-such-engine-fgo-test";
  CHECK_THROWS_AS(runMatch(bad), ProcessError);
  bad = fakeMatch("pass", "pass", 1);
  bad.referee = RefereeKind::Gnugo;
  bad.refereeCommand = "no-such-referee-fgo-test --mode gtp";
  CHECK_THROWS_AS(runMatch(bad), ProcessError);
  CHECK(noChildren());
}
