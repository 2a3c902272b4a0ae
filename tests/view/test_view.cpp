// engine/view: the analysis JSON (well-formed, every layer, golden 5x5), the SVG (well
// formed, the stones, the layers, big boards), positions from SGF and their errors.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/view/view.hpp"
#include "tests/corpus.hpp"
#include "view_test_util.hpp"

using namespace engine;
using viewtest::Json;
using viewtest::JsonReader;

namespace {

const char* SMALL_LIBRARY =
    "shape bamboo_joint connection confidence=100 join=A,B via=a,b\n"
    "A X\na b\nB X\n\n"
    "shape empty_triangle scored value=-6\n"
    "X X\nX .\n";

const char* FIVE =
    ". X X . .\n"
    ". X . O .\n"
    ". . . O .\n"
    ". X X O .\n"
    ". . O . .\n";

std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("fgo_view_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

}  // namespace

TEST_CASE("the JSON writer escapes strings and places commas") {
  JsonWriter w;
  w.beginObject().key("a\"b").value("x\n\x01y").key("n").value(-3).key("d").value(0.5);
  w.key("l").beginArray().value(true).null().beginObject().endObject().endArray().endObject();
  CHECK(w.str() == R"({"a\"b":"x\n\u0001y","n":-3,"d":0.5,"l":[true,null,{}]})");
  CHECK_NOTHROW(JsonReader(w.str()).document());
}

TEST_CASE("the test's JSON reader refuses malformed text") {
  for (const char* bad : {"{", "{\"a\":}", "[1,]", "{\"a\":1,\"a\":2}", "\"x", "[1] 2", "-"}) {
    INFO(bad);
    CHECK_THROWS(JsonReader(bad).document());
  }
}

TEST_CASE("analysis JSON holds every layer and parses back") {
  const ShapeLibrary lib = ShapeLibrary::parse(SMALL_LIBRARY, "small");
  const Board b = parseBoard(FIVE);
  AnalysisParams params;
  params.shapes = &lib;
  params.shapeLibraryName = "small";
  params.komi = 0.5;
  const PositionAnalysis a = analyzePosition(b, params);
  const Json j = JsonReader(analysisToJson(a)).document();
  CHECK(j["board"]["width"].text == "5");
  REQUIRE(j["board"]["rows"].items.size() == 5);
  CHECK(j["board"]["rows"].items[0].text == ".XX..");
  for (const std::string& model : influenceModelNames()) {
    INFO(model);
    const Json& rows = j["influence"][model]["rows"];
    REQUIRE(rows.items.size() == 5);
    for (const Json& r : rows.items) CHECK(r.items.size() == 5);
    const InfluenceMap m = computeInfluence(model, b);
    CHECK(rows.items[2].items[1].text == std::to_string(m.at(1, 2)));
  }
  CHECK(j["influence"].members.size() == 6);
  CHECK(j["regions"]["rows"].items.size() == 5);
  const Json& inst = j["shapes"]["instances"];
  CHECK(j["shapes"]["count"].text == std::to_string(inst.items.size()));
  int triangles = 0, bamboo = 0;
  for (const Json& i : inst.items) {
    if (i["shape"].text == "empty_triangle") {
      ++triangles;
      CHECK(i["category"].text == "scored");
      CHECK(i["value"].text == "-6");
    }
    if (i["shape"].text == "bamboo_joint") {
      ++bamboo;
      CHECK(i["owner"].text == "B");
      CHECK(i["named"].items.size() == 4);
    }
  }
  // One empty triangle (B5 C5 B4 with C4 empty); no bamboo joint (the black pairs on
  // rows 5 and 2 are three rows apart).
  CHECK(triangles == 1);
  CHECK(bamboo == 0);
  CHECK(j.has("groups"));
  CHECK(j.has("territory"));
  CHECK(j.has("score"));
  if (territoryAvailable()) {
    CHECK(j["score"]["result"].kind == Json::String);
    CHECK(j["territory"]["owner"].items.size() == 5);
  } else {
    CHECK(j["score"].kind == Json::Null);
  }
}

