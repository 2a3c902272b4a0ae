// The opening-book player: plays the book's move while in book (mapped to the game's
// orientation), defers to the wrapped player out of book, and never plays an illegal move.
#include <catch2/catch.hpp>

#include <filesystem>

#include "engine/board/errors.hpp"
#include "engine/gtp/book_player.hpp"
#include "engine/sgf/record.hpp"

using namespace engine;
namespace fs = std::filesystem;

namespace {

// A player that always answers the same point and counts its calls.
class FixedPlayer : public Player {
 public:
  explicit FixedPlayer(Point p, int* calls) : p_(p), calls_(calls) {}
  Point chooseMove(const Game&, const ClockState&, MoveRequest) override {
    ++*calls_;
    return p_;
  }
  std::string description() const override { return "fixed"; }

 private:
  Point p_;
  int* calls_;
};

// A 9x9 game record from moves given as (x, y) pairs, Black first.
std::string gameSgf(const std::vector<XY>& moves) {
  Game game(BoardSize{9, 9}, Rules::named("chinese"));
  for (XY m : moves) REQUIRE(game.play(game.board().point(m), game.toMove()) == MoveError::None);
  GameRecord rec = recordFromGame(game);
  rec.result = "B+R";
  return saveSgfGame(rec);
}

}  // namespace

TEST_CASE("book player follows the book, mapped through the symmetry, then defers") {
  const fs::path dir =
      fs::temp_directory_path() / ("fgo_book_player_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  // Two games opening at the 3-3 point of the top-left corner; one then answers at (6, 2).
  writeFileBytes((dir / "a.sgf").string(), gameSgf({{2, 2}, {6, 2}, {6, 6}}));
  writeFileBytes((dir / "b.sgf").string(), gameSgf({{2, 2}, {6, 2}, {2, 6}}));
  BookParams params;
  params.maxMove = 3;
  auto book =
      std::make_shared<const OpeningBook>(OpeningBook::build(listSgfFiles(dir.string()), params));
  fs::remove_all(dir);
  int calls = 0;
  Game probe(BoardSize{9, 9}, Rules::named("chinese"));
  const Point fixed = probe.board().point(4, 4);
  BookPlayerParams bp;
  bp.lookup.approximate = false;
  BookPlayer player(book, std::make_unique<FixedPlayer>(fixed, &calls), bp);
  CHECK(player.description().find("then fixed") != std::string::npos);

  Game game(BoardSize{9, 9}, Rules::named("chinese"));
  // Move 1 from the book: a 3-3 point (all four are the same canonical move).
  const Point first = player.chooseMove(game, {}, MoveRequest::Normal);
  const XY f = game.board().xy(first);
  CHECK(((f.x == 2 || f.x == 6) && (f.y == 2 || f.y == 6)));
  CHECK(calls == 0);
  // Black took the bottom-right 3-3 instead: the book answer is mirrored to match.
  game.play(game.board().point(6, 6), Color::Black);
  const Point second = player.chooseMove(game, {}, MoveRequest::Normal);
  const XY s = game.board().xy(second);
  CHECK(((s == XY{2, 6}) || (s == XY{6, 2})));
  CHECK(player.bookMoves() == 2);
  // A position the book does not hold goes to the fallback.
  game.play(game.board().point(0, 0), Color::White);
  CHECK(player.chooseMove(game, {}, MoveRequest::Normal) == fixed);
  CHECK(calls == 1);
  // Cleanup requests always go to the fallback; so do other board sizes.
  Game fresh(BoardSize{9, 9}, Rules::named("chinese"));
  CHECK(player.chooseMove(fresh, {}, MoveRequest::Cleanup) == fixed);
  Game big(BoardSize{13, 13}, Rules::named("chinese"));
  CHECK(player.bookMove(big) == NO_POINT);
  CHECK_THROWS_AS(BookPlayer(nullptr, std::make_unique<FixedPlayer>(fixed, &calls)), InputError);
}
