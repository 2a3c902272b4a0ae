#include "engine/match/report.hpp"

#include <cmath>
#include <ctime>
#include <iomanip>
#include <sstream>

namespace engine {

Interval wilsonInterval(double successes, int n, double z) {
  if (n <= 0) return {0, 1};
  const double p = successes / n;
  const double z2n = z * z / n;
  const double center = (p + z2n / 2) / (1 + z2n);
  const double half = z / (1 + z2n) * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n));
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

MatchSummary summarize(const std::vector<GameResult>& results, const std::string labels[2],
                       const std::string commands[2]) {
  MatchSummary s;
  for (int i = 0; i < 2; ++i) {
    s.engine[i].label = labels[i];
    s.engine[i].command = commands[i];
  }
  long totalMoves = 0;
  double seconds[2] = {0, 0};
  int moves[2] = {0, 0};
  for (const GameResult& g : results) {
    ++s.games;
    totalMoves += static_cast<long>(g.moves.size());
    const int black = g.alternated ? 1 : 0;  // engine index playing Black
    EngineStats& b = s.engine[black];
    EngineStats& w = s.engine[1 - black];
    ++b.games, ++b.asBlack, ++w.games, ++w.asWhite;
    b.seconds += g.timeBlack, b.genmoves += g.genmovesBlack;
    w.seconds += g.timeWhite, w.genmoves += g.genmovesWhite;
    seconds[0] += g.timeBlack, moves[0] += g.genmovesBlack;
    seconds[1] += g.timeWhite, moves[1] += g.genmovesWhite;
    if (g.errorColor == Color::Black) ++b.errors;
    if (g.errorColor == Color::White) ++w.errors;
    if (!g.decided) {
      ++s.unfinished;
    } else if (g.winner == Color::Empty) {
      ++s.draws, ++b.draws, ++w.draws;
    } else if (g.winner == Color::Black) {
      ++s.blackWins, ++b.wins, ++b.winsAsBlack, ++w.losses;
    } else {
      ++s.whiteWins, ++w.wins, ++w.winsAsWhite, ++b.losses;
    }
  }
  s.decided = s.games - s.unfinished;
  const double points = s.engine[0].wins + 0.5 * s.engine[0].draws;
  s.winRate1 = s.decided ? points / s.decided : 0;
  s.interval1 = wilsonInterval(points, s.decided);
  s.averageLength = s.games ? static_cast<double>(totalMoves) / s.games : 0;
  s.secondsPerMoveBlack = moves[0] ? seconds[0] / moves[0] : 0;
  s.secondsPerMoveWhite = moves[1] ? seconds[1] / moves[1] : 0;
  return s;
}

namespace {

std::string fixed(double v, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << v;
  return out.str();
}

// Tabs and line breaks would break the table: replace them.
std::string cell(std::string text) {
  for (char& c : text) {
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  }
  return text.empty() ? "-" : text;
}

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string utcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &utc);
  return buf;
}

}  // namespace

void writeResultsTable(std::ostream& out, const MatchOptions& o,
                       const std::vector<GameResult>& results, const std::string labels[2]) {
  out << "# fractalgo match results (columns GAME..ERR_MSG as gogui-twogtp)\n"
      << "# Black: " << labels[0] << " = " << cell(o.engine1) << "\n"
      << "# White: " << labels[1] << " = " << cell(o.engine2) << "\n"
      << "# Referee: "
      << (o.referee == RefereeKind::Self
              ? "self (own scorer, all stones alive)"
              : cell(o.refereeCommand.empty() ? "gnugo" : o.refereeCommand))
      << "\n# Size: " << o.size.str() << "\n# Komi: " << o.rules.komi
      << "\n# Rules: " << o.rulesName << "\n# Alternate: " << (o.alternate ? 1 : 0)
      << "\n# Date: " << utcNow() << "\n"
      << "#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG"
      << "\tBLACK\tWHITE\tRESULT\tREASON\tSELF\n";
  for (const GameResult& g : results) {
    // gogui-twogtp numbers games from 0.
    out << g.index - 1 << '\t' << cell(g.resultByBlack) << '\t' << cell(g.resultByWhite) << '\t'
        << cell(g.resultReferee) << '\t' << (g.alternated ? 1 : 0) << "\t-\t" << g.moves.size()
        << '\t' << fixed(g.timeBlack, 1) << '\t' << fixed(g.timeWhite, 1) << '\t'
        << (g.cpuBlack >= 0 ? fixed(g.cpuBlack, 1) : "-") << '\t'
        << (g.cpuWhite >= 0 ? fixed(g.cpuWhite, 1) : "-") << '\t' << (g.error.empty() ? 0 : 1)
        << '\t' << cell(g.error) << '\t' << cell(g.blackName) << '\t' << cell(g.whiteName) << '\t'
        << cell(g.result) << '\t' << cell(endReasonName(g.reason)) << '\t' << cell(g.resultSelf)
        << '\n';
  }
}

