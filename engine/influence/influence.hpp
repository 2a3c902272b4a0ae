// Influence models: who "owns" each point, as integer maps over the board. Start here.
//
// Reading guide.
//   influence.hpp       (this file) the map type, the whole-board models and the map
//                       distance; every model is a from-scratch function of a Board.
//   path_influence.hpp  line-of-sight path influence: templates shared by all boards and
//                       an incremental overlay fed by Board::lastRecord().
//   docs/INFLUENCE.md   each model, its parameters, its sources and the path counts.
//
// Sign convention everywhere: positive is Black, negative is White. All values are
// integers (fixed point where a model has fractions), so two computations of one map are
// exactly equal whatever the order of the sums.
//
// Models (names kept apart on purpose):
//   radiationMap   "design radiation": each stone radiates +-1 into vacant points for
//                  a few generations (the Fractal Go design's description of Zobrist).
//   zobristMap     textbook Zobrist (1970): stones +-64, rounds of every signed point
//                  pushing +-1 to its neighbours, whole board at once.
//   bouzyMap       Bouzy's dilation/erosion (5/21 territory, 5/10 moyo).
//   spightMap      Spight's 2012 distance model (1, 1/2, 1/4, 1/8), in eighths.
//   pathInfluence  (path_influence.hpp) line-of-sight paths up to Manhattan distance 5.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/board/board.hpp"

namespace engine {

// A value per board point, row by row from the top-left corner (x from the left, y from
// the top), width * height entries.
struct InfluenceMap {
  int width = 0;
  int height = 0;
  std::vector<int32_t> values;

  InfluenceMap() = default;
  InfluenceMap(int w, int h) : width(w), height(h), values(static_cast<size_t>(w) * h, 0) {}
  int32_t at(int x, int y) const { return values[static_cast<size_t>(y) * width + x]; }
  int32_t& at(int x, int y) { return values[static_cast<size_t>(y) * width + x]; }
  bool operator==(const InfluenceMap&) const = default;
};

// The map as rows of right-aligned numbers (for tests and debugging).
std::string mapToString(const InfluenceMap& map);

// Owner of a point in a classification.
enum class Owner : int8_t { White = -1, None = 0, Black = 1 };

// ---- Design radiation (per stone, into vacant points) ----------------------------------

// Parameters of the design's radiation. Each stone is generation 0; generation g is the
// set of vacant points adjacent to a point of generation g - 1, and every point of
// generation g gets +1 (Black stone) or -1 (White stone).
struct RadiationParams {
  int generations = 4;
  // false: a point may belong to several generations (a neighbour of the stone is in
  // generations 1 and 3: open-board profile 2, 2, 1, 1 at distances 1..4).
  // true: a point counts only in the first generation that reaches it (profile 1, 1, 1, 1).
  bool firstReachOnly = false;
};

// The design's radiation map; stone points stay 0 (only vacant points receive).
InfluenceMap radiationMap(const Board& board, const RadiationParams& params = {});

// ---- Textbook Zobrist (whole board) ------------------------------------------------------

// Zobrist (1970): stones start at +-stoneValue, empty points at 0; each round every point
// gains 1 for each positive neighbour and loses 1 for each negative one (all points
// updated at once from the previous round's values, stones included).
struct ZobristParams {
  int stoneValue = 64;
  int rounds = 4;
};

// The textbook Zobrist map (stone points keep their large values).
InfluenceMap zobristMap(const Board& board, const ZobristParams& params = {});

// ---- Bouzy's mathematical morphology -----------------------------------------------------

// Bouzy (2003) dilations then erosions on a map seeded with +-stoneValue on stones (the
// operators as GNU Go documents them; see docs/INFLUENCE.md). 5/21 gives territory,
// 5/10 moyo.
struct BouzyParams {
  int dilations = 5;
  int erosions = 21;
  int stoneValue = 128;
};

// Bouzy's map after the dilations and erosions (all stones treated as alive).
InfluenceMap bouzyMap(const Board& board, const BouzyParams& params = {});

// Bouzy's one dilation step in place (exposed for golden tests).
void bouzyDilate(InfluenceMap& map);
// Bouzy's one erosion step in place (exposed for golden tests).
void bouzyErode(InfluenceMap& map);

// A territory/moyo reading of a point.
enum class Region : int8_t {
  Neutral = 0,  // stones, and empty points nobody owns
  BlackTerritory,
  WhiteTerritory,
  BlackMoyo,  // empty, owned after 5/10 but not after 5/21
  WhiteMoyo,
};

// Classification of every point (row-major): territory where the 5/21 map is non-zero on
// an empty point, otherwise moyo where the 5/10 map is non-zero, otherwise neutral.
std::vector<Region> bouzyRegions(const Board& board, const BouzyParams& territory = {},
                                 const BouzyParams& moyo = {5, 10, 128});

// ---- Spight's distance model -------------------------------------------------------------

// Spight (2012): each stone gives 1, 1/2, 1/4, 1/8 to points at Manhattan distance 1..4
// (on the board, not blocked by stones). Values are in eighths (8, 4, 2, 1).
InfluenceMap spightMap(const Board& board);

// Spight's area: stones count for their colour; an empty point is a player's area when
// its net influence is at least 1/3 in that player's favour (3 * value >= 8 eighths).
std::vector<Owner> spightArea(const Board& board);

// ---- Distance between two maps -----------------------------------------------------------

// The models that can be compared by mapDistance.
enum class Model { Radiation, Zobrist, Path, BouzyTerritory, BouzyMoyo, Spight };

// Short name of a model ("radiation", "zobrist", "path", "bouzy", "bouzy-moyo", "spight").
const char* modelName(Model model);

// The model's map with its default parameters.
InfluenceMap computeModel(Model model, const Board& board);

// The model's unit of influence: the sum of |value| of the map of one black stone alone
// in the middle of an empty 21x21 board (computed, never hard-coded).
double modelUnit(Model model);

// The scale a = ln(3) / modelUnit(model): two maps that differ by one lone stone's worth
// of influence are at distance 1/2.
double modelScale(Model model);

// d = 1 - 2 / (1 + exp(a * D)) with D = sum over points of |f(x) - g(x)|: 0 for equal maps,
// tending to 1. Throws InputError when the maps have different sizes or a < 0.
double mapDistance(const InfluenceMap& f, const InfluenceMap& g, double a);

}  // namespace engine
