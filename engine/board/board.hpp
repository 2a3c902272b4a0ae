// The Go board: colours, chains, pseudo-liberties, captures, simple ko and the Zobrist
// hash, with play and exact undo. Start reading here; game.hpp adds rules and history.
//
// Layout. A W x H board is stored row by row in a padded array with stride W + 1: point
// (x, y) has index (y + 1) * (W + 1) + x + 1. Row 0, row H + 1 and column 0 are Border,
// and column 0 of the next row doubles as the right-hand border, so the four neighbours
// of a point are p - 1, p + 1, p - stride and p + stride with no bounds checks. One
// extra border cell at the end makes the diagonals p +- stride +- 1 safe too.
//
// Chains. Stones of a chain form a circular list through next_[], and every stone
// records its chain's head in head_[]. Per chain (at the head) we keep the stone count
// and pseudo-liberties: the number of (stone, empty neighbour) adjacencies. Captures
// and the suicide test need only that count, so every move keeps only it. Atari
// queries (inAtari, atariLiberty, onlyLiberty) walk the chain and stop at its second
// distinct liberty; one pseudo-liberty means one liberty without a walk. (Earlier
// versions also kept the sum and sum of squares of the pseudo-liberties, libego's
// O(1) atari test; keeping them cost about a fifth of every play and undo, far more
// than the walks of the few atari queries per move.) liberties(p) counts the exact
// liberties. Every point without a stone (empty or border) has head 0, a border index
// whose chain info is a scratch sink: loops over a move's neighbours add to or take
// from info_[head_[n]] without testing the colour, and nothing reads the sink (every
// reader is masked by a colour test).
//
// Neighbour counts. nbr_[p] packs how many of p's four neighbours are empty, black
// and white (4 bits each; border neighbours are the rest), kept up to date by every
// placement, capture and undo (libego's idea). They make the eye and suicide tests of
// move generation a single lookup in the common case.
//
// Undo. Every play (or pass) pushes a frame: the hash and ko before the move, the merges
// it made (list splices, with the absorbed chain's data) and the stones it captured.
// Joining the new stone to one neighbouring chain of its colour is not a merge record:
// undo finds that chain at the stone's head and the liberties it brought in its
// neighbour counts. The undo records live in fixed stacks (UndoStack) that grow only
// out of line, so a move pays no capacity check beyond one predictable branch.
// undo() reverses the last frame exactly, so search can walk back to any earlier
// position: it splits the merges, puts captured chains back (a captured chain had no
// pseudo-liberty left) and gives the point back as a liberty to the chains around it,
// the reverse of each step of the move in the reverse order.
// playNoUndo/passNoUndo are the same moves without the frame, for playouts: they forget
// the undo history, so the board can only be restored by copying it.
//
// Change record. lastRecord() gives the point, colour and captured stones of the last
// move: overlays (patterns, influence) update from it after play and before undo.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/board/coord.hpp"
#include "engine/board/zobrist.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace engine {

namespace detail {
// Four 32-bit lanes (GCC/Clang vector extensions): the four neighbours of a point.
using Lanes = uint32_t __attribute__((vector_size(16)));
}  // namespace detail

// What changed in one move: the stone placed (or PASS) and the stones it removed.
struct MoveRecord {
  Point point = PASS;
  Color color = Color::Empty;
  std::span<const Point> captured;
};

// A stack of trivially copyable undo records: push costs one predictable capacity test
// (growth is out of line) and truncation is one store. Stale entries past size() stay
// allocated for reuse.
template <typename T>
class UndoStack {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void push(const T& x) {
    if (size_ == items_.size()) [[unlikely]]
      grow();
    items_[size_++] = x;
  }
  T& back() { return items_[size_ - 1]; }
  const T& back() const { return items_[size_ - 1]; }
  T& operator[](size_t i) { return items_[i]; }
  const T& operator[](size_t i) const { return items_[i]; }
  const T* data() const { return items_.data(); }
  // Keeps the first n entries (n <= size()).
  void truncate(size_t n) { size_ = n; }
  void clear() { size_ = 0; }

