// this code uses the idea of fractal go by Serge Boisse
#include "reduce/quality.hpp"

#include <algorithm>
#include <cmath>

namespace reduce {

using engine::Board;
using engine::Color;

namespace {
// The small line a big line maps to: nearest by small = (big + 0.5) * S / B - 0.5.
int smallLine(int v, int big, int small) {
  const double c = (v + 0.5) * static_cast<double>(small) / big - 0.5;
  return std::clamp(static_cast<int>(std::lround(c)), 0, small - 1);
}
}  // namespace

Board scaleUp(const Board& small, engine::BoardSize big) {
  std::vector<Color> colors;
  colors.reserve(static_cast<size_t>(big.points()));
  for (int y = 0; y < big.height; ++y) {
    for (int x = 0; x < big.width; ++x) {
      colors.push_back(small.at(smallLine(x, big.width, small.width()),
                                smallLine(y, big.height, small.height())));
    }
  }
  Board b(big);
  b.setColors(colors);  // chains without liberties are fine for influence
  return b;
}

double reductionDifference(const Board& big, const Board& small, engine::Model m) {
  const auto f = engine::computeModel(m, big);
  const auto g = engine::computeModel(m, scaleUp(small, big.size()));
  double d = 0;
  for (size_t i = 0; i < f.values.size(); ++i) d += std::abs(f.values[i] - g.values[i]);
  return d / engine::modelUnit(m);
}

double reductionDistance(const Board& big, const Board& small, engine::Model m, double a) {
  const Board up = scaleUp(small, big.size());
  return engine::mapDistance(engine::computeModel(m, big), engine::computeModel(m, up), a);
}

}  // namespace reduce
