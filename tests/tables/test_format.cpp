// Table files: checksum check values, payload encoding, and write/read round trips.
// Byte vectors are compared as CHECK((a == b)) so a failure prints a bool, not megabytes.
#include <catch2/catch.hpp>
#include <limits>

#include "tables/atomic_file.hpp"
#include "tables/checksum.hpp"
#include "tables/payload.hpp"
#include "tests/tables/helpers.hpp"

using namespace tables;
using tables_test::ScratchDir;

TEST_CASE("CRC-64/XZ matches its published check value and is incremental") {
  CHECK(crc64(std::string_view("123456789")) == 0x995DC9BBDF1939FAull);
  CHECK(crc64(std::string_view("")) == 0);
  const auto data = tables_test::samplePayload(1000, 7);
  const uint64_t whole = crc64(data);
  for (size_t cut : {0, 1, 7, 8, 9, 500, 999, 1000}) {
    Crc64 c;
    c.update(std::span<const uint8_t>(data).first(cut));
    c.update(std::span<const uint8_t>(data).subspan(cut));
    CHECK(c.value() == whole);
  }
  // Slicing-by-8 agrees with a bit-at-a-time CRC on every length up to 40.
  for (size_t n = 0; n <= 40; ++n) {
    uint64_t c = ~0ull;
    for (size_t i = 0; i < n; ++i) {
      c ^= data[i];
      for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? (c >> 1) ^ 0xC96C5795D7870F42ull : c >> 1;
    }
    CHECK(crc64(std::span<const uint8_t>(data).first(n)) == ~c);
  }
}

