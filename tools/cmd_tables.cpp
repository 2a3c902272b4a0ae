// fgo tables: inspect and check table files (tables/table_file.hpp). Each action is one
// row of the table below. `build --reduce` makes the cascade's block table, `build
// --solve WxH` a small board's complete solution table (resumable).
#include <atomic>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine/board/coord.hpp"
#include "engine/board/errors.hpp"
#include "reduce/block_table.hpp"
#include "solve/proof_table.hpp"
#include "solve/retrograde.hpp"
#include "solve/strategy_walk.hpp"
#include "solve/superko_check.hpp"
#include "solve/table_build.hpp"
#include "tables/table_file.hpp"
#include "tools/options.hpp"
#include "tools/solve_options.hpp"

namespace fgo {

namespace {

struct TablesAction {
  const char* name;
  const char* summary;
  // args[0] is "tables <action>"; returns the exit code.
  int (*run)(const std::vector<std::string>& args);
};

std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << std::setw(16) << std::setfill('0') << v;
  return s.str();
}

void printHeader(const std::string& file, const tables::TableHeader& h) {
  const tables::TableMeta& m = h.meta;
  const uint64_t fileBytes = tables::HEADER_BYTES + h.storedBytes;
  const double ratio = h.storedBytes ? double(h.rawBytes) / double(h.storedBytes) : 0.0;
  std::cout << "file             " << file << " (" << fileBytes << " bytes)\n"
            << "format version   " << h.formatVersion << "\n"
            << "kind             " << tables::kindName(m.kind) << " (payload layout "
            << m.kindVersion << ")\n"
            << "board            " << m.width << "x" << m.height << "\n"
            << "rules            " << tables::describeRules(m.rules) << "\n"
            << "generator        " << m.generatorName << " " << m.generatorVersion << "\n"
            << "note             " << m.note << "\n"
            << "entries          " << m.entryCount << "\n"
            << "payload          " << h.rawBytes << " bytes, stored " << h.storedBytes
            << " bytes (zstd, ratio " << std::fixed << std::setprecision(2) << ratio << ")\n"
            << "content crc64    " << hex(h.contentChecksum) << "\n"
            << "stored crc64     " << hex(h.storedChecksum) << "\n"
            << "header crc64     " << hex(h.headerChecksum) << "\n";
}

// Options shared by the checking actions: what the table must be.
struct ExpectOptions {
  std::string kind, size;
  double maxMiB = double(tables::DEFAULT_MAX_RAW_BYTES >> 20);

  void add(po::options_description& desc) {
    desc.add_options()("kind", po::value(&kind), "refuse a table of another kind (solution, ...)")(
        "size", po::value(&size), "refuse a table for another board size (N or WxH)")(
        "max-mib", po::value(&maxMiB)->default_value(maxMiB),
        "refuse payloads larger than this many MiB");
  }

  tables::TableExpect expect() const {
    tables::TableExpect e;
    if (!kind.empty()) {
      e.kind = tables::parseKind(kind);
      if (!e.kind) throw UsageError("unknown table kind '" + kind + "'");
    }
    if (!size.empty()) {
      const engine::BoardSize bs = engine::parseBoardSize(size);
      if (bs.width > 65535 || bs.height > 65535) throw UsageError("--size too large");
      e.width = static_cast<uint16_t>(bs.width);
      e.height = static_cast<uint16_t>(bs.height);
    }
    if (!(maxMiB > 0)) throw UsageError("--max-mib must be positive");
    e.maxRawBytes = static_cast<uint64_t>(maxMiB * (1 << 20));
    return e;
  }
};

int runInfo(const std::vector<std::string>& args) {
  po::options_description desc("fgo tables info options");
  std::string file;
  ExpectOptions ex;
  desc.add_options()("file", po::value(&file)->required(), "table file");
  ex.add(desc);
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parseOptions(args, "fgo tables info FILE", desc, vm, &pos)) return 0;
  const tables::TableHeader h = tables::readTableHeader(file, ex.expect());
  printHeader(file, h);
  std::cout << "header checked; payload not read (fgo tables verify checks it)\n";
  return 0;
}

// fgo tables verify --proof: the walk of a proof table and the relations between its
// values (solve::checkProofTable); exit 1 when a position is missing or a relation broken.
// fgo tables verify --proof --superko: whether the strategy of a simple-forced table
// also wins under positional superko (solve::checkSuperko); exit 1 when not shown.
int verifySuperko(const std::string& file, const solve::Geometry& g,
                  const solve::SolutionTable& table, const solve::SolveOptions& search,
                  uint64_t searchNodes, double maxSeconds, bool quiet) {
  const auto start = std::chrono::steady_clock::now();
  auto progress = [&](const solve::SuperkoCheck& p) {
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "\r[verify --superko] round " << p.rounds << ": " << p.states << " states, "
              << p.visits << " walked with their history, " << p.repeats << " repeats, "
              << p.searches << " searches, elapsed " << std::fixed << std::setprecision(0) << s
              << " s   " << std::flush;
  };
  const solve::SuperkoCheck c =
      solve::checkSuperko(g, table, search, searchNodes, maxSeconds, 0, 0,
                          quiet ? std::function<void(const solve::SuperkoCheck&)>() : progress);
  if (!quiet) std::cerr << "\n";
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (quiet && c.ok()) return 0;
  std::cout << (c.ok() ? "superko ok: " : "superko NOT SHOWN: ") << file << ": "
            << (c.stopped
                    ? "stopped by --superko-seconds in round " + std::to_string(c.rounds) + "; "
                    : std::string())
            << c.states << " game states (" << c.leaves << " leaves, " << c.captureStates
            << " where the other side can capture); " << c.visits
            << " walked with the boards a move might repeat (" << c.withHistory
            << " with one or more, at most " << c.longest << "); " << c.repeats
            << " moves repeating a board; " << c.flexPositions
            << " positions taking another move where the kept one repeats (" << c.switched
            << " times); " << c.offPositions << " positions searched with their history instead ("
            << c.settled << " settled (" << c.settledTogether
            << " by a search with the boards of several), " << c.failed << " failed, " << c.open
            << " open, " << c.postponed << " left to the choice before; " << c.searches
            << " searches, " << c.searchNodes << " nodes, " << c.oracleCuts
            << " cut by the table at " << c.oracleRoots << " positions also walked, " << c.restarts
            << " restarts); " << c.rounds << " rounds; " << std::fixed << std::setprecision(2) << s
            << " s\n";
  auto game = [&](const char* what, const std::vector<int>& moves) {
    if (moves.empty()) return;
    std::cout << "  " << what << ":";
    for (const int p : moves) std::cout << " " << g.vertex(p);
    std::cout << "\n";
  };
  game("first game with a repeat", c.repeatGame);
  game("first game to a failed search", c.failedGame);
  game("first game to an open search", c.openGame);
  return c.ok() ? 0 : 1;
}

