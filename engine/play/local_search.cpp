#include "engine/play/local_search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>

#include "engine/play/policy.hpp"

namespace engine {

struct LocalSearcher::Node {
  Point move = NO_POINT;
  Color mover = Color::Empty;  // who played `move` to reach this node
  bool expanded = false;
  uint32_t firstChild = 0;
  uint32_t numChildren = 0;
  uint32_t visits = 0;
  double wins = 0;  // for the mover: the sum of its results in [0, 1]
  uint32_t raveVisits = 0;
  double raveWins = 0;
  float priorVisits = 0;  // virtual visits and wins (captures and escapes, see expand)
  float priorWins = 0;
};

namespace {

constexpr double FIRST_VALUE = 1.1;   // first-play urgency of a child with no statistics
constexpr float TACTICAL_PRIOR = 30;  // virtual wins of a capture or an atari escape

// A point where c captures or saves one of its own chains in atari next to `last`, in
// the window (window[p] >= 0), or NO_POINT. The urgent replies a random playout
// otherwise misses half the time.
Point tacticalReply(Board& b, Point last, Color c, const std::vector<int32_t>& window) {
  if (last == PASS || last == NO_POINT || b.at(last) == Color::Empty) return NO_POINT;
  std::array<Point, 5> around{};
  const auto n = b.neighbours(last);
  std::copy(n.begin(), n.end(), around.begin());
  around[4] = last;
  for (Point q : around) {
    const Color owner = b.at(q);
    if (owner != Color::Black && owner != Color::White) continue;
    const Point lib = b.libertyIfAtari(q);
    if (lib == NO_POINT || window[lib] < 0 || !b.isLegal(lib, c)) continue;
    if (owner != c) return lib;                                             // capture
    if (b.isLegalNotEye(lib, c) && !isSelfAtari(b, lib, c, 1)) return lib;  // escape
  }
  return NO_POINT;
}

}  // namespace

LocalRegion windowAround(int cx, int cy, int window, int width, int height) {
  LocalRegion r;
  const int w = std::min(window, width), h = std::min(window, height);
  r.x0 = std::clamp(cx - (w - 1) / 2, 0, width - w);
  r.y0 = std::clamp(cy - (h - 1) / 2, 0, height - h);
  r.x1 = r.x0 + w - 1;
  r.y1 = r.y0 + h - 1;
  return r;
}

bool isLocalCandidate(Board& board, Point p, Color c) {
  return board.at(p) == Color::Empty && board.isLegalNotEye(p, c) && !isSelfAtari(board, p, c, 1);
}

int regionMargin(const Board& board, const LocalRegion& region) {
  int margin = 0;
  for (int y = region.y0; y <= region.y1; ++y) {
    for (int x = region.x0; x <= region.x1; ++x) {
      const Point p = board.point(x, y);
      const Color c = board.at(p);
      if (c == Color::Black) {
        ++margin;
      } else if (c == Color::White) {
        --margin;
      } else {
        const bool b = board.neighbourCount(p, Color::Black) != 0;
        const bool w = board.neighbourCount(p, Color::White) != 0;
        margin += b == w ? 0 : b ? 1 : -1;
      }
    }
  }
  return margin;
}

LocalSearcher::LocalSearcher(LocalSearchParams params) : params_(params), rng_(params.seed) {}
LocalSearcher::~LocalSearcher() = default;

void LocalSearcher::reset() {
  board_.reset();
  synced_ = 0;
}

void LocalSearcher::sync(const Game& game) {
  const Board& gb = game.board();
  const auto& moves = game.moves();
  bool ok = board_ && board_->width() == gb.width() && board_->height() == gb.height() &&
            moves.size() >= synced_;
  for (size_t i = synced_; ok && i < moves.size(); ++i) {
    const Move m = moves[i];
    if (m.point == PASS) {
      board_->passNoUndo(m.color);
    } else if (board_->isLegal(m.point, m.color)) {
      board_->playNoUndo(m.point, m.color);
    } else {
      ok = false;
    }
  }
  if (!ok || board_->hash() != gb.hash() || board_->koPoint() != gb.koPoint()) {
    board_ = std::make_unique<Board>(gb);
    board_->clearUndo();
    local_.assign(board_->arraySize(), -1);
    ++rebuilds_;
  }
  synced_ = moves.size();
}

bool LocalSearcher::realCandidate(const Game& game, Point p, Color c) {
  if (!isLocalCandidate(*board_, p, c)) return false;
  return game.rules().ko != KoRule::Positional || !game.seen(board_->hashAfter(p, c));
}

bool LocalSearcher::tryFocus(const Game& game, Point p, Color c, LocalRegion& region) {
  const Board& b = *board_;
  region = windowAround(b.x(p), b.y(p), params_.window, b.width(), b.height());
  roots_.clear();
  for (int y = region.y0; y <= region.y1; ++y) {
    for (int x = region.x0; x <= region.x1; ++x) {
      const Point q = b.point(x, y);
      if (realCandidate(game, q, c)) roots_.push_back(q);
    }
  }
  return !roots_.empty();
}

Point LocalSearcher::scanForCandidate(const Game& game, Color c) {
  const Board& b = *board_;
  const uint64_t total = static_cast<uint64_t>(b.width()) * static_cast<uint64_t>(b.height());
  for (uint64_t k = 0; k < total; ++k) {
    const uint64_t i = (cursor_ + k) % total;
    const Point p = b.point(static_cast<int>(i % static_cast<uint64_t>(b.width())),
                            static_cast<int>(i / static_cast<uint64_t>(b.width())));
    if (b.at(p) == Color::Empty && realCandidate(game, p, c)) {
      cursor_ = i;
      return p;
    }
  }
  return NO_POINT;
}

LocalSearchResult LocalSearcher::choose(const Game& game) {
  sync(game);
  LocalSearchResult out;
  const Color c = game.toMove();
  const auto& moves = game.moves();
  std::vector<Point> foci;
  // The opponent's last move first, then the mover's own, when they are stones.
  for (size_t back = 1; back <= 2 && back <= moves.size(); ++back) {
    const Point p = moves[moves.size() - back].point;
    if (p != PASS) foci.push_back(p);
  }
  LocalRegion region;
  bool found = false;
  for (Point f : foci) {
    if (tryFocus(game, f, c, region)) {
      out.focus = f;
      found = true;
      break;
    }
  }
  if (!found) {
    const Point p = scanForCandidate(game, c);
    if (p == NO_POINT) return out;  // PASS: no candidate anywhere
    found = tryFocus(game, p, c, region);
    out.focus = p;
  }
  if (!found) return out;  // cannot happen: the scan's point is a candidate of its window
  search(game, region, out);
  return out;
}

void LocalSearcher::search(const Game& game, const LocalRegion& region, LocalSearchResult& out) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  Board& b = *board_;
  region_ = region;
  regionPoints_.clear();
  for (int y = region.y0; y <= region.y1; ++y) {
    for (int x = region.x0; x <= region.x1; ++x) {
      const Point p = b.point(x, y);
      local_[p] = static_cast<int32_t>(regionPoints_.size());
      regionPoints_.push_back(p);
    }
  }
  firstPlayer_.assign(regionPoints_.size(), Color::Empty);
  const Color c = game.toMove();
  lastMove_ = game.moves().empty() ? NO_POINT : game.moves().back().point;
  nodes_.clear();
  nodes_.push_back(Node{NO_POINT, opponent(c)});
  // The root's children are the real candidates (superko checked).
  nodes_[0].firstChild = 1;
  nodes_[0].numChildren = static_cast<uint32_t>(roots_.size());
  nodes_[0].expanded = true;
  for (Point p : roots_) nodes_.push_back(Node{p, c});
  addTacticalPriors(0, c);

