// Complete solution tables (solve/table_build.hpp): every entry against a fresh solve,
// look-ups of symmetric and colour-swapped positions, a build killed with SIGKILL and
// resumed from its checkpoint giving the same bytes, and damaged checkpoints refused.
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

using namespace solve;
namespace fs = std::filesystem;

namespace {

fs::path tempDir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("fgo_solve_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string fileBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TableBuildOptions optionsFor(const fs::path& out) {
  TableBuildOptions o;
  o.out = out;
  o.ttLog2 = 16;
  return o;
}

}  // namespace

TEST_CASE("a complete 2x3 table agrees with fresh solves of its positions") {
  const Geometry g(3, 2);
  const fs::path dir = tempDir("complete");
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

TEST_CASE("a build killed mid-run resumes from its checkpoint to the same table") {
  const Geometry g(3, 2);
  const fs::path dir = tempDir("resume");
  const TableBuildResult whole = buildSolutionTable(g, optionsFor(dir / "whole.fgt"));
  REQUIRE(whole.complete);
  const fs::path out = dir / "killed.fgt";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    TableBuildOptions o = optionsFor(out);
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
  const TableBuildResult resumed = buildSolutionTable(g, optionsFor(out));
  CHECK(resumed.resumed);
  REQUIRE(resumed.complete);
  CHECK(resumed.entries == whole.entries);
  CHECK(fileBytes(out) == fileBytes(dir / "whole.fgt"));
  CHECK_FALSE(fs::exists(fs::path(out.string() + ".ckpt")));
  fs::remove_all(dir);
}

TEST_CASE("a time limit stops a build after a checkpoint; a damaged checkpoint is refused") {
  const Geometry g(2, 2);
  const fs::path dir = tempDir("limit");
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
  CHECK_THROWS_AS(buildSolutionTable(Geometry(5, 4), o), engine::InputError);
  o.rules.komi = 0.5;
  CHECK_THROWS_AS(buildSolutionTable(Geometry(2, 2), o), engine::InputError);
  const std::vector<uint8_t> junk = {3, 1, 1};
  CHECK_THROWS_AS(SolutionTable::decode(junk, 3, "junk"), tables::TableError);
}

TEST_CASE("advise answers from a solution table what the search answers") {
  const Geometry g(3, 2);
  const fs::path dir = tempDir("advise");
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
