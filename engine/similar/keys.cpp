// Canonical Zobrist keys and sub-domain window keys (similar.hpp).
#include <algorithm>
#include <array>

#include "engine/board/errors.hpp"
#include "engine/similar/similar.hpp"

namespace engine {

namespace {

// Colour after an optional swap.
Color swapped(Color c, bool swap) {
  return swap && isStone(c) ? opponent(c) : c;
}

}  // namespace

uint64_t positionKey(const Board& board, Color toMove) {
  return board.hash() ^ (toMove == Color::White ? SIDE_KEY : 0);
}

uint64_t transformedKey(const Board& board, Color toMove, int s, bool swap) {
  const BoardSize size = board.size();
  if (!symmetryKeepsShape(s, size)) throw InputError("symmetry does not keep the board's shape");
  const auto table = ZobristTable::forSize(size.width, size.height);
  uint64_t h = swapped(toMove, swap) == Color::White ? SIDE_KEY : 0;
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      const Color c = board.at(x, y);
      if (!isStone(c)) continue;
      h ^= table->key(board.point(applySymmetry(s, {x, y}, size)), swapped(c, swap));
    }
  }
  return h;
}

CanonicalKey canonicalKey(const Board& board, Color toMove, const CanonicalOptions& options) {
  const BoardSize size = board.size();
  const auto table = ZobristTable::forSize(size.width, size.height);
  const std::vector<int> syms = symmetriesOf(size);
  // keys[2 * i + swap] for the i-th symmetry, all built in one pass over the stones.
  std::array<uint64_t, 2 * NUM_SYMMETRIES> keys{};
  const size_t n = syms.size();
  for (size_t i = 0; i < n; ++i) {
    keys[2 * i] = toMove == Color::White ? SIDE_KEY : 0;
    keys[2 * i + 1] = toMove == Color::Black ? SIDE_KEY : 0;
  }
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      const Color c = board.at(x, y);
      if (!isStone(c)) continue;
      for (size_t i = 0; i < n; ++i) {
        const Point q = board.point(applySymmetry(syms[i], {x, y}, size));
        keys[2 * i] ^= table->key(q, c);
        keys[2 * i + 1] ^= table->key(q, opponent(c));
      }
    }
  }
  CanonicalKey best{keys[0], syms[0], false};
  for (size_t i = 0; i < n; ++i) {
    for (int sw = 0; sw < (options.colourSwap ? 2 : 1); ++sw) {
      const uint64_t k = keys[2 * i + static_cast<size_t>(sw)];
      if (k < best.key) best = {k, syms[i], sw == 1};
    }
  }
  return best;
}

XY toCanonical(const CanonicalKey& key, XY p, BoardSize size) {
  return applySymmetry(key.symmetry, p, size);
}

XY fromCanonical(const CanonicalKey& key, XY p, BoardSize size) {
  // The inverse maps the canonical frame back; a swap-x-y symmetry needs the board of the
  // canonical frame, which has the same size because s keeps the shape.
  return applySymmetry(invertSymmetry(key.symmetry), p, size);
}

std::vector<int> windowOrigins(int length, const WindowParams& params) {
  if (params.side < 1 || params.step < 1) throw InputError("window side and step must be positive");
  if (params.step > params.side) throw InputError("window step larger than its side");
  if (params.side > length) throw InputError("window larger than the board");
  // Origins step in from both edges up to the middle, so the layout is its own mirror.
  std::vector<int> out;
  for (int o = 0; 2 * o <= length - params.side; o += params.step) {
    out.push_back(o);
    out.push_back(length - params.side - o);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  // The two halves may leave a gap in the middle: the centre window(s) close it.
  for (size_t i = 0; i + 1 < out.size(); ++i) {
    if (out[i + 1] > out[i] + params.side) {
      out.push_back((length - params.side) / 2);
      out.push_back((length - params.side + 1) / 2);
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      break;
    }
  }
  return out;
}

std::vector<WindowKey> windowKeys(const Board& board, const WindowParams& params) {
  const std::vector<int> xs = windowOrigins(board.width(), params);
  const std::vector<int> ys = windowOrigins(board.height(), params);
  std::vector<WindowKey> out;
  out.reserve(xs.size() * ys.size());
  for (int y0 : ys) {
    for (int x0 : xs) {
      out.push_back({x0, y0, regionKey(board, x0, y0, x0 + params.side - 1, y0 + params.side - 1)});
    }
  }
  return out;
}

uint64_t regionKey(const Board& board, int x1, int y1, int x2, int y2) {
  if (x1 > x2) std::swap(x1, x2);
  if (y1 > y2) std::swap(y1, y2);
  if (!board.onBoard(x1, y1) || !board.onBoard(x2, y2)) throw InputError("region off the board");
  const auto table = ZobristTable::forSize(board.width(), board.height());
  uint64_t h = 0;
  for (int y = y1; y <= y2; ++y) {
    for (int x = x1; x <= x2; ++x) {
      const Color c = board.at(x, y);
      if (isStone(c)) h ^= table->key(board.point(x, y), c);
    }
  }
  return h;
}

}  // namespace engine
