// Atomic writes: a writer killed mid-write, leftover temporary files and failed writes
// never damage the existing table.
// Byte vectors are compared as CHECK((a == b)) so a failure prints a bool, not megabytes.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <thread>

#include "tables/atomic_file.hpp"
#include "tests/tables/helpers.hpp"

using namespace tables;
using tables_test::ScratchDir;

namespace {

// Forks a child that runs body and then _exits; returns the child's pid.
template <class F>
pid_t forkChild(F body) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    body();
    ::_exit(0);
  }
  return pid;
}

// Kills and reaps a child; true when it died from the signal (not a normal exit).
bool killChild(pid_t pid) {
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

TableMeta metaWithNote(const std::string& note) {
  TableMeta m = tables_test::sampleMeta();
  m.note = note;
  return m;
}

}  // namespace

TEST_CASE("a writer killed in the middle of writing leaves the old table intact") {
  ScratchDir dir;
  const auto path = dir / "solution.tbl";
  const auto oldPayload = tables_test::samplePayload(1000, 1);
  writeTable(path, metaWithNote("old"), oldPayload);
  const auto oldBytes = tables_test::readBytes(path);

  // The child writes a new table (incompressible, several 4 MiB chunks) and, after the
  // first chunk reached the temporary file, tells the parent and waits to be killed.
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t pid = forkChild([&] {
    ::close(fds[0]);
    const auto big = tables_test::randomBytes(12 << 20, 1);
    WriteOptions o;
    o.level = 1;
    o.onProgress = [&](uint64_t written, uint64_t total) {
      if (written < total) {
        const char c = 'w';
        (void)!::write(fds[1], &c, 1);
        for (;;) ::pause();
      }
    };
    writeTable(path, metaWithNote("new"), big, o);
  });
  ::close(fds[1]);
  char c = 0;
  REQUIRE(::read(fds[0], &c, 1) == 1);  // the child is now mid-write
  ::close(fds[0]);
  CHECK(killChild(pid));

  // The partial temporary file is there, the table is untouched and reads fine.
  const auto leftovers = leftoverTemporaries(path);
  REQUIRE(leftovers.size() == 1);
  CHECK(leftovers[0] == temporaryPath(path, pid, 0));
  CHECK(std::filesystem::file_size(leftovers[0]) < (12u << 20));
  CHECK((tables_test::readBytes(path) == oldBytes));
  const Table t = readTable(path);
  CHECK((t.payload == oldPayload));
  CHECK(t.header.meta.note == "old");
  // The half-written temporary is itself refused as a table.
  CHECK_THROWS_AS(readTable(leftovers[0]), TableError);
  // The next write works beside the leftover.
  writeTable(path, metaWithNote("next"), oldPayload);
  CHECK(readTable(path).header.meta.note == "next");
}

TEST_CASE("writers killed at random moments never leave a damaged table") {
  ScratchDir dir;
  const auto path = dir / "t.tbl";
  // Incompressible payloads, so most of a write is spent writing and syncing the file.
  const auto payloadA = tables_test::randomBytes(3 << 20, 2);
  const auto payloadB = tables_test::randomBytes(2 << 20, 3);
  writeTable(path, metaWithNote("initial"), payloadA);
  std::mt19937 rng(42);
  int killedMidWrite = 0, rounds = 0;
  // Until a few kills have landed inside a write (bounded: at most 30 rounds).
  for (; rounds < 30 && killedMidWrite < 3; ++rounds) {
    for (const auto& p : leftoverTemporaries(path)) std::filesystem::remove(p);
    // The child rewrites the table over and over, alternating two versions, and sends a
    // byte down the pipe after each completed write.
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = forkChild([&] {
      ::close(fds[0]);
      WriteOptions o;
      o.level = 1;
      for (int i = 0;; ++i) {
        writeTable(path, metaWithNote(i % 2 ? "A" : "B"), i % 2 ? payloadA : payloadB, o);
        const char c = 'd';
        (void)!::write(fds[1], &c, 1);
      }
    });
    ::close(fds[1]);
    // Time one whole write (between two completions), then kill at a random moment of
    // the next one.
    char c = 0;
    REQUIRE(::read(fds[0], &c, 1) == 1);
    const auto t1 = std::chrono::steady_clock::now();
    REQUIRE(::read(fds[0], &c, 1) == 1);
    const auto oneWrite = std::chrono::steady_clock::now() - t1;
    // The file is written in the second half of a write (after compressing and
    // checksumming in memory), so aim the kill there.
    std::this_thread::sleep_for(oneWrite * std::uniform_real_distribution<double>(0.5, 1)(rng));
    CHECK(killChild(pid));
    ::close(fds[0]);
    killedMidWrite += !leftoverTemporaries(path).empty();
    const Table t = readTable(path);
    const std::string note = t.header.meta.note;
    REQUIRE((note == "A" || note == "B"));  // replaced by a complete version, never damaged
    CHECK((t.payload == (note == "A" ? payloadA : payloadB)));
  }
  // Whether a kill landed inside the file-writing phase depends on timing (under
  // sanitizers compression dominates): the deterministic mid-write kill is tested above,
  // so a run without one is reported, not failed.
  if (killedMidWrite == 0) WARN(rounds << " rounds and no kill landed mid-write");
}