 private:
  [[gnu::noinline]] void grow() { items_.resize(items_.empty() ? 64 : 2 * items_.size()); }
  std::vector<T> items_;
  size_t size_ = 0;
};

class Board {
 public:
  // An empty board; throws InputError for sizes outside 1..MAX_BOARD_SIDE.
  Board(int width, int height);
  explicit Board(BoardSize size) : Board(size.width, size.height) {}

  int width() const { return width_; }
  int height() const { return height_; }
  BoardSize size() const { return {width_, height_}; }
  int stride() const { return stride_; }
  // Size of the padded array: valid Point indices are below this.
  Point arraySize() const { return static_cast<Point>(color_.size()); }

  Point point(int x, int y) const { return static_cast<Point>((y + 1) * stride_ + x + 1); }
  Point point(XY xy) const { return point(xy.x, xy.y); }
  int x(Point p) const { return static_cast<int>(p % stride_) - 1; }
  int y(Point p) const { return static_cast<int>(p / stride_) - 1; }
  XY xy(Point p) const { return {x(p), y(p)}; }
  bool onBoard(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  // True for indices of playable points (not border, not PASS).
  bool isPoint(Point p) const { return p < arraySize() && color_[p] != Color::Border; }

  // The four orthogonal neighbours of p, in a fixed order.
  std::array<Point, 4> neighbours(Point p) const {
    return {p - static_cast<Point>(stride_), p - 1, p + 1, p + static_cast<Point>(stride_)};
  }

  Color at(Point p) const { return color_[p]; }
  Color at(int x, int y) const { return color_[point(x, y)]; }

  // Chain queries (p must hold a stone).
  Point chainHead(Point p) const { return head_[p]; }
  Point nextInChain(Point p) const { return next_[p]; }
  int chainSize(Point p) const { return static_cast<int>(info_[head_[p]].size()); }
  // Exact number of distinct liberties of p's chain (walks the chain).
  int liberties(Point p) const;
  // True when p's chain has exactly one liberty. A chain with one liberty has at most 4
  // pseudo-liberties (the liberty's neighbours), so only counts 2..4 need the walk.
  bool inAtari(Point p) const {
    const uint32_t libs = info_[head_[p]].libs;
    return libs == 1 || (libs > 1 && libs <= 4 && soleLiberty(p) != NO_POINT);
  }
  // True when the only liberty of p's chain is lib.
  bool onlyLiberty(Point p, Point lib) const {
    const uint32_t libs = info_[head_[p]].libs;
    return lib != NO_POINT && libs != 0 && libs <= 4 && soleLiberty(p) == lib;
  }
  // The single liberty of a chain in atari (p's chain must be in atari).
  Point atariLiberty(Point p) const;
  // The single liberty of p's chain when it is in atari, else NO_POINT (one walk where
  // inAtari() then atariLiberty() would take two).
  Point libertyIfAtari(Point p) const {
    const uint32_t libs = info_[head_[p]].libs;
    return libs >= 1 && libs <= 4 ? soleLiberty(p) : NO_POINT;
  }

  uint64_t hash() const { return hash_; }
  // Point forbidden by simple ko for koColor() right now, or NO_POINT.
  Point koPoint() const { return ko_; }
  Color koColor() const { return koColor_; }
  // Stones of colour c captured so far (by c's opponent), suicides included.
  int captures(Color c) const { return captures_[c == Color::White ? 1 : 0]; }
  int stoneCount(Color c) const { return stones_[c == Color::White ? 1 : 0]; }

  // How many of p's four neighbours have colour c (Empty, Black or White; Border is
  // 4 minus the other three).
  int neighbourCount(Point p, Color c) const {
    return c == Color::Border ? 4 - (nbr_[p] & 0xF) - (nbr_[p] >> 4 & 0xF) - (nbr_[p] >> 8)
                              : nbr_[p] >> (4 * static_cast<int>(c)) & 0xF;
  }

  // The empty points, in no particular order.
  std::span<const Point> emptyPoints() const { return {empties_.data(), nEmpty_}; }
  // Swaps entries i and j (below emptyPoints().size()) of the empty list, whose order is
  // unspecified: the baseline player draws without replacement in the list itself
  // instead of a copy of it.
  void swapEmpties(uint32_t i, uint32_t j) {
    Point* list = empties_.data();
    uint32_t* index = emptyIndex_.data();
    const Point a = list[i], b = list[j];
    list[i] = b;
    list[j] = a;
    index[b] = i;
    index[a] = j;
  }

  // True when c may place a stone at p under the board's own rules: p empty, not the
  // simple-ko point, and not suicide (unless allowSuicide). Superko is game.hpp's job.
  bool isLegal(Point p, Color c) const {
    if (p >= arraySize() || color_[p] != Color::Empty) return false;
    if (p == ko_ && c == koColor_) return false;
    return (nbr_[p] & 0xF) != 0 || allowSuicide_ || !isSuicide(p, c);
  }
  // Would placing c at p capture nothing and leave its chain without liberties?
  bool isSuicide(Point p, Color c) const;
  // True when p is empty and surrounded by c (or border) so that filling it would be
  // filling c's own eye: all four neighbours c or border, and at most one diagonal of
  // the opponent (none on the edge).
  bool isEyeOf(Point p, Color c) const {
    // Every neighbour must be c or border: no empty and no opponent neighbour.
    if (color_[p] != Color::Empty ||
        (nbr_[p] & (0xF | 0xF << (4 * static_cast<int>(opponent(c)))))) {
      return false;
    }
    return eyeDiagonalsOk(p, c);
  }
  // True when c may play at p (an empty point, e.g. from emptyPoints()) under the board's
  // own rules and p is not c's own eye: the same as !isEyeOf(p, c) && isLegal(p, c),
  // with the cheapest tests first (the move filter of the baseline player).
  bool isLegalNotEye(Point p, Color c) const {
    const uint16_t k = nbr_[p];
    // An empty neighbour: a liberty, not an eye, and never the ko point (a ko point's
    // neighbours are all stones or border).
    if (k & 0xF) return true;
    if (p == ko_ && c == koColor_) return false;
    if ((k & (0xF << (4 * static_cast<int>(stoneOpponent(c))))) == 0 && eyeDiagonalsOk(p, c)) {
      return false;
    }
    return allowSuicide_ || keepsLiberty(p, c);
  }
  // Hash of the position after c plays at p (p legal), without playing.
  uint64_t hashAfter(Point p, Color c) const;

  // Places a stone of colour c at p. p must satisfy isLegal(p, c), except that a
  // suicide is played (removing the chain) when allowSuicide is set.
  void play(Point p, Color c);
  // A pass by c: clears the ko point. Undoable like a move.
  void pass(Color c);
  // play() without an undo frame, for playouts: the same position, ko and hash. Forgets
  // the undo history (undoDepth() becomes 0, lastRecord() reports nothing).
  void playNoUndo(Point p, Color c) {
    assert(color_[p] == Color::Empty);
    place<false>(p, c);
  }
  // pass() without an undo frame; forgets the undo history like playNoUndo.
  void passNoUndo(Color c);
  // Takes back the last play or pass. Returns false when there is nothing to undo.
  bool undo();
  // Number of moves (plays and passes) that undo() can take back.
  size_t undoDepth() const { return frames_.size(); }
  // Forgets the undo history (keeps the position); frees memory after long games.
  void clearUndo();
  // What the last play or pass changed (PASS with no captures when there is none).
  MoveRecord lastRecord() const;

  // Tromp-Taylor suicide rule: when true, a suicidal move removes the mover's chain.
  void setAllowSuicide(bool allow) { allowSuicide_ = allow; }
  bool allowSuicide() const { return allowSuicide_; }

  // Recomputes chains, pseudo-liberties, stone and capture counts, the empty list and
  // the hash from the colours alone and compares. Returns "" when all agree, otherwise
  // a description of the first difference.
  std::string checkConsistency() const;

  // Sets a point's colour outside the move rules (setup stones, diagrams) and rebuilds
  // the chain data. Clears the undo history and the ko point. Chains left without
  // liberties stay on the board; use hasChainWithoutLiberties() to refuse them.
  void setColors(std::span<const Color> colorsRowMajor);
  // True if some chain has no liberty (only possible after setColors).
  bool hasChainWithoutLiberties() const;
  // Colours row by row from the top-left corner, width * height entries.
  std::vector<Color> colorsRowMajor() const;

 private:
  // Per chain, at its head: what every move keeps up to date. sizeColor packs the stone
  // count (times STONE) and the chain's colour (bits 0-1), so that the neighbour passes
  // of place() and keepsLiberty get a chain's pseudo-liberties and colour from one
  // 8-byte load (chainLanes). The sink at index 0 keeps sizeColor 0: every non-stone
  // neighbour reads as colour Empty there, never as a stone colour.
  struct ChainInfo {
    uint32_t libs = 0;  // pseudo-liberties
    uint32_t sizeColor = 0;
    uint32_t size() const { return sizeColor >> 2; }
    bool operator==(const ChainInfo&) const = default;
  };
  // One stone in ChainInfo::sizeColor.
  static constexpr uint32_t STONE = 4;
  static ChainInfo chainInfo(uint32_t libs, uint32_t size, Color c) {
    return {libs, size * STONE | static_cast<uint32_t>(c)};
  }
  struct Merge {
    Point absorbed;  // head of the chain that was absorbed
    Point kept;      // head of the chain that absorbed it (splice partner)
    ChainInfo info;  // the absorbed chain's data when it was absorbed
  };
  struct Capture {
    Point head;
    uint32_t begin;  // first stone in capturedStones_
    uint32_t count;
    Color color;
  };
  struct Frame {
    uint64_t oldHash;
    Point point;
    Point oldKo;
    Color color;
    Color oldKoColor;
    uint32_t mergeBegin, captureBegin, stoneBegin;
  };

  // nbr_ unit of one neighbour of colour c (Empty, Black, White; Border adds nothing).
  static constexpr uint16_t nbrUnit(Color c) {
    return c == Color::Border ? 0 : static_cast<uint16_t>(1u << (4 * static_cast<int>(c)));
  }
  // nbrUnit for a stone colour (Black or White), without the Border case.
  static constexpr uint16_t stoneUnit(Color c) {
    return static_cast<uint16_t>(1u << (4 * static_cast<int>(c)));
  }
  // Adds `delta` (mod 2^16) to the neighbour counts of p's four neighbours.
  void bumpNeighbours(Point p, uint16_t delta) {
    uint16_t* nb = nbr_.data();
    nb[p - stride_] += delta;
    nb[p - 1] += delta;
    nb[p + 1] += delta;
    nb[p + stride_] += delta;
  }
  uint64_t key(Point p, Color c) const { return keys_[2 * p + static_cast<Point>(c) - 1]; }
  void addEmpty(Point p) {
    emptyIndex_[p] = static_cast<uint32_t>(nEmpty_);
    empties_[nEmpty_++] = p;
  }
  void removeEmpty(Point p) {
    uint32_t* index = emptyIndex_.data();
    Point* list = empties_.data();
    const uint32_t i = index[p];
    const Point last = list[--nEmpty_];
    list[i] = last;
    index[last] = i;  // the index of a point that is not empty is never read
  }
  // The body of play (Record: with an undo frame) and playNoUndo, defined below the
  // class so that the light playout's loop (random_player.cpp) inlines it.
  template <bool Record>
  [[gnu::always_inline]] void place(Point p, Color c);
  // place() after the join: captures, further merges, suicide and ko.
  template <bool Record>
  [[gnu::noinline]] void settle(Point p, Color c, unsigned mine, unsigned dead, Point join);
  template <bool Record>
  void mergeChains(Point keepHead, Point absorbedHead);
  // Removes the chain headed by head, gives its points back as liberties to the chains
  // around it and returns the number of stones removed.
  template <bool Record>
  uint32_t captureChain(Point head);
  // Undo of captureChain and of mergeChains (with an undo record).
  void uncapture(const Capture& cap);
  void unmerge(const Merge& m);
  void rebuildChains();
  void rebuildNeighbourCounts();
  // The diagonal part of isEyeOf (p's neighbours are all c or border).
  [[gnu::always_inline]] bool eyeDiagonalsOk(Point p, Color c) const;
  // For an empty p without empty neighbours: would c at p capture, or join a chain of
  // its own that has another liberty? (The opposite of suicide.)
  [[gnu::always_inline]] bool keepsLiberty(Point p, Color c) const;
  // Adds (Sign +1) or takes away (Sign -1) a pseudo-liberty of the chain at n when n
  // holds a stone; a non-stone n has head 0 and changes only the sink. No branch on the
  // colours, which are random around a move (branches on them mispredict). Returns n's
  // head (0 for a non-stone).
  template <int Sign>
  Point changeLib(Point n) {
    const Point h = head_[n];
    info_[h].libs += static_cast<uint32_t>(Sign);
    return h;
  }
  // The pseudo-liberties and sizeColor of the chains headed by the four lanes of h:
  // four 8-byte loads split by two shuffles (little-endian: libs is the low half).
  [[gnu::always_inline]] static void chainLanes(const ChainInfo* in, detail::Lanes h,
                                                detail::Lanes& libs, detail::Lanes& sizeColor);
  // Walks p's chain: its liberty when it has exactly one, otherwise NO_POINT.
  Point soleLiberty(Point p) const;
  std::string describe(Point p) const;

  int width_, height_, stride_;
  std::shared_ptr<const ZobristTable> zobrist_;
  const uint64_t* keys_ = nullptr;  // zobrist_->data()
  std::vector<Color> color_;
  std::vector<Point> head_;
  std::vector<Point> next_;
  std::vector<ChainInfo> info_;
  std::vector<uint16_t> nbr_;   // packed neighbour counts, see the reading guide
  std::vector<Point> empties_;  // the first nEmpty_ entries are the empty points
  size_t nEmpty_ = 0;
  std::vector<uint32_t> emptyIndex_;
  uint64_t hash_ = 0;
  Point ko_ = NO_POINT;
  Color koColor_ = Color::Empty;
  int captures_[2] = {0, 0};
  int stones_[2] = {0, 0};
  bool allowSuicide_ = false;

  UndoStack<Frame> frames_;
  UndoStack<Merge> merges_;
  UndoStack<Capture> captured_;
  UndoStack<Point> capturedStones_;
};

namespace detail {

// Bit i set when lane i of the lane-wise comparison result m (0 or all ones) is set:
// one movmskps on x86 (SSE2 is part of x86-64), instead of shuffles and ors.
[[gnu::always_inline]] inline unsigned laneBits(Lanes m) {
#if defined(__SSE2__)
  return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps((__m128i)m)));
#else
  return (m[0] & 1u) | (m[1] & 2u) | (m[2] & 4u) | (m[3] & 8u);
#endif
}