// fgo tables verify --strategies: each side's strategy in a table of every state, walked
// from the empty board against every reply (solve/strategy_walk.hpp); the bounds it forces
// must be the table's at the root.
int verifyStrategies(const std::string& file, const tables::TableMeta& m, const solve::Rules& rules,
                     bool everyListed, const std::string& sideOption, bool quiet) {
  if (m.kind != tables::TableKind::Solution) {
    throw engine::InputError("--strategies: " + file + " is not a solution table");
  }
  const solve::Geometry g(m.width, m.height);
  const auto start = std::chrono::steady_clock::now();
  const solve::SolutionTable table = solve::SolutionTable::load(file, g, rules);
  int value = 0;
  uint64_t moves = 0;
  if (!table.holdsStates() || !table.lookupState(0, 0, -1, false, value, moves)) {
    throw engine::InputError("--strategies: " + file +
                             " does not hold every state (build it with --ranked)");
  }
  const bool exact = !(moves & solve::LOWER_BOUND);
  // The sides walked: --side, else the one a strategy table is for (fgo tables build
  // --strategy names it in its note), else both.
  std::vector<engine::Color> sides{engine::Color::Black, engine::Color::White};
  std::string only = sideOption;
  if (only.empty() && m.note.starts_with("strategy of Black")) only = "black";
  if (only.empty() && m.note.starts_with("strategy of White")) only = "white";
  if (only == "black" || only == "B" || only == "b") {
    sides = {engine::Color::Black};
  } else if (only == "white" || only == "W" || only == "w") {
    sides = {engine::Color::White};
  } else if (!only.empty()) {
    throw UsageError("--side must be black or white, not '" + only + "'");
  }
  bool good = true;
  std::ostringstream out;
  for (const engine::Color side : sides) {
    const bool black = side == engine::Color::Black;
    auto progress = [&](const solve::StrategyWalk& w) {
      const double s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << "\r[verify --strategies] " << (black ? "Black" : "White") << ": " << w.states
                << " states, " << w.games << " game ends, elapsed " << std::fixed
                << std::setprecision(0) << s << " s   " << std::flush;
    };
    const solve::StrategyWalk w =
        solve::walkStrategy(table, 0, 0, engine::Color::Black, side, everyListed,
                            quiet ? std::function<void(const solve::StrategyWalk&)>() : progress);
    if (!quiet) std::cerr << "\n";
    // Black's walk must force the table's value (its lower bound); White's must hold Black
    // to the value when the table says it is exact.
    const bool agrees = black ? w.forced >= value : (!exact || -w.forced <= value);
    good = good && w.ok() && agrees;
    out << (black ? "Black forces at least " : "White holds Black to at most ")
        << (black ? w.forced : -w.forced) << " (" << w.states << " states, " << w.games
        << " game ends, " << w.floors << " at the least value, longest line " << w.longest
        << " moves, " << w.missing << " missing, " << w.noMove << " without a legal listed move, "
        << w.cycles << " cycles)" << (black && sides.size() == 2 ? "; " : "");
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (quiet && good) return 0;
  std::cout << (good ? "strategies ok: " : "strategies BROKEN: ") << file << ": the table's "
            << (exact ? "value " : "lower bound ") << value << " at the empty board; " << out.str()
            << "; " << std::fixed << std::setprecision(2) << s << " s\n";
  return good ? 0 : 1;
}

int verifyProof(const std::string& file, const tables::TableMeta& m, solve::SolveOptions search,
                uint64_t searchNodes, bool superko, double superkoSeconds, bool quiet) {
  if (m.kind != tables::TableKind::Solution) {
    throw engine::InputError("--proof: " + file + " is not a solution table");
  }
  const solve::Geometry g(m.width, m.height);
  const auto start = std::chrono::steady_clock::now();
  const solve::SolutionTable table = solve::SolutionTable::load(file, g, search.rules);
  // A progress line on stderr (rewritten in place): positions walked, relations searched.
  auto progress = [&](const solve::ProofCheck& p) {
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "\r[verify --proof] " << p.positions << " positions walked, " << p.searched
              << " relations searched, " << p.open << " open, elapsed " << std::fixed
              << std::setprecision(0) << s << " s   " << std::flush;
  };
  const solve::ProofCheck c =
      solve::checkProofTable(g, table, search, searchNodes, 0, 0,
                             quiet ? std::function<void(const solve::ProofCheck&)>() : progress);
  if (!quiet) std::cerr << "\n";
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (quiet && c.ok()) return 0;
  std::cout << (c.ok() ? "proof ok: " : "proof BROKEN: ") << file << ": root value " << c.rootValue
            << "; " << c.positions << " positions walked (" << c.leaves << " leaves), " << c.missing
            << " missing, " << c.leafWrong << " leaf values wrong, " << c.noMove
            << " without a move, " << c.moveWrong << " listed moves wrong, " << c.replyBetter
            << " replies better than the value, " << c.notAttained << " values no move gives; "
            << c.searched << " relations searched with the history (" << c.passes
            << " through a pass, " << c.historyMatters << " where it changed the table's value), "
            << c.open << " left open; " << c.unreached << " entries off the walk; "
            << (search.rules.ko == solve::KoRule::SimpleForced
                    ? std::to_string(c.passesSettled) + " passes settled without a search; " +
                          std::to_string(c.cycles) + " cycles; "
                    : std::string())
            << std::fixed << std::setprecision(2) << s << " s\n";
  if (!c.ok()) return 1;
  return superko ? verifySuperko(file, g, table, search, searchNodes, superkoSeconds, quiet) : 0;
}

int runVerify(const std::vector<std::string>& args) {
  po::options_description desc("fgo tables verify options");
  std::string file;
  ExpectOptions ex;
  desc.add_options()("file", po::value(&file)->required(), "table file");
  ex.add(desc);
  desc.add_options()("quiet,q", "print nothing when the table is good")(
      "proof",
      "also walk a proof table (fgo tables build --proof) from the empty board and check "
      "that it holds the whole walk and that its values agree with each other and with "
      "the static bounds")("rules", po::value<std::string>()->default_value("psk"),
                           "with --proof: the rules the table was built under")(
      "search-nodes", po::value<int64_t>()->default_value(10'000'000),
      "with --proof: node budget of each search that checks a relation with the history")(
      "tt-log2", po::value<int>()->default_value(20),
      "with --proof: those searches' table of 2^N entries")(
      "superko",
      "with --proof under --rules simple-forced: also check that no move of the table's "
      "strategy repeats a board of the game, so that it wins under positional superko too")(
      "strategies",
      "for a table of every state (built with --ranked): walk each side's strategy from the "
      "empty board, its first listed move against every reply, until every game has ended, "
      "and check that the bounds so forced are the table's (needs only the rules and the "
      "file)")("every-listed", "with --strategies: every listed move, not only the first")(
      "side", po::value<std::string>(),
      "with --strategies: walk black's or white's strategy only (default: the side a "
      "strategy table is for, fgo tables build --strategy, else both)")(
      "superko-seconds", po::value<double>()->default_value(0),
      "with --superko: stop that check after about S seconds (0: no limit)")(
      "forced-hints", po::value<double>()->default_value(0),
      "with --superko: each PSK search first solves its position under simple ko for at "
      "most S seconds and tries that table's moves first (as fgo solve --forced-hints)");
  // The optional rules decide which positions are leaves: give those of the build.
  addSearchRuleOptions(desc);
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parseOptions(args, "fgo tables verify FILE [--kind K] [--size WxH] [--proof]", desc, vm,
                    &pos)) {
    return 0;
  }
  if (vm["search-nodes"].as<int64_t>() < 1) throw UsageError("--search-nodes must be 1 or more");
  if (!vm["superko-seconds"].defaulted() && !vm.count("superko")) {
    throw UsageError("--superko-seconds applies with --superko only");
  }
  if (vm["superko-seconds"].as<double>() < 0) {
    throw UsageError("--superko-seconds must be 0 or more");
  }
  if (!vm["forced-hints"].defaulted() && !vm.count("superko")) {
    throw UsageError("--forced-hints applies with --superko only");
  }
  if (!(vm["forced-hints"].as<double>() >= 0)) throw UsageError("--forced-hints must be >= 0");
  if ((vm.count("every-listed") || vm.count("side")) && !vm.count("strategies")) {
    throw UsageError("--every-listed and --side apply with --strategies only");
  }
  if (vm.count("strategies") && vm.count("proof")) {
    throw UsageError("--strategies and --proof exclude each other");
  }
  solve::SolveOptions search;
  if (vm.count("strategies")) {  // ranked tables are simple-forced ones
    search.rules = solve::Rules::named(vm["rules"].defaulted() ? std::string("simple-forced")
                                                               : vm["rules"].as<std::string>());
  }
  if (vm.count("proof")) {
    search.rules = solve::Rules::named(vm["rules"].as<std::string>());
    search.ttLog2 = vm["tt-log2"].as<int>();
    if (search.ttLog2 < 10 || search.ttLog2 > 32) throw UsageError("--tt-log2 must be 10..32");
    readSearchRuleOptions(vm, search);
    search.forcedHintSeconds = vm["forced-hints"].as<double>();
    if (vm.count("superko") && search.rules.ko != solve::KoRule::SimpleForced) {
      throw UsageError("--superko checks simple-forced tables: give --rules simple-forced");
    }
  } else if (vm.count("superko")) {
    throw UsageError("--superko applies with --proof only");
  } else if (searchRuleOptionsGiven(vm) || !vm["tt-log2"].defaulted()) {
    throw UsageError("the search options apply with --proof only");
  }
  const auto start = std::chrono::steady_clock::now();
  // Every check of readTable, with the payload decompressed in pieces and dropped: a
  // table of gigabytes verifies in a few MiB.
  tables::TableStreamReader t(file, ex.expect());
  std::vector<uint8_t> piece(size_t{4} << 20);
  while (t.read(piece.data(), piece.size()) > 0) {
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!vm.count("quiet")) {
    const auto& m = t.header().meta;
    std::cout << "ok: " << file << ": " << tables::kindName(m.kind) << " " << m.width << "x"
              << m.height << ", " << m.entryCount << " entries, " << t.header().rawBytes
              << " payload bytes; all checks passed in " << std::fixed << std::setprecision(3) << s
              << " s (" << std::setprecision(0) << double(t.header().rawBytes) / 1e6 / s
              << " MB/s)\n";
  }
  if (vm.count("strategies")) {
    return verifyStrategies(file, t.header().meta, search.rules, vm.count("every-listed") > 0,
                            vm.count("side") ? vm["side"].as<std::string>() : std::string(),
                            vm.count("quiet") > 0);
  }
  if (vm.count("proof")) {
    return verifyProof(
        file, t.header().meta, search, static_cast<uint64_t>(vm["search-nodes"].as<int64_t>()),
        vm.count("superko") > 0, vm["superko-seconds"].as<double>(), vm.count("quiet") > 0);
  }
  return 0;
}

