#include "engine/view/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/board/errors.hpp"

namespace engine {

namespace {

// Colours of the marks (one per meaning, named in the legend).
constexpr const char* BOARD_FILL = "#dcb35c";
constexpr const char* CONNECTION = "#1f6fd1";
constexpr const char* EYE = "#12a0a0";
constexpr const char* KEYPOINT = "#f07f0e";
constexpr const char* GOOD_SHAPE = "#8e44ad";
constexpr const char* BAD_SHAPE = "#d62728";
constexpr const char* DEAD = "#e01010";
// Connections below this confidence are not drawn (they would cover the board).
constexpr int MIN_DRAWN_CONFIDENCE = 50;

const char* statusColor(const std::string& status) {
  if (status == "alive") return "#1a9e3a";
  if (status == "dead") return "#e01010";
  if (status == "seki") return "#1f6fd1";
  return "#f0a000";  // unsettled
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// Board geometry: where a point and the picture's parts are.
struct Geometry {
  int width, height;  // board points
  double cell;        // pixels per point
  double left, top;   // corner of the board area
  int step;           // draw every step-th grid line and label (thinning for big boards)
  bool big;           // simplified drawing

  double cx(int x) const { return left + (x + 0.5) * cell; }
  double cy(int y) const { return top + (y + 0.5) * cell; }
  double boardW() const { return width * cell; }
  double boardH() const { return height * cell; }
};

Geometry makeGeometry(BoardSize size, int cellSize, bool hasTitle) {
  Geometry g{};
  g.width = size.width;
  g.height = size.height;
  const int side = std::max(size.width, size.height);
  g.cell = cellSize > 0 ? cellSize : std::clamp(720.0 / side, 3.0, 36.0);
  g.big = side > 52;
  g.step = g.big ? 10 : 1;
  const double margin = std::max(22.0, g.cell * 1.1);
  g.left = margin + (g.big ? 14 : 0);
  g.top = margin + (hasTitle ? 20 : 0);
  return g;
}

std::string columnLabel(int x, BoardSize size) {
  return size.width > 625 ? std::to_string(x) : columnName(x);
}

std::string rowLabel(int y, BoardSize size) {
  return size.width > 625 ? std::to_string(y) : std::to_string(size.height - y);
}

void drawGrid(std::ostream& svg, const Geometry& g, BoardSize size) {
  svg << "<rect x=\"" << num(g.left) << "\" y=\"" << num(g.top) << "\" width=\"" << num(g.boardW())
      << "\" height=\"" << num(g.boardH()) << "\" fill=\"" << BOARD_FILL << "\"/>\n";
  svg << "<g stroke=\"#3a2a10\" stroke-width=\"" << (g.big ? 0.5 : 0.8) << "\">\n";
  for (int x = 0; x < g.width; ++x) {
    if (x % g.step != 0 && x != g.width - 1) continue;
    svg << "<line x1=\"" << num(g.cx(x)) << "\" y1=\"" << num(g.cy(0)) << "\" x2=\"" << num(g.cx(x))
        << "\" y2=\"" << num(g.cy(g.height - 1)) << "\"/>\n";
  }
  for (int y = 0; y < g.height; ++y) {
    if (y % g.step != 0 && y != g.height - 1) continue;
    svg << "<line x1=\"" << num(g.cx(0)) << "\" y1=\"" << num(g.cy(y)) << "\" x2=\""
        << num(g.cx(g.width - 1)) << "\" y2=\"" << num(g.cy(y)) << "\"/>\n";
  }
  svg << "</g>\n";
  const double font = std::clamp(g.cell * 0.42, 8.0, 13.0);
  svg << "<g font-size=\"" << num(font) << "\" fill=\"#222\" text-anchor=\"middle\">\n";
  for (int x = 0; x < g.width; x += g.step) {
    const std::string t = columnLabel(x, size);
    svg << "<text x=\"" << num(g.cx(x)) << "\" y=\"" << num(g.top - 6) << "\">" << t << "</text>";
    svg << "<text x=\"" << num(g.cx(x)) << "\" y=\"" << num(g.top + g.boardH() + font + 3) << "\">"
        << t << "</text>\n";
  }
  for (int y = 0; y < g.height; ++y) {
    const int fromBottom = g.height - 1 - y;
    if (fromBottom % g.step != 0) continue;
    const std::string t = rowLabel(y, size);
    const double ty = g.cy(y) + font * 0.35;
    svg << "<text x=\"" << num(g.left - font) << "\" y=\"" << num(ty) << "\">" << t << "</text>";
    svg << "<text x=\"" << num(g.left + g.boardW() + font) << "\" y=\"" << num(ty) << "\">" << t
        << "</text>\n";
  }
  svg << "</g>\n";
}

// Heat map: black squares with opacity for Black's influence, white for White's. Big
// boards average blocks of points so that at most about 200 x 200 squares are drawn.
void drawInfluence(std::ostream& svg, const Geometry& g, const PositionAnalysis& a,
                   const InfluenceLayer& layer) {
  const std::vector<float> v = normalizedInfluence(layer.map, a.colors);
  const int side = std::max(g.width, g.height);
  const int block = std::max(1, (side + 199) / 200);
  svg << "<g stroke=\"none\">\n";
  for (int by = 0; by < g.height; by += block) {
    for (int bx = 0; bx < g.width; bx += block) {
      double sum = 0;
      int n = 0;
      for (int y = by; y < std::min(g.height, by + block); ++y) {
        for (int x = bx; x < std::min(g.width, bx + block); ++x, ++n) {
          sum += v[static_cast<size_t>(y) * g.width + x];
        }
      }
      const double m = sum / n;
      if (std::abs(m) < 0.03) continue;
      const int bw = std::min(block, g.width - bx), bh = std::min(block, g.height - by);
      svg << "<rect x=\"" << num(g.left + bx * g.cell) << "\" y=\"" << num(g.top + by * g.cell)
          << "\" width=\"" << num(bw * g.cell) << "\" height=\"" << num(bh * g.cell) << "\" fill=\""
          << (m > 0 ? "#000" : "#fff") << "\" fill-opacity=\""
          << num(std::round(std::abs(m) * (m > 0 ? 55 : 75)) / 100.0) << "\"/>\n";
    }
  }
  svg << "</g>\n";
}

void drawStones(std::ostream& svg, const Geometry& g, const PositionAnalysis& a) {
  const double r = g.cell * 0.47;
  for (int y = 0; y < g.height; ++y) {
    for (int x = 0; x < g.width; ++x) {
      const Color c = a.at(x, y);
      if (!isStone(c)) continue;
      svg << "<circle cx=\"" << num(g.cx(x)) << "\" cy=\"" << num(g.cy(y)) << "\" r=\"" << num(r)
          << (c == Color::Black ? "\" fill=\"#111\"" : "\" fill=\"#f6f6f6\"")
          << " stroke=\"#000\" stroke-width=\"" << (g.big ? 0.3 : 0.8) << "\"/>\n";
    }
  }
}

// Territory: small squares in the owner's colour; dead stones crossed out. Without
// engine/territory, Bouzy's 5/21 territory is drawn instead (the legend says so).
void drawTerritory(std::ostream& svg, const Geometry& g, const PositionAnalysis& a) {
  const double s = g.cell * 0.32;
  auto mark = [&](int x, int y, Color owner) {
    svg << "<rect x=\"" << num(g.cx(x) - s / 2) << "\" y=\"" << num(g.cy(y) - s / 2)
        << "\" width=\"" << num(s) << "\" height=\"" << num(s) << "\" fill=\""
        << (owner == Color::Black ? "#000" : "#fff")
        << "\" stroke=\"#555\" stroke-width=\"0.5\"/>\n";
  };
  for (int y = 0; y < g.height; ++y) {
    for (int x = 0; x < g.width; ++x) {
      const size_t i = static_cast<size_t>(y) * g.width + x;
      if (a.territory.available) {
        const Color o = a.territory.owner[i];
        if (isStone(o) && a.colors[i] != o) mark(x, y, o);
      } else if (!a.regions.empty() && a.colors[i] == Color::Empty) {
        if (a.regions[i] == Region::BlackTerritory) mark(x, y, Color::Black);
        if (a.regions[i] == Region::WhiteTerritory) mark(x, y, Color::White);
      }
    }
  }
  const double d = g.cell * 0.3;
  for (XY p : a.territory.dead) {
    svg << "<path d=\"M" << num(g.cx(p.x) - d) << ' ' << num(g.cy(p.y) - d) << "l" << num(2 * d)
        << ' ' << num(2 * d) << "m0 " << num(-2 * d) << "l" << num(-2 * d) << ' ' << num(2 * d)
        << "\" stroke=\"" << DEAD << "\" stroke-width=\"" << num(std::max(1.0, g.cell / 12))
        << "\"/>\n";
  }
}

void drawShapeBox(std::ostream& svg, const Geometry& g, const ShapeHit& h, const Shape& s,
                  std::vector<XY>& labelled) {
  int x0 = g.width, y0 = g.height, x1 = -1, y1 = -1;
  for (XY p : h.points) {
    x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  }
  if (x1 < 0) return;
  const char* colour = s.value >= 0 ? GOOD_SHAPE : BAD_SHAPE;
  const double in = g.cell * 0.08;
  svg << "<rect x=\"" << num(g.left + x0 * g.cell + in) << "\" y=\""
      << num(g.top + y0 * g.cell + in) << "\" width=\"" << num((x1 - x0 + 1) * g.cell - 2 * in)
      << "\" height=\"" << num((y1 - y0 + 1) * g.cell - 2 * in) << "\" rx=\"" << num(g.cell * 0.2)
      << "\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\"/>\n";
  const XY corner{x0, y0};
  if (!g.big && std::find(labelled.begin(), labelled.end(), corner) == labelled.end()) {
    labelled.push_back(corner);
    const double font = std::clamp(g.cell * 0.26, 7.0, 10.0);
    svg << "<text x=\"" << num(g.left + x0 * g.cell + in + 1) << "\" y=\""
        << num(g.top + y0 * g.cell + in + font) << "\" font-size=\"" << num(font) << "\" fill=\""
        << colour << "\" stroke=\"#fff\" stroke-width=\"2\" paint-order=\"stroke\">"
        << xmlEscape(s.name) << ' ' << (s.value > 0 ? "+" : "") << s.value << "</text>\n";
  }
}

// Points of a hit with a given role, in order.
std::vector<XY> withRole(const ShapeHit& h, const std::string& role) {
  std::vector<XY> out;
  for (size_t i = 0; i < h.namedPoints.size(); ++i) {
    if (h.roles[i] == role) out.push_back(h.namedPoints[i]);
  }
  return out;
}

void drawShapes(std::ostream& svg, const Geometry& g, const PositionAnalysis& a) {
  if (!a.library) return;
  std::vector<XY> labelled;  // box corners that already carry a label
  for (const ShapeHit& h : a.shapes) {
    const Shape& s = a.shape(h);
    const double opacity = 0.35 + 0.65 * std::clamp(s.confidence, 0, 100) / 100.0;
    if (s.category == ShapeCategory::Connection) {
      if (s.confidence < MIN_DRAWN_CONFIDENCE) continue;
      const std::vector<XY> join = withRole(h, "join");
      for (size_t i = 1; i < join.size(); ++i) {
        svg << "<line x1=\"" << num(g.cx(join[0].x)) << "\" y1=\"" << num(g.cy(join[0].y))
            << "\" x2=\"" << num(g.cx(join[i].x)) << "\" y2=\"" << num(g.cy(join[i].y))
            << "\" stroke=\"" << CONNECTION << "\" stroke-opacity=\"" << num(opacity)
            << "\" stroke-width=\"" << num(std::max(1.0, g.cell / 14)) << "\"/>\n";
      }
    } else if (s.category == ShapeCategory::Eye) {
      for (XY p : withRole(h, "eye")) {
        svg << "<circle cx=\"" << num(g.cx(p.x)) << "\" cy=\"" << num(g.cy(p.y)) << "\" r=\""
            << num(g.cell * 0.3) << "\" fill=\"none\" stroke=\"" << EYE << "\" stroke-opacity=\""
            << num(opacity) << "\" stroke-width=\"2\"/>\n";
      }
    } else if (s.category == ShapeCategory::Keypoint) {
      const double d = g.cell * 0.28;
      for (XY p : withRole(h, "move")) {
        svg << "<path d=\"M" << num(g.cx(p.x)) << ' ' << num(g.cy(p.y) - d) << "l" << num(d) << ' '
            << num(d) << "l" << num(-d) << ' ' << num(d) << "l" << num(-d) << ' ' << num(-d)
            << "z\" fill=\"" << KEYPOINT << "\" fill-opacity=\"" << num(opacity) << "\"/>\n";
      }
    } else {
      drawShapeBox(svg, g, h, s, labelled);
    }
  }
}

// Rings on the stones of groups that are not plainly alive (alive groups stay clean).
void drawGroups(std::ostream& svg, const Geometry& g, const PositionAnalysis& a) {
  for (const ViewGroup& grp : a.territory.groups) {
    if (grp.status == "alive") continue;
    for (XY p : grp.stones) {
      svg << "<circle cx=\"" << num(g.cx(p.x)) << "\" cy=\"" << num(g.cy(p.y)) << "\" r=\""
          << num(g.cell * 0.33) << "\" fill=\"none\" stroke=\"" << statusColor(grp.status)
          << "\" stroke-width=\"" << num(std::max(1.0, g.cell / 14)) << "\"/>\n";
    }
  }
}

struct LegendItem {
  std::string swatch;  // SVG of a 14x14 swatch at (0,0)
  std::string text;
};

std::vector<LegendItem> legendItems(const PositionAnalysis& a, const RenderOptions& o) {
  std::vector<LegendItem> items;
  auto box = [](const std::string& fill, const std::string& stroke) {
    return "<rect width=\"14\" height=\"14\" fill=\"" + fill + "\" stroke=\"" + stroke + "\"/>";
  };
  if (o.layers & LAYER_INFLUENCE) {
    items.push_back({"<rect width=\"14\" height=\"14\" fill=\"#6a5530\"/>",
                     "influence (" + o.model + "): darker = Black's"});
    items.push_back({"<rect width=\"14\" height=\"14\" fill=\"#f1e1be\"/>",
                     "influence (" + o.model + "): lighter = White's"});
  }
  if (o.layers & LAYER_TERRITORY) {
    const std::string src = a.territory.available ? "territory" : "Bouzy 5/21 territory";
    items.push_back({box("#000", "#555"), "Black " + src});
    items.push_back({box("#fff", "#555"), "White " + src});
    if (a.territory.available) {
      items.push_back({std::string("<path d=\"M2 2l10 10m0 -10l-10 10\" stroke=\"") + DEAD +
                           "\" stroke-width=\"2\"/>",
                       "dead stone; estimate " + a.territory.result});
    }
  }
  if (o.layers & LAYER_SHAPES) {
    items.push_back({std::string("<line x1=\"1\" y1=\"7\" x2=\"13\" y2=\"7\" stroke=\"") +
                         CONNECTION + "\" stroke-width=\"3\"/>",
                     "connection, 50% sure or more (fainter: less sure)"});
    items.push_back({std::string("<circle cx=\"7\" cy=\"7\" r=\"5\" fill=\"none\" stroke=\"") +
                         EYE + "\" stroke-width=\"2\"/>",
                     "eye point"});
    items.push_back({std::string("<path d=\"M7 1l6 6l-6 6l-6 -6z\" fill=\"") + KEYPOINT + "\"/>",
                     "keypoint (cut, vital point)"});
    items.push_back({box("none", GOOD_SHAPE), "good shape (value)"});
    items.push_back({box("none", BAD_SHAPE), "bad shape (value)"});
  }
  if ((o.layers & LAYER_GROUPS) && a.territory.available) {
    for (const char* s : {"unsettled", "dead", "seki"}) {
      items.push_back({std::string("<circle cx=\"7\" cy=\"7\" r=\"5\" fill=\"none\" stroke=\"") +
                           statusColor(s) + "\" stroke-width=\"2\"/>",
                       std::string("group ") + s + " (alive groups: no ring)"});
    }
  }
  return items;
}

}  // namespace

std::string xmlEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // Control bytes are not allowed in XML 1.0; SGF text can hold them.
        out += (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') ? ' ' : c;
    }
  }
  return out;
}

