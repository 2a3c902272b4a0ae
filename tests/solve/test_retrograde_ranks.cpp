// Ranks of the simple-forced retrograde analysis (RetroOptions::ranked, session 51): the
// ranks against a twin that finds them layer by layer from below, the promise they make
// (a side that always plays a listed move ends every game), and the ranked table.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <functional>
#include <vector>

#include "engine/board/errors.hpp"
#include "forced_reference.hpp"
#include "solve/advise.hpp"
#include "solve/compact_board.hpp"
#include "solve/retrograde.hpp"
#include "temp_files.hpp"

namespace {

using engine::Color;
using solve::Geometry;
using solve::Mask;
using solve::RetroAnalysis;
using solve::RetroOptions;
using solve::testing::ForcedReference;

RetroOptions ranked(int threads, RetroOptions::Keep keep = RetroOptions::Keep::Auto) {
  RetroOptions o;
  o.threads = threads;
  o.keepMoves = keep;
  o.ranked = true;
  return o;
}

// g's ranked table, built into dir and loaded.
solve::SolutionTable rankedTable(const Geometry& g, const std::filesystem::path& dir) {
  const auto file = dir / (std::to_string(g.width()) + "x" + std::to_string(g.height()) + ".fgt");
  solve::buildRetrogradeTable(g, file, ranked(2));
  return solve::SolutionTable::load(file, g, solve::Rules::named("simple-forced"));
}

const std::vector<std::array<int, 2>> BOARDS = {{1, 5}, {2, 2}, {2, 3}, {3, 2},
                                                {2, 4}, {3, 3}, {2, 5}};

// The ranks of Black's lower and upper bounds at every state of the twin, found from below:
// rank 0 where the bound is the least (the lower) or greatest (the upper) value there is;
// then rank k goes to each state not yet ranked whose rule holds with the ranks below k.
// For the bound of the side to move, one move that keeps the bound must lead to a state
// ranked below k; for the other side's, every move that attains it must. The game's end
// has rank 0.
struct TwinRanks {
  std::vector<int> lower, upper;  // -1: not ranked
};

TwinRanks twinRanks(const ForcedReference& ref, int n) {
  const size_t count = ref.size();
  TwinRanks r{std::vector<int>(count, -1), std::vector<int>(count, -1)};
  for (size_t i = 0; i < count; ++i) {
    if (ref.lower(i) == -n) r.lower[i] = 0;
    if (ref.upper(i) == n) r.upper[i] = 0;
  }
  for (int k = 1;; ++k) {
    std::vector<size_t> lower, upper;
    for (size_t i = 0; i < count; ++i) {
      const bool black = !ref.state(i).whiteToMove;
      // `bound` is the state's bound and `of` a child's; the side to move needs one ranked
      // child that keeps it (`oneKeeps`), the other side every one that attains it.
      const auto holds = [&](const std::vector<int>& ranks, auto of, int bound, bool oneKeeps) {
        bool any = false, all = true;
        for (const ForcedReference::Child& c : ref.children(i)) {
          if ((c.index < 0 ? c.score : of(c.index)) != bound) continue;
          const bool below = c.index < 0 || (ranks[c.index] >= 0 && ranks[c.index] < k);
          any = any || below;
          all = all && below;
        }
        return oneKeeps ? any : all;
      };
      const auto lo = [&ref](size_t c) { return ref.lower(c); };
      const auto hi = [&ref](size_t c) { return ref.upper(c); };
      if (r.lower[i] < 0 && holds(r.lower, lo, ref.lower(i), black)) lower.push_back(i);
      if (r.upper[i] < 0 && holds(r.upper, hi, ref.upper(i), !black)) upper.push_back(i);
    }
    if (lower.empty() && upper.empty()) break;
    for (size_t i : lower) r.lower[i] = k;
    for (size_t i : upper) r.upper[i] = k;
  }
  return r;
}

// A side's listed moves at a state: the mover at (own, opp), barred from ko, after the
// other side's pass if `passed`; its lower bound and the moves, or false when absent.
using Listing =
    std::function<bool(Mask own, Mask opp, int ko, bool passed, int& lower, uint64_t& moves)>;

Listing fromAnalysis(const RetroAnalysis& a) {
  return [&a](Mask own, Mask opp, int ko, bool passed, int& lower, uint64_t& moves) {
    int upper = 0;
    bool all = true;
    return a.bounds(own, opp, ko, passed, lower, upper) &&
           a.keepingMoves(own, opp, ko, passed, moves, all);
  };
}

Listing fromTable(const solve::SolutionTable& t) {
  return [&t](Mask own, Mask opp, int ko, bool passed, int& lower, uint64_t& moves) {
    if (!t.lookupState(own, opp, ko, passed, lower, moves)) return false;
    moves &= ~(solve::SOME_BEST | solve::LOWER_BOUND);
    return true;
  };
}

// Whether every game ends when `side` always plays a move `listed` gives it, whatever the
// other side plays, from every state where its lower bound is above the least value.
// Along such a game that side's lower bound never falls (its moves keep it, the other
// side's cannot lower it), so a game that goes round keeps it constant: the check looks
// for a cycle among the states, with the listed moves at `side`'s turns and the other
// side's moves that leave the bound as it is (Kahn's algorithm). Also checks that every
// state of `side` is listed with the twin's lower bound, that `side` always has a listed
// move and that each keeps its bound, up to the game's end.
bool everyGameEnds(const Geometry& g, const ForcedReference& ref, const Listing& listed,
                   Color side) {
  const int n = g.points();
  const size_t count = ref.size();
  const bool black = side == Color::Black;
  const auto bound = [&](size_t i) { return black ? ref.lower(i) : -ref.upper(i); };
  std::vector<std::vector<size_t>> next(count);
  for (size_t i = 0; i < count; ++i) {
    const solve::testing::State& s = ref.state(i);
    const int b = bound(i);
    const bool mine = s.whiteToMove != black;
    uint64_t moves = 0;
    if (mine) {
      const Mask own = black ? s.black : s.white, opp = black ? s.white : s.black;
      int lower = 0;
      INFO(g.width() << "x" << g.height() << " state " << i);
      REQUIRE(listed(own, opp, s.ko, s.passes == 1, lower, moves));
      CHECK(lower == b);
      CHECK(moves != 0);
    }
    if (b == -n) continue;
    for (const ForcedReference::Child& c : ref.children(i)) {
      const uint64_t bit = c.move < 0 ? solve::PASS_BIT : uint64_t{1} << c.move;
      if (mine && !(moves & bit)) continue;
      const int after = c.index < 0 ? (black ? c.score : -c.score) : bound(c.index);
      INFO(g.width() << "x" << g.height() << " state " << i << " move " << c.move);
      if (mine) {
        CHECK(after == b);
      } else {
        CHECK(after >= b);
      }
      if (c.index >= 0 && after == b) next[i].push_back(c.index);
    }
  }
  std::vector<int> into(count, 0);
  for (const auto& v : next)
    for (size_t j : v) ++into[j];
  std::vector<size_t> ready;
  for (size_t i = 0; i < count; ++i)
    if (into[i] == 0) ready.push_back(i);
  size_t removed = 0;
  while (!ready.empty()) {
    const size_t i = ready.back();
    ready.pop_back();
    ++removed;
    for (size_t j : next[i])
      if (--into[j] == 0) ready.push_back(j);
  }
  return removed == count;
}

}  // namespace

