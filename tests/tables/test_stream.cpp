// Tables written and read in pieces (TableStreamWriter, TableStreamReader, PayloadReader
// over a pull function): the same files and bytes as the whole-payload calls, the same
// refusals, and atomic writes.
// Byte vectors are compared as CHECK((a == b)) so a failure prints a bool, not megabytes.
#include <zstd.h>

#include <catch2/catch.hpp>
#include <random>

#include "tables/atomic_file.hpp"
#include "tables/payload.hpp"
#include "tests/tables/helpers.hpp"

using namespace tables;
using namespace tables_test;

namespace {

// Streams payload to path in pieces of random sizes (1 byte to about 1 MiB).
TableHeader writeInPieces(const std::filesystem::path& path, const std::vector<uint8_t>& payload,
                          uint64_t seed, const WriteOptions& o = {}) {
  std::mt19937_64 rng(seed);
  TableStreamWriter w(path, sampleMeta(), o);
  for (size_t at = 0; at < payload.size();) {
    const size_t n = std::min<size_t>(payload.size() - at, 1 + rng() % (rng() % 2 ? 7 : 1 << 20));
    w.add(std::span<const uint8_t>(payload).subspan(at, n));
    at += n;
  }
  CHECK(w.rawBytes() == payload.size());
  return w.finish(sampleMeta().entryCount);
}

// Reads a whole payload through TableStreamReader in pieces of random sizes.
std::vector<uint8_t> readInPieces(const std::filesystem::path& path, uint64_t seed) {
  std::mt19937_64 rng(seed);
  TableStreamReader r(path);
  std::vector<uint8_t> out;
  std::vector<uint8_t> piece(1 << 20);
  for (;;) {
    const size_t want = 1 + rng() % (rng() % 2 ? 5 : piece.size());
    const size_t got = r.read(piece.data(), want);
    CHECK(got <= want);
    if (got == 0) break;
    out.insert(out.end(), piece.begin(), piece.begin() + static_cast<std::ptrdiff_t>(got));
  }
  CHECK(r.read(piece.data(), piece.size()) == 0);  // the end stays the end
  return out;
}

}  // namespace

TEST_CASE("tables written in pieces read like whole ones, and both read in pieces") {
  ScratchDir dir;
  // Empty, tiny, and past the 4 MiB piece size of both readers (incompressible too).
  const std::vector<std::vector<uint8_t>> payloads = {
      {},
      samplePayload(1, 1),
      samplePayload(3000, 2),
      samplePayload((size_t{9} << 20) + 3, 3),
      randomBytes((size_t{5} << 20) + 11, 4),
  };
  uint64_t seed = 1;
  for (const auto& payload : payloads) {
    INFO("payload of " << payload.size() << " bytes");
    for (int threads : {0, 2}) {
      WriteOptions o;
      o.threads = threads;
      const auto streamed = dir / "streamed.tbl";
      const TableHeader h = writeInPieces(streamed, payload, ++seed, o);
      CHECK(h.rawBytes == payload.size());
      const Table t = readTable(streamed);
      CHECK((t.payload == payload));
      CHECK(t.header.meta.entryCount == sampleMeta().entryCount);
      CHECK(t.header.contentChecksum == h.contentChecksum);
      CHECK(t.header.storedChecksum == h.storedChecksum);
      CHECK(t.header.storedBytes == h.storedBytes);
      CHECK((readInPieces(streamed, ++seed) == payload));
      CHECK(leftoverTemporaries(streamed).empty());
    }
    const auto whole = dir / "whole.tbl";
    writeTable(whole, sampleMeta(), payload);
    CHECK((readInPieces(whole, ++seed) == payload));
    CHECK(TableStreamReader(whole).header().rawBytes == payload.size());
  }
}

