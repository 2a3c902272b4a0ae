// The cascade inside the search tree (issue 7; root_candidates.hpp TreeCandidates,
// MctsParams::treeHintVisits): the candidates an inner node gets during a search equal a
// from-scratch cascade on that node's position; hints change the children's priors; a
// search with them is legal and deterministic with one thread; and (hidden) the
// candidate count and cost at 19x19 pro positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "engine/board/random_player.hpp"
#include "engine/gtp/mcts_player.hpp"
#include "engine/gtp/root_candidates.hpp"
#include "engine/play/policy.hpp"
#include "engine/sgf/record.hpp"
#include "tests/corpus.hpp"

using namespace engine;

namespace {

Game randomGame(BoardSize size, int randomMoves, uint64_t seed) {
  Rules r = Rules::named("chinese");
  r.passesToEnd = 2;
  Game g(size, r);
  RandomPlayer rp(seed);
  for (int i = 0; i < randomMoves; ++i) g.play(rp.choose(g), g.toMove());
  return g;
}

RootCandidateParams fastParams() {
  RootCandidateParams p;
  p.use = CascadeUse::Hints;
  p.cascade.advisorPlayouts = 30;
  return p;
}

// One call of NodeCandidates::find as the search made it.
struct Call {
  Board board{1, 1};
  Color toMove = Color::Black;
  Point last = NO_POINT, before = NO_POINT;
  std::vector<Point> found;
};

// Wraps a NodeCandidates and records its calls (shared by the threads, under a lock).
class Recorder : public NodeCandidates {
 public:
  Recorder(std::unique_ptr<NodeCandidates> inner, std::vector<Call>& calls, std::mutex& m)
      : inner_(std::move(inner)), calls_(calls), mutex_(m) {}
  std::vector<Point> find(const Board& board, Color toMove, Point last, Point before) override {
    std::vector<Point> out = inner_->find(board, toMove, last, before);
    Board copy(board.size());
    copy.setColors(board.colorsRowMajor());
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.push_back(Call{copy, toMove, last, before, out});
    return out;
  }

 private:
  std::unique_ptr<NodeCandidates> inner_;
  std::vector<Call>& calls_;
  std::mutex& mutex_;
};

// Returns a fixed list (hints independent of any cascade).
class FixedCandidates : public NodeCandidates {
 public:
  explicit FixedCandidates(std::vector<Point> list) : list_(std::move(list)) {}
  std::vector<Point> find(const Board&, Color, Point, Point) override { return list_; }

 private:
  std::vector<Point> list_;
};

}  // namespace

TEST_CASE("tree candidates equal a from-scratch cascade at the same position") {
  const RootCandidateParams params = fastParams();
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    // The game's cascade has run at two earlier positions: its memory is not empty.
    Game g = randomGame({9, 9}, 8 + 4 * static_cast<int>(seed), seed);
    RootCandidateFinder root(params, nullptr);
    root.find(g);
    RandomPlayer rp(seed + 100);
    g.play(rp.choose(g), g.toMove());
    root.find(g);
    const upload::AreaMemory memory = root.memory();
    REQUIRE(!memory.candidates().empty());
    std::vector<Call> calls;
    std::mutex m;
    const NodeCandidatesFactory inner =
        treeCandidatesFactory(root, nullptr, g.rules().komi, g.board().size());
    MctsParams p;
    p.playouts = 300;
    p.threads = 2;  // two workers, each with its own TreeCandidates
    p.seed = seed;
    p.learned.enabled = false;
    p.treeHintVisits = 12;
    p.treeCandidates = [&] { return std::make_unique<Recorder>(inner(), calls, m); };
    const MctsResult r = mctsSearch(g, p);
    REQUIRE(calls.size() >= 2);
    CHECK(r.treeHintCandidates.size() == calls.size());
    // From scratch: a new finder with the tree's parameters and the root's memory.
    for (const Call& c : calls) {
      RootCandidateFinder fresh(TreeCandidates::treeParams(params), nullptr);
      fresh.setMemory(memory, g.board().size(), g.rules().komi);
      RankContext ctx;
      ctx.last = c.last;
      ctx.before = c.before;
      const RootCandidates want = fresh.find(c.board, c.toMove, g.rules().komi, ctx);
      CHECK(c.found == want.all);
      // The cascade's candidates first, then the must-consider moves; legal, no repeats.
      REQUIRE(want.all.size() >= want.cascade.size());
      CHECK(std::equal(want.cascade.begin(), want.cascade.end(), c.found.begin()));
      Board b = c.board;
      std::vector<Point> must;
      mustConsiderMoves(b, c.toMove, must);
      for (Point q : must) {
        if (c.board.isLegal(q, c.toMove))
          CHECK(std::find(c.found.begin(), c.found.end(), q) != c.found.end());
      }
      CHECK(std::set<Point>(c.found.begin(), c.found.end()).size() == c.found.size());
      for (Point q : c.found) CHECK(c.board.isLegal(q, c.toMove));
    }
    // The root finder's memory is not changed by the tree's runs.
    CHECK(root.memory().candidates() == memory.candidates());
  }
}

