#include "solve/solver_state.hpp"

#include <array>
#include <vector>

#include "solve/table_build.hpp"
#include "solve/tt.hpp"
#include "tables/errors.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace solve {

namespace {

tables::TableMeta stateMeta(const Geometry& g, const Rules& rules, uint64_t slots,
                            const std::string& note) {
  tables::TableMeta m;
  m.kind = tables::TableKind::SolverState;
  m.kindVersion = SOLVER_STATE_VERSION;
  m.width = static_cast<uint16_t>(g.width());
  m.height = static_cast<uint16_t>(g.height());
  Rules r = rules;
  r.komi = 0;  // the table's values are komi-free
  m.rules = tableRules(r);
  m.generatorName = "fgo solve";
  m.generatorVersion = "solve 1";
  m.note = note.substr(0, tables::NOTE_BYTES);
  m.entryCount = slots;
  return m;
}

}  // namespace

uint64_t saveSolverState(const std::filesystem::path& path, const Geometry& g, const Rules& rules,
                         const TranspositionTable& tt, const std::string& note) {
  // Layout: the solver's rule name, log2 of the slot count, the count of saved slots, then
  // per slot the gap to the previous saved index and its five words.
  // Searches may fill slots meanwhile, but never empty one (w0 != 0 once stored), so the
  // slots the first pass found used are still used in the second, which saves exactly
  // those: the payload's size is known before it is written, and the zstd frame records
  // it. The payload (a full 2^26-slot table: 2.7 GB raw) is compressed and written in
  // pieces of a few MiB as the second pass goes, so a save needs little memory beyond the
  // table (and a bit a slot).
  std::array<uint64_t, 5> w;
  std::vector<uint64_t> found((tt.slotCount() + 63) / 64, 0);
  uint64_t used = 0, gapBytes = 0;
  size_t next = 0;
  for (size_t i = 0; i < tt.slotCount(); ++i) {
    if (!tt.rawSlot(i, w)) continue;
    found[i / 64] |= uint64_t{1} << (i % 64);
    ++used;
    gapBytes += tables::PayloadWriter::varintSize(i - next);
    next = i + 1;
  }
  const std::string ruleName = rules.name();
  const uint64_t rawBytes = tables::PayloadWriter::varintSize(ruleName.size()) + ruleName.size() +
                            1 + tables::PayloadWriter::varintSize(used) + gapBytes + used * 40;
  tables::WriteOptions wo;
  wo.level = 1;  // gigabytes raw: speed over size
  wo.threads = 2;
  tables::TableStreamWriter file(path, stateMeta(g, rules, used, note), wo, rawBytes);
  constexpr size_t PIECE_BYTES = size_t{4} << 20;
  tables::PayloadWriter out;
  out.reserve(PIECE_BYTES + 64);
  out.string(ruleName);
  out.u8(static_cast<uint8_t>(tt.log2Entries()));
  out.varint(used);
  uint64_t saved = 0;
  next = 0;
  for (size_t i = 0; i < tt.slotCount(); ++i) {
    if (!(found[i / 64] >> (i % 64) & 1)) continue;
    tt.rawSlot(i, w);
    out.varint(i - next);
    for (uint64_t x : w) out.u64(x);
    next = i + 1;
    ++saved;
    if (out.size() >= PIECE_BYTES) {
      file.add(out.data());
      out.clear();
    }
  }
  file.add(out.data());
  file.finish(saved);
  return saved;
}

namespace {

uint64_t loadInto(const std::filesystem::path& path, const Geometry& g, const Rules& rules,
                  TranspositionTable& tt) {
  tables::TableExpect e;
  e.kind = tables::TableKind::SolverState;
  e.kindVersion = SOLVER_STATE_VERSION;
  e.width = static_cast<uint16_t>(g.width());
  e.height = static_cast<uint16_t>(g.height());
  Rules r = rules;
  r.komi = 0;
  e.rules = tableRules(r);
  // Read in pieces: the payload of a full table is about the table's size again.
  tables::TableStreamReader t(path, e);
  const std::string file = path.string();
  tables::PayloadReader in([&t](uint8_t* p, size_t n) { return t.read(p, n); }, file);
  auto refuse = [&](tables::TableErrorCode code, const std::string& what) {
    throw tables::TableError(code, file, what);
  };
  const std::string name = in.string(64);
  if (name != rules.name()) {
    refuse(tables::TableErrorCode::Mismatch,
           "saved under rules " + name + ", this solve uses " + rules.name());
  }
  // A table of another size takes the entries by their keys (TranspositionTable::
  // storeRawSlot): a larger one keeps them all, a smaller one what its replacement rule keeps.
  const int log2 = in.u8();
  if (log2 < 1 || log2 > 40) {
    refuse(tables::TableErrorCode::PayloadFormat,
           "table size 2^" + std::to_string(log2) + " out of range");
  }
  const bool sameSize = log2 == tt.log2Entries();
  const uint64_t savedSlots = uint64_t{1} << log2;
  const uint64_t count = in.varint();
  if (count != t.header().meta.entryCount || count > savedSlots) {
    refuse(tables::TableErrorCode::PayloadFormat,
           "slot count " + std::to_string(count) + " does not match the header or the table");
  }
  std::array<uint64_t, 5> w;
  uint64_t next = 0;
  for (uint64_t k = 0; k < count; ++k) {
    const uint64_t gap = in.varint();
    if (gap >= savedSlots - next) {
      refuse(tables::TableErrorCode::PayloadFormat,
             "slot index out of range at byte " + std::to_string(in.offset()));
    }
    const uint64_t i = next + gap;
    for (uint64_t& x : w) x = in.u64();
    // w0 == 0 marks an empty slot, and bit 40 is set in every stored entry.
    if (!(w[1] >> 40 & 1)) {
      refuse(tables::TableErrorCode::PayloadFormat,
             "slot " + std::to_string(i) + " is not a stored entry");
    }
    if (sameSize) {
      tt.setRawSlot(static_cast<size_t>(i), w);
    } else {
      tt.storeRawSlot(w);
    }
    next = i + 1;
  }
  if (!in.atEnd()) refuse(tables::TableErrorCode::PayloadFormat, "bytes after the last slot");
  if (sameSize) return count;
  uint64_t kept = 0;
  for (size_t i = 0; i < tt.slotCount(); ++i) kept += tt.rawSlot(i, w);
  return kept;
}

}  // namespace

uint64_t loadSolverState(const std::filesystem::path& path, const Geometry& g, const Rules& rules,
                         TranspositionTable& tt) {
  // Slots go into the table as they are read, and the content checksum is known only at
  // the end: a file refused part-way must leave no entry behind.
  try {
    return loadInto(path, g, rules, tt);
  } catch (...) {
    tt.clear();
    throw;
  }
}

}  // namespace solve