unsigned parseLayers(const std::string& csv) {
  unsigned layers = 0;
  std::stringstream in(csv);
  for (std::string name; std::getline(in, name, ',');) {
    if (name == "influence")
      layers |= LAYER_INFLUENCE;
    else if (name == "territory")
      layers |= LAYER_TERRITORY;
    else if (name == "shapes")
      layers |= LAYER_SHAPES;
    else if (name == "groups")
      layers |= LAYER_GROUPS;
    else if (!name.empty())
      throw InputError("unknown layer '" + name +
                       "' (known: influence, territory, shapes, groups)");
  }
  return layers;
}

std::string renderSvg(const PositionAnalysis& a, const RenderOptions& o) {
  const InfluenceLayer* heat = nullptr;
  if (o.layers & LAYER_INFLUENCE) {
    heat = a.layer(o.model);
    if (!heat) throw InputError("the analysis has no influence map '" + o.model + "'");
  }
  const Geometry g = makeGeometry(a.size, o.cellSize, !o.title.empty());
  const std::vector<LegendItem> legend = legendItems(a, o);
  const double width = std::max(2 * g.left + g.boardW(), 380.0);
  const double legendTop = g.top + g.boardH() + 30;
  const double height = legendTop + 18.0 * static_cast<double>(legend.size()) + 10;
  std::ostringstream svg;
  svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
      << num(height) << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height)
      << "\" font-family=\"sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  if (!o.title.empty()) {
    svg << "<text x=\"" << num(g.left) << "\" y=\"18\" font-size=\"14\">" << xmlEscape(o.title)
        << "</text>\n";
  }
  drawGrid(svg, g, a.size);
  if (heat) drawInfluence(svg, g, a, *heat);
  drawStones(svg, g, a);
  if (o.layers & LAYER_TERRITORY) drawTerritory(svg, g, a);
  if (o.layers & LAYER_GROUPS) drawGroups(svg, g, a);
  if (o.layers & LAYER_SHAPES) drawShapes(svg, g, a);
  svg << "<g font-size=\"12\" fill=\"#222\">\n";
  for (size_t i = 0; i < legend.size(); ++i) {
    const double y = legendTop + 18.0 * static_cast<double>(i);
    svg << "<g transform=\"translate(" << num(g.left) << ' ' << num(y) << ")\">" << legend[i].swatch
        << "<text x=\"20\" y=\"11\">" << xmlEscape(legend[i].text) << "</text></g>\n";
  }
  svg << "</g>\n</svg>\n";
  return svg.str();
}

}  // namespace engine
