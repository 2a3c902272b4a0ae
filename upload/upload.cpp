// this code uses the idea of fractal go by Serge Boisse
#include "upload/upload.hpp"

#include <algorithm>
#include <cmath>

namespace upload {

using engine::BoardSize;
using engine::XY;

namespace {

double axisToBig(int s, int small, int big) {
  return (s + 0.5) * static_cast<double>(big) / small - 0.5;
}

// The nearest line to c and the next nearest (toward the centre on an exact tie).
std::pair<int, int> nearestLines(double c, int lines) {
  const int n1 = std::clamp(static_cast<int>(std::lround(c)), 0, lines - 1);
  const double d = c - n1;
  int n2;
  if (std::fabs(d) < 1e-9) {
    n2 = n1 < (lines - 1) / 2.0 ? n1 + 1 : n1 - 1;
  } else {
    n2 = d > 0 ? n1 + 1 : n1 - 1;
  }
  if (n2 < 0 || n2 >= lines) n2 = n1;
  return {n1, n2};
}

// A range of big lines holding every line whose nearest small line is s (checked by the
// caller with toSmall).
std::pair<int, int> cellLines(int s, int small, int big) {
  const double scale = static_cast<double>(big) / small;
  const int lo = static_cast<int>(std::floor(s * scale)) - 1;
  const int hi = static_cast<int>(std::ceil((s + 1) * scale)) + 1;
  return {std::max(lo, 0), std::min(hi, big - 1)};
}

}  // namespace

Spot toBig(XY s, BoardSize small, BoardSize big) {
  return {axisToBig(s.x, small.width, big.width), axisToBig(s.y, small.height, big.height)};
}

XY toSmall(XY b, BoardSize big, BoardSize small) {
  auto axis = [](int v, int from, int to) {
    const double c = (v + 0.5) * static_cast<double>(to) / from - 0.5;
    return std::clamp(static_cast<int>(std::lround(c)), 0, to - 1);
  };
  return {axis(b.x, big.width, small.width), axis(b.y, big.height, small.height)};
}

std::vector<XY> area(XY s, BoardSize small, BoardSize big) {
  const Spot spot = toBig(s, small, big);
  const auto [x1, x2] = nearestLines(spot.x, big.width);
  const auto [y1, y2] = nearestLines(spot.y, big.height);
  std::vector<XY> pts;
  auto add = [&](XY p) {
    if (std::find(pts.begin(), pts.end(), p) == pts.end()) pts.push_back(p);
  };
  for (int y : {y1, y2}) {
    for (int x : {x1, x2}) add({x, y});
  }
  // The big points that reduce to s (its cell): above a ratio of 2 the 2x2 block alone
  // misses lines (19 -> 9: line 10 was in no area at all).
  const auto [cx0, cx1] = cellLines(s.x, small.width, big.width);
  const auto [cy0, cy1] = cellLines(s.y, small.height, big.height);
  for (int y = cy0; y <= cy1; ++y) {
    for (int x = cx0; x <= cx1; ++x) {
      if (toSmall({x, y}, big, small) == s) add({x, y});
    }
  }
  auto dist = [&](XY p) {
    return (p.x - spot.x) * (p.x - spot.x) + (p.y - spot.y) * (p.y - spot.y);
  };
  std::stable_sort(pts.begin(), pts.end(), [&](XY a, XY b) { return dist(a) < dist(b) - 1e-12; });
  return pts;
}

void AreaMemory::push(std::vector<XY> points) {
  uploads_.push_front(std::move(points));
  while (static_cast<int>(uploads_.size()) > keep_) uploads_.pop_back();
}

std::vector<XY> AreaMemory::candidates() const {
  std::vector<XY> out;
  for (const auto& up : uploads_) {
    for (XY p : up) {
      if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
    }
  }
  return out;
}

}  // namespace upload
