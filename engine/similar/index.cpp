// The position index: build, save/load, exact, nearest and region queries (index.hpp).
#include "engine/similar/index.hpp"

#include <omp.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include "engine/board/errors.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace engine {

std::vector<uint8_t> packStones(const Board& board, int s, bool swap) {
  const BoardSize size = board.size();
  std::vector<uint8_t> out((static_cast<size_t>(size.points()) + 3) / 4, 0);
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      Color c = board.at(x, y);
      if (!isStone(c)) continue;
      if (swap) c = opponent(c);
      const XY q = applySymmetry(s, {x, y}, size);
      const size_t i = static_cast<size_t>(q.y) * size.width + q.x;
      out[i / 4] |= static_cast<uint8_t>((c == Color::Black ? 1 : 2) << (2 * (i % 4)));
    }
  }
  return out;
}

namespace {

// What one game file contributes.
struct GamePart {
  GameInfo info;
  std::vector<IndexEntry> entries;
  std::vector<int8_t> maps;
  std::vector<uint8_t> stones;
  BoardSize size;
  std::string problem;
};

GamePart indexGame(const std::string& file, const IndexParams& params) {
  GamePart part;
  part.info = walkGame(file, params.maxMove, [&](const GamePosition& pos) {
    const Board& b = pos.game.board();
    part.size = b.size();
    const CanonicalKey k = canonicalKey(b, pos.toMove, params.canonical);
    IndexEntry e;
    e.key = k.key;
    e.move = static_cast<uint16_t>(std::min(pos.number, 0xFFFF));
    e.toMove = k.swapped ? opponent(pos.toMove) : pos.toMove;
    e.symmetry = static_cast<uint8_t>(k.symmetry);
    e.swapped = k.swapped;
    if (pos.next == PASS) {
      e.next = MOVE_PASS;
    } else {
      const XY c = toCanonical(k, b.xy(pos.next), b.size());
      e.next = static_cast<uint16_t>(c.y * b.width() + c.x);
    }
    part.entries.push_back(e);
    InfluenceMap map = computeModel(SIGNATURE_MODEL, b);
    if (k.swapped) {
      for (int32_t& v : map.values) v = -v;
    }
    const std::vector<int8_t> sig = signatureOf(map, k.symmetry);
    part.maps.insert(part.maps.end(), sig.begin(), sig.end());
    const std::vector<uint8_t> st = packStones(b, k.symmetry, k.swapped);
    part.stones.insert(part.stones.end(), st.begin(), st.end());
  });
  return part;
}

}  // namespace

PositionIndex PositionIndex::build(const std::vector<std::string>& files, const IndexParams& params,
                                   std::vector<std::string>* problems) {
  std::vector<GamePart> parts(files.size());
#pragma omp parallel for num_threads(std::max(1, params.threads)) schedule(dynamic, 4)
  for (long i = 0; i < static_cast<long>(files.size()); ++i) {
    const size_t u = static_cast<size_t>(i);
    try {
      parts[u] = indexGame(files[u], params);
    } catch (const std::exception& ex) {
      parts[u] = GamePart{};
      parts[u].problem = files[u] + ": " + ex.what();
    }
  }
  PositionIndex index;
  index.canonical_ = params.canonical;
  index.maxMove_ = params.maxMove;
  bool sized = false;
  for (GamePart& part : parts) {
    if (part.problem.empty() && part.entries.empty()) continue;
    if (part.problem.empty() && sized && part.size != index.size_) {
      part.problem =
          part.info.id + ": board " + part.size.str() + " differs from " + index.size_.str();
    }
    if (!part.problem.empty()) {
      if (problems) problems->push_back(part.problem);
      continue;
    }
    if (!sized) {
      index.size_ = part.size;
      index.store_ = SignatureStore(part.size.width, part.size.height);
      sized = true;
    }
    const auto g = static_cast<uint32_t>(index.games_.size());
    index.games_.push_back(part.info);
    for (size_t j = 0; j < part.entries.size(); ++j) {
      part.entries[j].game = g;
      index.entries_.push_back(part.entries[j]);
      index.store_.add(&part.maps[j * static_cast<size_t>(index.store_.points())]);
    }
    index.stones_.insert(index.stones_.end(), part.stones.begin(), part.stones.end());
    part = GamePart{};  // free as we go
  }
  // Entries in signature-magnitude order, as the search wants them.
  const std::vector<uint32_t> perm = index.store_.sortByMagnitude();
  std::vector<IndexEntry> entries(perm.size());
  std::vector<uint8_t> stones(index.stones_.size());
  const size_t sb = index.stoneBytes();
  for (size_t i = 0; i < perm.size(); ++i) {
    entries[i] = index.entries_[perm[i]];
    std::copy_n(&index.stones_[perm[i] * sb], sb, &stones[i * sb]);
  }
  index.entries_ = std::move(entries);
  index.stones_ = std::move(stones);
  index.buildKeyOrder();
  return index;
}

