// Table files: every kind of damage or mismatch is refused with the right TableError.
// Byte vectors are compared as CHECK((a == b)) so a failure prints a bool, not megabytes.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>

#include "tables/checksum.hpp"
#include "tests/tables/helpers.hpp"

using namespace tables;
using tables_test::readBytes;
using tables_test::reseal;
using tables_test::ScratchDir;
using tables_test::setLE;
using tables_test::writeBytes;

namespace {

// What a read of path threw (code and message); fails the test when it succeeded.
struct Refusal {
  TableErrorCode code = TableErrorCode::Io;
  std::string message;
};

Refusal refusal(const std::filesystem::path& path, const TableExpect& expect = {}) {
  try {
    readTable(path, expect);
  } catch (const TableError& e) {
    CHECK(e.file() == path.string());
    CHECK_THAT(e.what(), Catch::Contains(path.string()));
    return {e.code(), e.what()};
  }
  FAIL("read of " << path << " succeeded");
  return {};
}

// A valid table file's bytes (small payload so every offset can be tried).
std::vector<uint8_t> validFile(const ScratchDir& dir, size_t payloadBytes = 300) {
  writeTable(dir / "good.tbl", tables_test::sampleMeta(),
             tables_test::samplePayload(payloadBytes, 11));
  return readBytes(dir / "good.tbl");
}

}  // namespace

TEST_CASE("every flipped header bit is refused") {
  ScratchDir dir;
  const auto good = validFile(dir);
  const auto path = dir / "bad.tbl";
  for (size_t at = 0; at < HEADER_BYTES; ++at) {
    for (uint8_t mask : {uint8_t{0x01}, uint8_t{0x80}}) {
      auto b = good;
      b[at] ^= mask;
      writeBytes(path, b);
      const Refusal r = refusal(path);
      INFO("offset " << at << " mask " << int{mask} << ": " << r.message);
      if (at < 8) {
        CHECK(r.code == TableErrorCode::BadMagic);
        CHECK_THAT(r.message, Catch::Contains("not a fractalgo table"));
      } else if (at < 10) {
        CHECK(r.code == TableErrorCode::BadVersion);
        CHECK_THAT(r.message, Catch::Contains("format version"));
      } else if (at < 12) {
        CHECK(r.code == TableErrorCode::BadField);
        CHECK_THAT(r.message, Catch::Contains("header size field"));
      } else {
        CHECK(r.code == TableErrorCode::HeaderChecksum);
        CHECK_THAT(r.message, Catch::Contains("header checksum mismatch"));
      }
      CHECK_THROWS_AS(readTableHeader(path), TableError);
    }
  }
}

