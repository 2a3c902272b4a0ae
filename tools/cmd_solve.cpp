// fgo solve: the exact small-board solver (solve/solver.hpp) on an empty board or a
// diagram, printing the value (Black's area minus White's, komi 0 unless given), the
// optimal first moves and a principal variation.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/board/coord.hpp"
#include "engine/board/errors.hpp"
#include "solve/proof_depth.hpp"
#include "solve/solver.hpp"
#include "solve/solver_state.hpp"
#include "solve/table_build.hpp"
#include "solve/tt.hpp"
#include "tools/options.hpp"
#include "tools/solve_options.hpp"

namespace fgo {

namespace {

std::string moveList(const solve::Geometry& g, const std::vector<int>& moves, bool json) {
  std::string out = json ? "[" : "";
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i) out += json ? ", " : " ";
    out += json ? "\"" + g.vertex(moves[i]) + "\"" : g.vertex(moves[i]);
  }
  return json ? out + "]" : out;
}

// The search counters as a JSON object.
std::string statsJson(const solve::SearchStats& s) {
  std::ostringstream o;
  o << "{\"tt_hits\": " << s.ttHits << ", \"tt_history_refused\": " << s.ttHistoryRefused
    << ", \"not_stored\": " << s.notStored << ", \"etc_cuts\": " << s.etcCuts
    << ", \"static_etc_cuts\": " << s.staticEtcCuts << ", \"lookahead_cuts\": " << s.lookaheadCuts
    << ", \"pass_checks\": " << s.passChecks << ", \"soft_cuts\": " << s.softCuts
    << ", \"fail_memo_cuts\": " << s.failMemoCuts << ", \"width_cuts\": " << s.widthCuts
    << ", \"static_cuts\": " << s.staticCuts << ", \"horizon_leaves\": " << s.horizonLeaves
    << ", \"game_ends\": " << s.gameEnds << ", \"depth\": " << s.depth << ", \"guess\": " << s.guess
    << ", \"guess_nodes\": " << s.guessNodes << ", \"second_searches\": " << s.secondSearches
    << ", \"hint_nodes\": " << s.hintNodes << ", \"hint_moves\": " << s.hintMoves
    << ", \"capture_extensions\": " << s.captureExtensions
    << ", \"self_atari_extensions\": " << s.selfAtariExtensions << "}";
  return o.str();
}

// fgo solve --proof-depth TARGET: the proof depth of "Black's value >= TARGET" and the line
// where White resists longest (solve/proof_depth.hpp).
int proofDepthCommand(const solve::Geometry& g, const solve::Position& pos, int target,
                      const solve::SolveOptions& opt, bool json) {
  if (target < -g.points() || target > g.points()) {
    throw UsageError("--proof-depth must be between -points and points");
  }
  solve::ProofDepthOptions po;
  po.target = target;
  po.minDepth = std::max(1, opt.firstDepth);
  po.maxDepth = opt.maxDepth;
  po.maxNodes = opt.maxNodes;
  po.maxSeconds = opt.maxSeconds;
  bool shown = false;
  if (opt.onProgress) {  // --progress: one line per test
    po.onTest = [&shown](const solve::ProofDepthProgress& p) {
      std::fprintf(stderr,
                   "\r[proof-depth] tests %d, nodes %.3e, elapsed %.0f s, last test: horizon "
                   "%d, %s; root depth %d, line %zu steps   ",
                   p.tests, static_cast<double>(p.nodes), p.seconds, p.horizon,
                   p.proven    ? "proven"
                   : p.stopped ? "stopped"
                               : "not proven",
                   p.rootDepth, p.lineSteps);
      shown = true;
    };
  }
  const auto start = std::chrono::steady_clock::now();
  const solve::ProofDepthResult r = solve::proofDepth(g, pos, po, opt);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (shown) std::fprintf(stderr, "\n");
  if (json) {
    std::cout << "{\"target\": " << target << ", \"depth\": " << r.depth
              << ", \"complete\": " << (r.complete ? "true" : "false") << ", \"line\": [";
    for (size_t i = 0; i < r.line.size(); ++i) {
      const solve::ProofLineStep& s = r.line[i];
      std::cout << (i ? ", " : "") << "{\"position\": \"" << solve::diagramOf(g, s.black, s.white)
                << "\", \"to_move\": \"" << (s.whiteToMove ? "W" : "B")
                << "\", \"depth\": " << s.depth << (s.reanchored ? ", \"reanchored\": true" : "")
                << ", \"move\": "
                << (s.move == -2 ? std::string("null") : "\"" + g.vertex(s.move) + "\"");
      if (s.whiteToMove && s.move != -2)
        std::cout << ", \"longest\": " << moveList(g, s.longest, true);
      std::cout << "}";
    }
    std::cout << "], \"reanchors\": " << r.reanchors
              << ", \"stopped\": " << (r.stopped ? "true" : "false") << ", \"nodes\": " << r.nodes
              << ", \"tests\": " << r.tests << ", \"seconds\": " << seconds << "}\n";
    return 0;
  }
  if (r.depth < 0) {
    if (r.stopped) {
      std::cout << "not proven at horizons from " << po.minDepth
                << " before the node or time limit ran out\n";
    } else {
      std::cout << "not proven at horizons " << po.minDepth << " to " << po.maxDepth << "\n";
    }
  } else {
    std::cout << "proof depth " << r.depth << " for Black >= " << target
              << (r.complete  ? ""
                  : r.stopped ? " (line incomplete: the node or time limit)"
                              : " (line incomplete)")
              << "\n";
    for (const solve::ProofLineStep& s : r.line) {
      std::cout << "  " << solve::diagramOf(g, s.black, s.white) << " "
                << (s.whiteToMove ? "W" : "B") << " depth " << s.depth
                << (s.reanchored ? " (its own, re-anchored)" : "");
      if (s.move != -2) std::cout << ": " << g.vertex(s.move);
      if (s.whiteToMove && s.longest.size() > 1) {
        std::cout << " (as long: " << moveList(g, s.longest, false) << ")";
      }
      std::cout << "\n";
    }
  }
  std::cout << "nodes " << r.nodes << "\ntests " << r.tests << "\nseconds " << seconds << "\n";
  return 0;
}

