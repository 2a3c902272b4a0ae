// Spatial pattern hashing and the dictionary (spatial.hpp).
#include "engine/prior/spatial.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <mutex>
#include <string>

#include "engine/board/errors.hpp"

namespace prior {
namespace {

struct Offset {
  int dx, dy, dist;
};

// splitmix64 (Steele, Lea, Flood 2014): fixed keys, the same in every build.
uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct Geometry {
  std::vector<Offset> offsets;                  // by distance, then dy, then dx
  std::array<std::vector<uint32_t>, 8> mapped;  // symmetry -> index of the image offset
  std::array<size_t, SPATIAL_SIZES> end{};      // offsets with dist <= size
  std::vector<std::array<uint64_t, 4>> keys;    // offset index -> colour class -> key
  std::array<uint64_t, SPATIAL_SIZES> sizeKey{};
  // Offset index -> colour class -> symmetry -> keys[mapped[s][i]][class]: the keys of
  // the 8 orientations side by side (the fast path hashes them together).
  std::vector<std::array<std::array<uint64_t, 8>, 4>> symKeys;
};

const Geometry& geometry() {
  static std::once_flag once;
  static Geometry g;
  std::call_once(once, [] {
    const int r = SPATIAL_MAX_SIZE / 2;
    for (int dy = -r; dy <= r; ++dy) {
      for (int dx = -r; dx <= r; ++dx) {
        const int ax = std::abs(dx), ay = std::abs(dy);
        const int d = ax + ay + std::max(ax, ay);
        if ((dx != 0 || dy != 0) && d <= SPATIAL_MAX_SIZE) g.offsets.push_back({dx, dy, d});
      }
    }
    std::stable_sort(g.offsets.begin(), g.offsets.end(),
                     [](const Offset& a, const Offset& b) { return a.dist < b.dist; });
    for (int s = 0; s < 8; ++s) {
      for (const Offset& o : g.offsets) {
        int dx = (s & 1) ? -o.dx : o.dx, dy = (s & 2) ? -o.dy : o.dy;
        if (s & 4) std::swap(dx, dy);
        for (uint32_t i = 0; i < g.offsets.size(); ++i) {
          if (g.offsets[i].dx == dx && g.offsets[i].dy == dy) g.mapped[s].push_back(i);
        }
      }
    }
    for (int k = 0; k < SPATIAL_SIZES; ++k) {
      const int size = SPATIAL_MIN_SIZE + k;
      g.end[k] = static_cast<size_t>(std::count_if(
          g.offsets.begin(), g.offsets.end(), [size](const Offset& o) { return o.dist <= size; }));
    }
    uint64_t state = 0x5EED0F6E5A71A1ull;
    g.keys.resize(g.offsets.size());
    for (auto& k : g.keys) {
      for (auto& v : k) v = splitmix(state);
    }
    for (auto& v : g.sizeKey) v = splitmix(state);
    g.symKeys.resize(g.offsets.size());
    for (size_t i = 0; i < g.offsets.size(); ++i) {
      for (int c = 0; c < 4; ++c) {
        for (int s = 0; s < 8; ++s) g.symKeys[i][c][s] = g.keys[g.mapped[s][i]][c];
      }
    }
  });
  return g;
}

// Colour class of the point at offset o from p: 0 empty, 1 own, 2 opponent, 3 off board.
int colourClass(const engine::Board& b, int x, int y, engine::Color me) {
  if (!b.onBoard(x, y)) return 3;
  const engine::Color c = b.at(x, y);
  return c == engine::Color::Empty ? 0 : c == me ? 1 : 2;
}

}  // namespace

SpatialHashes spatialHashesOriented(const engine::Board& board, engine::Point p,
                                    engine::Color toMove, int s) {
  const Geometry& g = geometry();
  const int px = board.x(p), py = board.y(p);
  SpatialHashes out{};
  uint64_t h = 0;
  size_t i = 0;
  for (int k = 0; k < SPATIAL_SIZES; ++k) {
    for (; i < g.end[k]; ++i) {
      const Offset& o = g.offsets[i];
      h ^= g.keys[g.mapped[s & 7][i]][colourClass(board, px + o.dx, py + o.dy, toMove)];
    }
    out[k] = h ^ g.sizeKey[k];
  }
  return out;
}

SpatialHashes spatialHashes(const engine::Board& board, engine::Point p, engine::Color toMove) {
  const Geometry& g = geometry();
  const int px = board.x(p), py = board.y(p);
  // Colour classes once, then 8 orientations of the same list.
  std::array<uint8_t, 128> cls{};
  for (size_t i = 0; i < g.offsets.size(); ++i) {
    cls[i] = static_cast<uint8_t>(
        colourClass(board, px + g.offsets[i].dx, py + g.offsets[i].dy, toMove));
  }
  SpatialHashes best;
  best.fill(UINT64_MAX);
  for (int s = 0; s < 8; ++s) {
    const auto& mapped = g.mapped[s];
    uint64_t h = 0;
    size_t i = 0;
    for (int k = 0; k < SPATIAL_SIZES; ++k) {
      for (; i < g.end[k]; ++i) h ^= g.keys[mapped[i]][cls[i]];
      best[k] = std::min(best[k], h ^ g.sizeKey[k]);
    }
  }
  return best;
}

void SpatialGrid::reset(const engine::Board& board, engine::Color toMove) {
  constexpr int M = SPATIAL_MAX_SIZE / 2;
  me_ = toMove;
  if (board.width() != width_ || board.height() != height_ || cellOf_.size() != board.arraySize()) {
    width_ = board.width();
    height_ = board.height();
    gstride_ = width_ + 2 * M;
    cellOf_.assign(board.arraySize(), 0);
    for (int y = 0; y < height_; ++y) {
      for (int x = 0; x < width_; ++x) cellOf_[board.point(x, y)] = (y + M) * gstride_ + x + M;
    }
    const Geometry& g = geometry();
    delta_.resize(g.offsets.size());
    for (size_t i = 0; i < g.offsets.size(); ++i) {
      delta_[i] = g.offsets[i].dy * gstride_ + g.offsets[i].dx;
    }
  }
  cls_.assign(static_cast<size_t>(gstride_) * static_cast<size_t>(height_ + 2 * M), 3);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) update(board, board.point(x, y));
  }
}