TEST_CASE("each header field with a bad value is refused by name, even when resealed") {
  ScratchDir dir;
  const auto good = validFile(dir);
  const auto path = dir / "bad.tbl";
  struct Edit {
    size_t at;
    uint64_t value;
    int bytes;
    TableErrorCode code;
    const char* message;
  };
  uint64_t nanBits = 0;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::memcpy(&nanBits, &nan, 8);
  const uint64_t stored = good.size() - HEADER_BYTES;
  const std::vector<Edit> edits = {
      {12, 0, 2, TableErrorCode::BadField, "unknown table kind 0"},
      {12, 999, 2, TableErrorCode::BadField, "unknown table kind 999"},
      {16, 0, 2, TableErrorCode::BadField, "board size 0x5 is empty"},
      {18, 0, 2, TableErrorCode::BadField, "board size 5x0 is empty"},
      {20, 4, 1, TableErrorCode::BadField, "unknown ko rule 4"},
      {21, 2, 1, TableErrorCode::BadField, "unknown scoring 2"},
      {22, 2, 1, TableErrorCode::BadField, "suicide flag is 2"},
      {23, 0, 1, TableErrorCode::BadField, "passes to end is 0"},
      {24, nanBits, 8, TableErrorCode::BadField, "not a finite komi"},
      {40, 1ull << 50, 8, TableErrorCode::BadField, "exceeds the format's limit"},
      {40, 0, 8, TableErrorCode::BadField, "exceeds zstd's bound"},
      {48, stored + 1, 8, TableErrorCode::Truncated, "truncated"},
      {48, stored - 1, 8, TableErrorCode::TrailingData, "1 unexpected bytes after the payload"},
      {48, ~0ull, 8, TableErrorCode::BadField, "exceeds zstd's bound"},
      {56, 12345, 8, TableErrorCode::ContentChecksum, "content checksum mismatch"},
      {64, 12345, 8, TableErrorCode::PayloadChecksum, "payload checksum mismatch"},
      {72, 0, 1, TableErrorCode::BadField, "unknown codec 0"},
      {75, 1, 1, TableErrorCode::BadField, "reserved byte at offset 75"},
      {80, 0, 1, TableErrorCode::BadField, "generator name field has byte"},
      {80, 0x07, 1, TableErrorCode::BadField, "generator name field has byte 0x7 at offset 80"},
      {120, 0x41, 1, TableErrorCode::BadField,
       "generator version field has byte 0x41 at offset 120"},
      {200, 0xff, 1, TableErrorCode::BadField, "note field has byte 0xff"},
  };
  for (const Edit& e : edits) {
    auto b = good;
    setLE(b, e.at, e.value, e.bytes);
    reseal(b);
    writeBytes(path, b);
    const Refusal r = refusal(path);
    INFO("offset " << e.at << ": " << r.message);
    CHECK(r.code == e.code);
    CHECK_THAT(r.message, Catch::Contains(e.message));
  }
  // An empty name is refused; the first name byte zero leaves the rest as padding only
  // when the whole field is zero.
  auto b = good;
  std::memset(b.data() + 80, 0, 32);
  reseal(b);
  writeBytes(path, b);
  CHECK_THAT(refusal(path).message, Catch::Contains("generator name is empty"));
  // The raw size one too large makes the zstd frame disagree with the header.
  b = good;
  setLE(b, 40, 301, 8);
  reseal(b);
  writeBytes(path, b);
  const Refusal r = refusal(path);
  CHECK(r.code == TableErrorCode::Decompression);
  CHECK_THAT(r.message, Catch::Contains("zstd frame holds 300 bytes, the header says 301"));
}

TEST_CASE("a table truncated at any offset is refused") {
  ScratchDir dir;
  const auto good = validFile(dir);
  const auto path = dir / "cut.tbl";
  for (size_t n = 0; n < good.size(); ++n) {
    writeBytes(path, std::vector<uint8_t>(good.begin(), good.begin() + n));
    const Refusal r = refusal(path);
    INFO("cut at " << n << ": " << r.message);
    if (n == 0) {
      CHECK(r.code == TableErrorCode::Empty);
      CHECK_THAT(r.message, Catch::Contains("empty file"));
    } else {
      CHECK(r.code == TableErrorCode::Truncated);
      CHECK_THAT(r.message, Catch::Contains("truncated"));
    }
    CHECK_THROWS_AS(readTableHeader(path), TableError);
  }
  // Extra bytes after the payload are refused too.
  auto longer = good;
  longer.push_back(0);
  writeBytes(path, longer);
  const Refusal r = refusal(path);
  CHECK(r.code == TableErrorCode::TrailingData);
  CHECK_THAT(r.message, Catch::Contains("1 unexpected bytes after the payload"));
}

TEST_CASE("a flipped payload byte is refused") {
  ScratchDir dir;
  const auto good = validFile(dir, 5000);
  const auto path = dir / "bad.tbl";
  // Every byte of the zstd frame header and first block header, then every 3rd byte.
  for (size_t at = HEADER_BYTES; at < good.size(); at += at < HEADER_BYTES + 64 ? 1 : 3) {
    auto b = good;
    b[at] ^= static_cast<uint8_t>(1u << (at % 8));
    writeBytes(path, b);
    const Refusal r = refusal(path);
    INFO("offset " << at << ": " << r.message);
    CHECK(r.code == TableErrorCode::PayloadChecksum);
    CHECK_THAT(r.message, Catch::Contains("payload checksum mismatch"));
    // The header alone still reads: damage to the payload needs the full check.
    CHECK_NOTHROW(readTableHeader(path));
  }
}