// Builds the cascade's 3x3 -> 2x2 block reduction table (reduce/block_table.hpp).
int buildReduce(const std::string& out) {
  const std::string path = out.empty() ? reduce::defaultBlockTablePath().string() : out;
  const auto start = std::chrono::steady_clock::now();
  const reduce::BlockTable table = reduce::BlockTable::generate();
  table.save(path);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "wrote " << path << ": " << table.entries().size() << " entries in " << std::fixed
            << std::setprecision(2) << s << " s\n";
  return 0;
}

// The progress line of a solution build on stderr (rewritten in place): share of the
// enumeration done (the bound on the work left), positions solved (of the total when
// counted), empty points of the current positions, nodes, node rate, elapsed time.
void printBuildProgress(const solve::BuildProgress& p, uint64_t positions) {
  const double nodes = double(p.nodes + p.running);  // with the solves still running
  const double rate = p.seconds > 0 ? nodes / p.seconds : 0;
  std::cerr << "\r[" << std::fixed << std::setprecision(1) << std::setw(5)
            << 100.0 * double(p.index) / double(p.total) << "%] positions " << p.entries;
  if (positions > 0) std::cerr << "/" << positions;
  std::cerr << ", index " << p.index << "/" << p.total << ", empty " << p.empties << ", nodes "
            << std::setprecision(3) << std::scientific << nodes << " (" << rate << "/s), elapsed "
            << std::fixed << std::setprecision(0) << p.seconds << " s, last value " << p.lastValue
            << "   " << std::flush;
}

