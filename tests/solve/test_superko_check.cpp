// The superko check of simple-forced proof tables (solve/superko_check.hpp) against a
// from-scratch twin: every game the table's strategy allows, each with its whole history,
// no board dropped and nothing remembered between games. The check keeps only the boards a
// later move might repeat and walks each (position, boards kept) once; it must find the
// very positions whose kept move repeats a board on some game.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "solve/compact_board.hpp"
#include "solve/forced_walk.hpp"
#include "solve/proof_table.hpp"
#include "solve/superko_check.hpp"
#include "solve/table_build.hpp"
#include "temp_files.hpp"

using namespace solve;
namespace fs = std::filesystem;
using solve_test::tempDir;

namespace {

// The simple-forced proof table of g (first-best, as fgo tables build --rules
// simple-forced --first-best --first-only), built into dir and loaded.
SolutionTable forcedTable(const Geometry& g, const fs::path& dir) {
  ProofTableOptions o;
  o.out = dir / ("f" + std::to_string(g.width()) + "x" + std::to_string(g.height()) + ".fgt");
  o.rules = Rules::named("simple-forced");
  o.allBest = false;
  o.search.ttLog2 = 17;
  o.search.bisect = false;
  o.search.firstGuess = g.points();
  o.search.oneSidedFirstOnly = true;
  o.search.maxDepth = 60;
  REQUIRE(buildProofTable(g, o).complete);
  return SolutionTable::load(o.out, g, o.rules);
}

// Every game of the strategy from the empty board (Black the root side), with the whole
// history: the table keys of the positions whose kept move repeats a board of the game.
// Games end at a leaf (static bounds give the value) or where the other side's pass ends
// the game (walk::passEnds), as the proof walk's do; the other side plays every move simple
// ko allows.
class AllGames {
 public:
  AllGames(const Geometry& g, const SolutionTable& t) : g_(g), t_(t) {}

  std::vector<uint64_t> repeats() {
    play(0, 0, -1, true, {});
    return {found_.begin(), found_.end()};
  }
  uint64_t games() const { return games_; }
  uint64_t missing() const { return missing_; }  // positions without an entry or a move

 private:
  // black, white: the stones; ko: the point the mover may not take back; history: every
  // board so far (black | white << 32), this one last.
  void play(Mask black, Mask white, int ko, bool blackToMove, std::vector<uint64_t> history) {
    history.push_back(black | white << 32);
    const Mask own = blackToMove ? black : white, opp = blackToMove ? white : black;
    int sym = 0;
    const uint64_t key = canonicalKeyWithKo(g_, own, opp, ko, sym);
    const SolutionEntry* e = t_.find(key);
    if (!e) {
      ++missing_;
      return;
    }
    const ScoreBounds b = boundsAfterPasses(g_, own, opp, 0);
    if (b.lower == b.upper) {
      ++games_;
      return;
    }
    CompactBoard board(g_);  // the mover as Black, in the game's orientation
    board.setRaw(own, opp, ko, ko < 0 ? engine::Color::Empty : engine::Color::Black);
    std::vector<int> moves;
    if (blackToMove) {
      // The kept move is chosen in the table's orientation.
      const Mask cOwn = g_.mapMask(sym, own), cOpp = g_.mapMask(sym, opp);
      const CompactBoard canonical =
          walk::boardOf(g_, cOwn, cOpp, ko < 0 ? -1 : g_.mapPoint(sym, ko));
      const int p = walk::keptMove(g_, canonical, cOwn, cOpp, e->value, e->best);
      if (p == walk::NO_MOVE) {
        ++missing_;
        return;
      }
      moves.push_back(p < 0 ? -1 : g_.unmapPoint(sym, p));
    } else {
      for (int p = 0; p < g_.points(); ++p) {
        if (board.isLegal(p, engine::Color::Black)) moves.push_back(p);
      }
      if (!walk::passEnds(g_, own, opp, -e->value, SafetyRules{})) moves.push_back(-1);
    }
    for (const int p : moves) {
      CompactBoard next = board;
      if (p >= 0) next.play(p, engine::Color::Black);
      const Mask mover = next.black(), other = next.white();
      const Mask nb = blackToMove ? mover : other, nw = blackToMove ? other : mover;
      if (blackToMove && p >= 0 &&
          std::find(history.begin(), history.end(), nb | nw << 32) != history.end()) {
        found_.insert(key);
        ++games_;
        continue;
      }
      const int nextKo = p >= 0 && next.koColor() == engine::Color::White ? next.koPoint() : -1;
      play(nb, nw, nextKo, !blackToMove, history);
    }
  }