  double parSum = 0;
  const int parRuns = std::max(1, params_.parPlayouts);
  for (int i = 0; i < parRuns; ++i) {
    simulate(c, false);
    parSum += regionMargin(b, region_);  // simulate leaves the final position for us
    while (b.undoDepth() > 0) b.undo();
  }
  par_ = parSum / parRuns;
  int runs = parRuns;
  const double scale = std::max(1.0, std::sqrt(static_cast<double>(regionPoints_.size())) / 2);
  const int target = std::max(1, params_.playouts);
  for (int i = 0; i < target; ++i) {
    if (params_.seconds > 0 &&
        std::chrono::duration<double>(Clock::now() - start).count() >= params_.seconds) {
      break;
    }
    simulate(c, true);
    const int m = regionMargin(b, region_);
    while (b.undoDepth() > 0) b.undo();
    // Black's result: a logistic of the margin's distance from the par, on the scale of
    // the window's side (a capture of a few stones moves it; a win/loss bit would need
    // many more playouts to show a few points' gain in a window of noisy playouts).
    backUp(1 / (1 + std::exp(-(m - par_) / scale)));
    // The par follows the mean of every simulation so far: a few random playouts alone
    // set it too noisily (the search then finds every move below or above it).
    parSum += m;
    ++runs;
    par_ = parSum / runs;
  }
  for (Point p : regionPoints_) local_[p] = -1;

