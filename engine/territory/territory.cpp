// evaluate(): groups and safety (groups.cpp, safety.cpp), proto-territory from an
// influence model, the dead-group layer, ownership and counts.
//
// Ownership. Dead stones are taken off a copy of the board. On that copy, an empty
// region bordered by one colour's stones belongs to that colour outright (the
// Tromp-Taylor rule, exact for finished positions) when it is small enough to be
// settled (TerritoryParams::maxOutrightRegion); a region bordered by both colours, or a
// large open one, is read point by point from proto-territory of the copy: a point inside a
// player's influence whose neighbours are all inside that influence or that player's stones. Dead
// stones count for the opponent; an empty point next to dead stones of both colours (overlapping
// dead groups) and an empty point of an open region next to a seki group are nobody's.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/board/errors.hpp"
#include "engine/shapes/bitboard.hpp"
#include "engine/territory/detail.hpp"

namespace engine {
namespace {

using territory_detail::Components;
using territory_detail::components;

Owner ownerOf(Color c) {
  return c == Color::Black ? Owner::Black : c == Color::White ? Owner::White : Owner::None;
}

// The model's owner of each empty point (row-major), before the neighbour rule.
std::vector<Owner> influenceOwner(const Board& board, TerritoryModel model) {
  const size_t n = static_cast<size_t>(board.width()) * board.height();
  std::vector<Owner> out(n, Owner::None);
  if (model == TerritoryModel::Spight) return spightArea(board);
  const InfluenceMap map = bouzyMap(board);
  for (size_t i = 0; i < n; ++i) {
    out[i] = map.values[i] > 0 ? Owner::Black : map.values[i] < 0 ? Owner::White : Owner::None;
  }
  return out;
}

// Proto-territory of a board (stones are their own colour).
std::vector<Owner> protoTerritory(const Board& board, TerritoryModel model) {
  const std::vector<Owner> infl = influenceOwner(board, model);
  const int w = board.width();
  std::vector<Owner> out(infl.size(), Owner::None);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < w; ++x) {
      const Point p = board.point(x, y);
      const size_t i = static_cast<size_t>(y) * w + x;
      if (isStone(board.at(p))) {
        out[i] = ownerOf(board.at(p));
        continue;
      }
      const Owner o = infl[i];
      if (o == Owner::None) continue;
      bool all = true;
      for (Point q : board.neighbours(p)) {
        const Color c = board.at(q);
        if (c == Color::Border) continue;
        const size_t j = static_cast<size_t>(board.y(q)) * w + board.x(q);
        all &= isStone(c) ? ownerOf(c) == o : infl[j] == o;
      }
      if (all) out[i] = o;
    }
  }
  return out;
}

