#include "engine/board/board.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <utility>

#include "engine/board/errors.hpp"

namespace engine {

namespace {
// 0 for Black, 1 for White (c must be a stone colour): arithmetic, not a branch.
constexpr int colorIndex(Color c) {
  return static_cast<int>(c) - 1;
}

}  // namespace

Board::Board(int width, int height) {
  validateBoardSize(width, height);
  width_ = width;
  height_ = height;
  stride_ = width + 1;
  // One extra border cell at the end: the bottom-right point's lower-right diagonal.
  const size_t n = static_cast<size_t>(stride_) * (static_cast<size_t>(height) + 2) + 1;
  zobrist_ = ZobristTable::forSize(width, height);
  keys_ = zobrist_->data();
  color_.assign(n, Color::Border);
  head_.assign(n, 0);  // border (and never-played) points: the all-zero info at 0
  next_.assign(n, NO_POINT);
  info_.assign(n, ChainInfo{});
  nbr_.assign(n, 0);
  emptyIndex_.assign(n, UINT32_MAX);
  empties_.assign(static_cast<size_t>(width) * height, NO_POINT);
  nEmpty_ = 0;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const Point p = point(x, y);
      color_[p] = Color::Empty;
      addEmpty(p);
    }
  }
  rebuildNeighbourCounts();
}

void Board::rebuildNeighbourCounts() {
  std::fill(nbr_.begin(), nbr_.end(), 0);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const Point p = point(x, y);
      for (Point n : neighbours(p)) nbr_[p] += nbrUnit(color_[n]);
    }
  }
}

int Board::liberties(Point p) const {
  std::vector<Point> libs;
  const Point h = head_[p];
  Point s = h;
  do {
    for (Point n : neighbours(s)) {
      if (color_[n] == Color::Empty) libs.push_back(n);
    }
    s = next_[s];
  } while (s != h);
  std::sort(libs.begin(), libs.end());
  return static_cast<int>(std::unique(libs.begin(), libs.end()) - libs.begin());
}

Point Board::atariLiberty(Point p) const {
  const Point lib = soleLiberty(p);
  assert(lib != NO_POINT);
  return lib;
}

Point Board::soleLiberty(Point p) const {
  Point lib = NO_POINT;
  const Point h = head_[p];
  Point s = h;
  do {
    for (Point n : neighbours(s)) {
      if (color_[n] != Color::Empty || n == lib) continue;
      if (lib != NO_POINT) return NO_POINT;  // a second liberty
      lib = n;
    }
    s = next_[s];
  } while (s != h);
  return lib;
}

bool Board::isSuicide(Point p, Color c) const {
  if (nbr_[p] & 0xF) return false;  // an empty neighbour is a liberty
  return !keepsLiberty(p, c);
}

uint64_t Board::hashAfter(Point p, Color c) const {
  uint64_t h = hash_ ^ zobrist_->key(p, c);
  const Color opp = opponent(c);
  Point seen[4];
  int nSeen = 0;
  bool captures = false;
  for (Point n : neighbours(p)) {
    if (color_[n] != opp || !onlyLiberty(n, p)) continue;
    const Point hd = head_[n];
    if (std::find(seen, seen + nSeen, hd) != seen + nSeen) continue;
    seen[nSeen++] = hd;
    captures = true;
    Point s = hd;
    do {
      h ^= zobrist_->key(s, opp);
      s = next_[s];
    } while (s != hd);
  }
  if (!captures && allowSuicide_ && isSuicide(p, c)) {
    h ^= zobrist_->key(p, c);
    nSeen = 0;
    for (Point n : neighbours(p)) {
      if (color_[n] != c) continue;
      const Point hd = head_[n];
      if (std::find(seen, seen + nSeen, hd) != seen + nSeen) continue;
      seen[nSeen++] = hd;
      Point s = hd;
      do {
        h ^= zobrist_->key(s, c);
        s = next_[s];
      } while (s != hd);
    }
  }
  return h;
}

template <bool Record>
void Board::mergeChains(Point keepHead, Point absorbedHead) {
  if constexpr (Record) merges_.push({absorbedHead, keepHead, info_[absorbedHead]});
  Point s = absorbedHead;
  do {
    head_[s] = keepHead;
    s = next_[s];
  } while (s != absorbedHead);
  std::swap(next_[keepHead], next_[absorbedHead]);
  ChainInfo& k = info_[keepHead];
  const ChainInfo& a = info_[absorbedHead];
  k.libs += a.libs;
  k.sizeColor += a.sizeColor & ~3u;  // same colour: add the stone counts
}