  // The most visited root child (ties: the better win rate, then the first).
  const Node& root = nodes_[0];
  uint32_t best = root.firstChild;
  for (uint32_t i = root.firstChild; i < root.firstChild + root.numChildren; ++i) {
    const Node& a = nodes_[i];
    const Node& bb = nodes_[best];
    const double wa = a.visits ? a.wins / a.visits : 0, wb = bb.visits ? bb.wins / bb.visits : 0;
    if (a.visits > bb.visits || (a.visits == bb.visits && wa > wb)) best = i;
  }
  out.move = nodes_[best].move;
  out.region = region;
  out.candidates = static_cast<int>(roots_.size());
  out.playouts = runs;
  out.winrate = nodes_[best].visits ? nodes_[best].wins / nodes_[best].visits : 0;
  out.par = par_;
}

void LocalSearcher::expand(uint32_t node, Color c) {
  Board& b = *board_;
  const uint32_t first = static_cast<uint32_t>(nodes_.size());
  for (Point p : regionPoints_) {
    if (isLocalCandidate(b, p, c)) nodes_.push_back(Node{p, c});
  }
  nodes_[node].firstChild = first;
  nodes_[node].numChildren = static_cast<uint32_t>(nodes_.size()) - first;
  nodes_[node].expanded = true;
  addTacticalPriors(node, c);
}

void LocalSearcher::addTacticalPriors(uint32_t node, Color c) {
  // The window's chains in atari (each once, by its head): c captures the opponent's
  // and saves its own (when the saving move is not itself a self-atari).
  Board& b = *board_;
  urgent_.clear();
  for (Point q : regionPoints_) {
    const Color owner = b.at(q);
    if ((owner != Color::Black && owner != Color::White) || b.chainHead(q) != q) continue;
    const Point lib = b.libertyIfAtari(q);
    if (lib == NO_POINT || local_[lib] < 0) continue;
    if (owner != c || (b.isLegalNotEye(lib, c) && !isSelfAtari(b, lib, c, 1))) {
      urgent_.push_back(lib);
    }
  }
  if (urgent_.empty()) return;
  const Node& parent = nodes_[node];
  for (uint32_t i = parent.firstChild; i < parent.firstChild + parent.numChildren; ++i) {
    if (std::find(urgent_.begin(), urgent_.end(), nodes_[i].move) == urgent_.end()) continue;
    nodes_[i].priorVisits = TACTICAL_PRIOR;
    nodes_[i].priorWins = TACTICAL_PRIOR;
  }
}

uint32_t LocalSearcher::select(uint32_t node) {
  const Node& parent = nodes_[node];
  const double logN = std::log(parent.visits + 1.0);
  double best = -1e9;
  uint32_t bestChild = parent.firstChild;
  for (uint32_t i = parent.firstChild; i < parent.firstChild + parent.numChildren; ++i) {
    const Node& ch = nodes_[i];
    double v;
    if (ch.visits == 0 && ch.raveVisits == 0 && ch.priorVisits == 0) {
      v = FIRST_VALUE;
    } else {
      const double n = ch.visits + ch.priorVisits, rn = ch.raveVisits + ch.priorVisits;
      const double q = n > 0 ? (ch.wins + ch.priorWins) / n : 0;
      const double r = rn > 0 ? (ch.raveWins + ch.priorWins) / rn : q;
      const double beta = rn > 0 ? rn / (rn + n + rn * n / params_.raveEquiv) : 0;
      v = (1 - beta) * q + beta * r + params_.explore * std::sqrt(logN / (n + 1));
    }
    v += 1e-7 * rng_.below(1024);  // random tie-break
    if (v > best) {
      best = v;
      bestChild = i;
    }
  }
  return bestChild;
}

