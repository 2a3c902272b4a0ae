#include "engine/play/policy.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace engine {

namespace {

// ---- 3x3 patterns -------------------------------------------------------------------

// The MoGo playout patterns (Gelly et al. 2006, figure 2; the same set as michi and
// Pachi use), centre = the move. X and O are the two colours (both assignments are
// tried), x is "not X" (empty or O), o is "not O", '.' empty, '?' anything, ' ' the
// edge of the board.
constexpr std::array<const char*, 13> PATTERNS = {
    "XOX...???",  // hane: enclosing hane
    "XO....?.?",  // hane: non-cutting hane
    "XO?X..x.?",  // hane: magari
    ".O.X.....",  // katatsuke / diagonal attachment
    "XO?O.o?o?",  // cut 1: unprotected cut
    "XO?O.X???",  // cut 1: peeping cut
    "?X?O.Oooo",  // cut 2
    "OX?o.O???",  // cut keima
    "X.?O.?   ",  // side: chase
    "OX?X.O   ",  // side: block side cut
    "?X?x.O   ",  // side: block side connection
    "?XOx.x   ",  // side: sagari
    "?OXX.O   ",  // side: cut
};

constexpr int E = 0, B = 1, W = 2, EDGE = 3;  // codes of Color values

// Allowed codes (bit set over E, B, W, EDGE) of a pattern character when X is xColor.
int allowed(char ch, int xColor) {
  const int o = xColor == B ? W : B;
  switch (ch) {
    case '.':
      return 1 << E;
    case 'X':
      return 1 << xColor;
    case 'O':
      return 1 << o;
    case 'x':
      return 1 << E | 1 << o;
    case 'o':
      return 1 << E | 1 << xColor;
    case ' ':
      return 1 << EDGE;
    default:
      return 0xF;  // '?'
  }
}

// Cells of the 3x3 grid in key order (row-major, centre skipped).
constexpr std::array<int, 8> CELLS = {0, 1, 2, 3, 5, 6, 7, 8};

// Cell index of grid cell (r, c) under symmetry s (4 rotations x optional mirror).
int transform(int cell, int s) {
  int r = cell / 3 - 1, c = cell % 3 - 1;
  if (s & 4) c = -c;
  for (int k = 0; k < (s & 3); ++k) {
    const int t = r;
    r = c;
    c = -t;
  }
  return (r + 1) * 3 + (c + 1);
}

// Marks every key matching one pattern variant (sets of allowed codes per key cell).
void markAll(std::vector<bool>& table, const std::array<int, 8>& sets, int i, int key) {
  if (i == 8) {
    table[key] = true;
    return;
  }
  for (int code = 0; code < 4; ++code) {
    if (sets[i] >> code & 1) markAll(table, sets, i + 1, key | code << (2 * i));
  }
}

std::vector<bool> buildPatternTable() {
  std::vector<bool> table(1 << 16, false);
  for (const char* pat : PATTERNS) {
    for (int s = 0; s < 8; ++s) {
      for (int xColor : {B, W}) {
        std::array<int, 8> sets{};
        for (int i = 0; i < 8; ++i) {
          // The key cell CELLS[i] shows the pattern cell that the symmetry maps onto it.
          sets[i] = allowed(pat[transform(CELLS[i], s)], xColor);
        }
        markAll(table, sets, 0, 0);
      }
    }
  }
  return table;
}

const std::vector<bool>& patternTable() {
  static const std::vector<bool> table = buildPatternTable();
  return table;
}

int patternKey(const Board& b, Point p) {
  const Point s = static_cast<Point>(b.stride());
  const Point cells[8] = {p - s - 1, p - s, p - s + 1, p - 1, p + 1, p + s - 1, p + s, p + s + 1};
  int key = 0;
  for (int i = 0; i < 8; ++i) key |= static_cast<int>(b.at(cells[i])) << (2 * i);
  return key;
}

// The 8 neighbours (orthogonal and diagonal) of p; some may be border cells.
std::array<Point, 8> around(const Board& b, Point p) {
  const Point s = static_cast<Point>(b.stride());
  return {p - s, p - 1, p + 1, p + s, p - s - 1, p - s + 1, p + s - 1, p + s + 1};
}

}  // namespace

// ---- Tactics ------------------------------------------------------------------------

bool matchesPattern3x3(const Board& board, Point p) {
  return patternTable()[static_cast<size_t>(patternKey(board, p))];
}

int captureCount(const Board& board, Point p, Color c) {
  const Color o = opponent(c);
  int count = 0;
  Point heads[4];
  int nHeads = 0;
  for (Point n : board.neighbours(p)) {
    if (board.at(n) != o || !board.onlyLiberty(n, p)) continue;
    const Point h = board.chainHead(n);
    if (std::find(heads, heads + nHeads, h) != heads + nHeads) continue;
    heads[nHeads++] = h;
    count += board.chainSize(n);
  }
  return count;
}

