// Complete solution tables (solve/table_build.hpp): every entry against a fresh solve,
// look-ups of symmetric and colour-swapped positions, a build killed with SIGKILL and
// resumed from its checkpoint giving the same bytes, and damaged checkpoints refused;
// parallel builds (two threads, one shared solver table) against the one-thread bytes.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"
#include "solve/advise.hpp"
#include "solve/table_build.hpp"
#include "tables/errors.hpp"
#include "temp_files.hpp"

using namespace solve;
namespace fs = std::filesystem;
using solve_test::fileBytes;
using solve_test::tempDir;

namespace {

TableBuildOptions optionsFor(const fs::path& out) {
  TableBuildOptions o;
  o.out = out;
  o.ttLog2 = 16;
  return o;
}

}  // namespace

TEST_CASE("a complete 2x3 table agrees with fresh solves of its positions") {
  const Geometry g(3, 2);
  const fs::path dir = tempDir("solve", "complete");
  const TableBuildResult r = buildSolutionTable(g, optionsFor(dir / "t.fgt"));
  REQUIRE(r.complete);
  CHECK_FALSE(r.resumed);
  CHECK_FALSE(fs::exists(dir / "t.fgt.ckpt"));
  const SolutionTable t = SolutionTable::load(dir / "t.fgt", g, Rules{});
  CHECK(t.entries().size() == r.entries);
  // The empty board is in it with the published value 0 of 2x3.
  int value = -99;
  uint64_t best = 0;
  REQUIRE(t.lookup(0, 0, value, best));
  CHECK(value == 0);
  // Every legal position, in every orientation and from both sides, is found with the
  // value a fresh solver gives it.
  engine::Rng rng(5);
  int checked = 0;
  for (int i = 0; i < 60; ++i) {
    Mask own = 0, opp = 0;
    for (int p = 0; p < g.points(); ++p) {
      const uint32_t d = rng.below(3);
      if (d == 1) own |= Mask{1} << p;
      if (d == 2) opp |= Mask{1} << p;
    }
    CompactBoard b(g);
    try {
      b.setStones(own, opp);
    } catch (const engine::InputError&) {
      continue;  // a chain without liberties: not a position
    }
    REQUIRE(t.lookup(own, opp, value, best));
    SolveOptions so;
    so.ttLog2 = 14;
    Solver fresh(g, so);
    Position pos;
    pos.black = own, pos.white = opp;
    const SolveResult s = fresh.solve(pos);
    INFO("own " << own << " opp " << opp);
    CHECK(s.value == value);
    uint64_t mask = 0;
    for (int m : s.best) mask |= m < 0 ? uint64_t{1} << 32 : Mask{1} << m;
    CHECK(mask == best);
    ++checked;
  }
  CHECK(checked > 10);
  fs::remove_all(dir);
}

TEST_CASE("both enumeration orders write the same bytes") {
  // DenseFirst visits the positions in another order, with another history of the shared
  // solver table: only exact values and move sets make the files agree.
  for (auto [w, h] : {std::pair{2, 3}, std::pair{2, 4}, std::pair{3, 3}}) {
    const Geometry g(w, h);
    const fs::path dir = tempDir("solve", "orders");
    TableBuildOptions ternary = optionsFor(dir / "ternary.fgt");
    ternary.order = BuildOrder::Ternary;
    TableBuildOptions dense = optionsFor(dir / "dense.fgt");
    dense.order = BuildOrder::DenseFirst;
    dense.boundsLog2 = 0;  // the memo size is search effort only
    const TableBuildResult a = buildSolutionTable(g, ternary);
    const TableBuildResult b = buildSolutionTable(g, dense);
    INFO(w << "x" << h);
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    CHECK(a.entries == countTablePositions(g));
    CHECK(a.entries == b.entries);
    CHECK(fileBytes(dir / "ternary.fgt") == fileBytes(dir / "dense.fgt"));
    fs::remove_all(dir);
  }
}