// The distinct empty points next to the stones of the given chains (chain heads) and to
// the extra point `plus` (a stone about to be placed there; NO_POINT: none), `plus`
// itself left out.
std::vector<Point> libertiesOf(const Board& clean, const std::vector<Point>& heads, Point plus) {
  std::vector<Point> out;
  auto add = [&](Point s) {
    for (Point q : clean.neighbours(s)) {
      if (clean.at(q) == Color::Empty && q != plus) out.push_back(q);
    }
  };
  for (Point head : heads) {
    Point s = head;
    do {
      add(s);
      s = clean.nextInChain(s);
    } while (s != head);
  }
  if (plus != NO_POINT) add(plus);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The chain heads of colour c next to p.
std::vector<Point> chainsNextTo(const Board& clean, Point p, Color c) {
  std::vector<Point> heads;
  for (Point q : clean.neighbours(p)) {
    if (clean.at(q) == c) heads.push_back(clean.chainHead(q));
  }
  std::sort(heads.begin(), heads.end());
  heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
  return heads;
}

// Can colour c fill the empty point d of the clean board in the dame stage: legal and
// not a self-atari (its chain keeps two liberties, or it captures)?
bool safeFill(const Board& clean, Point d, Color c) {
  for (Point head : chainsNextTo(clean, d, opponent(c))) {
    if (clean.liberties(head) == 1) return true;  // captures
  }
  return libertiesOf(clean, chainsNextTo(clean, d, c), d).size() >= 2;
}

// The empty points of its own territory a side must fill before the count, once the
// dame are filled (Japanese counting: those moves cost a point each). On the board
// without dead stones, a chain outside every seki loses to the opponent every liberty
// that is not its own territory (dame and the like, filled during the dame stage); when
// exactly one liberty of its own territory is left, it is in atari and its owner must
// connect or extend there (a ko left open, a cut that needs a stone, a false eye to fill).
// GNU Go's final_status_list dame names such points; the records count them as nobody's.
// With `readDame`, the dame liberties are read first: the chain owes nothing when the
// opponent cannot fill one of them safely (illegal or self-atari: that liberty stays), or
// when two of them are *saving* dame: points its owner can fill safely (a dame move, no
// cost) that join it to chains with two liberties in his own territory. The opponent
// fills one saving dame first, the owner the other. One saving dame is not enough: the
// opponent fills it first (measured: counting one as enough was worse on the tuning 100).
std::vector<Point> fillPoints(const Board& clean, const std::vector<Owner>& ownership,
                              const std::vector<char>& dame, const std::vector<char>& nearSeki,
                              const std::vector<char>& inSeki, bool readDame,
                              const std::vector<char>* besideDead = nullptr,
                              const std::vector<char>* alive = nullptr) {
  const int w = clean.width();
  auto index = [&](Point p) { return static_cast<size_t>(clean.y(p)) * w + clean.x(p); };
  std::vector<Point> out;
  std::vector<char> seen(clean.arraySize(), 0);
  std::vector<Point> libOf(clean.arraySize(), NO_POINT);  // the chain that counted it
  for (int y = 0; y < clean.height(); ++y) {
    for (int x = 0; x < w; ++x) {
      const Point head = clean.point(x, y);
      const Color c = clean.at(head);
      if (!isStone(c) || seen[clean.chainHead(head)]) continue;
      seen[clean.chainHead(head)] = 1;
      bool seki = false, touchesDead = false, settled = true;
      std::vector<Point> own, open;  // open: liberties that are nobody's (dame)
      int others = 0;
      Point s = head;
      do {
        seki |= inSeki[s] != 0;
        settled &= !alive || (*alive)[s] != 0;
        for (Point q : clean.neighbours(s)) {
          touchesDead |= besideDead && clean.at(q) == opponent(c) && (*besideDead)[q];
        }
        for (Point q : clean.neighbours(s)) {
          if (clean.at(q) != Color::Empty || libOf[q] == head) continue;
          libOf[q] = head;
          if (ownership[index(q)] == ownerOf(c) && !dame[index(q)]) {
            own.push_back(q);
          } else {
            others += nearSeki[q] ? 100 : 1;  // a seki's shared liberty is never filled
            if (dame[index(q)] || ownership[index(q)] == Owner::None) open.push_back(q);
          }
        }
        s = clean.nextInChain(s);
      } while (s != head);
      if (seki || own.size() != 1 || others >= 100) continue;
      // Beside dead stones: only an alive chain with a dame to fill (one already in atari
      // with none was left so: the capture does not work, or the opponent would have
      // played it).
      if (besideDead && (!touchesDead || !settled || open.empty())) continue;
      bool owes = true;
      int saving = 0;
      for (size_t k = 0; readDame && owes && k < open.size(); ++k) {
        const Point d = open[k];
        if (!safeFill(clean, d, opponent(c))) owes = false;
        if (!safeFill(clean, d, c)) continue;
        int ownLibs = 0;
        for (Point q : libertiesOf(clean, chainsNextTo(clean, d, c), d)) {
          ownLibs += ownership[index(q)] == ownerOf(c) && !dame[index(q)];
        }
        saving += ownLibs >= 2;
      }
      if (saving >= 2) owes = false;  // the opponent fills one, the owner the other
      if (owes) out.push_back(own.front());
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Row-major: the empty points of the board without dead stones next to stones of both
// colours. Stones stay, so such a point is never surrounded by one colour: dame under
// territory counting whoever the playouts give it to (an unclosed border).
std::vector<char> borderDame(const Board& clean) {
  const int w = clean.width();
  std::vector<char> out(static_cast<size_t>(w) * clean.height(), 0);
  for (int y = 0; y < clean.height(); ++y) {
    for (int x = 0; x < w; ++x) {
      const Point p = clean.point(x, y);
      out[static_cast<size_t>(y) * w + x] = clean.at(p) == Color::Empty &&
                                            clean.neighbourCount(p, Color::Black) > 0 &&
                                            clean.neighbourCount(p, Color::White) > 0;
    }
  }
  return out;
}

}  // namespace

const char* statusName(GroupStatus status) {
  switch (status) {
    case GroupStatus::Alive:
      return "alive";
    case GroupStatus::Dead:
      return "dead";
    case GroupStatus::Unsettled:
      return "unsettled";
    case GroupStatus::Seki:
      return "seki";
  }
  return "?";
}

std::string Evaluation::resultText(double margin) {
  if (margin == 0) return "0";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%c+%g", margin > 0 ? 'B' : 'W', std::fabs(margin));
  return buf;
}

const ShapeLibrary& defaultTerritoryShapes() {
  static const ShapeLibrary lib =
      ShapeLibrary::load(std::string(FGO_SOURCE_DIR) + "/engine/shapes/library/starter.shapes");
  return lib;
}

std::vector<Point> stonesWithStatus(const Evaluation& eval, GroupStatus status) {
  std::vector<Point> out;
  for (const GroupInfo& g : eval.groups) {
    if (g.status == status) out.insert(out.end(), g.stones.begin(), g.stones.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

Evaluation evaluate(const Board& board, double komi, const TerritoryParams& params) {
  const ShapeLibrary& lib = params.shapes ? *params.shapes : defaultTerritoryShapes();
  std::vector<Instance> instances;
  if (!lib.patterns().empty()) {
    const BitBoard bb = BitBoard::fromBoard(board, framePad(lib));
    ShapeMatcher(lib).scan(bb, instances);
  }
  // Sorted: groups keep the weakest link met first, so the order must not depend on
  // how the matches were found (sweep here, ShapeMap in TerritoryOverlay).
  std::sort(instances.begin(), instances.end());
  return territory_detail::evaluateMatches(board, komi, params, lib, instances);
}

}  // namespace engine

namespace engine::territory_detail {

Evaluation evaluateMatches(const Board& board, double komi, const TerritoryParams& params,
                           const ShapeLibrary& lib, const std::vector<Instance>& instances,
                           const JoinCache* joins) {
  territory_detail::GroupSet set =
      territory_detail::buildGroups(board, lib, instances, params, joins);
  territory_detail::assessGroups(board, lib, instances, params, set);
  const std::vector<float> own = territory_detail::checkByPlayouts(board, params, set);

  const int w = board.width(), h = board.height();
  const size_t n = static_cast<size_t>(w) * h;
  auto index = [&](Point p) { return static_cast<size_t>(board.y(p)) * w + board.x(p); };
  Evaluation ev;
  ev.width = w;
  ev.height = h;
  ev.komi = komi;
  ev.groupOf.assign(n, -1);
  for (size_t g = 0; g < set.groups.size(); ++g) {
    for (Point s : set.groups[g].stones) ev.groupOf[index(s)] = static_cast<int32_t>(g);
    if (set.groups[g].status == GroupStatus::Dead) {
      ev.deadStones.insert(ev.deadStones.end(), set.groups[g].stones.begin(),
                           set.groups[g].stones.end());
    }
  }
  std::sort(ev.deadStones.begin(), ev.deadStones.end());
  ev.protoTerritory = protoTerritory(board, params.model);

  // The board without its dead stones (the board itself, and its proto-territory, when
  // there are none).
  std::vector<Color> colors = board.colorsRowMajor();
  for (Point s : ev.deadStones) colors[index(s)] = Color::Empty;
  Board clean(w, h);
  clean.setColors(colors);
  const std::vector<Owner> cleanProto =
      ev.deadStones.empty() ? ev.protoTerritory : protoTerritory(clean, params.model);

  std::vector<char> nearDead[2], nearSeki(board.arraySize(), 0);
  for (auto& v : nearDead) v.assign(board.arraySize(), 0);
  for (const GroupInfo& g : set.groups) {
    for (Point s : g.stones) {
      for (Point q : board.neighbours(s)) {
        if (g.status == GroupStatus::Dead) nearDead[g.color == Color::White][q] = 1;
        if (g.status == GroupStatus::Seki) nearSeki[q] = 1;
      }
    }
  }
  ev.ownership.assign(n, Owner::None);
  // Empty points of a region a seki group borders: owned (area counting) but no
  // territory (Japanese rules: eyes of a group in seki are not territory).
  std::vector<char> sekiEye(n, 0);
  const Components regions =
      components(clean, [&](Point p) { return clean.at(p) == Color::Empty; });
  const double outrightLimit = params.maxOutrightRegion * static_cast<double>(n);
  for (const auto& members : regions.members) {
    bool touches[2] = {false, false};
    for (Point p : members) {
      for (Point q : clean.neighbours(p)) {
        if (isStone(clean.at(q))) touches[clean.at(q) == Color::White] = true;
      }
    }
    // An eye of a seki group is small (a larger region would give it two eyes) and holds
    // no dead stones (capturing them would not be seki).
    bool bySeki = false, holdsDead = false;
    for (Point p : members) {
      bySeki |= nearSeki[p] != 0;
      holdsDead |= board.at(p) != Color::Empty;
    }
    bySeki &= !holdsDead && static_cast<int>(members.size()) <= params.maxEyeRegion;
    for (Point p : members) {
      sekiEye[index(p)] = bySeki && params.sekiEyesNoTerritory;
      Owner o;
      if (touches[0] != touches[1] && static_cast<double>(members.size()) <= outrightLimit) {
        o = touches[0] ? Owner::Black : Owner::White;
      } else {
        o = nearSeki[p] ? Owner::None : cleanProto[index(p)];
        // Contested or open: the playouts' owner when they agree clearly enough.
        if (!own.empty() && !nearSeki[p] && params.playoutPointVerdict > 0) {
          const float v = own[index(p)];
          if (v >= params.playoutPointVerdict) o = Owner::Black;
          if (v <= -params.playoutPointVerdict) o = Owner::White;
        }
      }
      if (nearDead[0][p] && nearDead[1][p]) o = Owner::None;
      ev.ownership[index(p)] = o;
    }
  }
  for (size_t g = 0; g < set.groups.size(); ++g) {
    const GroupInfo& info = set.groups[g];
    const Owner o = ownerOf(info.status == GroupStatus::Dead ? opponent(info.color) : info.color);
    for (Point s : info.stones) {
      // A dead stone's point is the opponent's even in a region its own colour
      // borders, unless opposing dead stones overlap there.
      if (info.status != GroupStatus::Dead || !(nearDead[0][s] && nearDead[1][s])) {
        ev.ownership[index(s)] = o;
      }
    }
  }
  // Territory counting: border points are dame; points a side must fill in its own
  // territory once the dame are filled are not territory either.
  std::vector<char> dame(n, 0);
  if (params.borderDameNoTerritory) dame = borderDame(clean);
  if (params.behindDameNoTerritory) {
    // An owned point whose every empty neighbour is a dame (one at least) sits behind a
    // gap: whoever fills that dame, the point is next to the opponent's stone or must be
    // filled; GNU Go and the records count it as dame. Read on the board as it stands (a
    // dead stone's point is no empty neighbour), one step (no propagation).
    std::vector<char> behind(n, 0);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const Point p = board.point(x, y);
        const size_t i = index(p);
        if (board.at(p) != Color::Empty || ev.ownership[i] == Owner::None || dame[i]) continue;
        int open = 0, other = 0;
        for (Point q : board.neighbours(p)) {
          if (board.at(q) != Color::Empty) continue;
          const size_t j = index(q);
          (dame[j] || ev.ownership[j] == Owner::None ? open : other) += 1;
        }
        behind[i] = open > 0 && other == 0;
      }
    }
    for (size_t i = 0; i < n; ++i) dame[i] |= behind[i];
  }
  for (size_t i = 0; i < n; ++i) sekiEye[i] |= dame[i];
  if (params.fillAfterDame) {
    std::vector<char> inSeki(board.arraySize(), 0);
    for (const GroupInfo& g : set.groups) {
      if (g.status != GroupStatus::Seki) continue;
      for (Point s : g.stones) inSeki[s] = 1;
    }
    ev.fillPoints = fillPoints(clean, ev.ownership, dame, nearSeki, inSeki, params.fillReadsDame);
    // A dead stone's point is no liberty in the game: such a chain is read elsewhere.
    std::erase_if(ev.fillPoints, [&](Point p) { return board.at(p) != Color::Empty; });
    if (params.fillBesideDead && !ev.deadStones.empty()) {
      // Read again on the board as it stands, for the chains next to dead opponent stones:
      // the dead stones stay until the count, so they take the chain's liberties; with one
      // point of its own territory left once the dame are filled, the owner must play there
      // (to capture them or to connect) — a move inside his own territory.
      std::vector<char> deadAt(board.arraySize(), 0), alive(board.arraySize(), 0);
      for (Point s : ev.deadStones) deadAt[s] = 1;
      for (const GroupInfo& g : set.groups) {
        if (g.status != GroupStatus::Alive &&
            !(params.fillBesideUnsettled && g.status == GroupStatus::Unsettled)) {
          continue;
        }
        for (Point s : g.stones) alive[s] = 1;
      }
      // After the owner's move the chain may be short again (more dead stones around):
      // read again on the board with the fill stones played, up to fillBesideDeadRounds.
      Board after = board;
      std::vector<Point> found = fillPoints(after, ev.ownership, dame, nearSeki, inSeki,
                                            params.fillReadsDame, &deadAt, &alive);
      for (int round = 0; !found.empty(); ++round) {
        ev.fillPoints.insert(ev.fillPoints.end(), found.begin(), found.end());
        if (round + 1 >= params.fillBesideDeadRounds) break;
        for (Point p : found) {
          const Color c = ev.ownership[index(p)] == Owner::Black ? Color::Black : Color::White;
          // The owner's move: capturing a dead chain in atari next to the short chain
          // (its liberties come back) when there is one, else the fill point itself.
          Point move = p;
          for (Point head : chainsNextTo(after, p, c)) {
            Point s = head;
            do {
              for (Point q : after.neighbours(s)) {
                if (after.at(q) == opponent(c) && deadAt[q] && after.liberties(q) == 1) {
                  move = libertiesOf(after, {after.chainHead(q)}, NO_POINT).front();
                }
              }
              s = after.nextInChain(s);
            } while (s != head);
          }
          if (after.at(move) != Color::Empty || !after.isLegal(move, c)) continue;
          after.playNoUndo(move, c);
          alive[move] = 1;
        }
        std::vector<Point> next = fillPoints(after, ev.ownership, dame, nearSeki, inSeki,
                                             params.fillReadsDame, &deadAt, &alive);
        std::erase_if(next, [&](Point p) {
          return after.at(p) != Color::Empty ||
                 std::find(ev.fillPoints.begin(), ev.fillPoints.end(), p) != ev.fillPoints.end();
        });
        found = std::move(next);
      }
      std::sort(ev.fillPoints.begin(), ev.fillPoints.end());
      ev.fillPoints.erase(std::unique(ev.fillPoints.begin(), ev.fillPoints.end()),
                          ev.fillPoints.end());
    }
    for (Point p : ev.fillPoints) sekiEye[index(p)] = 1;  // owned, not territory
  }
  ev.noTerritory.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    ev.noTerritory[i] = sekiEye[i] && ev.ownership[i] != Owner::None &&
                        board.at(static_cast<int>(i % w), static_cast<int>(i / w)) == Color::Empty;
  }
  // Counts.
  int deadOf[2] = {0, 0};
  for (Point s : ev.deadStones) ++deadOf[board.at(s) == Color::White];
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const Owner o = ev.ownership[static_cast<size_t>(y) * w + x];
      const Color c = board.at(x, y);
      const bool counts = !sekiEye[static_cast<size_t>(y) * w + x];
      if (o == Owner::Black) {
        ++ev.blackArea;
        if (c != Color::Black && counts) ++ev.blackTerritory;
      } else if (o == Owner::White) {
        ++ev.whiteArea;
        if (c != Color::White && counts) ++ev.whiteTerritory;
      }
    }
  }
  ev.blackTerritory += deadOf[1] + board.captures(Color::White);
  ev.whiteTerritory += deadOf[0] + board.captures(Color::Black);
  ev.groups = std::move(set.groups);
  return ev;
}

}  // namespace engine::territory_detail
