// The analysis commands GUIs use to show a search as it runs: lz-analyze and
// lz-genmove_analyze (Leela Zero's extension, used by Lizzie and Sabaki), kata-analyze
// and kata-genmove_analyze (KataGo's, also read by Lizzie, Sabaki, KaTrain).
//
// Arguments: [color] [interval] then key-value pairs: interval N (centiseconds between
// reports, default 100), minmoves N, maxmoves N, and for kata- ownership true|false.
// Each report is one line of "info move X visits N winrate W prior P order K pv ..."
// entries, best first. Leela Zero writes winrate and prior as integers in 0..10000,
// KataGo as reals in 0..1; both for the side to move. KataGo's `ownership` adds one
// value per point, from the top left row by row, +1 owned by the side to move.
//
// What the numbers mean here, plainly: visits are playouts through the root move; the
// prior is the learned move model's probability of the move (engine/prior, renormalised
// over the root's candidates), uniform over the root moves when the search has no model;
// entries come in genmove's order (mcts.hpp rootMoveBefore); each move's pv
// is the move alone, except the best move's, which is the principal variation of the
// first search tree; there is no score estimate, so scoreLead is not written.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "engine/gtp/go_engine.hpp"

namespace engine {

namespace {

struct AnalyzeArgs {
  Color color = Color::Empty;  // Empty: the side to move
  double intervalSeconds = 1.0;
  int minMoves = 0;
  int maxMoves = 0;  // 0: no limit
  bool ownership = false;
};

bool isColorWord(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s == "b" || s == "w" || s == "black" || s == "white";
}

AnalyzeArgs parseAnalyzeArgs(const GtpArgs& a, size_t first, bool kata) {
  AnalyzeArgs out;
  size_t i = first;
  constexpr long long MAX_INTERVAL = 100 * 3600;  // an hour, in centiseconds
  if (i < a.size() && isIntegerText(a.at(i))) {
    out.intervalSeconds = static_cast<double>(a.integer(i, 0, MAX_INTERVAL)) / 100;
    ++i;
  }
  while (i < a.size()) {
    const std::string& key = a.at(i);
    if (i + 1 >= a.size()) throw GtpError("syntax error: " + key + " needs a value");
    if (key == "interval") {
      out.intervalSeconds = static_cast<double>(a.integer(i + 1, 0, MAX_INTERVAL)) / 100;
    } else if (key == "minmoves") {
      out.minMoves = static_cast<int>(a.integer(i + 1, 0, 1000000));
    } else if (key == "maxmoves") {
      out.maxMoves = static_cast<int>(a.integer(i + 1, 0, 1000000));
    } else if (kata && key == "ownership") {
      const std::string& v = a.at(i + 1);
      if (v != "true" && v != "false") throw GtpError("syntax error: ownership true|false");
      out.ownership = v == "true";
    } else {
      throw GtpError("unsupported analysis key: " + key);
    }
    i += 2;
  }
  out.intervalSeconds = std::max(0.01, out.intervalSeconds);
  return out;
}

std::string formatReal(double v, const char* format) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

void GoEngine::registerAnalyzeCommands() {
  server_.addStreaming("lz-analyze", [this](const GtpArgs& a, GtpStream& s) {
    return cmdAnalyze(a, s, false, false);
  });
  server_.addStreaming("kata-analyze", [this](const GtpArgs& a, GtpStream& s) {
    return cmdAnalyze(a, s, true, false);
  });
  server_.addStreaming("lz-genmove_analyze", [this](const GtpArgs& a, GtpStream& s) {
    return cmdAnalyze(a, s, false, true);
  });
  server_.addStreaming("kata-genmove_analyze", [this](const GtpArgs& a, GtpStream& s) {
    return cmdAnalyze(a, s, true, true);
  });
}

std::string GoEngine::analysisLine(const MctsResult& r, Color toMove, bool kata, int minMoves,
                                   int maxMoves, bool ownership) const {
  std::string out;
  const double uniform = r.moves.empty() ? 0 : 1.0 / static_cast<double>(r.moves.size());
  const bool modelled =
      std::any_of(r.moves.begin(), r.moves.end(), [](const MoveStat& m) { return m.prob > 0; });
  int order = 0;
  for (const MoveStat& m : r.moves) {
    const double prior = modelled ? m.prob : uniform;
    if (maxMoves > 0 && order >= maxMoves) break;
    if (m.visits == 0 && order >= minMoves) break;
    if (!out.empty()) out += ' ';
    out += "info move " + moveText(m.move) + " visits " + std::to_string(m.visits);
    if (kata) {
      out += " winrate " + formatReal(m.winrate, "%.6f") + " prior " + formatReal(prior, "%.6f");
    } else {
      out += " winrate " + std::to_string(static_cast<int>(m.winrate * 10000 + 0.5)) + " prior " +
             std::to_string(static_cast<int>(prior * 10000 + 0.5));
    }
    out += " order " + std::to_string(order) + " pv";
    if (order == 0 && !r.pv.empty() && r.pv.front() == m.move) {
      for (Point p : r.pv) out += " " + moveText(p);
    } else {
      out += " " + moveText(m.move);
    }
    ++order;
  }
  if (kata && ownership && !r.ownership.empty()) {
    const float sign = toMove == Color::White ? -1.f : 1.f;
    out += out.empty() ? "ownership" : " ownership";
    for (float o : r.ownership) out += " " + formatReal(sign * o, "%.4f");
  }
  return out;
}

std::string GoEngine::cmdAnalyze(const GtpArgs& a, GtpStream& out, bool kata, bool genmove) {
  size_t first = 0;
  Color color = game_.toMove();
  if (genmove) {
    color = colorArg(a, 0);
    first = 1;
  } else if (a.size() > 0 && isColorWord(a.at(0))) {
    color = colorArg(a, 0);
    first = 1;
  }
  const AnalyzeArgs args = parseAnalyzeArgs(a, first, kata);
  if (!genmove && !player_->canAnalyze()) {
    throw GtpError("analysis needs a searching player (fgo gtp --player mcts)");
  }
  out.begin();
  SearchReporter reporter;
  reporter.intervalSeconds = args.intervalSeconds;
  reporter.ownership = args.ownership;
  reporter.report = [&](const MctsResult& r) {
    const std::string line =
        analysisLine(r, color, kata, args.minMoves, args.maxMoves, args.ownership);
    if (!line.empty()) out.line(line);
    return true;
  };
  if (genmove) {
    const Point p = generate(color, MoveRequest::Normal, &reporter);
    if (p == RESIGN) return "play resign";
    game_.play(p, color);
    return "play " + moveText(p);
  }
  reporter.stop = out.interrupt();
  const MctsResult r = player_->analyze(game_, color, reporter);
  const std::string last =
      analysisLine(r, color, kata, args.minMoves, args.maxMoves, args.ownership);
  if (!last.empty()) out.line(last);
  // Live: the stream stays open until the next command, even when the search has
  // reached its cap.
  if (const std::atomic<bool>* stop = out.interrupt()) {
    while (!stop->load()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return "";
}

}  // namespace engine