// Builds the proof table of a board (solve/proof_table.hpp): --proof, or boards above the
// complete tables' limit (5x5).
int buildProof(const solve::Geometry& g, const std::string& out, const po::variables_map& vm) {
  solve::ProofTableOptions o;
  o.rules = solve::Rules::named(vm["rules"].as<std::string>());
  if (vm.count("root")) {  // the root's stones, seen from its mover
    const std::string side = vm["to-move"].as<std::string>();
    if (side != "B" && side != "W" && side != "b" && side != "w") {
      throw UsageError("--to-move must be B or W");
    }
    const bool white = side == "W" || side == "w";
    engine::BoardSize bs;
    const solve::Position p =
        solve::positionFromDiagram(diagramText(vm["root"].as<std::string>()),
                                   white ? engine::Color::White : engine::Color::Black, bs);
    if (bs.width != g.width() || bs.height != g.height()) {
      throw engine::InputError("--root is a " + bs.str() + " diagram, --solve " +
                               std::to_string(g.width()) + "x" + std::to_string(g.height()));
    }
    o.own = white ? p.white : p.black;
    o.opp = white ? p.black : p.white;
  }
  o.out = out.empty()
              ? "proof" + std::to_string(g.width()) + "x" + std::to_string(g.height()) + ".fgt"
              : out;
  if (vm.count("checkpoint")) o.checkpoint = vm["checkpoint"].as<std::string>();
  o.checkpointSeconds = vm["checkpoint-seconds"].as<double>();
  o.maxSeconds = vm["max-seconds"].as<double>();
  if (!(o.checkpointSeconds > 0) || o.maxSeconds < 0) {
    throw UsageError("--checkpoint-seconds must be > 0 and --max-seconds >= 0");
  }
  o.search.ttLog2 = vm["tt-log2"].as<int>();
  if (o.search.ttLog2 < 10 || o.search.ttLog2 > 32) throw UsageError("--tt-log2 must be 10..32");
  o.search.boundsLog2 = vm["bounds-log2"].as<int>();
  if (o.search.boundsLog2 < 0 || o.search.boundsLog2 > 22) {
    throw UsageError("--bounds-log2 must be 0..22");
  }
  o.search.threads = vm["threads"].as<int>();
  if (o.search.threads < 1 || o.search.threads > 64) {
    throw UsageError("--threads must be between 1 and 64");
  }
  o.search.oneSided = vm.count("two-sided") == 0;
  o.search.oneSidedFirstOnly = vm.count("first-only") > 0;
  if (o.search.oneSidedFirstOnly && !o.search.oneSided) {
    throw UsageError("--first-only excludes --two-sided");
  }
  readSearchRuleOptions(vm, o.search);
  o.allBest = vm.count("first-best") == 0;
  if (o.rules.ko == solve::KoRule::SimpleForced && (o.allBest || vm.count("with-solved"))) {
    throw UsageError("--rules simple-forced needs --first-best and excludes --with-solved");
  }
  o.walkers = vm["walkers"].as<int>();
  if (o.walkers < 1 || o.walkers > 64) throw UsageError("--walkers must be between 1 and 64");
  if (o.walkers > 1 && o.rules.ko != solve::KoRule::SimpleForced) {
    throw UsageError("--walkers applies to proof tables under --rules simple-forced only");
  }
  o.harvest = vm.count("with-solved") > 0;
  o.harvestNodes = vm["harvest-nodes"].as<uint64_t>();
  if (o.harvestNodes == 0) throw UsageError("--harvest-nodes must be > 0");
  if (vm.count("guess")) {  // MTD(f) from this value (search effort only)
    o.search.bisect = false;
    o.search.firstGuess = vm["guess"].as<int>();
  }
  const double nameSlow = vm["name-slow"].as<double>();
  if (!(nameSlow >= 0)) throw UsageError("--name-slow must be >= 0");
  const bool quiet = vm.count("quiet") > 0;
  if (!quiet) {
    auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    uint64_t named = UINT64_MAX;  // the last position named as slow (its entry count)
    o.onProgress = [last, named, nameSlow, &g](const solve::BuildProgress& p) mutable {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::milliseconds(250)) return;
      last = now;
      // A slow solve: name its position once, so that it can be studied alone (fgo solve
      // --position DIAGRAM), then go on with the bar.
      if (p.solving && p.solvingSeconds >= nameSlow && named != p.entries) {
        named = p.entries;
        std::cerr << "\n[proof] position " << p.entries + 1 << " has been solving for "
                  << std::fixed << std::setprecision(0) << p.solvingSeconds
                  << " s: " << solve::diagramOf(g, p.solvingBlack, p.solvingWhite)
                  << " (Black to move)\n";
      }
      const double nodes = static_cast<double>(p.nodes + p.running);
      std::cerr << "\r[proof] " << p.entries << " positions solved, nodes " << std::setprecision(3)
                << std::scientific << nodes << " (" << (p.seconds > 0 ? nodes / p.seconds : 0.0)
                << "/s), elapsed " << std::fixed << std::setprecision(0) << p.seconds
                << " s, last value " << p.lastValue;
      if (p.repaired + p.repairsLeft > 0) {
        std::cerr << ", repairs " << p.repaired << " made, " << p.repairsLeft << " left ("
                  << p.unranked << " unranked, " << p.inCycles << " in " << p.cycles << " cycles)";
      }
      if (p.solving) {
        std::cerr << ", solving: value in [" << p.lower << ", " << p.upper << "], horizon "
                  << p.horizon;
        if (p.rootMoves > 0) std::cerr << ", move " << p.rootMove + 1 << "/" << p.rootMoves;
      }
      std::cerr << "   " << std::flush;
    };
  }
  const solve::ProofTableResult r = solve::buildProofTable(g, o);
  if (!quiet) std::cerr << "\n";
  std::cout << (r.complete ? "wrote " : "stopped (checkpoint kept): ") << o.out.string() << ": "
            << r.entries << " positions" << (r.resumed ? " (resumed)" : "");
  if (r.complete) std::cout << ", root value " << r.rootValue << ", " << r.fileBytes << " bytes";
  if (o.harvest && r.complete) {
    std::cout << " (" << r.harvested << " of them from the solver's table, " << r.valueOnly
              << " with the value alone)";
  }
  std::cout << ", " << r.nodes << " nodes in this run, " << std::fixed << std::setprecision(2)
            << r.seconds << " s\n";
  return r.complete ? 0 : 2;
}

