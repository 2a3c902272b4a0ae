// The opening book: for every position of a game collection up to a move limit, the
// moves played from it with their counts and results. Lookup is exact first (canonical
// key, moves mapped back through the symmetry), then approximate: the nearest book
// positions by influence distance (Spight signatures, signature.hpp) with the same side
// to move, their moves pooled and mapped through the symmetry found. Stored as a table
// file of kind "opening-book" (docs/SIMILAR.md).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/similar/corpus.hpp"
#include "engine/similar/signature.hpp"
#include "engine/similar/similar.hpp"

namespace engine {

// A move of a book position (canonical frame) and what came of it.
struct BookMove {
  uint16_t move = MOVE_NONE;
  uint32_t count = 0;
  uint32_t moverWins = 0;  // games won by the side that played it (known results only)
  uint32_t moverLosses = 0;
  bool operator==(const BookMove&) const = default;
};

// A book position: canonical key, side to move (of the representative), moves by count.
struct BookPosition {
  uint64_t key = 0;
  Color toMove = Color::Black;
  std::vector<BookMove> moves;
  bool operator==(const BookPosition&) const = default;
};

struct BookParams {
  int maxMove = 30;  // positions before moves 0..maxMove-1
  int threads = 2;
  CanonicalOptions canonical;
};

struct LookupParams {
  bool approximate = true;   // fall back to the nearest positions when no exact match
  size_t neighbours = 4;     // book positions pooled by an approximate lookup
  double maxDistance = 0.5;  // approximate matches farther than this (d) are not used
};

// One suggestion in the query's frame.
struct BookSuggestion {
  uint16_t move = MOVE_NONE;
  uint32_t count = 0;
  double winRate = 0.5;  // of the side to move, over known results (0.5 when none)
};

struct BookAnswer {
  bool found = false;
  bool exact = false;
  int32_t D = 0;                      // signature distance of the nearest position used (0 exact)
  double distance = 0;                // its d
  std::vector<BookSuggestion> moves;  // by count, then win rate, then move code
};

class OpeningBook {
 public:
  // Builds the book from game files (OpenMP over files). Unreadable files and games of
  // another board size go to problems.
  static OpeningBook build(const std::vector<std::string>& files, const BookParams& params,
                           std::vector<std::string>* problems = nullptr);
  void save(const std::string& path) const;
  static OpeningBook load(const std::string& path);

  BoardSize size() const { return size_; }
  int maxMove() const { return maxMove_; }
  const std::vector<BookPosition>& positions() const { return positions_; }
  size_t games() const { return games_; }

  // The book's moves for a position (see the header comment).
  BookAnswer lookup(const Board& board, Color toMove, const LookupParams& params = {}) const;

 private:
  void buildKeyOrder();
  BoardSize size_;
  CanonicalOptions canonical_;
  int maxMove_ = 0;
  size_t games_ = 0;
  std::vector<BookPosition> positions_;  // in signature-magnitude order
  SignatureStore store_;
  std::vector<std::pair<uint64_t, uint32_t>> byKey_;
};

// The winner of a result text ("B+R", "W+3.5"): Black, White, or Empty when unknown.
Color resultWinner(const std::string& result);

// A move ranker to compare the book with: the points it would play, best first.
using BookRanker = std::function<std::vector<Point>(const Game& game, Color toMove)>;

// Book quality on held-out games.
struct BookEvalParams {
  LookupParams lookup;
  int maxMove = 60;  // positions examined per game
  int threads = 2;
};

struct BookEvalReport {
  long games = 0;
  long positions = 0;                       // examined positions (before moves 0..maxMove-1)
  double exactRun = 0;                      // mean moves a game stays in book, exact lookup only
  double approxRun = 0;                     // the same with approximate lookup
  long exactFound = 0, approxFound = 0;     // positions with suggestions (any place in game)
  long exactHit1 = 0, exactHit4 = 0;        // hits among exact answers
  long approxHit1 = 0, approxHit4 = 0;      // hits among approximate-only answers
  long baseHit1 = 0, baseHit4 = 0;          // the ranker on every examined position
  long baseOnFound1 = 0, baseOnFound4 = 0;  // the ranker on positions the book answered
  std::vector<long> exactRunHistogram;      // games leaving book at move n (exact)
  std::vector<std::string> problems;
};

// Walks each game, looks every position up, and counts how long the game stays in book
// (consecutive positions from the start with an answer) and the hits of the first
// suggestions; the ranker (optional) is scored on the same positions.
BookEvalReport evaluateBook(const OpeningBook& book, const std::vector<std::string>& files,
                            const BookEvalParams& params, const BookRanker& ranker = {});

}  // namespace engine
