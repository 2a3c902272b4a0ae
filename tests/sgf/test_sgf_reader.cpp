// The SGF reader: syntax quirks of real files, value codecs, and malformed input that
// must give an SgfError naming the place.
#include <catch2/catch.hpp>

#include "engine/board/rng.hpp"
#include "engine/sgf/record.hpp"
#include "engine/sgf/sgf.hpp"

using namespace engine;

namespace {

SgfTree one(std::string_view s) {
  auto trees = parseSgf(s);
  REQUIRE(trees.size() == 1);
  return std::move(trees.front());
}

// The SgfError thrown by f (fails the test when none is thrown).
template <typename F>
SgfError errorOf(F f) {
  try {
    f();
  } catch (const SgfError& e) {
    return e;
  }
  FAIL("no SgfError thrown");
  return SgfError("", {});
}

}  // namespace

TEST_CASE("a small game: root properties, moves, main line") {
  const SgfTree t = one("(;FF[4]GM[1]SZ[9]KM[6.5];B[ee];W[cc];B[])");
  REQUIRE(t.size() == 4);
  CHECK(t.root().value("SZ") == "9");
  CHECK(t.mainLine() == std::vector<int>{0, 1, 2, 3});
  CHECK(t.node(1).value("B") == "ee");
  CHECK(t.node(3).value("B") == "");
  const SgfProperty* km = t.root().find("KM");
  REQUIRE(km);
  CHECK(km->place.offset == 17);
  CHECK(km->place.line == 1);
  CHECK(km->place.column == 18);
}

TEST_CASE("variations: the main line is the first child") {
  const SgfTree t = one("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff]))(;W[gg]))");
  const auto line = t.mainLine();
  REQUIRE(line.size() == 4);
  CHECK(t.node(line[2]).value("W") == "bb");
  CHECK(t.node(line[3]).value("B") == "cc");
  const auto kids = t.children(1);
  REQUIRE(kids.size() == 3);
  CHECK(t.node(kids[1]).value("W") == "dd");
  CHECK(t.children(kids[1]).size() == 2);
  CHECK(t.node(kids[2]).value("W") == "gg");
  CHECK(t.node(kids[2]).parent == 1);
}

TEST_CASE("several games, junk before, between and after them") {
  const auto trees = parseSgf(
      "From: someone\n\xEF\xBB\xBF Subject: (no sgf here) ;-) junk\n"
      "(;GM[1]SZ[19];B[pd])\nsome words\n(\n;SZ[9];B[ee];W[dd])trailing");
  REQUIRE(trees.size() == 2);
  CHECK(trees[0].node(1).value("B") == "pd");
  CHECK(trees[1].root().value("SZ") == "9");
  CHECK(trees[1].size() == 3);
}

TEST_CASE("white space between tokens and values") {
  const SgfTree t = one("( ;\n SZ [19]\n AB [aa] \n [bb]  ; B\t[cc] )");
  const SgfProperty* ab = t.root().find("AB");
  REQUIRE(ab);
  CHECK(ab->values == std::vector<std::string>{"aa", "bb"});
  CHECK(t.node(1).value("B") == "cc");
}

TEST_CASE("legacy long lower-case identifiers keep their capitals") {
  const SgfTree t = one("(;GaMe[1]SiZe[9]AddBlack[aa][bb]AddWhite[cc];Black[dd];White[ee];b[ff])");
  CHECK(t.root().value("GM") == "1");
  CHECK(t.root().value("SZ") == "9");
  CHECK(t.root().find("AB")->values.size() == 2);
  CHECK(t.root().value("AW") == "cc");
  CHECK(t.node(1).value("B") == "dd");
  CHECK(t.node(2).value("W") == "ee");
  CHECK(t.node(3).value("B") == "ff");  // all lower case: upper-cased
}

TEST_CASE("a repeated property in one node is merged") {
  const SgfTree t = one("(;AP[Fox]AP[GNU Go:3.8]SZ[19]AB[aa]AB[bb][cc])");
  CHECK(t.root().find("AP")->values == std::vector<std::string>{"Fox", "GNU Go:3.8"});
  CHECK(t.root().find("AB")->values.size() == 3);
  CHECK(t.root().properties.size() == 3);
}