// Builds a complete table under simple-forced rules by retrograde analysis
// (solve/retrograde.hpp): every state at once, no search, no checkpoint.
int buildRetrograde(const solve::Geometry& g, const std::filesystem::path& out,
                    const po::variables_map& vm) {
  for (const char* name : {"checkpoint", "two-sided"}) {
    if (vm.count(name)) {
      throw UsageError(std::string("--") + name +
                       " does not apply to a simple-forced complete table (retrograde analysis)");
    }
  }
  for (const char* name :
       {"checkpoint-seconds", "max-seconds", "tt-log2", "bounds-log2", "order"}) {
    if (!vm[name].defaulted()) {
      throw UsageError(std::string("--") + name +
                       " does not apply to a simple-forced complete table (retrograde analysis)");
    }
  }
  solve::RetroOptions o;
  o.threads = vm["threads"].as<int>();
  const std::string moves = vm["moves"].as<std::string>();
  if (moves == "keep") {
    o.keepMoves = solve::RetroOptions::Keep::Yes;
  } else if (moves == "find") {
    o.keepMoves = solve::RetroOptions::Keep::No;
  } else if (moves != "auto") {
    throw UsageError("--moves must be auto, keep or find, not '" + moves + "'");
  }
  const std::string lookup = vm["lookup"].as<std::string>();
  if (lookup == "hash") {
    o.lookup = solve::RetroOptions::Lookup::Hash;
  } else if (lookup == "direct") {
    o.lookup = solve::RetroOptions::Lookup::Direct;
  } else if (lookup != "auto") {
    throw UsageError("--lookup must be auto, hash or direct, not '" + lookup + "'");
  }  // auto: solve::chosenLookup (the hash up to 16 points or with --moves keep|find)
  if (o.lookup == solve::RetroOptions::Lookup::Direct && moves != "auto") {
    throw UsageError("--moves applies to --lookup hash (a direct index finds the moves again)");
  }
  o.ranked = vm.count("ranked") != 0;
  if (o.ranked && o.lookup == solve::RetroOptions::Lookup::Direct) {
    throw UsageError("--ranked needs the hash analysis (--lookup hash or auto)");
  }
  if (vm.count("strategy")) {
    const std::string side = vm["strategy"].as<std::string>();
    if (side == "black" || side == "B" || side == "b" || side == "both") {
      o.strategy = engine::Color::Black;
    } else if (side == "white" || side == "W" || side == "w") {
      o.strategy = engine::Color::White;
    } else {
      throw UsageError("--strategy must be black, white or both, not '" + side + "'");
    }
    if (side == "both") {  // White's beside OUT: its stem, ".white", its extension
      o.whiteStrategyOut =
          out.parent_path() / (out.stem().string() + ".white" + out.extension().string());
    }
    if (o.ranked) throw UsageError("--strategy ranks its own states: not with --ranked");
    o.strategyProof = vm.count("proof") != 0;
    if (o.strategyProof && side == "both") {
      throw UsageError("--proof --strategy: one side, the one worth the whole board at the root");
    }
    o.strategyDeepening = vm.count("deepening") != 0;
    o.strategyDepthFirst = vm.count("depth-first") != 0;
    if (o.strategyDeepening && o.strategyDepthFirst) {
      throw UsageError("--deepening and --depth-first are two ways to search: choose one");
    }
    o.strategyFixedBound = vm.count("fixed-bound") != 0;
    if (o.strategyFixedBound &&
        (o.strategyProof || !(o.strategyDeepening || o.strategyDepthFirst))) {
      throw UsageError("--fixed-bound applies with --deepening or --depth-first, not --proof");
    }
    if (vm.count("first-budget")) {
      if (!o.strategyDeepening) throw UsageError("--first-budget applies with --deepening only");
      o.strategyFirstBudget = vm["first-budget"].as<int>();
      if (o.strategyFirstBudget < 0 || o.strategyFirstBudget > 254) {
        throw UsageError("--first-budget must be between 0 and 254");
      }
    }
    solve::SolveOptions search;
    readSearchRuleOptions(vm, search);  // the static bounds' rules decide the leaves
    o.safety = search.safety;
  } else if (searchRuleOptionsGiven(vm)) {
    throw UsageError("the search's optional rules apply to proof tables only");
  } else if (vm.count("deepening") || vm.count("depth-first") || vm.count("first-budget") ||
             vm.count("fixed-bound")) {
    throw UsageError(
        "--deepening, --depth-first, --first-budget and --fixed-bound apply with --strategy only");
  }
  if (o.threads < 1 || o.threads > 64) throw UsageError("--threads must be between 1 and 64");
  if (!vm.count("quiet")) {
    o.onProgress = [](const solve::RetroProgress& p) {
      std::cerr << "\r" << p.phase;
      if (p.phase == "sweeps" || p.phase == "ranks") std::cerr << " " << p.sweep;
      std::cerr << ": " << std::fixed << std::setprecision(1)
                << (p.total ? 100.0 * double(p.done) / double(p.total) : 100.0) << "%";
      if (p.phase == "ko states") std::cerr << " of " << p.total << " positions";
      if (p.phase == "sweeps") {
        std::cerr << ", states moved " << p.changed << ", open after the last sweep " << p.open;
      }
      if (p.phase == "ranks") std::cerr << ", ranks lowered " << p.changed;
      if (p.phase == "ranks from below") std::cerr << " (rank " << p.sweep << ")";
      if (p.phase == "strategy gathering") std::cerr << " of " << p.total << " states";
      if (p.phase == "strategy ranks") std::cerr << " (rank " << p.sweep << ")";
      if (p.phase == "strategy deepening") {
        std::cerr << " (" << p.done << " positions worked out, " << p.total << " visited, budget "
                  << p.sweep << ")";
      }
      if (p.phase == "strategy depth first") {
        std::cerr << " (" << p.done << " positions worked out, " << p.total << " visited, depth "
                  << p.sweep << ")";
      }
      std::cerr << ", elapsed " << std::setprecision(0) << p.seconds << " s        " << std::flush;
    };
  }
  const solve::RetroBuildResult r = solve::buildRetrogradeTable(g, out, o);
  if (!vm.count("quiet")) std::cerr << "\n";
  if (r.strategy) {
    const bool searched = o.strategyDeepening || o.strategyDepthFirst;
    const auto print = [&](const solve::StrategyTable& s, engine::Color side,
                           const std::filesystem::path& file, uint64_t bytes) {
      std::cout << "wrote " << file.string() << ": " << (o.strategyProof ? "a proof walk of " : "")
                << "the strategy of " << (side == engine::Color::Black ? "Black" : "White")
                << " from the empty board, "
                << (side == engine::Color::Black ? "forcing " + std::to_string(s.forced)
                                                 : "holding Black to " + std::to_string(-s.forced))
                << " (empty board "
                << (r.emptyLower == r.emptyUpper ? std::to_string(r.emptyLower)
                                                 : "in [" + std::to_string(r.emptyLower) + ", " +
                                                       std::to_string(r.emptyUpper) + "]")
                << "), rank " << s.rootRank << " at the root, " << s.written
                << (o.strategyProof ? " positions" : " states") << " written (" << s.lowerBound
                << " open, " << s.someBest << " with a move left out or the other side's); "
                << (searched ? "visited " : "gathered ") << s.sideStates << " of its states and "
                << s.otherStates << " of the other side's (";
      if (o.strategyDepthFirst) {
        std::cout << s.leaves << " leaves), " << s.moves << " positions worked out";
      } else if (o.strategyDeepening) {
        std::cout << s.leaves << " leaves), " << s.moves << " (position, budget) pairs worked out";
      } else {
        std::cout << (o.strategyProof
                          ? std::to_string(s.leaves) + " leaves, " + std::to_string(s.freshBelow) +
                                " fresh starts below the whole board, "
                          : std::string())
                  << s.floors << " at the least value), " << s.moves
                  << " ranked moves, greatest rank " << s.maxRank;
      }
      std::cout << "; " << bytes << " bytes\n";
    };
    print(r.strategyStats, o.strategy, out, r.fileBytes);
    if (r.whiteStrategy)
      print(r.whiteStats, engine::Color::White, o.whiteStrategyOut, r.whiteFileBytes);
    std::cout << "analysis of " << r.positions << " positions (" << r.open << " open), " << r.sweeps
              << " sweeps; " << std::fixed << std::setprecision(2) << r.seconds << " s in all\n";
    return 0;
  }
  std::cout << "wrote " << out.string() << ": " << r.exact << " positions exact of " << r.positions
            << " (" << r.open << " left open by ko cycles), empty board "
            << (r.emptyLower == r.emptyUpper ? std::to_string(r.emptyLower)
                                             : "in [" + std::to_string(r.emptyLower) + ", " +
                                                   std::to_string(r.emptyUpper) + "]")
            << ", " << r.fileBytes << " bytes; " << r.koStates << " ko states, "
            << (r.moves ? std::to_string(r.moves) + " moves kept, " : "") << r.sweeps << " sweeps, "
            << (r.ranked ? "ranks " +
                               (r.rankSweeps ? "in " + std::to_string(r.rankSweeps) + " sweeps"
                                             : std::string("from below")) +
                               " (greatest rank " + std::to_string(r.maxRank) + "), " +
                               std::to_string(r.entries) + " states written (" +
                               std::to_string(r.lowerBound) + " open, with their lower bound; " +
                               std::to_string(r.someBest) +
                               " with a move that keeps the bound left out), "
                         : "")
            << std::fixed << std::setprecision(2) << r.seconds << " s\n";
  return 0;
}