TEST_CASE("retrograde ranks equal a twin's found layer by layer", "[solve][retrograde][ranks]") {
  for (const auto& [w, h] : BOARDS) {
    const Geometry g(w, h);
    const ForcedReference ref(g, false);
    const TwinRanks twin = twinRanks(ref, g.points());
    // Moves kept (ranks found from below along the reversed moves) or found again (sweeps
    // from above), one thread or two: the same ranks (the fixpoint is unique).
    const RetroAnalysis kept = RetroAnalysis::run(g, ranked(2, RetroOptions::Keep::Yes));
    const RetroAnalysis found = RetroAnalysis::run(g, ranked(2, RetroOptions::Keep::No));
    const RetroAnalysis single = RetroAnalysis::run(g, ranked(1));
    REQUIRE(kept.ranked());
    int most = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
      const solve::testing::State& s = ref.state(i);
      const Mask own = s.whiteToMove ? s.white : s.black, opp = s.whiteToMove ? s.black : s.white;
      INFO(w << "x" << h << " black " << s.black << " white " << s.white
             << (s.whiteToMove ? " white" : " black") << " to move, ko " << s.ko << ", passes "
             << s.passes << ": twin ranks " << twin.lower[i] << ", " << twin.upper[i]);
      REQUIRE(twin.lower[i] >= 0);
      REQUIRE(twin.upper[i] >= 0);
      // The twin is Black's side; the analyses are the mover's.
      const int moverLower = s.whiteToMove ? twin.upper[i] : twin.lower[i];
      const int moverUpper = s.whiteToMove ? twin.lower[i] : twin.upper[i];
      // The moves listed: exactly those that keep the mover's lower bound and lead to a
      // child whose upper rank (the mover's lower-bound rank there) is at most the state's
      // lower rank; every keeping move at rank 0. `all` false exactly when one is left out.
      uint64_t listed = 0, keeping = 0;
      for (const ForcedReference::Child& c : ref.children(i)) {
        const int after =
            c.index < 0 ? c.score : (s.whiteToMove ? ref.upper(c.index) : ref.lower(c.index));
        if (after != (s.whiteToMove ? ref.upper(i) : ref.lower(i))) continue;
        const uint64_t bit = c.move < 0 ? solve::PASS_BIT : uint64_t{1} << c.move;
        keeping |= bit;
        const int rank =
            c.index < 0 ? 0 : (s.whiteToMove ? twin.upper[c.index] : twin.lower[c.index]);
        if (moverLower == 0 || rank <= moverLower) listed |= bit;
      }
      for (const RetroAnalysis* a : {&kept, &found, &single}) {
        int lower = -1, upper = -1;
        REQUIRE(a->ranks(own, opp, s.ko, s.passes == 1, lower, upper));
        CHECK(lower == moverLower);
        CHECK(upper == moverUpper);
        uint64_t moves = 0;
        bool all = false;
        REQUIRE(a->keepingMoves(own, opp, s.ko, s.passes == 1, moves, all));
        CHECK(moves == listed);
        CHECK(all == (listed == keeping));
      }
      most = std::max({most, moverLower, moverUpper});
    }
    INFO(w << "x" << h);
    CHECK(most <= kept.maxRank());
    CHECK(kept.rankSweeps() == 0);
    CHECK(found.rankSweeps() >= 1);
    if (w * h >= 6) CHECK(most >= 6);  // no board here is decided in a few plies
  }
}

