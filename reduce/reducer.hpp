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

// A light colour grid with its colour channels: the intermediate levels of a reduction
// chain. It has no chains, liberties or hash (building an engine Board costs more than the
// reduction itself), and the same at()/onBoard()/width() names as Board, so reducers read
// either. Channels are per point, row-major, in [0, 1]: how much of the area behind the
// point holds black (white) stones on the real board.
struct Grid {
  engine::BoardSize size{1, 1};
  std::vector<engine::Color> colors;  // row-major
  std::vector<float> black, white;    // the colour channels, row-major
  int repaired = 0;                   // stones removed by the legality repair making it
  int width() const { return size.width; }
  int height() const { return size.height; }
  bool onBoard(int x, int y) const { return x >= 0 && y >= 0 && x < width() && y < height(); }
  engine::Color at(int x, int y) const {
    return colors[static_cast<size_t>(y) * static_cast<size_t>(width()) + static_cast<size_t>(x)];
  }
  // The board's colours; channels 1 where a colour stands, else 0.
  static Grid fromBoard(const engine::Board& board);
  // The same into this grid, reusing its buffers.
  void readBoard(const engine::Board& board);
  // The engine Board with these colours (one construction; the grid must be legal).
  engine::Board toBoard() const;
  // Channels := the colours (1 or 0): what the next level sees when the chain thresholds
  // at every level instead of carrying the channels down.
  void resetChannels();
};

// A reduced position as an engine Board and what it came from.
struct Reduction {
  engine::Board board;
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
  // Reduces the grid `big` to size `to` (no larger than big in either dimension; throws
  // engine::InputError otherwise): colours chosen from big's colours and channels, the
  // small channels averaged from big's channels, legality repaired.
  Grid reduceGrid(const Grid& big, engine::BoardSize to) const;
  // The same into `out` (a grid other than `big`), reusing out's buffers: a cascade that
  // keeps its level grids reduces with no allocation once they have grown.
  virtual void reduceGridInto(const Grid& big, engine::BoardSize to, Grid& out) const = 0;
  // The same step from an engine Board (channels: its colours), as a Reduction with one
  // Board built for the result.
  Reduction reduce(const engine::Board& big, engine::Color toMove, engine::BoardSize to) const;
  virtual std::string name() const = 0;
};

// Image resampling for any ratio: black and white as two channels of equal contrast,
// area-weighted averaging over the big points each small cell covers, then a colour per
// small point by thresholds.
struct ResampleParams {
  // A colour needs at least this share of the cell (0..1) and more than the other colour.
  float stoneThreshold = 0.2f;
  // true: instead of stoneThreshold, per colour the threshold that gives the small board
  // about the same share of that colour's points as the mean of its channel (which is the
  // real board's share when the channels are carried down: averaging conserves mass), so a
  // sparse big board stays sparse and a dense one dense. A colour still needs more than the
  // other colour at the point.
  bool matchDensity = false;
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
