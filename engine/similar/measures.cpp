// A-priori (influence) and a-posteriori (next-move) distances, Spearman's rho
// (similar.hpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "engine/board/errors.hpp"
#include "engine/similar/similar.hpp"

namespace engine {

double prioriDistance(Model model, const InfluenceMap& fx, const InfluenceMap& fy) {
  return mapDistance(fx, fy, modelScale(model));
}

double prioriDistance(Model model, const Board& x, const Board& y) {
  if (x.size() != y.size()) throw InputError("positions of different board sizes");
  return prioriDistance(model, computeModel(model, x), computeModel(model, y));
}

double posterioriDistance(std::span<const uint16_t> a, std::span<const uint16_t> b) {
  std::vector<uint16_t> sa(a.begin(), a.end()), sb(b.begin(), b.end());
  std::sort(sa.begin(), sa.end());
  sa.erase(std::unique(sa.begin(), sa.end()), sa.end());
  std::sort(sb.begin(), sb.end());
  sb.erase(std::unique(sb.begin(), sb.end()), sb.end());
  if (sa.empty() && sb.empty()) return 0;
  std::vector<uint16_t> common;
  std::set_intersection(sa.begin(), sa.end(), sb.begin(), sb.end(), std::back_inserter(common));
  return 1.0 -
         2.0 * static_cast<double>(common.size()) / static_cast<double>(sa.size() + sb.size());
}

namespace {

// Ranks from 1, ties given their average rank.
std::vector<double> ranks(std::span<const double> v) {
  std::vector<size_t> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t i, size_t j) { return v[i] < v[j]; });
  std::vector<double> r(v.size());
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    const double avg = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
    for (size_t k = i; k <= j; ++k) r[order[k]] = avg;
    i = j + 1;
  }
  return r;
}

}  // namespace

double spearman(std::span<const double> a, std::span<const double> b) {
  if (a.size() != b.size()) throw InputError("spearman: samples of different lengths");
  const size_t n = a.size();
  if (n < 3) return std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> ra = ranks(a), rb = ranks(b);
  const double mean = (static_cast<double>(n) + 1.0) / 2.0;
  double sab = 0, saa = 0, sbb = 0;
  for (size_t i = 0; i < n; ++i) {
    sab += (ra[i] - mean) * (rb[i] - mean);
    saa += (ra[i] - mean) * (ra[i] - mean);
    sbb += (rb[i] - mean) * (rb[i] - mean);
  }
  if (saa == 0 || sbb == 0) return std::numeric_limits<double>::quiet_NaN();
  return sab / std::sqrt(saa * sbb);
}

}  // namespace engine