// The diagonal rule of isEyeOf for every combination of the four diagonal colours (2
// bits each, Color values), one table per colour to play: on the edge (a border
// diagonal) no enemy diagonal, inside at most one. A lookup instead of counting.
inline constexpr auto EYE_DIAGONALS_OK = [] {
  std::array<std::array<bool, 256>, 2> table{};
  for (Color c : {Color::Black, Color::White}) {
    const unsigned opp = static_cast<unsigned>(opponent(c));
    for (unsigned index = 0; index < 256; ++index) {
      int enemies = 0;
      bool edge = false;
      for (int k = 0; k < 4; ++k) {
        const unsigned d = index >> (2 * k) & 3;
        enemies += d == opp;
        edge |= d == static_cast<unsigned>(Color::Border);
      }
      table[static_cast<int>(c) - 1][index] = enemies + edge <= 1;
    }
  }
  return table;
}();

}  // namespace detail

// The move filter's suicide and eye tests are inline: the light playout's sampling
// loop runs them for every point it draws (no call, and the board's arrays stay in
// registers across draws).
// Branch-free over the four neighbours: the colours are random in playouts, so branches
// on them mispredict. A neighbouring chain counts p among its pseudo-liberties once per
// stone of it next to p, and p has no empty neighbour, so p is the chain's only liberty
// exactly when its pseudo-liberty count equals the number of p's neighbours in the
// chain: a comparison of heads, no sums. Done on the four neighbours at once in 4-lane
// vectors (GCC/Clang vector extensions): lane i compares head i with the three others
// by rotating the head vector. Border neighbours (head 0, the sink: colour Empty in
// sizeColor) never count.
inline void Board::chainLanes(const ChainInfo* in, detail::Lanes h, detail::Lanes& libs,
                              detail::Lanes& sizeColor) {
  static_assert(sizeof(ChainInfo) == 8 && std::endian::native == std::endian::little);
  using V = detail::Lanes;
  using Q = uint64_t __attribute__((vector_size(16)));
  const Q a = {std::bit_cast<uint64_t>(in[h[0]]), std::bit_cast<uint64_t>(in[h[1]])};
  const Q b = {std::bit_cast<uint64_t>(in[h[2]]), std::bit_cast<uint64_t>(in[h[3]])};
  libs = __builtin_shufflevector((V)a, (V)b, 0, 2, 4, 6);
  sizeColor = __builtin_shufflevector((V)a, (V)b, 1, 3, 5, 7);
}

