// Saved solver tables (solve/solver_state.hpp): a save and a load give back every slot,
// a solve resumed from a saved table finds the same value with fewer nodes, a table saved
// while two threads search is sound, and damaged or mismatched files are refused.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>

#include "solve/solver.hpp"
#include "solve/solver_state.hpp"
#include "solve/table_build.hpp"
#include "solve/tt.hpp"
#include "tables/errors.hpp"
#include "temp_files.hpp"
#include "tests/tables/helpers.hpp"

using namespace solve;
namespace fs = std::filesystem;
using solve_test::fileBytes;
using solve_test::tempDir;

namespace {

// Every stored entry of a table, as (key, extra) -> its decoded fields.
std::map<std::pair<uint64_t, int>, std::vector<int64_t>> contents(const TranspositionTable& tt) {
  std::map<std::pair<uint64_t, int>, std::vector<int64_t>> out;
  tt.forEach([&](uint64_t key, uint8_t extra, const TTData& d) {
    out[{key, extra}] = {d.lower,
                         d.upper,
                         d.move,
                         d.work,
                         d.failKind,
                         d.failValue,
                         d.failDepth,
                         d.failWidth,
                         static_cast<int64_t>(d.summary.andA | uint64_t{d.summary.andB} << 32),
                         static_cast<int64_t>(d.summary.orA | uint64_t{d.summary.orB} << 32),
                         static_cast<int64_t>(d.summary.counts)};
  });
  return out;
}

SolveOptions quiet(int ttLog2) {
  SolveOptions o;
  o.ttLog2 = ttLog2;
  o.bestMoves = false;
  o.principalVariation = false;
  return o;
}

}  // namespace

TEST_CASE("a saved solver table loads back slot for slot") {
  const Geometry g(4, 3);
  const fs::path dir = tempDir("state", "roundtrip");
  for (const char* rules : {"psk", "simple-forced"}) {
    SolveOptions o = quiet(16);
    o.rules = Rules::named(rules);
    const bool psk = o.rules.ko == KoRule::Positional;
    // Simple ko alone leaves cycles open at every horizon: a few horizons only.
    if (!psk) o.maxDepth = 26;
    Solver a(g, o);
    const SolveResult r = a.solve(Position{});
    if (psk) {
      REQUIRE(r.exact);
      CHECK(r.value == 4);
    }
    const uint64_t saved = saveSolverState(dir / "s.fgs", g, o.rules, *a.sharedTable());
    const auto before = contents(*a.sharedTable());
    CHECK(saved >= before.size());
    CHECK(before.size() > 1000);
    Solver b(g, o);
    CHECK(loadSolverState(dir / "s.fgs", g, o.rules, *b.sharedTable()) == saved);
    CHECK(contents(*b.sharedTable()) == before);
    // The loaded table holds the proof: the same value again, from far fewer nodes.
    const SolveResult again = b.solve(Position{});
    CHECK(again.lower >= r.lower);
    CHECK(again.upper <= r.upper);
    CHECK(again.exact == r.exact);
    CHECK(again.nodes * 10 < r.nodes);
  }
  fs::remove_all(dir);
}

TEST_CASE("a saved solver table loads into a table of another size") {
  const Geometry g(4, 3);
  const fs::path dir = tempDir("state", "resize");
  Solver a(g, quiet(14));
  const SolveResult r = a.solve(Position{});
  REQUIRE(r.exact);
  saveSolverState(dir / "s.fgs", g, Rules{}, *a.sharedTable());
  const auto before = contents(*a.sharedTable());
  // Larger: every entry, as the saved table answered for it.
  Solver big(g, quiet(17));
  CHECK(loadSolverState(dir / "s.fgs", g, Rules{}, *big.sharedTable()) == before.size());
  CHECK(contents(*big.sharedTable()) == before);
  const SolveResult again = big.solve(Position{});
  CHECK(again.value == r.value);
  CHECK(again.nodes * 10 < r.nodes);
  // Smaller: some of them, each unchanged, and the value still right.
  Solver small(g, quiet(11));
  const uint64_t kept = loadSolverState(dir / "s.fgs", g, Rules{}, *small.sharedTable());
  const auto after = contents(*small.sharedTable());
  CHECK(kept == after.size());
  CHECK(after.size() < before.size());
  CHECK(after.size() > 1000);
  size_t same = 0;
  for (const auto& [k, fields] : after) {
    const auto it = before.find(k);
    same += it != before.end() && it->second == fields;
  }
  CHECK(same == after.size());
  CHECK(small.solve(Position{}).value == r.value);
  fs::remove_all(dir);
}

