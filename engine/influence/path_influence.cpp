// Line-of-sight path influence: template construction, the from-scratch twin and the
// incremental overlay. The model is the Fractal Go design's (Serge Boisse); see
// path_influence.hpp for the rules and docs/INFLUENCE.md for the path counts.
#include "engine/influence/path_influence.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "engine/board/errors.hpp"

namespace engine {

namespace {

using Step2 = std::pair<int, int>;  // (dx, dy)
using PathSeq = std::vector<Step2>;

// Every greedy path from (cx, cy) to (tx, ty): each step takes the 4-neighbour closest
// (Euclidean) to the goal; ties branch. Points after the start are appended to prefix.
void greedyPaths(int cx, int cy, int tx, int ty, PathSeq& prefix, std::vector<PathSeq>& out) {
  if (cx == tx && cy == ty) {
    out.push_back(prefix);
    return;
  }
  static constexpr int DX[4] = {1, -1, 0, 0};
  static constexpr int DY[4] = {0, 0, 1, -1};
  int64_t best = INT64_MAX;
  int64_t d2[4];
  for (int i = 0; i < 4; ++i) {
    const int64_t ex = tx - (cx + DX[i]), ey = ty - (cy + DY[i]);
    d2[i] = ex * ex + ey * ey;
    best = std::min(best, d2[i]);
  }
  for (int i = 0; i < 4; ++i) {
    if (d2[i] != best) continue;
    prefix.emplace_back(cx + DX[i], cy + DY[i]);
    greedyPaths(cx + DX[i], cy + DY[i], tx, ty, prefix, out);
    prefix.pop_back();
  }
}

// The symmetric path set between (0, 0) and (dx, dy): greedy both ways, reversed, united.
std::set<PathSeq> pathSet(int dx, int dy) {
  std::set<PathSeq> result;
  std::vector<PathSeq> forward, backward;
  PathSeq prefix;
  greedyPaths(0, 0, dx, dy, prefix, forward);
  greedyPaths(dx, dy, 0, 0, prefix, backward);
  for (auto& p : forward) result.insert(p);
  for (auto& p : backward) {
    // p visits (points after (dx, dy)) ..., (0, 0); seen from (0, 0) it runs backwards
    // and ends at (dx, dy).
    PathSeq r(p.rbegin() + 1, p.rend());
    r.emplace_back(dx, dy);
    result.insert(std::move(r));
  }
  return result;
}

// Temporary trie used while building the flattened preorder form.
struct TrieNode {
  Step2 at;
  int32_t weight = 0;
  std::map<Step2, size_t> children;
};

void flatten(const std::vector<TrieNode>& trie, size_t t, uint32_t parent,
             std::vector<PathTemplates::Node>& out) {
  const uint32_t me = static_cast<uint32_t>(out.size());
  out.push_back({trie[t].at.first, trie[t].at.second, trie[t].weight, 0, parent});
  for (const auto& [step, child] : trie[t].children) flatten(trie, child, me, out);
  out[me].skip = static_cast<uint32_t>(out.size());
}

}  // namespace

PathTemplates::PathTemplates(const PathParams& params) : params_(params) {
  if (params.maxDistance < 1 || params.maxDistance > 8) {
    throw InputError("PathParams: maxDistance must be in 1..8");
  }
  if (!(params.decay > 0 && params.decay <= 1))
    throw InputError("PathParams: decay must be in (0, 1]");
  if (params.scale < 1 || params.scale > (1 << 20))
    throw InputError("PathParams: scale must be in 1..2^20");
  const int dmax = params.maxDistance;
  std::vector<TrieNode> trie(1);  // trie[0] is the source itself
  std::map<Step2, size_t> offsetIndex;
  for (int d = 1; d <= dmax; ++d) {
    for (int dy = -d; dy <= d; ++dy) {
      for (int dx = -d; dx <= d; ++dx) {
        if (std::abs(dx) + std::abs(dy) != d) continue;
        const std::set<PathSeq> paths = pathSet(dx, dy);
        Offset o;
        o.dx = dx;
        o.dy = dy;
        o.distance = d;
        o.pathCount = static_cast<int>(paths.size());
        o.weight = static_cast<int32_t>(
            std::llround(params.scale * std::pow(params.decay, d - 1) / o.pathCount));
        o.firstPoint = static_cast<uint32_t>(points_.size());
        for (const PathSeq& path : paths) {
          size_t t = 0;
          for (const Step2& s : path) {
            points_.push_back({s.first, s.second});
            auto it = trie[t].children.find(s);
            if (it == trie[t].children.end()) {
              trie.push_back(TrieNode{s, 0, {}});
              it = trie[t].children.emplace(s, trie.size() - 1).first;
            }
            t = it->second;
          }
          trie[t].weight = o.weight;
        }
        offsetIndex[{dx, dy}] = offsets_.size();
        offsets_.push_back(o);
      }
    }
  }
  for (const auto& [step, child] : trie[0].children) flatten(trie, child, NO_PARENT, nodes_);
  nodesAt_.resize(offsets_.size());
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    nodesAt_[offsetIndex.at({nodes_[i].dx, nodes_[i].dy})].push_back(i);
  }
}

