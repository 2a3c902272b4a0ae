// Incremental scoring (incremental.hpp): per-side caches of the local gammas, refreshed
// by comparing every point's colour and liberty class with the cached values.
#include "engine/prior/incremental.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/prior/pattern3.hpp"

namespace prior {

using engine::NO_POINT;
using engine::PASS;

namespace {
constexpr uint8_t NO_STATE = 0xFF;  // a point the cache has never seen
}

IncrementalScorer::IncrementalScorer(const Model& model) : model_(&model) {
  const int r = SPATIAL_MAX_SIZE / 2;
  for (int dy = -r; dy <= r; ++dy) {
    for (int dx = -r; dx <= r; ++dx) {
      const int ax = std::abs(dx), ay = std::abs(dy);
      const int d = ax + ay + std::max(ax, ay);
      if (d <= SPATIAL_MAX_SIZE) offsets_.push_back({dx, dy, d});
    }
  }
  for (int d = 0; d < static_cast<int>(distLast_.size()); ++d) {
    // FeatureContext's distance value: d - 1 for d = 2..16, 16 beyond, d < 2 as 2.
    const uint32_t v = static_cast<uint32_t>(std::clamp(d, 2, 17) - 1);
    distLast_[static_cast<size_t>(d)] = model.gamma(G_DIST_LAST, v);
    distBefore_[static_cast<size_t>(d)] = model.gamma(G_DIST_BEFORE, v);
  }
}

void IncrementalScorer::clear() {
  for (Side& s : sides_) s.valid = false;
}

void IncrementalScorer::resize(const Board& board) {
  width_ = board.width();
  height_ = board.height();
  const size_t n = board.arraySize();
  edge_.assign(n, 1.0f);
  xs_.assign(n, -1);
  ys_.assign(n, -1);
  dirtyMark_.assign(n, 0);
  dirtyStamp_ = 0;
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const Point p = board.point(x, y);
      xs_[p] = static_cast<int16_t>(x);
      ys_[p] = static_cast<int16_t>(y);
      const int line = std::min({x, y, width_ - 1 - x, height_ - 1 - y}) + 1;
      edge_[p] = model_->gamma(G_EDGE, static_cast<uint32_t>(std::min(line, 5)));
    }
  }
  for (Side& s : sides_) {
    s.valid = false;
    s.state.assign(n, NO_STATE);
    s.p3.assign(n, 1.0f);
    s.sp.assign(n, 1.0f);
    s.reach.assign(n, 0);
  }
}

void IncrementalScorer::recomputeLocal(Side& side, Point p) {
  const Model& m = *model_;
  side.p3[p] = m.gamma(G_PATTERN3, pattern3Id(ctx_.pattern3Code(p)) + 1);
  const SpatialDictionary& dict = m.spatial();
  if (dict.size() == 0) {
    side.sp[p] = 1.0f;
    side.reach[p] = 0;
    return;
  }
  const SpatialMatch sm = dict.match(side.grid, p);
  side.sp[p] = sm.id >= 0 ? m.gamma(G_SPATIAL, static_cast<uint32_t>(sm.id + 1)) : 1.0f;
  side.reach[p] = static_cast<uint8_t>(sm.reach);
}

// Marks the points whose local part may depend on q's colour: the 3x3 square around q
// and the points whose spatial reach covers q (q itself included).
void IncrementalScorer::markAround(const Board& board, const Side& side, Point q) {
  const int qx = xs_[q], qy = ys_[q];
  const int stride = board.stride();
  for (const Offset& o : offsets_) {
    const int x = qx + o.dx, y = qy + o.dy;
    if (x < 0 || y < 0 || x >= width_ || y >= height_) continue;
    const Point p = static_cast<Point>(static_cast<int>(q) + o.dy * stride + o.dx);
    if ((o.dist <= 3 || o.dist <= side.reach[p]) && dirtyMark_[p] != dirtyStamp_) {
      dirtyMark_[p] = dirtyStamp_;
      dirty_.push_back(p);
    }
  }
}

