// this code uses the idea of fractal go by Serge Boisse
//
// Reducers: map a W x H position to a smaller w x h one (Boisse's "reduction"), keeping
// for every small point the evidence it was built from. Start here; schedule.hpp lists
// the chains of sizes a cascade walks through, upload/ maps moves back up.
//
// Every reducer works on colour channels: for each small point, how much black and how
// much white stands on the big-board points it covers (area-weighted, in [0, 1]). A
// reducer then picks a colour per small point, and repairLegality() (repair.hpp) makes the
// result a legal position.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/board/board.hpp"

namespace reduce {

// A reduced position and what it came from.
struct Reduction {
  engine::Board board{5, 5};
  engine::Color toMove = engine::Color::Black;
  engine::BoardSize from;
  // Per small point, row-major: the share of the covered big-board area holding black
  // (white) stones. Repair uses them to decide which stone matters least.
  std::vector<float> black, white;
  // Stones removed by the legality repair.
  int repaired = 0;
};

class Reducer {
 public:
  virtual ~Reducer() = default;
  // Reduces `big` (with `toMove` to play) to a board of size `to`, which must be no
  // larger than big in either dimension. Throws engine::InputError otherwise.
  virtual Reduction reduce(const engine::Board& big, engine::Color toMove,
                           engine::BoardSize to) const = 0;
  virtual std::string name() const = 0;
};

// Image resampling for any ratio: black and white as two channels of equal contrast,
// area-weighted averaging over the big points each small cell covers, then a colour per
// small point by thresholds.
struct ResampleParams {
  // A colour needs at least this share of the cell (0..1) and more than the other colour.
  float stoneThreshold = 0.2f;
};

// Sector reduction for sizes 4m+3 -> 2m+1 (19 -> 9, 15 -> 7, 11 -> 5, 7 -> 3): both boards
// share the centre lines; off the centre, 2x2 blocks of big points become one small
// point by majority; the centre line of the small board takes the three big lines around
// the centre. Ties are broken by the ring of big points around the block, then empty.
std::unique_ptr<Reducer> makeSectorReducer();
std::unique_ptr<Reducer> makeResampleReducer(ResampleParams params = {});

// By name: "sector", "resample", "block" (block_table.hpp; loads the committed table).
// Throws engine::InputError for unknown names, tables::TableError for a bad table file.
std::unique_ptr<Reducer> makeReducer(const std::string& name);

}  // namespace reduce