void PositionIndex::buildKeyOrder() {
  byKey_.resize(entries_.size());
  for (size_t i = 0; i < entries_.size(); ++i)
    byKey_[i] = {entries_[i].key, static_cast<uint32_t>(i)};
  std::sort(byKey_.begin(), byKey_.end());
}

Color PositionIndex::stoneAt(uint32_t entry, int x, int y) const {
  const size_t i = static_cast<size_t>(y) * size_.width + x;
  const int v = stones_[entry * stoneBytes() + i / 4] >> (2 * (i % 4)) & 3;
  return v == 1 ? Color::Black : v == 2 ? Color::White : Color::Empty;
}

IndexMatch PositionIndex::matchOf(uint32_t entry, bool exact, int32_t D,
                                  int symmetryToStored) const {
  IndexMatch m;
  m.entry = entry;
  m.exact = exact;
  m.D = D;
  m.distance = std::tanh(modelScale(SIGNATURE_MODEL) * D / 2.0);  // = 1 - 2 / (1 + e^(aD))
  const uint16_t next = entries_[entry].next;
  if (next == MOVE_PASS || next == MOVE_NONE) {
    m.next = next;
  } else {
    const XY c{next % size_.width, next / size_.width};
    const XY q = applySymmetry(invertSymmetry(symmetryToStored), c, size_);
    m.next = static_cast<uint16_t>(q.y * size_.width + q.x);
  }
  return m;
}

namespace {

void byGameAndMove(std::vector<IndexMatch>& out, const std::vector<IndexEntry>& entries) {
  std::sort(out.begin(), out.end(), [&](const IndexMatch& a, const IndexMatch& b) {
    const IndexEntry &ea = entries[a.entry], &eb = entries[b.entry];
    return ea.game != eb.game ? ea.game < eb.game : ea.move < eb.move;
  });
}

}  // namespace

std::vector<IndexMatch> PositionIndex::exact(const Board& board, Color toMove) const {
  if (board.size() != size_)
    throw InputError("query board " + board.size().str() + " differs from the index's " +
                     size_.str());
  const CanonicalKey k = canonicalKey(board, toMove, canonical_);
  std::vector<IndexMatch> out;
  auto it = std::lower_bound(byKey_.begin(), byKey_.end(), std::make_pair(k.key, uint32_t{0}));
  for (; it != byKey_.end() && it->first == k.key; ++it)
    out.push_back(matchOf(it->second, true, 0, k.symmetry));
  byGameAndMove(out, entries_);
  return out;
}

std::vector<IndexMatch> PositionIndex::exactBrute(const Board& board, Color toMove) const {
  if (board.size() != size_) throw InputError("query board differs from the index's size");
  const CanonicalKey k = canonicalKey(board, toMove, canonical_);
  std::vector<IndexMatch> out;
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].key == k.key)
      out.push_back(matchOf(static_cast<uint32_t>(i), true, 0, k.symmetry));
  }
  byGameAndMove(out, entries_);
  return out;
}

std::vector<IndexMatch> PositionIndex::nearest(const Board& board, Color toMove, size_t k,
                                               const NearestParams& params,
                                               SignatureStore::Stats* stats) const {
  if (board.size() != size_) throw InputError("query board differs from the index's size");
  if (params.method == NearestParams::Method::Staged && params.candidates > 0)
    throw InputError("the staged search is exact: candidates need the sketch search");
  const long skip = params.skipGame;
  const auto accept = [&](uint32_t e) {
    return entries_[e].toMove == toMove && static_cast<long>(entries_[e].game) != skip;
  };
  const InfluenceMap map = computeModel(SIGNATURE_MODEL, board);
  std::vector<Neighbour> found;
  const bool staged = params.method == NearestParams::Method::Staged ||
                      (params.method == NearestParams::Method::Auto && params.candidates == 0);
  if (staged) {
    found = store_.nearest(map, k, accept, stats);
  } else {
    SignatureStore::SketchSearch search;
    search.exact = params.candidates == 0;
    if (!search.exact) search.candidates = params.candidates;
    search.threads = params.threads;
    found = store_.nearestSketch(map, k, search, accept, stats);
  }
  std::vector<IndexMatch> out;
  for (const Neighbour& nb : found)
    out.push_back(matchOf(nb.entry, nb.distance == 0, nb.distance, nb.symmetry));
  return out;
}

std::vector<IndexMatch> PositionIndex::nearestBrute(const Board& board, Color toMove, size_t k,
                                                    long skipGame) const {
  if (board.size() != size_) throw InputError("query board differs from the index's size");
  const auto accept = [&](uint32_t e) {
    return entries_[e].toMove == toMove && static_cast<long>(entries_[e].game) != skipGame;
  };
  std::vector<IndexMatch> out;
  for (const Neighbour& nb : store_.nearestBrute(computeModel(SIGNATURE_MODEL, board), k, accept)) {
    out.push_back(matchOf(nb.entry, nb.distance == 0, nb.distance, nb.symmetry));
  }
  return out;
}

