// Table files: header encoding field by field (little-endian, fixed offsets documented
// in docs/TABLES.md), zstd payload, checked reading and atomic writing.
#include "tables/table_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>

#include "tables/atomic_file.hpp"
#include "tables/checksum.hpp"

namespace tables {

namespace {

// PNG-style signature: a high byte (caught by 7-bit channels), the name, CR LF (caught
// by newline conversion) and ^Z (stops a DOS "type").
constexpr std::array<uint8_t, 8> MAGIC = {0x89, 'F', 'G', 'O', 'T', '\r', '\n', 0x1a};

// Field offsets of format version 1 (docs/TABLES.md has the table).
namespace off {
constexpr size_t MAGIC = 0, VERSION = 8, HEADER_SIZE = 10, KIND = 12, KIND_VERSION = 14;
constexpr size_t WIDTH = 16, HEIGHT = 18, KO = 20, SCORING = 21, SUICIDE = 22, PASSES = 23;
constexpr size_t KOMI = 24, ENTRIES = 32, RAW = 40, STORED = 48, CONTENT_CRC = 56;
constexpr size_t STORED_CRC = 64, CODEC = 72, RESERVED = 73, GEN_NAME = 80, GEN_VERSION = 112;
constexpr size_t NOTE = 144, HEADER_CRC = 248;
}  // namespace off
static_assert(off::NOTE + NOTE_BYTES == off::HEADER_CRC && off::HEADER_CRC + 8 == HEADER_BYTES);

constexpr uint8_t CODEC_ZSTD = 1;
constexpr uint64_t MAX_FORMAT_RAW_BYTES = uint64_t{1} << 48;  // absolute cap of the format
constexpr double MAX_ABS_KOMI = 1e6;

void put(std::vector<uint8_t>& b, size_t at, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

uint64_t get(std::span<const uint8_t> b, size_t at, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= uint64_t{b[at + i]} << (8 * i);
  return v;
}

std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

[[noreturn]] void refuse(TableErrorCode code, const std::string& file, const std::string& what) {
  throw TableError(code, file, what);
}

bool knownKind(uint16_t k) {
  return k >= 1 && k <= 8;
}
bool knownKo(uint8_t k) {
  return k <= 3;
}
bool knownScoring(uint8_t s) {
  return s <= 1;
}

// Why text cannot go in a fixed field of capacity bytes ("" when it can).
std::string textProblem(const std::string& text, size_t capacity) {
  if (text.size() > capacity) {
    return "is " + std::to_string(text.size()) + " bytes, at most " + std::to_string(capacity);
  }
  for (const char c : text) {
    if (c < 0x20 || c > 0x7e) return "has a byte outside printable ASCII";
  }
  return "";
}

// Why rules cannot be stored ("" when they can).
std::string rulesProblem(const TableRules& r) {
  if (!knownKo(static_cast<uint8_t>(r.ko))) return "unknown ko rule";
  if (!knownScoring(static_cast<uint8_t>(r.scoring))) return "unknown scoring";
  if (r.passesToEnd == 0) return "passes to end is 0";
  if (!std::isfinite(r.komi) || std::fabs(r.komi) > MAX_ABS_KOMI) return "komi out of range";
  return "";
}

// Checks everything a writer chooses; throws BadArgument.
void validateMeta(const TableMeta& m, const std::string& file) {
  auto bad = [&](const std::string& what) { refuse(TableErrorCode::BadArgument, file, what); };
  if (!knownKind(static_cast<uint16_t>(m.kind))) bad("unknown table kind");
  if (m.width == 0 || m.height == 0) bad("board size must be at least 1x1");
  if (const auto p = rulesProblem(m.rules); !p.empty()) bad("rules: " + p);
  if (m.generatorName.empty()) bad("generator name is empty");
  if (const auto p = textProblem(m.generatorName, GENERATOR_NAME_BYTES); !p.empty()) {
    bad("generator name " + p);
  }
  if (const auto p = textProblem(m.generatorVersion, GENERATOR_VERSION_BYTES); !p.empty()) {
    bad("generator version " + p);
  }
  if (const auto p = textProblem(m.note, NOTE_BYTES); !p.empty()) bad("note " + p);
}

void putText(std::vector<uint8_t>& b, size_t at, const std::string& text) {
  std::memcpy(b.data() + at, text.data(), text.size());  // the rest stays zero
}

// Reads a NUL-padded printable field; throws BadField when malformed.
std::string getText(std::span<const uint8_t> b, size_t at, size_t capacity, const char* name,
                    const std::string& file) {
  size_t n = 0;
  while (n < capacity && b[at + n] != 0) ++n;
  for (size_t i = 0; i < capacity; ++i) {
    const uint8_t c = b[at + i];
    const bool ok = i < n ? (c >= 0x20 && c <= 0x7e) : c == 0;
    if (!ok) {
      refuse(TableErrorCode::BadField, file,
             std::string(name) + " field has byte " + hex(c) + " at offset " +
                 std::to_string(at + i) + " (printable ASCII then NUL padding expected)");
    }
  }
  return std::string(reinterpret_cast<const char*>(b.data() + at), n);
}

// Posix file opened for reading, closed on scope exit.
struct InFile {
  int fd = -1;
  uint64_t size = 0;
  std::string name;
  explicit InFile(const std::filesystem::path& path) : name(path.string()) {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) refuse(TableErrorCode::Io, name, std::string("open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
      const int err = errno;
      ::close(fd);
      refuse(TableErrorCode::Io, name, std::string("stat: ") + std::strerror(err));
    }
    if (!S_ISREG(st.st_mode)) {
      ::close(fd);
      refuse(TableErrorCode::Io, name, "not a regular file");
    }
    size = static_cast<uint64_t>(st.st_size);
  }
  ~InFile() { ::close(fd); }
  InFile(const InFile&) = delete;
  InFile& operator=(const InFile&) = delete;

  // Reads up to n bytes into p; returns how many (fewer only at end of file).
  size_t read(uint8_t* p, size_t n) {
    size_t got = 0;
    while (got < n) {
      const ssize_t r = ::read(fd, p + got, n - got);
      if (r < 0) {
        if (errno == EINTR) continue;
        refuse(TableErrorCode::Io, name, std::string("read: ") + std::strerror(errno));
      }
      if (r == 0) break;
      got += static_cast<size_t>(r);
    }
    return got;
  }
};

// Reads and checks the header of an open file, including the file length.
TableHeader readHeaderFrom(InFile& f, const TableExpect& expect) {
  if (f.size == 0) refuse(TableErrorCode::Empty, f.name, "empty file (0 bytes)");
  std::vector<uint8_t> head(static_cast<size_t>(std::min<uint64_t>(f.size, HEADER_BYTES)));
  head.resize(f.read(head.data(), head.size()));
  const TableHeader h = decodeHeader(head, f.name);
  const uint64_t expected = HEADER_BYTES + h.storedBytes;
  if (f.size < expected) {
    refuse(TableErrorCode::Truncated, f.name,
           "truncated: " + std::to_string(f.size) + " bytes, the header announces " +
               std::to_string(expected) + " (256 header + " + std::to_string(h.storedBytes) +
               " payload)");
  }
  if (f.size > expected) {
    refuse(TableErrorCode::TrailingData, f.name,
           std::to_string(f.size - expected) + " unexpected bytes after the payload (file has " +
               std::to_string(f.size) + ", header announces " + std::to_string(expected) + ")");
  }
  checkExpected(h, expect, f.name);
  return h;
}

// Decompresses the single zstd frame in stored into exactly h.rawBytes bytes.
std::vector<uint8_t> decompress(std::span<const uint8_t> stored, const TableHeader& h,
                                const std::string& file) {
  auto bad = [&](const std::string& what) { refuse(TableErrorCode::Decompression, file, what); };
  const unsigned long long content = ZSTD_getFrameContentSize(stored.data(), stored.size());
  if (content == ZSTD_CONTENTSIZE_ERROR) bad("payload is not a zstd frame");
  // A streamed write (TableStreamWriter) may leave the size out; the header's raw size is
  // then the only one, and decompressing into exactly that many bytes checks it.
  if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != h.rawBytes) {
    bad("zstd frame holds " + std::to_string(content) + " bytes, the header says " +
        std::to_string(h.rawBytes));
  }
  const size_t frame = ZSTD_findFrameCompressedSize(stored.data(), stored.size());
  if (ZSTD_isError(frame)) bad(std::string("zstd frame: ") + ZSTD_getErrorName(frame));
  if (frame != stored.size()) {
    bad("zstd frame is " + std::to_string(frame) + " bytes, the payload " +
        std::to_string(stored.size()));
  }
  std::vector<uint8_t> raw(static_cast<size_t>(h.rawBytes));
  const size_t n = ZSTD_decompress(raw.data(), raw.size(), stored.data(), stored.size());
  if (ZSTD_isError(n)) bad(std::string("zstd: ") + ZSTD_getErrorName(n));
  if (n != raw.size()) bad("zstd frame decompressed to " + std::to_string(n) + " bytes");
  return raw;
}

// Refuses a zstd level outside 1..ZSTD_maxCLevel().
void checkLevel(const WriteOptions& o, const std::string& file) {
  if (o.level < 1 || o.level > ZSTD_maxCLevel()) {
    refuse(
        TableErrorCode::BadArgument, file,
        "zstd level " + std::to_string(o.level) + " not in 1.." + std::to_string(ZSTD_maxCLevel()));
  }
}

// Compresses raw into one zstd frame that records its content size.
std::vector<uint8_t> compress(std::span<const uint8_t> raw, const WriteOptions& o,
                              const std::string& file) {
  auto bad = [&](TableErrorCode c, const std::string& what) { refuse(c, file, what); };
  checkLevel(o, file);
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  if (!cctx) bad(TableErrorCode::Io, "zstd: out of memory");
  // zstd's bound is the raw size and more; a vector of that size would be zero-filled
  // and count in memory from the start. A default-initialised buffer stays untouched
  // where the frame does not reach (a large allocation is fresh pages), and the frame is
  // copied out of it at its own size.
  const size_t bound = ZSTD_compressBound(raw.size());
  std::unique_ptr<uint8_t[]> buffer(new uint8_t[bound]);
  size_t n = ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, o.level);
  if (!ZSTD_isError(n)) n = ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 1);
  if (!ZSTD_isError(n) && o.threads > 0) {
    n = ZSTD_CCtx_setParameter(cctx, ZSTD_c_nbWorkers, o.threads);
  }
  if (!ZSTD_isError(n)) n = ZSTD_compress2(cctx, buffer.get(), bound, raw.data(), raw.size());
  ZSTD_freeCCtx(cctx);
  if (ZSTD_isError(n))
    bad(TableErrorCode::BadArgument, std::string("zstd: ") + ZSTD_getErrorName(n));
  return std::vector<uint8_t>(buffer.get(), buffer.get() + n);
}

}  // namespace