void IncrementalScorer::refresh(const Board& board, Side& side) {
  if (++dirtyStamp_ == 0) {
    std::fill(dirtyMark_.begin(), dirtyMark_.end(), 0);
    dirtyStamp_ = 1;
  }
  dirty_.clear();
  for (int y = 0; y < height_; ++y) {
    const Point row = board.point(0, y);
    for (Point q = row; q < row + static_cast<Point>(width_); ++q) {
      const Color c = board.at(q);
      const uint8_t st =
          engine::isStone(c)
              ? static_cast<uint8_t>(static_cast<int>(c) | std::min(ctx_.libertyClass(q), 3) << 2)
              : 0;
      const uint8_t old = side.state[q];
      if (st == old) continue;
      side.state[q] = st;
      if (!side.valid) {
        if (st == 0) dirty_.push_back(q);
        continue;
      }
      if ((old & 3) != (st & 3)) {
        side.grid.update(board, q);
        markAround(board, side, q);
        continue;
      }
      for (Point nb : board.neighbours(q)) {  // only the liberty class changed
        if (dirtyMark_[nb] != dirtyStamp_) {
          dirtyMark_[nb] = dirtyStamp_;
          dirty_.push_back(nb);
        }
      }
    }
  }
  side.valid = true;
  recomputed_ = 0;
  for (Point p : dirty_) {
    if (board.at(p) != Color::Empty) continue;
    recomputeLocal(side, p);
    ++recomputed_;
  }
}

double IncrementalScorer::tacticalProduct(Point p) const {
  if (!ctx_.mayBeTactical(p)) return 1.0;
  MoveFeatures f;
  ctx_.tacticalFeatures(p, f);
  double s = 1.0;
  for (int g = G_CAPTURE; g <= G_LADDER; ++g) {
    if (f.value[g] != 0) s *= model_->gamma(g, f.value[g]);
  }
  return s;
}

void IncrementalScorer::scores(const Board& board, Color toMove, Point last, Point beforeLast,
                               std::vector<float>& out) {
  if (board.width() != width_ || board.height() != height_ || edge_.size() != board.arraySize())
    resize(board);
  Side& side = sides_[toMove == Color::White ? 1 : 0];
  if (!side.valid) {  // from scratch: every point differs from NO_STATE
    side.grid.reset(board, toMove);
    std::fill(side.state.begin(), side.state.end(), NO_STATE);
  }
  ctx_.reset(board, toMove, last, beforeLast, nullptr);
  refresh(board, side);

  const bool hasLast = last != NO_POINT && last != PASS && board.isPoint(last);
  const bool hasBefore = beforeLast != NO_POINT && beforeLast != PASS && board.isPoint(beforeLast);
  const int lx = hasLast ? xs_[last] : 0, ly = hasLast ? ys_[last] : 0;
  const int bx = hasBefore ? xs_[beforeLast] : 0, by = hasBefore ? ys_[beforeLast] : 0;
  auto distIndex = [](int dx, int dy) {
    dx = std::abs(dx);
    dy = std::abs(dy);
    return static_cast<size_t>(std::min(dx + dy + std::max(dx, dy), 17));
  };
  out.assign(board.arraySize(), 0.0f);
  cands_.clear();
  double total = 0;
  for (int y = 0; y < height_; ++y) {
    const Point row = board.point(0, y);
    for (int x = 0; x < width_; ++x) {
      const Point p = row + static_cast<Point>(x);
      if (board.at(p) != Color::Empty || !board.isLegal(p, toMove)) continue;
      // The factors in Model::strength's group order; absent groups multiply by 1.
      double s = tacticalProduct(p);
      s *= edge_[p];
      if (hasLast) s *= distLast_[distIndex(x - lx, y - ly)];
      if (hasBefore) s *= distBefore_[distIndex(x - bx, y - by)];
      s *= side.p3[p];
      s *= side.sp[p];
      out[p] = static_cast<float>(s);
      total += s;
      cands_.push_back(p);
    }
  }
  const double pass = model_->gamma(G_PASS, last == PASS ? 2 : 1);
  out[PASS] = static_cast<float>(pass);
  total += pass;
  cands_.push_back(PASS);
  const float inv = static_cast<float>(1.0 / total);
  for (Point p : cands_) out[p] *= inv;
}

std::string IncrementalScorer::checkConsistency(const Board& board, Color toMove) {
  const Side& side = sides_[toMove == Color::White ? 1 : 0];
  if (!side.valid || edge_.size() != board.arraySize()) return "no cache for this board";
  const Model& m = *model_;
  FeatureContext fresh;
  fresh.reset(board, toMove, NO_POINT, NO_POINT, m.spatial().size() ? &m.spatial() : nullptr);
  for (Point p : board.emptyPoints()) {
    MoveFeatures f;
    fresh.localFeatures(p, f);
    const float sp = f.value[G_SPATIAL] ? m.gamma(G_SPATIAL, f.value[G_SPATIAL]) : 1.0f;
    if (side.p3[p] != m.gamma(G_PATTERN3, f.value[G_PATTERN3]) || side.sp[p] != sp ||
        edge_[p] != m.gamma(G_EDGE, f.value[G_EDGE])) {
      return "local gammas differ at point " + std::to_string(p);
    }
  }
  return "";
}

}  // namespace prior
