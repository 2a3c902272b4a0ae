// Table files: the one on-disk format every table of fractalgo uses (solution tables of
// solve/, reduction tables of the cascade, opening books, position indexes).
//
// Reading guide. A file is a fixed 256-byte little-endian header (TableHeader: magic,
// format version, kind, board size, rules, generator, entry count, payload sizes and
// checksums, header checksum) followed by one zstd frame holding the payload; the byte
// layout is in docs/TABLES.md. Start with writeTable() and readTable() below; a table
// kind builds its payload with PayloadWriter and decodes it with PayloadReader
// (payload.hpp). Every refusal is a TableError (errors.hpp). Writes are atomic
// (atomic_file.hpp): a crash or kill mid-write leaves the previous file intact.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tables/errors.hpp"

namespace tables {

// Format version this build writes and the only one it reads.
inline constexpr uint16_t FORMAT_VERSION = 1;
// Size of the fixed header in bytes (format version 1).
inline constexpr size_t HEADER_BYTES = 256;
// Longest generator name / generator version / note, in bytes (ASCII, no NUL).
inline constexpr size_t GENERATOR_NAME_BYTES = 32;
inline constexpr size_t GENERATOR_VERSION_BYTES = 32;
inline constexpr size_t NOTE_BYTES = 104;
// Default ceiling on a payload's decompressed size that readers accept (16 GiB).
inline constexpr uint64_t DEFAULT_MAX_RAW_BYTES = uint64_t{16} << 30;

// What a table holds. Stored as a u16; new kinds get new numbers, never reuse one.
enum class TableKind : uint16_t {
  Solution = 1,       // exact values and best moves of small-board positions (solve/)
  Reduction = 2,      // the cascade's reduction lookup table
  OpeningBook = 3,    // moves for positions near the start of a game
  PositionIndex = 4,  // a set or map of positions keyed by canonical hash
  Checkpoint = 5,     // resumable state of a long table build
  MoveModel = 6,      // learned move-prediction weights (engine/prior)
  SolverState = 7,    // a solver's transposition table, to resume a long solve (solve/)
  ProofWalk = 8,      // the walk of a proof-table build under simple ko, to resume it (solve/)
};

// Ko rule the table was built under (u8 in the file).
enum class KoRule : uint8_t {
  Simple = 0,       // only the immediate recapture of a single stone is forbidden
  Positional = 1,   // positional superko: no earlier board position may recur
  Situational = 2,  // situational superko: no earlier (position, side to move) may recur
  // Simple ko alone, with values as what a side forces in finitely many moves (a ko cycle
  // decides nothing; the solver's simple-forced rules): proof tables of solve/.
  SimpleForced = 3,
};

// Scoring the table was built under (u8 in the file).
enum class Scoring : uint8_t {
  Area = 0,       // stones plus surrounded empty points
  Territory = 1,  // surrounded empty points plus prisoners
};

// The rules a table was built under, as plain values (no engine dependency; solve/ and
// the cascade convert from engine::Rules).
struct TableRules {
  KoRule ko = KoRule::Positional;
  Scoring scoring = Scoring::Area;
  bool suicideAllowed = false;
  uint8_t passesToEnd = 2;  // consecutive passes that end the game (1..255)
  double komi = 0;          // finite, |komi| <= 1e6; compared bit for bit
  bool operator==(const TableRules&) const = default;
};

// The header fields a writer chooses. The reader returns them together with the
// fields it computed (TableHeader).
struct TableMeta {
  TableKind kind = TableKind::Solution;
  uint16_t kindVersion = 1;  // layout version of this kind's payload, owned by the kind
  uint16_t width = 0;        // board size the table is for, 1..65535 each
  uint16_t height = 0;
  TableRules rules;
  std::string generatorName;     // the program that built the table, e.g. "fgo tables"
  std::string generatorVersion;  // its version, e.g. "0.1.0"
  std::string note;              // free text, e.g. the build parameters; may be empty
  uint64_t entryCount = 0;       // number of entries, as the kind counts them
};

// A whole header as stored: the chosen fields plus the payload description.
struct TableHeader {
  TableMeta meta;
  uint16_t formatVersion = FORMAT_VERSION;
  uint8_t codec = 1;             // 1 = zstd (the only codec of format version 1)
  uint64_t rawBytes = 0;         // decompressed payload size
  uint64_t storedBytes = 0;      // compressed payload size (bytes after the header)
  uint64_t contentChecksum = 0;  // CRC-64/XZ of the decompressed payload
  uint64_t storedChecksum = 0;   // CRC-64/XZ of the stored (compressed) payload
  uint64_t headerChecksum = 0;   // CRC-64/XZ of header bytes 0..247
};

// What a reader insists on. Unset fields are not checked.
struct TableExpect {
  std::optional<TableKind> kind;
  std::optional<uint16_t> kindVersion;
  std::optional<uint16_t> width;
  std::optional<uint16_t> height;
  std::optional<TableRules> rules;
  uint64_t maxRawBytes = DEFAULT_MAX_RAW_BYTES;  // refuse larger payloads before allocating
};

// A table read into memory: its header and decompressed payload.
struct Table {
  TableHeader header;
  std::vector<uint8_t> payload;
};

// How to write: zstd level and a progress callback (bytes of the file written so far,
// total bytes), called after each chunk is written to the temporary file.
struct WriteOptions {
  int level = 3;    // zstd compression level, 1..19 (ZSTD_maxCLevel() allowed too)
  int threads = 0;  // zstd worker threads (0: compress in the calling thread)
  std::function<void(uint64_t written, uint64_t total)> onProgress;
};

// Name of a kind ("solution", ...); "unknown" for a number this build does not know.
const char* kindName(TableKind kind);
// Parses a kind name as kindName prints it; nullopt when unknown.
std::optional<TableKind> parseKind(const std::string& name);
// Name of a ko rule / scoring ("positional", "area", ...).
const char* koRuleName(KoRule ko);
const char* scoringName(Scoring scoring);
// One-line description of rules, e.g. "area, positional ko, no suicide, 2 passes, komi 0".
std::string describeRules(const TableRules& rules);

// Writes payload as a table file at path, atomically (temporary file in the same
// directory, fsync, rename over path, fsync the directory). Returns the header written.
// Throws TableError (BadArgument for fields the format cannot hold, Io otherwise).
TableHeader writeTable(const std::filesystem::path& path, const TableMeta& meta,
                       std::span<const uint8_t> payload, const WriteOptions& options = {});

// Writes a table whose payload comes in pieces, compressing and writing each as it
// comes, so that a payload of gigabytes (a solver's table, solve/solver_state.hpp) never
// sits in memory whole or twice. The file is the same format as writeTable's; without
// rawBytes its zstd frame does not record its content size (the header's raw size does). Atomic
// like writeTable: nothing replaces path before finish(), and a writer destroyed without finishing
// (an exception, a kill) leaves the old file as it was. options.onProgress is not called (the total
// is not known in advance). Throws TableError.
class TableStreamWriter {
 public:
  // rawBytes: the payload's size when known in advance; the zstd frame then records it,
  // as writeTable's does (so readers older than the streamed writer read the file), and
  // finish() refuses a payload of another size.
  TableStreamWriter(const std::filesystem::path& path, const TableMeta& meta,
                    const WriteOptions& options = {},
                    std::optional<uint64_t> rawBytes = std::nullopt);
  ~TableStreamWriter();
  TableStreamWriter(const TableStreamWriter&) = delete;
  TableStreamWriter& operator=(const TableStreamWriter&) = delete;