template <bool Record>
uint32_t Board::captureChain(Point head) {
  Color* col = color_.data();
  Point* hd = head_.data();
  const Point* nx = next_.data();
  const Color cc = col[head];
  const uint16_t delta = static_cast<uint16_t>(nbrUnit(Color::Empty) - stoneUnit(cc));
  const uint32_t begin = static_cast<uint32_t>(capturedStones_.size());
  uint32_t count = 0;
  uint64_t hash = hash_;
  // The stones keep their next_ links, so the list can be walked twice.
  Point s = head;
  do {
    if constexpr (Record) capturedStones_.push(s);
    col[s] = Color::Empty;
    hd[s] = 0;
    hash ^= key(s, cc);
    addEmpty(s);
    bumpNeighbours(s, delta);
    ++count;
    s = nx[s];
  } while (s != head);
  hash_ = hash;
  // Every neighbour gains a pseudo-liberty; the removed stones (head 0 now), empty
  // points and border feed the sink.
  const Point st = static_cast<Point>(stride_);
  ChainInfo* in = info_.data();
  do {
    in[hd[s - st]].libs += 1;
    in[hd[s - 1]].libs += 1;
    in[hd[s + 1]].libs += 1;
    in[hd[s + st]].libs += 1;
    s = nx[s];
  } while (s != head);
  captures_[colorIndex(cc)] += static_cast<int>(count);
  stones_[colorIndex(cc)] -= static_cast<int>(count);
  if constexpr (Record) captured_.push({head, begin, count, cc});
  return count;
}

// The rest of place() for a move that captures, joins several own chains or has no
// liberty: the captures, then the merges (smaller chain into the bigger), then suicide
// or the ko point.
template <bool Record>
void Board::settle(Point p, Color c, unsigned mine, unsigned dead, Point join) {
  const Point st = static_cast<Point>(stride_);
  const Point nbs[4] = {p - st, p - 1, p + 1, p + st};
  uint32_t nCaptured = 0;
  Point capturedHead = NO_POINT;
  for (; dead != 0; dead &= dead - 1) {
    const Point h = head_[nbs[std::countr_zero(dead)]];
    if (h == 0) continue;  // captured already through another lane
    capturedHead = h;
    nCaptured += captureChain<Record>(h);
  }
  Point mineHead = join;
  for (; mine != 0; mine &= mine - 1) {
    const Point h = head_[nbs[std::countr_zero(mine)]];
    if (h == mineHead) continue;
    if (info_[h].sizeColor >= info_[mineHead].sizeColor) {  // same colour: by size
      mergeChains<Record>(h, mineHead);
      mineHead = h;
    } else {
      mergeChains<Record>(mineHead, h);
    }
  }
  const ChainInfo& own = info_[mineHead];
  if (nCaptured == 0 && own.libs == 0) {
    assert(allowSuicide_);
    captureChain<Record>(mineHead);
  } else if (nCaptured == 1 && own.size() == 1 && own.libs == 1) {
    ko_ = capturedHead;
    koColor_ = opponent(c);
  }
}

void Board::play(Point p, Color c) {
  assert(color_[p] == Color::Empty);
  place<true>(p, c);
}

// settle() is called from place(), which board.hpp defines inline.
template void Board::settle<true>(Point, Color, unsigned, unsigned, Point);
template void Board::settle<false>(Point, Color, unsigned, unsigned, Point);

void Board::pass(Color c) {
  frames_.push(Frame{hash_, PASS, ko_, c, koColor_, static_cast<uint32_t>(merges_.size()),
                     static_cast<uint32_t>(captured_.size()),
                     static_cast<uint32_t>(capturedStones_.size())});
  ko_ = NO_POINT;
  koColor_ = Color::Empty;
}

void Board::passNoUndo(Color) {
  if (!frames_.empty()) clearUndo();
  ko_ = NO_POINT;
  koColor_ = Color::Empty;
}

void Board::unmerge(const Merge& m) {
  std::swap(next_[m.kept], next_[m.absorbed]);
  Point s = m.absorbed;
  do {
    head_[s] = m.absorbed;
    s = next_[s];
  } while (s != m.absorbed);
  ChainInfo& k = info_[m.kept];
  k.libs -= m.info.libs;
  k.sizeColor -= m.info.sizeColor & ~3u;
  info_[m.absorbed] = m.info;
}

