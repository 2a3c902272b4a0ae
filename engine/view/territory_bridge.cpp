#include "engine/view/territory_bridge.hpp"

#ifdef FGO_HAVE_TERRITORY
#include "engine/territory/territory.hpp"
#endif

namespace engine {

bool territoryAvailable() {
#ifdef FGO_HAVE_TERRITORY
  return true;
#else
  return false;
#endif
}

#ifdef FGO_HAVE_TERRITORY

namespace {

Color colorOf(Owner o) {
  return o == Owner::Black ? Color::Black : o == Owner::White ? Color::White : Color::Empty;
}

std::vector<XY> toXY(const Board& board, const std::vector<Point>& points) {
  std::vector<XY> out;
  out.reserve(points.size());
  for (Point p : points) out.push_back(board.xy(p));
  return out;
}

}  // namespace

TerritoryLayer territoryLayer(const Board& board, double komi, bool areaScoring) {
  const Evaluation ev = evaluate(board, komi);
  TerritoryLayer t;
  t.available = true;
  t.owner.reserve(ev.ownership.size());
  for (Owner o : ev.ownership) t.owner.push_back(colorOf(o));
  t.dead = toXY(board, ev.deadStones);
  for (const GroupInfo& g : ev.groups) {
    t.groups.push_back({g.color, statusName(g.status), g.eyes, g.liberties, toXY(board, g.stones)});
  }
  t.scoring = areaScoring ? "area" : "territory";
  t.black = areaScoring ? ev.blackArea : ev.blackTerritory;
  t.white = areaScoring ? ev.whiteArea : ev.whiteTerritory;
  t.margin = ev.margin(areaScoring);
  t.result = Evaluation::resultText(t.margin);
  return t;
}

#else

TerritoryLayer territoryLayer(const Board&, double, bool) {
  return {};
}

#endif

}  // namespace engine
