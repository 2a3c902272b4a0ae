// Every evaluation layer of one position, gathered for display: shape instances
// (engine/shapes), the influence models (engine/influence), and groups with their
// status, territory and the score estimate (engine/territory, when it is built).
// analysisToJson() writes it all for scripts (`fgo analyze --json`); svg.hpp draws it.
#pragma once

#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/influence/influence.hpp"
#include "engine/shapes/library.hpp"
#include "engine/shapes/matcher.hpp"

namespace engine {

// What to compute.
struct AnalysisParams {
  const ShapeLibrary* shapes = nullptr;  // nullptr: no shape layer
  std::string shapeLibraryName;          // shown in the output ("starter.shapes")
  double komi = 7.5;
  bool areaScoring = true;  // score by area (Chinese) or by territory (Japanese)
  bool influence = true;    // the five influence maps and Bouzy's regions
  bool territory = true;    // groups, territory, score (needs engine/territory)
};

// One match instance, resolved to board points.
struct ShapeHit {
  Instance at;                  // pattern index and top-left placement
  std::vector<XY> points;       // the pattern's specified cells on the board
  std::vector<XY> namedPoints;  // pattern().points, in order (off-board ones dropped)
  std::vector<char> names;      // the letter of each named point kept
  std::vector<std::string> roles;
};

// One influence map with its model name ("radiation", "zobrist", "bouzy", "spight",
// "path"; names as influence.hpp's modelName()).
struct InfluenceLayer {
  std::string name;
  InfluenceMap map;
};

// A group (chains joined by connections) as engine/territory judges it.
struct ViewGroup {
  Color color = Color::Black;
  std::string status;  // "alive", "dead", "unsettled", "seki"
  double eyes = 0;     // eye potential (engine/territory's measure)
  int liberties = 0;
  std::vector<XY> stones;
};

// Territory and score from engine/territory (available false when it is not built).
struct TerritoryLayer {
  bool available = false;
  std::vector<Color> owner;  // per point, row-major: Black, White or Empty (nobody)
  std::vector<XY> dead;      // stones judged dead
  std::vector<ViewGroup> groups;
  double black = 0, white = 0;  // points of each side (before komi)
  double margin = 0;            // black - white - komi
  std::string result;           // "B+3.5", "W+0.5", "0"
  std::string scoring;          // "area" or "territory"
};

struct PositionAnalysis {
  BoardSize size;
  std::vector<Color> colors;  // row-major from the top-left
  double komi = 0;
  std::string shapeLibrary;
  const ShapeLibrary* library = nullptr;
  std::vector<ShapeHit> shapes;
  std::vector<InfluenceLayer> influence;
  std::vector<Region> regions;  // Bouzy 5/21 territory and 5/10 moyo (empty when off)
  TerritoryLayer territory;

  Color at(int x, int y) const { return colors[static_cast<size_t>(y) * size.width + x]; }
  // The pattern and the shape of a hit (library must be set).
  const Pattern& pattern(const ShapeHit& h) const { return library->patterns()[h.at.pattern]; }
  const Shape& shape(const ShapeHit& h) const { return library->shapes()[pattern(h).shape]; }
  // The influence layer named `name`, or nullptr.
  const InfluenceLayer* layer(const std::string& name) const;
};

// Computes the layers of `board` that params asks for.
PositionAnalysis analyzePosition(const Board& board, const AnalysisParams& params);

// The names of the influence models computeInfluence() accepts, in output order.
const std::vector<std::string>& influenceModelNames();

// One influence model by name (see influenceModelNames()). Throws InputError for others.
InfluenceMap computeInfluence(const std::string& name, const Board& board);

// The map scaled to -1..1 for display: divided by the largest |value| on an empty point
// (stones' own values are clipped), 0 everywhere when no empty point has influence.
std::vector<float> normalizedInfluence(const InfluenceMap& map, const std::vector<Color>& colors);

// Everything as one JSON object (layout in docs/VIEW.md): maps as arrays of rows, top
// row first; points as GTP vertices of the board's size.
std::string analysisToJson(const PositionAnalysis& analysis);

}  // namespace engine
