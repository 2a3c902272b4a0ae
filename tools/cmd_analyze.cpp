// fgo analyze: every evaluation layer of one position (engine/view/analysis.hpp), as JSON
// for scripts (--json) or as a short text summary.
#include <filesystem>
#include <iostream>
#include <map>

#include "engine/board/ascii.hpp"
#include "engine/shapes/library.hpp"
#include "engine/view/analysis.hpp"
#include "engine/view/position.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

void printSummary(const engine::ViewPosition& pos, const engine::PositionAnalysis& a) {
  const engine::Board& b = pos.game.board();
  std::cout << pos.source << " (" << b.size().str() << ", komi " << a.komi << ", "
            << engine::colorName(pos.game.toMove()) << " to move)\n"
            << engine::boardToString(b, true) << "\n";
  if (a.library) {
    std::map<std::string, int> byCategory;
    for (const engine::ShapeHit& h : a.shapes) ++byCategory[categoryName(a.shape(h).category)];
    std::cout << "shapes (" << a.shapeLibrary << "): " << a.shapes.size() << " instances";
    for (const auto& [name, n] : byCategory) std::cout << ", " << n << " " << name;
    std::cout << "\n";
  }
  for (const engine::InfluenceLayer& l : a.influence) {
    int black = 0, white = 0;
    for (size_t i = 0; i < l.map.values.size(); ++i) {
      if (a.colors[i] != engine::Color::Empty) continue;
      black += l.map.values[i] > 0, white += l.map.values[i] < 0;
    }
    std::cout << "influence " << l.name << ": " << black << " empty points Black's, " << white
              << " White's\n";
  }
  if (a.territory.available) {
    int groups[4] = {0, 0, 0, 0};
    for (const engine::ViewGroup& g : a.territory.groups) {
      groups[g.status == "alive" ? 0 : g.status == "dead" ? 1 : g.status == "seki" ? 2 : 3]++;
    }
    std::cout << "groups: " << groups[0] << " alive, " << groups[1] << " dead, " << groups[2]
              << " seki, " << groups[3] << " unsettled; " << a.territory.dead.size()
              << " dead stones\n"
              << "score estimate (" << a.territory.scoring << "): Black " << a.territory.black
              << ", White " << a.territory.white << ", " << a.territory.result << "\n";
  } else {
    std::cout << "groups, territory, score: engine/territory is not built into this fgo\n";
  }
}

}  // namespace

int runAnalyze(const std::vector<std::string>& args) {
  po::options_description desc("fgo analyze options");
  engine::PositionSource src;
  std::string shapes = engine::defaultShapeLibraryPath(), toMove = "b";
  double komi = 0;
  desc.add_options()("sgf", po::value(&src.sgf), "SGF game file")(
      "move", po::value(&src.move)->default_value(-1),
      "position after this many moves (0: setup only; default: the whole game)")(
      "position", po::value(&src.diagram), "board diagram file instead of --sgf")(
      "komi", po::value(&komi), "komi (default: the record's; 7.5 for a diagram)")(
      "to-move", po::value(&toMove)->default_value("b"), "side to move of a diagram (b or w)")(
      "shapes", po::value(&shapes), "shape library file (default: the starter library)")(
      "no-shapes", "skip the shape layer")("json", "print every layer as JSON");
  po::variables_map vm;
  if (!parseOptions(args, "fgo analyze --sgf FILE [--move N] [--json]", desc, vm)) return 0;
  if (vm.count("komi")) src.komi = komi;
  if (toMove != "b" && toMove != "w") throw UsageError("--to-move must be b or w");
  src.toMove = toMove == "b" ? engine::Color::Black : engine::Color::White;
  if (src.sgf.empty() && src.diagram.empty())
    throw UsageError("give --sgf FILE or --position FILE");
  const engine::ViewPosition pos = engine::loadViewPosition(src);

  engine::AnalysisParams params;
  std::optional<engine::ShapeLibrary> lib;
  if (!vm.count("no-shapes")) {
    lib = engine::ShapeLibrary::load(shapes);
    params.shapes = &*lib;
    params.shapeLibraryName = std::filesystem::path(shapes).filename().string();
  }
  params.komi = pos.game.rules().komi;
  params.areaScoring = pos.game.rules().scoring == engine::ScoringRule::Area;
  const engine::PositionAnalysis a = engine::analyzePosition(pos.game.board(), params);
  for (const engine::ReplayWarning& w : pos.warnings) {
    std::cerr << "warning: move " << w.move << ": " << w.text << "\n";
  }
  if (vm.count("json")) {
    std::cout << engine::analysisToJson(a);
  } else {
    printSummary(pos, a);
  }
  return 0;
}

}  // namespace fgo
