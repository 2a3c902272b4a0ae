// The board as rows of bit words, 2 bits a point (CELL_EMPTY, CELL_BLACK, CELL_WHITE,
// CELL_OFF), framed by `pad` off-board points on every side so that a pattern of side
// up to pad + 1 can hang over any edge or corner and still read defined cells. Any
// rectangular size up to MAX_BOARD_SIDE; words per row grow with the width.
//
// Beside the 2-bit rows (read by the per-placement mask-and-compare) it keeps one
// 1-bit plane per cell value, so that a full-board sweep tests 64 placements of a row at
// once (matcher.hpp). When the padded width fits 32 bits (19x19 with any frame up to 6)
// it also keeps the planes as one 32-bit word a row (lanes()), so that a sweep tests four
// rows at a time in one 128-bit vector. All are updated together by set(); the overlay is
// fed from a Board's change record by ShapeMap (shape_map.hpp) or loaded whole by load().
// Plane arrays end with LANE_TAIL zero words, so a vector read of the last rows stays
// inside the array.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/shapes/library.hpp"

namespace engine {

class BitBoard {
 public:
  // An empty width x height board with `pad` off-board points around it (pad >= 1).
  // Throws InputError for bad sizes.
  BitBoard(int width, int height, int pad);
  // The colours of `board`, framed by `pad`.
  static BitBoard fromBoard(const Board& board, int pad);

  int width() const { return width_; }
  int height() const { return height_; }
  int pad() const { return pad_; }
  // Padded width and height: the frame included.
  int paddedWidth() const { return pw_; }
  int paddedHeight() const { return ph_; }

  // Copies the colours of a board of the same size.
  void load(const Board& board);
  // Cell of board point (x, y); off-board coordinates inside the frame read CELL_OFF.
  uint8_t get(int x, int y) const {
    const int px = x + pad_, py = y + pad_;
    return static_cast<uint8_t>((rows_[py * words2_ + (px >> 5)] >> (2 * (px & 31))) & 3);
  }
  // Sets board point (x, y) (on the board) to CELL_EMPTY, CELL_BLACK or CELL_WHITE.
  void set(int x, int y, uint8_t cell);

  // The 2-bit words of padded row py, starting `bitOffset` bits in (bits of padded
  // column c are 2c, 2c+1): 64 bits, the next word's low bits shifted in.
  uint64_t rowBits(int py, int bitOffset) const {
    const uint64_t* r = rows_.data() + py * words2_ + (bitOffset >> 6);
    const int s = bitOffset & 63;
    return s ? (r[0] >> s) | (r[1] << (64 - s)) : r[0];
  }
  // Words of the 1-bit plane of `cell` for padded row py (bit c = padded column c).
  const uint64_t* plane(uint8_t cell, int py) const {
    return planes_.data() + cell * planeSize_ + static_cast<size_t>(py) * words1_;
  }
  // All four planes in one array: plane(cell, py) == planes() + cell * planeSize() + py *
  // planeStride().
  const uint64_t* planes() const { return planes_.data(); }
  size_t planeSize() const { return planeSize_; }
  int planeStride() const { return words1_; }
  // Number of 64-point words of a plane row that hold padded columns.
  int planeWords() const { return (pw_ + 63) >> 6; }
  // Zero words after the last plane row (of planes() and lanes()).
  static constexpr int LANE_TAIL = 48;
  // When paddedWidth() <= 32: the four planes as one 32-bit word a padded row
  // (lanes() + cell * paddedHeight() + py; bit c = padded column c); otherwise nullptr.
  const uint32_t* lanes() const { return lanes_.empty() ? nullptr : lanes_.data(); }

  bool operator==(const BitBoard& o) const = default;

 private:
  int width_, height_, pad_, pw_, ph_;
  int words2_;  // words of a 2-bit row, with one spare word at the end
  int words1_;  // words of a plane row, plus a spare one when there are several
  std::vector<uint64_t> rows_;
  size_t planeSize_;
  std::vector<uint64_t> planes_;
  std::vector<uint32_t> lanes_;  // empty when the padded width exceeds 32
};

}  // namespace engine
