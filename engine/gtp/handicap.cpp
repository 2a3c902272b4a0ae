#include "engine/gtp/handicap.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace engine {

namespace {

// Distance updates allowed for one free placement (a few tenths of a second).
constexpr int64_t FREE_PLACEMENT_WORK = 200'000'000;

int64_t sq(int64_t v) {
  return v * v;
}

}  // namespace

int maxFixedHandicap(BoardSize size) {
  if (size.width != size.height || size.width < 7) return 0;
  return (size.width % 2 == 1 && size.width >= 9) ? 9 : 4;
}

std::vector<XY> fixedHandicap(BoardSize size, int n) {
  if (n < 2 || n > maxFixedHandicap(size)) return {};
  const int side = size.width;
  const int lo = side >= 13 ? 3 : 2;
  const int hi = side - 1 - lo;
  const int mid = side / 2;
  // y counts from the top: the lower-left star point is (lo, hi).
  std::vector<XY> out = {{lo, hi}, {hi, lo}};
  if (n >= 3) out.push_back({lo, lo});
  if (n >= 4) out.push_back({hi, hi});
  if (n >= 6) {
    out.push_back({lo, mid});
    out.push_back({hi, mid});
  }
  if (n >= 8) {
    out.push_back({mid, hi});
    out.push_back({mid, lo});
  }
  if (n >= 5 && n % 2 == 1) out.push_back({mid, mid});
  return out;
}

std::vector<XY> freeHandicap(BoardSize size, int n) {
  const int w = size.width, h = size.height;
  if (n < 2 || n >= size.points()) return {};
  const int fixedMax = maxFixedHandicap(size);
  if (n <= fixedMax) return fixedHandicap(size, n);

  // Candidates: points at least `margin` lines in from every edge, with the widest
  // margin that still leaves room for all the stones.
  int margin = std::min(w, h) >= 13 ? 3 : 2;
  while (margin > 0 &&
         static_cast<int64_t>(w - 2 * margin) * (h - 2 * margin) < static_cast<int64_t>(n)) {
    --margin;
  }
  if (w - 2 * margin <= 0 || h - 2 * margin <= 0) margin = 0;
  std::vector<XY> cand;
  for (int y = margin; y < h - margin; ++y) {
    for (int x = margin; x < w - margin; ++x) cand.push_back({x, y});
  }
  std::vector<XY> out =
      fixedMax > 0 ? fixedHandicap(size, fixedMax) : std::vector<XY>{{margin, h - 1 - margin}};
  // d[i]: squared distance from candidate i to the nearest stone placed so far.
  std::vector<int64_t> d(cand.size(), std::numeric_limits<int64_t>::max());
  auto update = [&](XY s) {
    for (size_t i = 0; i < cand.size(); ++i) {
      d[i] = std::min(d[i], sq(cand[i].x - s.x) + sq(cand[i].y - s.y));
    }
  };
  for (XY s : out) update(s);
  int64_t work = static_cast<int64_t>(cand.size()) * static_cast<int64_t>(out.size());
  while (static_cast<int>(out.size()) < n && work < FREE_PLACEMENT_WORK) {
    // Farthest candidate; ties go to the one nearest the centre, then the first.
    size_t best = 0;
    int64_t bestD = -1, bestC = 0;
    for (size_t i = 0; i < cand.size(); ++i) {
      if (d[i] < bestD) continue;
      const int64_t c = sq(2 * cand[i].x - (w - 1)) + sq(2 * cand[i].y - (h - 1));
      if (d[i] > bestD || c < bestC) {
        best = i;
        bestD = d[i];
        bestC = c;
      }
    }
    if (bestD <= 0) break;  // every candidate is taken
    out.push_back(cand[best]);
    update(cand[best]);
    work += 2 * static_cast<int64_t>(cand.size());
  }
  return out;
}

}  // namespace engine
