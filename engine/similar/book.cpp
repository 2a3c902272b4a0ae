// The opening book: build, save/load and lookup (book.hpp).
#include "engine/similar/book.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "engine/board/errors.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace engine {

Color resultWinner(const std::string& result) {
  if (result.size() >= 2 && result[1] == '+') {
    if (result[0] == 'B' || result[0] == 'b') return Color::Black;
    if (result[0] == 'W' || result[0] == 'w') return Color::White;
  }
  return Color::Empty;
}

namespace {

// One position of one game as the book sees it.
struct Sample {
  uint64_t key = 0;
  Color toMove = Color::Black;
  uint16_t move = MOVE_NONE;
  int outcome = 0;  // +1 the mover won, -1 lost, 0 unknown
  std::vector<int8_t> sig;
};

struct GameSamples {
  std::vector<Sample> samples;
  BoardSize size;
  std::string problem;
};

GameSamples sampleGame(const std::string& file, const BookParams& params) {
  GameSamples out;
  std::vector<std::pair<Sample, Color>> pending;
  const GameInfo info = walkGame(file, params.maxMove, [&](const GamePosition& pos) {
    const Board& b = pos.game.board();
    out.size = b.size();
    const CanonicalKey k = canonicalKey(b, pos.toMove, params.canonical);
    Sample s;
    s.key = k.key;
    s.toMove = k.swapped ? opponent(pos.toMove) : pos.toMove;
    if (pos.next == PASS) {
      s.move = MOVE_PASS;
    } else {
      const XY c = toCanonical(k, b.xy(pos.next), b.size());
      s.move = static_cast<uint16_t>(c.y * b.width() + c.x);
    }
    InfluenceMap map = computeModel(Model::Spight, b);
    if (k.swapped) {
      for (int32_t& v : map.values) v = -v;
    }
    s.sig = signatureOf(map, k.symmetry);
    pending.push_back({std::move(s), pos.toMove});
  });
  const Color winner = resultWinner(info.result);
  for (auto& [s, mover] : pending) {
    s.outcome = winner == Color::Empty ? 0 : winner == mover ? 1 : -1;
    out.samples.push_back(std::move(s));
  }
  return out;
}

bool byCount(const BookMove& a, const BookMove& b) {
  return a.count != b.count ? a.count > b.count : a.move < b.move;
}

}  // namespace

OpeningBook OpeningBook::build(const std::vector<std::string>& files, const BookParams& params,
                               std::vector<std::string>* problems) {
  if (params.maxMove < 1) throw InputError("book move limit must be at least 1");
  std::vector<GameSamples> parts(files.size());
#pragma omp parallel for num_threads(std::max(1, params.threads)) schedule(dynamic, 4)
  for (long i = 0; i < static_cast<long>(files.size()); ++i) {
    const size_t u = static_cast<size_t>(i);
    try {
      parts[u] = sampleGame(files[u], params);
    } catch (const std::exception& ex) {
      parts[u].problem = files[u] + ": " + ex.what();
    }
  }
  OpeningBook book;
  book.canonical_ = params.canonical;
  book.maxMove_ = params.maxMove;
  std::unordered_map<uint64_t, uint32_t> where;
  std::vector<std::map<uint16_t, BookMove>> moves;
  std::vector<std::vector<int8_t>> sigs;
  bool sized = false;
  for (GameSamples& part : parts) {
    if (part.problem.empty() && part.samples.empty()) continue;
    if (part.problem.empty() && sized && part.size != book.size_)
      part.problem = "board " + part.size.str() + " differs";
    if (!part.problem.empty()) {
      if (problems) problems->push_back(part.problem);
      continue;
    }
    book.size_ = part.size;
    sized = true;
    ++book.games_;
    for (Sample& s : part.samples) {
      auto [it, fresh] = where.try_emplace(s.key, static_cast<uint32_t>(book.positions_.size()));
      if (fresh) {
        book.positions_.push_back({s.key, s.toMove, {}});
        moves.emplace_back();
        sigs.push_back(std::move(s.sig));
      }
      BookMove& m = moves[it->second][s.move];
      m.move = s.move;
      ++m.count;
      if (s.outcome > 0) ++m.moverWins;
      if (s.outcome < 0) ++m.moverLosses;
    }
    part = GameSamples{};
  }
  if (!sized) return book;
  book.store_ = SignatureStore(book.size_.width, book.size_.height);
  for (size_t i = 0; i < book.positions_.size(); ++i) {
    for (const auto& [code, m] : moves[i]) book.positions_[i].moves.push_back(m);
    std::sort(book.positions_[i].moves.begin(), book.positions_[i].moves.end(), byCount);
    book.store_.add(sigs[i].data());
  }
  const std::vector<uint32_t> perm = book.store_.sortByMagnitude();
  std::vector<BookPosition> ordered;
  ordered.reserve(perm.size());
  for (uint32_t old : perm) ordered.push_back(std::move(book.positions_[old]));
  book.positions_ = std::move(ordered);
  book.buildKeyOrder();
  return book;
}