TEST_CASE("one-sided and two-sided solves write the same bytes") {
  // One-sided null-window tests (the default, SolveOptions::oneSided) change which
  // entries the shared solver table holds, never a value or a move set.
  for (auto [w, h] : {std::pair{2, 3}, std::pair{2, 4}, std::pair{3, 3}}) {
    const Geometry g(w, h);
    const fs::path dir = tempDir("solve", "sided");
    TableBuildOptions one = optionsFor(dir / "one.fgt");
    TableBuildOptions two = optionsFor(dir / "two.fgt");
    two.oneSided = false;
    const TableBuildResult a = buildSolutionTable(g, one);
    const TableBuildResult b = buildSolutionTable(g, two);
    INFO(w << "x" << h);
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    CHECK(a.entries == b.entries);
    CHECK(a.nodes != b.nodes);  // the two searches did differ
    CHECK(fileBytes(dir / "one.fgt") == fileBytes(dir / "two.fgt"));
    fs::remove_all(dir);
  }
}

TEST_CASE("a table answers fgo solve --table as the search does") {
  const Geometry g(2, 3);
  const fs::path dir = tempDir("solve", "answer");
  REQUIRE(buildSolutionTable(g, optionsFor(dir / "t.fgt")).complete);
  const SolutionTable table = SolutionTable::load(dir / "t.fgt", g, Rules{});
  engine::Rng rng(11);
  int checked = 0;
  for (int i = 0; i < 40; ++i) {
    Position pos;
    for (int p = 0; p < g.points(); ++p) {
      const uint32_t d = rng.below(3);
      if (d == 1) pos.black |= Mask{1} << p;
      if (d == 2) pos.white |= Mask{1} << p;
    }
    CompactBoard b(g);
    try {
      b.setStones(pos.black, pos.white);
    } catch (const engine::InputError&) {
      continue;
    }
    pos.toMove = i % 2 ? engine::Color::White : engine::Color::Black;
    SolveOptions so;
    so.ttLog2 = 14;
    so.rules.komi = 0.5;
    so.principalVariation = false;
    const SolveResult searched = Solver(g, so).solve(pos);
    SolveResult looked;
    REQUIRE(solveFromTable(table, pos, 0.5, looked));
    INFO("black " << pos.black << " white " << pos.white << " white to move " << (i % 2));
    CHECK(looked.exact);
    CHECK(looked.value == searched.value);
    CHECK(looked.best == searched.best);
    CHECK(looked.nodes == 0);
    ++checked;
    // A position with history, a pass or a ko point is not the table's to answer.
    Position withHistory = pos;
    withHistory.history.push_back(0);
    CHECK_FALSE(solveFromTable(table, withHistory, 0.5, looked));
    Position afterPass = pos;
    afterPass.passes = 1;
    CHECK_FALSE(solveFromTable(table, afterPass, 0.5, looked));
  }
  CHECK(checked > 10);
  fs::remove_all(dir);
}

TEST_CASE("a build killed mid-run resumes from its checkpoint to the same table") {
  const BuildOrder order = GENERATE(BuildOrder::Ternary, BuildOrder::DenseFirst);
  INFO("order " << static_cast<int>(order));
  const Geometry g(3, 2);
  const fs::path dir = tempDir("solve", "resume");
  TableBuildOptions wholeOptions = optionsFor(dir / "whole.fgt");
  wholeOptions.order = BuildOrder::Ternary;  // the other order: the bytes still agree
  const TableBuildResult whole = buildSolutionTable(g, wholeOptions);
  REQUIRE(whole.complete);
  const fs::path out = dir / "killed.fgt";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    TableBuildOptions o = optionsFor(out);
    o.order = order;
    o.checkpointSeconds = 0;  // a checkpoint after every position
    int written = 0;
    o.onCheckpoint = [&](const BuildProgress&) {
      if (++written == 40) ::kill(::getpid(), SIGKILL);
    };
    try {
      buildSolutionTable(g, o);
    } catch (...) {
    }
    ::_exit(3);  // not reached when the kill happened
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  CHECK_FALSE(fs::exists(out));
  REQUIRE(fs::exists(fs::path(out.string() + ".ckpt")));
  // A checkpoint of the other order is refused, then the same order resumes it.
  TableBuildOptions other = optionsFor(out);
  other.order = order == BuildOrder::Ternary ? BuildOrder::DenseFirst : BuildOrder::Ternary;
  CHECK_THROWS_AS(buildSolutionTable(g, other), tables::TableError);
  TableBuildOptions same = optionsFor(out);
  same.order = order;
  const TableBuildResult resumed = buildSolutionTable(g, same);
  CHECK(resumed.resumed);
  REQUIRE(resumed.complete);
  CHECK(resumed.entries == whole.entries);
  CHECK(fileBytes(out) == fileBytes(dir / "whole.fgt"));
  CHECK_FALSE(fs::exists(fs::path(out.string() + ".ckpt")));
  fs::remove_all(dir);
}