// One progress line on stderr (--progress), rewritten in place: nodes, rate, elapsed,
// the proven interval of the value (Black's side, komi included), the horizon, the
// question being asked and how far the root's move loop has got.
void progressLine(const solve::Geometry& g, const solve::SolveProgress& p, bool blackToMove,
                  double komi) {
  char head[128];
  std::snprintf(head, sizeof head, "\r[solve] nodes %.3e (%.3e/s), elapsed %.0f s, value in [",
                static_cast<double>(p.nodes), p.seconds > 0 ? p.nodes / p.seconds : 0.0, p.seconds);
  std::ostringstream o;
  o << head << p.lower << ", " << p.upper << "]";
  if (p.bestMoves) {
    o << ", testing the moves";
    if (p.rootMoves > 0) {
      o << " (" << p.rootMove + 1 << "/" << p.rootMoves << ": " << g.vertex(p.rootPoint) << ")";
    }
  } else {
    if (p.horizon > 0) o << ", horizon " << p.horizon;
    if (p.hasQuestion) {
      // "the mover's value >= q" from Black's side.
      o << ", asking value " << (blackToMove ? ">= " : "<= ")
        << (blackToMove ? p.question : -p.question) + komi;
      // Which one-sided search runs: the one that can only prove yes, or only no.
      if (p.oneSided != 0) o << (p.oneSided > 0 ? " (seeking a yes)" : " (seeking a no)");
    }
    if (p.rootMoves > 0) {
      o << ", root move " << p.rootMove + 1 << "/" << p.rootMoves << " (" << g.vertex(p.rootPoint)
        << ")";
    }
  }
  o << "   ";
  std::cerr << o.str() << std::flush;
}

}  // namespace