void OpeningBook::buildKeyOrder() {
  byKey_.clear();
  for (size_t i = 0; i < positions_.size(); ++i)
    byKey_.push_back({positions_[i].key, static_cast<uint32_t>(i)});
  std::sort(byKey_.begin(), byKey_.end());
}

namespace {

// A canonical-frame move mapped into the query's frame by the inverse of sym.
uint16_t mapBack(uint16_t code, int sym, BoardSize size) {
  if (code == MOVE_PASS || code == MOVE_NONE) return code;
  const XY q = applySymmetry(invertSymmetry(sym), {code % size.width, code / size.width}, size);
  return static_cast<uint16_t>(q.y * size.width + q.x);
}

// Pooled moves of several positions into suggestions, best first.
std::vector<BookSuggestion> pool(const std::map<uint16_t, BookMove>& pooled) {
  std::vector<BookSuggestion> out;
  for (const auto& [code, m] : pooled) {
    const uint32_t known = m.moverWins + m.moverLosses;
    out.push_back({code, m.count, known ? static_cast<double>(m.moverWins) / known : 0.5});
  }
  std::sort(out.begin(), out.end(), [](const BookSuggestion& a, const BookSuggestion& b) {
    if (a.count != b.count) return a.count > b.count;
    if (a.winRate != b.winRate) return a.winRate > b.winRate;
    return a.move < b.move;
  });
  return out;
}

void addMoves(std::map<uint16_t, BookMove>& pooled, const BookPosition& p, int sym,
              BoardSize size) {
  for (const BookMove& m : p.moves) {
    BookMove& t = pooled[mapBack(m.move, sym, size)];
    t.count += m.count;
    t.moverWins += m.moverWins;
    t.moverLosses += m.moverLosses;
  }
}

}  // namespace

BookAnswer OpeningBook::lookup(const Board& board, Color toMove, const LookupParams& params) const {
  BookAnswer answer;
  if (board.size() != size_ || positions_.empty()) return answer;
  const CanonicalKey k = canonicalKey(board, toMove, canonical_);
  auto it = std::lower_bound(byKey_.begin(), byKey_.end(), std::make_pair(k.key, uint32_t{0}));
  std::map<uint16_t, BookMove> pooled;
  if (it != byKey_.end() && it->first == k.key) {
    addMoves(pooled, positions_[it->second], k.symmetry, size_);
    answer.found = answer.exact = true;
    answer.moves = pool(pooled);
    return answer;
  }
  if (!params.approximate || params.neighbours == 0) return answer;
  const auto accept = [&](uint32_t e) { return positions_[e].toMove == toMove; };
  const double a = modelScale(Model::Spight);
  for (const Neighbour& nb :
       store_.nearest(computeModel(Model::Spight, board), params.neighbours, accept)) {
    const double d = std::tanh(a * nb.distance / 2.0);
    if (d > params.maxDistance) break;
    if (!answer.found) {
      answer.found = true;
      answer.D = nb.distance;
      answer.distance = d;
    }
    addMoves(pooled, positions_[nb.entry], nb.symmetry, size_);
  }
  answer.moves = pool(pooled);
  return answer;
}

