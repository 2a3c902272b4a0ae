// fgo find: exact and approximate matches of a game position in a collection
// (engine/similar/index.hpp), with query latency beside brute force.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "engine/board/errors.hpp"
#include "engine/similar/index.hpp"
#include "engine/similar/index_eval.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// "x1,y1,x2,y2" (0-based, x from the left, y from the top).
engine::Rect parseRect(const std::string& text) {
  engine::Rect r;
  char c1 = 0, c2 = 0, c3 = 0;
  std::istringstream in(text);
  if (!(in >> r.x1 >> c1 >> r.y1 >> c2 >> r.x2 >> c3 >> r.y2) || c1 != ',' || c2 != ',' ||
      c3 != ',' || !(in >> std::ws).eof()) {
    throw UsageError("--region must be x1,y1,x2,y2 (0-based, y from the top)");
  }
  return r;
}

struct Timings {
  double loadMs = 0, exactMs = 0, exactBruteMs = 0, nearestMs = 0, nearestBruteMs = 0;
  double windowTableMs = 0, recall = 1;
  size_t refined = 0, bounded = 0, windowTableBytes = 0;
  engine::RegionStats region, nearRegion;
};

void printText(const engine::PositionIndex& index, const std::vector<engine::IndexMatch>& matches,
               const std::string& self) {
  for (const auto& m : matches) {
    const auto& e = index.entries()[m.entry];
    const auto& g = index.games()[e.game];
    std::cout << (m.exact ? "exact  " : "approx ") << g.id << (g.id == self ? " (query game)" : "")
              << "  " << g.black << " - " << g.white << "  " << g.date << "  " << g.result
              << "  move " << e.move << "  D " << m.D << "  d " << std::setprecision(4)
              << m.distance << "  next " << engine::moveText(m.next, index.size()) << "\n";
  }
}

void printJson(const engine::PositionIndex& index, const std::vector<engine::IndexMatch>& matches,
               const Timings& t, bool timed) {
  std::cout << "{\"positions\": " << index.entries().size() << ", \"matches\": [";
  for (size_t i = 0; i < matches.size(); ++i) {
    const auto& m = matches[i];
    const auto& e = index.entries()[m.entry];
    const auto& g = index.games()[e.game];
    std::cout << (i ? ",\n  " : "\n  ") << "{\"exact\": " << (m.exact ? "true" : "false")
              << ", \"game\": " << engine::jsonQuoteBytes(g.id)
              << ", \"black\": " << engine::jsonQuoteBytes(g.black)
              << ", \"white\": " << engine::jsonQuoteBytes(g.white)
              << ", \"date\": " << engine::jsonQuoteBytes(g.date) << ", \"move\": " << e.move
              << ", \"D\": " << m.D << ", \"distance\": " << m.distance
              << ", \"next\": " << engine::jsonQuoteBytes(engine::moveText(m.next, index.size()))
              << "}";
  }
  std::cout << "]";
  if (timed) {
    std::cout << ", \"ms\": {\"load\": " << t.loadMs << ", \"exact\": " << t.exactMs
              << ", \"exact_brute\": " << t.exactBruteMs << ", \"nearest\": " << t.nearestMs
              << ", \"nearest_brute\": " << t.nearestBruteMs
              << ", \"window_table\": " << t.windowTableMs << "}, \"refined\": " << t.refined
              << ", \"recall\": " << t.recall;
  }
  std::cout << "}\n";
}

// "10,30,80": the move numbers of --evaluate.
std::vector<int> parseMoves(const std::string& text) {
  std::vector<int> out;
  std::istringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    try {
      size_t used = 0;
      const int m = std::stoi(item, &used);
      if (used != item.size() || m < 0) throw std::invalid_argument(item);
      out.push_back(m);
    } catch (const std::exception&) {
      throw UsageError("--moves must be move numbers separated by commas, not '" + text + "'");
    }
  }
  if (out.empty()) throw UsageError("--moves is empty");
  return out;
}