TEST_CASE("a parallel build writes the bytes of the one-thread build") {
  // Two threads solve different positions with one shared solver table, in an order that
  // depends on timing: only exact values and move sets make the files agree.
  for (auto [w, h] : {std::pair{2, 3}, std::pair{2, 4}, std::pair{3, 3}}) {
    const Geometry g(w, h);
    const fs::path dir = tempDir("solve", "parallel");
    const TableBuildResult one = buildSolutionTable(g, optionsFor(dir / "one.fgt"));
    REQUIRE(one.complete);
    for (BuildOrder order : {BuildOrder::Ternary, BuildOrder::DenseFirst}) {
      TableBuildOptions o = optionsFor(dir / "two.fgt");
      o.order = order;
      o.threads = 2;
      // A small window in one order: the enumeration then waits for the workers often.
      o.windowPositions = order == BuildOrder::Ternary ? 3 : size_t{1} << 16;
      uint64_t calls = 0, lastEntries = 0;
      bool increasing = true;
      o.onProgress = [&](const BuildProgress& p) {
        ++calls;
        increasing = increasing && p.entries >= lastEntries && p.index <= p.total;
        lastEntries = p.entries;
      };
      const TableBuildResult two = buildSolutionTable(g, o);
      INFO(w << "x" << h << " order " << static_cast<int>(order));
      REQUIRE(two.complete);
      CHECK(two.entries == one.entries);
      CHECK(calls == one.entries + 1);  // after each position and once at the end
      CHECK(increasing);
      CHECK(fileBytes(dir / "two.fgt") == fileBytes(dir / "one.fgt"));
      CHECK_FALSE(fs::exists(dir / "two.fgt.ckpt"));
      fs::remove(dir / "two.fgt");
    }
    fs::remove_all(dir);
  }
}

TEST_CASE("a parallel build killed mid-run resumes to the same table") {
  const BuildOrder order = GENERATE(BuildOrder::Ternary, BuildOrder::DenseFirst);
  const int resumeThreads = GENERATE(1, 2);
  INFO("order " << static_cast<int>(order) << " resumed with " << resumeThreads << " threads");
  const Geometry g(3, 2);
  const fs::path dir = tempDir("solve", "presume");
  const TableBuildResult whole = buildSolutionTable(g, optionsFor(dir / "whole.fgt"));
  REQUIRE(whole.complete);
  const fs::path out = dir / "killed.fgt";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    TableBuildOptions o = optionsFor(out);
    o.order = order;
    o.threads = 2;
    o.checkpointSeconds = 0;  // a checkpoint after every position
    int written = 0;
    o.onCheckpoint = [&](const BuildProgress&) {
      if (++written == 60) ::kill(::getpid(), SIGKILL);
    };
    try {
      buildSolutionTable(g, o);
    } catch (...) {
    }
    ::_exit(3);  // not reached when the kill happened
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  CHECK_FALSE(fs::exists(out));
  REQUIRE(fs::exists(fs::path(out.string() + ".ckpt")));
  TableBuildOptions same = optionsFor(out);
  same.order = order;
  same.threads = resumeThreads;
  const TableBuildResult resumed = buildSolutionTable(g, same);
  CHECK(resumed.resumed);
  REQUIRE(resumed.complete);
  CHECK(resumed.entries == whole.entries);
  CHECK(fileBytes(out) == fileBytes(dir / "whole.fgt"));
  CHECK_FALSE(fs::exists(fs::path(out.string() + ".ckpt")));
  fs::remove_all(dir);
}

