// Feature extraction (features.hpp). The liberty table is the only per-position work;
// a move's tactical facts come from the up-to-4 liberties kept per chain.
#include "engine/prior/features.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/board/errors.hpp"
#include "engine/prior/ladder.hpp"
#include "engine/prior/pattern3.hpp"
#include "engine/prior/spatial.hpp"

namespace prior {

using engine::NO_POINT;
using engine::PASS;

const char* groupName(int g) {
  static const char* const NAMES[NUM_GROUPS] = {"pass",        "capture",  "escape", "self-atari",
                                                "atari",       "ladder",   "edge",   "dist-last",
                                                "dist-before", "pattern3", "spatial"};
  return g >= 0 && g < NUM_GROUPS ? NAMES[g] : "?";
}

uint32_t groupSize(int g, uint32_t spatialCount) {
  switch (g) {
    case G_PASS:
      return 2;
    case G_CAPTURE:
      return 4;
    case G_ESCAPE:
      return 4;
    case G_SELF_ATARI:
      return 3;
    case G_ATARI:
      return 3;
    case G_LADDER:
      return 4;
    case G_EDGE:
      return 5;
    case G_DIST_LAST:
      return 16;
    case G_DIST_BEFORE:
      return 16;
    case G_PATTERN3:
      return pattern3Count();
    case G_SPATIAL:
      return spatialCount;
    default:
      return 0;
  }
}

int coulomDistance(const Board& board, Point a, Point b) {
  const int dx = std::abs(board.x(a) - board.x(b));
  const int dy = std::abs(board.y(a) - board.y(b));
  return dx + dy + std::max(dx, dy);
}

// What a move at p does, from the liberty table.
struct FeatureContext::MoveFacts {
  std::array<Point, 4> own{}, opp{}, captured{};  // distinct neighbour chain heads
  int nOwn = 0, nOpp = 0, nCaptured = 0;
  int capturedStones = 0;
  bool capturesLast = false, capturesNextToAtari = false;
  int newLibs = 0;  // liberties of the chain the stone joins, capped at 3
  int newSize = 1;  // stones of that chain
};

void FeatureContext::reset(const Board& board, Color toMove, Point last, Point beforeLast,
                           const SpatialDictionary* spatial) {
  board_ = &board;
  me_ = toMove;
  last_ = last;
  before_ = beforeLast;
  spatial_ = spatial;
  scratchValid_ = false;
  if (spatial_ != nullptr) grid_.reset(board, toMove);
  computeLiberties();
}

void FeatureContext::computeLiberties() {
  const Board& b = *board_;
  const size_t n = b.arraySize();
  libCount_.assign(n, 0);
  libs_.resize(n);
  if (mark_.size() != n) {
    mark_.assign(n, 0);
    stamp_ = 0;
  }
  if (stamp_ > UINT32_MAX - 4 * n) {
    std::fill(mark_.begin(), mark_.end(), 0);
    stamp_ = 0;
  }
  if (shortMark_.size() != n || ++resetStamp_ == 0) {
    shortMark_.assign(n, 0);
    resetStamp_ = 1;
  }
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Point p = b.point(x, y);
      if (!engine::isStone(b.at(p)) || b.chainHead(p) != p) continue;
      ++stamp_;
      int count = 0;
      Point q = p;
      do {
        for (Point nb : b.neighbours(q)) {
          if (b.at(nb) != Color::Empty || mark_[nb] == stamp_) continue;
          mark_[nb] = stamp_;
          libs_[p][count++] = nb;
          if (count == 4) break;
        }
        q = b.nextInChain(q);
      } while (q != p && count < 4);
      libCount_[p] = static_cast<uint8_t>(count);
      for (int k = 0; k < count && count <= 2; ++k) shortMark_[libs_[p][k]] = resetStamp_;
    }
  }
}

