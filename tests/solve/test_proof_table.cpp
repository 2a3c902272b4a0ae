// Proof tables (solve/proof_table.hpp): every entry against the complete table of the same
// board, the walk's positions all present, a build stopped and resumed from its saved
// solver table giving the same bytes, and bad requests refused.
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <climits>
#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "solve/advise.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/forced_walk.hpp"
#include "solve/proof_table.hpp"
#include "solve/table_build.hpp"
#include "tables/errors.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"
#include "temp_files.hpp"

using namespace solve;
namespace fs = std::filesystem;
using solve_test::fileBytes;
using solve_test::tempDir;

namespace {

ProofTableOptions proofOptions(const fs::path& out) {
  ProofTableOptions o;
  o.out = out;
  o.search.ttLog2 = 17;
  return o;
}

// The complete table of the board, built into `out` and loaded.
SolutionTable completeTable(const Geometry& g, const fs::path& out) {
  TableBuildOptions co;
  co.out = out;
  REQUIRE(buildSolutionTable(g, co).complete);
  return SolutionTable::load(out, g, Rules{});
}

// Walks the proof from the root through the table alone, as the build does
// (checkProofTable, which the test "the proof check passes..." checks on its own), and
// counts the positions; fails a check at any position the table lacks.
size_t walkTable(const Geometry& g, const SolutionTable& t, Mask rootOwn, Mask rootOpp) {
  const ProofCheck c = checkProofTable(g, t, SolveOptions{}, 10'000'000, rootOwn, rootOpp);
  CHECK(c.missing == 0);
  return c.positions;
}

}  // namespace

TEST_CASE("a proof table agrees with the complete table and holds its whole walk") {
  const fs::path dir = tempDir("proof", "agree");
  for (const auto& [w, h, rootValue] :
       {std::tuple{3, 3, 9}, std::tuple{3, 2, 0}, std::tuple{4, 2, 8}}) {
    const Geometry g(w, h);
    const SolutionTable complete = completeTable(g, dir / "complete.fgt");
    const ProofTableResult r = buildProofTable(g, proofOptions(dir / "proof.fgt"));
    REQUIRE(r.complete);
    CHECK(r.rootValue == rootValue);
    const SolutionTable proof = SolutionTable::load(dir / "proof.fgt", g, Rules{});
    CHECK(proof.entries().size() == r.entries);
    CHECK(proof.entries().size() > 1);
    CHECK(proof.entries().size() < complete.entries().size());
    size_t same = 0;
    for (const SolutionEntry& e : proof.entries()) {
      int value = 0;
      uint64_t best = 0;
      REQUIRE(complete.lookup(e.key & 0xFFFFFFFFu, e.key >> 32, value, best));
      same += value == e.value && best == e.best;
    }
    CHECK(same == proof.entries().size());
    // Every position of the walk is in the table, and the table holds nothing else.
    CHECK(walkTable(g, proof, 0, 0) >= proof.entries().size());
    fs::remove(dir / "proof.fgt.state");
  }
  fs::remove_all(dir);
}

// checkProofTable (fgo tables verify --proof): the proof tables of this test's boards and
// the 3x4 first-best one pass, with relations searched where the history could matter;
// copies with one entry dropped, a leaf's value changed, an inner value changed, or a
// listed move changed are refused, each by the check that names the fault.
TEST_CASE("the proof check passes proof tables and finds each kind of fault") {
  const fs::path dir = tempDir("proof", "check");
  for (const auto& [w, h, firstBest] : {std::tuple{3, 3, false}, std::tuple{4, 2, false},
                                        std::tuple{3, 4, true}, std::tuple{4, 3, false}}) {
    INFO(w << "x" << h << (firstBest ? " first-best" : ""));
    const Geometry g(w, h);
    ProofTableOptions o = proofOptions(dir / "proof.fgt");
    o.allBest = !firstBest;
    const ProofTableResult r = buildProofTable(g, o);
    REQUIRE(r.complete);
    const SolutionTable t = SolutionTable::load(dir / "proof.fgt", g, Rules{});
    const ProofCheck c = checkProofTable(g, t, SolveOptions{});
    CHECK(c.ok());
    CHECK(c.rootValue == r.rootValue);
    CHECK(c.positions == r.entries);
    CHECK(c.unreached == 0);
    CHECK(c.leaves > 0);
    CHECK(c.searched > 0);
    CHECK(c.passes > 0);
    CHECK(c.open == 0);
    if (w * h < 12) {
      fs::remove(dir / "proof.fgt.state");
      continue;
    }
    // Faults, each in a copy of the table.
    const tables::Table file = tables::readTable(dir / "proof.fgt");
    auto checkCopy = [&](std::vector<SolutionEntry> entries) {
      tables::TableMeta m = file.header.meta;
      m.entryCount = entries.size();
      tables::writeTable(dir / "bad.fgt", m, SolutionTable::encode(entries));
      return checkProofTable(g, SolutionTable::load(dir / "bad.fgt", g, Rules{}), SolveOptions{});
    };
    const std::vector<SolutionEntry>& entries = t.entries();
    // An entry dropped (the root's first move's position is one of the walk's).
    std::vector<SolutionEntry> dropped = entries;
    dropped.erase(dropped.begin() + static_cast<std::ptrdiff_t>(dropped.size() / 2));
    const ProofCheck d = checkCopy(dropped);
    CHECK_FALSE(d.ok());
    CHECK(d.missing == 1);
    // A leaf's value, an inner position's value, and a listed move changed.
    bool leafDone = false, innerDone = false, moveDone = false;
    for (size_t i = 0; i < entries.size() && !(leafDone && innerDone && moveDone); ++i) {
      const Mask own = entries[i].key & 0xFFFFFFFFu, opp = entries[i].key >> 32;
      const ScoreBounds b = boundsAfterPasses(g, own, opp, 0);
      std::vector<SolutionEntry> bad = entries;
      if (b.lower == b.upper && !leafDone) {
        bad[i].value += 2;
        const ProofCheck e = checkCopy(bad);
        CHECK_FALSE(e.ok());
        CHECK(e.leafWrong == 1);
        leafDone = true;
      } else if (b.lower != b.upper && !innerDone && entries[i].value < b.upper - 2) {
        bad[i].value += 2;
        CHECK_FALSE(checkCopy(bad).ok());
        innerDone = true;
      } else if (b.lower != b.upper && !moveDone && i > 0 &&
                 std::popcount(entries[i].best & g.all()) == 1 && !(entries[i].best & PASS_BIT)) {
        // The listed move replaced by another legal point that is not optimal.
        CompactBoard board(g);
        board.setRaw(own, opp, -1, engine::Color::Empty);
        int value = 0;
        uint64_t unused = 0;
        for (int p = 0; p < g.points(); ++p) {
          if (!board.isLegal(p, engine::Color::Black) || (entries[i].best >> p & 1)) continue;
          CompactBoard next = board;
          next.play(p, engine::Color::Black);
          if (!t.lookup(next.white(), next.black(), value, unused) || -value == entries[i].value) {
            continue;
          }
          bad[i].best = (entries[i].best & ~g.all()) | (uint64_t{1} << p);
          const ProofCheck e = checkCopy(bad);
          CHECK_FALSE(e.ok());
          CHECK(e.moveWrong + e.replyBetter + e.missing > 0);
          moveDone = true;
          break;
        }
      }
    }
    CHECK(leafDone);
    CHECK(innerDone);
    CHECK(moveDone);
    fs::remove(dir / "proof.fgt.state");
  }
  fs::remove_all(dir);
}