void Board::uncapture(const Capture& cap) {
  const Point* stones = capturedStones_.data() + cap.begin;
  Color* col = color_.data();
  Point* hd = head_.data();
  Point* nx = next_.data();
  ChainInfo* in = info_.data();
  const Point st = static_cast<Point>(stride_);
  // The stones are still empty here (head 0), so their own chain takes no change.
  for (uint32_t k = 0; k < cap.count; ++k) {
    const Point q = stones[k];
    in[hd[q - st]].libs -= 1;
    in[hd[q - 1]].libs -= 1;
    in[hd[q + 1]].libs -= 1;
    in[hd[q + st]].libs -= 1;
  }
  const uint16_t delta = static_cast<uint16_t>(nbrUnit(cap.color) - nbrUnit(Color::Empty));
  for (uint32_t k = 0; k < cap.count; ++k) {
    const Point q = stones[k];
    col[q] = cap.color;
    hd[q] = cap.head;
    nx[q] = stones[k + 1 == cap.count ? 0 : k + 1];
    removeEmpty(q);
    bumpNeighbours(q, delta);
  }
  // A chain is captured when its last pseudo-liberty is filled.
  in[cap.head] = chainInfo(0, cap.count, cap.color);
  captures_[colorIndex(cap.color)] -= static_cast<int>(cap.count);
  stones_[colorIndex(cap.color)] += static_cast<int>(cap.count);
}

// The steps of place() backwards: place removes p as a liberty of the chains around,
// joins p to an own chain, captures, merges and (suicide) captures its own chain, so
// undo puts a suicided chain back, splits the merges, puts the captured chains back,
// takes p out of the chain it joined (its head now; p's empty neighbours are the
// liberties it brought) and gives p back as a liberty.
bool Board::undo() {
  if (frames_.empty()) return false;
  const Frame f = frames_.back();
  frames_.truncate(frames_.size() - 1);
  if (f.point != PASS) {
    // Most moves neither captured nor merged: one test for both.
    if (captured_.size() != f.captureBegin || merges_.size() != f.mergeBegin) [[unlikely]] {
      size_t i = captured_.size();
      if (i > f.captureBegin && captured_[i - 1].color == f.color) uncapture(captured_[--i]);
      for (size_t m = merges_.size(); m-- > f.mergeBegin;) unmerge(merges_[m]);
      while (i-- > f.captureBegin) uncapture(captured_[i]);
      merges_.truncate(f.mergeBegin);
      captured_.truncate(f.captureBegin);
      capturedStones_.truncate(f.stoneBegin);
    }
    const Point p = f.point;
    Point* hd = head_.data();
    ChainInfo* in = info_.data();
    const Point join = hd[p];
    std::swap(next_[join], next_[p]);
    in[join].libs -= nbr_[p] & 0xFu;
    in[join].sizeColor -= STONE;
    hd[p] = 0;
    color_[p] = Color::Empty;
    addEmpty(p);
    bumpNeighbours(p, static_cast<uint16_t>(nbrUnit(Color::Empty) - nbrUnit(f.color)));
    --stones_[colorIndex(f.color)];
    const Point st = static_cast<Point>(stride_);
    in[hd[p - st]].libs += 1;
    in[hd[p - 1]].libs += 1;
    in[hd[p + 1]].libs += 1;
    in[hd[p + st]].libs += 1;
  }
  hash_ = f.oldHash;
  ko_ = f.oldKo;
  koColor_ = f.oldKoColor;
  return true;
}

void Board::clearUndo() {
  frames_.clear();
  merges_.clear();
  captured_.clear();
  capturedStones_.clear();
}

MoveRecord Board::lastRecord() const {
  if (frames_.empty()) return {};
  const Frame& f = frames_.back();
  return MoveRecord{f.point, f.color,
                    std::span<const Point>(capturedStones_.data() + f.stoneBegin,
                                           capturedStones_.size() - f.stoneBegin)};
}

std::vector<Color> Board::colorsRowMajor() const {
  std::vector<Color> out;
  out.reserve(static_cast<size_t>(width_) * height_);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) out.push_back(color_[point(x, y)]);
  }
  return out;
}

