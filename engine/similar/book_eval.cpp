// Opening-book quality on held-out games (book.hpp: evaluateBook).
#include <omp.h>

#include <algorithm>

#include "engine/similar/book.hpp"

namespace engine {

namespace {

// Is the recorded move among the first k suggestions?
bool hit(const std::vector<BookSuggestion>& moves, uint16_t played, size_t k) {
  for (size_t i = 0; i < std::min(k, moves.size()); ++i) {
    if (moves[i].move == played) return true;
  }
  return false;
}

bool rankerHit(const std::vector<Point>& order, Point played, size_t k) {
  return std::find(order.begin(), order.begin() + static_cast<long>(std::min(k, order.size())),
                   played) != order.begin() + static_cast<long>(std::min(k, order.size()));
}

void add(BookEvalReport& a, const BookEvalReport& b) {
  a.games += b.games;
  a.positions += b.positions;
  a.exactRun += b.exactRun;
  a.approxRun += b.approxRun;
  a.exactFound += b.exactFound;
  a.approxFound += b.approxFound;
  a.exactHit1 += b.exactHit1;
  a.exactHit4 += b.exactHit4;
  a.approxHit1 += b.approxHit1;
  a.approxHit4 += b.approxHit4;
  a.baseHit1 += b.baseHit1;
  a.baseHit4 += b.baseHit4;
  a.baseOnFound1 += b.baseOnFound1;
  a.baseOnFound4 += b.baseOnFound4;
  if (a.exactRunHistogram.size() < b.exactRunHistogram.size())
    a.exactRunHistogram.resize(b.exactRunHistogram.size());
  for (size_t i = 0; i < b.exactRunHistogram.size(); ++i)
    a.exactRunHistogram[i] += b.exactRunHistogram[i];
  a.problems.insert(a.problems.end(), b.problems.begin(), b.problems.end());
}

void evaluateGame(const OpeningBook& book, const std::string& file, const BookEvalParams& params,
                  const BookRanker& ranker, BookEvalReport& out) {
  BookEvalReport r;
  r.exactRunHistogram.assign(static_cast<size_t>(params.maxMove) + 1, 0);
  bool exactIn = true, approxIn = true;
  long exactRun = 0, approxRun = 0;
  LookupParams exactOnly = params.lookup;
  exactOnly.approximate = false;
  walkGame(file, params.maxMove, [&](const GamePosition& pos) {
    const Board& b = pos.game.board();
    ++r.positions;
    const uint16_t played = encodeMove(b, pos.next);
    const BookAnswer ex = book.lookup(b, pos.toMove, exactOnly);
    const BookAnswer ap =
        ex.found || !params.lookup.approximate ? ex : book.lookup(b, pos.toMove, params.lookup);
    exactIn = exactIn && ex.found;
    approxIn = approxIn && ap.found;
    exactRun += exactIn ? 1 : 0;
    approxRun += approxIn ? 1 : 0;
    if (ex.found) {
      ++r.exactFound;
      r.exactHit1 += hit(ex.moves, played, 1);
      r.exactHit4 += hit(ex.moves, played, 4);
    } else if (ap.found) {
      ++r.approxFound;
      r.approxHit1 += hit(ap.moves, played, 1);
      r.approxHit4 += hit(ap.moves, played, 4);
    }
    if (ranker) {
      const std::vector<Point> order = ranker(pos.game, pos.toMove);
      const bool h1 = rankerHit(order, pos.next, 1), h4 = rankerHit(order, pos.next, 4);
      r.baseHit1 += h1;
      r.baseHit4 += h4;
      if (ap.found) {
        r.baseOnFound1 += h1;
        r.baseOnFound4 += h4;
      }
    }
  });
  r.games = 1;
  r.exactRun = static_cast<double>(exactRun);
  r.approxRun = static_cast<double>(approxRun);
  r.exactRunHistogram[static_cast<size_t>(std::min<long>(exactRun, params.maxMove))] = 1;
  add(out, r);
}

}  // namespace

BookEvalReport evaluateBook(const OpeningBook& book, const std::vector<std::string>& files,
                            const BookEvalParams& params, const BookRanker& ranker) {
  const int threads = std::max(1, params.threads);
  std::vector<BookEvalReport> parts(static_cast<size_t>(threads));
#pragma omp parallel for num_threads(threads) schedule(dynamic, 4)
  for (long i = 0; i < static_cast<long>(files.size()); ++i) {
    BookEvalReport& part = parts[static_cast<size_t>(omp_get_thread_num())];
    try {
      evaluateGame(book, files[static_cast<size_t>(i)], params, ranker, part);
    } catch (const std::exception& e) {
      part.problems.push_back(files[static_cast<size_t>(i)] + ": " + e.what());
    }
  }
  BookEvalReport total;
  for (const BookEvalReport& p : parts) add(total, p);
  if (total.games > 0) {
    total.exactRun /= static_cast<double>(total.games);
    total.approxRun /= static_cast<double>(total.games);
  }
  return total;
}

}  // namespace engine
