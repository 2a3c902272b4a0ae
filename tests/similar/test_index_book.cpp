// Position index and opening book on a folder of generated games (random 9x9 games
// written as SGF): exact matches under symmetry, nearest = brute force, region queries,
// table round trips, book lookups mapped back through the symmetry, corrupted files.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/board/errors.hpp"
#include "engine/board/random_player.hpp"
#include "engine/sgf/record.hpp"
#include "engine/similar/book.hpp"
#include "engine/similar/index.hpp"
#include "engine/similar/index_eval.hpp"
#include "tables/errors.hpp"
#include "tests/similar/similar_test_util.hpp"

using namespace engine;
namespace fs = std::filesystem;

namespace {

// A fresh directory of n random 9x9 games; games 0 and 1 share their first 6 moves
// (game 1 mirrored left-right), so openings repeat under symmetry.
struct GameFolder {
  fs::path dir;
  std::vector<std::string> files;
  explicit GameFolder(int n) {
    dir = fs::temp_directory_path() / ("fgo_similar_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::vector<Move> first;
    for (int g = 0; g < n; ++g) {
      Game game(BoardSize{9, 9}, Rules::named("chinese"));
      RandomPlayer player(100 + static_cast<uint64_t>(g));
      for (int i = 0; i < 40 && !game.over(); ++i) {
        Point p = player.choose(game);
        if (g == 1 && i < 6) {
          const XY xy = game.board().xy(first[static_cast<size_t>(i)].point);
          p = game.board().point(8 - xy.x, xy.y);
        }
        game.play(p, game.toMove());
      }
      if (g == 0) first = game.moves();
      GameRecord rec = recordFromGame(game);
      rec.blackName = "B" + std::to_string(g);
      rec.whiteName = "W" + std::to_string(g);
      rec.result = g % 2 ? "W+R" : "B+3.5";
      const std::string file = (dir / ("g" + std::to_string(g) + ".sgf")).string();
      writeFileBytes(file, saveSgfGame(rec));
      files.push_back(file);
    }
  }
  ~GameFolder() { fs::remove_all(dir); }
};

}  // namespace

TEST_CASE("index: exact matches under symmetry, nearest equals brute force, round trip") {
  GameFolder folder(12);
  std::vector<std::string> sorted = folder.files;
  std::sort(sorted.begin(), sorted.end());
  REQUIRE(listSgfFiles(folder.dir.string()) == sorted);
  std::vector<std::string> problems;
  const PositionIndex index = PositionIndex::build(folder.files, {}, &problems);
  CHECK(problems.empty());
  REQUIRE(index.games().size() == 12);
  CHECK(index.entries().size() == 12 * 40);
  CHECK(index.games()[1].black == "B1");

  // Position after 6 moves of game 1 is game 0's position mirrored: both match, and the
  // next move of game 0 comes back mirrored into game 1's frame.
  const LoadedPosition q = loadPosition(folder.files[1], 6);
  const auto ex = index.exact(q.game.board(), q.toMove);
  REQUIRE(ex.size() >= 2);
  CHECK(index.games()[index.entries()[ex[0].entry].game].id == "g0");
  CHECK(index.games()[index.entries()[ex[1].entry].game].id == "g1");
  const LoadedPosition p0 = loadPosition(folder.files[0], 6);
  const XY n0 = p0.game.board().xy(*p0.next);
  CHECK(ex[0].next == (8 - n0.x) + 9 * n0.y);
  CHECK(ex[1].next == encodeMove(q.game.board(), *q.next));
  CHECK(ex.size() == index.exactBrute(q.game.board(), q.toMove).size());

  for (int move : {0, 3, 10, 25, 39}) {
    const LoadedPosition lp = loadPosition(folder.files[static_cast<size_t>(move % 12)], move);
    const auto fast = index.nearest(lp.game.board(), lp.toMove, 7);
    const auto slow = index.nearestBrute(lp.game.board(), lp.toMove, 7);
    REQUIRE(fast.size() == slow.size());
    for (size_t i = 0; i < fast.size(); ++i) CHECK(fast[i].D == slow[i].D);
    REQUIRE(!fast.empty());
    CHECK(fast[0].D == 0);  // the position itself is indexed
    for (const auto& m : fast) CHECK(index.entries()[m.entry].toMove == lp.toMove);
  }

  // The whole board as a region gives the exact matches first.
  const auto reg = index.region(q.game.board(), q.toMove, {0, 0, 8, 8}, 3);
  REQUIRE(reg.size() == ex.size() + 3);
  for (size_t i = 0; i < ex.size(); ++i) CHECK(reg[i].exact);
  CHECK(!reg.back().exact);
  CHECK_THROWS_AS(index.region(q.game.board(), q.toMove, {0, 0, 9, 3}, 3), InputError);

  const std::string path = (folder.dir / "index.fgt").string();
  index.save(path);
  const PositionIndex back = PositionIndex::load(path);
  CHECK(back.games() == index.games());
  REQUIRE(back.entries().size() == index.entries().size());
  for (size_t i = 0; i < back.entries().size(); ++i) {
    CHECK(back.entries()[i].key == index.entries()[i].key);
    CHECK(back.entries()[i].next == index.entries()[i].next);
  }
  CHECK(back.store().rawMaps() == index.store().rawMaps());
  CHECK(back.stoneAt(5, 4, 4) == index.stoneAt(5, 4, 4));
  // A corrupted byte is refused with a table error, never a crash.
  std::string bytes = readFileBytes(path);
  bytes[bytes.size() / 2] ^= 0x40;
  writeFileBytes(path, bytes);
  CHECK_THROWS_AS(PositionIndex::load(path), tables::TableError);
}

TEST_CASE("region queries: the window table finds exactly what the scan finds") {
  GameFolder folder(12);
  PositionIndex index = PositionIndex::build(folder.files, {});
  const std::vector<Rect> rects = {{0, 0, 8, 8}, {0, 0, 5, 5}, {3, 3, 8, 8},
                                   {8, 0, 2, 6}, {0, 2, 8, 8}, {2, 2, 4, 4}};
  struct Answer {
    std::vector<IndexMatch> matches;
    RegionStats stats;
  };
  auto ask = [&](const LoadedPosition& lp, Rect r) {
    Answer a;
    a.matches = index.region(lp.game.board(), lp.toMove, r, 0, &a.stats);
    return a;
  };
  // Before the table is built every region query scans.
  const LoadedPosition first = loadPosition(folder.files[0], 20);
  CHECK_FALSE(ask(first, rects[1]).stats.windows);
  CHECK(index.buildWindowTable(2) > 0);
  REQUIRE(index.hasWindowTable());
  long windowed = 0, recurring = 0;
  for (size_t g = 0; g < folder.files.size(); g += 3) {
    for (int move : {4, 12, 25, 39}) {
      const LoadedPosition lp = loadPosition(folder.files[g], move);
      for (const Rect& r : rects) {
        const Answer a = ask(lp, r);
        const auto scan = index.regionExactScan(lp.game.board(), lp.toMove, r);
        REQUIRE(a.matches.size() == scan.size());
        for (size_t i = 0; i < scan.size(); ++i) {
          CHECK(a.matches[i].entry == scan[i].entry);
          CHECK(a.matches[i].D == scan[i].D);
          CHECK(a.matches[i].next == scan[i].next);
        }
        // The query position itself is indexed, so it always matches its own region.
        CHECK(std::any_of(scan.begin(), scan.end(), [&](const IndexMatch& m) {
          const IndexEntry& e = index.entries()[m.entry];
          return index.games()[e.game].id == lp.info.id && e.move == move;
        }));
        if (std::abs(r.x2 - r.x1) < 5 || std::abs(r.y2 - r.y1) < 5)
          CHECK_FALSE(a.stats.windows);  // no 6x6 window fits inside
        windowed += a.stats.windows;
        recurring += scan.size() > 1;
      }
    }
  }
  CHECK(windowed > 40);   // most queries used the table
  CHECK(recurring > 20);  // local shapes recur where whole positions do not
  // With k > 0 the approximate part follows the exact one, whichever path found that.
  const LoadedPosition lp = loadPosition(folder.files[3], 30);
  const auto both = index.region(lp.game.board(), lp.toMove, {0, 0, 5, 5}, 4);
  const auto exactPart = index.regionExactScan(lp.game.board(), lp.toMove, {0, 0, 5, 5});
  REQUIRE(both.size() == exactPart.size() + 4);
  for (size_t i = 0; i < both.size(); ++i) CHECK(both[i].exact == (i < exactPart.size()));
}

TEST_CASE("index stones and signatures agree with the replayed positions") {
  GameFolder folder(3);
  const PositionIndex index = PositionIndex::build(folder.files, {});
  for (uint32_t e = 0; e < index.entries().size(); e += 7) {
    const IndexEntry& en = index.entries()[e];
    const LoadedPosition lp =
        loadPosition(folder.files[std::stoul(index.games()[en.game].id.substr(1))], en.move);
    const CanonicalKey k = canonicalKey(lp.game.board(), lp.toMove);
    CHECK(k.key == en.key);
    CHECK(packStones(lp.game.board(), k.symmetry, false).size() == 21);
    for (int y = 0; y < 9; ++y) {
      for (int x = 0; x < 9; ++x) {
        const XY c = toCanonical(k, {x, y}, {9, 9});
        CHECK(index.stoneAt(e, c.x, c.y) == lp.game.board().at(x, y));
      }
    }
    CHECK(std::vector<int8_t>(index.store().signature(e), index.store().signature(e) + 81) ==
          signatureOf(spightMap(lp.game.board()), k.symmetry));
  }
}

TEST_CASE("opening book: counts, exact lookup mapped back, approximate fallback") {
  GameFolder folder(10);
  BookParams params;
  params.maxMove = 8;
  const OpeningBook book = OpeningBook::build(folder.files, params);
  CHECK(book.games() == 10);
  // The empty board is one position with 10 games' first moves.
  const BookAnswer start = book.lookup(Board(9, 9), Color::Black);
  REQUIRE(start.exact);
  uint32_t total = 0;
  for (const auto& s : start.moves) total += s.count;
  CHECK(total == 10);
  // Game 1 (mirror of game 0 for 6 moves): the shared position holds 2 games, and the
  // moves come back in the query's own frame.
  const LoadedPosition q = loadPosition(folder.files[1], 5);
  const BookAnswer a = book.lookup(q.game.board(), q.toMove);
  REQUIRE(a.exact);
  REQUIRE(a.moves.size() == 1);
  CHECK(a.moves[0].count == 2);
  CHECK(a.moves[0].move == encodeMove(q.game.board(), *q.next));
  // A transformed copy finds the same move, transformed.
  const Board t = simtest::transformed(q.game.board(), 6, false);
  const BookAnswer at = book.lookup(t, q.toMove);
  REQUIRE(at.exact);
  const XY nx = q.game.board().xy(*q.next);
  const XY tx = applySymmetry(6, nx, {9, 9});
  CHECK(at.moves[0].move == tx.y * 9 + tx.x);
  // Beyond the move limit nothing is exact; approximate finds neighbours when allowed.
  const LoadedPosition late = loadPosition(folder.files[2], 12);
  LookupParams lp;
  lp.approximate = false;
  CHECK(!book.lookup(late.game.board(), late.toMove, lp).found);
  lp.approximate = true;
  lp.maxDistance = 1.0;
  const BookAnswer ap = book.lookup(late.game.board(), late.toMove, lp);
  CHECK(ap.found);
  CHECK(!ap.exact);
  CHECK(ap.D > 0);
  const std::string path = (folder.dir / "book.fgt").string();
  book.save(path);
  const OpeningBook back = OpeningBook::load(path);
  CHECK(back.positions() == book.positions());
  CHECK(back.lookup(t, q.toMove).moves[0].move == at.moves[0].move);
  // Held-out evaluation on the same games: every position is in book exactly.
  BookEvalParams ep;
  ep.maxMove = 8;
  const BookEvalReport rep = evaluateBook(book, folder.files, ep);
  CHECK(rep.games == 10);
  CHECK(rep.exactRun == Approx(8.0));
  CHECK(rep.exactFound == rep.positions);
  CHECK(resultWinner("W+R") == Color::White);
  CHECK(resultWinner("B+0.5") == Color::Black);
  CHECK(resultWinner("Void") == Color::Empty);
}

TEST_CASE("index: staged and sketch searches equal brute force; the evaluation agrees") {
  GameFolder folder(12);
  const PositionIndex index = PositionIndex::build(folder.files, {});
  for (int move : {2, 11, 30}) {
    const LoadedPosition lp = loadPosition(folder.files[static_cast<size_t>(move % 12)], move);
    const Board& b = lp.game.board();
    for (long skip : {-1L, static_cast<long>(move % 12)}) {
      const auto slow = index.nearestBrute(b, lp.toMove, 6, skip);
      NearestParams p;
      p.skipGame = skip;
      for (auto method : {NearestParams::Method::Staged, NearestParams::Method::Sketch}) {
        p.method = method;
        const auto fast = index.nearest(b, lp.toMove, 6, p);
        REQUIRE(fast.size() == slow.size());
        for (size_t i = 0; i < fast.size(); ++i) CHECK(fast[i].D == slow[i].D);
        for (const auto& m : fast) CHECK(static_cast<long>(index.entries()[m.entry].game) != skip);
      }
    }
  }
  NearestParams bad;
  bad.method = NearestParams::Method::Staged;
  bad.candidates = 5;
  CHECK_THROWS_AS(index.nearest(Board(9, 9), Color::Black, 3, bad), InputError);

  NearestEvalParams ep;
  ep.moves = {5, 20, 60};
  ep.games = 6;
  ep.candidates = 3;  // few: recall may drop below 1
  ep.brute = 2;
  const auto rows = evaluateNearest(index, folder.files, ep);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].queries == 6);
  CHECK(rows[2].queries == 0);  // the games have 40 moves
  for (const auto& r : rows) {
    CHECK(r.recall1 >= 0);
    CHECK(r.recall1 <= 1);
    CHECK(r.recall5 <= 1);
    CHECK(r.exactMs.size() == r.queries);
    CHECK(r.bruteMs.size() == std::min<size_t>(2, r.queries));
  }
  ep.candidates = index.entries().size();  // every entry a candidate: exact
  for (const auto& r : evaluateNearest(index, folder.files, ep)) {
    if (r.queries > 0) CHECK(r.recall5 == 1);
  }
  CHECK(quantile({3, 1, 2, 4}, 0.5) == 2);
  CHECK(quantile({}, 0.9) == 0);
}