const char* kindName(TableKind kind) {
  switch (kind) {
    case TableKind::Solution:
      return "solution";
    case TableKind::Reduction:
      return "reduction";
    case TableKind::OpeningBook:
      return "opening-book";
    case TableKind::PositionIndex:
      return "position-index";
    case TableKind::Checkpoint:
      return "checkpoint";
    case TableKind::MoveModel:
      return "move-model";
    case TableKind::SolverState:
      return "solver-state";
    case TableKind::ProofWalk:
      return "proof-walk";
  }
  return "unknown";
}

std::optional<TableKind> parseKind(const std::string& name) {
  for (uint16_t k = 1; knownKind(k); ++k) {
    if (name == kindName(static_cast<TableKind>(k))) return static_cast<TableKind>(k);
  }
  return std::nullopt;
}

const char* koRuleName(KoRule ko) {
  switch (ko) {
    case KoRule::Simple:
      return "simple";
    case KoRule::Positional:
      return "positional";
    case KoRule::Situational:
      return "situational";
    case KoRule::SimpleForced:
      return "simple (forced)";
  }
  return "unknown";
}

const char* scoringName(Scoring scoring) {
  switch (scoring) {
    case Scoring::Area:
      return "area";
    case Scoring::Territory:
      return "territory";
  }
  return "unknown";
}