int runSolve(const std::vector<std::string>& args) {
  po::options_description desc("fgo solve options");
  std::string size, position, toMove, rules, algorithm;
  double komi = 0, maxSeconds = 0;
  uint64_t maxNodes = 0;
  int ttLog2 = 20, threads = 1;
  desc.add_options()("size", po::value(&size), "board size WxH (at most 32 points)")(
      "position", po::value(&position), "diagram file, or diagram text with '/' between rows")(
      "to-move", po::value(&toMove)->default_value("B"), "side to move: B or W")(
      "ko", po::value<std::string>(),
      "the point the side to move may not play now, a ko just taken (a vertex such as B2)")(
      "passed", "the other side has just passed: a pass by the side to move ends the game")(
      "rules", po::value(&rules)->default_value("psk"),
      "psk, simple (cycles drawn), simple-forced (simple ko only: what a side forces) or "
      "tromp-taylor")("komi", po::value(&komi)->default_value(0),
                      "komi added to the reported value")(
      "max-nodes", po::value(&maxNodes)->default_value(0), "node limit (0: none)")(
      "max-seconds", po::value(&maxSeconds)->default_value(0), "time limit (0: none)")(
      "algorithm", po::value(&algorithm)->default_value("mtdf"), "mtdf or alphabeta")(
      "tt-log2", po::value(&ttLog2)->default_value(20), "table of 2^N 40-byte entries")(
      "bounds-log2", po::value<int>()->default_value(0),
      "each search thread's static-bounds memo of 2^N 16-byte entries (0: from --tt-log2)")(
      "threads", po::value(&threads)->default_value(1), "OpenMP threads (root analysis)")(
      "depth-step", po::value<int>()->default_value(2), "horizon step")(
      "guess", po::value<int>()->default_value(0),
      "MTD(f) first test value, Black's side (search effort only)")(
      "first-guess", po::value<std::string>()->default_value("middle"),
      "MTD search's first question: heuristic (a shallow search with an area estimate at "
      "its leaves) or middle (bisection from the middle; MTD(f) from --guess)")(
      "guess-depth", po::value<int>()->default_value(4),
      "plies of the heuristic first guess's search")(
      "mtd", po::value<std::string>()->default_value("bi"),
      "null-window driver: bi (bisect the proven interval) or f (MTD(f) steps)")(
      "search", po::value<std::string>()->default_value("mtd"),
      "mtd (iterative deepening with a horizon) or dfpn (proof numbers, no horizon)")(
      "epsilon", po::value<double>()->default_value(0.25), "df-pn's 1+epsilon trick")(
      "one-sided",
      "each null-window test as two one-sided searches (one that can only answer yes, then "
      "one that can only answer no; search effort only)")(
      "no-first", "with --one-sided: the search that can only answer no first")(
      "first-only",
      "with --one-sided: only the first search of each test (the one that can give the "
      "answer the guess predicts); a test it leaves open stays open at that horizon")(
      "prover-width", po::value<int>()->default_value(0),
      "with --one-sided: the side looking for a proof tries at most this many moves at a "
      "node (0: every move; a proof that needs a later move stays open)")(
      "checkpoint", po::value<std::string>(),
      "save the solver's table to this file every --checkpoint-seconds and at the end, and "
      "load it first when it exists (resume a long solve; MTD search only)")(
      "checkpoint-seconds", po::value<double>()->default_value(600), "seconds between checkpoints")(
      "no-fail-memo",
      "keep only proven bounds in the table, not which null-window searches failed "
      "(search effort only)")(
      "no-pass-check",
      "with --one-sided: play every prover move two plies above the horizon, also those "
      "the opponent's pass there already refutes (search effort only)")(
      "soft-cut-depth", po::value<int>()->default_value(-1),
      "give up on a node this close to the horizon at its first undecided child (0: off; "
      "-1: 3 on boards of up to 16 points, off on larger ones)")(
      "no-leaf-probe",
      "the horizon's leaves take their static bounds alone, without a table probe (search "
      "effort only)")("etc-min-depth", po::value<int>()->default_value(3),
                      "enhanced transposition cut-offs this far above the horizon")(
      "static-etc", po::value<int>()->default_value(1),
      "at nodes this far above the horizon, cut on a child's static bounds before "
      "searching any child (0: off)")("no-symmetry",
                                      "do not fold symmetric positions in the table")(
      "no-benson", "no static bounds from unconditional life")(
      "no-territory", "Benson's life only: no regions without room for two enemy eyes")(
      "no-child-cache", "df-pn: recompute a node's children on every re-entry")(
      "mtd-split",
      "MTD search with 2+ threads: the threads ask different root questions at once "
      "(default: lazy SMP)")("dfpn-split",
                             "df-pn with 2+ threads: every thread df-pn on its own root question "
                             "(default: df-pn on thread 0, the MTD search on the others)")(
      "pn-heuristic", po::value<int>()->default_value(0),
      "df-pn: weight of the area estimate in new children's proof numbers (0: off)")(
      "value-only", "skip the optimal-move list and the principal variation")(
      "forced-hints", po::value<double>()->default_value(0),
      "first solve under simple-forced rules for at most this many seconds, then try that "
      "table's moves first and ask its value first (search effort only; 0: off)")(
      "progress",
      "a progress line on stderr every second (nodes, rate, elapsed, the proven "
      "interval, horizon and question)")(
      "table", po::value<std::string>(),
      "a complete solution table of this board and rules (fgo tables build --solve): "
      "answer from it without a search (a ranked table, --ranked: any state, --ko and "
      "--passed too, with a principal variation to the game's end; others: positions "
      "only, no principal variation)")(
      "proof-depth", po::value<int>(),
      "instead of solving: the fewest plies after which every line ends in a position whose "
      "static bounds give Black at least this value, with the line where White resists "
      "longest (--first-depth: the first horizon tried; --max-depth: the last; --max-nodes: "
      "for all the tests, checked between them; --max-seconds: for all, stopping the test "
      "that runs; --progress: a line on stderr after each test)")("json", "print one JSON object");
  addSearchRuleOptions(desc);
  po::variables_map vm;
  if (!parseOptions(args, "fgo solve --size WxH [--position DIAGRAM] [--json]", desc, vm)) {
    return 0;
  }
  if (toMove != "B" && toMove != "W" && toMove != "b" && toMove != "w") {
    throw UsageError("--to-move must be B or W");
  }
  if (algorithm != "mtdf" && algorithm != "alphabeta") {
    throw UsageError("--algorithm must be mtdf or alphabeta");
  }
  if (threads < 1 || threads > 64) throw UsageError("--threads must be between 1 and 64");
  const engine::Color side =
      (toMove == "W" || toMove == "w") ? engine::Color::White : engine::Color::Black;
  solve::Position pos;
  engine::BoardSize bs;
  if (vm.count("position")) {
    pos = solve::positionFromDiagram(diagramText(position), side, bs);
    if (vm.count("size") && !(engine::parseBoardSize(size) == bs)) {
      throw engine::InputError("--size " + size + " does not match the diagram (" + bs.str() + ")");
    }
  } else if (vm.count("size")) {
    bs = engine::parseBoardSize(size);
    pos.toMove = side;
  } else {
    throw UsageError("give --size or --position");
  }
  const solve::Geometry g(bs.width, bs.height);
  if (vm.count("ko")) {
    if (vm.count("passed")) throw UsageError("--ko and --passed exclude each other");
    const auto at = engine::parseVertex(vm["ko"].as<std::string>(), bs);
    if (!at) throw UsageError("--ko must be a point, not pass");
    pos.ko = g.point(at->x, at->y);
    if (((pos.black | pos.white) >> pos.ko) & 1) {
      throw engine::InputError("--ko " + vm["ko"].as<std::string>() + ": the point is not empty");
    }
  }
  if (vm.count("passed")) pos.passes = 1;
  solve::SolveOptions opt;
  opt.rules = solve::Rules::named(rules);
  opt.rules.komi = komi;
  opt.maxNodes = maxNodes;
  if (!(maxSeconds >= 0)) throw UsageError("--max-seconds must be 0 or more");
  opt.maxSeconds = maxSeconds;
  opt.ttLog2 = ttLog2;
  opt.boundsLog2 = vm["bounds-log2"].as<int>();
  if (opt.boundsLog2 < 0 || opt.boundsLog2 > 22) throw UsageError("--bounds-log2 must be 0..22");
  opt.threads = threads;
  opt.algorithm = algorithm == "mtdf" ? solve::Algorithm::Mtdf : solve::Algorithm::AlphaBeta;
  opt.symmetry = !vm.count("no-symmetry");
  opt.benson = !vm.count("no-benson");
  opt.safety.territory = !vm.count("no-territory");
  readSearchRuleOptions(vm, opt);
  opt.depthStep = vm["depth-step"].as<int>();
  opt.firstGuess = vm["guess"].as<int>();
  const std::string mtd = vm["mtd"].as<std::string>();
  if (mtd != "bi" && mtd != "f") throw UsageError("--mtd must be bi or f");
  opt.bisect = mtd == "bi";
  const std::string firstGuess = vm["first-guess"].as<std::string>();
  if (firstGuess != "heuristic" && firstGuess != "middle") {
    throw UsageError("--first-guess must be heuristic or middle");
  }
  opt.firstGuessMode =
      firstGuess == "heuristic" ? solve::FirstGuess::Heuristic : solve::FirstGuess::Middle;
  opt.guessDepth = vm["guess-depth"].as<int>();
  if (opt.guessDepth < 0 || opt.guessDepth > 12) {
    throw UsageError("--guess-depth must be between 0 and 12");
  }
  opt.etcMinDepth = vm["etc-min-depth"].as<int>();
  opt.staticEtcMinDepth = vm["static-etc"].as<int>();
  if (opt.staticEtcMinDepth < 0) throw UsageError("--static-etc must be 0 or more");
  opt.softCutDepth = vm["soft-cut-depth"].as<int>();
  opt.leafProbe = vm.count("no-leaf-probe") == 0;
  opt.oneSided = vm.count("one-sided") > 0;
  opt.oneSidedNoFirst = vm.count("no-first") > 0;
  if (opt.oneSidedNoFirst && !opt.oneSided) throw UsageError("--no-first needs --one-sided");
  opt.oneSidedFirstOnly = vm.count("first-only") > 0;
  if (opt.oneSidedFirstOnly && !opt.oneSided) {
    throw UsageError("--first-only needs --one-sided");
  }
  opt.failMemo = vm.count("no-fail-memo") == 0;
  opt.passCheck = vm.count("no-pass-check") == 0;
  opt.proverWidth = vm["prover-width"].as<int>();
  if (opt.proverWidth < 0 || opt.proverWidth > 32) {
    throw UsageError("--prover-width must be between 0 and 32");
  }
  if (opt.proverWidth > 0 && !opt.oneSided) throw UsageError("--prover-width needs --one-sided");
  if (opt.softCutDepth < -1) throw UsageError("--soft-cut-depth must be -1 (auto) or more");
  const std::string search = vm["search"].as<std::string>();
  if (search != "mtd" && search != "dfpn") throw UsageError("--search must be mtd or dfpn");
  opt.proofNumber = search == "dfpn";
  opt.epsilon = vm["epsilon"].as<double>();
  opt.childCache = !vm.count("no-child-cache");
  opt.pnHeuristic = vm["pn-heuristic"].as<int>();
  opt.splitQuestions = vm.count("dfpn-split") > 0;
  opt.mtdSplit = vm.count("mtd-split") > 0;
  opt.forcedHintSeconds = vm["forced-hints"].as<double>();
  if (!(opt.forcedHintSeconds >= 0)) throw UsageError("--forced-hints must be >= 0");
  if (opt.pnHeuristic < 0 || opt.pnHeuristic > 1000) {
    throw UsageError("--pn-heuristic must be between 0 and 1000");
  }
  if (!(opt.epsilon >= 0 && opt.epsilon <= 10)) throw UsageError("--epsilon must be in [0, 10]");
  opt.bestMoves = opt.principalVariation = !vm.count("value-only");
  bool progressShown = false;  // a progress line is on stderr: end it before the answer
  if (vm.count("progress")) {
    const bool black = side == engine::Color::Black;
    opt.onProgress = [&g, black, komi, &progressShown](const solve::SolveProgress& p) {
      progressLine(g, p, black, komi);
      progressShown = true;
    };
  }
  // --checkpoint: the table is saved from the progress callback (a searching thread) when
  // a save is due, and once more at the end.
  std::string checkpoint;
  double checkpointSeconds = vm["checkpoint-seconds"].as<double>();
  solve::Solver* solverPtr = nullptr;
  if (vm.count("checkpoint")) {
    checkpoint = vm["checkpoint"].as<std::string>();
    if (opt.proofNumber) throw UsageError("--checkpoint needs the MTD search (not --search dfpn)");
    if (vm.count("table")) throw UsageError("--checkpoint and --table exclude each other");
    if (!(checkpointSeconds > 0)) throw UsageError("--checkpoint-seconds must be > 0");
    auto last = std::chrono::steady_clock::now();
    auto shown = opt.onProgress;
    opt.onProgress = [&, last, shown](const solve::SolveProgress& p) mutable {
      if (shown) shown(p);
      const auto now = std::chrono::steady_clock::now();
      if (std::chrono::duration<double>(now - last).count() < checkpointSeconds) return;
      const uint64_t n = solve::saveSolverState(checkpoint, g, opt.rules, *solverPtr->sharedTable(),
                                                "fgo solve --checkpoint");
      std::cerr << (shown ? "\n" : "") << "[solve] checkpoint: " << n << " entries saved to "
                << checkpoint << " after " << p.seconds << " s\n";
      last = std::chrono::steady_clock::now();
    };
  }
  if (vm.count("proof-depth")) {
    if (vm.count("table") || vm.count("checkpoint") || opt.proofNumber) {
      throw UsageError("--proof-depth excludes --table, --checkpoint and --search dfpn");
    }
    return proofDepthCommand(g, pos, vm["proof-depth"].as<int>(), opt, vm.count("json") > 0);
  }
  solve::Solver solver(g, opt);
  solverPtr = &solver;
  if (!checkpoint.empty() && std::filesystem::exists(checkpoint)) {
    const uint64_t n = solve::loadSolverState(checkpoint, g, opt.rules, *solver.sharedTable());
    std::cerr << "[solve] resumed: " << n << " entries loaded from " << checkpoint << "\n";
  }
  solve::SolveResult r;
  bool fromTable = false;
  if (vm.count("table")) {
    solve::Rules tableRules = opt.rules;
    tableRules.komi = 0;  // tables store komi-free values
    const solve::SolutionTable table =
        solve::SolutionTable::load(vm["table"].as<std::string>(), g, tableRules);
    fromTable = solve::solveFromTable(table, pos, komi, r);
    if (!fromTable) {
      if (!table.holdsStates() && (pos.ko >= 0 || pos.passes != 0)) {
        throw engine::InputError(
            "--table: this table holds positions only, not a ko ban or a pass (a ranked "
            "simple-forced table holds every state: fgo tables build --ranked)");
      }
      throw engine::InputError(
          table.holdsStates() ? "--table: the state is not in the table"
          : opt.rules.ko == solve::KoRule::SimpleForced
              ? "--table: the position is not in the table (a complete simple-forced table "
                "leaves out the positions a ko cycle leaves open)"
              : "--table: the position is not in the table");
    }
    if (vm.count("value-only")) r.best.clear(), r.pv.clear(), r.allBest = false;
  } else {
    r = solver.solve(pos);
    if (progressShown) std::cerr << "\n";
    if (!checkpoint.empty()) {
      const uint64_t n = solve::saveSolverState(checkpoint, g, opt.rules, *solver.sharedTable(),
                                                "fgo solve --checkpoint");
      std::cerr << "[solve] checkpoint: " << n << " entries saved to " << checkpoint << "\n";
    }
  }
  // Whether the variation ends the game (two passes in a row; one after --passed). A
  // variation from a table stops before a state would come again (a ko cycle).
  const size_t np = r.pv.size();
  const bool pvEnds =
      !fromTable || np == 0 ||
      (r.pv[np - 1] < 0 && ((np >= 2 && r.pv[np - 2] < 0) || (np == 1 && pos.passes == 1)));
  if (vm.count("json")) {
    std::cout << "{\"value\": " << r.value << ", \"exact\": " << (r.exact ? "true" : "false")
              << ", \"lower\": " << r.lower << ", \"upper\": " << r.upper
              << ", \"best\": " << moveList(g, r.best, true)
              << ", \"best_all\": " << (r.allBest ? "true" : "false")
              << ", \"pv\": " << moveList(g, r.pv, true)
              << ", \"pv_ends\": " << (pvEnds ? "true" : "false") << ", \"nodes\": " << r.nodes
              << ", \"seconds\": " << r.seconds << ", \"rules\": \"" << opt.rules.name()
              << "\", \"size\": \"" << bs.str() << "\", \"source\": \""
              << (fromTable ? "table" : "search")
              << "\", \"stats\": " << statsJson(solver.lastStats()) << "}\n";
  } else {
    if (r.exact) {
      std::cout << "value " << r.value << " (Black minus White, komi " << komi << ")"
                << (fromTable ? ", from the table" : "") << "\n";
    } else if (fromTable) {
      std::cout << "open (a ko cycle): value in [" << r.lower << ", " << r.upper
                << "], the side to move forces its end of it with the moves below\n";
    } else {
      std::cout << "not solved within the limits: value in [" << r.lower << ", " << r.upper
                << "]\n";
    }
    std::cout << (fromTable && !r.exact ? "keeps its end " : "best ") << moveList(g, r.best, false)
              << (r.allBest || r.best.empty() || !r.exact ? "" : " (some of the optimal moves)")
              << "\npv " << moveList(g, r.pv, false)
              << (pvEnds ? "" : " (then a state comes again)") << "\nnodes " << r.nodes
              << "\nseconds " << r.seconds << "\n";
  }
  return 0;
}

}  // namespace fgo