TEST_CASE("the other exact positions of the solver's table agree with the complete table") {
  // harvest: positions beyond the walk, each checked against the complete table: the same
  // value; the moves listed all optimal, and all of them when not marked partial.
  const fs::path dir = tempDir("proof", "harvest");
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{4, 2}, std::pair{3, 2}}) {
    INFO(w << "x" << h);
    const Geometry g(w, h);
    const SolutionTable complete = completeTable(g, dir / "complete.fgt");
    const ProofTableResult plain = buildProofTable(g, proofOptions(dir / "plain.fgt"));
    fs::remove(dir / "plain.fgt.state");
    REQUIRE(plain.complete);
    for (const bool allBest : {true, false}) {
      for (const uint64_t budget : {uint64_t{1}, uint64_t{100000}}) {
        INFO("allBest " << allBest << ", budget " << budget);
        ProofTableOptions o = proofOptions(dir / "h.fgt");
        o.allBest = allBest;
        o.harvest = true;
        o.harvestNodes = budget;
        const ProofTableResult r = buildProofTable(g, o);
        fs::remove(dir / "h.fgt.state");
        REQUIRE(r.complete);
        CHECK(r.rootValue == plain.rootValue);
        CHECK(r.harvested > 0);
        CHECK(r.entries == plain.entries + r.harvested);
        if (budget == 1) CHECK(r.valueOnly > 0);
        if (budget > 1) CHECK(r.valueOnly * 10 <= r.harvested);
        const SolutionTable t = SolutionTable::load(dir / "h.fgt", g, Rules{});
        REQUIRE(t.entries().size() == r.entries);
        for (const SolutionEntry& e : t.entries()) {
          int value = 0;
          uint64_t best = 0;
          const Mask own = e.key & 0xFFFFFFFFu, opp = e.key >> 32;
          REQUIRE(complete.lookup(own, opp, value, best));
          int sym = 0;
          CHECK(canonicalKey(g, own, opp, sym) == e.key);
          CHECK(value == e.value);
          const uint64_t listed = e.best & ~SOME_BEST;
          CHECK((listed & ~best) == 0);
          if (!(e.best & SOME_BEST)) CHECK(listed == best);
        }
        CHECK(walkTable(g, t, 0, 0) > 0);  // the walk still finds every position it needs
      }
    }
  }
  // The longest table note: Tromp-Taylor rules, first-best, harvest.
  ProofTableOptions o = proofOptions(dir / "tt.fgt");
  o.rules = Rules::named("tromp-taylor");
  o.allBest = false;
  o.harvest = true;
  CHECK(buildProofTable(Geometry(3, 2), o).complete);
  fs::remove_all(dir);
}

