// Shape library files: parsing, errors naming file:line, and the symmetric expansion
// (the seed library must give exactly 28 distinct bitmaps).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "engine/board/errors.hpp"
#include "engine/shapes/library.hpp"

using namespace engine;

namespace {

std::string libraryPath(const char* name) {
  return std::string(FGO_SOURCE_DIR) + "/engine/shapes/library/" + name;
}

size_t variantsOf(const ShapeLibrary& lib, const std::string& name) {
  const auto& shapes = lib.shapes();
  const auto it =
      std::find_if(shapes.begin(), shapes.end(), [&](const Shape& s) { return s.name == name; });
  REQUIRE(it != shapes.end());
  const uint32_t idx = static_cast<uint32_t>(it - shapes.begin());
  return std::count_if(lib.patterns().begin(), lib.patterns().end(),
                       [&](const Pattern& p) { return p.shape == idx; });
}

// The message of the InputError that parsing `text` throws ("" when none).
std::string parseError(const std::string& text) {
  try {
    ShapeLibrary::parse(text, "t.shapes");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the seed library expands to exactly 28 distinct bitmaps") {
  const ShapeLibrary lib = ShapeLibrary::load(libraryPath("seed.shapes"));
  REQUIRE(lib.shapes().size() == 4);
  CHECK(lib.patterns().size() == 28);
  // Bamboo joint, one-point jump and diagonal connection each have two reflection axes
  // (2 orientations x 2 colours); the L-joint has no symmetry (8 x 2).
  CHECK(variantsOf(lib, "bamboo_joint") == 4);
  CHECK(variantsOf(lib, "one_point_jump") == 4);
  CHECK(variantsOf(lib, "diagonal_connection") == 4);
  CHECK(variantsOf(lib, "l_joint") == 16);
  for (size_t i = 0; i < lib.patterns().size(); ++i) {
    for (size_t j = i + 1; j < lib.patterns().size(); ++j) {
      CHECK_FALSE(lib.patterns()[i].sameBitmap(lib.patterns()[j]));
    }
  }
}

TEST_CASE("the starter library is real: dozens of shapes, hundreds of variants") {
  const ShapeLibrary lib = ShapeLibrary::load(libraryPath("starter.shapes"));
  CHECK(lib.shapes().size() >= 40);
  CHECK(lib.patterns().size() >= 300);
  std::set<ShapeCategory> cats;
  for (const Shape& s : lib.shapes()) cats.insert(s.category);
  CHECK(cats.size() == 5);
  // Named points stay on cells of the right kind in every variant.
  for (const Pattern& p : lib.patterns()) {
    const Shape& s = lib.shapes()[p.shape];
    REQUIRE(p.points.size() == s.points.size());
    for (const NamedPoint& np : p.points) {
      REQUIRE(np.dx >= 0);
      REQUIRE(np.dx < p.width);
      REQUIRE(np.dy >= 0);
      REQUIRE(np.dy < p.height);
      const uint8_t want = s.cells[s.points[&np - p.points.data()].dy * s.width +
                                   s.points[&np - p.points.data()].dx];
      uint8_t got = p.cell(np.dx, np.dy);
      if (p.owner == Color::White && (got == CELL_BLACK || got == CELL_WHITE)) got = 3 - got;
      CHECK(got == want);
    }
  }
}

TEST_CASE("symmetry counts follow the shapes' own symmetries") {
  const ShapeLibrary lib = ShapeLibrary::parse(R"(
shape triangle scored value=-6
X X
X .

shape crosscut scored value=-1
X O
O X

shape lone keypoint move=a
a X

shape corner eye confidence=100 eye=a
# # #
# a X
# X X
)",
                                               "inline");
  CHECK(variantsOf(lib, "triangle") == 8);  // one diagonal axis: 4 x 2 colours
  CHECK(variantsOf(lib, "crosscut") == 2);  // colour swap equals a mirror
  CHECK(variantsOf(lib, "lone") == 8);      // 4 orientations x 2 colours
  CHECK(variantsOf(lib, "corner") == 8);    // 4 corners x 2 colours
  CHECK(lib.maxSide() == 3);
}

TEST_CASE("transforms rotate and reflect the diagram") {
  const ShapeLibrary lib =
      ShapeLibrary::parse("shape l keypoint move=a\nX a\n? .\n? O\n", "inline");
  std::set<std::string> seen;
  for (const Pattern& p : lib.patterns()) seen.insert(patternToString(p));
  CHECK(seen.size() == 16);
  CHECK(seen.count("X . ?\n? . O\n") == 0);
  CHECK(seen.count("X . .\n? ? O\n") == 1);   // transposed
  CHECK(seen.count("O ?\n. ?\n. X\n") == 1);  // rotated half a turn
  CHECK(seen.count("? O\n? .\nX .\n") == 1);  // mirrored top to bottom
  CHECK(seen.count("O . .\n? ? X\n") == 1);   // transposed, colours swapped
}

TEST_CASE("bad library input names the file and line") {
  CHECK_THAT(parseError("shape a scored value=2\nX Z!\n"), Catch::Contains("t.shapes:2:"));
  CHECK_THAT(parseError("shape a scored value=2\nX X\nX\n"),
             Catch::Contains("t.shapes:3: row has 1"));
  CHECK_THAT(parseError("\nshape a sorted value=2\nX\n"),
             Catch::Contains("t.shapes:2: unknown category"));
  CHECK_THAT(parseError("shape a scored\nX\n"),
             Catch::Contains("t.shapes:1: a scored shape needs value"));
  CHECK_THAT(parseError("shape a scored value=abc\nX\n"), Catch::Contains("t.shapes:1: value=abc"));
  CHECK_THAT(parseError("shape a connection confidence=50 join=A\nA X\n"),
             Catch::Contains("t.shapes:1: a connection needs join="));
  CHECK_THAT(parseError("shape a connection join=A,B\nA B\n"), Catch::Contains("needs confidence"));
  CHECK_THAT(parseError("shape a keypoint move=a\nX b\n"),
             Catch::Contains("t.shapes:2: named point 'b' has no role"));
  CHECK_THAT(parseError("shape a keypoint move=a,c\nX a\n"),
             Catch::Contains("'c' is not in the diagram"));
  CHECK_THAT(parseError("shape a keypoint move=A\nX A\n"),
             Catch::Contains("must be an empty point"));
  CHECK_THAT(parseError("shape a scored value=1\nX\n\nshape a scored value=2\nO X\n"),
             Catch::Contains("t.shapes:4: shape 'a' already defined at t.shapes:1"));
  CHECK_THAT(parseError("shape a joseki\n. . .\n. X .\n"), Catch::Contains("corner-anchored"));
  CHECK_THAT(parseError("X X\n"), Catch::Contains("t.shapes:1: diagram row outside a shape"));
  CHECK_THAT(parseError("shape a scored value=1\n"), Catch::Contains("has no diagram"));
  CHECK_THAT(parseError("shape a scored value=1\n# ?\n"), Catch::Contains("at least one stone"));
  CHECK_THAT(parseError("shape a scored value=1 colour=red\nX\n"),
             Catch::Contains("unknown key 'colour'"));
  CHECK_THAT(parseError("shape Bad scored value=1\nX\n"), Catch::Contains("shape name 'Bad'"));
  CHECK_THAT(parseError("shape a scored value=1\n. . . . . . . . . . . . . . . . X\n"),
             Catch::Contains("larger than 16"));
  // A variant of one shape equal to another shape's bitmap is refused, naming both.
  CHECK_THAT(
      parseError("shape a scored value=1\nX O\n\nshape b scored value=2\nO X\n"),
      Catch::Contains("t.shapes:4: shape 'b' has a variant identical to shape 'a' (t.shapes:1)"));
  CHECK_THROWS_AS(ShapeLibrary::load("/nonexistent/lib.shapes"), InputError);
  // Comments, blank lines and don't-care border rows are fine.
  const ShapeLibrary ok = ShapeLibrary::parse("; c\n\nshape a scored value=1\n? ? ?\n? X .\n", "t");
  REQUIRE(ok.patterns().size() == 8);
  CHECK(ok.shapes()[0].width == 2);
  CHECK(ok.shapes()[0].height == 1);
}