void writeSummaryText(std::ostream& out, const MatchSummary& s) {
  out << "games " << s.games << ": decided " << s.decided << " (draws " << s.draws
      << "), unfinished " << s.unfinished << "; Black won " << s.blackWins << ", White won "
      << s.whiteWins << "\n";
  for (int i = 0; i < 2; ++i) {
    const EngineStats& e = s.engine[i];
    out << "engine " << i + 1 << " (" << e.label << "): wins " << e.wins << " (as Black "
        << e.winsAsBlack << "/" << e.asBlack << ", as White " << e.winsAsWhite << "/" << e.asWhite
        << "), losses " << e.losses << ", forfeits " << e.errors << ", "
        << fixed(e.secondsPerMove(), 3) << " s/move over " << e.genmoves << " moves\n"
        << "  command: " << e.command << "\n";
  }
  out << "engine 1 score rate " << fixed(100 * s.winRate1, 1) << "% of " << s.decided
      << " decided games, 95% Wilson interval [" << fixed(100 * s.interval1.low, 1) << "%, "
      << fixed(100 * s.interval1.high, 1) << "%] (draws count one half)\n"
      << "average game length " << fixed(s.averageLength, 1) << " moves; seconds a move: Black "
      << fixed(s.secondsPerMoveBlack, 3) << ", White " << fixed(s.secondsPerMoveWhite, 3) << "\n";
}

void writeSummaryJson(std::ostream& out, const MatchSummary& s) {
  out << "{\"games\": " << s.games << ", \"decided\": " << s.decided << ", \"draws\": " << s.draws
      << ", \"unfinished\": " << s.unfinished << ", \"black_wins\": " << s.blackWins
      << ", \"white_wins\": " << s.whiteWins << ", \"engines\": [";
  for (int i = 0; i < 2; ++i) {
    const EngineStats& e = s.engine[i];
    out << (i ? ", " : "") << "{\"label\": " << jsonString(e.label)
        << ", \"command\": " << jsonString(e.command) << ", \"wins\": " << e.wins
        << ", \"wins_as_black\": " << e.winsAsBlack << ", \"games_as_black\": " << e.asBlack
        << ", \"wins_as_white\": " << e.winsAsWhite << ", \"games_as_white\": " << e.asWhite
        << ", \"losses\": " << e.losses << ", \"draws\": " << e.draws
        << ", \"forfeits\": " << e.errors << ", \"moves\": " << e.genmoves
        << ", \"seconds_per_move\": " << fixed(e.secondsPerMove(), 4) << "}";
  }
  out << "], \"engine1_score_rate\": " << fixed(s.winRate1, 4) << ", \"engine1_wilson95\": ["
      << fixed(s.interval1.low, 4) << ", " << fixed(s.interval1.high, 4)
      << "], \"average_length\": " << fixed(s.averageLength, 2)
      << ", \"seconds_per_move_black\": " << fixed(s.secondsPerMoveBlack, 4)
      << ", \"seconds_per_move_white\": " << fixed(s.secondsPerMoveWhite, 4) << "}\n";
}

}  // namespace engine