TEST_CASE("the order of the first-best move tests") {
  // 3x3, X.X/XXX/X.X for the mover: the empty points 1 and 7 are its single-point eyes,
  // so they come last among the points; the area score is 9.
  const Geometry g(3, 3);
  const Mask own = g.all() & ~(Mask{1} << 1) & ~(Mask{1} << 7);
  std::vector<int> o = moveTestOrder(g, own, 0, 9);
  REQUIRE(o.size() == 10);
  CHECK(o.front() == -1);       // area score 9 = the value: the pass first
  CHECK(o[o.size() - 2] == 1);  // the eyes last, centre first among them (1 before 7: the
  CHECK(o.back() == 7);         // same distance, lower number first)
  o = moveTestOrder(g, own, 0, 8);
  CHECK(o.back() == -1);  // not the value: the pass last
  CHECK(o[o.size() - 3] == 1);
  // A self-atari after the other points: in the 4x5 position where a build stalled in
  // session 29, D4 (point 7) leaves Black's six stones with one liberty, C1 (point 18)
  // captures; centre first, D4 would come first.
  {
    const Geometry g45(4, 5);
    std::string d = "OOOO/OOX./OXXX/OOXO/OO.O";
    std::replace(d.begin(), d.end(), '/', '\n');
    engine::BoardSize size;
    const Position p = positionFromDiagram(d, engine::Color::Black, size);
    const std::vector<int> o45 = moveTestOrder(g45, p.black, p.white, 20);
    const auto at = [&](int q) { return std::find(o45.begin(), o45.end(), q) - o45.begin(); };
    CHECK(g45.centreRank(7) < g45.centreRank(18));
    CHECK(at(18) < at(7));
    CHECK(o45.back() == -1);
  }
  // The empty board: plain centre order, then the pass.
  o = moveTestOrder(g, 0, 0, 9);
  CHECK(o.front() == 4);
  CHECK(o.back() == -1);
  for (int i = 0; i < 9; ++i) CHECK(o[i] == g.centreFirst()[i]);
}

TEST_CASE("a first-best proof table has the same positions, one optimal move each") {
  const fs::path dir = tempDir("proof", "first");
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{4, 3}, std::pair{4, 2}}) {
    INFO(w << "x" << h);
    const Geometry g(w, h);
    const ProofTableResult all = buildProofTable(g, proofOptions(dir / "all.fgt"));
    fs::remove(dir / "all.fgt.state");
    ProofTableOptions o = proofOptions(dir / "first.fgt");
    o.allBest = false;
    const ProofTableResult first = buildProofTable(g, o);
    fs::remove(dir / "first.fgt.state");
    REQUIRE(all.complete);
    REQUIRE(first.complete);
    CHECK(first.rootValue == all.rootValue);
    CHECK(first.nodes < all.nodes);
    const SolutionTable a = SolutionTable::load(dir / "all.fgt", g, Rules{});
    const SolutionTable f = SolutionTable::load(dir / "first.fgt", g, Rules{});
    REQUIRE(f.entries().size() == a.entries().size());
    size_t fewer = 0, staticLists = 0, reordered = 0;
    for (size_t i = 0; i < a.entries().size(); ++i) {
      const SolutionEntry& x = a.entries()[i];
      const SolutionEntry& y = f.entries()[i];
      REQUIRE(x.key == y.key);
      CHECK(x.value == y.value);
      // The first optimal move in moveTestOrder, marked as a partial list. At a leaf
      // (static bounds give its value) the first move in that order after which the static
      // bounds give the value, when there is one.
      CHECK_FALSE(x.best & SOME_BEST);
      const Mask own = x.key & 0xFFFFFFFFu, opp = x.key >> 32;
      const std::vector<int> order = moveTestOrder(g, own, opp, x.value);
      uint64_t expected = 0;
      for (const int p : order) {
        const uint64_t bit = p < 0 ? PASS_BIT : uint64_t{1} << p;
        if (x.best & bit) {
          expected = bit;
          break;
        }
      }
      REQUIRE(expected != 0);
      // The order's effect: the pass or a point taken before an optimal point that comes
      // earlier in plain centre order.
      for (int i = 0; i < g.points(); ++i) {
        const int p = g.centreFirst()[i];
        if (x.best >> p & 1) {
          reordered += expected != uint64_t{1} << p;
          break;
        }
      }
      const ScoreBounds b = boundsAfterPasses(g, own, opp, 0);
      if (b.lower == b.upper && y.best != (expected | SOME_BEST)) {
        ++staticLists;
        CHECK(std::popcount(y.best & ~SOME_BEST) == 1);
        CHECK((y.best & SOME_BEST) != 0);
        CHECK((y.best & ~SOME_BEST & ~x.best) == 0);  // an optimal move
        // The static bounds show it optimal, and no move before it in the order.
        CompactBoard board(g);
        board.setRaw(own, opp, -1, engine::Color::Empty);
        uint64_t shown = 0;
        for (const int p : order) {
          ScoreBounds c{};
          if (p < 0) {
            c = boundsAfterPasses(g, opp, own, 1);
          } else {
            if (!board.isLegal(p, engine::Color::Black)) continue;
            CompactBoard next = board;
            next.play(p, engine::Color::Black);
            c = boundsAfterPasses(g, next.white(), next.black(), 0);
          }
          if (c.lower == c.upper && c.lower == -x.value) {
            shown = p < 0 ? PASS_BIT : uint64_t{1} << p;
            break;
          }
        }
        CHECK(y.best == (shown | SOME_BEST));
      } else {
        CHECK(y.best == (expected | SOME_BEST));
      }
      fewer += y.best != x.best;
    }
    CHECK(fewer > 0);
    if (w == 4 && h == 3) CHECK(staticLists > 0);  // leaves whose move the statics named
    CHECK(reordered > 0);  // the pass or a non-eye point before an earlier optimal point
    CHECK(walkTable(g, f, 0, 0) >= f.entries().size());
  }
  fs::remove_all(dir);
}