TEST_CASE("payload writer and reader round-trip every type") {
  PayloadWriter w;
  w.u8(0xab);
  w.u16(0xbeef);
  w.u32(0xdeadbeef);
  w.u64(0x0123456789abcdefull);
  w.i8(-5);
  w.i16(-30000);
  w.i32(std::numeric_limits<int32_t>::min());
  w.i64(-1);
  const std::vector<uint64_t> uvals = {0, 1, 127, 128, 300, 1ull << 35, 1ull << 63, ~0ull};
  for (uint64_t v : uvals) w.varint(v);
  const std::vector<int64_t> svals = {
      0, -1, 1, -64, 64, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
  for (int64_t v : svals) w.svarint(v);
  w.string("hello");
  w.string("");
  const uint8_t raw[3] = {9, 8, 7};
  w.bytes(raw);
  // Little-endian on the wire.
  CHECK(w.data()[1] == 0xef);
  CHECK(w.data()[2] == 0xbe);

  const std::vector<uint8_t> bytes = w.take();
  CHECK(w.size() == 0);
  PayloadReader r(bytes, "mem");
  CHECK(r.u8() == 0xab);
  CHECK(r.u16() == 0xbeef);
  CHECK(r.u32() == 0xdeadbeef);
  CHECK(r.u64() == 0x0123456789abcdefull);
  CHECK(r.i8() == -5);
  CHECK(r.i16() == -30000);
  CHECK(r.i32() == std::numeric_limits<int32_t>::min());
  CHECK(r.i64() == -1);
  for (uint64_t v : uvals) CHECK(r.varint() == v);
  for (int64_t v : svals) CHECK(r.svarint() == v);
  CHECK(r.string() == "hello");
  CHECK(r.string() == "");
  const auto b = r.bytes(3);
  CHECK(std::vector<uint8_t>(b.begin(), b.end()) == std::vector<uint8_t>{9, 8, 7});
  CHECK(r.atEnd());
  CHECK_NOTHROW(r.expectEnd());
}

TEST_CASE("varintSize is the number of bytes varint writes") {
  // Every power of two and the number below it (0 and ~0 included).
  for (int bits = 0; bits < 64; ++bits) {
    const uint64_t power = uint64_t{1} << bits;
    for (const uint64_t v : {power, power - 1, ~uint64_t{0}}) {
      PayloadWriter w;
      w.varint(v);
      INFO(v);
      CHECK(static_cast<size_t>(PayloadWriter::varintSize(v)) == w.size());
    }
  }
}

TEST_CASE("payload reader refuses reads past the end and malformed varints") {
  auto code = [](auto&& f) {
    try {
      f();
    } catch (const TableError& e) {
      CHECK(e.code() == TableErrorCode::PayloadFormat);
      CHECK(e.file() == "some.tbl");
      return std::string(e.what());
    }
    FAIL("no TableError");
    return std::string();
  };
  const std::vector<uint8_t> three = {1, 2, 3};
  {
    PayloadReader r(three, "some.tbl");
    r.u8();
    CHECK_THAT(code([&] { r.u32(); }), Catch::Contains("reading a u32 at payload offset 1 of 3"));
    CHECK(r.offset() == 1);  // a failed read consumes nothing
    CHECK_THAT(code([&] { r.bytes(3); }), Catch::Contains("reading 3 bytes"));
    CHECK_THAT(code([&] { r.expectEnd(); }), Catch::Contains("2 unread bytes"));
  }
  const std::vector<uint8_t> open = {0x80, 0x80};
  PayloadReader r1(open, "some.tbl");
  CHECK_THAT(code([&] { r1.varint(); }), Catch::Contains("inside a varint"));
  const std::vector<uint8_t> overlong = {0x81, 0x00};
  PayloadReader r2(overlong, "some.tbl");
  CHECK_THAT(code([&] { r2.varint(); }), Catch::Contains("overlong"));
  std::vector<uint8_t> overflow(9, 0xff);
  overflow.push_back(0x02);
  PayloadReader r3(overflow, "some.tbl");
  CHECK_THAT(code([&] { r3.varint(); }), Catch::Contains("overflows"));
  PayloadWriter w;
  w.string("abcdef");
  const auto s = w.take();
  PayloadReader r4(s, "some.tbl");
  CHECK_THAT(code([&] { r4.string(5); }), Catch::Contains("exceeds the limit"));
  const std::vector<uint8_t> shortString = {10, 'a'};
  PayloadReader r5(shortString, "some.tbl");
  CHECK_THAT(code([&] { r5.string(); }), Catch::Contains("reading 10 bytes"));
}

TEST_CASE("tables round-trip: empty, small and large payloads, kinds, sizes, rules") {
  ScratchDir dir;
  struct Case {
    TableKind kind;
    uint16_t w, h;
    TableRules rules;
    size_t bytes;
  };
  TableRules japanese{KoRule::Simple, Scoring::Territory, false, 2, 6.5};
  TableRules tromp{KoRule::Positional, Scoring::Area, true, 2, 7.5};
  TableRules situ{KoRule::Situational, Scoring::Area, false, 3, -0.5};
  const std::vector<Case> cases = {
      {TableKind::Solution, 5, 5, {}, 0},
      {TableKind::Solution, 2, 2, tromp, 1},
      {TableKind::Reduction, 19, 19, japanese, 1000},
      {TableKind::OpeningBook, 13, 9, situ, 100000},
      {TableKind::PositionIndex, 1001, 1001, {}, 3 << 20},
      {TableKind::Checkpoint, 4, 5, tromp, 12345},
  };
  int i = 0;
  for (const Case& c : cases) {
    TableMeta m = tables_test::sampleMeta();
    m.kind = c.kind;
    m.kindVersion = static_cast<uint16_t>(7 + i);
    m.width = c.w;
    m.height = c.h;
    m.rules = c.rules;
    m.entryCount = c.bytes / 3;
    m.generatorName = std::string(GENERATOR_NAME_BYTES, 'g');  // full-width text fields
    m.note = i % 2 ? "" : std::string(NOTE_BYTES, '~');
    const auto payload = tables_test::samplePayload(c.bytes, 100 + i);
    std::string name = "t";
    name += std::to_string(i++);
    const auto path = dir / name;
    WriteOptions options;
    options.level = 1 + i % 5;
    const TableHeader written = writeTable(path, m, payload, options);
    TableExpect expect;
    expect.kind = c.kind;
    expect.width = c.w;
    expect.height = c.h;
    expect.rules = c.rules;
    const Table t = readTable(path, expect);
    CHECK((t.payload == payload));
    CHECK(t.header.meta.kind == c.kind);
    CHECK(t.header.meta.kindVersion == m.kindVersion);
    CHECK(t.header.meta.width == c.w);
    CHECK(t.header.meta.height == c.h);
    CHECK(t.header.meta.rules == c.rules);
    CHECK(t.header.meta.generatorName == m.generatorName);
    CHECK(t.header.meta.generatorVersion == m.generatorVersion);
    CHECK(t.header.meta.note == m.note);
    CHECK(t.header.meta.entryCount == m.entryCount);
    CHECK(t.header.rawBytes == c.bytes);
    CHECK(t.header.storedBytes == std::filesystem::file_size(path) - HEADER_BYTES);
    CHECK(t.header.contentChecksum == crc64(payload));
    CHECK(t.header.headerChecksum == written.headerChecksum);
    CHECK(t.header.storedChecksum == written.storedChecksum);
    const TableHeader h = readTableHeader(path);
    CHECK(h.headerChecksum == written.headerChecksum);
    // Re-encoding the decoded header gives the same bytes.
    const auto bytes = tables_test::readBytes(path);
    CHECK((encodeHeader(h) == std::vector<uint8_t>(bytes.begin(), bytes.begin() + HEADER_BYTES)));
  }
}

TEST_CASE("the same table written twice gives identical bytes") {
  ScratchDir dir;
  const auto payload = tables_test::samplePayload(50000, 3);
  writeTable(dir / "a.tbl", tables_test::sampleMeta(), payload);
  writeTable(dir / "b.tbl", tables_test::sampleMeta(), payload);
  CHECK((tables_test::readBytes(dir / "a.tbl") == tables_test::readBytes(dir / "b.tbl")));
}

TEST_CASE("writer refuses header fields the format cannot hold") {
  ScratchDir dir;
  const std::vector<uint8_t> payload = {1, 2, 3};
  auto refused = [&](const TableMeta& m, const char* what, WriteOptions o = {}) {
    try {
      writeTable(dir / "bad.tbl", m, payload, o);
      FAIL("written: " << what);
    } catch (const TableError& e) {
      CHECK(e.code() == TableErrorCode::BadArgument);
      CHECK_THAT(e.what(), Catch::Contains(what));
    }
    CHECK_FALSE(std::filesystem::exists(dir / "bad.tbl"));
  };
  TableMeta m = tables_test::sampleMeta();
  m.width = 0;
  refused(m, "board size");
  m = tables_test::sampleMeta();
  m.generatorName = "";
  refused(m, "generator name is empty");
  m.generatorName = std::string(GENERATOR_NAME_BYTES + 1, 'x');
  refused(m, "generator name is 33 bytes");
  m = tables_test::sampleMeta();
  m.note = "tab\there";
  refused(m, "note has a byte outside printable ASCII");
  m = tables_test::sampleMeta();
  m.rules.komi = std::numeric_limits<double>::infinity();
  refused(m, "komi");
  m = tables_test::sampleMeta();
  m.rules.passesToEnd = 0;
  refused(m, "passes");
  m = tables_test::sampleMeta();
  m.kind = static_cast<TableKind>(77);
  refused(m, "unknown table kind");
  WriteOptions levelZero;
  levelZero.level = 0;
  refused(tables_test::sampleMeta(), "zstd level 0", levelZero);
  CHECK(leftoverTemporaries(dir / "bad.tbl").empty());
}

TEST_CASE("kind and rule names") {
  for (TableKind k : {TableKind::Solution, TableKind::Reduction, TableKind::OpeningBook,
                      TableKind::PositionIndex, TableKind::Checkpoint}) {
    CHECK(parseKind(kindName(k)) == k);
  }
  CHECK_FALSE(parseKind("nonsense"));
  CHECK(describeRules(TableRules{}) == "area, positional ko, no suicide, 2 passes, komi 0");
}