std::string describeRules(const TableRules& r) {
  std::ostringstream s;
  s << scoringName(r.scoring) << ", " << koRuleName(r.ko) << " ko, "
    << (r.suicideAllowed ? "suicide allowed" : "no suicide") << ", " << int{r.passesToEnd}
    << " passes, komi " << r.komi;
  return s.str();
}

std::vector<uint8_t> encodeHeader(const TableHeader& h) {
  std::vector<uint8_t> b(HEADER_BYTES, 0);
  std::memcpy(b.data() + off::MAGIC, MAGIC.data(), MAGIC.size());
  put(b, off::VERSION, h.formatVersion, 2);
  put(b, off::HEADER_SIZE, HEADER_BYTES, 2);
  put(b, off::KIND, static_cast<uint16_t>(h.meta.kind), 2);
  put(b, off::KIND_VERSION, h.meta.kindVersion, 2);
  put(b, off::WIDTH, h.meta.width, 2);
  put(b, off::HEIGHT, h.meta.height, 2);
  put(b, off::KO, static_cast<uint8_t>(h.meta.rules.ko), 1);
  put(b, off::SCORING, static_cast<uint8_t>(h.meta.rules.scoring), 1);
  put(b, off::SUICIDE, h.meta.rules.suicideAllowed ? 1 : 0, 1);
  put(b, off::PASSES, h.meta.rules.passesToEnd, 1);
  uint64_t komiBits = 0;
  static_assert(sizeof(double) == 8);
  std::memcpy(&komiBits, &h.meta.rules.komi, 8);  // IEEE-754 binary64 bit pattern
  put(b, off::KOMI, komiBits, 8);
  put(b, off::ENTRIES, h.meta.entryCount, 8);
  put(b, off::RAW, h.rawBytes, 8);
  put(b, off::STORED, h.storedBytes, 8);
  put(b, off::CONTENT_CRC, h.contentChecksum, 8);
  put(b, off::STORED_CRC, h.storedChecksum, 8);
  put(b, off::CODEC, h.codec, 1);
  putText(b, off::GEN_NAME, h.meta.generatorName.substr(0, GENERATOR_NAME_BYTES));
  putText(b, off::GEN_VERSION, h.meta.generatorVersion.substr(0, GENERATOR_VERSION_BYTES));
  putText(b, off::NOTE, h.meta.note.substr(0, NOTE_BYTES));
  put(b, off::HEADER_CRC, crc64(std::span<const uint8_t>(b).first(off::HEADER_CRC)), 8);
  return b;
}

