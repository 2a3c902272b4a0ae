// Territory: groups, safety and status, proto-territory, dead stones and the score
// estimate on small diagrams.
#include <algorithm>

#include <catch2/catch.hpp>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/board/score.hpp"
#include "engine/territory/detail.hpp"
#include "engine/territory/territory.hpp"

using namespace engine;

namespace {

// Status of the group holding the stone at (x, y).
GroupStatus statusAt(const Evaluation& ev, int x, int y) {
  const int32_t g = ev.groupOf[static_cast<size_t>(y) * ev.width + x];
  REQUIRE(g >= 0);
  return ev.groups[g].status;
}

// Two black stones at the top left with the dame (1, 0) and Black's own point (0, 2):
// once White fills the dame they are in atari and Black must connect at (0, 2). Black's
// group lives with the eyes at the edge below (the shape of Fox record 1504342227 at A12).
const char* const ATARI_AFTER_DAME = R"(
    X . O . . . .
    X O O . . . .
    . X O . . . .
    X X O . . . .
    . X O . . . .
    X X O . . . .
    . X O . . . .)";

Owner ownerAt(const Evaluation& ev, int x, int y) {
  return ev.ownership[static_cast<size_t>(y) * ev.width + x];
}

// Point reading by an ownership reader that gives columns 0..3 to Black, the rest to White.
TerritoryParams leftFourColumnsBlack() {
  TerritoryParams p;
  p.playouts = 100;
  p.readerForPoints = true;
  p.ownershipReader = [](const Board& board) {
    std::vector<float> v(static_cast<size_t>(board.width()) * board.height());
    for (size_t i = 0; i < v.size(); ++i) v[i] = i % board.width() <= 3 ? 1.f : -1.f;
    return v;
  };
  return p;
}

}  // namespace

TEST_CASE("a group with two eyes is alive", "[territory]") {
  const Board b = parseBoard(R"(
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X . .
    X . X . X . .
    X X X X X . .
    . . . . . . .)");
  const Evaluation ev = evaluate(b, 0);
  REQUIRE(ev.groups.size() == 1);
  CHECK(statusAt(ev, 0, 3) == GroupStatus::Alive);
  CHECK(ev.groups[0].eyes >= 2.0);
  CHECK(ev.groups[0].safety == 1.0);
  CHECK(ev.deadStones.empty());
}

TEST_CASE("a one-eyed group inside the opponent's area is dead", "[territory]") {
  const Board b = parseBoard(R"(
    . O . O X . . . .
    O O O O X . . . .
    O X X O X . . . .
    O . X O X . . . .
    O X X O X X X X X
    O O O O O O O O O
    . . . . . . . . .
    . O . . . . . O .
    . . . . . . . . .)");
  const Evaluation ev = evaluate(b, 0);
  CHECK(statusAt(ev, 1, 2) == GroupStatus::Dead);
  CHECK(statusAt(ev, 0, 5) == GroupStatus::Alive);
  CHECK(statusAt(ev, 4, 0) != GroupStatus::Dead);
  CHECK(ev.deadStones.size() == 5);
  // The dead stones and their eye count for White.
  CHECK(ownerAt(ev, 1, 2) == Owner::White);
  CHECK(ownerAt(ev, 1, 3) == Owner::White);
}

TEST_CASE("seki: two groups sharing liberties, neither with two eyes", "[territory]") {
  // Bottom-left corner: the white group and the black stone on the edge share the two
  // liberties a and b (whoever fills one is captured); the black wall lives above.
  const Board b = parseBoard(R"(
    . . . . . . . . .
    . X . . . X . . .
    . . . . . . . . .
    X X X X X X X X X
    . . . . . X O O O
    . . . . . X O . .
    X X X X X X O . .
    O O O O X O O . .
    . X . O X O . . .)");
  const Evaluation ev = evaluate(b, 0);
  CHECK(statusAt(ev, 0, 7) == GroupStatus::Seki);  // the white group
  CHECK(statusAt(ev, 1, 8) == GroupStatus::Seki);  // the black stone
  CHECK(statusAt(ev, 0, 6) == GroupStatus::Alive);
  // The shared liberties are nobody's; the seki stones stay their own.
  CHECK(ownerAt(ev, 0, 8) == Owner::None);
  CHECK(ownerAt(ev, 2, 8) == Owner::None);
  CHECK(ownerAt(ev, 0, 7) == Owner::White);
  CHECK(std::find(ev.deadStones.begin(), ev.deadStones.end(), b.point(1, 8)) ==
        ev.deadStones.end());
}