TEST_CASE("a bamboo joint is found with its join points") {
  const ShapeLibrary lib = ShapeLibrary::parse(SMALL_LIBRARY, "small");
  const Board b = parseBoard(
      ". . . . .\n"
      ". O O . .\n"
      ". . . . .\n"
      ". O O . .\n"
      ". . . . .\n");
  AnalysisParams params;
  params.shapes = &lib;
  params.influence = false;
  const PositionAnalysis a = analyzePosition(b, params);
  REQUIRE(a.shapes.size() == 1);
  const ShapeHit& h = a.shapes[0];
  CHECK(a.shape(h).name == "bamboo_joint");
  CHECK(a.pattern(h).owner == Color::White);
  CHECK(h.points.size() == 6);
  std::vector<std::string> join;
  for (size_t i = 0; i < h.roles.size(); ++i) {
    if (h.roles[i] == "join") join.push_back(vertexName(h.namedPoints[i], b.size()));
  }
  std::sort(join.begin(), join.end());
  // Mirror images are one bitmap: whichever variant was kept, A and B are a column.
  CHECK((join == std::vector<std::string>{"B2", "B4"} ||
         join == std::vector<std::string>{"C2", "C4"}));
}

TEST_CASE("golden 5x5 analysis: radiation map and regions") {
  // Radiation (design profile 2, 2, 1, 1 on an open board) of one black stone at C3 on
  // 5x5: distance 1 gets 2 (generations 1 and 3), distance 2 gets 2 (2 and 4), and the
  // corners at distance 4 get 1 (generation 4 only); stones stay 0.
  const Board b = parseBoard(". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .\n");
  AnalysisParams params;
  params.territory = false;
  const PositionAnalysis a = analyzePosition(b, params);
  const std::string json = analysisToJson(a);
  const std::string golden =
      "\"radiation\":{\"min\":0,\"max\":2,\"rows\":[\n"
      "[1,1,2,1,1],\n[1,2,2,2,1],\n[2,2,0,2,2],\n[1,2,2,2,1],\n[1,1,2,1,1]]}";
  // (the writer breaks lines after commas, before each row)
  INFO(json);
  CHECK(json.find(golden) != std::string::npos);
  CHECK(json.find("\"shapes\":null") != std::string::npos);
  CHECK(json.find("\"rows\":[\n\".....\",\n\".....\",\n\"..X..\",\n\".....\",\n\".....\"]") !=
        std::string::npos);
}

TEST_CASE("SVG: well formed, every stone drawn, layers and legend") {
  const ShapeLibrary lib = ShapeLibrary::parse(SMALL_LIBRARY, "small");
  const Board b = parseBoard(FIVE);
  AnalysisParams params;
  params.shapes = &lib;
  const PositionAnalysis a = analyzePosition(b, params);
  RenderOptions o;
  o.layers = parseLayers("influence,territory,shapes,groups");
  o.title = "five <test> & co";
  const std::string svg = renderSvg(a, o);
  std::map<std::string, int> counts;
  CHECK(viewtest::xmlBalance(svg, &counts) == "");
  CHECK(svg.find("five &lt;test&gt; &amp; co") != std::string::npos);
  auto occurrences = [&](const std::string& s) {
    int n = 0;
    for (size_t i = svg.find(s); i != std::string::npos; i = svg.find(s, i + 1)) ++n;
    return n;
  };
  CHECK(occurrences("fill=\"#111\"") == b.stoneCount(Color::Black));
  CHECK(occurrences("fill=\"#f6f6f6\"") == b.stoneCount(Color::White));
  CHECK(svg.find("empty_triangle -6") != std::string::npos);   // the labelled bad shape
  CHECK(svg.find("influence (spight)") != std::string::npos);  // legend
  CHECK(svg.find(">A</text>") != std::string::npos);           // coordinates
  CHECK(svg.find(">5</text>") != std::string::npos);
  // Without layers: only the board and stones.
  o.layers = 0;
  const std::string plain = renderSvg(a, o);
  CHECK(viewtest::xmlBalance(plain) == "");
  CHECK(plain.find("fill-opacity") == std::string::npos);
  CHECK(plain.size() < svg.size());
}