namespace {
// Adds h to a small set of heads; returns false when it was there.
bool addHead(std::array<Point, 4>& set, int& n, Point h) {
  for (int i = 0; i < n; ++i) {
    if (set[i] == h) return false;
  }
  set[n++] = h;
  return true;
}
// Distance feature value: d - 1 for d = 2..16, 16 beyond; a move on the point itself
// (d = 0: the stone there was captured since) counts as d = 2.
uint32_t distanceValue(int d) {
  return static_cast<uint32_t>(std::clamp(d, 2, 17) - 1);
}
bool hasHead(const std::array<Point, 4>& set, int n, Point h) {
  return std::find(set.begin(), set.begin() + n, h) != set.begin() + n;
}
}  // namespace

FeatureContext::MoveFacts FeatureContext::facts(Point p) const {
  const Board& b = *board_;
  const Color opp = engine::opponent(me_);
  MoveFacts f;
  for (Point nb : b.neighbours(p)) {
    const Color c = b.at(nb);
    if (c == me_ && addHead(f.own, f.nOwn, b.chainHead(nb))) {
      f.newSize += b.chainSize(nb);
    } else if (c == opp && addHead(f.opp, f.nOpp, b.chainHead(nb))) {
      if (libCount_[b.chainHead(nb)] == 1) f.captured[f.nCaptured++] = b.chainHead(nb);
    }
  }
  // Liberties of the new chain: p's empty neighbours, the merged chains' liberties and
  // the captured stones that touch p or a merged chain (exact up to 3).
  ++stamp_;
  mark_[p] = stamp_;
  int libs = 0;
  auto addLib = [&](Point q) {
    if (mark_[q] != stamp_) {
      mark_[q] = stamp_;
      ++libs;
    }
  };
  for (Point nb : b.neighbours(p)) {
    if (b.at(nb) == Color::Empty) addLib(nb);
  }
  for (int i = 0; i < f.nOwn && libs < 3; ++i) {
    const Point h = f.own[i];
    if (libCount_[h] >= 4) libs = 3;
    for (int k = 0; k < libCount_[h] && libs < 3; ++k) addLib(libs_[h][k]);
  }
  const bool lastIsStone =
      last_ != NO_POINT && last_ != PASS && b.isPoint(last_) && engine::isStone(b.at(last_));
  for (int i = 0; i < f.nCaptured; ++i) {
    const Point h = f.captured[i];
    f.capturedStones += b.chainSize(h);
    if (lastIsStone && b.chainHead(last_) == h) f.capturesLast = true;
    Point q = h;
    do {
      bool touches = false;
      for (Point nb : b.neighbours(q)) {
        if (nb == p) touches = true;
        if (b.at(nb) != me_) continue;
        if (hasHead(f.own, f.nOwn, b.chainHead(nb))) touches = true;
        if (libCount_[b.chainHead(nb)] == 1) f.capturesNextToAtari = true;
      }
      if (touches) addLib(q);
      q = b.nextInChain(q);
    } while (q != h);
  }
  f.newLibs = std::min(libs, 3);
  return f;
}

uint32_t FeatureContext::captureValue(const MoveFacts& f) const {
  if (f.nCaptured == 0) return 0;
  if (f.capturesLast) return 1;
  if (f.capturesNextToAtari) return 2;
  return f.capturedStones >= 2 ? 3 : 4;
}

