// Whole-board influence models: design radiation, textbook Zobrist, Bouzy 5/21 and
// Spight, plus the map distance. Sources are cited in docs/INFLUENCE.md.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "engine/board/errors.hpp"
#include "engine/influence/influence.hpp"
#include "engine/influence/path_influence.hpp"

namespace engine {

namespace {

int stoneSign(Color c) {
  return c == Color::Black ? 1 : c == Color::White ? -1 : 0;
}

// Copies a map kept in the board's padded layout into a row-major InfluenceMap.
InfluenceMap fromPadded(const Board& board, const std::vector<int32_t>& padded) {
  InfluenceMap m(board.width(), board.height());
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) m.at(x, y) = padded[board.point(x, y)];
  }
  return m;
}

}  // namespace

std::string mapToString(const InfluenceMap& map) {
  int wide = 1;
  for (int32_t v : map.values) wide = std::max(wide, static_cast<int>(std::to_string(v).size()));
  std::ostringstream out;
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) out << (x ? " " : "") << std::setw(wide) << map.at(x, y);
    out << '\n';
  }
  return out.str();
}

// Design radiation: a breadth-first frontier per stone, through vacant points only.
InfluenceMap radiationMap(const Board& board, const RadiationParams& params) {
  if (params.generations < 0) throw InputError("radiationMap: generations must be >= 0");
  std::vector<int32_t> acc(board.arraySize(), 0);
  std::vector<uint32_t> inGeneration(board.arraySize(), 0);  // stamp of the last generation
  std::vector<uint32_t> reachedBy(board.arraySize(), 0);     // stamp of the last stone
  uint32_t generationClock = 0, stoneClock = 0;
  std::vector<Point> cur, next;
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      const int sign = stoneSign(board.at(p));
      if (sign == 0) continue;
      ++stoneClock;
      reachedBy[p] = stoneClock;
      cur.assign(1, p);
      for (int g = 1; g <= params.generations && !cur.empty(); ++g) {
        ++generationClock;
        next.clear();
        for (Point q : cur) {
          for (Point n : board.neighbours(q)) {
            if (board.at(n) != Color::Empty || inGeneration[n] == generationClock) continue;
            if (params.firstReachOnly && reachedBy[n] == stoneClock) continue;
            inGeneration[n] = generationClock;
            reachedBy[n] = stoneClock;
            acc[n] += sign;
            next.push_back(n);
          }
        }
        cur.swap(next);
      }
    }
  }
  return fromPadded(board, acc);
}

// Textbook Zobrist: synchronous rounds over the whole board (border entries stay 0).
InfluenceMap zobristMap(const Board& board, const ZobristParams& params) {
  if (params.rounds < 0) throw InputError("zobristMap: rounds must be >= 0");
  std::vector<int32_t> v(board.arraySize(), 0);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      v[p] = stoneSign(board.at(p)) * params.stoneValue;
    }
  }
  std::vector<int32_t> nv = v;
  for (int r = 0; r < params.rounds; ++r) {
    for (int y = 0; y < board.height(); ++y) {
      for (int x = 0; x < board.width(); ++x) {
        const Point p = board.point(x, y);
        int32_t s = v[p];
        for (Point n : board.neighbours(p)) s += (v[n] > 0) - (v[n] < 0);
        nv[p] = s;
      }
    }
    v.swap(nv);
  }
  return fromPadded(board, v);
}

namespace {

// Counts the on-board neighbours of (x, y) whose value satisfies pred.
template <typename Pred>
int countNeighbours(const InfluenceMap& m, int x, int y, Pred pred) {
  int n = 0;
  if (x > 0) n += pred(m.at(x - 1, y));
  if (x + 1 < m.width) n += pred(m.at(x + 1, y));
  if (y > 0) n += pred(m.at(x, y - 1));
  if (y + 1 < m.height) n += pred(m.at(x, y + 1));
  return n;
}

}  // namespace

// Bouzy dilation: a point not touching the other sign grows by its same-sign neighbours.
void bouzyDilate(InfluenceMap& map) {
  InfluenceMap out = map;
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const int32_t v = map.at(x, y);
      const int pos = countNeighbours(map, x, y, [](int32_t a) { return a > 0; });
      const int neg = countNeighbours(map, x, y, [](int32_t a) { return a < 0; });
      if (v >= 0 && neg == 0) out.at(x, y) = v + pos;
      if (v <= 0 && pos == 0) out.at(x, y) = v - neg;
    }
  }
  map = std::move(out);
}

// Bouzy erosion: a signed point shrinks by its neighbours that are not of its sign,
// stopping at zero. Off-board neighbours do not erode.
void bouzyErode(InfluenceMap& map) {
  InfluenceMap out = map;
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const int32_t v = map.at(x, y);
      if (v > 0) {
        const int k = countNeighbours(map, x, y, [](int32_t a) { return a <= 0; });
        out.at(x, y) = std::max<int32_t>(0, v - k);
      } else if (v < 0) {
        const int k = countNeighbours(map, x, y, [](int32_t a) { return a >= 0; });
        out.at(x, y) = std::min<int32_t>(0, v + k);
      }
    }
  }
  map = std::move(out);
}

