// this code uses the idea of fractal go by Serge Boisse
#include "engine/play/rank.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/board/errors.hpp"
#include "engine/influence/influence.hpp"
#include "engine/shapes/shape_map.hpp"

namespace engine {

namespace {

struct KernelCell {
  int dx, dy;
  int32_t weight;  // Spight's 1, 1/2, 1/4, 1/8 in eighths
};

// Spight's kernel: Manhattan distance 1..4 (the centre gets nothing).
const std::vector<KernelCell>& spightKernel() {
  static const std::vector<KernelCell> k = [] {
    std::vector<KernelCell> out;
    for (int dy = -4; dy <= 4; ++dy) {
      for (int dx = -4; dx <= 4; ++dx) {
        const int d = std::abs(dx) + std::abs(dy);
        if (d >= 1 && d <= 4) out.push_back({dx, dy, 8 >> (d - 1)});
      }
    }
    return out;
  }();
  return k;
}

int stoneSign(Color c) {
  return c == Color::Black ? 1 : c == Color::White ? -1 : 0;
}

// Owner of a point as spightArea() reads it: +1 Black, -1 White, 0 nobody.
int ownerSign(Color c, int32_t v) {
  if (isStone(c)) return stoneSign(c);
  if (c != Color::Empty) return 0;
  return 3 * v >= 8 ? 1 : 3 * v <= -8 ? -1 : 0;
}

double linePrior(const Board& b, Point p) {
  const XY q = b.xy(p);
  const int line = std::min({q.x, q.y, b.width() - 1 - q.x, b.height() - 1 - q.y});
  switch (line) {
    case 0:
      return -2;
    case 1:
      return -0.7;
    case 2:
    case 3:
      return 0.3;
    default:
      return 0;
  }
}

}  // namespace

RankParams rankParamsByName(const std::string& name) {
  RankParams p;
  if (name == "eval") return p;
  if (name == "eval-search") {
    p.replyRadius = 2;
    return p;
  }
  if (name == "geometric") {
    p = RankParams{0, 0, 0, 0, 0, 0, 0, 0, 0};
    return p;
  }
  throw InputError("unknown ranking '" + name + "': expected geometric, eval or eval-search");
}

int areaMarginScratch(const Board& board, Color c) {
  int margin = 0;
  for (Owner o : spightArea(board)) margin += static_cast<int>(o);
  return stoneSign(c) * margin;
}

// Scratch state of one ranking: a copy of the board with its Spight map, kept in step
// by play/undo with local updates.
struct MoveRanker::Work {
  Board b{1, 1};
  std::vector<int32_t> map;               // Spight map by Point index
  std::vector<uint32_t> stamp, capStamp;  // touched / captured marks by generation
  uint32_t gen = 0;
  std::vector<Point> touched;
  std::vector<std::vector<Point>> caps;  // captured stones per depth of play
  std::unique_ptr<ShapeMap> shapeMap;
  std::vector<double> keypoint;    // by Point: keypoint confidence naming it
  double shapeBefore[2] = {0, 0};  // scored-shape value for Black, White

  void addKernel(Point p, int32_t sign) {
    const XY q = b.xy(p);
    for (const KernelCell& k : spightKernel()) {
      if (b.onBoard(q.x + k.dx, q.y + k.dy))
        map[b.point(q.x + k.dx, q.y + k.dy)] += sign * k.weight;
    }
  }
  void touchDiamond(Point p) {
    const XY q = b.xy(p);
    for (int dy = -4; dy <= 4; ++dy) {
      const int reach = 4 - std::abs(dy);
      for (int dx = -reach; dx <= reach; ++dx) {
        if (!b.onBoard(q.x + dx, q.y + dy)) continue;
        const Point t = b.point(q.x + dx, q.y + dy);
        if (stamp[t] != gen) {
          stamp[t] = gen;
          touched.push_back(t);
        }
      }
    }
  }
  // Plays c at p (legal) and updates the map; returns c's Spight margin gain.
  int play(Point p, Color c) {
    b.play(p, c);
    const MoveRecord rec = b.lastRecord();
    caps.emplace_back(rec.captured.begin(), rec.captured.end());
    ++gen;
    touched.clear();
    touchDiamond(p);
    for (Point q : caps.back()) {
      capStamp[q] = gen;
      touchDiamond(q);
    }
    const Color opp = opponent(c);
    int before = 0, after = 0;
    for (Point q : touched) {
      const Color old = q == p ? Color::Empty : capStamp[q] == gen ? opp : b.at(q);
      before += ownerSign(old, map[q]);
    }
    addKernel(p, stoneSign(c));
    for (Point q : caps.back()) addKernel(q, -stoneSign(opp));
    for (Point q : touched) after += ownerSign(b.at(q), map[q]);
    return stoneSign(c) * (after - before);
  }
  // Takes back the last play of c at p.
  void undo(Point p, Color c) {
    addKernel(p, -stoneSign(c));
    for (Point q : caps.back()) addKernel(q, stoneSign(opponent(c)));
    caps.pop_back();
    b.undo();
  }
  // Scored-shape value of the current shape map for c (good minus bad, own minus opponent's).
  double shapeValue(Color c) const {
    double v = 0;
    const ShapeLibrary& lib = shapeMap->library();
    shapeMap->forEach([&](const Instance& in) {
      const Pattern& pat = lib.patterns()[in.pattern];
      const Shape& s = lib.shapes()[pat.shape];
      if (s.category == ShapeCategory::Scored) v += pat.owner == c ? s.value : -s.value;
    });
    return v;
  }
};

MoveRanker::MoveRanker(RankParams params, const ShapeLibrary* shapes)
    : params_(params), shapes_(shapes), work_(std::make_unique<Work>()) {}
MoveRanker::~MoveRanker() = default;
MoveRanker::MoveRanker(MoveRanker&&) noexcept = default;

void MoveRanker::prepare(const Board& board) {
  Work& w = *work_;
  w.b = board;
  w.b.clearUndo();
  const size_t n = board.arraySize();
  w.map.assign(n, 0);
  w.stamp.assign(n, 0);
  w.capStamp.assign(n, 0);
  w.gen = 0;
  w.caps.clear();
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const int s = stoneSign(board.at(x, y));
      if (s != 0) w.addKernel(board.point(x, y), s);
    }
  }
  if (shapes_ && params_.shape != 0) {
    w.shapeMap = std::make_unique<ShapeMap>(*shapes_, w.b);
    w.keypoint.assign(n, 0);
    const ShapeLibrary& lib = *shapes_;
    w.shapeMap->forEach([&](const Instance& in) {
      const Pattern& pat = lib.patterns()[in.pattern];
      const Shape& s = lib.shapes()[pat.shape];
      if (s.category != ShapeCategory::Keypoint) return;
      for (const NamedPoint& np : pat.points) {
        if (np.role == "move" && board.onBoard(in.x + np.dx, in.y + np.dy))
          w.keypoint[board.point(in.x + np.dx, in.y + np.dy)] += s.confidence;
      }
    });
    w.shapeBefore[0] = w.shapeValue(Color::Black);
    w.shapeBefore[1] = w.shapeValue(Color::White);
  } else {
    w.shapeMap.reset();
  }
}