TEST_CASE("a parallel build stopped by its time limit resumes to the same table") {
  const Geometry g(4, 2);
  const fs::path dir = tempDir("solve", "plimit");
  const TableBuildResult whole = buildSolutionTable(g, optionsFor(dir / "whole.fgt"));
  REQUIRE(whole.complete);
  TableBuildOptions o = optionsFor(dir / "t.fgt");
  o.threads = 2;
  o.maxSeconds = 1e-9;  // stops before the first position
  int checkpoints = 0;
  o.onCheckpoint = [&](const BuildProgress& p) {
    ++checkpoints;
    CHECK(p.index == 0);
  };
  const TableBuildResult none = buildSolutionTable(g, o);
  CHECK_FALSE(none.complete);
  CHECK(none.entries == 0);
  CHECK(checkpoints == 1);
  REQUIRE(fs::exists(dir / "t.fgt.ckpt"));
  // Stops in the middle (a running solve is cut by the limit and discarded), resumed
  // until complete, some of the runs with one thread.
  // A limit the whole build may beat on a fast machine is halved and the build redone
  // from an empty checkpoint, so that it really stops and resumes.
  o.onCheckpoint = nullptr;
  TableBuildResult r;
  int runs = 0;
  for (double limit = 0.02; limit > 1e-4 && runs <= 1; limit /= 2) {
    if (runs == 1) {  // finished in one run: start again from an empty checkpoint
      fs::remove(dir / "t.fgt");
      o.maxSeconds = 1e-9;
      REQUIRE_FALSE(buildSolutionTable(g, o).complete);
    }
    o.maxSeconds = limit;
    r = {};
    runs = 0;
    for (; runs < 1000 && !r.complete; ++runs) {
      const int run = runs;
      o.threads = run % 3 == 2 ? 1 : 2;
      r = buildSolutionTable(g, o);
      CHECK(r.resumed);
    }
    REQUIRE(r.complete);
  }
  CHECK(runs > 1);  // the whole build takes several times the limit
  CHECK(r.entries == whole.entries);
  CHECK(fileBytes(dir / "t.fgt") == fileBytes(dir / "whole.fgt"));
  fs::remove_all(dir);
}

TEST_CASE("a time limit stops a build after a checkpoint; a damaged checkpoint is refused") {
  const Geometry g(2, 2);
  const fs::path dir = tempDir("solve", "limit");
  TableBuildOptions o = optionsFor(dir / "t.fgt");
  o.maxSeconds = 1e-9;
  const TableBuildResult part = buildSolutionTable(g, o);
  CHECK_FALSE(part.complete);
  CHECK(part.entries == 1);
  const fs::path ckpt = dir / "t.fgt.ckpt";
  REQUIRE(fs::exists(ckpt));
  {
    std::fstream f(ckpt, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-1, std::ios::end);
    f.put('\x5a');
  }
  CHECK_THROWS_AS(buildSolutionTable(g, optionsFor(dir / "t.fgt")), tables::TableError);
  // A checkpoint of another board is refused too.
  fs::remove(ckpt);
  TableBuildOptions other = optionsFor(dir / "t.fgt");
  other.maxSeconds = 1e-9;
  buildSolutionTable(Geometry(1, 4), other);
  CHECK_THROWS_AS(buildSolutionTable(g, optionsFor(dir / "t.fgt")), tables::TableError);
  fs::remove_all(dir);
}