// ---- Table file -----------------------------------------------------------------------

namespace {
constexpr uint16_t BOOK_KIND_VERSION = 1;
}

void OpeningBook::save(const std::string& path) const {
  tables::PayloadWriter w;
  w.u8(canonical_.colourSwap ? 1 : 0);
  w.varint(static_cast<uint64_t>(maxMove_));
  w.varint(games_);
  w.varint(positions_.size());
  for (const BookPosition& p : positions_) {
    w.u64(p.key);
    w.u8(p.toMove == Color::White ? 1 : 0);
    w.varint(p.moves.size());
    for (const BookMove& m : p.moves) {
      w.u16(m.move);
      w.varint(m.count);
      w.varint(m.moverWins);
      w.varint(m.moverLosses);
    }
  }
  const auto& maps = store_.rawMaps();
  w.bytes({reinterpret_cast<const uint8_t*>(maps.data()), maps.size()});
  tables::TableMeta meta;
  meta.kind = tables::TableKind::OpeningBook;
  meta.kindVersion = BOOK_KIND_VERSION;
  meta.width = static_cast<uint16_t>(size_.width);
  meta.height = static_cast<uint16_t>(size_.height);
  meta.generatorName = "fgo book";
  meta.generatorVersion = "1";
  meta.note = "spight signatures; max-move " + std::to_string(maxMove_) + "; games " +
              std::to_string(games_);
  meta.entryCount = positions_.size();
  tables::writeTable(path, meta, w.data());
}

OpeningBook OpeningBook::load(const std::string& path) {
  tables::TableExpect expect;
  expect.kind = tables::TableKind::OpeningBook;
  expect.kindVersion = BOOK_KIND_VERSION;
  const tables::Table table = tables::readTable(path, expect);
  tables::PayloadReader r(table.payload, path);
  OpeningBook book;
  book.size_ = {table.header.meta.width, table.header.meta.height};
  validateBoardSize(book.size_.width, book.size_.height);
  if (book.size_.points() >= MOVE_NONE) r.fail("board too large");
  book.canonical_.colourSwap = r.u8() != 0;
  book.maxMove_ = static_cast<int>(std::min<uint64_t>(r.varint(), 1 << 20));
  book.games_ = r.varint();
  const uint64_t n = r.varint();
  if (n > r.remaining() / 10) r.fail("position count larger than the payload");
  book.positions_.resize(n);
  for (BookPosition& p : book.positions_) {
    p.key = r.u64();
    const uint8_t side = r.u8();
    if (side > 1) r.fail("bad side to move");
    p.toMove = side ? Color::White : Color::Black;
    const uint64_t m = r.varint();
    if (m > r.remaining() / 5) r.fail("move count larger than the payload");
    for (uint64_t j = 0; j < m; ++j) {
      BookMove bm;
      bm.move = r.u16();
      if (bm.move != MOVE_PASS && bm.move >= book.size_.points()) r.fail("book move off the board");
      bm.count = static_cast<uint32_t>(std::min<uint64_t>(r.varint(), UINT32_MAX));
      bm.moverWins = static_cast<uint32_t>(std::min<uint64_t>(r.varint(), UINT32_MAX));
      bm.moverLosses = static_cast<uint32_t>(std::min<uint64_t>(r.varint(), UINT32_MAX));
      p.moves.push_back(bm);
    }
  }
  const auto mp = r.bytes(n * static_cast<size_t>(book.size_.points()));
  r.expectEnd();
  book.store_ = SignatureStore::fromRaw(book.size_.width, book.size_.height,
                                        std::vector<int8_t>(mp.begin(), mp.end()));
  if (!book.store_.sorted()) r.fail("signatures not in magnitude order");
  book.buildKeyOrder();
  return book;
}

}  // namespace engine