TEST_CASE("values keep raw bytes: escapes and text that is not UTF-8") {
  const std::string gb = "\xCC\xEC\xDF\xB1";  // GB2312 bytes, invalid UTF-8
  const SgfTree t = one("(;PB[" + gb + "]C[a \\] b \\\\ c\\\nd\r\ne\\:f\tg])");
  CHECK(t.root().value("PB") == gb);
  const std::string raw(*t.root().value("C"));
  CHECK(raw == "a \\] b \\\\ c\\\nd\r\ne\\:f\tg");
  CHECK(sgfText(raw) == "a ] b \\ cd\ne:f g");
  CHECK(sgfSimpleText(raw) == "a ] b \\ cd e:f g");
  CHECK(sgfText("x\\\r\ny\n\rz\rw") == "xy\nz\nw");
  CHECK(sgfEscape("a]b\\c:d") == "a\\]b\\\\c:d");
  CHECK(sgfEscape("a:b", true) == "a\\:b");
  CHECK(sgfText(sgfEscape("any ] \\ text")) == "any ] \\ text");
}

TEST_CASE("points, passes and compressed point lists") {
  const BoardSize s19{19, 19}, s25{25, 25}, s52{52, 52};
  CHECK(parseSgfMove("dd", s19) == XY{3, 3});
  CHECK_FALSE(parseSgfMove("", s19).has_value());
  CHECK_FALSE(parseSgfMove("tt", s19).has_value());
  CHECK(parseSgfMove("tt", s25) == XY{19, 19});
  CHECK(parseSgfMove("AZ", s52) == XY{26, 51});
  CHECK_THROWS_AS(parseSgfMove("tt", BoardSize{19, 20}), SgfError);
  CHECK_THROWS_AS(parseSgfMove("zz", s19), SgfError);
  CHECK_THROWS_AS(parseSgfMove("d", s19), SgfError);
  CHECK_THROWS_AS(parseSgfMove("d1", s19), SgfError);
  std::vector<XY> pts;
  parseSgfPointList("aa:bc", s19, pts);
  CHECK(pts == std::vector<XY>{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}});
  pts.clear();
  parseSgfPointList("bc:aa", s19, pts);  // corners in the other order
  CHECK(pts.size() == 6);
  CHECK_THROWS_AS(parseSgfPointList("aa:zz", s19, pts), SgfError);
  for (int v = 0; v < SGF_MAX_SIDE; ++v) {
    const std::string p = sgfPoint(XY{v, SGF_MAX_SIDE - 1 - v});
    CHECK(parseSgfMove(p, s52) == XY{v, SGF_MAX_SIDE - 1 - v});
  }
}

TEST_CASE("deeply nested variations neither recurse nor crash") {
  const int depth = 200000;
  std::string s = "(;SZ[19]";
  for (int i = 0; i < depth; ++i) s += "(;B[aa]";
  for (int i = 0; i < depth; ++i) s += ")";
  s += ")";
  const SgfTree t = one(s);
  CHECK(t.size() == depth + 1);
  CHECK(t.mainLine().size() == static_cast<size_t>(depth + 1));
  const std::string out = writeSgf(t);
  const SgfTree back = one(out);
  CHECK(back.size() == depth + 1);
  // Unclosed deep nesting is an error at the end of input.
  const SgfError e = errorOf([&] { parseSgf(s.substr(0, s.size() - 10)); });
  CHECK(e.offset() == s.size() - 10);
}

TEST_CASE("the tree writer keeps values and shape") {
  const std::string in = "(;FF[4]SZ[9]C[a \\] b]AB[aa][bb];B[cc](;W[dd];B[ee])(;W[ff]C[x\\\\y]))";
  const SgfTree t = one(in);
  const std::string out = writeSgf(t);
  const SgfTree back = one(out);
  REQUIRE(back.size() == t.size());
  for (int i = 0; i < t.size(); ++i) {
    CHECK(back.node(i).parent == t.node(i).parent);
    REQUIRE(back.node(i).properties.size() == t.node(i).properties.size());
    for (size_t k = 0; k < t.node(i).properties.size(); ++k) {
      CHECK(back.node(i).properties[k].id == t.node(i).properties[k].id);
      CHECK(back.node(i).properties[k].values == t.node(i).properties[k].values);
    }
  }
}