inline bool Board::keepsLiberty(Point p, Color c) const {
  using V = detail::Lanes;
  const Point s = static_cast<Point>(stride_);
  const Point* hd = head_.data();
  const V h = {hd[p - s], hd[p - 1], hd[p + 1], hd[p + s]};
  V libs, sizeColor;
  chainLanes(info_.data(), h, libs, sizeColor);
  const V colour = sizeColor & 3u;
  // (x == y) is all ones (-1) where equal: inChain = 1 + the number of other equal heads.
  const V inChain = V{1, 1, 1, 1} - (V)(h == __builtin_shufflevector(h, h, 1, 2, 3, 0)) -
                    (V)(h == __builtin_shufflevector(h, h, 2, 3, 0, 1)) -
                    (V)(h == __builtin_shufflevector(h, h, 3, 0, 1, 2));
  const V only = (V)(libs == inChain);
  // Safe lanes: an own chain with another liberty, or an opponent chain captured by the
  // move. colour ^ c is 0 for own, 3 for opponent and c (1 or 2) for border (p has no
  // empty neighbour); xor-ing 3 where the chain's only liberty is p leaves 0 exactly on the
  // safe lanes.
  const V u = (colour ^ static_cast<uint32_t>(c)) ^ (only & 3u);
  return detail::laneBits((V)(u == 0u)) != 0;
}

