// Game records from SGF: game information (KM x100, HA, SZ, RU), replay into a Game
// with the odd-record policy, and write-then-read round trips.
#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/random_player.hpp"
#include "engine/sgf/record.hpp"

using namespace engine;

namespace {

GameRecord rec(std::string_view s) {
  return recordFromSgf(parseSgf(s).front());
}

Point at(const Game& g, const char* vertex) {
  return g.board().point(*parseVertex(vertex, g.board().size()));
}

bool hasWarning(const std::vector<ReplayWarning>& ws, int move, const char* text) {
  for (const auto& w : ws) {
    if (w.move == move && w.text.find(text) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("missing FF, GM and SZ: a 19x19 game") {
  const LoadedGame g = loadSgfGame("(;;B[pd];W[dp])");
  CHECK(g.record.size == BoardSize{19, 19});
  CHECK_FALSE(g.record.komi.has_value());
  CHECK(g.replay.game.moves().size() == 2);
  CHECK(g.replay.complete);
  CHECK(g.replay.warnings.empty());
  CHECK(g.replay.game.board().at(at(g.replay.game, "Q16")) == Color::Black);
}

TEST_CASE("SZ[n] and SZ[w:h] up to 52") {
  CHECK(rec("(;SZ[13])").size == BoardSize{13, 13});
  CHECK(rec("(;SZ[19:9])").size == BoardSize{19, 9});
  CHECK(rec("(;SZ[ 52 : 7 ])").size == BoardSize{52, 7});
  const LoadedGame g = loadSgfGame("(;SZ[52:30];B[Zz];W[tt])");
  CHECK(g.replay.game.board().at(51, 25) == Color::Black);
  CHECK(g.replay.game.board().at(19, 19) == Color::White);  // tt is a point above 19
}

TEST_CASE("passes as B[] and as tt on boards up to 19") {
  const LoadedGame g = loadSgfGame("(;SZ[19];B[dd];W[];B[tt])");
  REQUIRE(g.replay.game.moves().size() == 3);
  CHECK(g.replay.game.moves()[1].point == PASS);
  CHECK(g.replay.game.moves()[2].point == PASS);
  CHECK(g.replay.game.over());
  CHECK(g.record.moves[2].at == std::nullopt);
}

TEST_CASE("KM: plain, Fox x100, Fox Chinese stones") {
  CHECK(rec("(;KM[6.5])").komi == 6.5);
  CHECK(rec("(;KM[650])").komi == 6.5);
  CHECK(rec("(;KM[750]RU[Japanese])").komi == 7.5);
  CHECK(rec("(;KM[375]RU[Chinese])").komi == 7.5);
  CHECK(rec("(;KM[375]RU[Japanese])").komi == 3.75);
  CHECK(rec("(;KM[3.75]RU[Chinese])").komi == 3.75);  // has a point: not Fox
  CHECK(rec("(;KM[0])").komi == 0.0);
  CHECK(rec("(;KM[-5.5])").komi == -5.5);
  CHECK(rec("(;KM[7])").komi == 7.0);
  CHECK(rec("(;KM[100.0])").komi == 100.0);
  std::vector<ReplayWarning> ws;
  CHECK_FALSE(recordFromSgf(parseSgf("(;KM[six])").front(), &ws).komi.has_value());
  CHECK(hasWarning(ws, 0, "KM[six]"));
  const LoadedGame g = loadSgfGame("(;KM[375]RU[Chinese];B[aa])");
  CHECK(g.replay.game.rules().komi == 7.5);
  CHECK(g.replay.game.rules().scoring == ScoringRule::Area);
}

TEST_CASE("rules from RU") {
  const Rules jp = loadSgfGame("(;RU[Japanese])").replay.game.rules();
  CHECK(jp.scoring == ScoringRule::Territory);
  CHECK(jp.ko == KoRule::Simple);
  const Rules cn = loadSgfGame("(;RU[Chinese]KM[7.5])").replay.game.rules();
  CHECK(cn.scoring == ScoringRule::Area);
  CHECK(cn.ko == KoRule::Positional);
  CHECK(cn.komi == 7.5);
  CHECK(loadSgfGame("(;RU[NZ])").replay.game.rules().suicideAllowed);
  CHECK(loadSgfGame("(;RU[Tromp-Taylor])").replay.game.rules().suicideAllowed);
  const Rules other = loadSgfGame("(;RU[Ing])").replay.game.rules();
  CHECK(other.scoring == ScoringRule::Area);
  CHECK(other.komi == 0.0);
}

TEST_CASE("setup stones with compressed lists, AE and PL") {
  const LoadedGame g = loadSgfGame("(;SZ[9]AB[aa:cb]AW[ee][ff]PL[W];AE[aa]W[gg])");
  const Board& b = g.replay.game.board();
  CHECK(b.stoneCount(Color::Black) == 5);
  CHECK(b.stoneCount(Color::White) == 3);
  CHECK(b.at(0, 0) == Color::Empty);
  CHECK(b.at(2, 1) == Color::Black);
  CHECK(g.record.toMove == Color::White);
  CHECK(g.record.setup.size() == 8);
  CHECK(hasWarning(g.replay.warnings, 0, "") == false);
  const LoadedGame pl = loadSgfGame("(;SZ[9]AB[aa]PL[W])");
  CHECK(pl.replay.game.toMove() == Color::White);
  CHECK_THROWS_AS(loadSgfGame("(;SZ[9]AW[aa]AB[ba][ab])"), InputError);  // no liberty
}

TEST_CASE("handicap with stones, as first moves, and without stones") {
  const LoadedGame withStones = loadSgfGame("(;SZ[19]HA[2]AB[dp][pd];W[dd])");
  CHECK(withStones.replay.warnings.empty());
  CHECK(withStones.replay.game.board().stoneCount(Color::Black) == 2);
  const LoadedGame asMoves = loadSgfGame("(;SZ[19]HA[3]KM[0.5];B[dp];B[pd];B[dd];W[pp];B[qq])");
  CHECK(asMoves.replay.warnings.empty());
  CHECK(asMoves.replay.game.moves().size() == 5);
  const LoadedGame implied = loadSgfGame("(;SZ[19]HA[4];W[qq])");
  CHECK(hasWarning(implied.replay.warnings, 0, "standard handicap points"));
  const Game& g = implied.replay.game;
  for (const char* v : {"D4", "Q16", "D16", "Q4"}) CHECK(g.board().at(at(g, v)) == Color::Black);
  CHECK(g.board().stoneCount(Color::Black) == 4);
  const LoadedGame nine = loadSgfGame("(;SZ[9]HA[5])");
  CHECK(nine.replay.game.board().stoneCount(Color::Black) == 5);
  CHECK(nine.replay.game.board().at(4, 4) == Color::Black);
  CHECK(nine.replay.game.toMove() == Color::White);
  CHECK_THROWS_AS(loadSgfGame("(;SZ[19:9]HA[2])"), InputError);
  CHECK(loadSgfGame("(;SZ[19]HA[1];B[dd])").replay.warnings.empty());
}

TEST_CASE("odd records: same colour twice, illegal move, moves after the end") {
  // Same colour twice: played as recorded, with a warning at its move number.
  const LoadedGame twice = loadSgfGame("(;SZ[9];B[aa];W[bb];W[cc];B[dd])");
  CHECK(twice.replay.complete);
  CHECK(twice.replay.game.moves().size() == 4);
  REQUIRE(twice.replay.warnings.size() == 1);
  CHECK(hasWarning(twice.replay.warnings, 3, "W plays twice"));
  // Occupied point: the replay stops before it.
  const LoadedGame occupied = loadSgfGame("(;SZ[9];B[aa];W[bb];B[bb];W[cc];B[dd])");
  CHECK_FALSE(occupied.replay.complete);
  CHECK(occupied.replay.movesPlayed == 2);
  CHECK(hasWarning(occupied.replay.warnings, 3, "point is occupied"));
  CHECK(hasWarning(occupied.replay.warnings, 3, "3 move(s) not replayed"));
  // Moves after two passes: replayed with passes not ending the game.
  const LoadedGame after = loadSgfGame("(;SZ[9];B[aa];W[];B[];W[bb];B[cc])");
  CHECK(after.replay.complete);
  CHECK(after.replay.game.moves().size() == 5);
  CHECK(hasWarning(after.replay.warnings, 4, "follows the passes"));
  // Several values, both colours in one node.
  const LoadedGame both = loadSgfGame("(;SZ[9];B[aa]W[bb];W[cc][dd])");
  CHECK(both.replay.game.moves().size() == 2);
  CHECK(hasWarning(both.replay.warnings, 1, "both B and W"));
  CHECK(hasWarning(both.replay.warnings, 2, "2 values"));
}

TEST_CASE("a superko repetition under Chinese rules replays under simple ko") {
  // B takes a ko, both pass (which ends the game), W retakes: the position after the
  // setup comes back. Both relaxations apply and the replay completes.
  GameRecord r;
  r.size = {4, 3};
  r.rules = "Chinese";
  // . X O .
  // X O . O
  // . X O .
  r.setup = {{{1, 0}, Color::Black}, {{0, 1}, Color::Black}, {{1, 2}, Color::Black},
             {{2, 0}, Color::White}, {{1, 1}, Color::White}, {{3, 1}, Color::White},
             {{2, 2}, Color::White}};
  auto mv = [](Color c, std::optional<XY> xy) {
    RecordMove m;
    m.color = c;
    m.at = xy;
    return m;
  };
  r.moves = {mv(Color::Black, XY{2, 1}),  // B captures O at (1,1)
             mv(Color::White, std::nullopt), mv(Color::Black, std::nullopt),
             mv(Color::White, XY{1, 1})};  // W retakes: the position after the setup again
  const Replay rp = replayRecord(r);
  CHECK(rp.complete);
  CHECK(rp.game.rules().ko == KoRule::Simple);
  CHECK(hasWarning(rp.warnings, 4, "superko"));
  CHECK(hasWarning(rp.warnings, 4, "follows the passes"));
  CHECK(rp.game.board().at(1, 1) == Color::White);
  CHECK(rp.game.board().at(2, 1) == Color::Empty);
}

TEST_CASE("maxMoves stops the replay early (GTP loadsgf)") {
  ReplayOptions opt;
  opt.maxMoves = 2;
  const LoadedGame g = loadSgfGame("(;SZ[9];B[aa];W[bb];B[cc];W[dd])", opt);
  CHECK(g.replay.game.moves().size() == 2);
  CHECK_FALSE(g.replay.complete);
  CHECK(g.replay.game.toMove() == Color::Black);
}

TEST_CASE("writer: FF[4], CA[UTF-8], rectangular SZ, escaped comments") {
  GameRecord r;
  r.size = {13, 9};
  r.komi = 6.5;
  r.rules = "Japanese";
  r.blackName = "Kuro ] \\ san";
  r.whiteName = "白";
  r.result = "B+R";
  r.date = "2026-11-22";
  r.comment = "line one\nline ] two";
  r.setup = {{{0, 0}, Color::Black}, {{1, 1}, Color::White}};
  RecordMove m;
  m.color = Color::Black;
  m.at = XY{12, 8};
  m.comment = "a \\ comment";
  r.moves.push_back(m);
  m.color = Color::White;
  m.at = std::nullopt;
  m.comment.clear();
  r.moves.push_back(m);
  const std::string text = saveSgfGame(r);
  CHECK_THAT(text, Catch::StartsWith("(;FF[4]CA[UTF-8]GM[1]"));
  CHECK_THAT(text, Catch::Contains("SZ[13:9]"));
  CHECK_THAT(text, Catch::Contains("KM[6.5]"));
  CHECK_THAT(text, Catch::Contains("PB[Kuro \\] \\\\ san]"));
  CHECK_THAT(text, Catch::Contains(";W[]"));
  CHECK(rec(text) == r);
  GameRecord big = r;
  big.size = {53, 53};
  CHECK_THROWS_AS(recordToSgf(big), InputError);
  big.komi = 100;
  big.size = {19, 19};
  CHECK(rec(saveSgfGame(big)).komi == 100.0);
}

TEST_CASE("round trip of random games: write then read gives the same game") {
  const BoardSize sizes[] = {{9, 9}, {19, 19}, {13, 7}, {25, 25}, {52, 52}, {2, 1}};
  uint64_t seed = 1;
  for (const BoardSize s : sizes) {
    for (const char* rules : {"chinese", "japanese", "tromp-taylor"}) {
      Rules rl = Rules::named(rules);
      rl.komi = 5.5;
      Game game(s, rl);
      if (s.points() > 4) game.setup({{game.board().point(1, 0), Color::Black}});
      playRandomGame(game, ++seed, std::min(3 * s.points(), 400));
      const GameRecord r = recordFromGame(game);
      const std::string text = saveSgfGame(r);
      const LoadedGame back = loadSgfGame(text);
      INFO(s.str() << " " << rules);
      CHECK(back.record == r);
      CHECK(back.replay.complete);
      CHECK(back.replay.warnings.empty());
      CHECK(back.replay.game.board().hash() == game.board().hash());
      CHECK(back.replay.game.moves() == game.moves());
      CHECK(back.replay.game.rules().komi == game.rules().komi);
      CHECK(back.replay.game.rules().scoring == game.rules().scoring);
      CHECK(back.replay.game.rules().suicideAllowed == game.rules().suicideAllowed);
      CHECK(back.replay.game.toMove() == game.toMove());
    }
  }
}
