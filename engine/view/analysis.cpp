#include "engine/view/analysis.hpp"

#include <algorithm>
#include <cmath>

#include "engine/board/errors.hpp"
#include "engine/shapes/bitboard.hpp"
#include "engine/view/json.hpp"
#include "engine/view/territory_bridge.hpp"

namespace engine {

namespace {

constexpr Model MODELS[] = {Model::Radiation, Model::Zobrist, Model::BouzyTerritory,
                            Model::BouzyMoyo, Model::Spight,  Model::Path};

std::vector<ShapeHit> findShapes(const Board& board, const ShapeLibrary& lib) {
  const BitBoard bb = BitBoard::fromBoard(board, framePad(lib));
  std::vector<Instance> found;
  ShapeMatcher(lib).scan(bb, found);
  std::vector<ShapeHit> hits;
  hits.reserve(found.size());
  for (const Instance& in : found) {
    const Pattern& p = lib.patterns()[in.pattern];
    ShapeHit h;
    h.at = in;
    for (int dy = 0; dy < p.height; ++dy) {
      for (int dx = 0; dx < p.width; ++dx) {
        if (p.cell(dx, dy) != CELL_ANY && board.onBoard(in.x + dx, in.y + dy)) {
          h.points.push_back({in.x + dx, in.y + dy});
        }
      }
    }
    for (const NamedPoint& np : p.points) {
      if (!board.onBoard(in.x + np.dx, in.y + np.dy)) continue;
      h.namedPoints.push_back({in.x + np.dx, in.y + np.dy});
      h.names.push_back(np.name);
      h.roles.push_back(np.role);
    }
    hits.push_back(std::move(h));
  }
  return hits;
}

}  // namespace

const InfluenceLayer* PositionAnalysis::layer(const std::string& name) const {
  for (const InfluenceLayer& l : influence) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

const std::vector<std::string>& influenceModelNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (Model m : MODELS) n.emplace_back(modelName(m));
    return n;
  }();
  return names;
}

InfluenceMap computeInfluence(const std::string& name, const Board& board) {
  for (Model m : MODELS) {
    if (name == modelName(m)) return computeModel(m, board);
  }
  std::string known;
  for (const std::string& n : influenceModelNames()) known += " " + n;
  throw InputError("unknown influence model '" + name + "' (known:" + known + ")");
}

std::vector<float> normalizedInfluence(const InfluenceMap& map, const std::vector<Color>& colors) {
  int64_t top = 0;
  for (size_t i = 0; i < map.values.size(); ++i) {
    if (colors[i] == Color::Empty) top = std::max<int64_t>(top, std::abs(int64_t{map.values[i]}));
  }
  std::vector<float> out(map.values.size(), 0.0f);
  if (top == 0) return out;
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = std::clamp(static_cast<float>(map.values[i]) / static_cast<float>(top), -1.0f, 1.0f);
  }
  return out;
}

PositionAnalysis analyzePosition(const Board& board, const AnalysisParams& params) {
  PositionAnalysis a;
  a.size = board.size();
  a.colors = board.colorsRowMajor();
  a.komi = params.komi;
  a.shapeLibrary = params.shapeLibraryName;
  a.library = params.shapes;
  if (params.shapes) a.shapes = findShapes(board, *params.shapes);
  if (params.influence) {
    for (Model m : MODELS) a.influence.push_back({modelName(m), computeModel(m, board)});
    a.regions = bouzyRegions(board);
  }
  if (params.territory) a.territory = territoryLayer(board, params.komi, params.areaScoring);
  return a;
}

}  // namespace engine
