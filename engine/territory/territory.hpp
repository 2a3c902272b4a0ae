// Territory: groups, their safety and status, proto-territory, dead stones and a score
// estimate for any position (issue 4, "Groups and safety" and "Territory and score").
//
// Reading guide. Start with evaluate() below: it is a pure function of a Board and
// returns an Evaluation (groups with status, ownership per point, dead stones, area and
// territory counts, score estimates). The steps, each in its own file:
//   groups.cpp     chains joined into groups by connection-shape matches (shapes library,
//                  confidence-weighted) and by proved links (two shared liberties);
//   safety.cpp     eye potential (regions enclosed by the group, eye-shape matches),
//                  liberties, room to live; a numeric safety and a status per group,
//                  seki between opposing weak groups;
//   territory.cpp  proto-territory from an influence model, the dead-group layer,
//                  counting and the score.
// docs/EVALUATION.md gives the method, the thresholds and the measured accuracy.
//
// Sign convention: Owner::Black / Owner::White (influence.hpp); margins are Black minus
// White with komi included (positive: Black is ahead).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/influence/influence.hpp"
#include "engine/shapes/library.hpp"

namespace engine {

// What a group's future looks like.
enum class GroupStatus : uint8_t {
  Alive,      // safe: two eyes, or enough eye potential and room
  Dead,       // cannot live: its stones and surroundings count for the opponent
  Unsettled,  // neither: counted as its own (alive) by the score, flagged for search
  Seki,       // alive without two eyes by sharing liberties with an opposing weak group
};

// "alive", "dead", "unsettled", "seki".
const char* statusName(GroupStatus status);

// Influence model used for proto-territory.
enum class TerritoryModel : uint8_t {
  Bouzy,   // Bouzy 5/21 (dilation/erosion): territory where the map is non-zero
  Spight,  // Spight's 1/3 rule (spightArea)
};

// Parameters of evaluate(). Defaults are the values docs/EVALUATION.md reports.
struct TerritoryParams {
  // Shape library with connection and eye shapes; nullptr: defaultTerritoryShapes().
  const ShapeLibrary* shapes = nullptr;
  // Chains are joined by a connection shape of at least this confidence (0..100).
  int connectionThreshold = 70;
  // Chains sharing at least two liberties are joined (miai), with this confidence.
  bool joinSharedLiberties = true;
  int sharedLibertyConfidence = 80;
  // Chains of one colour around an empty point where an opponent stone would capture
  // nothing and keep at most one liberty (a false cutting point) are joined.
  bool joinProtectedPoints = true;
  int protectedPointConfidence = 85;
  // Largest empty region (points) bordered by one group that counts as eye space; larger
  // enclosed regions count as two eyes outright.
  int maxEyeRegion = 6;
  // A group whose safety is below this is dead (0..1).
  double deadBelow = 0.30;
  // A group whose safety is at least this is alive (0..1); between: unsettled.
  double aliveFrom = 0.60;
  // Room (empty points of the non-opponent region around an open group) that gives
  // full escape credit.
  int fullRoom = 12;
  // An enclosed group's room is its liberties times this (0, the measured best: an
  // enclosed group lives by its eyes alone).
  double enclosedRoomPerLiberty = 0.0;
  // A group is enclosed when the region of non-opponent points around it is at most
  // this fraction of the board; an enclosed group lives only by its eyes.
  double maxEnclosure = 0.3;
  // Influence model of proto-territory.
  TerritoryModel model = TerritoryModel::Bouzy;
  // An empty region bordered by one colour only belongs to it outright when it is at
  // most this fraction of the board (settled, as on a finished board); a larger one (an
  // open board: after one move the whole board touches one stone) is read point by
  // point from proto-territory like a region both colours border.
  double maxOutrightRegion = 0.3;
  // Light playouts that check the groups short of two eyes (0: none); a group takes
  // their verdict when its stones' mean ownership from its own side is at most
  // -playoutVerdict (dead) or at least +playoutVerdict (not dead). Fixed seed: the
  // evaluation stays a deterministic function of the board.
  int playouts = 0;
  double playoutVerdict = 0.4;
  // With playouts: an empty point of a region both colours border (or of a large open
  // region) belongs to the side owning it in at least this mean share of the playouts
  // (-1..1 scale; 0 or above 1: proto-territory alone decides).
  double playoutPointVerdict = 0.5;
  // The playouts capture the last move's chain in atari and never put a chain of two or
  // more stones in atari (playouts.cpp); false: uniform random (RandomPlayer) playouts.
  bool safePlayouts = true;
  uint64_t playoutSeed = 20261122;
  // Seki reading: two weak groups sharing liberties are no seki when one has an eye of
  // its own (pure eye value at least 1) and the other none and the eye wins the capturing
  // race (its liberties outnumber the other's outside the shared ones; Müller 2002): the
  // eyeless one is dead (an invader in the eye region, say). false: the static rule alone.
  bool semeaiEyes = true;
  // Territory counting leaves out the empty points of regions a seki group borders
  // (Japanese rules: a seki's eyes are not territory); area counting keeps them.
  bool sekiEyesNoTerritory = true;
  // Territory counting leaves out a point of its own territory for every chain that
  // would be in atari there once the opponent fills the dame around it (the owner must
  // connect: a ko left open, a cut, a false eye); area counting is unchanged.
  bool fillAfterDame = true;
  // With fillAfterDame: a chain owes no point when the opponent cannot safely fill one of
  // its dame liberties (illegal or self-atari), or when two of them are points its owner
  // can fill to join chains with two liberties in his own territory (territory.cpp).
  bool fillReadsDame = true;
  // With fillAfterDame: the rule is read a second time on the board as it stands (dead
  // stones in place, taking liberties) for the chains next to dead opponent stones: one
  // point of its own territory left once the dame are filled is not territory.
  bool fillBesideDead = true;
  // With fillBesideDead: how many times it is read, each time with the fill stones found
  // so far played (a chain next to several dead stones may have to play twice).
  int fillBesideDeadRounds = 2;
  // With fillBesideDead: the chains of unsettled groups are read too, not only alive ones
  // (the score counts an unsettled group as its own, so it must fill like an alive one).
  bool fillBesideUnsettled = true;
  // Territory counting: an empty point next to stones of both colours once the dead
  // stones are off is dame (never surrounded by one colour); area counting keeps its owner.
  bool borderDameNoTerritory = true;
  // Territory counting: an owned empty point whose every empty neighbour is a dame (at
  // least one) is dame too (a point behind a gap in a wall); area counting keeps its owner.
  bool behindDameNoTerritory = true;
  // When set (and playouts > 0), reads the ownership the playout check uses instead of
  // the light playouts above: per point, row-major, +1 Black .. -1 White (e.g. the heavy
  // playouts of engine/play/final_status.hpp). Must be deterministic for a given board.
  std::function<std::vector<float>(const Board&)> ownershipReader;
  // With a reader: the contested points (playoutPointVerdict) take its ownership too;
  // false: they keep the light playouts' (both are run).
  bool readerForPoints = true;
};

// One group: chains of one colour joined by connections.
struct GroupInfo {
  Color color = Color::Empty;
  std::vector<Point> stones;  // every stone, sorted by point index
  std::vector<Point> chains;  // the head of each chain, sorted
  // Weakest connection used to join the chains (100 for a single chain).
  int linkConfidence = 100;
  int liberties = 0;  // distinct empty points next to the group
  double eyes = 0;    // eye potential: full eyes count 1, partial by confidence
  // The part of eyes from regions holding no opponent stone (the group's own enclosed
  // empty points): at 2 the group is alive whatever the playout check says.
  double pureEyes = 0;
  int room = 0;           // empty points of the non-opponent region around the group
  bool enclosed = false;  // that region is small (TerritoryParams::maxEnclosure)
  double safety = 0;      // 0 (dead) .. 1 (alive)
  GroupStatus status = GroupStatus::Unsettled;
};

// The result of evaluate(). Per-point vectors are row-major (x from the left, y from the
// top), width * height entries.
struct Evaluation {
  int width = 0, height = 0;
  double komi = 0;
  std::vector<GroupInfo> groups;
  // Index into groups for each point holding a stone, -1 for empty points.
  std::vector<int32_t> groupOf;
  // Proto-territory before the dead-group layer (stones: their own colour).
  std::vector<Owner> protoTerritory;
  // Final owner of each point: alive stones their colour, dead stones the opponent's,
  // empty points by region or proto-territory, seki liberties and dame None.
  std::vector<Owner> ownership;
  // Stones judged dead, sorted by point index.
  std::vector<Point> deadStones;
  // Owned empty points their owner must fill after the dame (TerritoryParams::
  // fillAfterDame): area but not territory. Sorted padded points.
  std::vector<Point> fillPoints;
  // Row-major: 1 where an empty owned point counts for area but not territory (a seki's
  // eye, a border dame, a fill point).
  std::vector<char> noTerritory;

