#include "tools/command.hpp"

namespace fgo {

// One declaration and one table row per command (each lives in cmd_<name>.cpp).
int runPerft(const std::vector<std::string>& args);
int runSelfplay(const std::vector<std::string>& args);
int runMatch(const std::vector<std::string>& args);
int runSgf(const std::vector<std::string>& args);
int runSolve(const std::vector<std::string>& args);
int runGtp(const std::vector<std::string>& args);
int runPredict(const std::vector<std::string>& args);
int runCompareSchedules(const std::vector<std::string>& args);
int runReduce(const std::vector<std::string>& args);
int runTables(const std::vector<std::string>& args);
int runIndex(const std::vector<std::string>& args);
int runFind(const std::vector<std::string>& args);
int runBook(const std::vector<std::string>& args);
int runExperimentA(const std::vector<std::string>& args);
int runScore(const std::vector<std::string>& args);
int runAnalyze(const std::vector<std::string>& args);
int runRender(const std::vector<std::string>& args);
int runPrior(const std::vector<std::string>& args);

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"perft", "count legal move sequences to a depth (rules signature)", runPerft},
      {"selfplay", "one game of a player against itself: baseline (random) or mcts", runSelfplay},
      {"match", "games between two GTP engines: SGF, results table, win rate", runMatch},
      {"sgf", "read and replay SGF game folders; convert SGF <-> plain game format", runSgf},
      {"solve", "solve a small board (up to 32 points) exactly: value, best moves, pv", runSolve},
      {"reduce", "show the cascade's levels for a position; measure reduction quality", runReduce},
      {"predict", "hit@k of the reduction cascade on game records, beside baselines", runPredict},
      {"compare-schedules", "hit@k of every cascade schedule and reducer in one table", runCompareSchedules},
      {"tables", "inspect and verify table files (info, verify)", runTables},
      {"score", "accuracy of the score estimate on finished game records, beside GNU Go", runScore},
      {"analyze", "every evaluation layer of a position (shapes, influence, territory) as JSON", runAnalyze},
      {"render", "draw a position as SVG: influence heat map, territory, shapes, groups", runRender},
      {"index", "build the position index of a game folder (exact + approximate search)", runIndex},
      {"find", "exact and nearest (influence) matches of a position in a game collection", runFind},
      {"book", "opening book: build, look up (exact then approximate), measure on held-out games", runBook},
      {"experiment-a", "does influence distance predict how games continued? (Spearman per model)", runExperimentA},
      {"prior", "learned move model (Bradley-Terry, MM): train on games, evaluate on held-out games", runPrior},
      {"gtp", "GTP version 2 engine on stdin/stdout (genmove: Monte-Carlo tree search)", runGtp},
  };
  return table;
}

}  // namespace fgo