TEST_CASE("a first-best table's lists are read as partial by advise and fgo solve --table") {
  // Every position of 4x3's first-best table, advised from it and from the all-moves
  // table: a move the full list calls optimal must keep the value within its bounds,
  // however the first-best list names only one (before SOME_BEST, advise called the others
  // strictly worse).
  const fs::path dir = tempDir("proof", "partial");
  const Geometry g(4, 3);
  REQUIRE(buildProofTable(g, proofOptions(dir / "all.fgt")).complete);
  ProofTableOptions o = proofOptions(dir / "first.fgt");
  o.allBest = false;
  REQUIRE(buildProofTable(g, o).complete);
  const SolutionTable all = SolutionTable::load(dir / "all.fgt", g, Rules{});
  const SolutionTable first = SolutionTable::load(dir / "first.fgt", g, Rules{});
  int unlisted = 0;
  for (const SolutionEntry& e : first.entries()) {
    const Mask own = e.key & 0xFFFFFFFFu, opp = e.key >> 32;
    std::string diagram;
    for (int p = 0; p < g.points(); ++p) {
      diagram += (own >> p & 1) ? "X " : (opp >> p & 1) ? "O " : ". ";
      if (g.x(p) == g.width() - 1) diagram += "\n";
    }
    const engine::Board board = engine::parseBoard(diagram);
    AdviseBudget budget;
    budget.table = &all;
    const Advice full = advise(board, engine::Color::Black, budget);
    budget.table = &first;
    const Advice part = advise(board, engine::Color::Black, budget);
    REQUIRE(full.kind == AdviceKind::Table);
    REQUIRE(part.kind == AdviceKind::Table);
    CHECK(part.lower == full.lower);
    REQUIRE(part.moves.size() == full.moves.size());
    CHECK(part.moves.front().exact());
    for (const AdvisedMove& m : full.moves) {
      if (!m.exact()) continue;  // the full list: exact means optimal
      const auto it = std::find_if(part.moves.begin(), part.moves.end(),
                                   [&](const AdvisedMove& x) { return x.point == m.point; });
      REQUIRE(it != part.moves.end());
      CHECK(it->lower <= m.lower);
      CHECK(it->upper >= m.lower);
      unlisted += !it->exact();
    }
    Position pos;
    pos.black = own, pos.white = opp;
    SolveResult a, f;
    REQUIRE(solveFromTable(all, pos, 0, a));
    REQUIRE(solveFromTable(first, pos, 0, f));
    CHECK(a.allBest);
    CHECK_FALSE(f.allBest);
    CHECK(f.best.size() == 1);
  }
  CHECK(unlisted > 100);  // optimal moves the first-best table leaves out
  fs::remove_all(dir);
}

TEST_CASE("a proof build's progress names the position being solved") {
  // Reports from inside the solves carry their position (so that fgo can print a slow
  // one); each is a position of the finished table, and its diagram reads back.
  const Geometry g(4, 3);
  const fs::path dir = tempDir("proof", "named");
  ProofTableOptions o = proofOptions(dir / "p.fgt");
  o.progressSeconds = 1e-9;
  std::vector<BuildProgress> inside;
  o.onProgress = [&](const BuildProgress& p) {
    if (p.solving) inside.push_back(p);
  };
  REQUIRE(buildProofTable(g, o).complete);
  REQUIRE(inside.size() > 10);
  const SolutionTable t = SolutionTable::load(dir / "p.fgt", g, Rules{});
  for (const BuildProgress& p : inside) {
    int value = 0;
    uint64_t best = 0;
    CHECK(t.lookup(p.solvingBlack, p.solvingWhite, value, best));
    int sym = 0;
    CHECK(canonicalKey(g, p.solvingBlack, p.solvingWhite, sym) ==
          (p.solvingBlack | uint64_t{p.solvingWhite} << 32));
    CHECK(p.solvingSeconds >= 0);
    CHECK(p.solvingSeconds <= p.seconds);
    engine::BoardSize size;
    std::string diagram = diagramOf(g, p.solvingBlack, p.solvingWhite);
    std::replace(diagram.begin(), diagram.end(), '/', '\n');  // as fgo reads it
    const Position back = positionFromDiagram(diagram, engine::Color::Black, size);
    CHECK(size.width == 4);
    CHECK(size.height == 3);
    CHECK(back.black == p.solvingBlack);
    CHECK(back.white == p.solvingWhite);
  }
  // The diagram's form: rows top first, '/' between them.
  CHECK(diagramOf(Geometry(3, 2), Mask{1} << 0, Mask{1} << 5) == "X../..O");
  fs::remove_all(dir);
}

TEST_CASE("table entries: the partial-list and lower-bound bits are read, higher bits refused") {
  std::vector<SolutionEntry> entries(2);
  entries[0].key = 5, entries[0].value = 3, entries[0].best = SOME_BEST | 2;
  entries[1].key = 9, entries[1].value = -1, entries[1].best = PASS_BIT | LOWER_BOUND;
  const std::vector<uint8_t> ok = SolutionTable::encode(entries);
  CHECK(SolutionTable::decode(ok, 2, "mem") == entries);
  entries[1].best = LOWER_BOUND << 1;
  const std::vector<uint8_t> bad = SolutionTable::encode(entries);
  CHECK_THROWS_AS(SolutionTable::decode(bad, 2, "mem"), tables::TableError);
}