TEST_CASE("an eye wins the race against an invader sharing its liberties: no seki", "[territory]") {
  // Left edge: the black chain has an eye of its own at a (0, 0) and the region b..c
  // (0, 2)..(0, 4) holding the white stone w (0, 3), whose two liberties are both
  // Black's. w has no eye: the shared liberties count for Black's eye (Müller 2002), Black
  // fills b or c and captures, White can never fill Black's last liberty. Black lives with
  // two eyes and w is dead (the shape of 1516010842 A4, where the static rule called
  // the Black group seki and lost the eye C4 from the territory).
  const Board b = parseBoard(R"(
    . X O . . . .
    X X O . . . .
    . X O . . . .
    O X O . . . .
    . X O . . . .
    X X O . . . .
    O O O . . . .)");
  TerritoryParams p;
  p.semeaiEyes = true;
  const Evaluation ev = evaluate(b, 0, p);
  CHECK(statusAt(ev, 1, 0) == GroupStatus::Alive);
  CHECK(statusAt(ev, 0, 3) == GroupStatus::Dead);
  CHECK(ownerAt(ev, 0, 0) == Owner::Black);
  CHECK(ownerAt(ev, 0, 2) == Owner::Black);
  CHECK(ownerAt(ev, 0, 3) == Owner::Black);
  p.semeaiEyes = false;
  const Evaluation stat = evaluate(b, 0, p);
  CHECK(statusAt(stat, 1, 0) == GroupStatus::Seki);
  CHECK(statusAt(stat, 0, 3) == GroupStatus::Seki);
  CHECK(stat.blackTerritory < ev.blackTerritory);
}

TEST_CASE("territory counting: a seki's eye is not territory, area counting keeps it",
          "[territory]") {
  // Bottom right (the corner of the Fox record 1416836531019999376): the black group has
  // one eye at a and shares the liberties b and c with the two white stones; whoever
  // fills b or c is captured: seki. Japanese rules count no territory in a seki, its eye
  // included; the whole white wall lives with its eyes at the top left.
  const Board b = parseBoard(R"(
    . O . O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O X X X O
    O O O O O O O X X
    O O O O O O X X .
    O O O O O X X O O
    O O O O O X . X .)");
  const Evaluation ev = evaluate(b, 0);
  REQUIRE(statusAt(ev, 5, 4) == GroupStatus::Seki);
  REQUIRE(statusAt(ev, 7, 7) == GroupStatus::Seki);
  CHECK(ownerAt(ev, 6, 8) == Owner::Black);  // the eye: Black's area
  CHECK(ownerAt(ev, 8, 6) == Owner::None);   // the shared liberties: dame
  CHECK(ownerAt(ev, 8, 8) == Owner::None);
  CHECK(ev.blackTerritory == 0);
  TerritoryParams off;
  off.sekiEyesNoTerritory = false;
  const Evaluation chinese = evaluate(b, 0, off);
  CHECK(chinese.blackTerritory == 1);
  CHECK(chinese.blackArea == ev.blackArea);
  CHECK(chinese.whiteTerritory == ev.whiteTerritory);
}