// ---- Table file -----------------------------------------------------------------------

namespace {
constexpr uint16_t INDEX_KIND_VERSION = 1;
}

void PositionIndex::save(const std::string& path, const std::string& note) const {
  tables::PayloadWriter w;
  w.u8(static_cast<uint8_t>(SIGNATURE_MODEL));
  w.u8(canonical_.colourSwap ? 1 : 0);
  w.svarint(maxMove_);
  w.varint(games_.size());
  for (const GameInfo& g : games_) {
    for (const std::string* s : {&g.id, &g.black, &g.white, &g.date, &g.result}) w.string(*s);
    w.varint(static_cast<uint64_t>(g.moves));
  }
  w.varint(entries_.size());
  for (const IndexEntry& e : entries_) {
    w.u64(e.key);
    w.varint(e.game);
    w.varint(e.move);
    w.u16(e.next);
    w.u8(static_cast<uint8_t>((e.toMove == Color::White ? 1 : 0) | e.symmetry << 1 |
                              (e.swapped ? 16 : 0)));
  }
  w.bytes(stones_);
  const auto& maps = store_.rawMaps();
  w.bytes({reinterpret_cast<const uint8_t*>(maps.data()), maps.size()});
  tables::TableMeta meta;
  meta.kind = tables::TableKind::PositionIndex;
  meta.kindVersion = INDEX_KIND_VERSION;
  meta.width = static_cast<uint16_t>(size_.width);
  meta.height = static_cast<uint16_t>(size_.height);
  meta.generatorName = "fgo index";
  meta.generatorVersion = "1";
  meta.note = note.substr(0, tables::NOTE_BYTES);
  meta.entryCount = entries_.size();
  tables::WriteOptions opt;
  opt.threads = 2;
  tables::writeTable(path, meta, w.data(), opt);
}

PositionIndex PositionIndex::load(const std::string& path) {
  tables::TableExpect expect;
  expect.kind = tables::TableKind::PositionIndex;
  expect.kindVersion = INDEX_KIND_VERSION;
  const tables::Table table = tables::readTable(path, expect);
  tables::PayloadReader r(table.payload, path);
  PositionIndex index;
  index.size_ = {table.header.meta.width, table.header.meta.height};
  validateBoardSize(index.size_.width, index.size_.height);
  if (index.size_.points() >= MOVE_NONE) r.fail("board too large");
  if (r.u8() != static_cast<uint8_t>(SIGNATURE_MODEL))
    r.fail("signature model this build does not use");
  index.canonical_.colourSwap = r.u8() != 0;
  index.maxMove_ = static_cast<int>(r.svarint());
  const uint64_t ngames = r.varint();
  if (ngames > r.remaining()) r.fail("game count larger than the payload");
  for (uint64_t i = 0; i < ngames; ++i) {
    GameInfo g;
    for (std::string* s : {&g.id, &g.black, &g.white, &g.date, &g.result}) *s = r.string(1 << 16);
    g.moves = static_cast<int>(std::min<uint64_t>(r.varint(), INT32_MAX));
    index.games_.push_back(std::move(g));
  }
  const uint64_t n = r.varint();
  if (n > r.remaining() / 12) r.fail("entry count larger than the payload");
  index.entries_.resize(n);
  for (IndexEntry& e : index.entries_) {
    e.key = r.u64();
    const uint64_t game = r.varint(), move = r.varint();
    if (game >= ngames) r.fail("game number out of range");
    if (move > 0xFFFF) r.fail("move number out of range");
    e.game = static_cast<uint32_t>(game);
    e.move = static_cast<uint16_t>(move);
    e.next = r.u16();
    if (e.next != MOVE_PASS && e.next != MOVE_NONE && e.next >= index.size_.points())
      r.fail("next move off the board");
    const uint8_t flags = r.u8();
    if (flags >= 32) r.fail("bad entry flags");
    e.toMove = flags & 1 ? Color::White : Color::Black;
    e.symmetry = static_cast<uint8_t>(flags >> 1 & 7);
    if (!symmetryKeepsShape(e.symmetry, index.size_)) r.fail("symmetry does not fit the board");
    e.swapped = (flags & 16) != 0;
  }
  const auto st = r.bytes(n * index.stoneBytes());
  index.stones_.assign(st.begin(), st.end());
  const auto mp = r.bytes(n * static_cast<size_t>(index.size_.points()));
  r.expectEnd();
  index.store_ = SignatureStore::fromRaw(index.size_.width, index.size_.height,
                                         std::vector<int8_t>(mp.begin(), mp.end()));
  if (!index.store_.sorted()) r.fail("signatures not in magnitude order");
  index.buildKeyOrder();
  return index;
}

}  // namespace engine
