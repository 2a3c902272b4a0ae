// fgo render: one position as an SVG picture with the chosen layers (engine/view/svg.hpp).
#include <filesystem>
#include <iostream>

#include "engine/sgf/sgf.hpp"
#include "engine/shapes/library.hpp"
#include "engine/view/analysis.hpp"
#include "engine/view/position.hpp"
#include "engine/view/svg.hpp"
#include "tools/options.hpp"

namespace fgo {

int runRender(const std::vector<std::string>& args) {
  po::options_description desc("fgo render options");
  engine::PositionSource src;
  std::string shapes = engine::defaultShapeLibraryPath(), toMove = "b", layers, out, title;
  double komi = 0;
  engine::RenderOptions opt;
  desc.add_options()("sgf", po::value(&src.sgf), "SGF game file")(
      "move", po::value(&src.move)->default_value(-1),
      "position after this many moves (0: setup only; default: the whole game)")(
      "position", po::value(&src.diagram), "board diagram file instead of --sgf")(
      "komi", po::value(&komi), "komi (default: the record's; 7.5 for a diagram)")(
      "to-move", po::value(&toMove)->default_value("b"), "side to move of a diagram (b or w)")(
      "layers", po::value(&layers)->default_value("influence,territory,shapes"),
      "comma-separated: influence, territory, shapes, groups")(
      "model", po::value(&opt.model)->default_value("spight"),
      "heat map model: radiation, zobrist, bouzy, bouzy-moyo, spight, path")(
      "shapes", po::value(&shapes), "shape library file (default: the starter library)")(
      "cell", po::value(&opt.cellSize)->default_value(0), "pixels per point (0: automatic)")(
      "title", po::value(&title), "title above the board (default: file and move)")(
      "out", po::value(&out)->required(), "SVG file to write ('-' for stdout)");
  po::variables_map vm;
  if (!parseOptions(args, "fgo render --sgf FILE [--move N] --layers L,... --out pos.svg", desc,
                    vm)) {
    return 0;
  }
  opt.layers = engine::parseLayers(layers);
  if (opt.cellSize < 0 || opt.cellSize > 200) throw UsageError("--cell must be 0..200");
  if (vm.count("komi")) src.komi = komi;
  if (toMove != "b" && toMove != "w") throw UsageError("--to-move must be b or w");
  src.toMove = toMove == "b" ? engine::Color::Black : engine::Color::White;
  if (src.sgf.empty() && src.diagram.empty())
    throw UsageError("give --sgf FILE or --position FILE");
  // Check the model name before the (possibly long) analysis.
  (void)engine::computeInfluence(opt.model, engine::Board(1, 1));
  const engine::ViewPosition pos = engine::loadViewPosition(src);

  engine::AnalysisParams params;
  std::optional<engine::ShapeLibrary> lib;
  if (opt.layers & engine::LAYER_SHAPES) {
    lib = engine::ShapeLibrary::load(shapes);
    params.shapes = &*lib;
    params.shapeLibraryName = std::filesystem::path(shapes).filename().string();
  }
  params.komi = pos.game.rules().komi;
  params.areaScoring = pos.game.rules().scoring == engine::ScoringRule::Area;
  params.influence = true;  // the heat map, and Bouzy's territory when engine/territory is absent
  params.territory = (opt.layers & (engine::LAYER_TERRITORY | engine::LAYER_GROUPS)) != 0;
  const engine::PositionAnalysis a = engine::analyzePosition(pos.game.board(), params);
  opt.title = vm.count("title") ? title
                                : std::filesystem::path(pos.source).filename().string() + " (" +
                                      engine::colorName(pos.game.toMove()) + " to move)";
  const std::string svg = engine::renderSvg(a, opt);
  if (out == "-") {
    std::cout << svg;
  } else {
    engine::writeFileBytes(out, svg);
    std::cerr << "wrote " << out << " (" << svg.size() << " bytes)\n";
  }
  return 0;
}

}  // namespace fgo