void SpatialGrid::update(const engine::Board& board, engine::Point p) {
  const engine::Color c = board.at(p);
  cls_[static_cast<size_t>(cellOf_[p])] = c == engine::Color::Empty    ? 0
                                          : c == me_                   ? 1
                                          : c == engine::Color::Border ? 3
                                                                       : 2;
}

SpatialDictionary::SpatialDictionary(std::vector<Entry> entries) : entries_(std::move(entries)) {
  size_t capacity = 2;
  while (capacity < 2 * entries_.size()) capacity *= 2;
  slots_.assign(entries_.empty() ? 0 : capacity, Slot{});
  shift_ = 64 - std::countr_zero(capacity);
  for (uint32_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    if (e.size < SPATIAL_MIN_SIZE || e.size > SPATIAL_MAX_SIZE) {
      throw engine::InputError("spatial pattern " + std::to_string(i) + ": size " +
                               std::to_string(e.size) + " is outside 3..10");
    }
    size_t k = static_cast<size_t>((e.hash * 0x9E3779B97F4A7C15ull) >> shift_);
    while (slots_[k].id != UINT32_MAX) {
      if (slots_[k].hash == e.hash) {
        throw engine::InputError("spatial pattern " + std::to_string(i) + ": duplicate hash");
      }
      k = (k + 1) & (slots_.size() - 1);
    }
    slots_[k] = {e.hash, i};
    maxSize_ = std::max<int>(maxSize_, e.size);
  }
}

int64_t SpatialDictionary::find(uint64_t hash) const {
  if (slots_.empty()) return -1;
  // Fibonacci hashing of the whole key: canonical hashes are minima over 8 orientations,
  // so their high bits lean towards 0.
  size_t k = static_cast<size_t>((hash * 0x9E3779B97F4A7C15ull) >> shift_);
  for (;;) {
    const Slot& s = slots_[k];
    if (s.id == UINT32_MAX) return -1;
    if (s.hash == hash) return s.id;
    k = (k + 1) & (slots_.size() - 1);
  }
}

int64_t SpatialDictionary::lookup(const SpatialHashes& hashes) const {
  int64_t found = -1;
  for (int k = 0; k <= maxSize_ - SPATIAL_MIN_SIZE; ++k) {
    const int64_t id = find(hashes[k]);
    if (id < 0) break;
    found = id;
  }
  return found;
}

