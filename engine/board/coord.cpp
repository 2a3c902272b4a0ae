#include "engine/board/coord.hpp"

#include <charconv>
#include <cctype>

#include "engine/board/errors.hpp"

namespace engine {

namespace {

constexpr std::string_view LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";  // no I
constexpr int TWO_LETTER_LIMIT = 25 * 25;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// Parses a whole string as a non-negative decimal int; nullopt when it is not one.
std::optional<int> parseInt(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

int letterIndex(char ch) {
  const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  const auto pos = LETTERS.find(up);
  return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
}

}  // namespace

std::string BoardSize::str() const { return std::to_string(width) + "x" + std::to_string(height); }

void validateBoardSize(int width, int height) {
  if (width < 1 || height < 1 || width > MAX_BOARD_SIDE || height > MAX_BOARD_SIDE) {
    throw InputError("board size " + std::to_string(width) + "x" + std::to_string(height) +
                     " is outside 1x1.." + std::to_string(MAX_BOARD_SIDE) + "x" +
                     std::to_string(MAX_BOARD_SIDE));
  }
}

BoardSize parseBoardSize(std::string_view text) {
  const std::string t = lower(text);
  const auto sep = t.find_first_of("x:");
  std::optional<int> w, h;
  if (sep == std::string::npos) {
    w = h = parseInt(t);
  } else {
    w = parseInt(std::string_view(t).substr(0, sep));
    h = parseInt(std::string_view(t).substr(sep + 1));
  }
  if (!w || !h) {
    throw InputError("cannot read board size '" + std::string(text) +
                     "': expected N or WxH, for example 19 or 19x13");
  }
  validateBoardSize(*w, *h);
  return BoardSize{*w, *h};
}

std::string columnName(int x) {
  if (x < 0 || x >= 25 + TWO_LETTER_LIMIT) return "?";
  if (x < 25) return std::string(1, LETTERS[x]);
  std::string s;
  s += LETTERS[x / 25 - 1];
  s += LETTERS[x % 25];
  return s;
}

std::string vertexName(XY xy, BoardSize size) {
  if (size.width > TWO_LETTER_LIMIT) {
    std::string s = "(";
    s += std::to_string(xy.x);
    s += ',';
    s += std::to_string(xy.y);
    s += ')';
    return s;
  }
  return columnName(xy.x) + std::to_string(size.height - xy.y);
}

std::optional<XY> parseVertex(std::string_view text, BoardSize size) {
  const std::string t = lower(text);
  if (t == "pass") return std::nullopt;
  auto bad = [&](const std::string& why) {
    return InputError("invalid vertex '" + std::string(text) + "': " + why);
  };
  XY xy;
  if (!t.empty() && t.front() == '(') {
    const auto comma = t.find(',');
    if (t.back() != ')' || comma == std::string::npos) throw bad("expected (x,y)");
    const auto x = parseInt(std::string_view(t).substr(1, comma - 1));
    const auto y = parseInt(std::string_view(t).substr(comma + 1, t.size() - comma - 2));
    if (!x || !y) throw bad("expected (x,y) with whole numbers");
    xy = XY{*x, *y};
  } else {
    size_t i = 0;
    while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
    if (i == 0 || i > 2) throw bad("expected a column letter and a row number");
    int col = 0;
    for (size_t k = 0; k < i; ++k) {
      const int li = letterIndex(t[k]);
      if (li < 0) throw bad("'" + std::string(1, t[k]) + "' is not a column letter");
      col = (i == 2 && k == 0) ? (li + 1) * 25 : col + li;
    }
    const auto row = parseInt(std::string_view(t).substr(i));
    if (!row || *row < 1) throw bad("expected a row number from 1");
    if (*row > size.height) throw bad("off a board of " + size.str());
    xy = XY{col, size.height - *row};
  }
  if (xy.x < 0 || xy.y < 0 || xy.x >= size.width || xy.y >= size.height) {
    throw bad("off a board of " + size.str());
  }
  return xy;
}

}  // namespace engine