void FeatureContext::tacticalFeatures(Point p, MoveFeatures& m) const {
  const Board& b = *board_;
  if (!nextToShortChain(p)) {
    // No capture, escape or atari. Joining a chain of ours (3+ liberties, one of them p)
    // leaves 2+; a lone stone has as many liberties as empty neighbours.
    if (b.neighbourCount(p, Color::Empty) == 1 && b.neighbourCount(p, me_) == 0) {
      m.value[G_SELF_ATARI] = 1;
    }
    return;
  }
  const MoveFacts f = facts(p);
  m.value[G_CAPTURE] = captureValue(f);
  for (int i = 0; i < f.nOwn && f.newLibs >= 2; ++i) {
    const Point h = f.own[i];
    if (libCount_[h] != 1) continue;
    bool touchesLast = false;
    if (last_ != NO_POINT && last_ != PASS && b.isPoint(last_)) {
      for (Point nb : b.neighbours(last_)) {
        if (b.at(nb) == me_ && b.chainHead(nb) == h) touchesLast = true;
      }
    }
    const uint32_t v = (f.newLibs == 2 ? 1u : 2u) + (touchesLast ? 2u : 0u);
    m.value[G_ESCAPE] = std::max(m.value[G_ESCAPE], v);
  }
  if (f.newLibs == 1) m.value[G_SELF_ATARI] = static_cast<uint32_t>(std::min(f.newSize, 3));
  for (int i = 0; i < f.nOpp; ++i) {
    const Point h = f.opp[i];
    if (libCount_[h] != 2) continue;
    const uint32_t v = b.koPoint() != NO_POINT ? 1u : b.chainSize(h) == 1 ? 2u : 3u;
    m.value[G_ATARI] = std::max(m.value[G_ATARI], v);
  }
  if (m.value[G_ATARI] != 0 || m.value[G_ESCAPE] != 0)
    m.value[G_LADDER] = ladderValue(p, m.value[G_ATARI] != 0);
}

// The ladder value (features.hpp G_LADDER) of the move at p, an atari (atari true) or an
// escape, read on the scratch copy of the board (played and undone).
uint32_t FeatureContext::ladderValue(Point p, bool atari) const {
  if (!scratchValid_) {
    if (scratch_) {
      *scratch_ = *board_;
    } else {
      scratch_ = std::make_unique<Board>(*board_);
    }
    scratch_->clearUndo();
    scratchValid_ = true;
  }
  Board& s = *scratch_;
  const Color opp = engine::opponent(me_);
  s.play(p, me_);
  uint32_t v = 0;
  if (atari) {
    for (Point nb : s.neighbours(p)) {
      if (s.at(nb) != opp || !s.inAtari(nb)) continue;
      int budget = LADDER_BUDGET;
      if (ladderCaptured(s, nb, budget)) {
        v = 1;
        break;
      }
      v = 2;
    }
  } else {
    int budget = LADDER_BUDGET;
    v = s.liberties(p) == 2 && ladderAttackWorks(s, p, budget) ? 3 : 4;
  }
  s.undo();
  return v;
}

void FeatureContext::localFeatures(Point p, MoveFeatures& m, int* reach) const {
  const Board& b = *board_;
  const int x = b.x(p), y = b.y(p);
  const int line = std::min({x, y, b.width() - 1 - x, b.height() - 1 - y}) + 1;
  m.value[G_EDGE] = static_cast<uint32_t>(std::min(line, 5));
  m.value[G_PATTERN3] = pattern3Id(pattern3Code(p)) + 1;
  if (spatial_ != nullptr) {
    const SpatialMatch sm = spatial_->match(grid_, p);
    m.value[G_SPATIAL] = static_cast<uint32_t>(sm.id + 1);
    if (reach != nullptr) *reach = sm.reach;
  } else if (reach != nullptr) {
    *reach = 0;
  }
}

MoveFeatures FeatureContext::features(Point p) const {
  const Board& b = *board_;
  MoveFeatures m;
  if (p == PASS) {
    m.value[G_PASS] = last_ == PASS ? 2 : 1;
    return m;
  }
  tacticalFeatures(p, m);
  localFeatures(p, m);
  if (last_ != NO_POINT && last_ != PASS && b.isPoint(last_)) {
    m.value[G_DIST_LAST] = distanceValue(coulomDistance(b, p, last_));
  }
  if (before_ != NO_POINT && before_ != PASS && b.isPoint(before_)) {
    m.value[G_DIST_BEFORE] = distanceValue(coulomDistance(b, p, before_));
  }
  return m;
}