std::shared_ptr<const PathTemplates> PathTemplates::standard() {
  static const std::shared_ptr<const PathTemplates> instance = std::make_shared<PathTemplates>();
  return instance;
}

int64_t PathTemplates::pathsPerSource() const {
  int64_t n = 0;
  for (const Offset& o : offsets_) n += o.pathCount;
  return n;
}

int64_t PathTemplates::pathsOnBoard(int width, int height) const {
  int64_t n = 0;
  for (const Offset& o : offsets_) {
    const int64_t w = width - std::abs(o.dx), h = height - std::abs(o.dy);
    if (w > 0 && h > 0) n += o.pathCount * w * h;
  }
  return n;
}

InfluenceMap pathInfluenceScratch(const Board& board, const PathTemplates& templates) {
  InfluenceMap m(board.width(), board.height());
  const auto& pts = templates.points();
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Color c = board.at(x, y);
      if (!isStone(c)) continue;
      const int32_t sign = c == Color::Black ? 1 : -1;
      for (const auto& o : templates.offsets()) {
        if (!board.onBoard(x + o.dx, y + o.dy)) continue;
        for (int k = 0; k < o.pathCount; ++k) {
          bool clear = true;
          for (int i = 0; i < o.distance && clear; ++i) {
            const XY q = pts[o.firstPoint + static_cast<uint32_t>(k * o.distance + i)];
            clear = board.onBoard(x + q.x, y + q.y) && board.at(x + q.x, y + q.y) == Color::Empty;
          }
          if (clear) m.at(x + o.dx, y + o.dy) += sign * o.weight;
        }
      }
    }
  }
  return m;
}

PathInfluence::PathInfluence(const Board& board, std::shared_ptr<const PathTemplates> templates)
    : templates_(std::move(templates)),
      width_(board.width()),
      height_(board.height()),
      margin_(templates_->params().maxDistance),
      pstride_(board.width() + 2 * margin_) {
  const auto& nodes = templates_->nodes();
  for (const auto& n : nodes) steps_.push_back({n.dy * pstride_ + n.dx, n.skip, n.weight});
  const auto& offs = templates_->offsets();
  for (size_t i = 0; i < offs.size(); ++i) {
    const uint32_t begin = static_cast<uint32_t>(entries_.size());
    for (uint32_t k : templates_->nodesAt(i)) {
      if (nodes[k].skip == k + 1) continue;  // a leaf: only its terminus q, see gather()
      std::vector<int32_t> prefix;           // from the terminus side back to the source
      for (uint32_t a = nodes[k].parent; a != PathTemplates::NO_PARENT; a = nodes[a].parent) {
        prefix.push_back(steps_[a].rel);
      }
      const uint32_t pb = static_cast<uint32_t>(prefixRel_.size());
      prefixRel_.insert(prefixRel_.end(), prefix.begin(), prefix.end());
      entries_.push_back({k, pb, static_cast<uint32_t>(prefixRel_.size())});
    }
    if (entries_.size() == begin) continue;  // nothing passes through this offset
    reach_.push_back(
        {offs[i].dy * pstride_ + offs[i].dx, begin, static_cast<uint32_t>(entries_.size())});
  }
  reset(board);
}

void PathInfluence::reset(const Board& board) {
  if (board.width() != width_ || board.height() != height_) {
    throw InputError("PathInfluence::reset: board size differs from the overlay's");
  }
  const size_t total = static_cast<size_t>(height_ + 2 * margin_) * pstride_;
  state_.assign(total, OFF);
  map_.assign(total, 0);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const Color c = board.at(x, y);
      state_[index(x, y)] = c == Color::Black ? BLACK : c == Color::White ? WHITE : EMPTY;
    }
  }
  const uint32_t n = static_cast<uint32_t>(steps_.size());
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const uint8_t s = state_[index(x, y)];
      if (s == BLACK || s == WHITE) walk(index(x, y), 0, n, s == BLACK ? 1 : -1);
    }
  }
}