  // Appends payload bytes.
  void add(std::span<const uint8_t> bytes);
  // Ends the payload, writes the header with entryCount (meta's count is replaced), makes
  // the file durable and renames it over path. Returns the header written.
  TableHeader finish(uint64_t entryCount);
  uint64_t rawBytes() const { return raw_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  uint64_t raw_ = 0;
  std::optional<uint64_t> pledged_;
};

// Reads a table's payload in pieces (the reading twin of TableStreamWriter; it reads
// writeTable's files too). The constructor reads and checks the header, as readTable
// does, and then the stored checksum over the whole compressed payload, so a damaged
// file is refused before any payload byte is handed out. read() decompresses on demand;
// at the end of the payload it checks the decompressed size and the content checksum, and
// throws TableError if either is wrong: a caller that has already used the bytes must
// then discard what it built from them. Throws TableError.
class TableStreamReader {
 public:
  TableStreamReader(const std::filesystem::path& path, const TableExpect& expect = {});
  ~TableStreamReader();
  TableStreamReader(const TableStreamReader&) = delete;
  TableStreamReader& operator=(const TableStreamReader&) = delete;

  const TableHeader& header() const { return header_; }
  // Copies up to n payload bytes to p and returns how many; 0 only at the end of a
  // payload whose size and content checksum have been checked.
  size_t read(uint8_t* p, size_t n);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  TableHeader header_;
};

// Reads and checks a whole table: magic, version, header checksum, every field, sizes
// against the file length and expect.maxRawBytes, the stored checksum, the zstd frame,
// the decompressed size and content checksum, then what expect asks for.
// Throws TableError saying which check failed.
Table readTable(const std::filesystem::path& path, const TableExpect& expect = {});

// Reads and checks only the header (every check that needs no payload bytes, including
// the file length); cheap for large files. Throws TableError.
TableHeader readTableHeader(const std::filesystem::path& path, const TableExpect& expect = {});

// The 256 header bytes of h as stored (headerChecksum is computed, h's value ignored).
std::vector<uint8_t> encodeHeader(const TableHeader& h);
// Parses and checks header bytes (everything but the file length and expectations);
// file names the source in errors. Throws TableError.
TableHeader decodeHeader(std::span<const uint8_t> bytes, const std::string& file);
// Checks a decoded header against expectations. Throws TableError (Mismatch/TooLarge).
void checkExpected(const TableHeader& h, const TableExpect& expect, const std::string& file);

}  // namespace tables