bool isSelfAtari(Board& board, Point p, Color c, int minStones) {
  if (board.neighbourCount(p, Color::Empty) >= 2) return false;
  // Friendly neighbours add stones; a lone stone with fewer than minStones is allowed.
  int stones = 1;
  for (Point n : board.neighbours(p)) {
    if (board.at(n) == c) stones += board.chainSize(n);
  }
  if (stones < minStones || captureCount(board, p, c) > 0) return false;
  board.play(p, c);
  const bool atari = board.at(p) == c && board.inAtari(p) && board.chainSize(p) >= minStones;
  board.undo();
  return atari;
}

void atariEscapes(Board& board, Point stone, Color c, std::vector<Point>& out) {
  const Color o = opponent(c);
  const Point lib = board.atariLiberty(stone);
  // Captures of attackers in atari: walk the chain's stones (bounded for huge chains).
  Point s = stone;
  int walked = 0;
  do {
    for (Point n : board.neighbours(s)) {
      if (board.at(n) != o) continue;
      const Point l = board.libertyIfAtari(n);
      if (l != NO_POINT && board.isLegal(l, c)) out.push_back(l);
    }
    s = board.nextInChain(s);
  } while (s != stone && ++walked < 64);
  if (board.isLegal(lib, c)) {
    board.play(lib, c);
    const bool ok = board.at(lib) == c && board.liberties(lib) >= 2;
    board.undo();
    if (ok) out.push_back(lib);
  }
}

namespace {

// Up to max + 1 distinct liberties of the chain at `stone`, into libs (cleared first).
void chainLiberties(const Board& board, Point stone, size_t max, std::vector<Point>& libs) {
  libs.clear();
  Point s = stone;
  do {
    for (Point n : board.neighbours(s)) {
      if (board.at(n) == Color::Empty && std::find(libs.begin(), libs.end(), n) == libs.end()) {
        libs.push_back(n);
        if (libs.size() > max) return;
      }
    }
    s = board.nextInChain(s);
  } while (s != stone);
}

}  // namespace

void mustConsiderMoves(Board& board, Color c, std::vector<Point>& out) {
  const size_t start = out.size();
  std::vector<Point> libs, found;
  std::vector<uint8_t> seenChain(board.arraySize(), 0);
  for (int y = 0; y < board.height(); ++y) {
    for (int x = 0; x < board.width(); ++x) {
      const Point p = board.point(x, y);
      const Color owner = board.at(p);
      if (owner == Color::Empty || seenChain[board.chainHead(p)]) continue;
      seenChain[board.chainHead(p)] = 1;
      chainLiberties(board, p, 2, libs);
      if (libs.size() == 1 && owner == c) {
        atariEscapes(board, p, c, found);
      } else if (libs.size() <= 2) {
        found.insert(found.end(), libs.begin(), libs.end());
      }
    }
  }
  for (Point m : found) {
    if (!board.isLegal(m, c) ||
        std::find(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(), m) != out.end()) {
      continue;
    }
    out.push_back(m);
  }
}

// ---- Playout policy -----------------------------------------------------------------

PlayoutPolicy::PlayoutPolicy(uint64_t seed, PolicyParams params) : params_(params), rng_(seed) {
  patternTable();  // build before any timing
}

Point PlayoutPolicy::pickCandidate(Board& board, Color c) {
  while (!candidates_.empty()) {
    const uint32_t i = rng_.below(static_cast<uint32_t>(candidates_.size()));
    const Point p = candidates_[i];
    if (board.isLegal(p, c) && !isSelfAtari(board, p, c, params_.selfAtariMinStones)) return p;
    candidates_[i] = candidates_.back();
    candidates_.pop_back();
  }
  return NO_POINT;
}

Point PlayoutPolicy::tactical(Board& board, Color c, Point last) {
  const Color o = opponent(c);
  // 1. Atari defence of c's chains next to the last move.
  if (rng_.uniform() < params_.atariProb) {
    candidates_.clear();
    for (Point n : board.neighbours(last)) {
      if (board.at(n) == c && board.inAtari(n)) atariEscapes(board, n, c, candidates_);
    }
    const Point p = pickCandidate(board, c);
    if (p != NO_POINT) return p;
  }
  // 2. Captures of opponent chains in atari around the last move (its own chain too).
  if (rng_.uniform() < params_.captureProb) {
    candidates_.clear();
    if (board.at(last) == o) {
      if (const Point l = board.libertyIfAtari(last); l != NO_POINT) candidates_.push_back(l);
    }
    for (Point n : around(board, last)) {
      if (board.at(n) != o) continue;
      if (const Point l = board.libertyIfAtari(n); l != NO_POINT) candidates_.push_back(l);
    }
    const Point p = pickCandidate(board, c);
    if (p != NO_POINT) return p;
  }
  // 3. MoGo 3x3 patterns on the empty neighbours of the last move.
  if (rng_.uniform() < params_.patternProb) {
    candidates_.clear();
    for (Point n : around(board, last)) {
      if (board.at(n) == Color::Empty && matchesPattern3x3(board, n)) candidates_.push_back(n);
    }
    const Point p = pickCandidate(board, c);
    if (p != NO_POINT) return p;
  }
  return NO_POINT;
}