TableHeader decodeHeader(std::span<const uint8_t> b, const std::string& file) {
  using C = TableErrorCode;
  if (b.empty()) refuse(C::Empty, file, "empty file (0 bytes)");
  const size_t magicLen = std::min(b.size(), MAGIC.size());
  if (std::memcmp(b.data(), MAGIC.data(), magicLen) != 0) {
    refuse(C::BadMagic, file, "not a fractalgo table (bad magic bytes)");
  }
  auto needBytes = [&](size_t n) {
    if (b.size() < n) {
      refuse(C::Truncated, file,
             "truncated: " + std::to_string(b.size()) + " bytes, shorter than the " +
                 std::to_string(HEADER_BYTES) + "-byte header");
    }
  };
  needBytes(off::HEADER_SIZE + 2);
  TableHeader h;
  h.formatVersion = static_cast<uint16_t>(get(b, off::VERSION, 2));
  if (h.formatVersion != FORMAT_VERSION) {
    refuse(C::BadVersion, file,
           "format version " + std::to_string(h.formatVersion) +
               " not supported (this build reads " + std::to_string(FORMAT_VERSION) + ")");
  }
  const uint64_t headerSize = get(b, off::HEADER_SIZE, 2);
  if (headerSize != HEADER_BYTES) {
    refuse(C::BadField, file,
           "header size field is " + std::to_string(headerSize) + ", format version 1 has " +
               std::to_string(HEADER_BYTES));
  }
  needBytes(HEADER_BYTES);
  h.headerChecksum = get(b, off::HEADER_CRC, 8);
  const uint64_t computed = crc64(b.first(off::HEADER_CRC));
  if (computed != h.headerChecksum) {
    refuse(C::HeaderChecksum, file,
           "header checksum mismatch (stored " + hex(h.headerChecksum) + ", computed " +
               hex(computed) + "): the header is corrupted");
  }
  auto bad = [&](const std::string& what) { refuse(C::BadField, file, what); };
  const uint64_t kind = get(b, off::KIND, 2);
  if (!knownKind(static_cast<uint16_t>(kind))) {
    bad("unknown table kind " + std::to_string(kind));
  }
  TableMeta& m = h.meta;
  m.kind = static_cast<TableKind>(kind);
  m.kindVersion = static_cast<uint16_t>(get(b, off::KIND_VERSION, 2));
  m.width = static_cast<uint16_t>(get(b, off::WIDTH, 2));
  m.height = static_cast<uint16_t>(get(b, off::HEIGHT, 2));
  if (m.width == 0 || m.height == 0) {
    bad("board size " + std::to_string(m.width) + "x" + std::to_string(m.height) + " is empty");
  }
  const uint8_t ko = b[off::KO], scoring = b[off::SCORING], suicide = b[off::SUICIDE];
  if (!knownKo(ko)) bad("unknown ko rule " + std::to_string(ko));
  if (!knownScoring(scoring)) bad("unknown scoring " + std::to_string(scoring));
  if (suicide > 1) bad("suicide flag is " + std::to_string(suicide) + ", not 0 or 1");
  m.rules.ko = static_cast<KoRule>(ko);
  m.rules.scoring = static_cast<Scoring>(scoring);
  m.rules.suicideAllowed = suicide == 1;
  m.rules.passesToEnd = b[off::PASSES];
  if (m.rules.passesToEnd == 0) bad("passes to end is 0");
  const uint64_t komiBits = get(b, off::KOMI, 8);
  std::memcpy(&m.rules.komi, &komiBits, 8);
  if (!std::isfinite(m.rules.komi) || std::fabs(m.rules.komi) > MAX_ABS_KOMI) {
    bad("komi bit pattern " + hex(komiBits) + " is not a finite komi within 1e6");
  }
  m.entryCount = get(b, off::ENTRIES, 8);
  h.rawBytes = get(b, off::RAW, 8);
  h.storedBytes = get(b, off::STORED, 8);
  h.contentChecksum = get(b, off::CONTENT_CRC, 8);
  h.storedChecksum = get(b, off::STORED_CRC, 8);
  h.codec = b[off::CODEC];
  if (h.codec != CODEC_ZSTD) bad("unknown codec " + std::to_string(h.codec) + " (1 = zstd)");
  for (size_t i = off::RESERVED; i < off::GEN_NAME; ++i) {
    if (b[i] != 0) bad("reserved byte at offset " + std::to_string(i) + " is not zero");
  }
  if (h.rawBytes > MAX_FORMAT_RAW_BYTES) {
    bad("payload size " + std::to_string(h.rawBytes) + " exceeds the format's limit of 2^48");
  }
  if (h.storedBytes > ZSTD_compressBound(static_cast<size_t>(h.rawBytes))) {
    bad("compressed size " + std::to_string(h.storedBytes) + " exceeds zstd's bound for " +
        std::to_string(h.rawBytes) + " raw bytes");
  }
  m.generatorName = getText(b, off::GEN_NAME, GENERATOR_NAME_BYTES, "generator name", file);
  if (m.generatorName.empty()) bad("generator name is empty");
  m.generatorVersion =
      getText(b, off::GEN_VERSION, GENERATOR_VERSION_BYTES, "generator version", file);
  m.note = getText(b, off::NOTE, NOTE_BYTES, "note", file);
  return h;
}

