// Experiment A report: JSON and SVG (experiment.hpp).
#include <cmath>
#include <iomanip>
#include <sstream>

#include "engine/similar/experiment.hpp"

namespace engine {

namespace {

std::string num(double v) {
  if (std::isnan(v)) return "null";
  std::ostringstream out;
  out << std::setprecision(4) << v;
  return out.str();
}

}  // namespace

std::string ExperimentReport::toJson() const {
  std::ostringstream out;
  out << "{\"games\": " << games << ", \"ranges\": [";
  for (size_t r = 0; r < ranges.size(); ++r) {
    const RangeResult& rr = ranges[r];
    out << (r ? ",\n " : "\n ") << "{\"moves\": [" << rr.range.first << ", " << rr.range.second
        << "], \"positions\": " << rr.positions << ", \"pairs\": " << rr.pairs
        << ", \"mean_next_size\": " << num(rr.meanNextSize)
        << ", \"mean_hamming\": " << num(rr.meanHamming)
        << ", \"mean_posterior\": " << num(rr.meanPosterior) << ", \"models\": {";
    for (size_t m = 0; m < rr.all.size(); ++m) {
      out << (m ? ", " : "") << "\"" << modelName(models[m])
          << "\": {\"rho\": " << num(rr.all[m].rho) << ", \"bands\": [";
      for (size_t b = 0; b < rr.bands[m].size(); ++b) {
        out << (b ? ", " : "") << "{\"pairs\": " << rr.bands[m][b].pairs
            << ", \"rho\": " << num(rr.bands[m][b].rho) << "}";
      }
      out << "]}";
    }
    out << "}}";
  }
  out << "]}\n";
  return out.str();
}

std::string ExperimentReport::toSvg() const {
  const int groupW = 60 * static_cast<int>(std::max<size_t>(1, models.size())) + 40;
  const int width = 80 + groupW * static_cast<int>(ranges.size()) + 160, height = 360;
  const int top = 30, plotH = 260;  // rho from -1 (bottom) to 1 (top)
  auto yOf = [&](double rho) { return top + static_cast<int>((1.0 - rho) / 2.0 * plotH); };
  static const char* colours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"};
  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" "
       "fill=\"white\"/>\n"
    << "<text x=\"80\" y=\"18\" font-size=\"13\">Experiment A: Spearman rho of a-priori vs "
       "a-posteriori distance"
       " (bars: all pairs; dots: low/medium/high bands)</text>\n";
  for (double r : {-1.0, -0.5, 0.0, 0.5, 1.0}) {
    s << "<line x1=\"70\" x2=\"" << width - 150 << "\" y1=\"" << yOf(r) << "\" y2=\"" << yOf(r)
      << "\" stroke=\"" << (r == 0 ? "black" : "#ddd") << "\"/><text x=\"40\" y=\"" << yOf(r) + 4
      << "\">" << r << "</text>\n";
  }
  for (size_t g = 0; g < ranges.size(); ++g) {
    const RangeResult& rr = ranges[g];
    const int x0 = 80 + groupW * static_cast<int>(g);
    s << "<text x=\"" << x0 << "\" y=\"" << top + plotH + 25 << "\">moves " << rr.range.first << "-"
      << rr.range.second << " (" << rr.pairs << " pairs)</text>\n";
    for (size_t m = 0; m < rr.all.size(); ++m) {
      const double rho = rr.all[m].rho;
      const int x = x0 + 60 * static_cast<int>(m);
      if (!std::isnan(rho)) {
        const int y = std::min(yOf(rho), yOf(0)), h = std::abs(yOf(rho) - yOf(0));
        s << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"40\" height=\"" << std::max(h, 1)
          << "\" fill=\"" << colours[m % 6] << "\"/>\n";
      }
      for (size_t b = 0; b < rr.bands[m].size(); ++b) {
        const double br = rr.bands[m][b].rho;
        if (std::isnan(br)) continue;
        s << "<circle cx=\"" << x + 8 + 12 * static_cast<int>(b) << "\" cy=\"" << yOf(br)
          << "\" r=\"3\" fill=\"black\"/>\n";
      }
    }
  }
  for (size_t m = 0; m < models.size(); ++m) {
    const int y = top + 20 * static_cast<int>(m);
    s << "<rect x=\"" << width - 140 << "\" y=\"" << y << "\" width=\"12\" height=\"12\" fill=\""
      << colours[m % 6] << "\"/><text x=\"" << width - 122 << "\" y=\"" << y + 10 << "\">"
      << modelName(models[m]) << "</text>\n";
  }
  s << "</svg>\n";
  return s.str();
}

}  // namespace engine