// Builds the complete solution table of a small board (solve/table_build.hpp), resuming
// from its checkpoint when one exists.
int buildSolve(const std::string& size, const std::string& out, const po::variables_map& vm) {
  const engine::BoardSize bs = engine::parseBoardSize(size);
  if (bs.width * bs.height > solve::MAX_POINTS) {
    throw UsageError("--solve " + size + ": at most 32 points");
  }
  const solve::Geometry g(bs.width, bs.height);
  solve::TableBuildOptions o;
  if (vm.count("proof") && vm.count("strategy")) {
    // A proof walk's positions from the complete analysis, not from searches.
    if (vm["rules"].as<std::string>() != "simple-forced") {
      throw UsageError("--proof with --strategy needs --rules simple-forced");
    }
    if (g.points() > o.maxPoints) throw UsageError("--strategy: at most 20 points");
    for (const char* name : {"root", "guess", "first-only", "with-solved", "first-best"}) {
      if (vm.count(name)) {
        throw UsageError(std::string("--") + name +
                         " applies to proof tables found by search, not with --strategy");
      }
    }
    if (!vm["walkers"].defaulted()) throw UsageError("--walkers does not apply with --strategy");
    return buildRetrograde(g, out.empty() ? "strategy" + bs.str() + ".fgt" : out, vm);
  }
  if (vm.count("proof") || g.points() > o.maxPoints) {
    if (!vm["order"].defaulted()) throw UsageError("--order applies to complete tables only");
    if (!vm["to-move"].defaulted() && !vm.count("root")) throw UsageError("--to-move needs --root");
    if (!vm["moves"].defaulted() || !vm["lookup"].defaulted() || vm.count("ranked") ||
        vm.count("strategy")) {
      throw UsageError(
          "--moves, --lookup, --ranked and --strategy apply to complete tables under --rules "
          "simple-forced only");
    }
    return buildProof(g, out, vm);
  }
  if (vm.count("guess")) throw UsageError("--guess applies to proof tables only");
  if (vm.count("first-only") || searchRuleOptionsGiven(vm)) {
    throw UsageError(
        "--first-only, --abdada and the search's horizons and optional rules apply to "
        "proof tables only");
  }
  if (vm.count("root")) throw UsageError("--root applies to proof tables only");
  if (!vm["walkers"].defaulted()) throw UsageError("--walkers applies to proof tables only");
  if (vm.count("first-best")) throw UsageError("--first-best applies to proof tables only");
  if (!vm["name-slow"].defaulted()) throw UsageError("--name-slow applies to proof tables only");
  if (vm.count("with-solved") || !vm["harvest-nodes"].defaulted()) {
    throw UsageError("--with-solved and --harvest-nodes apply to proof tables only");
  }
  o.rules = solve::Rules::named(vm["rules"].as<std::string>());
  o.out = out.empty() ? "solve" + bs.str() + ".fgt" : out;
  if (o.rules.ko == solve::KoRule::SimpleForced) return buildRetrograde(g, o.out, vm);
  if (!vm["moves"].defaulted()) {
    throw UsageError("--moves applies to complete tables under --rules simple-forced only");
  }
  if (!vm["lookup"].defaulted()) {
    throw UsageError("--lookup applies to complete tables under --rules simple-forced only");
  }
  if (vm.count("ranked") || vm.count("strategy")) {
    throw UsageError(
        "--ranked and --strategy apply to complete tables under --rules simple-forced only");
  }
  if (vm.count("checkpoint")) o.checkpoint = vm["checkpoint"].as<std::string>();
  o.checkpointSeconds = vm["checkpoint-seconds"].as<double>();
  o.maxSeconds = vm["max-seconds"].as<double>();
  o.ttLog2 = vm["tt-log2"].as<int>();
  o.boundsLog2 = vm["bounds-log2"].as<int>();
  if (o.boundsLog2 < 0 || o.boundsLog2 > 22) throw UsageError("--bounds-log2 must be 0..22");
  o.threads = vm["threads"].as<int>();
  o.oneSided = vm.count("two-sided") == 0;
  const std::string order = vm["order"].as<std::string>();
  if (order == "dense") {
    o.order = solve::BuildOrder::DenseFirst;
  } else if (order == "ternary") {
    o.order = solve::BuildOrder::Ternary;
  } else {
    throw UsageError("--order must be dense or ternary, not '" + order + "'");
  }
  if (o.checkpointSeconds < 0 || o.maxSeconds < 0) throw UsageError("times must be >= 0");
  if (o.threads < 1 || o.threads > 64) throw UsageError("--threads must be between 1 and 64");
  const bool quiet = vm.count("quiet") > 0;
  // The bar is redrawn after solved positions (at most 4 times a second) and, by a
  // heartbeat thread, at least once a second while one position takes long: the elapsed
  // time then keeps moving and the rest of the line is the last position's.
  std::mutex barMutex;
  solve::BuildProgress shown;
  if (!quiet) std::cerr << "counting the positions (a scan of 3^" << g.points() << ")...";
  const uint64_t positions = quiet ? 0 : solve::countTablePositions(g);
  if (!quiet) std::cerr << " " << positions << "\n";
  const auto start = std::chrono::steady_clock::now();
  auto lastDraw = start;
  std::atomic<bool> finished{false};
  std::thread heartbeat;
  if (!quiet) {
    o.onProgress = [&](const solve::BuildProgress& p) {
      std::lock_guard<std::mutex> lock(barMutex);
      shown = p;
      const auto now = std::chrono::steady_clock::now();
      if (now - lastDraw < std::chrono::milliseconds(250) && p.index != p.total) return;
      lastDraw = now;
      printBuildProgress(p, positions);
    };
    heartbeat = std::thread([&] {
      while (!finished) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        std::lock_guard<std::mutex> lock(barMutex);
        const auto now = std::chrono::steady_clock::now();
        if (finished || shown.total == 0 || now - lastDraw < std::chrono::seconds(1)) continue;
        lastDraw = now;
        solve::BuildProgress p = shown;
        p.seconds = std::chrono::duration<double>(now - start).count();
        printBuildProgress(p, positions);
      }
    });
  }
  solve::TableBuildResult r;
  try {
    r = solve::buildSolutionTable(g, o);
  } catch (...) {
    finished = true;
    if (heartbeat.joinable()) heartbeat.join();
    throw;
  }
  finished = true;
  if (heartbeat.joinable()) heartbeat.join();
  if (!quiet) std::cerr << "\n";
  std::cout << (r.complete ? "wrote " : "stopped (checkpoint kept): ") << o.out.string() << ": "
            << r.entries << " positions" << (r.resumed ? " (resumed)" : "") << ", "
            << (r.complete ? std::to_string(r.fileBytes) + " bytes, " : std::string()) << r.nodes
            << " nodes in this run, " << std::fixed << std::setprecision(2) << r.seconds << " s\n";
  return r.complete ? 0 : 2;
}