void checkExpected(const TableHeader& h, const TableExpect& e, const std::string& file) {
  auto mismatch = [&](const std::string& what) { refuse(TableErrorCode::Mismatch, file, what); };
  const TableMeta& m = h.meta;
  if (e.kind && *e.kind != m.kind) {
    mismatch(std::string("table kind is ") + kindName(m.kind) + ", expected " + kindName(*e.kind));
  }
  if (e.kindVersion && *e.kindVersion != m.kindVersion) {
    mismatch("payload layout version is " + std::to_string(m.kindVersion) + ", expected " +
             std::to_string(*e.kindVersion));
  }
  const bool widthOk = !e.width || *e.width == m.width;
  const bool heightOk = !e.height || *e.height == m.height;
  if (!widthOk || !heightOk) {
    auto side = [](const std::optional<uint16_t>& v) { return v ? std::to_string(*v) : "*"; };
    mismatch("board is " + std::to_string(m.width) + "x" + std::to_string(m.height) +
             ", expected " + side(e.width) + "x" + side(e.height));
  }
  if (e.rules && !(*e.rules == m.rules)) {
    mismatch("rules are " + describeRules(m.rules) + "; expected " + describeRules(*e.rules));
  }
  if (h.rawBytes > e.maxRawBytes) {
    refuse(TableErrorCode::TooLarge, file,
           "payload of " + std::to_string(h.rawBytes) + " bytes exceeds the limit of " +
               std::to_string(e.maxRawBytes));
  }
}

TableHeader readTableHeader(const std::filesystem::path& path, const TableExpect& expect) {
  InFile f(path);
  return readHeaderFrom(f, expect);
}