inline bool Board::eyeDiagonalsOk(Point p, Color c) const {
  const Point s = static_cast<Point>(stride_);
  const auto d = [&](Point q) { return static_cast<unsigned>(color_[q]); };
  const unsigned index = d(p - s - 1) | d(p - s + 1) << 2 | d(p + s - 1) << 4 | d(p + s + 1) << 6;
  return detail::EYE_DIAGONALS_OK[static_cast<int>(c) - 1][index];
}

// One pass over the four neighbours takes away p as a pseudo-liberty of every
// neighbouring chain (branch-free: non-stones have head 0, the sink). A chain loses one
// pseudo-liberty per adjacency to p, so an opponent chain reaches zero (and is
// captured) only at its last adjacency: each captured chain is marked once. The new
// stone then joins the chain of its first own neighbour (or stays alone) without a
// branch: the common cases, no own chain or one, need no merge. Then the captures, then
// the merges of further own chains (smaller into bigger), which are rarer. The order of
// captures and merges does not matter: a capture gives its points as liberties to
// whatever chain heads are current.
template <bool Record>
inline void Board::place(Point p, Color c) {
  if constexpr (Record) {
    frames_.push(Frame{hash_, p, ko_, c, koColor_, static_cast<uint32_t>(merges_.size()),
                       static_cast<uint32_t>(captured_.size()),
                       static_cast<uint32_t>(capturedStones_.size())});
  } else {
    if (!frames_.empty()) clearUndo();
  }
  Color* col = color_.data();
  Point* hd = head_.data();
  Point* nx = next_.data();
  ChainInfo* in = info_.data();
  const Point st = static_cast<Point>(stride_);
  const uint16_t counts = nbr_[p];
  const uint32_t libs = counts & 0xFu;
  col[p] = c;
  removeEmpty(p);
  hash_ ^= key(p, c);
  ++stones_[static_cast<int>(c) - 1];  // Black 0, White 1
  bumpNeighbours(p, static_cast<uint16_t>(stoneUnit(c) - nbrUnit(Color::Empty)));
  ko_ = NO_POINT;
  koColor_ = Color::Empty;
  hd[p] = p;
  nx[p] = p;
  in[p] = chainInfo(libs, 1, c);
  // No neighbouring stone and a liberty: nothing to join, merge or capture (a lone stone
  // without liberties happens on a 1x1 board).
  if ((counts & 0xFF0) == 0 && libs != 0) return;
  // The four neighbours as 4-lane vectors (lane i: nbs[i] = p - st, p - 1, p + 1, p + st;
  // GCC/Clang vector extensions, as in keepsLiberty): each neighbouring chain loses one
  // pseudo-liberty per adjacency to p, counted by comparing heads, so that all loads
  // come before the stores and a chain seen in two lanes gets the same value twice.
  // Lane i of `mine` marks an own neighbour, of `dead` an opponent chain whose last
  // pseudo-liberty p fills (every lane of that chain; settle captures it once).
  using V = detail::Lanes;
  const V h = {hd[p - st], hd[p - 1], hd[p + 1], hd[p + st]};
  const V adjacent = V{1, 1, 1, 1} - (V)(h == __builtin_shufflevector(h, h, 1, 2, 3, 0)) -
                     (V)(h == __builtin_shufflevector(h, h, 2, 3, 0, 1)) -
                     (V)(h == __builtin_shufflevector(h, h, 3, 0, 1, 2));
  V libsV, sizeColor;
  chainLanes(in, h, libsV, sizeColor);
  const V left = libsV - adjacent;
  in[h[0]].libs = left[0];
  in[h[1]].libs = left[1];
  in[h[2]].libs = left[2];
  in[h[3]].libs = left[3];
  const V colour = sizeColor & 3u;  // Empty (0) for non-stones
  const V ownV = (V)(colour == static_cast<uint32_t>(c));
  const V deadV = (V)(colour == static_cast<uint32_t>(stoneOpponent(c))) & (V)(left == 0);
  const unsigned mine = detail::laneBits(ownV), dead = detail::laneBits(deadV);
  // Join p to its first own neighbour's chain, or to itself (a no-op splice).
  const Point heads[5] = {h[0], h[1], h[2], h[3], p};
  const Point join = heads[std::countr_zero(mine | 16u)];
  // p's own record is zero stones of colour c, so that joining itself makes it one.
  in[p] = chainInfo(0, 0, c);
  in[join].libs += libs;
  in[join].sizeColor += STONE;
  hd[p] = join;
  std::swap(nx[join], nx[p]);
  // Nonzero when an own neighbour belongs to another chain than `join`.
  const unsigned others = detail::laneBits((V)(h != join) & ownV);
  // Captures, merges of further own chains and suicide are out of line: most moves
  // have none of them.
  if ((dead | others) != 0 || in[join].libs == 0) settle<Record>(p, c, mine, dead, join);
}

}  // namespace engine
