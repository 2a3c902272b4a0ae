// Group safety: eye potential, room and status.
//
// Regions. For a colour c, a region is a connected set of points that are not c's
// stones (empty points and opponent stones); its border is c's stones and the edge. A
// group of colour c touching a region may count it as eye space:
//   - a region without opponent stones (c's own enclosed space) counts by its size:
//     1 point: the eye-shape confidence at that point (false eyes score low; the
//     diagonal rule when no eye shape matches), 2 points: 1 eye, 3 points: 1.5 (one move
//     makes two eyes), up to maxEyeRegion: 1.75, larger: 2 eyes;
//   - a region holding opponent stones counts the same way when it is small (at most
//     maxEnclosure of the board) and every opponent group in it lies wholly inside it,
//     has fewer than two eyes of the first kind, is in no seki-like embrace, and the
//     invaders are outnumbered by the region's empty points and by the stones around
//     them (the invaders are dead);
//   - elsewhere, eye-shape matches (partial eyes in open areas) add their confidence,
//     at most one eye in all.
// Room. The region of the opponent's colour around a group (the non-opponent points
// connected to it) is where it can run: its empty points are the group's room, and the
// group is enclosed when that region is at most maxEnclosure of the board.
// Safety. Two eyes: 1. Otherwise eyes / 4 plus half the room fraction (room / fullRoom,
// at most 1), where an enclosed group's room is enclosedRoomPerLiberty x liberties (0 by
// default: it lives by its eyes alone); halved in atari with less than one eye. Below deadBelow:
// dead; from aliveFrom: alive; between: unsettled. A dead candidate sharing two or more liberties
// with an opposing group that is not alive, both short of liberties beyond those, is seki (the
// "mutual dead" case), unless one of them has an eye of its own and the other none and the
// eye wins the race (semeaiEyes: shared liberties count for the eye, Müller 2002). Between two
// touching dead candidates otherwise, the stronger (4 x eyes + liberties) wins the race and is
// unsettled.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "engine/territory/detail.hpp"