void PathInfluence::walk(size_t base, uint32_t begin, uint32_t end, int32_t mult) {
  const Step* steps = steps_.data();
  for (uint32_t i = begin; i < end;) {
    const size_t q = base + static_cast<ptrdiff_t>(steps[i].rel);
    if (state_[q] != EMPTY) {
      i = steps[i].skip;
      continue;
    }
    map_[q] += mult * steps[i].weight;
    ++i;
  }
}

void PathInfluence::through(size_t q, int32_t mult) {
  const Step* steps = steps_.data();
  const int32_t* prefix = prefixRel_.data();
  const uint8_t* state = state_.data();
  for (const Reach& r : reach_) {
    const size_t s = q - static_cast<ptrdiff_t>(r.rel);
    const uint8_t st = state[s];
    if (st != BLACK && st != WHITE) continue;
    const int32_t m = st == BLACK ? mult : -mult;
    for (uint32_t j = r.begin; j < r.end; ++j) {
      const Entry& e = entries_[j];
      uint32_t i = e.prefixBegin;
      while (i < e.prefixEnd && state[s + static_cast<ptrdiff_t>(prefix[i])] == EMPTY) ++i;
      if (i != e.prefixEnd) continue;
      walk(s, e.node + 1, steps[e.node].skip, m);
    }
  }
}

int32_t PathInfluence::gather(size_t q) const {
  // The path set is symmetric, so the paths ending at q are the reversed paths leaving
  // q: walk q's trie through empty points and collect the stones met at path ends.
  const Step* steps = steps_.data();
  const uint32_t n = static_cast<uint32_t>(steps_.size());
  int32_t sum = 0;
  for (uint32_t i = 0; i < n;) {
    const uint8_t st = state_[q + static_cast<ptrdiff_t>(steps[i].rel)];
    if (st == EMPTY) {
      ++i;
      continue;
    }
    if (st == BLACK) sum += steps[i].weight;
    if (st == WHITE) sum -= steps[i].weight;
    i = steps[i].skip;
  }
  return sum;
}

void PathInfluence::place(size_t q, uint8_t color) {
  through(q, -1);  // paths through q are blocked from now on
  map_[q] = 0;     // and so are the paths ending at q
  state_[q] = color;
  walk(q, 0, static_cast<uint32_t>(steps_.size()), color == BLACK ? 1 : -1);
}

void PathInfluence::remove(size_t q) {
  walk(q, 0, static_cast<uint32_t>(steps_.size()), state_[q] == BLACK ? -1 : 1);
  state_[q] = EMPTY;
  through(q, 1);
  map_[q] = gather(q);
}

void PathInfluence::afterPlay(const Board& board) {
  const MoveRecord rec = board.lastRecord();
  if (rec.point == PASS) return;
  place(indexOf(board, rec.point), rec.color == Color::Black ? BLACK : WHITE);
  for (Point c : rec.captured) remove(indexOf(board, c));
}

void PathInfluence::beforeUndo(const Board& board) {
  const MoveRecord rec = board.lastRecord();
  if (rec.point == PASS) return;
  // A suicide captures the mover's own chain (rec.point included); otherwise the
  // captured stones are the opponent's.
  const bool suicide =
      std::find(rec.captured.begin(), rec.captured.end(), rec.point) != rec.captured.end();
  const Color back = suicide ? rec.color : opponent(rec.color);
  for (Point c : rec.captured) place(indexOf(board, c), back == Color::Black ? BLACK : WHITE);
  remove(indexOf(board, rec.point));
}

InfluenceMap PathInfluence::map() const {
  InfluenceMap m(width_, height_);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) m.at(x, y) = at(x, y);
  }
  return m;
}

std::string PathInfluence::checkConsistency(const Board& board) const {
  if (board.width() != width_ || board.height() != height_) return "board size differs";
  std::ostringstream err;
  for (int y = -margin_; y < height_ + margin_; ++y) {
    for (int x = -margin_; x < width_ + margin_; ++x) {
      const size_t i = index(x, y);
      if (!board.onBoard(x, y)) {
        if (state_[i] != OFF || map_[i] != 0) err << "margin (" << x << "," << y << ") touched";
      } else {
        const Color c = board.at(x, y);
        const uint8_t want = c == Color::Black ? BLACK : c == Color::White ? WHITE : EMPTY;
        if (state_[i] != want) err << "occupancy differs at (" << x << "," << y << ")";
      }
      if (!err.str().empty()) return err.str();
    }
  }
  const InfluenceMap scratch = pathInfluenceScratch(board, *templates_);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      if (scratch.at(x, y) != at(x, y)) {
        err << "map differs at (" << x << "," << y << "): incremental " << at(x, y) << ", scratch "
            << scratch.at(x, y);
        return err.str();
      }
    }
  }
  return "";
}

}  // namespace engine
