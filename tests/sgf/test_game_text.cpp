// The plain-text game format (docs/GAME_FORMAT.md): round trips up to 1001x1001 and
// malformed input with the place of the problem.
#include <catch2/catch.hpp>

#include "engine/board/random_player.hpp"
#include "engine/sgf/plain.hpp"

using namespace engine;

namespace {

GameTextError errorOf(std::string_view text) {
  try {
    readGameText(text);
  } catch (const GameTextError& e) {
    return e;
  }
  FAIL("no GameTextError for: " << text);
  return GameTextError("", 0, 0);
}

GameRecord sample() {
  GameRecord r;
  r.size = {7, 5};
  r.komi = -2.25;
  r.rules = "Chinese";
  r.handicap = 2;
  r.blackName = "a \\ name";
  r.whiteName = "two\nlines\r";
  r.blackRank = "9d";
  r.result = "W+0.5";
  r.date = "2026-11-22";
  r.event = "\xCC\xEC bytes";  // not UTF-8: kept
  r.gameName = "g";
  r.comment = "root";
  r.setup = {{{0, 0}, Color::Black}, {{6, 4}, Color::Black}, {{3, 2}, Color::White}};
  r.toMove = Color::White;
  RecordMove a;
  a.color = Color::White;
  a.at = XY{1, 1};
  a.comment = "first";
  RecordMove b;  // a node with setup and no move
  b.setup = {{{0, 0}, Color::Empty}};
  RecordMove c;
  c.color = Color::Black;
  r.moves = {a, b, c};
  return r;
}

}  // namespace

TEST_CASE("plain format: every field round-trips") {
  const GameRecord r = sample();
  const std::string text = writeGameText(r);
  CHECK_THAT(text, Catch::StartsWith("fractalgo-game 1\nsize 7x5\n"));
  CHECK_THAT(text, Catch::Contains("white two\\nlines\\r\n"));
  CHECK_THAT(text, Catch::Contains("\nW 1,1\ncomment first\n-\nsetup E 0,0\nB pass\nend\n"));
  CHECK(readGameText(text) == r);
  CHECK(looksLikeGameText(text));
  CHECK(readGameRecord(text) == r);
  // CRLF line ends, comments and blank lines are accepted.
  std::string crlf;
  for (char ch : text) {
    if (ch == '\n') crlf += "\r\n# note\r\n\r";
    crlf += ch;
  }
  CHECK(readGameText(crlf) == r);
}

TEST_CASE("plain format: a 1001x1001 game round-trips and replays") {
  Game game({1001, 1001}, Rules::named("chinese"));
  game.setup({{game.board().point(0, 0), Color::Black},
              {game.board().point(1000, 1000), Color::White},
              {game.board().point(500, 999), Color::Black}});
  RandomPlayer player(7);
  for (int i = 0; i < 1500; ++i) {
    const Point p = player.choose(game);
    REQUIRE(game.play(p, game.toMove()) == MoveError::None);
  }
  REQUIRE(game.play(game.board().point(1000, 999), game.toMove()) == MoveError::None);
  GameRecord r = recordFromGame(game);
  r.blackName = "big";
  const std::string text = writeGameText(r);
  CHECK_THAT(text, Catch::Contains("size 1001x1001"));
  const GameRecord back = readGameText(text);
  CHECK(back == r);
  const Replay rp = replayRecord(back);
  CHECK(rp.complete);
  CHECK(rp.warnings.empty());
  CHECK(rp.game.board().hash() == game.board().hash());
  CHECK(rp.game.moves() == game.moves());
  CHECK_THROWS_AS(recordToSgf(r), InputError);
}

TEST_CASE("plain format: malformed input names the line and column") {
  struct Case {
    const char* text;
    int line, column;
    const char* says;
  };
  const Case cases[] = {
      {"", 0, 1, "expected the first line"},
      {"fractalgo-game 2\nmoves\nend\n", 1, 1, "expected the first line"},
      {"fractalgo-game 1\nsize 9\n", 2, 1, "expected \"moves\""},
      {"fractalgo-game 1\nsize 9\nmoves\nB 1,1\n", 4, 1, "expected \"end\""},
      {"fractalgo-game 1\nsize 0\nmoves\nend\n", 2, 6, "outside"},
      {"fractalgo-game 1\nsize 1002\nmoves\nend\n", 2, 6, "outside"},
      {"fractalgo-game 1\ncolour blue\nmoves\nend\n", 2, 1, "unknown header key 'colour'"},
      {"fractalgo-game 1\nsize 9\nmoves\nB 9,0\nend\n", 4, 3, "off a board of 9x9"},
      {"fractalgo-game 1\nsize 9\nmoves\nB 1;2\nend\n", 4, 3, "expected a point"},
      {"fractalgo-game 1\nsize 9\nmoves\nX 1,2\nend\n", 4, 1, "expected B or W"},
      {"fractalgo-game 1\nkomi 6.5x\nmoves\nend\n", 2, 6, "expected a number"},
      {"fractalgo-game 1\nblack a\\qb\nmoves\nend\n", 2, 8, "unknown escape"},
      {"fractalgo-game 1\nsetup B 1,1\nsize 9\nmoves\nend\n", 3, 1, "size must come before"},
      {"fractalgo-game 1\nmoves\ncomment x\nend\n", 3, 1, "before the first step"},
      {"fractalgo-game 1\nmoves\nend\nB 1,1\n", 4, 1, "after \"end\""},
      {"fractalgo-game 1\nkomi 1\nkomi 2\nmoves\nend\n", 3, 1, "given twice"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const GameTextError e = errorOf(c.text);
    CHECK(e.line() == c.line);
    CHECK(e.column() == c.column);
    CHECK_THAT(e.what(), Catch::Contains(c.says));
  }
}