void LocalSearcher::refillEmpties() {
  empties_.clear();
  for (Point p : regionPoints_) {
    if (board_->at(p) == Color::Empty) empties_.push_back(p);
  }
  liveEmpties_ = empties_.size();
}

// A random candidate of c among the window's empty points, or PASS. Points found
// occupied leave the list for good; points that are no candidate for c now are set
// aside for this call only.
Point LocalSearcher::playoutMove(Color c, Point last) {
  Board& b = *board_;
  if (const Point t = tacticalReply(b, last, c, local_); t != NO_POINT) return t;
  size_t n = liveEmpties_;
  while (n > 0) {
    const size_t i = rng_.below(static_cast<uint32_t>(n));
    const Point p = empties_[i];
    if (b.at(p) != Color::Empty) {
      std::swap(empties_[i], empties_[n - 1]);
      std::swap(empties_[n - 1], empties_[liveEmpties_ - 1]);
      --liveEmpties_;
      --n;
      continue;
    }
    if (b.isLegalNotEye(p, c) && !isSelfAtari(b, p, c, 2)) return p;
    std::swap(empties_[i], empties_[n - 1]);
    --n;
  }
  return PASS;
}

// One simulation from the root: down the tree (when treeWalk), then a random playout
// inside the window until both sides pass. Leaves the final position on the board (the
// caller scores it and undoes every move).
void LocalSearcher::simulate(Color toMove, bool treeWalk) {
  Board& b = *board_;
  std::fill(firstPlayer_.begin(), firstPlayer_.end(), Color::Empty);
  path_.assign(1, 0);
  Color c = toMove;
  Point last = lastMove_;
  if (treeWalk) {
    uint32_t node = 0;
    for (;;) {
      if (!nodes_[node].expanded) {
        if (nodes_[node].visits + 1 < static_cast<uint32_t>(params_.expandAfter)) break;
        expand(node, c);
      }
      if (nodes_[node].numChildren == 0) break;
      node = select(node);
      const Point p = nodes_[node].move;
      b.play(p, c);
      const int32_t l = local_[p];
      if (firstPlayer_[l] == Color::Empty) firstPlayer_[l] = c;
      path_.push_back(node);
      last = p;
      c = opponent(c);
    }
  }
  refillEmpties();
  const size_t cap = 3 * regionPoints_.size() + 20;
  int passes = 0;
  for (size_t moves = 0; passes < 2 && moves < cap; ++moves) {
    const Point p = playoutMove(c, last);
    last = p;
    if (p == PASS) {
      b.pass(c);
      ++passes;
    } else {
      const size_t emptyBefore = b.emptyPoints().size();
      b.play(p, c);
      const int32_t l = local_[p];
      if (firstPlayer_[l] == Color::Empty) firstPlayer_[l] = c;
      if (b.emptyPoints().size() >= emptyBefore) refillEmpties();  // a capture
      passes = 0;
    }
    c = opponent(c);
  }
}

void LocalSearcher::backUp(double blackScore) {
  for (uint32_t n : path_) {
    Node& node = nodes_[n];
    ++node.visits;
    node.wins += node.mover == Color::Black ? blackScore : 1 - blackScore;
    if (!node.expanded) continue;
    for (uint32_t i = node.firstChild; i < node.firstChild + node.numChildren; ++i) {
      Node& ch = nodes_[i];
      if (firstPlayer_[local_[ch.move]] != ch.mover) continue;
      ++ch.raveVisits;
      ch.raveWins += ch.mover == Color::Black ? blackScore : 1 - blackScore;
    }
  }
}

}  // namespace engine