  const Geometry& g_;
  const SolutionTable& t_;
  std::set<uint64_t> found_;
  uint64_t games_ = 0, missing_ = 0;
};

// Replays a game from the empty board under simple ko: true when every move is legal and
// the last board repeats an earlier one.
bool endsInRepeat(const Geometry& g, const std::vector<int>& moves) {
  CompactBoard board(g);
  std::vector<uint64_t> boards{board.hash()};
  engine::Color c = engine::Color::Black;
  for (const int p : moves) {
    if (p < 0) {
      board.pass(c);
    } else {
      if (!board.isLegal(p, c)) return false;
      board.play(p, c);
    }
    boards.push_back(board.hash());
    c = c == engine::Color::Black ? engine::Color::White : engine::Color::Black;
  }
  return moves.back() >= 0 &&
         std::find(boards.begin(), boards.end() - 1, boards.back()) != boards.end() - 1;
}

}  // namespace

TEST_CASE("mayRepeat keeps a board only while a later root-side move could repeat it") {
  const Geometry g(3, 3);
  const Mask a = 1, b = 2, c = 4, all = g.all();
  // Q = {a} for the root side. Now the root side has a and b: b must be captured first,
  // and the move that repeats Q is at a, so a too.
  CHECK_FALSE(mayRepeat(a, 0, a | b, 0, 0, 0));
  CHECK_FALSE(mayRepeat(a, 0, a | b, 0, b, 0));
  CHECK(mayRepeat(a, 0, a | b, 0, a | b, 0));
  // The other side's stone c, not in Q, must be captured by the root side first.
  CHECK_FALSE(mayRepeat(a, 0, 0, c, all, 0));
  CHECK(mayRepeat(a, 0, 0, c, all, c));
  // Q's root-side stones all on the board and never captured: no move can place one.
  CHECK_FALSE(mayRepeat(a, 0, a, 0, 0, 0));
  CHECK(mayRepeat(a, 0, a, 0, a, 0));
  // A board with no root-side stone is never repeated by a root-side move.
  CHECK_FALSE(mayRepeat(0, c, 0, 0, all, all));
  // Q's stone a is off the board now: a move there may repeat Q.
  CHECK(mayRepeat(a | b, 0, b, 0, 0, 0));
}

// The twin: on 3x3, 2x6 and 3x5 the check's positions of a repeat are those of every game
// played out with its whole history. 3x5's strategy repeats a board (a found game, replayed
// on its own, shows it); after searching those positions with their history the check
// shows 3x5's 15 under PSK, as van der Werf and Winands found. Each repeat then needs a
// search; with a budget of one node a search stays open (and so does the root side's
// choice before it, searched next) and the check says so.
TEST_CASE("the superko check finds every repeat that the games with their whole history have") {
  const fs::path dir = tempDir("superko", "twin");
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{2, 6}, std::pair{3, 5}}) {
    INFO(w << "x" << h);
    const Geometry g(w, h);
    const SolutionTable t = forcedTable(g, dir);
    AllGames all(g, t);
    const std::vector<uint64_t> expected = all.repeats();
    CHECK(all.missing() == 0);
    const SuperkoCheck c = checkSuperko(g, t, SolveOptions{});
    CHECK(c.repeatPositions == expected);
    CHECK(c.visits < all.games());  // the boards dropped let positions be walked once
    INFO(c.states << " states, " << c.visits << " visits, " << all.games() << " games");
    CHECK(c.ok());
    if (w * h == 15) {
      REQUIRE(!expected.empty());
      CHECK(c.repeats > 0);
      CHECK(endsInRepeat(g, c.repeatGame));
      CHECK(c.searches > 0);
      CHECK(c.rounds >= 2);
      const SuperkoCheck starved = checkSuperko(g, t, SolveOptions{}, 1);
      CHECK_FALSE(starved.ok());
      CHECK(starved.open > 0);
      // An open search moves the question to the root side's choice before it, up to the
      // root, and the check ends there.
      CHECK(starved.escalated > 0);
      CHECK_FALSE(starved.stopped);
    } else {
      CHECK(expected.empty());
    }
  }
  fs::remove_all(dir);
}