TEST_CASE("tree hints add prior wins to an inner node's children") {
  const Game g = randomGame({9, 9}, 10, 7);
  MctsParams p;
  p.playouts = 400;
  p.threads = 1;
  p.seed = 5;
  p.learned.enabled = false;
  MctsTrees plain;
  mctsSearch(g, p, &plain);
  // Every empty point is a candidate, in board order: the i-th of n gets 30 (1 - i / n).
  const auto empty = g.board().emptyPoints();
  const std::vector<Point> list(empty.begin(), empty.end());
  p.treeHintVisits = 1;
  p.treeHintPrior = 30;
  p.treeCandidates = [&] { return std::make_unique<FixedCandidates>(list); };
  MctsTrees hinted;
  const MctsResult r = mctsSearch(g, p, &hinted);
  REQUIRE(!r.treeHintCandidates.empty());
  CHECK(r.treeHintCandidates.front() == static_cast<int>(list.size()));
  // A root child expanded in both searches: its children's priors differ by the bonus.
  int compared = 0;
  for (const MoveStat& s : r.moves) {
    if (s.move == PASS) continue;
    const std::vector<Move> path{Move{s.move, g.toMove()}};
    const auto a = plain.childStats(path), b = hinted.childStats(path);
    if (a.empty() || b.empty()) continue;
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      REQUIRE(a[i].move == b[i].move);
      const auto it = std::find(list.begin(), list.end(), a[i].move);
      const double bonus = it == list.end() ? 0
                                            : 30 * (1 - static_cast<double>(it - list.begin()) /
                                                            static_cast<double>(list.size()));
      CHECK(b[i].priorWins == Approx(a[i].priorWins + bonus).margin(1e-3));
      CHECK(b[i].priorVisits == Approx(a[i].priorVisits + bonus).margin(1e-3));
    }
    ++compared;
  }
  CHECK(compared > 0);
}

TEST_CASE("genmove with tree hints: legal and deterministic with one thread") {
  MctsPlayerOptions o;
  o.search.playouts = 300;
  o.search.threads = 1;
  o.search.seed = 11;
  o.resignBelow = 0;
  o.candidates = fastParams();
  o.candidates.treeVisits = 20;
  auto play = [&](std::vector<size_t>& hintCounts) {
    MctsPlayer player(o);
    Rules r = Rules::named("chinese");
    r.passesToEnd = INT_MAX;
    Game g({9, 9}, r);
    std::vector<Point> moves;
    for (int i = 0; i < 8; ++i) {
      const Point m = player.chooseMove(g, ClockState{}, MoveRequest::Normal);
      REQUIRE(m != NO_POINT);
      CHECK((m == PASS || g.isLegal(m, g.toMove())));
      hintCounts.push_back(player.lastResult().treeHintCandidates.size());
      g.play(m, g.toMove());
      moves.push_back(m);
    }
    return moves;
  };
  std::vector<size_t> h1, h2;
  const std::vector<Point> a = play(h1), b = play(h2);
  CHECK(a == b);
  CHECK(h1 == h2);
  size_t total = 0;
  for (size_t h : h1) total += h;
  CHECK(total > 0);
  CHECK(MctsPlayer(o).description().find("inner nodes from 20 visits") != std::string::npos);
}