uint32_t FeatureContext::pattern3Code(Point p) const {
  const Board& b = *board_;
  const Color opp = engine::opponent(me_);
  const auto nbs = b.neighbours(p);
  uint32_t code = 0;
  for (int i = 0; i < 4; ++i) {
    const Color c = b.at(nbs[i]);
    uint32_t v = 0;
    if (c == Color::Border) {
      v = 1;
    } else if (c != Color::Empty) {
      const uint32_t libClass = std::min<uint32_t>(libCount_[b.chainHead(nbs[i])], 3);
      v = (c == me_ ? 1 : 4) + libClass;
    }
    code |= v << (3 * i);
  }
  const int s = b.stride();
  const std::array<Point, 4> diag = {p - s - 1, p - s + 1, p + s - 1, p + s + 1};
  for (int i = 0; i < 4; ++i) {
    const Color c = b.at(diag[i]);
    const uint32_t v = c == Color::Empty ? 0 : c == me_ ? 1 : c == opp ? 2 : 3;
    code |= v << (12 + 2 * i);
  }
  return code;
}

void FeatureContext::candidates(std::vector<Point>& out) const {
  out.clear();
  const Board& b = *board_;
  // Row by row: increasing index order without sorting the empty list.
  for (int y = 0; y < b.height(); ++y) {
    const Point row = b.point(0, y);
    for (Point p = row; p < row + static_cast<Point>(b.width()); ++p) {
      if (b.at(p) == Color::Empty && b.isLegal(p, me_)) out.push_back(p);
    }
  }
  out.push_back(PASS);
}

MoveFeatures tacticalFeaturesByPlaying(const Board& board, Color toMove, Point last, Point p) {
  MoveFeatures m;
  if (p == PASS) return m;
  const Color opp = engine::opponent(toMove);
  Board after = board;
  after.play(p, toMove);
  const auto captured = after.lastRecord().captured;
  if (!captured.empty()) {
    bool lastTaken = false, nextToAtari = false;
    for (Point q : captured) {
      if (q == last) lastTaken = true;
      for (Point nb : board.neighbours(q)) {
        if (board.at(nb) == toMove && board.liberties(nb) == 1) nextToAtari = true;
      }
    }
    m.value[G_CAPTURE] = lastTaken ? 1 : nextToAtari ? 2 : captured.size() >= 2 ? 3 : 4;
  }
  const int libsAfter = after.liberties(p);
  for (Point nb : board.neighbours(p)) {
    if (board.at(nb) == toMove && board.liberties(nb) == 1 && libsAfter >= 2) {
      bool touchesLast = false;
      if (last != engine::NO_POINT && last != PASS && board.isPoint(last)) {
        for (Point ln : board.neighbours(last)) {
          if (board.at(ln) == toMove && board.chainHead(ln) == board.chainHead(nb)) {
            touchesLast = true;
          }
        }
      }
      const uint32_t v = (libsAfter == 2 ? 1u : 2u) + (touchesLast ? 2u : 0u);
      m.value[G_ESCAPE] = std::max(m.value[G_ESCAPE], v);
    }
    if (board.at(nb) == opp && after.at(nb) == opp && after.liberties(nb) == 1) {
      const uint32_t v = board.koPoint() != NO_POINT ? 1u : board.chainSize(nb) == 1 ? 2u : 3u;
      m.value[G_ATARI] = std::max(m.value[G_ATARI], v);
    }
  }
  if (libsAfter == 1)
    m.value[G_SELF_ATARI] = static_cast<uint32_t>(std::min(after.chainSize(p), 3));
  if (m.value[G_ATARI] != 0) {
    m.value[G_LADDER] = 0;
    for (Point nb : after.neighbours(p)) {
      if (after.at(nb) != opp || after.liberties(nb) != 1) continue;
      int budget = LADDER_BUDGET;
      if (ladderCapturedByCopying(after, nb, budget)) {
        m.value[G_LADDER] = 1;
        break;
      }
      m.value[G_LADDER] = 2;
    }
  } else if (m.value[G_ESCAPE] != 0) {
    int budget = LADDER_BUDGET;
    m.value[G_LADDER] = libsAfter == 2 && ladderAttackWorksByCopying(after, p, budget) ? 3u : 4u;
  }
  return m;
}

}  // namespace prior