void Board::setColors(std::span<const Color> colors) {
  if (colors.size() != static_cast<size_t>(width_) * height_) {
    throw InputError("setColors: expected " + std::to_string(width_ * height_) + " points, got " +
                     std::to_string(colors.size()));
  }
  for (Color c : colors) {
    if (c == Color::Border) throw InputError("setColors: a point cannot be border");
  }
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x)
      color_[point(x, y)] = colors[static_cast<size_t>(y) * width_ + x];
  }
  clearUndo();
  ko_ = NO_POINT;
  koColor_ = Color::Empty;
  rebuildChains();
  rebuildNeighbourCounts();
}

void Board::rebuildChains() {
  nEmpty_ = 0;
  std::fill(emptyIndex_.begin(), emptyIndex_.end(), UINT32_MAX);
  std::fill(head_.begin(), head_.end(), NO_POINT);  // "not visited yet" below
  stones_[0] = stones_[1] = 0;
  hash_ = 0;
  std::vector<Point> stack;
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const Point p = point(x, y);
      const Color c = color_[p];
      if (c == Color::Empty) {
        addEmpty(p);
        continue;
      }
      ++stones_[colorIndex(c)];
      hash_ ^= key(p, c);
      if (head_[p] != NO_POINT) continue;
      // Flood fill the chain, linking stones into a cycle headed by p.
      ChainInfo ci = chainInfo(0, 0, c);
      Point last = p;
      head_[p] = p;
      stack.assign(1, p);
      while (!stack.empty()) {
        const Point q = stack.back();
        stack.pop_back();
        ci.sizeColor += STONE;
        for (Point n : neighbours(q)) {
          if (color_[n] == Color::Empty) ++ci.libs;
          if (color_[n] == c && head_[n] == NO_POINT) {
            head_[n] = p;
            next_[last] = n;
            last = n;
            stack.push_back(n);
          }
        }
      }
      next_[last] = p;
      info_[p] = ci;
    }
  }
  for (Point& h : head_) {
    if (h == NO_POINT) h = 0;
  }
}

bool Board::hasChainWithoutLiberties() const {
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const Point p = point(x, y);
      if (isStone(color_[p]) && head_[p] == p && info_[p].libs == 0) return true;
    }
  }
  return false;
}

std::string Board::describe(Point p) const {
  return vertexName(xy(p), size()) + " (index " + std::to_string(p) + ")";
}

std::string Board::checkConsistency() const {
  Board twin(width_, height_);
  twin.color_ = color_;
  twin.rebuildChains();
  twin.rebuildNeighbourCounts();
  if (twin.hash_ != hash_) return "hash differs from the one recomputed from the colours";
  if (twin.stones_[0] != stones_[0] || twin.stones_[1] != stones_[1]) return "stone counts differ";
  if (nEmpty_ != twin.nEmpty_) return "empty point count differs";
  for (size_t i = 0; i < nEmpty_; ++i) {
    const Point p = empties_[i];
    if (color_[p] != Color::Empty) return "non-empty point in the empty list: " + describe(p);
    if (emptyIndex_[p] != i) return "empty index wrong at " + describe(p);
  }
  for (Point p = 0; p < arraySize(); ++p) {
    const bool inside = x(p) >= 0 && x(p) < width_ && y(p) >= 0 && y(p) < height_;
    if (inside != (color_[p] != Color::Border)) return "border wrong at index " + std::to_string(p);
    if (inside && nbr_[p] != twin.nbr_[p]) return "neighbour counts differ at " + describe(p);
    if (!isStone(color_[p])) {
      if (head_[p] != 0) return "head not 0 at the non-stone index " + std::to_string(p);
      continue;
    }
    // Same chain membership: heads may differ, so map through the twin's head.
    const Point h = head_[p];
    if (h >= arraySize() || color_[h] != color_[p] || head_[h] != h) {
      return "bad chain head at " + describe(p);
    }
    if (head_[twin.head_[p]] != h) return "chain membership differs at " + describe(p);
    if (h != p) continue;
    // Walk the cycle: every stone must carry this head and the count must match.
    uint32_t n = 0;
    Point s = p;
    do {
      if (head_[s] != p) return "chain list leaves its chain at " + describe(s);
      s = next_[s];
      if (++n > twin.info_[twin.head_[p]].size()) return "chain list too long at " + describe(p);
    } while (s != p);
    const ChainInfo& mine = info_[p];
    const ChainInfo& ref = twin.info_[twin.head_[p]];
    if (n != ref.size() || !(mine == ref)) return "chain info differs for chain at " + describe(p);
  }
  if (ko_ != NO_POINT && color_[ko_] != Color::Empty) return "ko point is not empty";
  return "";
}

}  // namespace engine
