// this code uses the idea of fractal go by Serge Boisse
//
// Showing a cascade run: every level's board with the points kept there, as text and as
// an SVG with the boards side by side (`fgo reduce`).
#pragma once

#include <string>

#include "engine/play/cascade.hpp"

namespace engine {

// Each level as a diagram: X/O stones, '.' empty, and the kept points marked 1..9 then
// a..z in their order ('*' beyond), with a heading per level; levels with a side above
// maxDrawnSide get their heading only.
std::string cascadeToText(const CascadeResult& result, int maxDrawnSide = 52);

// The levels of every chain side by side, largest first, kept points numbered.
std::string cascadeToSvg(const CascadeResult& result);

}  // namespace engine