// fgo find --evaluate: latency and recall over many queries, one table row a move number.
void printEvaluation(const std::vector<engine::NearestEvalRow>& rows,
                     const engine::NearestEvalParams& p, double loadMs, size_t positions) {
  using engine::quantile;
  std::cout << "index: " << positions << " positions, loaded in " << std::fixed
            << std::setprecision(0) << loadMs << " ms; k " << p.k << ", candidates " << p.candidates
            << ", threads " << p.threads << "\n"
            << "ms: wall median / p90 (median CPU time, all threads)\n"
               "| move | queries | exact, staged | exact, sketch | approximate, sketch | brute "
               "force | recall@1 | recall@"
            << p.k
            << " | refined exact / approx | true D@1 (mean) | true neighbours within 10 moves "
               "|\n|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : rows) {
    // "wall median / p90 (CPU median)".
    auto ms = [](const std::vector<double>& wall, const std::vector<double>& cpu) {
      if (wall.empty()) return std::string("-");
      std::ostringstream o;
      const auto put = [&](double v) {
        o << std::setprecision(v >= 100 ? 0 : v >= 10 ? 1 : 2) << v;
      };
      o << std::fixed;
      put(quantile(wall, 0.5));
      o << " / ";
      put(quantile(wall, 0.9));
      o << " (";
      put(quantile(cpu, 0.5));
      o << ")";
      return o.str();
    };
    std::cout << "| " << r.move << " | " << r.queries << " | " << ms(r.stagedMs, r.stagedCpu)
              << " | " << ms(r.exactMs, r.exactCpu) << " | " << ms(r.approxMs, r.approxCpu) << " | "
              << ms(r.bruteMs, r.bruteCpu) << " (n " << r.bruteMs.size() << ") | "
              << std::setprecision(2) << r.recall1 << " | " << r.recall5 << " | "
              << std::setprecision(0) << r.refinedExact << " / " << r.refinedApprox << " | "
              << r.meanD1 << " | " << std::setprecision(2) << r.withinTenMoves << " |\n";
  }
}

}  // namespace

