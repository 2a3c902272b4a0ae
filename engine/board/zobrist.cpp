#include "engine/board/zobrist.hpp"

#include <map>
#include <mutex>
#include <utility>

#include "engine/board/rng.hpp"

namespace engine {

uint64_t zobristKey(int x, int y, Color c) {
  const uint64_t packed = static_cast<uint64_t>(x) | (static_cast<uint64_t>(y) << 21) |
                          (static_cast<uint64_t>(c) << 42);
  return splitmix64(splitmix64(packed ^ 0x5A0B15Bu));
}

ZobristTable::ZobristTable(int width, int height) {
  const size_t stride = static_cast<size_t>(width) + 1;
  keys_.assign(2 * stride * (static_cast<size_t>(height) + 2), 0);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const size_t p = (static_cast<size_t>(y) + 1) * stride + static_cast<size_t>(x) + 1;
      keys_[2 * p] = zobristKey(x, y, Color::Black);
      keys_[2 * p + 1] = zobristKey(x, y, Color::White);
    }
  }
}

std::shared_ptr<const ZobristTable> ZobristTable::forSize(int width, int height) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::shared_ptr<const ZobristTable>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[{width, height}];
  if (!slot) slot = std::make_shared<const ZobristTable>(width, height);
  return slot;
}

}  // namespace engine
