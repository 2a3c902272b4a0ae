// A real game: `fgo gtp` against GNU Go 3.8 on 9x9, refereed by a third GNU Go.
// Skipped (with a warning) when gnugo is not installed or the fgo binary has not been
// built with its gtp command.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/match/gtp_client.hpp"
#include "engine/match/match.hpp"

using namespace engine;

namespace {
// Black's margin named by a result text ("B+3.5" is 3.5, "W+7" is -7, "0" is 0).
double margin(const std::string& result) {
  if (result == "0") return 0;
  REQUIRE(result.size() > 2);
  REQUIRE((result[0] == 'B' || result[0] == 'W'));
  REQUIRE(result[1] == '+');
  const double v = std::stod(result.substr(2));
  return result[0] == 'B' ? v : -v;
}

// True when `fgo gtp` starts and answers protocol_version.
bool fgoGtpWorks(const std::string& command) {
  try {
    GtpClient c(command);
    return c.send("protocol_version", 10).ok;
  } catch (const std::exception&) {
    return false;
  }
}
}  // namespace

TEST_CASE("a 9x9 game of fgo gtp against GNU Go ends cleanly, and the scorers agree", "[gnugo]") {
  const std::string gnugo = findExecutable("gnugo");
  if (gnugo.empty()) {
    WARN("SKIPPED: gnugo is not installed (Debian package gnugo)");
    return;
  }
  const std::string fgo = std::string(FGO_BINARY_DIR) + "/fgo";
  // The baseline player plays every legal move that does not fill its own eye before it
  // passes, so the game is played out and "every stone alive" is the right count. (A
  // search player may pass with dead opponent stones left on the board: then our count
  // and GNU Go's differ, rightly.) A build whose gtp has no --player option is run as
  // it is.
  std::string engine1;
  for (const std::string& candidate :
       std::vector<std::string>{"'" + fgo + "' gtp --player baseline", "'" + fgo + "' gtp"}) {
    if (engine1.empty() && std::filesystem::exists(fgo) && fgoGtpWorks(candidate))
      engine1 = candidate;
  }
  if (engine1.empty()) {
    WARN("SKIPPED: " << fgo << " gtp is not built yet (ninja fgo)");
    return;
  }
  MatchOptions o;
  o.engine1 = engine1;
  // Chinese rules so that GNU Go's own final_score counts area as ours does.
  o.engine2 = gnugo + " --mode gtp --level 1 --capture-all-dead --chinese-rules";
  o.games = 1;
  o.size = {9, 9};
  o.referee = RefereeKind::Gnugo;
  o.moveTimeout = 60;
  const MatchRun run = runMatch(o);
  REQUIRE(run.games.size() == 1);
  const GameResult& g = run.games[0];
  INFO("error: " << g.error);
  CHECK(g.reason == EndReason::Passes);
  CHECK(g.error.empty());
  CHECK(g.decided);
  CHECK(g.moves.size() >= 20);
  // Played out with --capture-all-dead: every stone left is alive, so our area count
  // (all stones alive) and GNU Go's final_score must give the same margin.
  REQUIRE(g.resultReferee != "?");
  CHECK(margin(g.resultSelf) == margin(g.resultReferee));
  CHECK(g.result == g.resultReferee);
  // Both players' own final_score agree too.
  CHECK(margin(g.resultByWhite) == margin(g.resultSelf));
  if (g.resultByBlack != "?") CHECK(margin(g.resultByBlack) == margin(g.resultSelf));
  CHECK(g.timeWhite > 0);
  CHECK(g.genmovesBlack + g.genmovesWhite == static_cast<int>(g.moves.size()));
}