int runFind(const std::vector<std::string>& args) {
  po::options_description desc("fgo find options");
  std::string games, sgf, indexFile, region;
  std::string method = "auto", moves = "10,30,80,150,250";
  long evaluate = 0, brute = 3;
  int move = 0, top = 10, threads = 2;
  long candidates = 0;
  desc.add_options()("games", po::value(&games),
                     "folder of SGF games (indexed in memory unless --index)")(
      "index", po::value(&indexFile), "index file written by fgo index build")(
      "sgf", po::value(&sgf), "game holding the query position")(
      "move", po::value(&move), "the position after this many moves")(
      "region", po::value(&region),
      "x1,y1,x2,y2: match this rectangle only (exact by window keys, nearest by the sketch "
      "cells inside it)")("top", po::value(&top)->default_value(10), "approximate matches to list")(
      "method", po::value(&method)->default_value("auto"),
      "nearest search: auto (staged when exact, sketch with --candidates), sketch (scan of "
      "9x9-cell sketches, then refinement) or staged (magnitude walk with orbit and cell "
      "bounds; exact only)")(
      "candidates", po::value(&candidates)->default_value(0),
      "C > 0: approximate search, the nearest among the C entries with the smallest sketch "
      "distance (0: exact)")("threads", po::value(&threads)->default_value(2),
                             "threads of the sketch scan")(
      "include-self", "let the query's own game (same file name) appear among approximate matches")(
      "compare", "also time brute force and check it finds the same")("json", "print JSON")(
      "evaluate", po::value(&evaluate)->default_value(0),
      "N > 0: instead of one query, time the nearest searches on N games of --games (each "
      "game's own positions left out) at every --moves, with recall (needs --index)")(
      "moves", po::value(&moves)->default_value(moves), "move numbers of --evaluate")(
      "brute", po::value(&brute)->default_value(3),
      "--evaluate: queries per move also answered by brute force")(
      "no-staged", "--evaluate: do not time the staged exact search");
  po::variables_map vm;
  if (!parseOptions(args, "fgo find (--games DIR | --index FILE) --sgf FILE --move N [--top K]",
                    desc, vm))
    return 0;
  if (top < 0 || top > 100000) throw UsageError("--top must be 0..100000");
  if (candidates < 0 || candidates > 100000000) throw UsageError("--candidates must be 0..1e8");
  if (games.empty() && indexFile.empty()) throw UsageError("give --games DIR or --index FILE");
  if (method != "auto" && method != "sketch" && method != "staged")
    throw UsageError("--method must be auto, sketch or staged");
  if (method == "staged" && candidates > 0)
    throw UsageError("--candidates needs --method sketch (the staged search is exact)");
  if (threads < 1 || threads > 64) throw UsageError("--threads must be 1..64");
  if (evaluate < 0 || brute < 0) throw UsageError("--evaluate and --brute must be >= 0");
  if (evaluate > 0) {
    if (indexFile.empty() || games.empty())
      throw UsageError("--evaluate needs --index FILE and --games DIR (the query games)");
    engine::NearestEvalParams p;
    p.moves = parseMoves(moves);
    p.games = static_cast<size_t>(evaluate);
    p.k = static_cast<size_t>(top);
    p.candidates = candidates > 0 ? static_cast<size_t>(candidates) : p.candidates;
    p.brute = static_cast<size_t>(brute);
    p.staged = vm.count("no-staged") == 0;
    p.threads = threads;
    const auto start = Clock::now();
    const engine::PositionIndex index = engine::PositionIndex::load(indexFile);
    const double loadMs = msSince(start);
    const auto rows = engine::evaluateNearest(index, engine::listSgfFiles(games), p);
    printEvaluation(rows, p, loadMs, index.entries().size());
    return 0;
  }
  if (sgf.empty() || !vm.count("move")) throw UsageError("give --sgf FILE and --move N");
  Timings t;
  auto start = Clock::now();
  engine::PositionIndex index = indexFile.empty()
                                    ? engine::PositionIndex::build(engine::listSgfFiles(games), {})
                                    : engine::PositionIndex::load(indexFile);
  t.loadMs = msSince(start);
  const engine::LoadedPosition q = engine::loadPosition(sgf, move);
  const engine::Board& board = q.game.board();
  const size_t k = static_cast<size_t>(top);
  std::vector<engine::IndexMatch> matches;
  if (!region.empty()) {
    // Exact region matches come from the window table; the k nearest others by a scan.
    start = Clock::now();
    t.windowTableBytes = index.buildWindowTable(2);
    t.windowTableMs = msSince(start);
    const engine::Rect rect = parseRect(region);
    start = Clock::now();
    matches = index.region(board, q.toMove, rect, 0, &t.region);
    t.exactMs = msSince(start);
    const size_t exactCount = matches.size();
    if (k > 0) {
      start = Clock::now();
      matches = index.region(board, q.toMove, rect, k, &t.nearRegion,
                             static_cast<size_t>(candidates), threads);
      t.nearestMs = msSince(start);
    }
    if (vm.count("compare")) {
      start = Clock::now();
      const auto scan = index.regionExactScan(board, q.toMove, rect);
      t.exactBruteMs = msSince(start);
      bool same = scan.size() == exactCount;
      for (size_t i = 0; i < scan.size() && same; ++i) same = scan[i].entry == matches[i].entry;
      if (!same) throw std::runtime_error("window table and scan disagree (a bug)");
      if (k > 0) {
        std::vector<uint32_t> skip;
        for (const auto& m : scan) skip.push_back(m.entry);
        std::sort(skip.begin(), skip.end());
        start = Clock::now();
        const auto truth = index.regionNearestScan(board, q.toMove, rect, k, skip);
        t.nearestBruteMs = msSince(start);
        const std::vector<engine::IndexMatch> near(matches.begin() + static_cast<long>(exactCount),
                                                   matches.end());
        t.recall = engine::nearestRecall(truth, near).first;
        if (t.recall < 1 && candidates == 0)
          throw std::runtime_error("regional nearest disagrees with the scan (a bug)");
      }
    }
  } else {
    start = Clock::now();
    matches = index.exact(board, q.toMove);
    t.exactMs = msSince(start);
    long self = -1;
    for (size_t g = 0; g < index.games().size() && !vm.count("include-self"); ++g) {
      if (index.games()[g].id == q.info.id) self = static_cast<long>(g);
    }
    engine::SignatureStore::Stats stats;
    start = Clock::now();
    engine::NearestParams np;
    np.method = method == "staged"   ? engine::NearestParams::Method::Staged
                : method == "sketch" ? engine::NearestParams::Method::Sketch
                                     : engine::NearestParams::Method::Auto;
    np.candidates = static_cast<size_t>(candidates);
    np.threads = threads;
    np.skipGame = self;
    auto near = index.nearest(board, q.toMove, k + matches.size(), np, &stats);
    t.nearestMs = msSince(start);
    t.refined = stats.refined;
    t.bounded = stats.bounded;
    const size_t exactCount = matches.size();
    size_t extra = 0;
    for (const auto& m : near) {
      if (m.D == 0 &&
          index.entries()[m.entry].key == canonicalKey(board, q.toMove, index.canonical()).key)
        continue;  // already listed as exact
      if (extra++ < k) matches.push_back(m);
    }
    if (vm.count("compare")) {
      start = Clock::now();
      const auto eb = index.exactBrute(board, q.toMove);
      t.exactBruteMs = msSince(start);
      start = Clock::now();
      const auto nb = index.nearestBrute(board, q.toMove, k + exactCount, self);
      t.nearestBruteMs = msSince(start);
      // Recall: the share of brute force's neighbours (by D, ties counted) found.
      size_t found = 0;
      for (size_t i = 0, j = 0; i < nb.size() && j < near.size();) {
        if (nb[i].D == near[j].D) {
          ++found, ++i, ++j;
        } else if (nb[i].D < near[j].D) {
          ++i;
        } else {
          ++j;
        }
      }
      t.recall = nb.empty() ? 1.0 : static_cast<double>(found) / static_cast<double>(nb.size());
      const bool same = eb.size() == index.exact(board, q.toMove).size() && found == nb.size() &&
                        nb.size() == near.size();
      if (!same && candidates == 0)
        throw std::runtime_error("brute force disagrees with the index (a bug)");
    }
  }
  if (vm.count("json")) {
    printJson(index, matches, t, vm.count("compare") != 0);
    return 0;
  }
  std::cout << "query " << q.info.id << " move " << move << " (" << engine::colorName(q.toMove)
            << " to move), " << index.entries().size() << " positions in " << index.games().size()
            << " games\n";
  printText(index, matches, q.info.id);
  if (!region.empty()) {
    std::cout << std::fixed << std::setprecision(2) << "load " << t.loadMs << " ms; window table "
              << t.windowTableMs << " ms (" << t.windowTableBytes / (1024.0 * 1024.0)
              << " MiB); region exact " << t.exactMs << " ms ("
              << (t.region.windows ? "window keys, " + std::to_string(t.region.candidates) +
                                         " candidates checked"
                                   : std::string("scan: no window with a stone fits inside"))
              << "), region exact and nearest " << t.nearestMs << " ms ("
              << (t.nearRegion.sketched
                      ? "sketch scan, " + std::to_string(t.nearRegion.refined) + " refined" +
                            (candidates > 0 ? ", approximate" : ", exact")
                      : std::string("scan: no sketch cell fits inside"))
              << ")";
    if (vm.count("compare")) {
      std::cout << "; exact by scan " << t.exactBruteMs << " ms";
      if (k > 0)
        std::cout << ", nearest by scan " << t.nearestBruteMs << " ms; recall " << t.recall;
    }
    std::cout << "\n";
    return 0;
  }
  std::cout << std::fixed << std::setprecision(2) << "load " << t.loadMs << " ms; query: exact "
            << t.exactMs << " ms, nearest " << t.nearestMs << " ms (" << t.bounded << " bounded, "
            << t.refined << " refined" << (candidates > 0 ? ", approximate" : ", exact") << ")";
  if (vm.count("compare")) {
    std::cout << "; brute force: exact " << t.exactBruteMs << " ms, nearest " << t.nearestBruteMs
              << " ms; recall " << t.recall;
  }
  std::cout << "\n";
  return 0;
}

}  // namespace fgo