TEST_CASE("malformed input gives an SgfError with the place") {
  struct Case {
    const char* text;
    size_t offset;
    int line, column;
    const char* says;
  };
  const Case cases[] = {
      {"", 0, 1, 1, "no SGF game found"},
      {"no game here", 12, 1, 13, "no SGF game found"},
      {"(;SZ[19];B[dd]", 14, 1, 15, "expected ')'"},  // truncated
      {"(;SZ[19]\n;B[dd", 14, 2, 6, "unclosed '['"},  // unclosed bracket
      {"(;SZ[19]\n;B[dd]W", 16, 2, 8, "expected '[' after property identifier W"},
      {"(;SZ[19];B1[dd])", 10, 1, 11, "expected '[' after property identifier B"},
      {"(;SZ[19];[dd])", 9, 1, 10, "expected a property identifier"},  // bad ident
      {"(;SZ[19];\xC3\xA9[dd])", 9, 1, 10, "expected a property identifier"},
      {"(;SZ[19];B[dd]);", 0, 0, 0, nullptr},  // fine: junk after
      {"(;B[aa](;W[bb]);B[cc])", 15, 1, 16, "expected '(' or ')' after a variation"},
      {"(;B[aa]()", 8, 1, 9, "expected ';' after '('"},
      {"(;C[\\", 5, 1, 6, "unclosed '['"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    if (!c.says) {
      CHECK_NOTHROW(parseSgf(c.text));
      continue;
    }
    const SgfError e = errorOf([&] { parseSgf(c.text); });
    CHECK(e.offset() == c.offset);
    CHECK(e.line() == c.line);
    CHECK(e.column() == c.column);
    CHECK_THAT(e.what(), Catch::Contains(c.says));
    CHECK_THAT(e.what(), Catch::Contains("line " + std::to_string(c.line)));
  }
}

TEST_CASE("bad sizes and bad points give errors naming the property") {
  const char* bad[] = {"(;SZ[0];B[aa])", "(;SZ[53])", "(;SZ[999])",
                       "(;SZ[19:0])",    "(;SZ[x])",  "(;SZ[-5])"};
  for (const char* s : bad) {
    INFO(s);
    const SgfError e = errorOf([&] { recordFromSgf(parseSgf(s).front()); });
    CHECK(e.offset() == 2);
    CHECK_THAT(e.what(), Catch::Contains("SZ"));
  }
  const SgfError e = errorOf([&] { loadSgfGame("(;SZ[9]\n;B[ee]\n;W[jj])"); });
  CHECK(e.line() == 3);
  CHECK(e.column() == 2);
  CHECK_THAT(e.what(), Catch::Contains("off a board of 9x9"));
  CHECK_THROWS_AS(loadSgfGame("(;SZ[9]AB[aa:zz])"), SgfError);
  CHECK_THROWS_AS(loadSgfGame("(;GM[2]SZ[8])"), SgfError);
  CHECK_NOTHROW(loadSgfGame("(;SZ[52]AB[AZ])"));
  CHECK_NOTHROW(loadSgfGame("(;SZ[52:3]AB[Zc])"));
}

TEST_CASE("random bytes and mutated records never crash the reader") {
  Rng rng(12345);
  const std::string base =
      "(;FF[4]GM[1]SZ[19]KM[650]RU[Chinese]AB[aa:cc]C[x\\]y];B[dd](;W[ee];B[])(;W[ff]))";
  int errors = 0, ok = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    if (round % 2 == 0) {
      const size_t n = rng.below(200);
      for (size_t i = 0; i < n; ++i) s += static_cast<char>(rng.below(256));
      if (round % 4 == 0) s = "(;" + s;
    } else {
      s = base;
      for (int k = 0, m = 1 + static_cast<int>(rng.below(4)); k < m; ++k) {
        const size_t at = rng.below(static_cast<uint32_t>(s.size()));
        switch (rng.below(3)) {
          case 0:
            s[at] = static_cast<char>(rng.below(256));
            break;
          case 1:
            s.erase(at, 1);
            break;
          default:
            s.insert(at, 1, "()[];\\:"[rng.below(7)]);
        }
      }
    }
    try {
      LoadedGame g = loadSgfGame(s);
      CHECK(g.replay.game.board().checkConsistency().empty());
      ++ok;
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).size() > 0);
      ++errors;
    }
  }
  CHECK(errors > 0);
  CHECK(ok > 0);
}

TEST_CASE("compressed setup lists cannot blow up memory") {
  std::string s = "(;SZ[52]AB";
  for (int i = 0; i < 1560; ++i) s += "[aa:ZZ]";  // 1560 x 2704 points
  s += ")";
  const SgfError e = errorOf([&] { recordFromSgf(parseSgf(s).front()); });
  CHECK_THAT(e.what(), Catch::Contains("setup points in one game"));
  CHECK(e.offset() == 8);
}