TEST_CASE("SVG of a big board stays small and valid") {
  Board b(301, 301);
  b.play(b.point(10, 10), Color::Black);
  b.play(b.point(290, 150), Color::White);
  b.play(b.point(150, 290), Color::Black);
  AnalysisParams params;
  const PositionAnalysis a = analyzePosition(b, params);
  RenderOptions o;
  o.layers = parseLayers("influence,territory");
  o.model = "radiation";
  const std::string svg = renderSvg(a, o);
  CHECK(viewtest::xmlBalance(svg) == "");
  CHECK(svg.size() < 4'000'000);
  CHECK(svg.find("fill=\"#111\"") != std::string::npos);
}

TEST_CASE("bad layers and models are refused with a message") {
  CHECK(parseLayers("influence,shapes") == (LAYER_INFLUENCE | LAYER_SHAPES));
  CHECK_THROWS_AS(parseLayers("influence,moyo"), InputError);
  CHECK_THROWS_WITH(parseLayers("x"), Catch::Contains("unknown layer 'x'"));
  CHECK_THROWS_AS(computeInfluence("gravity", Board(3, 3)), InputError);
  const PositionAnalysis a = analyzePosition(Board(3, 3), AnalysisParams{});
  RenderOptions o;
  o.model = "gravity";
  CHECK_THROWS_AS(renderSvg(a, o), InputError);
}

TEST_CASE("positions from SGF: move numbers, range errors, missing files") {
  const std::string path = tempPath("game.sgf");
  {
    std::ofstream f(path);
    f << "(;GM[1]SZ[5]KM[0.5];B[cc];W[dc];B[cd];W[dd])";
  }
  const ViewPosition p2 = positionFromSgf(path, 2);
  CHECK(p2.moveNumber == 2);
  CHECK(p2.recordMoves == 4);
  CHECK(p2.game.board().stoneCount(Color::Black) == 1);
  CHECK(p2.game.board().stoneCount(Color::White) == 1);
  CHECK(p2.game.rules().komi == 0.5);
  CHECK(positionFromSgf(path, -1).moveNumber == 4);
  CHECK(positionFromSgf(path, 0).game.board().stoneCount(Color::Black) == 0);
  CHECK_THROWS_WITH(positionFromSgf(path, 5), Catch::Contains("out of range"));
  CHECK_THROWS_AS(positionFromSgf(path, -2), InputError);
  CHECK_THROWS_AS(positionFromSgf(tempPath("missing.sgf"), 1), InputError);
  PositionSource none;
  CHECK_THROWS_AS(loadViewPosition(none), InputError);
  std::filesystem::remove(path);

  const std::string diagram = tempPath("pos.txt");
  {
    std::ofstream f(diagram);
    f << FIVE;
  }
  PositionSource src;
  src.diagram = diagram;
  src.komi = 3.5;
  src.toMove = Color::White;
  const ViewPosition d = loadViewPosition(src);
  CHECK(d.game.board().stoneCount(Color::Black) == 5);
  CHECK(d.game.toMove() == Color::White);
  CHECK(d.game.rules().komi == 3.5);
  std::filesystem::remove(diagram);
}

TEST_CASE("a corpus game: analysis JSON and SVG of move 120") {
  const std::filesystem::path dir = fgo_test::pro19Dir();
  FGO_SKIP_WITHOUT_CORPUS(dir)
  const std::vector<std::filesystem::path> files = fgo_test::sortedFiles(dir);
  REQUIRE(!files.empty());
  const ViewPosition pos = positionFromSgf(files.front().string(), 120);
  const ShapeLibrary lib = ShapeLibrary::load(defaultShapeLibraryPath());
  AnalysisParams params;
  params.shapes = &lib;
  params.komi = pos.game.rules().komi;
  const PositionAnalysis a = analyzePosition(pos.game.board(), params);
  CHECK(!a.shapes.empty());
  const Json j = JsonReader(analysisToJson(a)).document();
  CHECK(j["board"]["rows"].items.size() == 19);
  RenderOptions o;
  o.layers = parseLayers("influence,territory,shapes,groups");
  CHECK(viewtest::xmlBalance(renderSvg(a, o)) == "");
}
