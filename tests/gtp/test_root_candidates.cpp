// The cascade inside the search (root_candidates.hpp, MctsPlayer with --cascade): the
// candidates are legal and joined without repeats, narrow restricts genmove's root,
// hints keep every move; and (hidden) the candidate count at pro 19x19 positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/gtp/mcts_player.hpp"
#include "engine/gtp/root_candidates.hpp"
#include "engine/sgf/record.hpp"
#include "tests/corpus.hpp"

using namespace engine;

namespace {

Game gtpGame(BoardSize size, int randomMoves, uint64_t seed) {
  Rules r = Rules::named("chinese");
  r.passesToEnd = INT_MAX;
  Game g(size, r);
  RandomPlayer rp(seed);
  for (int i = 0; i < randomMoves; ++i) g.play(rp.choose(g), g.toMove());
  return g;
}

RootCandidateParams narrowParams(CascadeUse use) {
  RootCandidateParams p;
  p.use = use;
  p.cascade.advisorPlayouts = 50;
  return p;
}

}  // namespace

TEST_CASE("cascade use names") {
  CHECK(parseCascadeUse("off") == CascadeUse::Off);
  CHECK(parseCascadeUse("hints") == CascadeUse::Hints);
  CHECK(parseCascadeUse("narrow") == CascadeUse::Narrow);
  CHECK(std::string(cascadeUseName(CascadeUse::Narrow)) == "narrow");
  CHECK_THROWS_AS(parseCascadeUse("wide"), InputError);
  RootCandidateParams bad = narrowParams(CascadeUse::Narrow);
  bad.cascade.schedule = "no-such-schedule";
  CHECK_THROWS_AS(RootCandidateFinder(bad, nullptr), InputError);
}

TEST_CASE("narrow candidates: the cascade's, then tactics and unsettled, legal, no repeats") {
  RootCandidateFinder finder(narrowParams(CascadeUse::Narrow), nullptr);
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const Game g = gtpGame({9, 9}, 10 + 8 * static_cast<int>(seed), seed);
    const RootCandidates c = finder.find(g);
    CHECK_FALSE(c.cascadeFailed);
    CHECK(!c.cascade.empty());
    CHECK(c.model.empty());  // no model given
    const std::set<Point> all(c.all.begin(), c.all.end());
    CHECK(all.size() == c.all.size());
    for (Point p : c.all) CHECK(g.isLegal(p, g.toMove()));
    // The union starts with the cascade's list, in its order, and holds every part.
    REQUIRE(c.all.size() >= c.cascade.size());
    CHECK(std::equal(c.cascade.begin(), c.cascade.end(), c.all.begin()));
    for (const auto* part : {&c.tactical, &c.unsettled}) {
      for (Point p : *part) CHECK(all.count(p) == 1);
    }
    CHECK(c.seconds >= 0);
  }
  // Hints: the cascade alone.
  RootCandidateFinder hints(narrowParams(CascadeUse::Hints), nullptr);
  const RootCandidates h = hints.find(gtpGame({9, 9}, 12, 9));
  CHECK(h.all == h.cascade);
  CHECK(h.tactical.empty());
}

TEST_CASE("genmove with --cascade narrow plays one of the candidates") {
  MctsPlayerOptions o;
  o.search.playouts = 200;
  o.search.threads = 1;
  o.search.seed = 3;
  o.resignBelow = 0;
  o.candidates = narrowParams(CascadeUse::Narrow);
  MctsPlayer narrow(o);
  o.candidates.use = CascadeUse::Hints;
  MctsPlayer hinted(o);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const Game g = gtpGame({9, 9}, 14, seed);
    const Point m = narrow.chooseMove(g, ClockState{}, MoveRequest::Normal);
    const auto& all = narrow.lastCandidates().all;
    REQUIRE(!all.empty());
    CHECK((m == PASS || std::find(all.begin(), all.end(), m) != all.end()));
    // Every searched root move is a candidate (or PASS).
    for (const MoveStat& s : narrow.lastResult().moves) {
      CHECK((s.move == PASS || std::find(all.begin(), all.end(), s.move) != all.end()));
    }
    // Hints keep the whole board at the root.
    hinted.chooseMove(g, ClockState{}, MoveRequest::Normal);
    CHECK(hinted.lastResult().moves.size() > hinted.lastCandidates().cascade.size() + 1);
  }
  CHECK(narrow.description().find("cascade narrow") != std::string::npos);
}

// Measurement, hidden: candidates at the 19x19 positions of pro games (every 10th
// position of FGO_CANDIDATE_GAMES games, default 3). Prints mean, median and the parts.
TEST_CASE("candidate count at pro 19x19 positions", "[.candidates]") {
  const std::string dir = fgo_test::pro19Dir().string();
  FGO_SKIP_WITHOUT_CORPUS(dir)
  const char* env = std::getenv("FGO_CANDIDATE_GAMES");
  const int games = env ? std::max(1, std::atoi(env)) : 3;
  const std::vector<std::filesystem::path> files = fgo_test::sortedFiles(dir);
  RootCandidateParams p;
  p.use = CascadeUse::Narrow;
  RootCandidateFinder finder(p, nullptr);
  std::vector<size_t> all, cascade, tactical, unsettled;
  double seconds = 0;
  for (int gi = 0; gi < games && gi < static_cast<int>(files.size()); ++gi) {
    const LoadedGame lg = loadSgfGame(fgo_test::readText(files[static_cast<size_t>(gi)]));
    const auto& moves = lg.replay.game.moves();
    finder.newGame();
    Game g(lg.replay.game.board().size(), lg.replay.game.rules());
    for (size_t i = 0; i < moves.size(); ++i) {
      if (i % 10 == 5 && moves[i].color == g.toMove()) {
        const RootCandidates c = finder.find(g);
        all.push_back(c.all.size());
        cascade.push_back(c.cascade.size());
        tactical.push_back(c.tactical.size());
        unsettled.push_back(c.unsettled.size());
        seconds += c.seconds;
      }
      if (g.play(moves[i]) != MoveError::None) break;
    }
  }
  REQUIRE(!all.empty());
  auto stats = [](std::vector<size_t> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (size_t x : v) sum += static_cast<double>(x);
    std::ostringstream s;
    s << "mean " << sum / static_cast<double>(v.size()) << " median " << v[v.size() / 2] << " max "
      << v.back();
    return s.str();
  };
  WARN(all.size() << " positions of " << games << " games: all " << stats(all) << "; cascade "
                  << stats(cascade) << "; tactical " << stats(tactical) << "; unsettled "
                  << stats(unsettled) << "; " << seconds / static_cast<double>(all.size())
                  << " s a position");
  CHECK(all.size() > 10u);
}
