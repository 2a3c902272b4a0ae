// engine/view: seeing the evaluation. Start here.
//
// Reading guide.
//   position.hpp          a position to look at: an SGF game at move N or a diagram file.
//   analysis.hpp          every layer of one position (shapes, influence maps, Bouzy
//                         regions, groups/territory/score) and analysisToJson().
//   territory_bridge.hpp  engine/territory's result in the view's plain structs.
//   svg.hpp               the SVG picture (heat map, territory, shapes, groups, legend).
//   json.hpp              the small JSON writer under analysisToJson().
// Front ends: `fgo analyze` (tools/cmd_analyze.cpp), `fgo render` (tools/cmd_render.cpp),
// and the GTP analysis commands (engine/gtp/go_engine_eval.cpp). docs/VIEW.md shows the
// JSON layout and an example picture.
#pragma once

#include "engine/view/analysis.hpp"
#include "engine/view/json.hpp"
#include "engine/view/position.hpp"
#include "engine/view/svg.hpp"
#include "engine/view/territory_bridge.hpp"
