// analysisToJson: the layout is documented in docs/VIEW.md.
#include <algorithm>

#include "engine/view/analysis.hpp"
#include "engine/view/json.hpp"
#include "engine/view/territory_bridge.hpp"

namespace engine {

namespace {

void writeVertices(JsonWriter& w, const std::vector<XY>& points, BoardSize size) {
  w.beginArray();
  for (XY p : points) w.value(vertexName(p, size));
  w.endArray();
}

void writeBoard(JsonWriter& w, const PositionAnalysis& a) {
  w.key("board").beginObject();
  w.key("width").value(a.size.width).key("height").value(a.size.height);
  w.key("komi").value(a.komi);
  w.key("rows").beginArray();
  for (int y = 0; y < a.size.height; ++y) {
    std::string row;
    for (int x = 0; x < a.size.width; ++x) row += colorChar(a.at(x, y));
    w.newline().value(row);
  }
  w.endArray().endObject();
}

void writeShapes(JsonWriter& w, const PositionAnalysis& a) {
  w.key("shapes");
  if (!a.library) {
    w.null();
    return;
  }
  w.beginObject().key("library").value(a.shapeLibrary);
  w.key("count").value(a.shapes.size());
  w.key("instances").beginArray();
  for (const ShapeHit& h : a.shapes) {
    const Pattern& p = a.pattern(h);
    const Shape& s = a.shape(h);
    w.newline().beginObject();
    w.key("shape").value(s.name).key("category").value(categoryName(s.category));
    if (s.category == ShapeCategory::Scored) {
      w.key("value").value(s.value);
    } else {
      w.key("confidence").value(s.confidence);
    }
    w.key("owner").value(colorName(p.owner));
    w.key("pattern").value(h.at.pattern).key("transform").value(int{p.transform});
    w.key("x").value(h.at.x).key("y").value(h.at.y);
    w.key("points");
    writeVertices(w, h.points, a.size);
    w.key("named").beginArray();
    for (size_t i = 0; i < h.namedPoints.size(); ++i) {
      w.beginObject().key("name").value(std::string(1, h.names[i]));
      w.key("role").value(h.roles[i]).key("vertex").value(vertexName(h.namedPoints[i], a.size));
      w.endObject();
    }
    w.endArray().endObject();
  }
  w.endArray().endObject();
}

void writeInfluence(JsonWriter& w, const PositionAnalysis& a) {
  w.key("influence").beginObject();
  for (const InfluenceLayer& l : a.influence) {
    const auto [lo, hi] = std::minmax_element(l.map.values.begin(), l.map.values.end());
    w.key(l.name).beginObject();
    w.key("min").value(l.map.values.empty() ? 0 : int64_t{*lo});
    w.key("max").value(l.map.values.empty() ? 0 : int64_t{*hi});
    w.key("rows").beginArray();
    for (int y = 0; y < l.map.height; ++y) {
      w.newline().beginArray();
      for (int x = 0; x < l.map.width; ++x) w.value(int64_t{l.map.at(x, y)});
      w.endArray();
    }
    w.endArray().endObject();
  }
  w.endObject();
  w.key("regions");
  if (a.regions.empty()) {
    w.null();
    return;
  }
  w.beginObject().key("legend").value("B/W: Bouzy 5/21 territory, b/w: 5/10 moyo, .: neutral");
  w.key("rows").beginArray();
  for (int y = 0; y < a.size.height; ++y) {
    std::string row;
    for (int x = 0; x < a.size.width; ++x) {
      row += ".BWbw"[static_cast<int>(a.regions[static_cast<size_t>(y) * a.size.width + x])];
    }
    w.newline().value(row);
  }
  w.endArray().endObject();
}

void writeTerritory(JsonWriter& w, const PositionAnalysis& a) {
  const TerritoryLayer& t = a.territory;
  if (!t.available) {
    w.key("groups").null().key("territory").null().key("score").null();
    w.key("territory_note")
        .value(territoryAvailable() ? "not computed"
                                    : "engine/territory is not built into this fgo");
    return;
  }
  w.key("groups").beginArray();
  for (const ViewGroup& g : t.groups) {
    w.newline().beginObject().key("color").value(colorName(g.color));
    w.key("status").value(g.status).key("eyes").value(g.eyes);
    w.key("liberties").value(g.liberties).key("stones");
    writeVertices(w, g.stones, a.size);
    w.endObject();
  }
  w.endArray();
  w.key("territory").beginObject().key("owner").beginArray();
  for (int y = 0; y < a.size.height; ++y) {
    std::string row;
    for (int x = 0; x < a.size.width; ++x) {
      const Color c = t.owner[static_cast<size_t>(y) * a.size.width + x];
      row += c == Color::Black ? 'B' : c == Color::White ? 'W' : '.';
    }
    w.newline().value(row);
  }
  w.endArray().key("dead");
  writeVertices(w, t.dead, a.size);
  w.endObject();
  w.key("score").beginObject().key("black").value(t.black).key("white").value(t.white);
  w.key("komi").value(a.komi).key("margin").value(t.margin).key("result").value(t.result);
  w.key("scoring").value(t.scoring).endObject();
}

}  // namespace

std::string analysisToJson(const PositionAnalysis& a) {
  JsonWriter w;
  w.beginObject();
  writeBoard(w, a);
  w.newline();
  writeShapes(w, a);
  w.newline();
  writeInfluence(w, a);
  w.newline();
  writeTerritory(w, a);
  w.endObject();
  return w.str() + "\n";
}

}  // namespace engine