TEST_CASE("a streamed write that does not finish leaves the old table as it was") {
  ScratchDir dir;
  const auto path = dir / "t.tbl";
  const auto old = samplePayload(5000, 7);
  writeTable(path, sampleMeta(), old);
  const auto before = readBytes(path);
  {
    TableStreamWriter w(path, sampleMeta());
    w.add(samplePayload(200000, 8));
    CHECK(leftoverTemporaries(path).size() == 1);  // the new file so far is a temporary
  }  // destroyed unfinished (an exception on the way out, say)
  CHECK((readBytes(path) == before));
  CHECK(leftoverTemporaries(path).empty());
  CHECK((readTable(path).payload == old));
  // A size announced in advance: the frame records it, as writeTable's frames do (older
  // readers insist on it), and another size is refused with the old file kept.
  {
    const auto payload = samplePayload(70000, 9);
    TableStreamWriter w(path, sampleMeta(), {}, payload.size());
    w.add(std::span<const uint8_t>(payload).first(1000));
    w.add(std::span<const uint8_t>(payload).subspan(1000));
    w.finish(1);
    const auto bytes = readBytes(path);
    CHECK(ZSTD_getFrameContentSize(bytes.data() + HEADER_BYTES, bytes.size() - HEADER_BYTES) ==
          payload.size());
    CHECK((readTable(path).payload == payload));
    TableStreamWriter shorter(path, sampleMeta(), {}, payload.size());
    shorter.add(std::span<const uint8_t>(payload).first(10));
    CHECK_THROWS_AS(shorter.finish(1), TableError);
    TableStreamWriter longer(path, sampleMeta(), {}, 10);
    CHECK_THROWS_AS(longer.add(std::span<const uint8_t>(payload).first(11)), TableError);
    CHECK((readBytes(path) == bytes));
  }
  CHECK(leftoverTemporaries(path).size() == 0);
  writeTable(path, sampleMeta(), old);
  // Refused metadata throws before anything is created.
  TableMeta bad = sampleMeta();
  bad.width = 0;
  CHECK_THROWS_AS(TableStreamWriter(path, bad), TableError);
  WriteOptions level;
  level.level = 99;
  CHECK_THROWS_AS(TableStreamWriter(path, sampleMeta(), level), TableError);
  CHECK(leftoverTemporaries(path).empty());
  // A finished writer takes no more.
  TableStreamWriter w(path, sampleMeta());
  w.finish(0);
  CHECK_THROWS_AS(w.add(old), TableError);
  CHECK_THROWS_AS(w.finish(0), TableError);
  CHECK(readTable(path).payload.empty());
}

TEST_CASE("the stream reader refuses damage before handing out a byte, or at the end") {
  ScratchDir dir;
  const auto payload = samplePayload(20000, 11);
  const auto goodPath = dir / "good.tbl";
  writeTable(goodPath, sampleMeta(), payload);
  const auto good = readBytes(goodPath);
  const auto path = dir / "bad.tbl";
  auto code = [&](const std::vector<uint8_t>& bytes) {
    writeBytes(path, bytes);
    try {
      readInPieces(path, 5);
    } catch (const TableError& e) {
      CHECK(e.file() == path.string());
      return e.code();
    }
    FAIL("read of the damaged file succeeded");
    return TableErrorCode::Io;
  };
  // A flipped payload byte: refused by the constructor's first pass over the payload.
  for (size_t at = HEADER_BYTES; at < good.size(); at += 97) {
    auto b = good;
    b[at] ^= 0x04;
    writeBytes(path, b);
    INFO("offset " << at);
    CHECK_THROWS_AS(TableStreamReader(path), TableError);
    CHECK(code(b) == TableErrorCode::PayloadChecksum);
  }
  // Cut short, or with bytes after it: refused by the header's sizes.
  CHECK(code(std::vector<uint8_t>(good.begin(), good.end() - 1)) == TableErrorCode::Truncated);
  auto longer = good;
  longer.push_back(0);
  CHECK(code(longer) == TableErrorCode::TrailingData);
  // A damaged frame behind a matching stored checksum: zstd or the content checksum
  // refuses it by the end of the payload.
  int refused = 0;
  for (size_t at = HEADER_BYTES; at < good.size(); at += 13) {
    writeBytes(path, damagedBehindChecksum(good, at, 0x10));
    try {
      const auto out = readInPieces(path, at);
      CHECK((out == payload));  // a flip zstd ignores must change nothing
    } catch (const TableError& e) {
      INFO("offset " << at << ": " << e.what());
      CHECK((e.code() == TableErrorCode::Decompression ||
             e.code() == TableErrorCode::ContentChecksum));
      ++refused;
    }
  }
  CHECK(refused > 0);
  // A content checksum that does not match: the bytes come out until the read that reaches
  // the end of the payload, which throws.
  auto b = good;
  setLE(b, 56, 12345, 8);
  reseal(b);
  writeBytes(path, b);
  TableStreamReader r(path);
  std::vector<uint8_t> out(payload.size() + 1000);
  size_t got = 0;
  bool threw = false;
  try {
    for (size_t n = 1; n > 0; got += n) n = r.read(out.data() + got, 1000);
  } catch (const TableError& e) {
    CHECK(e.code() == TableErrorCode::ContentChecksum);
    threw = true;
  }
  CHECK(threw);
  CHECK(got + 1000 >= payload.size());
  CHECK(std::equal(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(got), payload.begin()));
  // Expectations are checked as readTable checks them.
  TableExpect expect;
  expect.width = 9;
  CHECK_THROWS_AS(TableStreamReader(goodPath, expect), TableError);
}