TEST_CASE("proto-territory of a simple framework", "[territory]") {
  // Black's corner framework (top left) and White's (bottom right), open to the centre.
  const Board b = parseBoard(R"(
    . . . X . . . . .
    . . . X . . . . .
    . . . X . . . . .
    X X X . . . . . .
    . . . . . . . . .
    . . . . . . O O O
    . . . . . O . . .
    . . . . . O . . .
    . . . . . O . . .)");
  const Evaluation ev = evaluate(b, 0);
  // Inside each framework: that player's proto-territory; the open centre and the far
  // corners nobody's.
  CHECK(ev.protoTerritory[0 * 9 + 0] == Owner::Black);
  CHECK(ev.protoTerritory[1 * 9 + 1] == Owner::Black);
  CHECK(ev.protoTerritory[8 * 9 + 8] == Owner::White);
  CHECK(ev.protoTerritory[7 * 9 + 7] == Owner::White);
  CHECK(ev.protoTerritory[4 * 9 + 4] == Owner::None);
  CHECK(ev.protoTerritory[0 * 9 + 8] == Owner::None);
  CHECK(ev.protoTerritory[8 * 9 + 0] == Owner::None);
  // The frameworks are symmetric: the score is even.
  CHECK(ev.blackArea == ev.whiteArea);
  for (const GroupInfo& g : ev.groups) CHECK(g.status != GroupStatus::Dead);
}

TEST_CASE("finished 9x9 position: estimate equals Tromp-Taylor without the dead stones",
          "[territory]") {
  // Borders closed; a dead white stone in Black's area, two dead black stones in White's.
  const Board b = parseBoard(R"(
    . . X O . . . . .
    . X X O . . O . .
    . X O O . X X . .
    X X O O O O O O O
    . X X X X X X X X
    . . . . X . . . .
    . O . . X . . . .
    . . . . X . . . .
    . . . . X . . . .)");
  const Evaluation ev = evaluate(b, 6.5);
  std::vector<Point> expectDead = {b.point(5, 2), b.point(6, 2), b.point(1, 6)};
  std::sort(expectDead.begin(), expectDead.end());
  CHECK(ev.deadStones == expectDead);
  const Score area = areaScore(b, 6.5, ev.deadStones);
  CHECK(ev.areaMargin() == Approx(area.margin()));
  CHECK(ev.blackArea == area.black);
  CHECK(ev.whiteArea == area.white);
  const Score terr = territoryScore(b, 6.5, ev.deadStones);
  CHECK(ev.territoryMargin() == Approx(terr.margin()));
}

