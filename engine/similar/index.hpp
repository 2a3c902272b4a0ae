// The position index: every position of a game collection (up to a move limit) with its
// canonical key, game, move number and the move played next, plus its influence
// signature (Spight's map, signature.hpp) and its stones, for exact, approximate and
// region queries. Stored as a table file of kind "position-index" (docs/SIMILAR.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/similar/corpus.hpp"
#include "engine/similar/signature.hpp"
#include "engine/similar/similar.hpp"

namespace engine {

// The influence model of signatures: Spight's (exact in int8, 16 us a map on 19x19).
inline constexpr Model SIGNATURE_MODEL = Model::Spight;

// One indexed position. Stones, signature and next move are in the canonical frame.
struct IndexEntry {
  uint64_t key = 0;  // canonical key
  uint32_t game = 0;
  uint16_t move = 0;  // number of moves played before the position
  uint16_t next = MOVE_NONE;
  Color toMove = Color::Black;
  uint8_t symmetry = 0;  // the game's frame to the canonical frame
  bool swapped = false;
};

struct IndexParams {
  int maxMove = -1;  // positions before moves 0..maxMove-1 (-1: all)
  int threads = 2;
  CanonicalOptions canonical;
};

// How PositionIndex::nearest searches (signature.hpp, sketch.hpp, docs/SIMILAR.md).
struct NearestParams {
  // Staged: the magnitude walk with orbit and cell bounds (exact; fast in the opening).
  // Sketch: the full sketch scan on `threads` threads, then refinement (exact, or
  // approximate over the `candidates` entries of smallest sketch distance).
  // Auto: Staged when exact (measured cheaper or equal at every move range), Sketch when
  // candidates > 0 (docs/SIMILAR.md).
  enum class Method { Auto, Staged, Sketch };
  Method method = Method::Auto;
  size_t candidates = 0;  // > 0: approximate (Sketch only)
  int threads = 2;
  long skipGame = -1;  // game number left out of the answers (-1: none)
};

// A rectangle of the query board, inclusive corners.
struct Rect {
  int x1 = 0, y1 = 0, x2 = 0, y2 = 0;
};

// One answer: the entry, whether it is an exact match, its D (signature units; 0 for an
// exact match) and distance, and the next move in the query's frame.
struct IndexMatch {
  uint32_t entry = 0;
  bool exact = false;
  int32_t D = 0;
  double distance = 0;
  uint16_t next = MOVE_NONE;
};

// What a region query did (for measurements and tests).
struct RegionStats {
  bool windows = false;   // exact matches came from the window table (else a scan)
  size_t candidates = 0;  // (entry, symmetry) pairs checked point by point
  bool sketched = false;  // the nearest came from the masked sketch scan (else a scan)
  size_t refined = 0;     // entries whose regional D was computed
};

class PositionIndex {
 public:
  // Reads, replays and indexes the files (OpenMP over files). Unreadable files and games
  // of another board size than the first readable one go to problems.
  static PositionIndex build(const std::vector<std::string>& files, const IndexParams& params,
                             std::vector<std::string>* problems = nullptr);
  // Writes the index as a table file (atomic). Throws tables::TableError.
  void save(const std::string& path, const std::string& note = "") const;
  // Reads an index written by save. Throws tables::TableError or InputError.
  static PositionIndex load(const std::string& path);

  BoardSize size() const { return size_; }
  const std::vector<GameInfo>& games() const { return games_; }
  const std::vector<IndexEntry>& entries() const { return entries_; }
  const SignatureStore& store() const { return store_; }
  const CanonicalOptions& canonical() const { return canonical_; }
  int maxMove() const { return maxMove_; }

  // Entries with the position's canonical key (any symmetry), by game and move.
  std::vector<IndexMatch> exact(const Board& board, Color toMove) const;
  // The same by scanning every entry (the twin of exact()).
  std::vector<IndexMatch> exactBrute(const Board& board, Color toMove) const;
  // The k nearest entries by signature distance with the same side to move (exact
  // matches included, at D = 0), as params says (exact unless params.candidates > 0).
  std::vector<IndexMatch> nearest(const Board& board, Color toMove, size_t k,
                                  const NearestParams& params = {},
                                  SignatureStore::Stats* stats = nullptr) const;
  // The same by brute force over every signature (the twin of nearest()).
  std::vector<IndexMatch> nearestBrute(const Board& board, Color toMove, size_t k,
                                       long skipGame = -1) const;
  // Region query: entries whose stones inside the rectangle equal the query's under some
  // symmetry (exact, by game and move), then the k nearest others by D summed over the
  // rectangle only. Exact matches come from the window table when it is built and a
  // window with a stone of the query fits inside the rectangle, else from a scan. The
  // nearest come from a sketch scan masked to the sketch cells inside the rectangle
  // (exact, or approximate over `candidates` entries), else (no cell inside) a scan.
  std::vector<IndexMatch> region(const Board& board, Color toMove, Rect rect, size_t k,
                                 RegionStats* stats = nullptr, size_t candidates = 0,
                                 int threads = 2) const;
  // The nearest part of region() by the scan of every entry (its twin): the k nearest
  // entries with the side to move, other than `skip` (sorted entries), by regional D.
  std::vector<IndexMatch> regionNearestScan(const Board& board, Color toMove, Rect rect, size_t k,
                                            const std::vector<uint32_t>& skip = {}) const;
  // The exact part of region() by scanning every entry (the twin of the window path).
  std::vector<IndexMatch> regionExactScan(const Board& board, Color toMove, Rect rect) const;

  // Builds the window table: per window of WindowParams{} (similar.hpp; the layout maps
  // onto itself under every symmetry), the entries by the high 32 bits of their window
  // key in the canonical frame, empty windows left out. Returns its size in bytes.
  size_t buildWindowTable(int threads = 2);
  bool hasWindowTable() const { return !windowTable_.empty(); }

  // The colour of a point of an entry's canonical-frame stones.
  Color stoneAt(uint32_t entry, int x, int y) const;

 private:
  IndexMatch matchOf(uint32_t entry, bool exact, int32_t D, int symmetryToStored) const;
  void buildKeyOrder();
  // Exact region matches from the window table; false when no window can be used.
  bool regionExactWindows(const Board& board, Color toMove, Rect r, std::vector<IndexMatch>& out,
                          RegionStats& stats) const;
  // The nearest part of region() by the masked sketch scan; false when no cell fits.
  bool regionNearestSketch(const Board& board, Color toMove, Rect r, size_t k,
                           const std::vector<uint32_t>& skip, size_t candidates, int threads,
                           std::vector<IndexMatch>& out, RegionStats& stats) const;

  BoardSize size_;
  CanonicalOptions canonical_;
  int maxMove_ = -1;
  std::vector<GameInfo> games_;
  std::vector<IndexEntry> entries_;
  SignatureStore store_;
  std::vector<uint8_t> stones_;  // 2 bits a point, canonical frame, stoneBytes() per entry
  std::vector<std::pair<uint64_t, uint32_t>> byKey_;
  // Per window (row by row of windowOrigins), sorted (key >> 32) << 32 | entry.
  std::vector<std::vector<uint64_t>> windowTable_;
  size_t stoneBytes() const { return (static_cast<size_t>(size_.points()) + 3) / 4; }
};

// Packs the stones of a board moved by symmetry s (and colours swapped when swap): 2 bits
// a point (0 empty, 1 black, 2 white), row by row of the transformed board.
std::vector<uint8_t> packStones(const Board& board, int s, bool swap);

}  // namespace engine
