#include "engine/shapes/bitboard.hpp"

#include "engine/board/errors.hpp"

namespace engine {

BitBoard::BitBoard(int width, int height, int pad) {
  validateBoardSize(width, height);
  if (pad < 1 || pad > 64)
    throw InputError("bit board frame must be 1..64 points, got " + std::to_string(pad));
  width_ = width;
  height_ = height;
  pad_ = pad;
  pw_ = width + 2 * pad;
  ph_ = height + 2 * pad;
  words2_ = (2 * pw_ + 63) / 64 + 1;
  // Plane rows need a spare word only when a row spans several words (straddling reads).
  words1_ = (pw_ + 63) / 64;
  if (words1_ > 1) ++words1_;
  rows_.assign(static_cast<size_t>(ph_) * words2_, 0);
  planeSize_ = static_cast<size_t>(ph_) * words1_;
  planes_.assign(4 * planeSize_ + LANE_TAIL, 0);
  if (pw_ <= 32) lanes_.assign(4 * static_cast<size_t>(ph_) + LANE_TAIL, 0);
  for (int py = 0; py < ph_; ++py) {
    for (int px = 0; px < pw_; ++px) {
      const bool on = px >= pad && px < pad + width && py >= pad && py < pad + height;
      const uint8_t c = on ? CELL_EMPTY : CELL_OFF;
      rows_[py * words2_ + (px >> 5)] |= uint64_t{c} << (2 * (px & 31));
      planes_[c * planeSize_ + static_cast<size_t>(py) * words1_ + (px >> 6)] |= uint64_t{1}
                                                                                 << (px & 63);
      if (!lanes_.empty()) lanes_[c * ph_ + py] |= uint32_t{1} << px;
    }
  }
}

BitBoard BitBoard::fromBoard(const Board& board, int pad) {
  BitBoard bb(board.width(), board.height(), pad);
  bb.load(board);
  return bb;
}

void BitBoard::load(const Board& board) {
  if (board.width() != width_ || board.height() != height_) {
    throw InputError("BitBoard::load: board is " + board.size().str() + ", bit board " +
                     BoardSize{width_, height_}.str());
  }
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) set(x, y, static_cast<uint8_t>(board.at(x, y)));
  }
}

void BitBoard::set(int x, int y, uint8_t cell) {
  const int px = x + pad_, py = y + pad_;
  uint64_t& w = rows_[py * words2_ + (px >> 5)];
  const int s = 2 * (px & 31);
  const uint8_t old = static_cast<uint8_t>((w >> s) & 3);
  if (old == cell) return;
  w = (w & ~(uint64_t{3} << s)) | (uint64_t{cell} << s);
  const size_t i = static_cast<size_t>(py) * words1_ + (px >> 6);
  const uint64_t bit = uint64_t{1} << (px & 63);
  planes_[old * planeSize_ + i] &= ~bit;
  planes_[cell * planeSize_ + i] |= bit;
  if (!lanes_.empty()) {
    const uint32_t lane = uint32_t{1} << px;
    lanes_[old * ph_ + py] &= ~lane;
    lanes_[cell * ph_ + py] |= lane;
  }
}

}  // namespace engine