Table readTable(const std::filesystem::path& path, const TableExpect& expect) {
  InFile f(path);
  Table t;
  t.header = readHeaderFrom(f, expect);
  const TableHeader& h = t.header;
  std::vector<uint8_t> stored(static_cast<size_t>(h.storedBytes));
  const size_t got = f.read(stored.data(), stored.size());
  if (got != stored.size()) {
    refuse(TableErrorCode::Truncated, f.name,
           "truncated while reading: payload has " + std::to_string(got) + " of " +
               std::to_string(stored.size()) + " bytes");
  }
  const uint64_t storedCrc = crc64(stored);
  if (storedCrc != h.storedChecksum) {
    refuse(TableErrorCode::PayloadChecksum, f.name,
           "payload checksum mismatch (stored " + hex(h.storedChecksum) + ", computed " +
               hex(storedCrc) + "): the payload is corrupted");
  }
  t.payload = decompress(stored, h, f.name);
  const uint64_t contentCrc = crc64(t.payload);
  if (contentCrc != h.contentChecksum) {
    refuse(TableErrorCode::ContentChecksum, f.name,
           "content checksum mismatch (stored " + hex(h.contentChecksum) + ", computed " +
               hex(contentCrc) + ")");
  }
  return t;
}

TableHeader writeTable(const std::filesystem::path& path, const TableMeta& meta,
                       std::span<const uint8_t> payload, const WriteOptions& options) {
  const std::string file = path.string();
  validateMeta(meta, file);
  if (payload.size() > MAX_FORMAT_RAW_BYTES) {
    refuse(TableErrorCode::BadArgument, file, "payload exceeds the format's limit of 2^48 bytes");
  }
  const std::vector<uint8_t> stored = compress(payload, options, file);
  TableHeader h;
  h.meta = meta;
  h.rawBytes = payload.size();
  h.storedBytes = stored.size();
  h.contentChecksum = crc64(payload);
  h.storedChecksum = crc64(stored);
  const std::vector<uint8_t> head = encodeHeader(h);
  h.headerChecksum = get(head, off::HEADER_CRC, 8);
  const std::array<std::span<const uint8_t>, 2> parts = {std::span<const uint8_t>(head),
                                                         std::span<const uint8_t>(stored)};
  writeFileAtomically(path, parts, options.onProgress);
  return h;
}

// ---- streamed writing ----

namespace {
constexpr size_t STREAM_CHUNK_BYTES = size_t{4} << 20;
}  // namespace

struct TableStreamWriter::Impl {
  std::string file;
  TableMeta meta;
  AtomicFileWriter out;
  ZSTD_CCtx* cctx = nullptr;
  std::vector<uint8_t> buffer;
  Crc64 content, stored;
  uint64_t storedBytes = 0;
  bool finished = false;

  Impl(const std::filesystem::path& path, const TableMeta& m)
      : file(path.string()), meta(m), out(path) {}
  ~Impl() { ZSTD_freeCCtx(cctx); }

  // Runs the compressor over in with the given directive, writing what it emits.
  // Returns zstd's hint (0 when a flush or end is complete).
  size_t pump(ZSTD_inBuffer& in, ZSTD_EndDirective mode) {
    ZSTD_outBuffer o{buffer.data(), buffer.size(), 0};
    const size_t r = ZSTD_compressStream2(cctx, &o, &in, mode);
    if (ZSTD_isError(r))
      refuse(TableErrorCode::Io, file, std::string("zstd: ") + ZSTD_getErrorName(r));
    const std::span<const uint8_t> emitted(buffer.data(), o.pos);
    stored.update(emitted);
    storedBytes += o.pos;
    out.write(emitted);
    return r;
  }
};

TableStreamWriter::TableStreamWriter(const std::filesystem::path& path, const TableMeta& meta,
                                     const WriteOptions& o, std::optional<uint64_t> rawBytes)
    : pledged_(rawBytes) {
  const std::string file = path.string();
  validateMeta(meta, file);
  checkLevel(o, file);
  impl_ = std::make_unique<Impl>(path, meta);
  impl_->cctx = ZSTD_createCCtx();
  if (!impl_->cctx) refuse(TableErrorCode::Io, file, "zstd: out of memory");
  size_t n = ZSTD_CCtx_setParameter(impl_->cctx, ZSTD_c_compressionLevel, o.level);
  if (!ZSTD_isError(n) && o.threads > 0) {
    n = ZSTD_CCtx_setParameter(impl_->cctx, ZSTD_c_nbWorkers, o.threads);
  }
  if (!ZSTD_isError(n) && rawBytes) {
    if (*rawBytes > MAX_FORMAT_RAW_BYTES) {
      refuse(TableErrorCode::BadArgument, file, "payload exceeds the format's limit of 2^48 bytes");
    }
    n = ZSTD_CCtx_setPledgedSrcSize(impl_->cctx, *rawBytes);
  }
  if (ZSTD_isError(n))
    refuse(TableErrorCode::BadArgument, file, std::string("zstd: ") + ZSTD_getErrorName(n));
  impl_->buffer.resize(ZSTD_CStreamOutSize());
  const std::vector<uint8_t> placeholder(HEADER_BYTES, 0);  // the header goes here at the end
  impl_->out.write(placeholder);
}