TEST_CASE("a proof table build stopped and resumed writes the same bytes") {
  const Geometry g(4, 3);
  const fs::path dir = tempDir("proof", "resume");
  ProofTableOptions whole = proofOptions(dir / "whole.fgt");
  const ProofTableResult w = buildProofTable(g, whole);
  REQUIRE(w.complete);
  CHECK(w.rootValue == 4);
  ProofTableOptions part = proofOptions(dir / "part.fgt");
  part.checkpointSeconds = 1e-9;  // the solver's table saved after every position
  part.maxSeconds = 0.02;
  const ProofTableResult p = buildProofTable(g, part);
  CHECK_FALSE(p.complete);
  CHECK_FALSE(fs::exists(dir / "part.fgt"));
  REQUIRE(fs::exists(dir / "part.fgt.state"));
  part.maxSeconds = 0;
  part.checkpointSeconds = 600;
  const ProofTableResult resumed = buildProofTable(g, part);
  CHECK(resumed.resumed);
  REQUIRE(resumed.complete);
  CHECK(resumed.entries == w.entries);
  CHECK(fileBytes(dir / "part.fgt") == fileBytes(dir / "whole.fgt"));
  // A root with stones, White's turn in it: its value agrees with the complete table.
  TableBuildOptions co;
  co.out = dir / "complete.fgt";
  REQUIRE(buildSolutionTable(Geometry(3, 3), co).complete);
  ProofTableOptions stones = proofOptions(dir / "stones.fgt");
  stones.own = Mask{1} << 0;  // the mover has a corner stone, the other side the centre
  stones.opp = Mask{1} << 4;
  const ProofTableResult s = buildProofTable(Geometry(3, 3), stones);
  REQUIRE(s.complete);
  int value = 0;
  uint64_t best = 0;
  REQUIRE(SolutionTable::load(co.out, Geometry(3, 3), Rules{})
              .lookup(stones.own, stones.opp, value, best));
  CHECK(s.rootValue == value);
  fs::remove_all(dir);
}

TEST_CASE("proof table builds refuse what they cannot do") {
  const Geometry g(2, 2);
  const fs::path dir = tempDir("proof", "refuse");
  ProofTableOptions o = proofOptions(dir / "t.fgt");
  o.rules.komi = 0.5;
  CHECK_THROWS_AS(buildProofTable(g, o), engine::InputError);
  o.rules = Rules::named("simple-forced");
  CHECK_THROWS_AS(buildProofTable(g, o), engine::InputError);
  o.rules = Rules{};
  o.own = 0b0011, o.opp = 0b1100;  // no liberties
  CHECK_THROWS_AS(buildProofTable(g, o), engine::InputError);
  o.own = 1, o.opp = 1;
  CHECK_THROWS_AS(buildProofTable(g, o), engine::InputError);
  o.own = o.opp = 0;
  o.out.clear();
  CHECK_THROWS_AS(buildProofTable(g, o), engine::InputError);
  fs::remove_all(dir);
}

namespace {

// A simple-forced proof build: first-best, MTD(f) from `guess`, one-sided tests that run
// only the search the guess predicts (as for 5x5).
ProofTableOptions forcedOptions(const fs::path& out, int guess) {
  ProofTableOptions o = proofOptions(out);
  o.rules = Rules::named("simple-forced");
  o.allBest = false;
  o.search.bisect = false;
  o.search.firstGuess = guess;
  o.search.oneSidedFirstOnly = true;
  o.search.maxDepth = 60;
  return o;
}

}  // namespace

// Simple-forced proof tables (solve/proof_table.hpp, walkForced): every entry, a game state
// that may carry its ko point, solved again from scratch by a solver of its own (two-sided
// tests, no shared table) gives the stored value; 3x3's proof needs a ko's ban; the check
// passes the table and refuses copies with a ko entry dropped or an inner value changed.
TEST_CASE("simple-forced proof tables keep ko points and every entry is solved again") {
  const fs::path dir = tempDir("proof", "forced");
  const Rules forced = Rules::named("simple-forced");
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{4, 2}, std::pair{2, 6}}) {
    INFO(w << "x" << h);
    const Geometry g(w, h);
    const ProofTableResult r = buildProofTable(g, forcedOptions(dir / "f.fgt", g.points()));
    REQUIRE(r.complete);
    CHECK(r.rootValue == g.points());
    const SolutionTable t = SolutionTable::load(dir / "f.fgt", g, forced);
    CHECK(t.entries().size() == r.entries);
    SolveOptions twin;
    twin.rules = forced;
    twin.bestMoves = twin.principalVariation = false;
    twin.maxDepth = 60;
    twin.ttLog2 = 16;
    size_t withKo = 0;
    for (const SolutionEntry& e : t.entries()) {
      const Mask own = e.key & g.all(), opp = e.key >> 32;
      const int ko = koOfKey(g, e.key);
      REQUIRE(legalPosition(g, own, opp));
      int sym = 0;
      REQUIRE(canonicalKeyWithKo(g, own, opp, ko, sym) == e.key);
      if (ko >= 0) {
        ++withKo;
        REQUIRE(!((own | opp) >> ko & 1));
      }
      CHECK(std::abs(e.value) == g.points());
      Position p;
      p.black = own, p.white = opp, p.ko = ko;
      Solver fresh(g, twin);
      const SolveResult s = fresh.solve(p);
      REQUIRE(s.exact);
      CHECK(static_cast<int>(s.value) == e.value);
    }
    if (w == 3 && h == 3) CHECK(withKo > 0);  // .OX/OXX/.X. needs its ban
    SolveOptions so;
    so.rules = forced;
    const ProofCheck c = checkProofTable(g, t, so);
    CHECK(c.ok());
    CHECK(c.rootValue == g.points());
    CHECK(c.positions == r.entries);
    CHECK(c.unreached == 0);
    CHECK(c.open == 0);
    // Faults, each in a copy of the table.
    const tables::Table file = tables::readTable(dir / "f.fgt");
    auto checkCopy = [&](std::vector<SolutionEntry> entries) {
      tables::TableMeta m = file.header.meta;
      m.entryCount = entries.size();
      tables::writeTable(dir / "bad.fgt", m, SolutionTable::encode(entries));
      return checkProofTable(g, SolutionTable::load(dir / "bad.fgt", g, forced), so);
    };
    std::vector<SolutionEntry> entries = t.entries();
    for (size_t i = 0; i < entries.size(); ++i) {
      if (koOfKey(g, entries[i].key) < 0) continue;
      std::vector<SolutionEntry> dropped = entries;
      dropped.erase(dropped.begin() + static_cast<std::ptrdiff_t>(i));
      const ProofCheck d = checkCopy(dropped);
      CHECK_FALSE(d.ok());
      CHECK(d.missing == 1);
      break;
    }
    for (size_t i = 0; i < entries.size(); ++i) {  // an inner value: the other side's best
      const Mask own = entries[i].key & g.all(), opp = entries[i].key >> 32;
      const ScoreBounds b = boundsAfterPasses(g, own, opp, 0);
      if (b.lower == b.upper || entries[i].value != -g.points()) continue;
      std::vector<SolutionEntry> bad = entries;
      bad[i].value += 2;
      const ProofCheck d = checkCopy(bad);
      CHECK_FALSE(d.ok());
      CHECK(d.moveWrong + d.replyBetter + d.notAttained > 0);
      break;
    }
    fs::remove(dir / "f.fgt.state");
  }
  fs::remove_all(dir);
}

