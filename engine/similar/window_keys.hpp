// Incremental sub-domain window keys: the keys of windowKeys(board, params) (similar.hpp)
// kept up to date from the board's change record (Board::lastRecord), so a search can use
// them as local transposition keys at a few XORs a move. windowKeys is its from-scratch
// twin; checkConsistency compares them (tests call it after random games).
//
// Usage: construct from a board; after every board.play/pass call afterPlay(board), and
// before every board.undo call beforeUndo(board). A move toggles the Zobrist key of the
// placed stone and of every removed stone in the windows that contain them (XOR is its own
// inverse, so undo toggles the same set). playNoUndo leaves no record: call reset instead.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/similar/similar.hpp"

namespace engine {

class WindowKeyTracker {
 public:
  // Keys of the board's windows computed from scratch.
  explicit WindowKeyTracker(const Board& board, const WindowParams& params = {});

  // Recomputes every key from scratch (the board must have the tracker's size).
  void reset(const Board& board);
  // Updates after board.play or board.pass (reads board.lastRecord()).
  void afterPlay(const Board& board) { toggle(board); }
  // Updates before board.undo (reads the record of the move about to be undone).
  void beforeUndo(const Board& board) { toggle(board); }

  // The window keys, in the order of windowKeys (row by row).
  const std::vector<WindowKey>& keys() const { return keys_; }
  // Indexes into keys() of the windows that contain the point p of the board.
  std::span<const uint32_t> windowsOf(Point p) const {
    return {&windowList_[windowBegin_[p]], windowBegin_[p + 1] - windowBegin_[p]};
  }
  const WindowParams& params() const { return params_; }

  // "" when keys() equals windowKeys(board, params()), else the first difference.
  std::string checkConsistency(const Board& board) const;

 private:
  void toggle(const Board& board);
  void flip(Point p, Color c, const ZobristTable& table);

  WindowParams params_;
  BoardSize size_;
  std::vector<WindowKey> keys_;
  std::vector<uint32_t> windowBegin_;  // per board Point (+1): start in windowList_
  std::vector<uint32_t> windowList_;
  std::shared_ptr<const ZobristTable> table_;
};

}  // namespace engine