TEST_CASE("table builds refuse what they cannot do") {
  TableBuildOptions o;
  o.out = "unused.fgt";
  CHECK_THROWS_AS(buildSolutionTable(Geometry(7, 3), o), engine::InputError);  // 21 points
  o.rules.komi = 0.5;
  CHECK_THROWS_AS(buildSolutionTable(Geometry(2, 2), o), engine::InputError);
  o.rules = Rules::named("simple-forced");  // positions left open by cycles
  CHECK_THROWS_AS(buildSolutionTable(Geometry(2, 2), o), engine::InputError);
  const std::vector<uint8_t> junk = {3, 1, 1};
  CHECK_THROWS_AS(SolutionTable::decode(junk, 3, "junk"), tables::TableError);
}

TEST_CASE("advise answers from a solution table what the search answers") {
  const Geometry g(3, 2);
  const fs::path dir = tempDir("solve", "advise");
  REQUIRE(buildSolutionTable(g, optionsFor(dir / "t.fgt")).complete);
  const SolutionTable table = SolutionTable::load(dir / "t.fgt", g, Rules{});
  const engine::Board board = engine::parseBoard(
      ". X .\n"
      ". O .\n");
  for (engine::Color side : {engine::Color::Black, engine::Color::White}) {
    AdviseBudget budget;
    budget.maxSeconds = 0;
    budget.rules.komi = 0.5;
    const Advice searched = advise(board, side, budget);
    budget.table = &table;
    const Advice looked = advise(board, side, budget);
    REQUIRE(searched.kind == AdviceKind::Exact);
    REQUIRE(looked.kind == AdviceKind::Table);
    CHECK(looked.lower == searched.lower);
    CHECK(looked.upper == searched.upper);
    REQUIRE(looked.moves.size() == searched.moves.size());
    // The same moves reach the value, and the first move is one of them.
    for (const AdvisedMove& m : looked.moves) {
      const auto it = std::find_if(searched.moves.begin(), searched.moves.end(),
                                   [&](const AdvisedMove& s) { return s.point == m.point; });
      REQUIRE(it != searched.moves.end());
      CHECK((m.lower == looked.lower && m.upper == looked.lower) ==
            (it->lower == searched.lower && it->upper == searched.lower));
      CHECK(m.lower <= m.upper);
    }
    CHECK(looked.moves.front().exact());
  }
  AdviseBudget wrong;
  wrong.table = &table;
  CHECK_THROWS_AS(advise(engine::Board(2, 2), engine::Color::Black, wrong), engine::InputError);
  fs::remove_all(dir);
}

TEST_CASE("progress during long solves counts their nodes and leaves the table unchanged") {
  // 2x5 (its empty board takes tens of milliseconds) with a report every 2 ms:
  // some reports come from inside a solve (running nodes), the total never falls, and
  // the table is the same bytes as a build without reports, on one thread and on two.
  const Geometry g(5, 2);
  const fs::path dir = tempDir("solve", "progress");
  REQUIRE(buildSolutionTable(g, optionsFor(dir / "plain.fgt")).complete);
  for (int threads : {1, 2}) {
    TableBuildOptions o = optionsFor(dir / "watched.fgt");
    o.threads = threads;
    o.progressSeconds = 0.002;
    uint64_t last = 0, inside = 0, calls = 0;
    bool falls = false;
    o.onProgress = [&](const BuildProgress& p) {
      ++calls;
      inside += p.running > 0;
      falls |= p.nodes + p.running < last;
      last = p.nodes + p.running;
    };
    const TableBuildResult r = buildSolutionTable(g, o);
    REQUIRE(r.complete);
    CHECK(calls > r.entries);  // one a position, plus reports from inside solves
    CHECK(inside > 0);
    CHECK_FALSE(falls);
    CHECK(last == r.nodes);
    CHECK(fileBytes(dir / "watched.fgt") == fileBytes(dir / "plain.fgt"));
    fs::remove(dir / "watched.fgt");
  }
  fs::remove_all(dir);
}