TEST_CASE("a solve stopped, saved and resumed gives the value of an unbroken solve") {
  const Geometry g(4, 4);
  const fs::path dir = tempDir("state", "resume");
  SolveOptions o = quiet(20);
  Solver whole(g, o);
  const SolveResult full = whole.solve(Position{});
  REQUIRE(full.exact);
  CHECK(full.value == 2);
  o.maxNodes = full.nodes / 4;
  Solver part(g, o);
  const SolveResult stopped = part.solve(Position{});
  CHECK_FALSE(stopped.exact);
  saveSolverState(dir / "s.fgs", g, o.rules, *part.sharedTable());
  o.maxNodes = 0;
  Solver resumed(g, o);
  loadSolverState(dir / "s.fgs", g, o.rules, *resumed.sharedTable());
  const SolveResult r = resumed.solve(Position{});
  CHECK(r.exact);
  CHECK(r.value == 2);
  CHECK(r.nodes < full.nodes);
  fs::remove_all(dir);
}

TEST_CASE("a table saved while two threads search is sound") {
  const Geometry g(4, 4);
  const fs::path dir = tempDir("state", "busy");
  SolveOptions o = quiet(18);
  o.threads = 2;
  o.progressSeconds = 0.01;
  int saves = 0;
  Solver* self = nullptr;
  o.onProgress = [&](const SolveProgress&) {
    saveSolverState(dir / "s.fgs", g, o.rules, *self->sharedTable());
    ++saves;
  };
  Solver a(g, o);
  self = &a;
  const SolveResult r = a.solve(Position{});
  CHECK(r.value == 2);
  REQUIRE(saves > 0);
  SolveOptions plain = quiet(18);
  Solver b(g, plain);
  loadSolverState(dir / "s.fgs", g, plain.rules, *b.sharedTable());
  const SolveResult again = b.solve(Position{});
  CHECK(again.exact);
  CHECK(again.value == 2);
  // A position with White to move and another with stones: the loaded facts hold there too.
  Position p;
  p.toMove = engine::Color::White;
  const SolveResult white = b.solve(p);
  Solver fresh(g, plain);
  CHECK(white.value == fresh.solve(p).value);
  fs::remove_all(dir);
}

TEST_CASE("damaged or mismatched solver tables are refused") {
  const Geometry g(3, 3);
  const fs::path dir = tempDir("state", "refuse");
  const SolveOptions o = quiet(12);
  Solver a(g, o);
  a.solve(Position{});
  const fs::path file = dir / "s.fgs";
  saveSolverState(file, g, o.rules, *a.sharedTable());
  {
    Solver b(g, o);
    CHECK_NOTHROW(loadSolverState(file, g, o.rules, *b.sharedTable()));
  }
  auto refusedAs = [&](const Geometry& geo, const Rules& rules, int ttLog2) {
    Solver b(geo, quiet(ttLog2));
    try {
      loadSolverState(file, geo, rules, *b.sharedTable());
    } catch (const tables::TableError& e) {
      return e.code();
    }
    FAIL("not refused");
    return tables::TableErrorCode::Io;
  };
  CHECK(refusedAs(g, Rules::named("simple-forced"), 12) == tables::TableErrorCode::Mismatch);
  CHECK(refusedAs(g, Rules::named("simple"), 12) == tables::TableErrorCode::Mismatch);
  CHECK(refusedAs(Geometry(4, 2), o.rules, 12) == tables::TableErrorCode::Mismatch);
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-7, std::ios::end);
    const char c = static_cast<char>(f.peek());
    f.put(static_cast<char>(c ^ 0x21));
  }
  const tables::TableErrorCode damaged = refusedAs(g, o.rules, 12);
  CHECK((damaged == tables::TableErrorCode::PayloadChecksum ||
         damaged == tables::TableErrorCode::Decompression));
  {
    // Refused only at the end of the payload (its content checksum), after the slots
    // before the last piece were stored: the table is emptied again. 4x4 fills enough
    // slots for a payload of several 4 MiB pieces.
    const Geometry g4(4, 4);
    SolveOptions o4 = quiet(18);
    o4.maxNodes = 800000;
    Solver big(g4, o4);
    big.solve(Position{});
    const fs::path bigFile = dir / "big.fgs";
    const uint64_t saved = saveSolverState(bigFile, g4, o4.rules, *big.sharedTable());
    CHECK(saved > 110000);  // 41 bytes a slot at least: over one 4 MiB piece
    std::vector<uint8_t> b = tables_test::readBytes(bigFile);
    tables_test::setLE(b, 56, 12345, 8);
    tables_test::reseal(b);
    tables_test::writeBytes(bigFile, b);
    Solver c(g4, o4);
    try {
      loadSolverState(bigFile, g4, o4.rules, *c.sharedTable());
      FAIL("a wrong content checksum was not refused");
    } catch (const tables::TableError& e) {
      CHECK(e.code() == tables::TableErrorCode::ContentChecksum);
    }
    CHECK(contents(*c.sharedTable()).empty());
  }
  // A solution table is not a solver table.
  TableBuildOptions tb;
  tb.out = dir / "t.fgt";
  buildSolutionTable(g, tb);
  Solver c(g, o);
  CHECK_THROWS_AS(loadSolverState(tb.out, g, o.rules, *c.sharedTable()), tables::TableError);
  fs::remove_all(dir);
}