TEST_CASE("index: regional nearest by the masked sketch scan equals the scan") {
  GameFolder folder(12);
  const PositionIndex index = PositionIndex::build(folder.files, {});
  const std::vector<Rect> rects{{0, 0, 8, 8}, {0, 0, 4, 4}, {2, 1, 7, 5}, {3, 3, 3, 3}};
  for (int move : {4, 15, 33}) {
    const LoadedPosition lp = loadPosition(folder.files[static_cast<size_t>(move % 12)], move);
    const Board& b = lp.game.board();
    for (const Rect& rect : rects) {
      RegionStats st;
      const auto exact = index.region(b, lp.toMove, rect, 0);
      const auto all = index.region(b, lp.toMove, rect, 5, &st);
      std::vector<uint32_t> skip;
      for (const auto& m : exact) skip.push_back(m.entry);
      std::sort(skip.begin(), skip.end());
      const auto scan = index.regionNearestScan(b, lp.toMove, rect, 5, skip);
      INFO("move " << move << " rect " << rect.x1 << "," << rect.y1 << "," << rect.x2 << ","
                   << rect.y2);
      REQUIRE(all.size() == exact.size() + scan.size());
      for (size_t i = 0; i < scan.size(); ++i) {
        CHECK(all[exact.size() + i].entry == scan[i].entry);
        CHECK(all[exact.size() + i].D == scan[i].D);
      }
      // A 1x1 rectangle holds no whole 2x2 cell: the scan answers.
      CHECK(st.sketched == (rect.x2 > rect.x1));
      const auto approx = index.region(b, lp.toMove, rect, 5, nullptr, 2);
      REQUIRE(approx.size() == all.size());
      for (size_t i = exact.size(); i < approx.size(); ++i) CHECK(approx[i].D >= all[i].D);
    }
  }
}