double MoveRanker::scoreMove(Work& w, Color c, Point p, const RankContext& ctx, bool reply) {
  const RankParams& rp = params_;
  const Color opp = opponent(c);
  Board& b = w.b;
  int saved = 0;
  Point heads[4];
  int nHeads = 0;
  for (Point n : b.neighbours(p)) {
    if (b.at(n) != c || !b.inAtari(n)) continue;
    const Point h = b.chainHead(n);
    if (std::find(heads, heads + nHeads, h) != heads + nHeads) continue;
    heads[nHeads++] = h;
    saved += b.chainSize(n);
  }
  const int gain = w.play(p, c);
  const int captured = static_cast<int>(w.caps.back().size());
  const int libs = b.liberties(p);
  int ataris = 0;
  nHeads = 0;
  for (Point n : b.neighbours(p)) {
    if (b.at(n) != opp || !b.inAtari(n)) continue;
    const Point h = b.chainHead(n);
    if (std::find(heads, heads + nHeads, h) != heads + nHeads) continue;
    heads[nHeads++] = h;
    ++ataris;
  }
  double score = rp.capture * std::min(captured, 4) + rp.area * gain + rp.atari * ataris;
  if (libs >= 2) score += rp.escape * std::min(saved, 4);
  if (libs == 1 && captured == 0) score += rp.selfAtari * std::min(b.chainSize(p), 4);
  if (!reply) {
    score += rp.edge * linePrior(b, p);
    if (w.shapeMap) {
      w.shapeMap->afterPlay(b);
      const double after = w.shapeValue(c);
      score += rp.shape *
               (w.keypoint[p] / 25.0 + (after - w.shapeBefore[c == Color::White ? 1 : 0]) / 4.0);
      w.shapeMap->beforeUndo(b);
    }
    if (rp.replyRadius > 0) {
      double best = 0;
      const XY q = b.xy(p);
      const int r = rp.replyRadius;
      for (int dy = -r; dy <= r; ++dy) {
        for (int dx = -(r - std::abs(dy)); dx <= r - std::abs(dy); ++dx) {
          if (!b.onBoard(q.x + dx, q.y + dy)) continue;
          const Point t = b.point(q.x + dx, q.y + dy);
          if (!b.isLegal(t, opp) || b.isEyeOf(t, opp)) continue;
          best = std::max(best, scoreMove(w, opp, t, ctx, true));
        }
      }
      score -= best;
    }
    if (rp.locality != 0) {
      auto cheb = [&](Point m) {
        if (m == NO_POINT || m == PASS) return 8;
        const XY a = b.xy(m), d = b.xy(p);
        return std::min(8, std::max(std::abs(a.x - d.x), std::abs(a.y - d.y)));
      };
      score += rp.locality * ((8 - cheb(ctx.last)) + 0.5 * (8 - cheb(ctx.before)));
    }
  }
  w.undo(p, c);
  return score;
}

std::vector<RankedMove> MoveRanker::rank(const Board& board, Color toMove,
                                         const std::vector<Point>& candidates,
                                         const RankContext& ctx, const std::vector<double>& prior) {
  prepare(board);
  std::vector<RankedMove> out;
  out.reserve(candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i) {
    const Point p = candidates[i];
    if (!board.isLegal(p, toMove) || board.isEyeOf(p, toMove)) continue;
    double s = scoreMove(*work_, toMove, p, ctx, false);
    if (i < prior.size()) s += prior[i];
    out.push_back({p, s});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const RankedMove& a, const RankedMove& b) { return a.score > b.score; });
  return out;
}

int MoveRanker::areaGain(const Board& board, Color toMove, Point p) {
  prepare(board);
  const int g = work_->play(p, toMove);
  work_->undo(p, toMove);
  return g;
}

}  // namespace engine
