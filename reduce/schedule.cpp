// this code uses the idea of fractal go by Serge Boisse
#include "reduce/schedule.hpp"

#include <algorithm>
#include <cmath>

#include "engine/board/errors.hpp"

namespace reduce {

using engine::BoardSize;
using engine::InputError;

namespace {

constexpr double STANDARD_RATIO = 1.46;  // 19/13, 13/9 and 7/5 are all close to it
constexpr double FASTER_RATIO = 2.1;     // 19/9
constexpr int BOTTOM = 5;

// The odd number nearest to n / ratio, at least BOTTOM and below n (n > BOTTOM).
int nextSide(int n, double ratio) {
  if (n <= BOTTOM) return n;
  const double x = n / ratio;
  int s = 2 * static_cast<int>(std::lround((x - 1) / 2)) + 1;
  if (s >= n) s = n - 1;
  return std::max(s, BOTTOM);
}

std::string sizeList(const std::vector<BoardSize>& chain) {
  std::string s;
  for (const auto& b : chain) {
    if (!s.empty()) s += '>';
    s += b.str();
  }
  return s;
}

std::vector<BoardSize> parseList(const std::string& text, BoardSize start) {
  std::vector<BoardSize> chain;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(pos, comma - pos);
    if (item.empty()) throw InputError("schedule '" + text + "' has an empty size");
    chain.push_back(engine::parseBoardSize(item));
    pos = comma + 1;
  }
  if (chain.front() != start) chain.insert(chain.begin(), start);
  for (size_t i = 1; i < chain.size(); ++i) {
    const BoardSize a = chain[i - 1], b = chain[i];
    if (b.width > a.width || b.height > a.height || b == a) {
      throw InputError("schedule '" + text + "': " + b.str() + " does not shrink " + a.str());
    }
  }
  return chain;
}

}  // namespace

std::string Schedule::str() const {
  std::string s;
  for (const auto& c : chains) {
    if (!s.empty()) s += " | ";
    s += sizeList(c);
  }
  return s;
}

std::vector<BoardSize> automaticChain(BoardSize start, double ratio) {
  std::vector<BoardSize> chain{start};
  while (chain.back().width > BOTTOM || chain.back().height > BOTTOM) {
    const BoardSize b = chain.back();
    chain.push_back({nextSide(b.width, ratio), nextSide(b.height, ratio)});
  }
  return chain;
}

Schedule parseSchedule(const std::string& text, BoardSize start) {
  Schedule s;
  s.name = text;
  if (text == "standard") {
    s.chains.push_back(automaticChain(start, STANDARD_RATIO));
  } else if (text == "faster") {
    s.chains.push_back(automaticChain(start, FASTER_RATIO));
  } else if (text == "slower") {
    // Shrink one side, then the other, while the sides are large; as both rectangles.
    const auto base = automaticChain(start, STANDARD_RATIO);
    std::vector<BoardSize> horizontal{base.front()}, vertical{base.front()};
    for (size_t i = 1; i < base.size(); ++i) {
      const BoardSize a = base[i - 1], b = base[i];
      if (std::min(a.width, a.height) >= 13 && a.width != b.width && a.height != b.height) {
        horizontal.push_back({a.width, b.height});
        vertical.push_back({b.width, a.height});
      }
      horizontal.push_back(b);
      vertical.push_back(b);
    }
    s.chains = {horizontal, vertical};
  } else if (text.find_first_of("0123456789") == 0) {
    s.name = "custom";
    s.chains.push_back(parseList(text, start));
  } else {
    throw InputError("unknown schedule '" + text +
                     "': expected standard, faster, slower or a list like 19x19,13x13,9x9");
  }
  return s;
}

}  // namespace reduce