// Measurement, hidden: at 19x19 pro positions (every 20th position of FGO_TREE_GAMES
// games, default 2), a FGO_TREE_PLAYOUTS (default 1000) playout, 1-thread search with
// --cascade hints and tree hints from FGO_TREE_VISITS (default 100) visits, against the
// same search with root hints only (alternated): the candidates each hinted inner node
// got, the nodes hinted a search, and the process CPU seconds of each search.
TEST_CASE("tree candidate count and cost at pro 19x19 positions", "[.tree-candidates]") {
  const std::string dir = fgo_test::pro19Dir().string();
  FGO_SKIP_WITHOUT_CORPUS(dir)
  auto envInt = [](const char* name, int def) {
    const char* v = std::getenv(name);
    return v ? std::max(1, std::atoi(v)) : def;
  };
  const int games = envInt("FGO_TREE_GAMES", 2);
  const int playouts = envInt("FGO_TREE_PLAYOUTS", 1000);
  const int visits = envInt("FGO_TREE_VISITS", 100);
  const std::vector<std::filesystem::path> files = fgo_test::sortedFiles(dir);
  MctsPlayerOptions base;
  base.search.playouts = playouts;
  base.search.threads = 1;
  base.resignBelow = 0;
  base.candidates.use = CascadeUse::Hints;
  MctsPlayerOptions tree = base;
  tree.candidates.treeVisits = visits;
  std::vector<int> counts, children, perSearch;
  double cpuBase = 0, cpuTree = 0;
  int searches = 0;
  for (int gi = 0; gi < games && gi < static_cast<int>(files.size()); ++gi) {
    const LoadedGame lg = loadSgfGame(fgo_test::readText(files[static_cast<size_t>(gi)]));
    const auto& moves = lg.replay.game.moves();
    MctsPlayer a(base), b(tree);
    Game g(lg.replay.game.board().size(), lg.replay.game.rules());
    for (size_t i = 0; i < moves.size(); ++i) {
      if (i % 20 == 10 && moves[i].color == g.toMove()) {
        std::clock_t t0 = std::clock();
        a.chooseMove(g, ClockState{}, MoveRequest::Normal);
        std::clock_t t1 = std::clock();
        b.chooseMove(g, ClockState{}, MoveRequest::Normal);
        std::clock_t t2 = std::clock();
        cpuBase += static_cast<double>(t1 - t0) / CLOCKS_PER_SEC;
        cpuTree += static_cast<double>(t2 - t1) / CLOCKS_PER_SEC;
        const MctsResult& r = b.lastResult();
        counts.insert(counts.end(), r.treeHintCandidates.begin(), r.treeHintCandidates.end());
        children.insert(children.end(), r.treeHintChildren.begin(), r.treeHintChildren.end());
        perSearch.push_back(static_cast<int>(r.treeHintCandidates.size()));
        ++searches;
      }
      if (g.play(moves[i]) != MoveError::None) break;
    }
  }
  REQUIRE(!counts.empty());
  auto stats = [](std::vector<int> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (int x : v) sum += x;
    std::ostringstream s;
    s << "mean " << sum / static_cast<double>(v.size()) << " median " << v[v.size() / 2] << " min "
      << v.front() << " max " << v.back();
    return s.str();
  };
  WARN(searches << " positions of " << games << " games, " << playouts
                << " playouts, tree hints from " << visits << " visits: " << counts.size()
                << " hinted nodes; candidates a node " << stats(counts) << "; of them children "
                << stats(children) << "; hinted nodes a search " << stats(perSearch)
                << "; CPU a search " << cpuBase / searches << " s root hints only, "
                << cpuTree / searches << " s with tree hints");
  CHECK(searches > 3);
}
