// fgo compare-schedules: hit@k of the cascade for every schedule and reducer, one table,
// one run (the same games and positions for every row).
#include <cstdio>
#include <iostream>
#include <sstream>

#include "engine/play/predict.hpp"
#include "reduce/schedule.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

// How many steps of the schedule (from 19x19) the reducer does itself.
int ownSteps(const engine::CascadeParams& p) {
  const engine::Cascade cascade(p);
  int n = 0;
  for (const auto& chain : reduce::parseSchedule(p.schedule, {19, 19}).chains) {
    for (size_t i = 1; i < chain.size(); ++i) n += cascade.usesOwnReducer(chain[i - 1], chain[i]);
  }
  return n;
}

}  // namespace

int runCompareSchedules(const std::vector<std::string>& args) {
  po::options_description desc("fgo compare-schedules options");
  engine::PredictParams p;
  std::string games, schedules, reducers, carry;
  desc.add_options()("games", po::value(&games)->required(), "folder of .sgf game records")(
      "schedules", po::value(&schedules)->default_value("standard,faster,slower"),
      "comma-separated schedules")(
      "reducers", po::value(&reducers)->default_value("resample,sector,block"),
      "comma-separated reducers")("ranking", po::value(&p.cascade.ranking)->default_value("eval"),
                                  "ranking within areas: geometric, eval or eval-search")(
      "advisor", po::value(&p.cascade.advisor)->default_value("mcts"),
      "advisor on the smallest board: mcts (Monte-Carlo stand-in) or solver (solve/advise)")(
      "advisor-nodes", po::value(&p.cascade.advisorNodes)->default_value(20000),
      "node budget of the solver advisor")(
      "advisor-playouts", po::value(&p.cascade.advisorPlayouts)->default_value(200),
      "playouts of the Monte-Carlo advisor on the smallest board")(
      "last-move-areas", po::bool_switch(&p.cascade.lastMoveAreas),
      "time dilation: the images of the last two moves join every reduced level")(
      "memory", po::value(&p.cascade.memory)->default_value(0),
      "time dilation: the real-board areas of the last N cascades stay candidates")(
      "carry", po::value(&carry)->default_value("density"),
      "levels reduced from: off (the thresholded colours of the level above), on (its carried "
      "colour channels), density (carried channels, thresholds keeping each colour's share; "
      "the default); a comma list gives one row each (off,density: before and after)")(
      "bottom-moves", po::value(&p.cascade.bottomMoves)->default_value(4),
      "moves taken on the smallest board")("keep",
                                           po::value(&p.cascade.keepPerLevel)->default_value(16),
                                           "points kept at each intermediate level")(
      "every", po::value(&p.every)->default_value(1), "use every N-th game file (sorted)")(
      "position-every", po::value(&p.positionEvery)->default_value(1),
      "count every N-th position of each game (1: all)")(
      "max-games", po::value(&p.maxGames)->default_value(-1), "use only the first N games")(
      "threads", po::value(&p.threads)->default_value(2), "threads (games run in parallel)");
  po::variables_map vm;
  if (!parseOptions(args, "fgo compare-schedules --games DIR [--max-games N]", desc, vm)) return 0;
  if (p.every < 1 || p.positionEvery < 1)
    throw UsageError("--every and --position-every must be at least 1");
  const auto files = engine::listSgfFiles(games);
  if (files.empty()) throw std::runtime_error("no .sgf files under " + games);
  const std::vector<std::string> carries = splitList(carry);
  for (const std::string& c : carries) engine::setCarryMode(p.cascade, c);  // validates
  std::printf("%-9s %-9s %-5s %5s %7s %7s %7s %7s %7s %9s\n", "schedule", "reducer", "carry", "own",
              "k=1", "k=4", "k=16", "k=64", "cands", "us/pos");
  engine::PredictReport last;
  for (const std::string& s : splitList(schedules)) {
    for (const std::string& r : splitList(reducers)) {
      for (const std::string& c : carries) {
        p.cascade.schedule = s;
        p.cascade.reducer = r;
        engine::setCarryMode(p.cascade, c);
        const int own = ownSteps(p.cascade);  // also validates the names
        if (own == 0 && r != "resample") {
          std::printf("%-9s %-9s %-5s %5d   (no step of its own: the resample row)\n", s.c_str(),
                      r.c_str(), c.c_str(), own);
          continue;
        }
        last = engine::predictGames(files, p);
        for (const auto& problem : last.problems)
          std::cerr << "fgo compare-schedules: " << problem << "\n";
        const auto& h = last.cascade.at;
        std::printf("%-9s %-9s %-5s %5d %6.2f%% %6.2f%% %6.2f%% %6.2f%% %7.1f %9.0f\n", s.c_str(),
                    r.c_str(), c.c_str(), own, 100 * h[0], 100 * h[1], 100 * h[2], 100 * h[3],
                    last.meanCandidates, last.microsecondsPerPosition);
        std::fflush(stdout);
      }
    }
  }
  for (const auto& [name, h] : {std::pair{"random", last.random}, {"proximity", last.proximity}}) {
    std::printf("%-25s %5s %6.2f%% %6.2f%% %6.2f%% %6.2f%%\n", name, "", 100 * h.at[0],
                100 * h.at[1], 100 * h.at[2], 100 * h.at[3]);
  }
  std::printf(
      "\n%ld games, %ld positions per row; ranking %s; advisor: %s\n"
      "own = steps (from 19x19) done by the named reducer; resample does the others.\n"
      "Matches against GNU Go per schedule: not measured — the engine's genmove (fgo gtp) does\n"
      "not use the cascade in play yet, so a schedule cannot change its games.\n",
      last.games, last.positions, p.cascade.ranking.c_str(), last.advisor.c_str());
  return 0;
}

}  // namespace fgo