// Builds a table with a deterministic generator: the cascade's 3x3 -> 2x2 reduction
// table (--reduce) or a small board's complete solution table (--solve WxH).
int runBuild(const std::vector<std::string>& args) {
  po::options_description desc("fgo tables build options");
  std::string out, size;
  desc.add_options()("reduce", "build the 3x3 -> 2x2 block reduction table")(
      "solve", po::value(&size),
      "build the complete solution table of a WxH board (up to 20 points), or the proof "
      "table of a larger one")("proof", "--solve: the proof table, whatever the size")(
      "guess", po::value<int>(),
      "--solve with a proof table: MTD(f) from this value instead of bisection (effort only)")(
      "root", po::value<std::string>(),
      "--solve with a proof table: the root position instead of the empty board (a diagram "
      "file, or diagram text with '/' between rows)")(
      "to-move", po::value<std::string>()->default_value("B"), "with --root: B or W")(
      "first-best",
      "--solve with a proof table: each position with the one optimal move the walk follows "
      "(the first, centre first), not all of them: the same positions, fewer nodes")(
      "with-solved",
      "--solve with a proof table: also every other position the solver's table holds an exact "
      "value for (its moves searched again within --harvest-nodes; not reproducible byte for "
      "byte across interrupted builds)")(
      "harvest-nodes", po::value<uint64_t>()->default_value(20000),
      "with --with-solved: node budget for each added position's optimal moves")(
      "name-slow", po::value<double>()->default_value(60),
      "--solve with a proof table: print the diagram of a position whose solve has run this "
      "many seconds (once each; with the progress bar)")(
      "out", po::value(&out), "output file (default: the table the engine loads / solveWxH.fgt)")(
      "rules", po::value<std::string>()->default_value("psk"),
      "--solve: psk, simple, tromp-taylor, or simple-forced (simple ko alone: complete "
      "tables by retrograde analysis; proof tables with --first-best, for a root whose value "
      "is the whole board)")(
      "first-only",
      "--solve with a proof table: each test runs only the one-sided search that can give the "
      "answer the guess predicts (fgo solve --first-only)")(
      "checkpoint", po::value<std::string>(),
      "--solve: checkpoint file (default OUT.ckpt; proof tables: OUT.state, the solver's "
      "table)")("checkpoint-seconds", po::value<double>()->default_value(30),
                "--solve: checkpoint period")(
      "max-seconds", po::value<double>()->default_value(0),
      "--solve: stop after a checkpoint past this time (0: none)")(
      "tt-log2", po::value<int>()->default_value(20), "--solve: solver table of 2^N entries")(
      "moves", po::value<std::string>()->default_value("auto"),
      "--solve with --rules simple-forced (a complete table by retrograde analysis): keep "
      "every state's moves in memory (keep), find them again in every sweep (find), or keep "
      "them up to 18 points (auto)")(
      "lookup", po::value<std::string>()->default_value("auto"),
      "--solve with --rules simple-forced: find a child's state by a direct index of the "
      "board's colourings (direct, 4 * 3^points bytes: 13.9 GB on 20 points), by a hash of "
      "canonical keys (hash), or the hash up to 16 points or when --moves or --ranked is given "
      "and direct above (auto)")(
      "ranked",
      "--solve with --rules simple-forced: rank every state and write every state (ko states, "
      "states after a pass, open states with their lower bound), each with only the moves "
      "that make progress (a side that always plays a listed move ends the game); the hash "
      "analysis")(
      "deepening",
      "with --strategy: find the strategy depth first within a rank budget raised "
      "until the root is shown, keeping only the positions visited, instead of gathering "
      "every position its keeping moves reach (which does not fit beside a 20-point "
      "analysis)")(
      "first-budget", po::value<int>(),
      "with --deepening: the first rank budget (0 to 254; default 0, which finds the least "
      "rank at the root); a larger one finds some strategy within it without asking every "
      "smaller budget first")(
      "fixed-bound",
      "with --deepening or --depth-first (not --proof): the side forces the empty board's "
      "bound everywhere, with any move that keeps it, not each state's own value; a reply "
      "that gives it more needs no better strategy")(
      "depth-first",
      "with --strategy: find any strategy depth first (no rank budget; a move back to a "
      "state on the line searched fails there), keeping only the positions visited; the "
      "ranks written are the strategy's longest lines, not the least")(
      "strategy", po::value<std::string>(),
      "--solve with --rules simple-forced: write only black's or white's strategy (both: "
      "white's to OUT's stem .white too) from the empty board instead of the complete table: the "
      "states its listed moves and every "
      "reply reach, ranked like --ranked (its states only, so it fits where --ranked does "
      "not: 20 points)")(
      "bounds-log2", po::value<int>()->default_value(12),
      "--solve: each solve's static-bounds memo of 2^N entries (0: from --tt-log2)")(
      "threads", po::value<int>()->default_value(1),
      "--solve: threads solving different positions at once (one shared solver table, "
      "one-thread solves; the same bytes); proof tables: search threads of each solve")(
      "walkers", po::value<int>()->default_value(1),
      "--solve --proof --rules simple-forced: positions walked at once, each by a thread "
      "with its own solver on the shared table (its searches on --threads threads)")(
      "two-sided",
      "--solve: plain null-window tests instead of one-sided searches (fgo solve --one-sided; "
      "the same bytes)")(
      "order", po::value<std::string>()->default_value("ternary"),
      "--solve: enumeration order, ternary (the original, fewer nodes) or dense (fewest "
      "empty points first); the same bytes")("quiet,q", "--solve: no progress bar");
  addSearchRuleOptions(desc);  // proof tables: how each position is solved
  po::variables_map vm;
  if (!parseOptions(args, "fgo tables build (--reduce | --solve WxH) [--out FILE]", desc, vm)) {
    return 0;
  }
  if (vm.count("reduce") && vm.count("solve"))
    throw UsageError("give --reduce or --solve, not both");
  if (vm.count("reduce")) return buildReduce(out);
  if (vm.count("solve")) return buildSolve(size, out, vm);
  throw UsageError("say what to build: --reduce or --solve WxH");
}

const std::vector<TablesAction>& actions() {
  static const std::vector<TablesAction> table = {
      {"info", "print the header of a table file (checks the header only)", runInfo},
      {"verify", "check a whole table file; non-zero exit and the reason if bad", runVerify},
      {"build", "build a table with its deterministic generator (--reduce, --solve WxH)", runBuild},
  };
  return table;
}

void printActions(std::ostream& out) {
  out << "usage: fgo tables <action> [options]   (fgo tables <action> --help)\n\nactions:\n";
  for (const auto& a : actions()) out << "  " << a.name << "\t" << a.summary << "\n";
}

}  // namespace

int runTables(const std::vector<std::string>& args) {
  if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") {
    printActions(std::cout);
    if (args.size() < 2) throw UsageError("no action given");
    return 0;
  }
  for (const auto& a : actions()) {
    if (args[1] != a.name) continue;
    std::vector<std::string> rest = {"tables " + args[1]};
    rest.insert(rest.end(), args.begin() + 2, args.end());
    return a.run(rest);
  }
  std::ostringstream names;
  for (const auto& a : actions()) names << " " << a.name;
  throw UsageError("unknown action '" + args[1] + "' (actions:" + names.str() + ")");
}

}  // namespace fgo
