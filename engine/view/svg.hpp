// The position as an SVG picture: wooden board with coordinates, stones, and on request
// an influence heat map (dark for Black, light for White), territory marks and dead
// stones, highlighted shapes (connections as lines, eyes as circles, keypoints as
// diamonds, good/bad shapes as labelled boxes), group status rings, and a legend of
// what is drawn. Boards above 52 a side are simplified: grid lines, labels and the heat
// map are thinned so the file stays small; stones are always all drawn.
#pragma once

#include <string>
#include <vector>

#include "engine/view/analysis.hpp"

namespace engine {

// Layers a rendering can show (bit flags).
enum RenderLayer : unsigned {
  LAYER_INFLUENCE = 1,
  LAYER_TERRITORY = 2,
  LAYER_SHAPES = 4,
  LAYER_GROUPS = 8,
};

struct RenderOptions {
  unsigned layers = LAYER_INFLUENCE | LAYER_TERRITORY | LAYER_SHAPES;
  std::string model = "spight";  // influence model of the heat map (analysis.hpp names)
  int cellSize = 0;              // pixels per point; 0 picks one from the board size
  std::string title;             // shown above the board when not empty
};

// "influence,territory,shapes,groups" (any subset, comma separated) as layer flags.
// Throws InputError naming an unknown layer.
unsigned parseLayers(const std::string& csv);

// The SVG document. Throws InputError when the heat map's model is not in the analysis.
std::string renderSvg(const PositionAnalysis& analysis, const RenderOptions& options);

// Text with &, <, > and " escaped for XML content and attributes.
std::string xmlEscape(const std::string& text);

}  // namespace engine