TEST_CASE("a side that always plays a ranked move ends every game", "[solve][retrograde][ranks]") {
  const auto dir = solve_test::tempDir("solve", "retrograde_ranks_play");
  int unrankedCycles = 0;
  for (const auto& [w, h] : BOARDS) {
    const Geometry g(w, h);
    const ForcedReference ref(g, false);
    const RetroAnalysis a = RetroAnalysis::run(g, ranked(2));
    RetroOptions plain;
    plain.threads = 2;
    const RetroAnalysis unranked = RetroAnalysis::run(g, plain);
    // The ranked table alone: every state the game reaches is in it.
    const solve::SolutionTable t = rankedTable(g, dir);
    for (Color side : {Color::Black, Color::White}) {
      INFO(w << "x" << h << (side == Color::Black ? " Black" : " White"));
      CHECK(everyGameEnds(g, ref, fromAnalysis(a), side));
      CHECK(everyGameEnds(g, ref, fromTable(t), side));
      // Every move that keeps the bound, as an unranked table lists them: on some boards
      // a side that always picks among them can go round a ko for ever.
      unrankedCycles += !everyGameEnds(g, ref, fromAnalysis(unranked), side);
    }
  }
  CHECK(unrankedCycles > 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a ranked simple-forced table holds every state with the moves that make progress",
          "[solve][retrograde][ranks][tables]") {
  const auto dir = solve_test::tempDir("solve", "retrograde_ranks");
  const Geometry g(3, 3);
  const solve::RetroBuildResult r = solve::buildRetrogradeTable(g, dir / "r.fgt", ranked(2));
  RetroOptions plain;
  plain.threads = 2;
  const RetroAnalysis a = RetroAnalysis::run(g, plain);
  const RetroAnalysis ra = RetroAnalysis::run(g, ranked(2));
  const solve::SolutionTable t =
      solve::SolutionTable::load(dir / "r.fgt", g, solve::Rules::named("simple-forced"));
  CHECK(r.ranked);
  CHECK(r.rankSweeps == ra.rankSweeps());
  CHECK(r.maxRank == ra.maxRank());
  // Every state: positions, ko states, states after a pass.
  CHECK(r.entries == ra.states());
  CHECK(ra.states() == 2 * ra.positions() + ra.koStates());
  std::vector<solve::SolutionEntry> states;
  ra.stateEntries(0, uint64_t{1} << g.points(), states);
  CHECK(t.entries() == states);
  uint64_t some = 0, lower = 0, ko = 0, passed = 0;
  for (const solve::SolutionEntry& e : t.entries()) {
    some += (e.best & solve::SOME_BEST) != 0;
    lower += (e.best & solve::LOWER_BOUND) != 0;
    passed += (e.key & solve::PASSED_KEY) != 0;
    ko += !(e.key & solve::PASSED_KEY) && solve::koOfKey(g, e.key) >= 0;
  }
  CHECK(some == r.someBest);
  CHECK(some > 0);
  CHECK(lower == r.lowerBound);
  CHECK(passed == ra.positions());
  CHECK(ko == ra.koStates());
  // The exact positions have the unranked table's values; each list a non-empty part of the
  // full one, marked SOME_BEST exactly when it is a strict part. The open ones hold their
  // lower bound, which lookup does not give as a value.
  const std::vector<solve::SolutionEntry> full = a.exactEntries();
  CHECK(full.size() == r.exact);
  for (const solve::SolutionEntry& f : full) {
    const solve::SolutionEntry* e = t.find(f.key);
    REQUIRE(e != nullptr);
    INFO("position " << e->key << " value " << e->value);
    CHECK(e->value == f.value);
    CHECK((e->best & solve::LOWER_BOUND) == 0);
    const uint64_t listed = e->best & ~solve::SOME_BEST;
    CHECK(listed != 0);
    CHECK((listed & ~f.best) == 0);
    CHECK(((e->best & solve::SOME_BEST) != 0) == (listed != f.best));
  }
  uint64_t openPositions = 0;
  for (const solve::SolutionEntry& e : t.entries()) {
    if ((e.key & solve::PASSED_KEY) || solve::koOfKey(g, e.key) >= 0) continue;
    if (!(e.best & solve::LOWER_BOUND)) continue;
    ++openPositions;
    int value = 0;
    uint64_t best = 0;
    CHECK_FALSE(t.lookup(e.key & g.all(), e.key >> 32, value, best));
  }
  CHECK(openPositions == r.open);
  CHECK(openPositions > 0);
  // States that cannot be are refused, not looked up.
  int v = 0;
  uint64_t m = 0;
  REQUIRE(t.lookupState(0, 0, -1, true, v, m));
  CHECK_FALSE(t.lookupState(0, 0, 3, true, v, m));               // a ko after a pass
  CHECK_FALSE(t.lookupState(Mask{1} << 9, 0, -1, false, v, m));  // off the board
  CHECK_FALSE(t.lookupState(1, 1, -1, false, v, m));             // one point twice
  CHECK_FALSE(t.lookupState(1, 2, 9, false, v, m));              // a ko point off the board
  int value = 0;
  uint64_t best = 0;
  REQUIRE(t.lookup(0, 0, value, best));
  CHECK(value == 9);
  CHECK((best & ~solve::SOME_BEST) == (Mask{1} << 4));
  // Ranks are the hash analysis's.
  RetroOptions direct = ranked(2);
  direct.lookup = RetroOptions::Lookup::Direct;
  CHECK_THROWS_AS(solve::buildRetrogradeTable(g, dir / "d.fgt", direct), engine::InputError);
  CHECK(solve::chosenLookup(Geometry(4, 5), ranked(2)) == RetroOptions::Lookup::Hash);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a ranked table answers every state, with its bounds and a game played to the end",
          "[solve][retrograde][ranks][tables]") {
  const auto dir = solve_test::tempDir("solve", "retrograde_ranks_answer");
  int open = 0, withKo = 0, passed = 0, cycles = 0;
  for (const auto& [w, h] : std::vector<std::array<int, 2>>{{1, 5}, {2, 3}, {3, 3}, {2, 4}}) {
    const Geometry g(w, h);
    const ForcedReference ref(g, false);
    const solve::SolutionTable t = rankedTable(g, dir);
    REQUIRE(t.holdsStates());
    for (size_t i = 0; i < ref.size(); ++i) {
      const solve::testing::State& s = ref.state(i);
      const Color mover = s.whiteToMove ? Color::White : Color::Black;
      solve::Position p;
      p.black = s.black, p.white = s.white, p.toMove = mover, p.ko = s.ko, p.passes = s.passes;
      if (i % 2) p.history = {0x5u, 0x7u << 3};  // no part under simple ko alone
      INFO(w << "x" << h << " black " << s.black << " white " << s.white
             << (s.whiteToMove ? " white" : " black") << " to move, ko " << s.ko << ", passes "
             << s.passes);
      solve::SolveResult r;
      REQUIRE(solve::solveFromTable(t, p, 0.5, r));
      // The twin's bounds are Black's, komi aside.
      CHECK(r.lower == ref.lower(i) + 0.5);
      CHECK(r.upper == ref.upper(i) + 0.5);
      CHECK(r.exact == (ref.lower(i) == ref.upper(i)));
      open += !r.exact, withKo += s.ko >= 0, passed += s.passes == 1;
      // The game both sides play from the table: legal moves, ending with two passes in a
      // row at a score within the bounds (the value, when exact), unless neither side's
      // lower bound is above the least value: the game may then go round a ko cycle, and
      // the variation stops before a state would come again.
      REQUIRE_FALSE(r.pv.empty());
      const bool mayCycle = ref.lower(i) == -g.points() && ref.upper(i) == g.points();
      CHECK(std::find(r.best.begin(), r.best.end(), r.pv.front()) != r.best.end());
      solve::CompactBoard b(g);
      b.setRaw(s.black, s.white, s.ko, s.ko >= 0 ? mover : Color::Empty);
      Color c = mover;
      int passes = s.passes;
      for (size_t k = 0; k < r.pv.size(); ++k) {
        const int m = r.pv[k];
        if (m < 0) {
          ++passes;
          b.pass(c);
        } else {
          REQUIRE(b.isLegal(m, c));
          b.play(m, c);
          passes = 0;
        }
        CHECK((passes == 2) == (k + 1 == r.pv.size() && (passes == 2 || !mayCycle)));
        c = engine::opponent(c);
      }
      if (mayCycle && passes < 2) {
        ++cycles;
        continue;
      }
      REQUIRE(passes == 2);
      const int score = b.areaScore();
      CHECK(score >= ref.lower(i));
      CHECK(score <= ref.upper(i));
    }
  }
  CHECK(open > 0);
  CHECK(withKo > 0);
  CHECK(passed > 0);
  CHECK(cycles > 0);
  // A table of positions answers positions only.
  const Geometry g(3, 3);
  RetroOptions plain;
  plain.threads = 2;
  solve::buildRetrogradeTable(g, dir / "plain.fgt", plain);
  const solve::SolutionTable positions =
      solve::SolutionTable::load(dir / "plain.fgt", g, solve::Rules::named("simple-forced"));
  CHECK_FALSE(positions.holdsStates());
  solve::Position p;
  solve::SolveResult r;
  REQUIRE(solve::solveFromTable(positions, p, 0, r));
  CHECK(r.value == 9);
  CHECK(r.pv.empty());
  p.passes = 1;
  CHECK_FALSE(solve::solveFromTable(positions, p, 0, r));
  std::filesystem::remove_all(dir);
}

TEST_CASE("advise answers every position from a ranked table, each move with its own value",
          "[solve][retrograde][ranks][advise]") {
  const auto dir = solve_test::tempDir("solve", "retrograde_ranks_advise");
  for (const auto& [w, h] : std::vector<std::array<int, 2>>{{3, 3}, {2, 4}}) {
    const Geometry g(w, h);
    const ForcedReference ref(g, false);
    const solve::SolutionTable t = rankedTable(g, dir);
    solve::AdviseBudget budget;
    budget.rules = solve::Rules::named("simple-forced");
    budget.rules.komi = 0.5;
    budget.table = &t;
    budget.maxSeconds = 0;
    budget.maxNodes = 1;  // a search could not answer: every answer is the table's
    int open = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
      const solve::testing::State& s = ref.state(i);
      if (s.ko >= 0 || s.passes != 0) continue;  // an engine board holds neither here
      const Color mover = s.whiteToMove ? Color::White : Color::Black;
      solve::CompactBoard b(g);
      b.setStones(s.black, s.white);
      const engine::Board board = b.toEngine();
      // Some history, which plays no part under simple ko alone.
      budget.history.assign(i % 2, solve::CompactBoard(g).toEngine());
      INFO(w << "x" << h << " black " << s.black << " white " << s.white
             << (s.whiteToMove ? " white" : " black") << " to move");
      const solve::Advice a = solve::advise(board, mover, budget);
      const bool exact = ref.lower(i) == ref.upper(i);
      CHECK(a.kind == (exact ? solve::AdviceKind::Table : solve::AdviceKind::Bounded));
      CHECK(a.lower == ref.lower(i) + 0.5);
      CHECK(a.upper == ref.upper(i) + 0.5);
      CHECK(a.nodes == 0);
      open += !exact;
      // Each legal move, with the bounds of the state it leads to.
      REQUIRE(a.moves.size() == ref.children(i).size());
      for (const ForcedReference::Child& c : ref.children(i)) {
        REQUIRE(c.index >= 0);
        const engine::Point at = c.move < 0 ? engine::PASS : board.point(g.x(c.move), g.y(c.move));
        const auto m = std::find_if(a.moves.begin(), a.moves.end(),
                                    [at](const solve::AdvisedMove& x) { return x.point == at; });
        REQUIRE(m != a.moves.end());
        CHECK(m->lower == ref.lower(c.index) + 0.5);
        CHECK(m->upper == ref.upper(c.index) + 0.5);
      }
      // Best first for the mover: the first move's bound the mover counts on is the state's.
      const bool black = mover == Color::Black;
      CHECK((black ? a.moves.front().lower : a.moves.front().upper) == (black ? a.lower : a.upper));
    }
    CHECK(open > 0);
  }
  std::filesystem::remove_all(dir);
}