TEST_CASE("a payload read in pieces decodes as a whole one, errors at the same offsets") {
  std::mt19937_64 rng(99);
  PayloadWriter w;
  for (int i = 0; i < 20000; ++i) {
    w.varint(rng() >> (rng() % 64));
    w.u64(rng());
    w.u8(static_cast<uint8_t>(rng()));
    if (i % 100 == 0) w.string(std::string(rng() % 300, 'x'));
  }
  const std::vector<uint8_t> bytes = w.data();
  for (size_t pieceMax : {size_t{1}, size_t{3}, size_t{4096}, size_t{1} << 24}) {
    INFO("pieces of at most " << pieceMax << " bytes");
    size_t at = 0;
    std::mt19937_64 sizes(pieceMax);
    PayloadReader::Pull pull = [&](uint8_t* p, size_t n) {
      const size_t k = std::min({n, bytes.size() - at, 1 + sizes() % pieceMax});
      std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(at), k, p);
      at += k;
      return k;
    };
    PayloadReader whole(bytes, "whole"), pieces(pull, "pieces");
    std::mt19937_64 again(99);
    for (int i = 0; i < 20000; ++i) {
      const uint64_t v = pieces.varint();
      REQUIRE(v == whole.varint());
      REQUIRE(pieces.u64() == whole.u64());
      REQUIRE(pieces.u8() == whole.u8());
      if (i % 100 == 0) REQUIRE(pieces.string() == whole.string());
      REQUIRE(pieces.offset() == whole.offset());
    }
    CHECK(pieces.atEnd());
    CHECK_NOTHROW(pieces.expectEnd());
    try {
      pieces.u64();
      FAIL("read past the end");
    } catch (const TableError& e) {
      CHECK(e.code() == TableErrorCode::PayloadFormat);
      CHECK_THAT(e.what(), Catch::Contains("at payload offset " + std::to_string(bytes.size())));
    }
  }
  // An overlong varint deep in the payload is reported at its own offset.
  std::vector<uint8_t> bad(5000, 0);
  bad[4000] = 0x80;  // 0x80 0x00: zero written in two bytes
  size_t at = 0;
  PayloadReader pieces(
      [&](uint8_t* p, size_t n) {
        const size_t k = std::min<size_t>({n, bad.size() - at, 7});
        std::copy_n(bad.begin() + static_cast<std::ptrdiff_t>(at), k, p);
        at += k;
        return k;
      },
      "pieces");
  for (int i = 0; i < 4000; ++i) pieces.u8();
  try {
    pieces.varint();
    FAIL("overlong varint accepted");
  } catch (const TableError& e) {
    CHECK_THAT(e.what(), Catch::Contains("overlong varint at payload offset 4000"));
  }
}