namespace engine::territory_detail {
namespace {

struct RegionInfo {
  int size = 0;
  bool hasOpponent = false;
  std::vector<int32_t> inside;     // opponent groups with stones in the region
  std::vector<int32_t> bordering;  // groups of the region's colour touching it
  bool credited = false;           // counts as eye space for its bordering groups
};

// Per colour: the regions of non-c points and what they hold.
struct ColorRegions {
  Components comps;
  std::vector<RegionInfo> info;
};

void addUnique(std::vector<int32_t>& v, int32_t x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

ColorRegions regionsOf(const Board& board, Color c, const GroupSet& set) {
  ColorRegions r;
  r.comps = components(board, [&](Point p) { return board.at(p) != c; });
  r.info.resize(r.comps.members.size());
  for (size_t i = 0; i < r.info.size(); ++i) {
    RegionInfo& ri = r.info[i];
    ri.size = static_cast<int>(r.comps.members[i].size());
    for (Point p : r.comps.members[i]) {
      if (isStone(board.at(p))) {
        ri.hasOpponent = true;
        addUnique(ri.inside, set.groupAt[p]);
      }
      for (Point q : board.neighbours(p)) {
        if (board.at(q) == c) addUnique(ri.bordering, set.groupAt[q]);
      }
    }
  }
  return r;
}

// Eye value of a single-point region at p for colour c: the best eye-shape match naming
// p, or the diagonal rule (false with two opponent diagonals, one on the edge).
double pointEyeValue(const Board& board, Point p, Color c, const std::vector<double>& shapeEye) {
  if (shapeEye[p] >= 0) return shapeEye[p];
  const int s = board.stride();
  int off = 0, opp = 0;
  for (int d : {-s - 1, -s + 1, s - 1, s + 1}) {
    const Color q = board.at(static_cast<Point>(static_cast<int>(p) + d));
    if (q == Color::Border) ++off;
    if (q == opponent(c)) ++opp;
  }
  return opp >= (off > 0 ? 1 : 2) ? 0.0 : 1.0;
}

double regionEyeValue(int size, const TerritoryParams& params) {
  if (size >= params.maxEyeRegion + 1) return 2.0;
  if (size >= 4) return 1.75;
  if (size == 3) return 1.5;
  return 1.0;
}

// For every pair of opposing groups, the number of liberties they share: sorted
// (group, opposing group, count), both orders present.
struct SharedLiberty {
  int32_t group, other, count;
};
std::vector<SharedLiberty> sharedLiberties(const Board& board, const GroupSet& set) {
  std::vector<std::pair<int32_t, int32_t>> pairs;
  for (Point e : board.emptyPoints()) {
    int32_t gs[4];
    int k = 0;
    for (Point q : board.neighbours(e)) {
      if (!isStone(board.at(q))) continue;
      const int32_t g = set.groupAt[q];
      if (std::find(gs, gs + k, g) == gs + k) gs[k++] = g;
    }
    for (int i = 0; i < k; ++i) {
      for (int j = 0; j < k; ++j) {
        if (set.groups[gs[i]].color != set.groups[gs[j]].color) pairs.emplace_back(gs[i], gs[j]);
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  std::vector<SharedLiberty> out;
  for (size_t i = 0; i < pairs.size();) {
    size_t j = i;
    while (j < pairs.size() && pairs[j] == pairs[i]) ++j;
    out.push_back({pairs[i].first, pairs[i].second, static_cast<int32_t>(j - i)});
    i = j;
  }
  return out;
}

// A capturing race of an eye against no eye (M\u00fcller, "Race to capture: analyzing
// semeai in Go", 2002): when group a has an eye of its own (aEyes, the value of its
// empty regions bordered by one chain alone, at least one) and b has none, the shared liberties
// count for a and there is no seki; a wins, moving second, when its liberties (outside, eye and
// shared) outnumber b's liberties outside the shared ones.
bool eyeWinsRace(const GroupInfo& a, double aEyes, const GroupInfo& b, double bEyes, int count) {
  return aEyes >= 1.0 && bEyes <= 0.0 && a.liberties > b.liberties - count;
}

// Two opposing groups sharing `count` liberties, each with at most one liberty more
// (an eye point): whoever fills a shared liberty is captured. With readEyes
// (TerritoryParams::semeaiEyes), not when one of them has an eye and wins the race
// against the other (eyeWinsRace); aEyes, bEyes: their eyes of their own.
bool sekiEmbrace(const GroupInfo& a, double aEyes, const GroupInfo& b, double bEyes, int count,
                 bool readEyes) {
  if (count < 2 || a.liberties > count + 1 || b.liberties > count + 1) return false;
  return !readEyes ||
         (!eyeWinsRace(a, aEyes, b, bEyes, count) && !eyeWinsRace(b, bEyes, a, aEyes, count));
}

// Races: a dead candidate next to (touching, or sharing a liberty with) an opposing dead
// candidate that is weaker — strength 4 x eyes + liberties — wins the race and is
// unsettled instead (it lives unless the opponent gets another move there).
void settleRaces(const Board& board, GroupSet& set, const std::vector<SharedLiberty>& shared) {
  std::vector<std::pair<int32_t, int32_t>> next;
  for (const SharedLiberty& s : shared) next.emplace_back(s.group, s.other);
  for (const GroupInfo& g : set.groups) {
    for (Point p : g.stones) {
      for (Point q : board.neighbours(p)) {
        if (board.at(q) == opponent(g.color)) next.emplace_back(set.groupAt[p], set.groupAt[q]);
      }
    }
  }
  auto strength = [&](int32_t g) { return 4 * set.groups[g].eyes + set.groups[g].liberties; };
  std::vector<char> wins(set.groups.size(), 0);
  for (const auto& [a, b] : next) {
    if (set.groups[a].status == GroupStatus::Dead && set.groups[b].status == GroupStatus::Dead &&
        strength(a) > strength(b)) {
      wins[a] = 1;
    }
  }
  for (size_t g = 0; g < wins.size(); ++g) {
    if (wins[g]) set.groups[g].status = GroupStatus::Unsettled;
  }
}

// Seki: a dead candidate and an opposing group that is not alive, sharing two or more
// liberties, each with at most two liberties beyond the shared ones (sekiEmbrace; ownEye:
// the groups' eye values from regions a single chain borders): both live.
void markSeki(GroupSet& set, const std::vector<SharedLiberty>& shared,
              const std::vector<double>& pure, bool readEyes) {
  std::vector<char> seki(set.groups.size(), 0);
  for (const SharedLiberty& s : shared) {
    const GroupInfo &a = set.groups[s.group], &b = set.groups[s.other];
    if (a.status == GroupStatus::Dead && b.status != GroupStatus::Alive &&
        sekiEmbrace(a, pure[s.group], b, pure[s.other], s.count, readEyes)) {
      seki[s.group] = seki[s.other] = 1;
    }
  }
  for (size_t g = 0; g < seki.size(); ++g) {
    if (seki[g]) set.groups[g].status = GroupStatus::Seki;
  }
}

}  // namespace

void assessGroups(const Board& board, const ShapeLibrary& lib,
                  const std::vector<Instance>& instances, const TerritoryParams& params,
                  GroupSet& set) {
  const int n = static_cast<int>(set.groups.size());
  const double enclosureLimit = params.maxEnclosure * board.width() * board.height();
  // Eye-shape confidence (0..1) per point and colour, -1 where none matched.
  std::vector<double> shapeEye[2];
  for (auto& v : shapeEye) v.assign(board.arraySize(), -1.0);
  for (const Instance& inst : instances) {
    const Pattern& pat = lib.patterns()[inst.pattern];
    const Shape& shape = lib.shapes()[pat.shape];
    if (shape.category != ShapeCategory::Eye) continue;
    for (const NamedPoint& np : pat.points) {
      if (np.role != "eye" || !board.onBoard(inst.x + np.dx, inst.y + np.dy)) continue;
      double& v = shapeEye[pat.owner == Color::White][board.point(inst.x + np.dx, inst.y + np.dy)];
      v = std::max(v, shape.confidence / 100.0);
    }
  }
  ColorRegions regions[2] = {regionsOf(board, Color::Black, set),
                             regionsOf(board, Color::White, set)};
  // Pure eyes: regions without opponent stones. The part of them from regions bordered by
  // a single chain (an eye that is no joining point between chains): ownEye, read by the
  // races of sekiEmbrace.
  std::vector<double> pure(n, 0.0), ownEye(n, 0.0);
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = ci ? Color::White : Color::Black;
    ColorRegions& r = regions[ci];
    for (size_t i = 0; i < r.info.size(); ++i) {
      RegionInfo& ri = r.info[i];
      if (ri.hasOpponent) continue;
      ri.credited = true;
      const double v = ri.size == 1 ? pointEyeValue(board, r.comps.members[i][0], c, shapeEye[ci])
                                    : regionEyeValue(ri.size, params);
      for (int32_t g : ri.bordering) pure[g] += v;
      Point head = 0;
      bool seen = false, oneChain = true;
      for (Point p : r.comps.members[i]) {
        for (Point q : board.neighbours(p)) {
          if (board.at(q) != c) continue;
          oneChain &= !seen || board.chainHead(q) == head;
          head = board.chainHead(q);
          seen = true;
        }
      }
      if (seen && oneChain) ownEye[set.groupAt[head]] += v;
    }
  }
  // An invader in a seki-like embrace (two or more shared liberties, both sides short
  // of liberties beyond them) is not dead.
  const std::vector<SharedLiberty> shared = sharedLiberties(board, set);
  std::vector<char> sekiLike(n, 0);
  for (const SharedLiberty& s : shared) {
    if (sekiEmbrace(set.groups[s.group], pure[s.group], set.groups[s.other], pure[s.other], s.count,
                    params.semeaiEyes)) {
      sekiLike[s.group] = 1;
    }
  }
  std::vector<double> eyes = pure;
  for (int ci = 0; ci < 2; ++ci) {
    ColorRegions& r = regions[ci];
    for (size_t i = 0; i < r.info.size(); ++i) {
      RegionInfo& ri = r.info[i];
      if (!ri.hasOpponent || ri.size > enclosureLimit) continue;
      // The invaders are dead when each is wholly inside, has fewer than two eyes of
      // its own and is in no seki-like embrace, and together they are outnumbered both
      // by the region's empty points and by the stones of the groups around them.
      bool invadersDead = true;
      size_t invaderStones = 0, borderStones = 0;
      for (int32_t g : ri.inside) {
        bool whollyInside = true;
        for (Point s : set.groups[g].stones) whollyInside &= r.comps.label[s] == int32_t(i);
        invadersDead &= whollyInside && pure[g] < 2.0 && !sekiLike[g];
        invaderStones += set.groups[g].stones.size();
      }
      for (int32_t g : ri.bordering) borderStones += set.groups[g].stones.size();
      invadersDead &= static_cast<int>(invaderStones) < ri.size - static_cast<int>(invaderStones) &&
                      invaderStones < borderStones;
      if (!invadersDead) continue;
      ri.credited = true;
      const double v = regionEyeValue(ri.size, params);
      for (int32_t g : ri.bordering) eyes[g] += v;
    }
  }
  // Partial eyes from eye shapes in regions not credited.
  std::vector<double> partial(n, 0.0);
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = ci ? Color::White : Color::Black;
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        const double v = shapeEye[ci][p];
        if (v <= 0 || board.at(p) != Color::Empty) continue;
        const int32_t region = regions[ci].comps.label[p];
        if (region >= 0 && regions[ci].info[region].credited) continue;
        int32_t seen[4];
        int k = 0;
        for (Point q : board.neighbours(p)) {
          if (board.at(q) != c) continue;
          const int32_t g = set.groupAt[q];
          if (std::find(seen, seen + k, g) != seen + k) continue;
          seen[k++] = g;
          partial[g] += v;
        }
      }
    }
  }
  // Room, safety and status.
  for (int g = 0; g < n; ++g) {
    GroupInfo& info = set.groups[g];
    const int oi = info.color == Color::Black ? 1 : 0;  // the opponent's regions
    const int32_t region = regions[oi].comps.label[info.stones.front()];
    const auto& members = regions[oi].comps.members[region];
    info.room = static_cast<int>(std::count_if(
        members.begin(), members.end(), [&](Point p) { return board.at(p) == Color::Empty; }));
    info.enclosed = static_cast<double>(members.size()) <= enclosureLimit;
    info.eyes = std::min(3.0, eyes[g] + std::min(1.0, partial[g]));
    info.pureEyes = std::min(3.0, pure[g]);
    double s;
    if (info.eyes >= 2.0) {
      s = 1.0;
    } else {
      s = info.eyes / 4.0;
      const double room =
          info.enclosed ? params.enclosedRoomPerLiberty * info.liberties : info.room;
      s += 0.5 * std::min(1.0, room / std::max(1, params.fullRoom));
      if (info.liberties <= 1 && info.eyes < 1.0) s *= 0.5;
    }
    info.safety = s;
    info.status = s >= params.aliveFrom  ? GroupStatus::Alive
                  : s < params.deadBelow ? GroupStatus::Dead
                                         : GroupStatus::Unsettled;
  }
  settleRaces(board, set, shared);
  markSeki(set, shared, ownEye, params.semeaiEyes);
}

}  // namespace engine::territory_detail