TEST_CASE("unfinished positions: open regions are not counted outright", "[territory]") {
  // Empty board: nobody owns anything, the estimate is komi.
  Board empty(19, 19);
  CHECK(evaluate(empty, 6.5).areaMargin() == -6.5);
  // One stone on 19x19 and a stone each: close to komi, nowhere near a whole board.
  Board one(19, 19);
  one.play(one.point(3, 3), Color::Black);
  const Evaluation e1 = evaluate(one, 6.5);
  CHECK(std::abs(e1.areaMargin() + 6.5) <= 2);
  CHECK(std::abs(e1.territoryMargin() + 6.5) <= 2);
  one.play(one.point(15, 15), Color::White);
  CHECK(std::abs(evaluate(one, 6.5).areaMargin() + 6.5) <= 2);
  // A closed black corner (9 of 81 points) is Black's outright; the open rest is not.
  const Board b = parseBoard(R"(
    . . . X . . . . .
    . . . X . . . . .
    . . . X . . . . .
    X X X X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const Evaluation ev = evaluate(b, 0);
  CHECK(ev.ownership[0] == Owner::Black);
  CHECK(ev.ownership[2 * 9 + 2] == Owner::Black);
  CHECK(ev.ownership[8 * 9 + 8] == Owner::None);
  CHECK(ev.blackArea < 81 / 2);
  // The limit is a parameter: with every region settled, the old Tromp-Taylor reading.
  TerritoryParams all;
  all.maxOutrightRegion = 1.0;
  CHECK(evaluate(b, 0, all).blackArea == 81);
}

TEST_CASE("playout check: agrees on clear cases and repeats itself", "[territory]") {
  // White's stones with a one-point eye inside Black's closed corner stay dead under the
  // playout check (the corpus test in test_random.cpp shows where the check helps).
  const Board b = parseBoard(R"(
    . . . . X . . . .
    . O O . X . . . .
    . O . O X . . . .
    . O O . X . . . .
    X X X X X . . . .
    . . . . . . . . .
    . . . . . . O O O
    . . . . . . O . .
    . . . . . . O . .)");
  TerritoryParams p;
  p.playouts = 100;
  const Evaluation ev = evaluate(b, 0, p);
  CHECK(ev.groups[ev.groupOf[1 * 9 + 1]].status == GroupStatus::Dead);
  CHECK(ev.ownership[2 * 9 + 2] == Owner::Black);
  // Deterministic: the same answer twice.
  CHECK(evaluate(b, 0, p).deadStones == ev.deadStones);
  const Board settled = parseBoard(R"(
    . . X O .
    . . X O .
    . . X O .
    . . X O .
    . . X O .)");
  const Evaluation s = evaluate(settled, 0, p);
  CHECK(s.deadStones.empty());
  CHECK(s.blackArea == 15);
  CHECK(s.whiteArea == 10);
}

TEST_CASE("playout check: contested points keep their owners and the dame stays nobody's",
          "[territory]") {
  // Black's wall has a hole at (3, 4) that nobody closed, so the region behind it touches
  // White through the hole and the dame column: it is read point by point, from
  // proto-territory and, where they are clear, the playouts' owners. Those must not hand
  // the dame column or Black's side to White.
  const Board b = parseBoard(R"(
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . . . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .
    . . . X . O . . .)");
  TerritoryParams p;
  p.playouts = 100;
  const Evaluation ev = evaluate(b, 0, p);
  for (int y = 0; y < 9; ++y) {
    CHECK(ownerAt(ev, 4, y) == Owner::None);
    CHECK(ownerAt(ev, 0, y) == Owner::Black);
    CHECK(ownerAt(ev, 8, y) == Owner::White);
  }
  CHECK(ev.whiteArea == 36);
  CHECK(ev.blackArea >= 27);
}

TEST_CASE("safe playouts keep a seki that uniform playouts break", "[territory]") {
  // The seki of the test above: filling a shared liberty puts one's own chain of two or
  // more stones in atari, which the safe policy never does, so both sides keep their
  // stones in every safe playout; uniform random playouts fill and get captured.
  const Board b = parseBoard(R"(
    . . . . . . . . .
    . X . . . X . . .
    . . . . . . . . .
    X X X X X X X X X
    . . . . . X O O O
    . . . . . X O . .
    X X X X X X O . .
    O O O O X O O . .
    . X . O X O . . .)");
  using territory_detail::playoutOwnership;
  const std::vector<float> safe = playoutOwnership(b, 64, 7, true);
  const std::vector<float> uniform = playoutOwnership(b, 64, 7, false);
  auto at = [](const std::vector<float>& v, int x, int y) { return v[y * 9 + x]; };
  INFO("white seki group: safe " << at(safe, 0, 7) << ", uniform " << at(uniform, 0, 7)
                                 << "; black seki stone: safe " << at(safe, 1, 8) << ", uniform "
                                 << at(uniform, 1, 8));
  CHECK(at(safe, 0, 7) <= -0.9f);  // White's in (nearly) every safe playout
  CHECK(at(safe, 1, 8) >= 0.9f);
  CHECK(at(uniform, 0, 7) > at(safe, 0, 7));  // uniform playouts lose the white group
  // Both stay deterministic for a seed.
  CHECK(playoutOwnership(b, 64, 7, true) == safe);
}

TEST_CASE("chains around a protected point are one group", "[territory]") {
  // No shapes and no shared-liberty joins: only the protected-point rule can join.
  const ShapeLibrary none = ShapeLibrary::fromShapes({});
  TerritoryParams p;
  p.shapes = &none;
  p.joinSharedLiberties = false;
  auto group = [](const Evaluation& ev, int x, int y) {
    return ev.groupOf[static_cast<size_t>(y) * ev.width + x];
  };
  // A White stone at a would be suicide: the three black chains are one group.
  const Board protectedBoard = parseBoard(R"(
    . X . X .
    . . X . .
    . . . . .
    . . . . .
    . . . . .)");
  Evaluation ev = evaluate(protectedBoard, 0, p);
  CHECK(group(ev, 1, 0) == group(ev, 3, 0));
  CHECK(group(ev, 1, 0) == group(ev, 2, 1));
  p.joinProtectedPoints = false;
  ev = evaluate(protectedBoard, 0, p);
  CHECK(group(ev, 1, 0) != group(ev, 3, 0));
  p.joinProtectedPoints = true;
  // A White stone between the two would keep two liberties: a real cutting point.
  const Board open = parseBoard(R"(
    . . . . .
    . X . X .
    . . . . .
    . . . . .
    . . . . .)");
  ev = evaluate(open, 0, p);
  CHECK(group(ev, 1, 1) != group(ev, 3, 1));
  // A White stone at the junction captures the black stones in atari: not protected.
  const Board capturing = parseBoard(R"(
    O X . X O
    . O X O .
    . . O . .
    . . . . .
    . . . . .)");
  ev = evaluate(capturing, 0, p);
  CHECK(group(ev, 1, 0) != group(ev, 3, 0));
  CHECK(group(ev, 1, 0) != group(ev, 2, 1));
}

TEST_CASE("a false cutting point joins a weak group to a living one", "[territory]") {
  // The four black stones below touch the living group above only at a, where a White
  // stone would have one liberty and be captured at once: one living group. Without
  // the rule they share one eye (a and the point below it) and are dead.
  const Board b = parseBoard(R"(
    . X . X O . . . .
    X X X X O . . . .
    O O X O O . . . .
    O X . X O . . . .
    O X . X O . . . .
    O O O O O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  Evaluation ev = evaluate(b, 0);
  CHECK(ev.groupOf[3 * 9 + 1] == ev.groupOf[0 * 9 + 1]);
  CHECK(ev.groupOf[4 * 9 + 3] == ev.groupOf[0 * 9 + 1]);
  CHECK(statusAt(ev, 1, 4) == GroupStatus::Alive);
  CHECK(statusAt(ev, 3, 3) == GroupStatus::Alive);
  TerritoryParams p;
  p.joinProtectedPoints = false;
  ev = evaluate(b, 0, p);
  CHECK(statusAt(ev, 1, 4) == GroupStatus::Dead);
}

TEST_CASE("playout check: eyes borrowed from an invaded region are checked, own eyes not",
          "[territory]") {
  // White's area (top right) holds a black stone in atari. White has no eye of its own
  // (its region holds that stone), so the static reading counts White's whole area as
  // eye space of the black stone: eyes 2. Only its own eyes (none) make the hard
  // override; the playouts capture it every time: dead. The big black group has two
  // eyes of its own and stays alive.
  const Board b = parseBoard(R"(
    X . X . X X X O . . . . .
    X X X X X X X O . . O . .
    X X X X X X X O . O X O .
    X X X X X X X O . . . . .
    X X X X X X X O . . . . .
    X X X X X X X O O O O O O
    X X X X X X X X X X X X X
    X X X X X X X X X X X X X
    X X X X X X X X X X X X X
    X X X X X X X X X X X X X
    X X X X X X X X X X X X X
    X . X . X X X X X X X X X
    X X X X X X X X X X X X X)");
  const Evaluation stat = evaluate(b, 0);
  const int32_t stone = stat.groupOf[2 * 13 + 10];
  REQUIRE(stone >= 0);
  CHECK(stat.groups[stone].eyes >= 2.0);
  CHECK(stat.groups[stone].pureEyes == 0.0);
  TerritoryParams p;
  p.playouts = 100;
  const Evaluation checked = evaluate(b, 0, p);
  CHECK(statusAt(checked, 10, 2) == GroupStatus::Dead);
  CHECK(statusAt(checked, 0, 0) == GroupStatus::Alive);
  CHECK(checked.groups[checked.groupOf[0]].pureEyes >= 2.0);
}

TEST_CASE("playout check: an ownership reader replaces the light playouts", "[territory]") {
  // The one-eyed white group inside Black's corner, read by a reader that says what it
  // is told: White everywhere keeps it (not dead), Black everywhere kills it. The black
  // wall with its own two eyes is a hard override either way.
  const Board b = parseBoard(R"(
    . . . . X . X . .
    . O O . X X X X X
    . O . O X . . . .
    . O O . X . . . .
    X X X X X . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  int calls = 0;
  auto everywhere = [&calls](float v) {
    return [v, &calls](const Board& board) {
      ++calls;
      return std::vector<float>(static_cast<size_t>(board.width()) * board.height(), v);
    };
  };
  TerritoryParams p;
  p.playouts = 100;
  p.ownershipReader = everywhere(-1.f);
  Evaluation ev = evaluate(b, 0, p);
  CHECK(calls == 1);
  CHECK(statusAt(ev, 1, 1) != GroupStatus::Dead);
  CHECK(statusAt(ev, 4, 0) == GroupStatus::Alive);
  p.ownershipReader = everywhere(1.f);
  ev = evaluate(b, 0, p);
  CHECK(statusAt(ev, 1, 1) == GroupStatus::Dead);
  // No playouts, no reading.
  p.playouts = 0;
  ev = evaluate(b, 0, p);
  CHECK(calls == 2);
  // A reader giving the wrong number of points is an input error, not a crash.
  p.playouts = 100;
  p.ownershipReader = [](const Board&) { return std::vector<float>(3, 0.f); };
  CHECK_THROWS_AS(evaluate(b, 0, p), InputError);
}

TEST_CASE("territory counting: a chain in atari once the dame are filled costs a point",
          "[territory]") {
  // Top left (the shape of the Fox record 1504342227019999370 at A12): the two black
  // stones at the top have the dame a and Black's own point b. When White fills a they
  // are in atari and Black must connect at b (the record's count and GNU Go's: b is
  // dame). Black's group lives with the eyes at the edge below.
  const Board b = parseBoard(ATARI_AFTER_DAME);
  const Evaluation ev = evaluate(b, 0);
  REQUIRE(statusAt(ev, 0, 0) == GroupStatus::Alive);
  REQUIRE(statusAt(ev, 1, 3) == GroupStatus::Alive);
  REQUIRE(ownerAt(ev, 0, 2) == Owner::Black);
  CHECK(ev.fillPoints == std::vector<Point>{b.point(0, 2)});
  CHECK(ev.blackTerritory == 2);  // the eyes at (0, 4) and (0, 6)
  TerritoryParams off;
  off.fillAfterDame = false;
  const Evaluation counted = evaluate(b, 0, off);
  CHECK(counted.fillPoints.empty());
  CHECK(counted.blackTerritory == 3);
  CHECK(counted.blackArea == ev.blackArea);  // area counting: the filling stone is area
  CHECK(counted.whiteTerritory == ev.whiteTerritory);
}

TEST_CASE("territory counting: a point next to stones of both colours is dame", "[territory]") {
  // A hole at (3, 2) in Black's wall that White's wall touches: whoever the playouts give
  // it to, it stays next to both colours, so territory counting counts it for nobody
  // (area counting keeps the playouts' owner). The reader says Black on the left half.
  const Board b = parseBoard(R"(
    . . . X O . .
    . . . X O . .
    . . . . O . .
    . . . X O . .
    . . . X O . .)");
  TerritoryParams p = leftFourColumnsBlack();
  const Evaluation ev = evaluate(b, 0, p);
  REQUIRE(ownerAt(ev, 3, 2) == Owner::Black);
  CHECK(ev.blackTerritory == 15);  // columns 0..2
  CHECK(ev.whiteTerritory == 10);
  p.borderDameNoTerritory = false;
  const Evaluation counted = evaluate(b, 0, p);
  CHECK(counted.blackTerritory == 16);
  CHECK(counted.blackArea == ev.blackArea);
}

TEST_CASE("territory counting: a chain its owner can connect by filling a dame owes nothing",
          "[territory]") {
  // The white stone C at (3, 2) has one liberty of White's own, e at (4, 2), and two
  // dame, a at (3, 1) and b at (3, 3). Black fills one of them; White fills the other and
  // so joins C to a wall with plenty of liberties in White's area: e stays territory
  // (the shape of 1415886847 O12 and 1489235695 F13, which GNU Go and the records count).
  // With every dame counted as filled by Black (the session-7 rule), C is in atari and
  // White must connect at e.
  const Board b = parseBoard(R"(
    . X . O O . .
    . X X . O . .
    . X X O . . .
    . X X . O . .
    . X . O O . .)");
  const Evaluation ev = evaluate(b, 0);
  REQUIRE(statusAt(ev, 1, 0) == GroupStatus::Alive);
  REQUIRE(statusAt(ev, 3, 2) != GroupStatus::Dead);
  REQUIRE(ownerAt(ev, 4, 2) == Owner::White);
  CHECK(ev.fillPoints.empty());
  CHECK(ev.whiteTerritory == 11);  // columns 5..6 and e
  CHECK(ev.blackTerritory == 5);   // column 0
  TerritoryParams old;
  old.fillReadsDame = false;
  const Evaluation charged = evaluate(b, 0, old);
  CHECK(charged.fillPoints == std::vector<Point>{b.point(4, 2)});
  CHECK(charged.whiteTerritory == 10);
  CHECK(charged.whiteArea == ev.whiteArea);
}

TEST_CASE("territory counting: one saving dame is not enough", "[territory]") {
  // Top left: the black stones at (0, 0) and (0, 1) have the dame a at (1, 0) and
  // Black's own point (0, 2). White fills a first, so Black must connect at (0, 2)
  // whatever he could do with a himself: the point is charged with or without the
  // reading of the dame.
  const Board b = parseBoard(ATARI_AFTER_DAME);
  for (bool read : {false, true}) {
    TerritoryParams p;
    p.fillReadsDame = read;
    const Evaluation ev = evaluate(b, 0, p);
    CHECK(ev.fillPoints == std::vector<Point>{b.point(0, 2)});
  }
}

TEST_CASE("territory counting: a point behind a dame is dame", "[territory]") {
  // Black's point p at (2, 2) has one empty neighbour, the dame d at (3, 2) between the
  // walls. Whoever fills d, p is next to a White stone or must be filled by Black: GNU Go
  // and the records count it as dame (1510300345 K1, 1512206155 O9). The reader gives
  // columns 0..3 to Black.
  const Board b = parseBoard(R"(
    . . X . O . .
    . . X X O . .
    . X . . O . .
    . . X X O . .
    . . X . O . .)");
  TerritoryParams p = leftFourColumnsBlack();
  const Evaluation ev = evaluate(b, 0, p);
  REQUIRE(ownerAt(ev, 2, 2) == Owner::Black);
  REQUIRE(ownerAt(ev, 3, 2) == Owner::Black);
  CHECK(ev.noTerritory[2 * 7 + 2] == 1);
  CHECK(ev.blackTerritory == 9);  // columns 0..1 but the stone at (1, 2)
  CHECK(ev.whiteTerritory == 10);
  p.behindDameNoTerritory = false;
  const Evaluation counted = evaluate(b, 0, p);
  CHECK(counted.noTerritory[2 * 7 + 2] == 0);
  CHECK(counted.blackTerritory == 10);
  CHECK(counted.blackArea == ev.blackArea);
}

TEST_CASE("territory counting: a chain short of liberties beside dead stones must fill",
          "[territory]") {
  // The black stone C at (3, 0) touches the dame d at (4, 0), Black's own point e at
  // (3, 1) and the dead white stone at (2, 0). Without the dead stone C would keep two
  // points of its own (e and (2, 0)); with it in place, once White fills d, C is in atari
  // and Black must play inside his own area (connect at e or capture at (1, 0)): a point
  // of territory lost (the shape of 1489235695 K14, where GNU Go and the record count it
  // as dame).
  const Board b = parseBoard(R"(
    . . O X . O .
    X X X . X O .
    . X . X X O .
    X X X X O O .
    . . X O O . .
    . . X O . . .
    . . X O . . .)");
  TerritoryParams p;
  p.fillBesideDead = true;
  const Evaluation ev = evaluate(b, 0, p);
  REQUIRE(statusAt(ev, 2, 0) == GroupStatus::Dead);
  REQUIRE(statusAt(ev, 3, 0) == GroupStatus::Alive);
  REQUIRE(ownerAt(ev, 3, 1) == Owner::Black);
  CHECK(ev.fillPoints == std::vector<Point>{b.point(3, 1)});
  p.fillBesideDead = false;
  const Evaluation counted = evaluate(b, 0, p);
  CHECK(counted.fillPoints.empty());
  CHECK(counted.blackTerritory == ev.blackTerritory + 1);
  CHECK(counted.blackArea == ev.blackArea);
  CHECK(counted.whiteTerritory == ev.whiteTerritory);
}

TEST_CASE("territory counting: a second fill beside dead stones", "[territory]") {
  // The black chain C at (1..3, 3) has Black's own point e at (2, 2) and the dame (4, 3)
  // once the dead white stones (1, 1), (1, 2) and (3, 2) are in place (the shape of
  // 1489235695 K14/L15, colours swapped). After White fills the dame, Black connects at
  // e; the dead stones, not in atari, still take the liberties, so Black must play once
  // more at (2, 1): two points of territory lost, as GNU Go and the record count it.
  const Board b = parseBoard(R"(
    X . . . . X
    X O . . . X
    X O . O X X
    O X X X . O
    O O O O O O
    . . . . . .
    . . . . . .)");
  TerritoryParams p;
  p.fillBesideDeadRounds = 1;
  const Evaluation once = evaluate(b, 0, p);
  REQUIRE(statusAt(once, 1, 1) == GroupStatus::Dead);
  REQUIRE(statusAt(once, 3, 2) == GroupStatus::Dead);
  REQUIRE(statusAt(once, 1, 3) == GroupStatus::Alive);
  CHECK(once.fillPoints == std::vector<Point>{b.point(2, 2)});
  p.fillBesideDeadRounds = 2;
  const Evaluation twice = evaluate(b, 0, p);
  CHECK(twice.fillPoints == std::vector<Point>{b.point(2, 1), b.point(2, 2)});
  CHECK(twice.blackTerritory == once.blackTerritory - 1);
  CHECK(twice.blackArea == once.blackArea);
}

TEST_CASE("territory counting: an unsettled chain beside dead stones must fill too",
          "[territory]") {
  // The black stone C at (3, 0) touches the dame d (4, 0), Black's own point e (3, 1) and
  // the dead white stones at (1, 0)-(2, 0). The black group has one eye (e) of its own and
  // little room: unsettled, and counted as Black's like an alive one. Once White fills d,
  // C is in atari with the dead stones in place, and Black must play inside (the shape of
  // 1571120504 E16, which GNU Go and the record count as dame). With the rule reading
  // alive chains only, e stays territory.
  const Board b = parseBoard(R"(
    . O O X . O O
    X X X . X O .
    X X X X X O .
    O O O O O O .
    . . . . . . .
    . . . . . . .
    . . . . . . .)");
  TerritoryParams p;
  p.fillBesideUnsettled = true;
  const Evaluation ev = evaluate(b, 0, p);
  REQUIRE(statusAt(ev, 3, 0) == GroupStatus::Unsettled);
  REQUIRE(statusAt(ev, 1, 0) == GroupStatus::Dead);
  REQUIRE(ownerAt(ev, 3, 1) == Owner::Black);
  CHECK(std::find(ev.fillPoints.begin(), ev.fillPoints.end(), b.point(3, 1)) !=
        ev.fillPoints.end());
  p.fillBesideUnsettled = false;
  const Evaluation aliveOnly = evaluate(b, 0, p);
  CHECK(std::find(aliveOnly.fillPoints.begin(), aliveOnly.fillPoints.end(), b.point(3, 1)) ==
        aliveOnly.fillPoints.end());
  CHECK(aliveOnly.blackTerritory > ev.blackTerritory);
  CHECK(aliveOnly.blackArea == ev.blackArea);
}
