#include "engine/shapes/shape_map.hpp"

#include <algorithm>
#include <sstream>

namespace engine {

ShapeMap::ShapeMap(const ShapeLibrary& lib, const Board& board)
    : lib_(lib), matcher_(lib), bb_(board.width(), board.height(), framePad(lib)) {
  const int pw = bb_.paddedWidth();
  const auto& pats = lib.patterns();
  // Bucket every stone or empty cell of every pattern under each neighbourhood key it is
  // compatible with (counting pass, then filling pass).
  std::vector<std::vector<Entry>> buckets(3 * 256);
  for (uint32_t i = 0; i < pats.size(); ++i) {
    const Pattern& p = pats[i];
    for (int dy = 0; dy < p.height; ++dy) {
      for (int dx = 0; dx < p.width; ++dx) {
        const uint8_t c = p.cell(dx, dy);
        if (c > CELL_WHITE) continue;
        uint32_t want = 0, care = 0;
        const int nx[4] = {dx, dx - 1, dx + 1, dx}, ny[4] = {dy - 1, dy, dy, dy + 1};
        for (int d = 0; d < 4; ++d) {
          if (nx[d] < 0 || ny[d] < 0 || nx[d] >= p.width || ny[d] >= p.height) continue;
          const uint8_t n = p.cell(nx[d], ny[d]);
          if (n == CELL_ANY) continue;
          want |= uint32_t{n} << (2 * d);
          care |= uint32_t{3} << (2 * d);
        }
        const Entry e{i, dy * pw + dx, static_cast<int16_t>(dx), static_cast<int16_t>(dy)};
        for (uint32_t key = 0; key < 256; ++key) {
          if ((key & care) == want) buckets[c * 256 + key].push_back(e);
        }
      }
    }
  }
  begin_.push_back(0);
  for (const auto& b : buckets) {
    entries_.insert(entries_.end(), b.begin(), b.end());
    begin_.push_back(static_cast<uint32_t>(entries_.size()));
  }
  heads_.assign(static_cast<size_t>(pw) * bb_.paddedHeight(), NIL);
  rebuild(board);
}

void ShapeMap::clear() {
  std::fill(heads_.begin(), heads_.end(), NIL);
  nodes_.clear();
  free_ = NIL;
  count_ = 0;
}

void ShapeMap::rebuild(const Board& board) {
  clear();
  bb_.load(board);
  std::vector<Instance> all;
  matcher_.scan(bb_, all);
  const int pw = bb_.paddedWidth(), pad = bb_.pad();
  for (const Instance& in : all)
    insert(static_cast<uint32_t>((in.y + pad) * pw + in.x + pad), in.pattern);
}

void ShapeMap::insert(uint32_t origin, uint32_t pattern) {
  uint32_t n;
  if (free_ != NIL) {
    n = free_;
    free_ = nodes_[n].next;
  } else {
    n = static_cast<uint32_t>(nodes_.size());
    nodes_.push_back({});
  }
  nodes_[n] = {pattern, heads_[origin]};
  heads_[origin] = n;
  ++count_;
}

void ShapeMap::removeIfPresent(uint32_t origin, uint32_t pattern) {
  uint32_t* link = &heads_[origin];
  while (*link != NIL) {
    const uint32_t n = *link;
    if (nodes_[n].pattern == pattern) {
      *link = nodes_[n].next;
      nodes_[n].next = free_;
      free_ = n;
      --count_;
      return;
    }
    link = &nodes_[n].next;
  }
}

void ShapeMap::change(int x, int y, uint8_t cell) {
  const uint8_t old = bb_.get(x, y);
  if (old == cell) return;
  bb_.set(x, y, cell);
  const int pw = bb_.paddedWidth(), pad = bb_.pad();
  const int32_t here = (y + pad) * pw + x + pad;
  // Instances that needed the old value here are gone (they matched, so they held it).
  const uint32_t key = neighbourKey(x, y);
  const Entry* const oldBegin = entries_.data() + begin_[old * 256 + key];
  const Entry* const oldEnd = entries_.data() + begin_[old * 256 + key + 1];
  for (const Entry* e = oldBegin; e != oldEnd; ++e)
    removeIfPresent(static_cast<uint32_t>(here - e->delta), e->pattern);
  // Placements that need the new value here did not match before: test them now.
  const auto& pats = lib_.patterns();
  const Entry* const newEnd = entries_.data() + begin_[cell * 256 + key + 1];
  for (const Entry* e = entries_.data() + begin_[cell * 256 + key]; e != newEnd; ++e) {
    if (matchesAt(pats[e->pattern], bb_, x - e->dx, y - e->dy)) {
      insert(static_cast<uint32_t>(here - e->delta), e->pattern);
    }
  }
}

void ShapeMap::setPoint(int x, int y, uint8_t cell) {
  change(x, y, cell);
}

void ShapeMap::afterPlay(const Board& board) {
  const MoveRecord rec = board.lastRecord();
  if (rec.point == PASS) return;
  change(board.x(rec.point), board.y(rec.point), static_cast<uint8_t>(rec.color));
  for (Point q : rec.captured) change(board.x(q), board.y(q), CELL_EMPTY);
}

void ShapeMap::beforeUndo(const Board& board) {
  const MoveRecord rec = board.lastRecord();
  if (rec.point == PASS) return;
  // A suicide removes the mover's own chain (the played point included); a capture
  // removes the opponent's stones.
  const bool suicide =
      std::find(rec.captured.begin(), rec.captured.end(), rec.point) != rec.captured.end();
  const uint8_t capturedCell = static_cast<uint8_t>(suicide ? rec.color : opponent(rec.color));
  for (Point q : rec.captured) change(board.x(q), board.y(q), capturedCell);
  change(board.x(rec.point), board.y(rec.point), CELL_EMPTY);
}

std::vector<Instance> ShapeMap::instances() const {
  std::vector<Instance> out;
  out.reserve(count_);
  forEach([&](const Instance& in) { out.push_back(in); });
  std::sort(out.begin(), out.end());
  return out;
}

std::string ShapeMap::checkConsistency(const Board& board) const {
  const BitBoard fresh = BitBoard::fromBoard(board, bb_.pad());
  if (!(fresh == bb_)) return "bit board differs from the board's colours";
  std::vector<Instance> full;
  matcher_.scan(fresh, full);
  std::sort(full.begin(), full.end());
  const std::vector<Instance> mine = instances();
  if (mine.size() != count_)
    return "instance count " + std::to_string(count_) + " but " + std::to_string(mine.size()) +
           " listed";
  if (mine == full) return "";
  std::ostringstream os;
  os << "incremental map has " << mine.size() << " instances, full rescan " << full.size();
  const auto [a, b] = std::mismatch(mine.begin(), mine.end(), full.begin(), full.end());
  if (a != mine.end())
    os << "; first extra/different: pattern " << a->pattern << " at (" << a->x << "," << a->y
       << ")";
  if (b != full.end())
    os << "; first missing: pattern " << b->pattern << " at (" << b->x << "," << b->y << ")";
  return os.str();
}

}  // namespace engine
