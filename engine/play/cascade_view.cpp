// this code uses the idea of fractal go by Serge Boisse
#include "engine/play/cascade_view.hpp"

#include <algorithm>
#include <sstream>

namespace engine {

namespace {

char mark(size_t rank) {
  if (rank < 9) return static_cast<char>('1' + rank);
  if (rank < 35) return static_cast<char>('a' + (rank - 9));
  return '*';
}

}  // namespace

std::string cascadeToText(const CascadeResult& result, int maxDrawnSide) {
  std::ostringstream out;
  for (size_t c = 0; c < result.chains.size(); ++c) {
    if (result.chains.size() > 1) out << "chain " << c + 1 << "\n";
    for (const CascadeLevel& level : result.chains[c]) {
      const Board& b = level.board;
      out << b.size().str() << " (" << level.chosen.size() << " points kept)\n";
      if (std::max(b.width(), b.height()) > maxDrawnSide) {
        out << "(not drawn: larger than " << maxDrawnSide << " lines)\n\n";
        continue;
      }
      for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) {
          const auto it = std::find(level.chosen.begin(), level.chosen.end(), XY{x, y});
          out << (it != level.chosen.end() ? mark(static_cast<size_t>(it - level.chosen.begin()))
                                           : colorChar(b.at(x, y)));
          if (x + 1 < b.width()) out << ' ';
        }
        out << '\n';
      }
      out << '\n';
    }
  }
  out << "advisor: " << result.advisor << "\n";
  return out.str();
}

std::string cascadeToSvg(const CascadeResult& result) {
  constexpr int CELL = 16, GAP = 24, MARGIN = 20;
  int width = MARGIN, height = 0;
  for (const auto& chain : result.chains) {
    int w = MARGIN;
    for (const auto& level : chain) {
      w += level.board.width() * CELL + GAP;
      height = std::max(height, level.board.height() * CELL);
    }
    width = std::max(width, w);
  }
  const int rowHeight = height + 2 * MARGIN + 16;
  const int total = rowHeight * static_cast<int>(result.chains.size());
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << total
      << "\" font-family=\"sans-serif\" font-size=\"10\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (size_t c = 0; c < result.chains.size(); ++c) {
    int left = MARGIN;
    const int top = static_cast<int>(c) * rowHeight + MARGIN + 14;
    for (const CascadeLevel& level : result.chains[c]) {
      const Board& b = level.board;
      const int w = b.width() * CELL, h = b.height() * CELL;
      svg << "<text x=\"" << left << "\" y=\"" << top - 6 << "\">" << b.size().str() << "</text>\n";
      svg << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << w << "\" height=\"" << h
          << "\" fill=\"#dcb35c\"/>\n";
      for (int i = 0; i < b.width(); ++i) {
        const int x = left + i * CELL + CELL / 2;
        svg << "<line x1=\"" << x << "\" y1=\"" << top + CELL / 2 << "\" x2=\"" << x << "\" y2=\""
            << top + h - CELL / 2 << "\" stroke=\"#333\" stroke-width=\"0.5\"/>\n";
      }
      for (int j = 0; j < b.height(); ++j) {
        const int y = top + j * CELL + CELL / 2;
        svg << "<line x1=\"" << left + CELL / 2 << "\" y1=\"" << y << "\" x2=\""
            << left + w - CELL / 2 << "\" y2=\"" << y
            << "\" stroke=\"#333\" stroke-width=\"0.5\"/>\n";
      }
      for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) {
          const int cx = left + x * CELL + CELL / 2, cy = top + y * CELL + CELL / 2;
          const Color col = b.at(x, y);
          if (isStone(col)) {
            svg << "<circle cx=\"" << cx << "\" cy=\"" << cy << "\" r=\"" << CELL / 2 - 1
                << "\" fill=\"" << (col == Color::Black ? "#111" : "#f4f4f4")
                << "\" stroke=\"#000\" stroke-width=\"0.5\"/>\n";
          }
          const auto it = std::find(level.chosen.begin(), level.chosen.end(), XY{x, y});
          if (it != level.chosen.end()) {
            svg << "<circle cx=\"" << cx << "\" cy=\"" << cy << "\" r=\"" << CELL / 2 - 2
                << "\" fill=\"#d22\" fill-opacity=\"0.75\"/>\n<text x=\"" << cx << "\" y=\""
                << cy + 3 << "\" text-anchor=\"middle\" fill=\"white\">"
                << (it - level.chosen.begin()) + 1 << "</text>\n";
          }
        }
      }
      left += w + GAP;
    }
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace engine