// The optional rules decide the leaves: a 3x5 table built with them passes the check made
// with them and fails the one made without (positions their bounds settle are walked on).
TEST_CASE("a simple-forced proof table is checked with the optional rules it was built with") {
  const fs::path dir = tempDir("proof", "forced-rules");
  const Geometry g(3, 5);
  ProofTableOptions o = forcedOptions(dir / "f.fgt", 15);
  o.search.safety.answers = o.search.safety.links = true;
  o.search.safety.held = 2;
  const ProofTableResult r = buildProofTable(g, o);
  REQUIRE(r.complete);
  CHECK(r.rootValue == 15);
  const SolutionTable t = SolutionTable::load(dir / "f.fgt", g, o.rules);
  SolveOptions so;
  so.rules = o.rules;
  CHECK_FALSE(checkProofTable(g, t, so).ok());
  so.safety = o.search.safety;
  const ProofCheck c = checkProofTable(g, t, so);
  CHECK(c.ok());
  CHECK(c.positions == r.entries);
  fs::remove_all(dir);
}

// A simple-forced build keeps its whole walk as a checkpoint (a proof-walk file beside the
// solver's table, solve/forced_walk.hpp): a build stopped part-way resumes from it, also
// without the solver's table and on two walkers, and its table passes the check; the walk's file
// goes once the table is written. A damaged walk file, or one of other static-bound rules or
// another root, is refused and left as it was.
TEST_CASE("a simple-forced proof build stopped part-way resumes from its walk") {
  const fs::path dir = tempDir("proof", "forced-resume");
  const Geometry g(3, 5);
  ProofTableOptions o = forcedOptions(dir / "f.fgt", 15);
  const fs::path walkFile = dir / "f.fgt.state.walk";
  o.maxSeconds = 0.1;  // the whole build takes about 0.4 s (Release)
  const ProofTableResult first = buildProofTable(g, o);
  REQUIRE_FALSE(first.complete);
  REQUIRE(fs::exists(walkFile));
  CHECK_FALSE(fs::exists(o.out));
  CHECK(tables::readTableHeader(walkFile).meta.kind == tables::TableKind::ProofWalk);
  const std::vector<uint8_t> saved = [&] {
    std::ifstream in(walkFile, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
  }();
  auto refused = [&](ProofTableOptions bad, tables::TableErrorCode code) {
    try {
      buildProofTable(g, bad);
      FAIL("a walk that does not fit was taken");
    } catch (const tables::TableError& e) {
      CHECK(e.code() == code);
      CHECK(std::string(e.what()).find(walkFile.string()) != std::string::npos);
    }
    std::ifstream in(walkFile, std::ios::binary);
    CHECK(std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {}) == saved);
  };
  ProofTableOptions other = o;
  other.search.safety.answers = true;
  refused(other, tables::TableErrorCode::Mismatch);
  other = o;
  other.own = 1;
  refused(other, tables::TableErrorCode::Mismatch);
  // A damaged copy: one payload byte changed (in its middle: a build stopped in the root's
  // solve saves a walk of one position, a payload of a few dozen bytes).
  fs::copy_file(walkFile, dir / "good.walk");
  {
    const auto at = static_cast<std::streamoff>(
        tables::HEADER_BYTES + (fs::file_size(walkFile) - tables::HEADER_BYTES) / 2);
    std::fstream f(walkFile, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(at);
    char c = 0;
    REQUIRE(f.read(&c, 1));
    c = static_cast<char>(c ^ 0x5A);
    f.seekp(at);
    REQUIRE(f.write(&c, 1));
  }
  CHECK_THROWS_AS(buildProofTable(g, o), tables::TableError);
  fs::remove(walkFile);
  fs::rename(dir / "good.walk", walkFile);
  // Resumed without the solver's table, on two walkers: the walk alone carries it on.
  fs::remove(dir / "f.fgt.state");
  o.maxSeconds = 0;
  o.walkers = 2;
  const ProofTableResult done = buildProofTable(g, o);
  REQUIRE(done.complete);
  CHECK(done.resumed);
  CHECK(done.rootValue == 15);
  CHECK_FALSE(fs::exists(walkFile));
  SolveOptions so;
  so.rules = o.rules;
  const ProofCheck c = checkProofTable(g, SolutionTable::load(o.out, g, o.rules), so);
  CHECK(c.ok());
  CHECK(c.positions == done.entries);
  fs::remove_all(dir);
}

// A walk saved by layout 1 walked the other side's pass even where it ends the game: 3x3,
// Black's C2 (the centre), White's pass to the fresh start (C2 alone, Black to move) and
// Black's pass back, a cycle that needs no repair since Black's pass after White's ends
// the game with 9. Written here by hand (docs/TABLES.md, "proof walk"), the walk resumes
// with that pass dropped (walk::passEnds), so the position after it is not in the table,
// and the table passes the check; a walk of layout 3 is refused.
TEST_CASE("a simple-forced walk of layout 1 resumes with the passes that end the game dropped") {
  const fs::path dir = tempDir("proof", "forced-walk-v1");
  const Geometry g(3, 3);
  ProofTableOptions o = forcedOptions(dir / "f.fgt", 9);
  const fs::path walkFile = dir / "f.fgt.state.walk";
  constexpr uint8_t ROOT = 1, EXPANDED = 4;  // the node flags of the layout
  struct N {
    uint64_t key;
    uint64_t edges;
    int8_t move;
    uint8_t count, flags;
  };
  auto keyOf = [&](const walk::Visit& v) {
    int sym = 0;
    return canonicalKeyWithKo(g, v.own, v.opp, v.ko, sym);
  };
  const int centre = g.centreFirst()[0];
  const CompactBoard empty = walk::boardOf(g, 0, 0, -1);
  const walk::Visit w = walk::childOf(empty, centre, true);
  const CompactBoard wBoard = walk::boardOf(g, w.own, w.opp, w.ko);
  const walk::Visit b = walk::childOf(wBoard, -1, false);
  REQUIRE(walk::passEnds(g, w.own, w.opp, 9, o.search.safety));
  std::vector<N> nodes{
      {keyOf({0, 0, true, -1}), 0, static_cast<int8_t>(centre), 1, ROOT | EXPANDED},
      {keyOf(w), 1, -2, 0, EXPANDED},
      {keyOf(b), 0, -1, 1, ROOT | EXPANDED}};
  std::vector<uint32_t> edges{1, 2}, pending;  // the root's move, then W's pass
  for (int p = 0; p < g.points(); ++p) {
    if (!wBoard.isLegal(p, engine::Color::Black)) continue;
    const uint64_t k = keyOf(walk::childOf(wBoard, p, false));
    auto it = std::find_if(nodes.begin(), nodes.end(), [&](const N& x) { return x.key == k; });
    if (it == nodes.end()) {
      nodes.push_back({k, 0, -2, 0, ROOT});
      pending.push_back(static_cast<uint32_t>(nodes.size() - 1));
      it = nodes.end() - 1;
    }
    edges.push_back(static_cast<uint32_t>(it - nodes.begin()));
    ++nodes[1].count;
  }
  ++nodes[1].count;               // and the pass
  nodes[2].edges = edges.size();  // B's pass back to W
  edges.push_back(1);
  REQUIRE(nodes.size() == 5);  // the root, W, B, and White's corner and side replies
  auto write = [&](uint16_t version) {
    tables::PayloadWriter out;
    out.u64(0), out.u64(0), out.i32(9), out.u8(1);
    const SafetyRules& s = o.search.safety;
    out.u8(s.territory), out.u8(s.answers), out.i32(s.held), out.u8(s.links);
    out.u64(nodes.size());
    for (const N& x : nodes)
      out.u64(x.key), out.u64(x.edges), out.i8(x.move), out.u8(x.count), out.u8(x.flags);
    out.u64(edges.size());
    for (const uint32_t e : edges) out.u32(e);
    out.u64(pending.size());
    for (const uint32_t e : pending) out.u32(e);
    out.u64(0);
    tables::TableStreamWriter file(
        walkFile, solveTableMeta(g, solutionTableRules(o.rules), tables::TableKind::ProofWalk,
                                 version, nodes.size(), "test: a layout-1 walk"));
    file.add(out.data());
    file.finish(nodes.size());
  };
  write(3);
  try {
    buildProofTable(g, o);
    FAIL("a walk of layout 3 was taken");
  } catch (const tables::TableError& e) {
    CHECK(e.code() == tables::TableErrorCode::Mismatch);
  }
  write(1);
  const ProofTableResult r = buildProofTable(g, o);
  REQUIRE(r.complete);
  CHECK(r.resumed);
  CHECK(r.rootValue == 9);
  const SolutionTable t = SolutionTable::load(o.out, g, o.rules);
  CHECK(t.find(keyOf(w)) != nullptr);
  CHECK(t.find(keyOf(b)) == nullptr);
  SolveOptions so;
  so.rules = o.rules;
  const ProofCheck c = checkProofTable(g, t, so);
  CHECK(c.ok());
  CHECK(c.positions == r.entries);
  fs::remove_all(dir);
}

// Simple-forced builds refuse every optimal move (a test can stay open), a root whose value
// is not the whole board (4x2 "XO../....", Black to move: +1), and a root whose value is
// open (2x2, a ko cycle).
TEST_CASE("simple-forced proof table builds refuse what they cannot do") {
  const fs::path dir = tempDir("proof", "forced-refuse");
  const Geometry g(4, 2);
  ProofTableOptions o = forcedOptions(dir / "f.fgt", 8);
  o.allBest = true;
  CHECK_THROWS_AS(buildProofTable(g, o), engine::InputError);
  o = forcedOptions(dir / "f.fgt", 1);
  o.own = 1, o.opp = 2;  // X at the first point, O at the second
  try {
    buildProofTable(g, o);
    FAIL("a root worth 1 was taken");
  } catch (const engine::InputError& e) {
    CHECK(std::string(e.what()).find("whole board") != std::string::npos);
  }
  o = forcedOptions(dir / "g.fgt", 0);
  o.search.maxDepth = 24;
  CHECK_THROWS_AS(buildProofTable(Geometry(2, 2), o), engine::InputError);
  fs::remove_all(dir);
}

// The check's cycle test (ProofCheck::cycles): a walk that keeps, at each root-side
// position, the first move in moveTestOrder that keeps the value, with no ranks (the
// builder's first version, written again here), gives 3x5 a table whose relations all hold
// but whose positions form cycles; the check counts them and refuses it.
TEST_CASE("the simple-forced proof check finds a walk that goes round a cycle") {
  const fs::path dir = tempDir("proof", "forced-cycle");
  const Geometry g(3, 5);
  const Rules forced = Rules::named("simple-forced");
  const int target = g.points();
  SolveOptions so;
  so.rules = forced;
  so.bestMoves = so.principalVariation = false;
  so.bisect = false;
  so.maxDepth = 60;
  so.ttLog2 = 18;
  Solver solver(g, so);
  // The value of a game state for its mover (exact within the horizons, asked at `guess`).
  auto valueOf = [&](Mask own, Mask opp, int ko, int passes, int guess) {
    solver.setFirstGuess(guess);
    Position p;
    p.black = own, p.white = opp, p.ko = ko, p.passes = passes;
    const SolveResult r = solver.solve(p);
    return r.exact ? static_cast<int>(r.value) : INT32_MIN;
  };
  struct State {
    Mask own, opp;
    int ko;
    bool rootSide;
  };
  std::vector<SolutionEntry> entries;
  std::unordered_set<uint64_t> seen[2];
  std::vector<State> stack{{0, 0, -1, true}};
  while (!stack.empty()) {
    const State v = stack.back();
    stack.pop_back();
    int sym = 0;
    const uint64_t key = canonicalKeyWithKo(g, v.own, v.opp, v.ko, sym);
    if (!seen[v.rootSide].insert(key).second) continue;
    const Mask own = key & g.all(), opp = key >> 32;
    const int ko = koOfKey(g, key);
    const int value = v.rootSide ? target : -target;
    SolutionEntry e{key, value, SOME_BEST};
    const ScoreBounds b = boundsAfterPasses(g, own, opp, 0);
    CompactBoard board(g);
    board.setRaw(own, opp, ko, ko < 0 ? engine::Color::Empty : engine::Color::Black);
    auto child = [&](int p) {
      if (p < 0) return State{opp, own, -1, !v.rootSide};
      CompactBoard next = board;
      next.play(p, engine::Color::Black);
      return State{next.white(), next.black(),
                   next.koColor() == engine::Color::White ? next.koPoint() : -1, !v.rootSide};
    };
    if (b.lower == b.upper) {
      REQUIRE(b.lower == value);
    } else if (v.rootSide) {
      for (const int p : moveTestOrder(g, own, opp, value)) {
        if (p >= 0 && !board.isLegal(p, engine::Color::Black)) continue;
        const State c = child(p);
        if (valueOf(c.own, c.opp, c.ko, p < 0 ? 1 : 0, -value) != -value) continue;
        e.best |= moveMask({p});
        stack.push_back(c);
        break;
      }
      REQUIRE(e.best != SOME_BEST);
    } else {
      REQUIRE(valueOf(own, opp, ko, 0, value) == value);
      stack.push_back(child(-1));
      for (int p = 0; p < g.points(); ++p) {
        if (board.isLegal(p, engine::Color::Black)) stack.push_back(child(p));
      }
    }
    entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(),
            [](const SolutionEntry& a, const SolutionEntry& b) { return a.key < b.key; });
  tables::TableMeta m;
  m.kind = tables::TableKind::Solution;
  m.kindVersion = SOLUTION_TABLE_VERSION;
  m.width = static_cast<uint16_t>(g.width());
  m.height = static_cast<uint16_t>(g.height());
  m.rules = solutionTableRules(forced);
  m.generatorName = "test";
  m.generatorVersion = "1";
  m.entryCount = entries.size();
  tables::writeTable(dir / "cyclic.fgt", m, SolutionTable::encode(entries));
  SolveOptions check;
  check.rules = forced;
  const ProofCheck c =
      checkProofTable(g, SolutionTable::load(dir / "cyclic.fgt", g, forced), check);
  CHECK(c.missing == 0);
  CHECK(c.moveWrong == 0);
  CHECK(c.replyBetter == 0);
  CHECK(c.notAttained == 0);
  CHECK(c.cycles > 0);
  CHECK_FALSE(c.ok());
  fs::remove_all(dir);
}