TableStreamWriter::~TableStreamWriter() = default;

void TableStreamWriter::add(std::span<const uint8_t> bytes) {
  if (impl_->finished) refuse(TableErrorCode::BadArgument, impl_->file, "add after finish");
  if (pledged_ && bytes.size() > *pledged_ - raw_) {
    refuse(TableErrorCode::BadArgument, impl_->file,
           "payload exceeds the " + std::to_string(*pledged_) + " bytes announced");
  }
  if (bytes.size() > MAX_FORMAT_RAW_BYTES - raw_) {
    refuse(TableErrorCode::BadArgument, impl_->file,
           "payload exceeds the format's limit of 2^48 bytes");
  }
  impl_->content.update(bytes);
  raw_ += bytes.size();
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  while (in.pos < in.size) impl_->pump(in, ZSTD_e_continue);
}

TableHeader TableStreamWriter::finish(uint64_t entryCount) {
  Impl& w = *impl_;
  if (w.finished) refuse(TableErrorCode::BadArgument, w.file, "finish twice");
  if (pledged_ && *pledged_ != raw_) {
    refuse(TableErrorCode::BadArgument, w.file,
           "payload of " + std::to_string(raw_) + " bytes, " + std::to_string(*pledged_) +
               " announced");
  }
  ZSTD_inBuffer none{nullptr, 0, 0};
  while (w.pump(none, ZSTD_e_end) != 0) {
  }
  TableHeader h;
  h.meta = w.meta;
  h.meta.entryCount = entryCount;
  h.rawBytes = raw_;
  h.storedBytes = w.storedBytes;
  h.contentChecksum = w.content.value();
  h.storedChecksum = w.stored.value();
  const std::vector<uint8_t> head = encodeHeader(h);
  h.headerChecksum = get(head, off::HEADER_CRC, 8);
  w.out.writeAt(0, head);
  w.out.commit();
  w.finished = true;
  return h;
}

// ---- streamed reading ----

struct TableStreamReader::Impl {
  InFile f;
  ZSTD_DCtx* dctx = nullptr;
  std::vector<uint8_t> buffer;
  ZSTD_inBuffer in{nullptr, 0, 0};
  uint64_t storedLeft = 0;  // compressed bytes not yet read from the file
  uint64_t raw = 0;         // decompressed bytes handed out
  Crc64 content;
  bool frameDone = false, checked = false;

  explicit Impl(const std::filesystem::path& path) : f(path) {}
  ~Impl() { ZSTD_freeDCtx(dctx); }
  [[noreturn]] void bad(const std::string& what) const {
    refuse(TableErrorCode::Decompression, f.name, what);
  }
  // Reads the next piece of the compressed payload into buffer.
  void refill() {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(buffer.size(), storedLeft));
    const size_t got = f.read(buffer.data(), n);
    if (got != n) {
      refuse(TableErrorCode::Truncated, f.name, "truncated while reading the payload");
    }
    storedLeft -= n;
    in = ZSTD_inBuffer{buffer.data(), n, 0};
  }
};