TEST_CASE("a damaged zstd frame behind a matching stored checksum is still refused") {
  ScratchDir dir;
  const auto good = validFile(dir, 5000);
  const auto payload = tables_test::samplePayload(5000, 11);
  const auto path = dir / "bad.tbl";
  int decompression = 0, content = 0, harmless = 0;
  // Every byte of the zstd frame header and first block header, then every 3rd byte.
  for (size_t at = HEADER_BYTES; at < good.size(); at += at < HEADER_BYTES + 64 ? 1 : 3) {
    writeBytes(path, tables_test::damagedBehindChecksum(good, at, 0x10));
    // A flip zstd ignores (a bit that does not change the content) may read fine, but
    // then the content must be exactly the original payload.
    try {
      const Table t = readTable(path);
      CHECK((t.payload == payload));
      ++harmless;
    } catch (const TableError& e) {
      INFO("offset " << at << ": " << e.what());
      CHECK((e.code() == TableErrorCode::Decompression ||
             e.code() == TableErrorCode::ContentChecksum));
      decompression += e.code() == TableErrorCode::Decompression;
      content += e.code() == TableErrorCode::ContentChecksum;
    }
  }
  INFO(harmless << " harmless flips");
  CHECK(harmless < 10);
  // Both defences are exercised: zstd's own checks and the content checksum.
  CHECK(decompression > 0);
  CHECK(content > 0);
}

TEST_CASE("garbage, empty, missing and non-regular files are refused") {
  ScratchDir dir;
  const auto path = dir / "junk.tbl";
  writeBytes(path, {});
  CHECK(refusal(path).code == TableErrorCode::Empty);
  writeBytes(path, tables_test::samplePayload(10000, 5));
  CHECK(refusal(path).code == TableErrorCode::BadMagic);
  const std::string text = "this is a text file, not a table\n";
  writeBytes(path, std::vector<uint8_t>(text.begin(), text.end()));
  CHECK(refusal(path).code == TableErrorCode::BadMagic);
  // Right magic, random rest.
  auto b = tables_test::samplePayload(1000, 6);
  const uint8_t magic[8] = {0x89, 'F', 'G', 'O', 'T', '\r', '\n', 0x1a};
  std::memcpy(b.data(), magic, 8);
  b[8] = 1;
  b[9] = 0;
  b[10] = 0;
  b[11] = 1;
  writeBytes(path, b);
  CHECK(refusal(path).code == TableErrorCode::HeaderChecksum);
  const Refusal missing = refusal(dir / "missing.tbl");
  CHECK(missing.code == TableErrorCode::Io);
  CHECK_THAT(missing.message, Catch::Contains("No such file"));
  CHECK(refusal(dir.path()).code == TableErrorCode::Io);
}

TEST_CASE("a valid table of the wrong kind, size, rules or size limit is refused") {
  ScratchDir dir;
  validFile(dir);
  const auto path = dir / "good.tbl";
  TableExpect e;
  e.kind = TableKind::Reduction;
  Refusal r = refusal(path, e);
  CHECK(r.code == TableErrorCode::Mismatch);
  CHECK_THAT(r.message, Catch::Contains("table kind is solution, expected reduction"));
  e = {};
  e.width = 4;
  e.height = 4;
  r = refusal(path, e);
  CHECK(r.code == TableErrorCode::Mismatch);
  CHECK_THAT(r.message, Catch::Contains("board is 5x5, expected 4x4"));
  e = {};
  e.height = 7;
  CHECK_THAT(refusal(path, e).message, Catch::Contains("board is 5x5, expected *x7"));
  e = {};
  e.rules = TableRules{};
  e.rules->komi = 7.5;
  r = refusal(path, e);
  CHECK(r.code == TableErrorCode::Mismatch);
  CHECK_THAT(r.message, Catch::Contains("rules are area, positional ko, no suicide, 2 passes, "
                                        "komi 0; expected area, positional ko, no suicide, 2 "
                                        "passes, komi 7.5"));
  e = {};
  e.rules = TableRules{};
  e.rules->ko = KoRule::Simple;
  CHECK_THAT(refusal(path, e).message, Catch::Contains("expected area, simple ko"));
  e = {};
  e.kindVersion = 2;
  CHECK_THAT(refusal(path, e).message, Catch::Contains("payload layout version is 1, expected 2"));
  e = {};
  e.maxRawBytes = 299;
  r = refusal(path, e);
  CHECK(r.code == TableErrorCode::TooLarge);
  CHECK_THAT(r.message, Catch::Contains("payload of 300 bytes exceeds the limit of 299"));
  CHECK_THROWS_AS(readTableHeader(path, e), TableError);
  // Matching expectations read fine.
  e = {};
  e.kind = TableKind::Solution;
  e.width = 5;
  e.height = 5;
  e.rules = TableRules{};
  e.kindVersion = 1;
  e.maxRawBytes = 300;
  CHECK(readTable(path, e).payload.size() == 300);
}