TEST_CASE("leftover temporary files do not break writes or reads") {
  ScratchDir dir;
  const auto path = dir / "t.tbl";
  const auto payload = tables_test::samplePayload(5000, 4);
  // Garbage at the exact names this process would try first, and a stale one from
  // another process.
  const long self = static_cast<long>(::getpid());
  std::vector<std::filesystem::path> stale;
  for (int attempt = 0; attempt < 3; ++attempt) stale.push_back(temporaryPath(path, self, attempt));
  stale.push_back(temporaryPath(path, 999999, 0));
  for (const auto& p : stale) tables_test::writeBytes(p, {1, 2, 3});
  writeTable(path, tables_test::sampleMeta(), payload);
  CHECK((readTable(path).payload == payload));
  // The stale files are left alone (another writer might still own them) and listed.
  auto found = leftoverTemporaries(path);
  std::sort(found.begin(), found.end());
  std::sort(stale.begin(), stale.end());
  CHECK(found == stale);
  for (const auto& p : stale) CHECK(tables_test::readBytes(p) == std::vector<uint8_t>{1, 2, 3});
  // Unrelated files are not mistaken for leftovers.
  tables_test::writeBytes(dir / "t.tbl.notes.tmp", {1});
  tables_test::writeBytes(dir / "other.tbl.1.0.tmp", {1});
  CHECK(leftoverTemporaries(path).size() == stale.size());
  // Writing again still works and replaces the table.
  const auto payload2 = tables_test::samplePayload(100, 5);
  writeTable(path, tables_test::sampleMeta(), payload2);
  CHECK((readTable(path).payload == payload2));
}

TEST_CASE("a write that fails part-way removes its temporary and keeps the old table") {
  ScratchDir dir;
  const auto path = dir / "t.tbl";
  const auto payload = tables_test::samplePayload(1000, 6);
  writeTable(path, tables_test::sampleMeta(), payload);
  WriteOptions o;
  o.onProgress = [](uint64_t, uint64_t) { throw std::runtime_error("interrupted"); };
  CHECK_THROWS_WITH(writeTable(path, metaWithNote("new"), tables_test::samplePayload(1000, 7), o),
                    "interrupted");
  CHECK(leftoverTemporaries(path).empty());
  CHECK((readTable(path).payload == payload));
  // A directory that does not exist: a clear Io error naming the temporary file.
  try {
    writeTable(dir / "no-such-dir" / "t.tbl", tables_test::sampleMeta(), payload);
    FAIL("written");
  } catch (const TableError& e) {
    CHECK(e.code() == TableErrorCode::Io);
    CHECK_THAT(e.what(),
               Catch::Contains("no-such-dir") && Catch::Contains("create temporary file"));
  }
  // Progress reaches the total exactly once at the end.
  uint64_t last = 0, total = 0;
  o.onProgress = [&](uint64_t w, uint64_t t) {
    CHECK(w > last);
    last = w;
    total = t;
  };
  writeTable(path, tables_test::sampleMeta(), tables_test::samplePayload(9 << 20, 8), o);
  CHECK(last == total);
  CHECK(total == std::filesystem::file_size(path));
}