  // Area counts: alive stones + owned empty points + dead opponent stones' points.
  int blackArea = 0, whiteArea = 0;
  // Territory counts: owned empty points + dead opponent stones (point and prisoner)
  // + captures made during the game.
  int blackTerritory = 0, whiteTerritory = 0;

  // Black minus White under area counting, komi included.
  double areaMargin() const { return blackArea - whiteArea - komi; }
  // Black minus White under territory counting, komi included.
  double territoryMargin() const { return blackTerritory - whiteTerritory - komi; }
  // The margin under the given counting (area when `area`).
  double margin(bool area) const { return area ? areaMargin() : territoryMargin(); }
  // Result text of a margin: "B+3.5", "W+0.5", "0" for a draw.
  static std::string resultText(double margin);
};

// The starter shape library (engine/shapes/library/starter.shapes of the source tree),
// loaded once. Throws InputError when the file cannot be read.
const ShapeLibrary& defaultTerritoryShapes();

// Groups, safety, ownership, dead stones and counts of a position (see the guide above).
Evaluation evaluate(const Board& board, double komi, const TerritoryParams& params = {});

// Stones of every group with the given status, sorted (GTP final_status_list).
std::vector<Point> stonesWithStatus(const Evaluation& eval, GroupStatus status);

}  // namespace engine
