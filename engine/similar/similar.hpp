// Exact and approximate matching of positions. Start reading here.
//
// Reading guide.
//   similar.hpp    (this file) the measures: canonical Zobrist keys under the board's
//                  symmetries (optionally colour swap), sub-domain window keys, the
//                  a-priori distance under an influence model and the a-posteriori
//                  distance of two next-move sets.
//   window_keys.hpp the window keys kept up to date from the board's change record.
//   signature.hpp  the compact influence signature of a position (Spight's map as int8
//                  in canonical orientation plus symmetry-invariant line sums that give a
//                  lower bound of the distance) and its exact k-nearest search.
//   corpus.hpp     game folders: SGF files walked, replayed, positions enumerated.
//   index.hpp      the position index (table kind "position-index"): exact lookup by
//                  canonical key, k-nearest approximate matches, region queries
//                  (index_region.cpp: exact ones from a window-key table).
//   book.hpp       the opening book (table kind "opening-book"): exact then approximate.
//   experiment.hpp Experiment A: does the a-priori distance predict the a-posteriori one?
//   docs/SIMILAR.md, docs/EXPERIMENT_A.md: conventions, figures and results.
//
// Conventions. A position is the stones plus the side to move. Its key is the XOR of
// engine::zobristKey over the stones (equal to Board::hash()) and SIDE_KEY when White is
// to move. The canonical key is the smallest key over the symmetries that keep the
// board's shape (8 on a square, 4 on a rectangle), optionally also over colour swap
// (stones and side to move swapped). Distances are 0 for identical things.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/symmetry.hpp"
#include "engine/influence/influence.hpp"

namespace engine {

// XORed into a position key when White is to move.
inline constexpr uint64_t SIDE_KEY = 0x9E3779B97F4A7C15ULL;

// How canonical keys are formed.
struct CanonicalOptions {
  bool colourSwap = false;  // also identify a position with its colour-swapped twin
};

// A canonical key and how the position maps onto the canonical representative.
struct CanonicalKey {
  uint64_t key = 0;
  int symmetry = 0;      // applySymmetry(symmetry, p) sends the position's points there
  bool swapped = false;  // the representative has the colours swapped
  bool operator==(const CanonicalKey&) const = default;
};

// The key of the position as it stands (stones, plus SIDE_KEY when White is to move).
uint64_t positionKey(const Board& board, Color toMove);

// The key of the position transformed by symmetry s (and colour swap when swap is set).
uint64_t transformedKey(const Board& board, Color toMove, int s, bool swap);

// The canonical key: the smallest transformedKey over the board's symmetries (and colour
// swap when options ask). Ties keep the lowest symmetry number, unswapped first.
CanonicalKey canonicalKey(const Board& board, Color toMove, const CanonicalOptions& options = {});

// Maps a point (x, y) of the position to the canonical frame of key, and back.
XY toCanonical(const CanonicalKey& key, XY p, BoardSize size);
XY fromCanonical(const CanonicalKey& key, XY p, BoardSize size);

// ---- Sub-domain window keys ---------------------------------------------------------

// Square windows of side `side` whose corners step by `step` in from both edges towards
// the middle (a centre window closes any gap left there), so the layout is its own mirror
// image: every symmetry of the board maps windows onto windows. step <= side, so every
// point is covered.
struct WindowParams {
  int side = 6;
  int step = 3;
};

// One window: its top-left corner, and the Zobrist key of the stones inside it (keys of
// absolute points, so a window key recurs when the same stones stand on the same points,
// whatever the rest of the board holds). An empty window has key 0.
struct WindowKey {
  int x = 0;
  int y = 0;
  uint64_t key = 0;
  bool operator==(const WindowKey&) const = default;
};

// The top-left corners along one side of `length` points: 0, step, 2 step, ... up to the
// middle and their mirrors length - side - o (19, side 6, step 3: 0 3 6 7 10 13).
std::vector<int> windowOrigins(int length, const WindowParams& params = {});

// The keys of every window of the board, row by row. Throws InputError when the window
// does not fit the board or the step is not in 1..side.
std::vector<WindowKey> windowKeys(const Board& board, const WindowParams& params = {});

// Zobrist key of the stones inside the rectangle [x1, x2] x [y1, y2] (inclusive).
uint64_t regionKey(const Board& board, int x1, int y1, int x2, int y2);

// ---- A-priori and a-posteriori distances ------------------------------------------------

// The a-priori distance of two positions under an influence model:
// d = 1 - 2 / (1 + exp(a D)), D = sum of |f(x) - f(y)|, a = modelScale(model) = ln 3 / U
// (U: the model's map total for one lone stone), so one lone stone's worth of difference
// is d = 1/2. 0 for identical maps, tending to 1.
double prioriDistance(Model model, const Board& x, const Board& y);

// The same from maps already computed.
double prioriDistance(Model model, const InfluenceMap& fx, const InfluenceMap& fy);

// The talk's a-posteriori similitude turned distance: 1 - 2|A n B| / (|A| + |B|) over two
// sets of moves (duplicates ignored; order irrelevant). Two empty sets: 0 by convention.
double posterioriDistance(std::span<const uint16_t> a, std::span<const uint16_t> b);

// Spearman's rank correlation of two equally long samples (average ranks for ties);
// NaN when fewer than 3 pairs or a sample is constant.
double spearman(std::span<const double> a, std::span<const double> b);

}  // namespace engine
