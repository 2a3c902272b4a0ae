// fgo book: build an opening book from a game folder, look a position up, and measure the
// book on held-out games beside a baseline without the book: the proximity ranker or the
// engine's MCTS at a fixed playout budget (engine/similar/book.hpp, engine/play/mcts.hpp).
#include <chrono>
#include <iomanip>
#include <iostream>

#include "engine/board/errors.hpp"
#include "engine/play/mcts.hpp"
#include "engine/play/predict.hpp"
#include "engine/similar/book.hpp"
#include "tools/options.hpp"

namespace fgo {

namespace {

// Files of the folder split by --hold-out N: every N-th file (index % N == 0) is held out.
std::vector<std::string> splitFiles(const std::vector<std::string>& all, int holdOut,
                                    bool heldOut) {
  std::vector<std::string> out;
  for (size_t i = 0; i < all.size(); ++i) {
    const bool isHeld = holdOut > 0 && i % static_cast<size_t>(holdOut) == 0;
    if (isHeld == heldOut) out.push_back(all[i]);
  }
  return out;
}

// The proximity baseline of engine/play/predict.hpp; no ranking before the first stone.
std::vector<engine::Point> proximity(const engine::Game& game, engine::Color) {
  const auto& moves = game.moves();
  if (moves.empty() || moves.back().point == engine::PASS) return {};
  const engine::Point before = moves.size() >= 2 ? moves[moves.size() - 2].point : engine::NO_POINT;
  return engine::proximityOrder(game.board(), moves.back().point, before);
}

// The engine without a book: MCTS (one thread, fixed seed and playout budget) on the
// position; its root moves by visits, most visited first.
engine::BookRanker mctsRanker(int playouts) {
  return [playouts](const engine::Game& game, engine::Color toMove) {
    engine::Game g = game;
    g.setToMove(toMove);
    engine::MctsParams params;
    params.playouts = playouts;
    params.threads = 1;
    params.seed = 1;
    std::vector<engine::Point> order;
    for (const engine::MoveStat& m : engine::mctsSearch(g, params).moves) {
      if (m.move != engine::PASS) order.push_back(m.move);
    }
    return order;
  };
}

double share(long part, long whole) {
  return whole ? static_cast<double>(part) / whole : 0.0;
}

void printEval(const engine::BookEvalReport& r, const std::string& baseline, bool json) {
  const long found = r.exactFound + r.approxFound;
  if (json) {
    std::cout << "{\"games\": " << r.games << ", \"positions\": " << r.positions
              << ", \"exact_run\": " << r.exactRun << ", \"approx_run\": " << r.approxRun
              << ", \"exact_found\": " << r.exactFound << ", \"approx_found\": " << r.approxFound
              << ", \"exact_hit1\": " << share(r.exactHit1, r.exactFound)
              << ", \"exact_hit4\": " << share(r.exactHit4, r.exactFound)
              << ", \"approx_hit1\": " << share(r.approxHit1, r.approxFound)
              << ", \"approx_hit4\": " << share(r.approxHit4, r.approxFound)
              << ", \"book_hit1\": " << share(r.exactHit1 + r.approxHit1, found)
              << ", \"book_hit4\": " << share(r.exactHit4 + r.approxHit4, found)
              << ", \"baseline\": " << engine::jsonQuoteBytes(baseline)
              << ", \"baseline_hit1_on_book\": " << share(r.baseOnFound1, found)
              << ", \"baseline_hit4_on_book\": " << share(r.baseOnFound4, found)
              << ", \"baseline_hit1_all\": " << share(r.baseHit1, r.positions)
              << ", \"baseline_hit4_all\": " << share(r.baseHit4, r.positions) << "}\n";
    return;
  }
  std::cout << std::fixed << std::setprecision(3) << "held-out games " << r.games << ", positions "
            << r.positions << "\n"
            << "moves in book from the start (mean per game): exact " << r.exactRun
            << ", with approximate " << r.approxRun << "\n"
            << "positions answered: exact " << r.exactFound << " ("
            << share(r.exactFound, r.positions) << "), approximate only " << r.approxFound << " ("
            << share(r.approxFound, r.positions) << ")\n"
            << "hit@1/hit@4: exact answers " << share(r.exactHit1, r.exactFound) << " / "
            << share(r.exactHit4, r.exactFound) << ", approximate answers "
            << share(r.approxHit1, r.approxFound) << " / " << share(r.approxHit4, r.approxFound)
            << "\n"
            << baseline << " (no book) on the answered positions " << share(r.baseOnFound1, found)
            << " / " << share(r.baseOnFound4, found) << ", on all positions "
            << share(r.baseHit1, r.positions) << " / " << share(r.baseHit4, r.positions) << "\n";
  std::cout << "games leaving the exact book at move n:";
  for (size_t n = 0; n < r.exactRunHistogram.size(); ++n) {
    if (r.exactRunHistogram[n]) std::cout << " " << n << ":" << r.exactRunHistogram[n];
  }
  std::cout << "\n";
  for (const auto& p : r.problems) std::cout << "skipped: " << p << "\n";
}

}  // namespace

int runBook(const std::vector<std::string>& args) {
  po::options_description desc("fgo book options");
  std::string action, games, out, bookFile, sgf;
  int maxMove = 30, holdOut = 0, threads = 2, move = 0, neighbours = 4, evalMoves = 60;
  int playouts = 500, limit = 0;
  std::string baseline = "proximity";
  double maxDistance = 0.5;
  desc.add_options()("action", po::value(&action)->required(), "build, eval or lookup")(
      "games", po::value(&games), "folder of SGF games")(
      "out", po::value(&out), "book file to write (build)")("book", po::value(&bookFile),
                                                            "book file to read (eval, lookup)")(
      "max-move", po::value(&maxMove)->default_value(30),
      "book positions before moves 0..M-1 (build)")(
      "hold-out", po::value(&holdOut)->default_value(0),
      "N: every N-th file (index % N == 0) is left out of build and is what eval uses")(
      "eval-moves", po::value(&evalMoves)->default_value(60),
      "positions examined per held-out game")("neighbours",
                                              po::value(&neighbours)->default_value(4),
                                              "book positions pooled by approximate lookup")(
      "max-distance", po::value(&maxDistance)->default_value(0.5),
      "farthest approximate match used (d)")("sgf", po::value(&sgf), "game for lookup")(
      "move", po::value(&move)->default_value(0), "position after N moves")(
      "threads", po::value(&threads)->default_value(2), "OpenMP threads")(
      "baseline", po::value(&baseline)->default_value("proximity"),
      "eval: the player without a book scored beside it: proximity or mcts")(
      "playouts", po::value(&playouts)->default_value(500), "eval: MCTS playouts a position")(
      "limit", po::value(&limit)->default_value(0), "eval: only the first N held-out games")(
      "json", "eval: print JSON");
  po::positional_options_description pos;
  pos.add("action", 1);
  po::variables_map vm;
  if (!parseOptions(args, "fgo book build|eval|lookup [options]", desc, vm, &pos)) return 0;
  if (threads < 1 || threads > 64) throw UsageError("--threads must be 1..64");
  if (holdOut < 0 || neighbours < 0 || maxDistance < 0) throw UsageError("negative option value");
  engine::LookupParams lookup;
  lookup.neighbours = static_cast<size_t>(neighbours);
  lookup.maxDistance = maxDistance;
  const auto start = std::chrono::steady_clock::now();
  if (action == "build") {
    if (games.empty() || out.empty()) throw UsageError("build needs --games DIR --out FILE");
    if (maxMove < 1) throw UsageError("--max-move must be at least 1");
    engine::BookParams params;
    params.maxMove = maxMove;
    params.threads = threads;
    std::vector<std::string> problems;
    const auto files = splitFiles(engine::listSgfFiles(games), holdOut, false);
    const engine::OpeningBook book = engine::OpeningBook::build(files, params, &problems);
    if (book.positions().empty())
      throw engine::InputError("no game to build a book from under " + games);
    book.save(out);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "games " << book.games() << ", positions " << book.positions().size()
              << ", max-move " << maxMove << ", " << s << " s\n";
    for (const auto& p : problems) std::cout << "skipped: " << p << "\n";
    return 0;
  }
  if (bookFile.empty()) throw UsageError(action + " needs --book FILE");
  const engine::OpeningBook book = engine::OpeningBook::load(bookFile);
  if (action == "eval") {
    if (games.empty()) throw UsageError("eval needs --games DIR");
    if (evalMoves < 1) throw UsageError("--eval-moves must be at least 1");
    engine::BookEvalParams params;
    params.lookup = lookup;
    params.maxMove = evalMoves;
    params.threads = threads;
    if (baseline != "proximity" && baseline != "mcts")
      throw UsageError("--baseline must be proximity or mcts");
    if (playouts < 1 || playouts > 10000000) throw UsageError("--playouts must be 1..10000000");
    if (limit < 0) throw UsageError("--limit must not be negative");
    auto files = splitFiles(engine::listSgfFiles(games), holdOut, holdOut > 0);
    if (limit > 0 && files.size() > static_cast<size_t>(limit))
      files.resize(static_cast<size_t>(limit));
    const engine::BookRanker ranker =
        baseline == "mcts" ? mctsRanker(playouts) : engine::BookRanker(proximity);
    const std::string name =
        baseline == "mcts" ? "mcts " + std::to_string(playouts) + " playouts" : baseline;
    printEval(engine::evaluateBook(book, files, params, ranker), name, vm.count("json") != 0);
    return 0;
  }
  if (action == "lookup") {
    if (sgf.empty()) throw UsageError("lookup needs --sgf FILE");
    const engine::LoadedPosition q = engine::loadPosition(sgf, move);
    const engine::BookAnswer a = book.lookup(q.game.board(), q.toMove, lookup);
    if (!a.found) {
      std::cout << "not in book\n";
      return 0;
    }
    std::cout << (a.exact ? "exact" : "approximate") << " (D " << a.D << ", d " << a.distance
              << ")\n";
    for (const auto& s : a.moves) {
      std::cout << engine::moveText(s.move, book.size()) << "  " << s.count << " games, mover won "
                << std::setprecision(3) << s.winRate << "\n";
    }
    return 0;
  }
  throw UsageError("unknown action '" + action + "' (expected: build, eval or lookup)");
}

}  // namespace fgo