TableStreamReader::TableStreamReader(const std::filesystem::path& path, const TableExpect& expect)
    : impl_(std::make_unique<Impl>(path)) {
  Impl& r = *impl_;
  header_ = readHeaderFrom(r.f, expect);
  const TableHeader& h = header_;
  r.buffer.resize(STREAM_CHUNK_BYTES);
  // First pass: the stored checksum, then the frame's own size field where it has one.
  Crc64 storedCrc;
  unsigned long long frameSize = ZSTD_CONTENTSIZE_ERROR;
  for (uint64_t left = h.storedBytes; left > 0;) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(r.buffer.size(), left));
    const size_t got = r.f.read(r.buffer.data(), n);
    if (got != n) {
      refuse(TableErrorCode::Truncated, r.f.name,
             "truncated while reading: payload has " + std::to_string(h.storedBytes - left + got) +
                 " of " + std::to_string(h.storedBytes) + " bytes");
    }
    if (left == h.storedBytes) frameSize = ZSTD_getFrameContentSize(r.buffer.data(), n);
    storedCrc.update(std::span<const uint8_t>(r.buffer.data(), n));
    left -= n;
  }
  if (storedCrc.value() != h.storedChecksum) {
    refuse(TableErrorCode::PayloadChecksum, r.f.name,
           "payload checksum mismatch (stored " + hex(h.storedChecksum) + ", computed " +
               hex(storedCrc.value()) + "): the payload is corrupted");
  }
  if (frameSize == ZSTD_CONTENTSIZE_ERROR) r.bad("payload is not a zstd frame");
  if (frameSize != ZSTD_CONTENTSIZE_UNKNOWN && frameSize != h.rawBytes) {
    r.bad("zstd frame holds " + std::to_string(frameSize) + " bytes, the header says " +
          std::to_string(h.rawBytes));
  }
  if (::lseek(r.f.fd, static_cast<off_t>(HEADER_BYTES), SEEK_SET) < 0) {
    refuse(TableErrorCode::Io, r.f.name, std::string("seek: ") + std::strerror(errno));
  }
  r.storedLeft = h.storedBytes;
  r.dctx = ZSTD_createDCtx();
  if (!r.dctx) refuse(TableErrorCode::Io, r.f.name, "zstd: out of memory");
}

TableStreamReader::~TableStreamReader() = default;

size_t TableStreamReader::read(uint8_t* p, size_t n) {
  Impl& r = *impl_;
  size_t produced = 0;
  while (produced < n && !r.frameDone) {
    if (r.in.pos == r.in.size) {
      if (r.storedLeft == 0) r.bad("zstd frame ends before its last block");
      r.refill();
    }
    ZSTD_outBuffer out{p + produced, n - produced, 0};
    const size_t z = ZSTD_decompressStream(r.dctx, &out, &r.in);
    if (ZSTD_isError(z)) r.bad(std::string("zstd: ") + ZSTD_getErrorName(z));
    r.content.update(std::span<const uint8_t>(p + produced, out.pos));
    r.raw += out.pos;
    produced += out.pos;
    if (r.raw > header_.rawBytes) {
      r.bad("zstd frame holds more than the header's " + std::to_string(header_.rawBytes) +
            " bytes");
    }
    if (z == 0) r.frameDone = true;
  }
  if (r.frameDone && !r.checked) {
    if (r.in.pos != r.in.size || r.storedLeft != 0) r.bad("bytes after the zstd frame");
    if (r.raw != header_.rawBytes) {
      r.bad("zstd frame decompressed to " + std::to_string(r.raw) + " bytes, the header says " +
            std::to_string(header_.rawBytes));
    }
    if (r.content.value() != header_.contentChecksum) {
      refuse(TableErrorCode::ContentChecksum, r.f.name,
             "content checksum mismatch (stored " + hex(header_.contentChecksum) + ", computed " +
                 hex(r.content.value()) + ")");
    }
    r.checked = true;
  }
  return produced;
}

const char* errorCodeName(TableErrorCode code) {
  switch (code) {
    case TableErrorCode::Io:
      return "io";
    case TableErrorCode::Empty:
      return "empty";
    case TableErrorCode::BadMagic:
      return "bad-magic";
    case TableErrorCode::BadVersion:
      return "bad-version";
    case TableErrorCode::Truncated:
      return "truncated";
    case TableErrorCode::TrailingData:
      return "trailing-data";
    case TableErrorCode::HeaderChecksum:
      return "header-checksum";
    case TableErrorCode::BadField:
      return "bad-field";
    case TableErrorCode::TooLarge:
      return "too-large";
    case TableErrorCode::Mismatch:
      return "mismatch";
    case TableErrorCode::PayloadChecksum:
      return "payload-checksum";
    case TableErrorCode::Decompression:
      return "decompression";
    case TableErrorCode::ContentChecksum:
      return "content-checksum";
    case TableErrorCode::PayloadFormat:
      return "payload-format";
    case TableErrorCode::BadArgument:
      return "bad-argument";
  }
  return "unknown";
}

}  // namespace tables
