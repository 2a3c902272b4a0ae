// Incremental window keys from the board's change record (window_keys.hpp).
#include "engine/similar/window_keys.hpp"

#include "engine/board/errors.hpp"

namespace engine {

WindowKeyTracker::WindowKeyTracker(const Board& board, const WindowParams& params)
    : params_(params), size_(board.size()) {
  table_ = ZobristTable::forSize(size_.width, size_.height);
  const std::vector<int> xs = windowOrigins(size_.width, params_);
  const std::vector<int> ys = windowOrigins(size_.height, params_);
  // Windows of each point, as a compressed list indexed by the board's Point numbers.
  std::vector<std::vector<uint32_t>> lists(board.arraySize());
  uint32_t w = 0;
  for (int y0 : ys) {
    for (int x0 : xs) {
      for (int y = y0; y < y0 + params_.side; ++y) {
        for (int x = x0; x < x0 + params_.side; ++x) lists[board.point(x, y)].push_back(w);
      }
      ++w;
    }
  }
  windowBegin_.assign(lists.size() + 1, 0);
  for (size_t p = 0; p < lists.size(); ++p) {
    windowBegin_[p] = static_cast<uint32_t>(windowList_.size());
    windowList_.insert(windowList_.end(), lists[p].begin(), lists[p].end());
  }
  windowBegin_[lists.size()] = static_cast<uint32_t>(windowList_.size());
  reset(board);
}

void WindowKeyTracker::reset(const Board& board) {
  if (board.size() != size_) throw InputError("window tracker: board size changed");
  keys_ = windowKeys(board, params_);
}

void WindowKeyTracker::flip(Point p, Color c, const ZobristTable& table) {
  const uint64_t k = table.key(p, c);
  for (uint32_t w : windowsOf(p)) keys_[w].key ^= k;
}

void WindowKeyTracker::toggle(const Board& board) {
  const MoveRecord rec = board.lastRecord();
  if (rec.point == PASS) return;
  // After a suicide the placed point is empty again and the removed stones (the point
  // included) are the mover's; otherwise they are the opponent's.
  const bool suicide = board.at(rec.point) == Color::Empty;
  const Color removed = suicide ? rec.color : opponent(rec.color);
  const ZobristTable& table = *table_;
  flip(rec.point, rec.color, table);
  for (Point q : rec.captured) flip(q, removed, table);
}

std::string WindowKeyTracker::checkConsistency(const Board& board) const {
  if (board.size() != size_) return "board size differs from the tracker's";
  const std::vector<WindowKey> scratch = windowKeys(board, params_);
  if (scratch.size() != keys_.size()) return "window count differs";
  for (size_t i = 0; i < scratch.size(); ++i) {
    if (scratch[i] != keys_[i]) {
      return "window " + std::to_string(i) + " at (" + std::to_string(scratch[i].x) + ", " +
             std::to_string(scratch[i].y) + "): incremental key differs from scratch";
    }
  }
  return "";
}

}  // namespace engine
