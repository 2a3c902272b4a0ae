// Model table I/O and scoring (model.hpp).
//
// Payload (kind version 1): the string "fgo-prior-model"; varint group count; per group
// its name (string; read by name, so a file may lack groups added later), varint size, varint count
// of gammas that differ from 1, then per such gamma a varint index delta and the float's u32 bit
// pattern; then the spatial dictionary: varint count, per entry u64 hash and u8 size. Sizes are
// checked against this build (the 3x3 class count, the dictionary size).
#include "engine/prior/model.hpp"

#include <bit>
#include <cmath>

#include "engine/prior/pattern3.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace prior {
namespace {
constexpr const char* PAYLOAD_MAGIC = "fgo-prior-model";
}

Model::Model() {
  gammas_.resize(NUM_GROUPS);
  for (int g = 0; g < NUM_GROUPS; ++g) gammas_[g].assign(prior::groupSize(g, 0), 1.0f);
}

void Model::setSpatial(SpatialDictionary dictionary) {
  spatial_ = std::move(dictionary);
  gammas_[G_SPATIAL].assign(spatial_.size(), 1.0f);
}

bool Model::operator==(const Model& o) const {
  if (gammas_ != o.gammas_ || spatial_.size() != o.spatial_.size()) return false;
  for (uint32_t i = 0; i < spatial_.size(); ++i) {
    if (spatial_.entries()[i].hash != o.spatial_.entries()[i].hash ||
        spatial_.entries()[i].size != o.spatial_.entries()[i].size) {
      return false;
    }
  }
  return true;
}

void Model::save(const std::filesystem::path& path, const std::string& note) const {
  tables::PayloadWriter w;
  w.string(PAYLOAD_MAGIC);
  w.varint(NUM_GROUPS);
  uint64_t entries = 0;
  for (int g = 0; g < NUM_GROUPS; ++g) {
    w.string(groupName(g));
    w.varint(gammas_[g].size());
    std::vector<uint32_t> set;
    for (uint32_t i = 0; i < gammas_[g].size(); ++i) {
      if (gammas_[g][i] != 1.0f) set.push_back(i);
    }
    w.varint(set.size());
    uint32_t prev = 0;
    for (uint32_t i : set) {
      w.varint(i - prev);
      w.u32(std::bit_cast<uint32_t>(gammas_[g][i]));
      prev = i;
    }
    entries += set.size();
  }
  w.varint(spatial_.size());
  for (const auto& e : spatial_.entries()) {
    w.u64(e.hash);
    w.u8(e.size);
  }
  tables::TableMeta meta;
  meta.kind = tables::TableKind::MoveModel;
  meta.kindVersion = MODEL_KIND_VERSION;
  meta.width = 19;
  meta.height = 19;
  meta.generatorName = MODEL_GENERATOR;
  meta.generatorVersion = "1";
  meta.note = note.substr(0, tables::NOTE_BYTES);
  meta.entryCount = entries;
  tables::WriteOptions wo;
  wo.level = 19;
  tables::writeTable(path, meta, w.data(), wo);
}

Model Model::load(const std::filesystem::path& path) {
  tables::TableExpect expect;
  expect.kind = tables::TableKind::MoveModel;
  expect.kindVersion = MODEL_KIND_VERSION;
  expect.maxRawBytes = uint64_t{1} << 30;
  const tables::Table t = tables::readTable(path, expect);
  const std::string file = path.string();
  auto bad = [&](const std::string& what) {
    return tables::TableError(tables::TableErrorCode::PayloadFormat, file, what);
  };
  if (t.header.meta.generatorName != MODEL_GENERATOR) {
    throw tables::TableError(tables::TableErrorCode::Mismatch, file,
                             "generator is \"" + t.header.meta.generatorName +
                                 "\", not a move prior model (\"fgo prior\")");
  }
  tables::PayloadReader r(t.payload, file);
  if (r.string(64) != PAYLOAD_MAGIC)
    throw bad("payload does not start with " + std::string(PAYLOAD_MAGIC));
  // Groups are matched by name; a group missing from the file (a model trained before
  // it existed, e.g. "ladder" before session 8) keeps every gamma 1.
  const uint64_t groups = r.varint();
  if (groups == 0 || groups > NUM_GROUPS) r.fail("wrong number of feature groups");
  Model m;
  std::vector<bool> seen(NUM_GROUPS, false);
  uint64_t entries = 0;
  for (uint64_t k = 0; k < groups; ++k) {
    const std::string name = r.string(64);
    int g = 0;
    while (g < NUM_GROUPS && name != groupName(g)) ++g;
    if (g == NUM_GROUPS) r.fail("unknown feature group " + name);
    if (seen[g]) r.fail("feature group " + name + " twice");
    seen[g] = true;
    const uint64_t size = r.varint();
    if (g != G_SPATIAL && size != prior::groupSize(g, 0))
      r.fail(std::string("wrong size of group ") + groupName(g));
    if (size > (uint64_t{1} << 24)) r.fail("group too large");
    m.gammas_[g].assign(size, 1.0f);
    const uint64_t count = r.varint();
    if (count > size) r.fail("more gammas than values");
    uint64_t index = 0;
    for (uint64_t j = 0; j < count; ++j) {
      index += r.varint();
      if (index >= size) r.fail("gamma index out of range");
      const float v = std::bit_cast<float>(r.u32());
      if (!std::isfinite(v) || v <= 0) r.fail("gamma not finite and positive");
      m.gammas_[g][index] = v;
    }
    entries += count;
  }
  const uint64_t n = r.varint();
  if (n != m.gammas_[G_SPATIAL].size()) r.fail("spatial dictionary size differs from its gammas");
  std::vector<SpatialDictionary::Entry> dict;
  dict.reserve(n);
  for (uint64_t k = 0; k < n; ++k) {
    const uint64_t h = r.u64();
    dict.push_back({h, r.u8()});
  }
  r.expectEnd();
  if (entries != t.header.meta.entryCount) throw bad("entry count differs from the header");
  std::vector<float> spatialGammas = std::move(m.gammas_[G_SPATIAL]);
  try {
    m.setSpatial(SpatialDictionary(std::move(dict)));
  } catch (const std::exception& e) {
    throw bad(e.what());
  }
  m.gammas_[G_SPATIAL] = std::move(spatialGammas);
  return m;
}

std::vector<float> Model::scores(const Board& board, Color toMove, Point last,
                                 Point beforeLast) const {
  Scorer s(*this);
  std::vector<float> out;
  s.scores(board, toMove, last, beforeLast, out);
  return out;
}

void Scorer::scores(const Board& board, Color toMove, Point last, Point beforeLast,
                    std::vector<float>& out) {
  const Model& m = *model_;
  ctx_.reset(board, toMove, last, beforeLast, m.spatial().size() ? &m.spatial() : nullptr);
  ctx_.candidates(cands_);
  out.assign(board.arraySize(), 0.0f);
  double total = 0;
  for (Point p : cands_) {
    const double s = m.strength(ctx_.features(p));
    out[p] = static_cast<float>(s);
    total += s;
  }
  const float inv = static_cast<float>(1.0 / total);
  for (Point p : cands_) out[p] *= inv;
}

}  // namespace prior