SpatialMatch SpatialDictionary::match(const SpatialGrid& grid, engine::Point p) const {
  SpatialMatch out;
  if (entries_.empty()) return out;
  static const Geometry& g = geometry();
  const uint8_t* centre = grid.cells() + grid.index(p);
  const int32_t* delta = grid.deltas();
  const uint64_t* keys = g.symKeys[0][0].data();  // [offset][class][symmetry], flat
  // The 8 orientations' hashes, two lanes at a time (GCC/clang vector extension).
  typedef uint64_t Lanes __attribute__((vector_size(16)));
  Lanes h0{}, h1{}, h2{}, h3{};
  size_t i = 0;
  for (int k = 0; k <= maxSize_ - SPATIAL_MIN_SIZE; ++k) {
    for (const size_t end = g.end[k]; i < end; ++i) {
      const uint64_t* row = keys + (i * 4 + centre[delta[i]]) * 8;
      Lanes r0, r1, r2, r3;
      std::memcpy(&r0, row, 16);
      std::memcpy(&r1, row + 2, 16);
      std::memcpy(&r2, row + 4, 16);
      std::memcpy(&r3, row + 6, 16);
      h0 ^= r0;
      h1 ^= r1;
      h2 ^= r2;
      h3 ^= r3;
    }
    const uint64_t sk = g.sizeKey[k];
    const uint64_t best = std::min({h0[0] ^ sk, h0[1] ^ sk, h1[0] ^ sk, h1[1] ^ sk, h2[0] ^ sk,
                                    h2[1] ^ sk, h3[0] ^ sk, h3[1] ^ sk});
    out.reach = SPATIAL_MIN_SIZE + k;
    const int64_t id = find(best);
    if (id < 0) break;
    out.id = id;
  }
  return out;
}

int64_t SpatialDictionary::lookup(const engine::Board& board, engine::Point p,
                                  engine::Color toMove) const {
  if (entries_.empty()) return -1;
  // Sizes grow until one is missing: a pattern is never more frequent than the smaller
  // pattern it contains, so larger ones are (almost always) missing too.
  const Geometry& g = geometry();
  const int px = board.x(p), py = board.y(p);
  std::array<uint8_t, 128> cls{};
  for (size_t i = 0; i < g.end[maxSize_ - SPATIAL_MIN_SIZE]; ++i) {
    cls[i] = static_cast<uint8_t>(
        colourClass(board, px + g.offsets[i].dx, py + g.offsets[i].dy, toMove));
  }
  std::array<uint64_t, 8> h{};
  int64_t found = -1;
  size_t i = 0;
  for (int k = 0; k <= maxSize_ - SPATIAL_MIN_SIZE; ++k) {
    uint64_t best = UINT64_MAX;
    for (int s = 0; s < 8; ++s) {
      const auto& mapped = g.mapped[s];
      for (size_t j = i; j < g.end[k]; ++j) h[s] ^= g.keys[mapped[j]][cls[j]];
      best = std::min(best, h[s] ^ g.sizeKey[k]);
    }
    i = g.end[k];
    const int64_t id = find(best);
    if (id < 0) break;
    found = id;
  }
  return found;
}

void SpatialHarvest::add(const SpatialHashes& hashes) {
  for (int k = 0; k < SPATIAL_SIZES; ++k) {
    auto& slot = counts[hashes[k]];
    ++slot.first;
    slot.second = static_cast<uint8_t>(SPATIAL_MIN_SIZE + k);
  }
}

void SpatialHarvest::merge(const SpatialHarvest& other) {
  for (const auto& [h, v] : other.counts) {
    auto& slot = counts[h];
    slot.first += v.first;
    slot.second = v.second;
  }
}

std::vector<SpatialDictionary::Entry> SpatialHarvest::frequent(uint32_t minCount,
                                                               size_t maxEntries) const {
  std::vector<std::pair<uint32_t, SpatialDictionary::Entry>> kept;
  for (const auto& [h, v] : counts) {
    if (v.first >= minCount) kept.push_back({v.first, {h, v.second}});
  }
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first > b.first;
    if (a.second.size != b.second.size) return a.second.size > b.second.size;
    return a.second.hash < b.second.hash;
  });
  if (kept.size() > maxEntries) kept.resize(maxEntries);
  std::vector<SpatialDictionary::Entry> out;
  out.reserve(kept.size());
  for (const auto& k : kept) out.push_back(k.second);
  return out;
}

}  // namespace prior
