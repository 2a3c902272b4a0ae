// fgo match: games between two GTP engines (engine/match/match.hpp).
#include <iostream>

#include <cstdio>

#include "engine/board/ascii.hpp"
#include "engine/board/errors.hpp"
#include "engine/match/match.hpp"
#include "engine/match/report.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {
const char* USAGE =
    "fgo match --black CMD --white CMD --out DIR [--games N] [--size 9] [--komi K]\n"
    "          [--referee self|gnugo] [--move-time S] [--max-moves M] [--json]\n"
    "          [--progress] [--board-every N]\n\n"
    "Plays N games between two GTP engines given as command lines (quoted like a shell's\n"
    "simple quoting, e.g. --white \"gnugo --mode gtp --level 1\"). --black names engine 1,\n"
    "which plays Black in odd games, --white engine 2; colours alternate unless\n"
    "--no-alternate. Every move is checked by our rules: an illegal move, a non-move, a\n"
    "crash, a hang (past --timeout) or a protocol error loses the game by forfeit (B+F,\n"
    "W+F, or B+T/W+T on time), the engine is restarted and the match goes on.\n"
    "Games ended by two passes are scored by the referee: 'self' is our area (or\n"
    "territory) count of the final board with every stone alive (right when games are\n"
    "played out, e.g. GNU Go with --capture-all-dead); 'gnugo' replays the game into\n"
    "'gnugo --mode gtp' (--chinese-rules for area rules) and asks final_score. Games at\n"
    "the move cap stay unfinished (no result).\n"
    "Writes DIR/game-N.sgf (boards up to 52x52), DIR/results.tsv (gogui-twogtp's columns\n"
    "plus ours), DIR/summary.txt and DIR/summary.json, and the engines' stderr to\n"
    "DIR/engine1.stderr, engine2.stderr, referee.stderr. The summary gives engine 1's\n"
    "score rate (draws count one half) with its 95% Wilson score interval.";
}  // namespace

// Prints one line per move, and the board every `boardEvery` moves.
std::function<void(const engine::GameResult&, const engine::Game&, double)> moveProgress(
    std::ostream& out, int boardEvery) {
  return [&out, boardEvery](const engine::GameResult& g, const engine::Game& game, double s) {
    const engine::Move& m = g.moves.back();
    const engine::Board& b = game.board();
    const std::string name = m.color == engine::Color::Black ? g.blackName : g.whiteName;
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.2f", s);
    out << "game " << g.index << " move " << g.moves.size() << ": " << engine::colorName(m.color)
        << " "
        << (m.point == engine::PASS ? std::string("pass")
                                    : engine::vertexName(b.xy(m.point), b.size()))
        << "  (" << secs << " s, " << name.substr(0, name.find(' ')) << ")  captures B "
        << b.captures(engine::Color::Black) << " W " << b.captures(engine::Color::White) << "\n";
    if (boardEvery > 0 && g.moves.size() % static_cast<size_t>(boardEvery) == 0) {
      out << engine::boardToString(b, b.width() <= 25);
    }
    out << std::flush;
  };
}

int runMatch(const std::vector<std::string>& args) {
  po::options_description desc("fgo match options");
  engine::MatchOptions o;
  std::string size = "9", referee = "self";
  int boardEvery = 0;
  double komi = 0;
  desc.add_options()("black", po::value(&o.engine1)->required(),
                     "engine 1 command line (Black in game 1)")(
      "white", po::value(&o.engine2)->required(), "engine 2 command line (White in game 1)")(
      "games", po::value(&o.games)->default_value(2), "number of games")(
      "no-alternate", "engine 1 plays Black in every game")(
      "size", po::value(&size)->default_value("9"), "board size, N or WxH")(
      "rules", po::value(&o.rulesName)->default_value("chinese"),
      "chinese, tromp-taylor or japanese")("komi", po::value(&komi),
                                           "komi (default: the rules' own, 7.5 for chinese)")(
      "referee", po::value(&referee)->default_value("self"), "self or gnugo")(
      "referee-cmd", po::value(&o.refereeCommand),
      "referee command line (default: gnugo --mode gtp [--chinese-rules])")(
      "move-time", po::value(&o.moveTime)->default_value(0),
      "seconds a move, sent as time_settings 0 S 1 and time_left (whole seconds, rounded "
      "up; 0: not sent)")("timeout", po::value(&o.moveTimeout)->default_value(0),
                          "hard limit on one genmove in seconds (0: 2 x move-time + 5, or 60)")(
      "command-timeout", po::value(&o.commandTimeout)->default_value(10),
      "limit on every other command, seconds")("max-moves",
                                               po::value(&o.maxMoves)->default_value(0),
                                               "move cap, passes included (0: 3 x points)")(
      "out", po::value(&o.outDir)->required(), "output directory")(
      "json", "print the summary as JSON (progress goes to stderr)")("quiet", "no line per game")(
      "progress", "a line per move: number, colour, move, seconds, captures")(
      "board-every", po::value(&boardEvery)->default_value(0),
      "with --progress: print the board every N moves and at the end (0: never)");
  po::variables_map vm;
  if (!parseOptions(args, USAGE, desc, vm)) return 0;
  try {
    o.rules = engine::Rules::named(o.rulesName);
    if (vm.count("komi")) o.rules.komi = komi;
    o.size = engine::parseBoardSize(size);
  } catch (const engine::InputError& e) {
    throw UsageError(e.what());
  }
  if (referee == "gnugo") {
    o.referee = engine::RefereeKind::Gnugo;
  } else if (referee != "self") {
    throw UsageError("--referee must be self or gnugo");
  }
  o.alternate = !vm.count("no-alternate");
  o.stderrDir = o.outDir;
  const bool json = vm.count("json") != 0;
  std::ostream& progress = json ? std::cerr : std::cout;
  if (!vm.count("quiet")) {
    const bool finalBoard = vm.count("progress") && boardEvery > 0;
    o.onGame = [&progress, &o, finalBoard](const engine::GameResult& g) {
      if (finalBoard) {
        engine::Game game(g.size, o.rules);
        for (const engine::Move& m : g.moves) game.play(m.point, m.color);
        progress << "final position of game " << g.index << ":\n"
                 << engine::boardToString(game.board(), game.board().width() <= 25);
      }
      progress << "game " << g.index << ": " << g.blackName << " (B) vs " << g.whiteName
               << " (W): " << g.result << " by " << engine::endReasonName(g.reason) << ", "
               << g.moves.size() << " moves" << (g.error.empty() ? "" : "; " + g.error) << "\n"
               << std::flush;
    };
  }
  if (boardEvery < 0) throw UsageError("--board-every must be >= 0");
  if (vm.count("progress")) o.onMove = moveProgress(progress, boardEvery);
  try {
    o.validate();
  } catch (const engine::InputError& e) {
    throw UsageError(e.what());
  }
  const engine::MatchRun run = engine::runMatch(o);
  const engine::MatchSummary s = engine::summarize(run.games, run.labels, run.commands);
  if (json) {
    engine::writeSummaryJson(std::cout, s);
  } else {
    engine::writeSummaryText(std::cout, s);
    std::cout << "written to " << o.outDir << "/ (results.tsv, game-N.sgf, summary.txt)\n";
  }
  return 0;
}

}  // namespace fgo