InfluenceMap bouzyMap(const Board& board, const BouzyParams& params) {
  if (params.dilations < 0 || params.erosions < 0) {
    throw InputError("bouzyMap: dilations and erosions must be >= 0");
  }
  InfluenceMap m(board.width(), board.height());
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x)
      m.at(x, y) = stoneSign(board.at(x, y)) * params.stoneValue;
  }
  for (int i = 0; i < params.dilations; ++i) bouzyDilate(m);
  for (int i = 0; i < params.erosions; ++i) bouzyErode(m);
  return m;
}

std::vector<Region> bouzyRegions(const Board& board, const BouzyParams& territory,
                                 const BouzyParams& moyo) {
  const InfluenceMap t = bouzyMap(board, territory);
  const InfluenceMap m = bouzyMap(board, moyo);
  std::vector<Region> out(t.values.size(), Region::Neutral);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      if (board.at(x, y) != Color::Empty) continue;
      Region& r = out[static_cast<size_t>(y) * board.width() + x];
      if (t.at(x, y) > 0) {
        r = Region::BlackTerritory;
      } else if (t.at(x, y) < 0) {
        r = Region::WhiteTerritory;
      } else if (m.at(x, y) > 0) {
        r = Region::BlackMoyo;
      } else if (m.at(x, y) < 0) {
        r = Region::WhiteMoyo;
      }
    }
  }
  return out;
}

// Spight: 8 >> (d - 1) eighths at Manhattan distance d = 1..4 from each stone.
InfluenceMap spightMap(const Board& board) {
  InfluenceMap m(board.width(), board.height());
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const int sign = stoneSign(board.at(x, y));
      if (sign == 0) continue;
      for (int dy = -4; dy <= 4; ++dy) {
        const int reach = 4 - std::abs(dy);
        for (int dx = -reach; dx <= reach; ++dx) {
          const int d = std::abs(dx) + std::abs(dy);
          if (d == 0 || !board.onBoard(x + dx, y + dy)) continue;
          m.at(x + dx, y + dy) += sign * (8 >> (d - 1));
        }
      }
    }
  }
  return m;
}

std::vector<Owner> spightArea(const Board& board) {
  const InfluenceMap m = spightMap(board);
  std::vector<Owner> out(m.values.size(), Owner::None);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Color c = board.at(x, y);
      const int32_t v = m.at(x, y);
      Owner& o = out[static_cast<size_t>(y) * board.width() + x];
      if (c == Color::Black || (c == Color::Empty && 3 * v >= 8)) o = Owner::Black;
      if (c == Color::White || (c == Color::Empty && 3 * v <= -8)) o = Owner::White;
    }
  }
  return out;
}

const char* modelName(Model model) {
  switch (model) {
    case Model::Radiation:
      return "radiation";
    case Model::Zobrist:
      return "zobrist";
    case Model::Path:
      return "path";
    case Model::BouzyTerritory:
      return "bouzy";
    case Model::BouzyMoyo:
      return "bouzy-moyo";
    case Model::Spight:
      return "spight";
  }
  return "?";
}

InfluenceMap computeModel(Model model, const Board& board) {
  switch (model) {
    case Model::Radiation:
      return radiationMap(board);
    case Model::Zobrist:
      return zobristMap(board);
    case Model::Path:
      return pathInfluenceScratch(board, *PathTemplates::standard());
    case Model::BouzyTerritory:
      return bouzyMap(board);
    case Model::BouzyMoyo:
      return bouzyMap(board, BouzyParams{5, 10, 128});
    case Model::Spight:
      return spightMap(board);
  }
  throw InputError("computeModel: unknown model");
}

double modelUnit(Model model) {
  Board lone(21, 21);
  lone.play(lone.point(10, 10), Color::Black);
  const InfluenceMap m = computeModel(model, lone);
  double sum = 0;
  for (int32_t v : m.values) sum += std::abs(static_cast<double>(v));
  return sum;
}

double modelScale(Model model) {
  const double unit = modelUnit(model);
  if (unit <= 0)
    throw InputError(std::string("modelScale: model ") + modelName(model) + " has no unit");
  return std::log(3.0) / unit;
}

// 1 - 2 / (1 + e^x) equals tanh(x / 2), which stays finite for large x.
double mapDistance(const InfluenceMap& f, const InfluenceMap& g, double a) {
  if (f.width != g.width || f.height != g.height || f.values.size() != g.values.size()) {
    throw InputError("mapDistance: maps of different sizes");
  }
  if (!(a >= 0)) throw InputError("mapDistance: scale a must be >= 0");
  int64_t d = 0;
  for (size_t i = 0; i < f.values.size(); ++i) {
    d += std::llabs(static_cast<int64_t>(f.values[i]) - g.values[i]);
  }
  return std::tanh(a * static_cast<double>(d) / 2.0);
}

}  // namespace engine
