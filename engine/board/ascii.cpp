#include "engine/board/ascii.hpp"

#include <cctype>
#include <vector>

#include "engine/board/errors.hpp"

namespace engine {

namespace {

bool isCell(char ch) {
  return ch == '.' || ch == '+' || ch == ',' || ch == 'X' || ch == 'x' || ch == 'O' || ch == 'o';
}

Color cellColor(char ch) {
  if (ch == 'X' || ch == 'x') return Color::Black;
  if (ch == 'O' || ch == 'o') return Color::White;
  return Color::Empty;
}

}  // namespace

Board parseBoard(std::string_view diagram) {
  std::vector<std::vector<Color>> rows;
  int lineNo = 0;
  size_t start = 0;
  while (start <= diagram.size()) {
    size_t end = diagram.find('\n', start);
    if (end == std::string_view::npos) end = diagram.size();
    std::string_view line = diagram.substr(start, end - start);
    start = end + 1;
    ++lineNo;
    // Strip row numbers and blanks at both ends.
    size_t a = 0, b = line.size();
    while (a < b && (std::isspace(static_cast<unsigned char>(line[a])) ||
                     std::isdigit(static_cast<unsigned char>(line[a]))))
      ++a;
    while (b > a && (std::isspace(static_cast<unsigned char>(line[b - 1])) ||
                     std::isdigit(static_cast<unsigned char>(line[b - 1]))))
      --b;
    line = line.substr(a, b - a);
    if (line.empty()) continue;
    bool label = false;
    for (char ch : line) {
      if (std::isalpha(static_cast<unsigned char>(ch)) && !isCell(ch)) label = true;
    }
    if (label) continue;
    std::vector<Color> row;
    for (size_t i = 0; i < line.size(); ++i) {
      const char ch = line[i];
      if (ch == ' ' || ch == '\t' || ch == '\r') continue;
      if (!isCell(ch)) {
        throw InputError("diagram line " + std::to_string(lineNo) + ", column " +
                         std::to_string(a + i + 1) + ": unexpected character '" +
                         std::string(1, ch) + "' (expected . X O)");
      }
      row.push_back(cellColor(ch));
    }
    if (!rows.empty() && row.size() != rows.front().size()) {
      throw InputError("diagram line " + std::to_string(lineNo) + ": row has " +
                       std::to_string(row.size()) + " points, the first row has " +
                       std::to_string(rows.front().size()));
    }
    rows.push_back(std::move(row));
    if (rows.size() > static_cast<size_t>(MAX_BOARD_SIDE)) {
      throw InputError("diagram has more than " + std::to_string(MAX_BOARD_SIDE) + " rows");
    }
  }
  if (rows.empty()) throw InputError("diagram has no rows");
  Board board(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()));
  std::vector<Color> colors;
  for (const auto& r : rows) colors.insert(colors.end(), r.begin(), r.end());
  board.setColors(colors);
  if (board.hasChainWithoutLiberties()) {
    throw InputError("diagram has a chain without liberties");
  }
  return board;
}

std::string boardToString(const Board& board, bool labels) {
  std::string out;
  const int w = board.width(), h = board.height();
  const int numWidth = static_cast<int>(std::to_string(h).size());
  auto header = [&] {
    out.append(static_cast<size_t>(numWidth) + 1, ' ');
    for (int x = 0; x < w; ++x) {
      std::string name = columnName(x);
      if (name.size() < 2) name += ' ';
      out += name;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  };
  if (labels) header();
  for (int y = 0; y < h; ++y) {
    if (labels) {
      std::string num = std::to_string(h - y);
      out.append(static_cast<size_t>(numWidth) - num.size(), ' ');
      out += num + ' ';
    }
    for (int x = 0; x < w; ++x) {
      out += colorChar(board.at(x, y));
      if (x + 1 < w) out += ' ';
    }
    if (labels) out += ' ' + std::to_string(h - y);
    out += '\n';
  }
  if (labels) header();
  return out;
}

}  // namespace engine