Point PlayoutPolicy::randomMove(Board& board, Color c) {
  // The trial plays of isSelfAtari reorder the empty list, so it is re-read each time.
  const uint32_t n = static_cast<uint32_t>(board.emptyPoints().size());
  if (n == 0) return PASS;
  const int minStones = params_.heavy ? params_.selfAtariMinStones : 1 << 30;
  auto ok = [&](Point p) {
    return !board.isEyeOf(p, c) && board.isLegal(p, c) && !isSelfAtari(board, p, c, minStones);
  };
  for (int t = 0; t < 8; ++t) {
    const Point p = board.emptyPoints()[rng_.below(n)];
    if (ok(p)) return p;
  }
  scratch_.assign(board.emptyPoints().begin(), board.emptyPoints().end());
  size_t kept = 0;
  for (Point p : scratch_) {
    if (ok(p)) scratch_[kept++] = p;
  }
  if (kept == 0) return PASS;
  return scratch_[rng_.below(static_cast<uint32_t>(kept))];
}

Point PlayoutPolicy::choose(Board& board, Color c, Point last) {
  if (params_.heavy && last != PASS && last != NO_POINT && board.at(last) == opponent(c)) {
    const Point p = tactical(board, c, last);
    if (p != NO_POINT) return p;
  }
  return randomMove(board, c);
}

// ---- Tree priors --------------------------------------------------------------------

namespace {

// Prior weights in virtual visits (the values michi uses).
constexpr float PRIOR_EVEN = 10;       // every move: 10 visits at 50%
constexpr float PRIOR_SELFATARI = 10;  // losses
constexpr float PRIOR_CAPTURE_ONE = 15;
constexpr float PRIOR_CAPTURE_MANY = 30;
constexpr float PRIOR_ESCAPE = 15;
constexpr float PRIOR_PAT3 = 10;
constexpr float PRIOR_NEAR[3] = {24, 22, 8};  // distance 1, 2, 3 from the last move
constexpr float PRIOR_EMPTYAREA = 10;         // line 1-2 losses, line 3 wins
constexpr float PRIOR_PASS = 10;              // pass: losses

// Distance from p to the nearest edge, 0 on the first line.
int line(const Board& b, Point p) {
  const int x = b.x(p), y = b.y(p);
  return std::min(std::min(x, b.width() - 1 - x), std::min(y, b.height() - 1 - y));
}

// True when no stone lies within Manhattan distance d of p.
bool emptyArea(const Board& b, Point p, int d) {
  const int px = b.x(p), py = b.y(p);
  for (int dy = -d; dy <= d; ++dy) {
    const int rest = d - std::abs(dy);
    for (int dx = -rest; dx <= rest; ++dx) {
      if (b.onBoard(px + dx, py + dy) && isStone(b.at(px + dx, py + dy))) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<Prior> computePriors(Board& board, Color c, Point last, const std::vector<Point>& moves,
                                 bool nearLast) {
  std::vector<Prior> priors(moves.size(), Prior{PRIOR_EVEN, PRIOR_EVEN / 2});
  // Escapes of c's chains in atari anywhere near the last move.
  std::vector<Point> escapes;
  const bool haveLast = last != PASS && last != NO_POINT && board.at(last) == opponent(c);
  if (haveLast) {
    for (Point n : board.neighbours(last)) {
      if (board.at(n) == c && board.inAtari(n)) atariEscapes(board, n, c, escapes);
    }
  }
  for (size_t i = 0; i < moves.size(); ++i) {
    const Point p = moves[i];
    Prior& pr = priors[i];
    if (p == PASS) {
      pr.visits += PRIOR_PASS;
      continue;
    }
    const int captured = captureCount(board, p, c);
    if (captured > 0) {
      const float w = captured > 1 ? PRIOR_CAPTURE_MANY : PRIOR_CAPTURE_ONE;
      pr.visits += w;
      pr.wins += w;
    }
    if (std::find(escapes.begin(), escapes.end(), p) != escapes.end()) {
      pr.visits += PRIOR_ESCAPE;
      pr.wins += PRIOR_ESCAPE;
    }
    if (matchesPattern3x3(board, p)) {
      pr.visits += PRIOR_PAT3;
      pr.wins += PRIOR_PAT3;
    }
    if (isSelfAtari(board, p, c, 1)) pr.visits += PRIOR_SELFATARI;
    if (haveLast && nearLast) {
      const int d = std::abs(board.x(p) - board.x(last)) + std::abs(board.y(p) - board.y(last));
      if (d >= 1 && d <= 3) {
        pr.visits += PRIOR_NEAR[d - 1];
        pr.wins += PRIOR_NEAR[d - 1];
      }
    }
    const int l = line(board, p);
    if (l <= 2 && emptyArea(board, p, 3)) {
      pr.visits += PRIOR_EMPTYAREA;
      if (l == 2) pr.wins += PRIOR_EMPTYAREA;
    }
  }
  return priors;
}

}  // namespace engine
