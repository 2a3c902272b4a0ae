#include "engine/play/mcts.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/board/random_player.hpp"
#include "engine/board/score.hpp"
#include "engine/prior/incremental.hpp"
#include "engine/prior/model.hpp"

namespace engine {

namespace {

using Clock = std::chrono::steady_clock;

struct Node {
  Point move = NO_POINT;
  Color mover = Color::Empty;  // who played `move` to reach this node
  uint32_t firstChild = 0;
  uint32_t numChildren = 0;
  bool expanded = false;
  bool hinted = false;  // the tree hints (MctsParams::treeHintVisits) were applied
  uint32_t visits = 0;
  double wins = 0;  // for the mover
  uint32_t raveVisits = 0;
  double raveWins = 0;
  float priorVisits = 0;  // virtual visits and wins from nodePriors
  float priorWins = 0;
  float prob = 0;  // the learned model's probability of `move` (PUCT term)
};

constexpr double PASS_FIRST_VALUE = 0.3;  // first-play value of an unvisited pass
constexpr double FIRST_VALUE = 1.1;       // first-play value of a move with no statistics

// Black's area margin minus komi at the end of a playout, adding each point's owner
// (+1 Black, -1 White) to own. Single-point regions are read from the neighbour counts;
// a board with larger empty regions (a playout cut short) is flood-filled.
double finalMargin(const Board& b, double komi, std::vector<float>& own) {
  for (Point p : b.emptyPoints()) {
    if (b.neighbourCount(p, Color::Empty) != 0) {
      const Score s = areaScore(b, komi);
      for (size_t i = 0; i < s.owner.size(); ++i) {
        own[i] += s.owner[i] == Color::Black ? 1.f : s.owner[i] == Color::White ? -1.f : 0.f;
      }
      return s.margin();
    }
  }
  double margin = -komi;
  size_t i = 0;
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x, ++i) {
      const Point p = b.point(x, y);
      Color c = b.at(p);
      if (c == Color::Empty) {
        const bool bl = b.neighbourCount(p, Color::Black) != 0;
        const bool wh = b.neighbourCount(p, Color::White) != 0;
        c = bl == wh ? Color::Empty : bl ? Color::Black : Color::White;
      }
      const float v = c == Color::Black ? 1.f : c == Color::White ? -1.f : 0.f;
      own[i] += v;
      margin += v;
    }
  }
  return margin;
}

// One thread's search: its own tree, scratch board, random numbers and statistics.
class Worker {
 public:
  // Starts from `tree` (a subtree kept from an earlier search, root first) when it is
  // not empty, else from a bare root.
  Worker(const Game& game, const MctsParams& params, const prior::Model* model, uint64_t seed,
         std::vector<Node> tree)
      : game_(game),
        params_(params),
        policy_(seed, params.policy),
        root_(game.board()),
        scratch_(root_),
        nodes_(std::move(tree)) {
    root_.clearUndo();
    nodes_.reserve(std::max<size_t>(nodes_.size() * 2, 1 << 16));
    if (nodes_.empty()) nodes_.push_back(Node{NO_POINT, opponent(game.toMove())});
    firstPlayer_.assign(root_.arraySize(), Color::Empty);
    ownership_.assign(static_cast<size_t>(root_.width()) * root_.height(), 0);
    const int points = root_.width() * root_.height();
    maxPlayoutMoves_ = playoutCap(params, points);
    innerWidth_ = innerWidthFor(params, points);
    if (!params.rootMoves.empty()) {
      rootAllowed_.assign(root_.arraySize(), 0);
      for (Point p : params.rootMoves) {
        if (p < root_.arraySize()) rootAllowed_[p] = 1;
      }
    }
    const auto& moves = game.moves();
    rootLast_ = moves.empty() ? NO_POINT : moves.back().point;
    rootBeforeLast_ = moves.size() < 2 ? NO_POINT : moves[moves.size() - 2].point;
    if (model && params.priors) scorer_ = std::make_unique<prior::IncrementalScorer>(*model);
    if (nodes_[0].expanded) refreshRootPriors();
    if (params.treeHintVisits > 0 && params.treeCandidates)
      treeCandidates_ = params.treeCandidates();
  }

  // One simulation: descend, expand, play out, back up.
  void simulate() {
    scratch_ = root_;
    std::fill(firstPlayer_.begin(), firstPlayer_.end(), Color::Empty);
    path_.assign(1, 0);
    pathHashes_.clear();
    Color c = game_.toMove();
    int passes = game_.consecutivePasses();
    Point last = rootLast_, beforeLast = rootBeforeLast_;
    uint32_t node = 0;
    while (passes < game_.rules().passesToEnd) {
      if (!nodes_[node].expanded) {
        if (nodes_[node].visits + 1 < static_cast<uint32_t>(params_.expandAfter) && node != 0)
          break;
        expand(node, c, last, beforeLast);
      }
      if (treeCandidates_ && node != 0 && !nodes_[node].hinted &&
          nodes_[node].visits + 1 >= static_cast<uint32_t>(params_.treeHintVisits)) {
        addTreeHints(node, c, last, beforeLast);
      }
      node = select(node);
      beforeLast = last;
      last = nodes_[node].move;
      playMove(last, c, passes);
      path_.push_back(node);
      c = opponent(c);
    }
    if (passes < game_.rules().passesToEnd) runPlayout(c, passes, last);
    const bool blackWins = finalMargin(scratch_, game_.rules().komi, ownership_) > 0;
    backUp(blackWins);
    ++simulations_;
  }

  // Held by the worker around each simulation and by the progress reporter while it
  // reads this worker's tree.
  std::mutex& mutex() { return mutex_; }
  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<float>& ownership() const { return ownership_; }
  int simulations() const { return simulations_; }
  // Per node given tree hints: the candidates found, and those that were its children.
  const std::vector<int>& treeHintCandidates() const { return treeHintCandidates_; }
  const std::vector<int>& treeHintChildren() const { return treeHintChildren_; }
  // Hands the tree over (for MctsTrees); the worker is not used afterwards.
  std::vector<Node> takeTree() { return std::move(nodes_); }

 private:
  void playMove(Point p, Color c, int& passes) {
    if (p == PASS) {
      scratch_.pass(c);
      ++passes;
      return;
    }
    scratch_.play(p, c);
    pathHashes_.push_back(scratch_.hash());
    if (firstPlayer_[p] == Color::Empty) firstPlayer_[p] = c;
    passes = 0;
  }

  bool superkoOk(Point p, Color c) const {
    if (game_.rules().ko != KoRule::Positional) return true;
    const uint64_t h = scratch_.hashAfter(p, c);
    return !game_.seen(h) &&
           std::find(pathHashes_.begin(), pathHashes_.end(), h) == pathHashes_.end();
  }

  void expand(uint32_t node, Color c, Point last, Point beforeLast) {
    moves_.clear();
    const bool narrowRoot = node == 0 && !rootAllowed_.empty();
    for (Point p : scratch_.emptyPoints()) {
      if (narrowRoot && !rootAllowed_[p]) continue;
      if (!scratch_.isLegal(p, c) || scratch_.isEyeOf(p, c) || !superkoOk(p, c)) continue;
      moves_.push_back(p);
    }
    moves_.push_back(PASS);
    const uint32_t first = static_cast<uint32_t>(nodes_.size());
    if (params_.priors) {
      nodePriors(scratch_, c, last, beforeLast, moves_, node != 0 || params_.rootNearPrior, params_,
                 scorer_.get(), priors_, probs_);
    }
    if (node != 0 && innerWidth_ > 0) keepWidest();
    for (size_t i = 0; i < moves_.size(); ++i) {
      Node n{moves_[i], c};
      if (params_.priors) {
        n.priorVisits = priors_[i].visits;
        n.priorWins = priors_[i].wins;
        if (!probs_.empty()) n.prob = probs_[i];
      }
      if (node == 0) addHint(n);
      nodes_.push_back(n);
    }
    nodes_[node].firstChild = first;
    nodes_[node].numChildren = static_cast<uint32_t>(nodes_.size()) - first;
    nodes_[node].expanded = true;
  }

  // Keeps the innerWidth_ candidates of moves_ (PASS, the last, always stays) with the
  // most prior wins above an even game, in board order; priors_ and probs_ follow.
  void keepWidest() {
    const size_t n = moves_.size() - 1;  // without PASS
    if (n <= static_cast<size_t>(innerWidth_)) return;
    order_.resize(n);
    for (size_t i = 0; i < n; ++i) order_[i] = static_cast<uint32_t>(i);
    auto gain = [this](uint32_t i) {
      return params_.priors ? priors_[i].wins - 0.5f * priors_[i].visits : 0.f;
    };
    std::nth_element(
        order_.begin(), order_.begin() + innerWidth_, order_.end(),
        [&](uint32_t a, uint32_t b) { return gain(a) > gain(b) || (gain(a) == gain(b) && a < b); });
    order_.resize(static_cast<size_t>(innerWidth_));
    std::sort(order_.begin(), order_.end());
    order_.push_back(static_cast<uint32_t>(n));  // PASS
    for (size_t k = 0; k < order_.size(); ++k) {
      moves_[k] = moves_[order_[k]];
      if (params_.priors) priors_[k] = priors_[order_[k]];
      if (!probs_.empty()) probs_[k] = probs_[order_[k]];
    }
    moves_.resize(order_.size());
    if (params_.priors) priors_.resize(order_.size());
    if (!probs_.empty()) probs_.resize(order_.size());
  }

  // A reused root was expanded as an inner node of the old tree: its children's priors
  // carry the inner nodes' nearness bonus and no root hints. Gives them the priors a
  // fresh root gets (rootNearPrior, rootHints); their visits and wins stay.
  void refreshRootPriors() {
    const Node& root = nodes_[0];
    moves_.clear();
    for (uint32_t i = root.firstChild; i < root.firstChild + root.numChildren; ++i) {
      moves_.push_back(nodes_[i].move);
    }
    if (params_.priors) {
      nodePriors(scratch_, game_.toMove(), rootLast_, rootBeforeLast_, moves_,
                 params_.rootNearPrior, params_, scorer_.get(), priors_, probs_);
    }
    for (size_t k = 0; k < moves_.size(); ++k) {
      Node& n = nodes_[root.firstChild + k];
      n.priorVisits = params_.priors ? priors_[k].visits : 0;
      n.priorWins = params_.priors ? priors_[k].wins : 0;
      n.prob = params_.priors && !probs_.empty() ? probs_[k] : 0;
      addHint(n);
    }
  }

  // The root hint bonus (MctsParams::rootHints) of a root child.
  void addHint(Node& n) const { addHint(n, params_.rootHints, params_.hintPrior); }

  // The hint bonus of move n among `hints` (best first): the i-th of k gets
  // prior * (1 - i / k) virtual wins. Returns whether n is among them.
  static bool addHint(Node& n, const std::vector<Point>& hints, double prior) {
    const auto it = std::find(hints.begin(), hints.end(), n.move);
    if (prior <= 0 || it == hints.end()) return false;
    const double rank = static_cast<double>(it - hints.begin()) / static_cast<double>(hints.size());
    const float bonus = static_cast<float>(prior * (1 - rank));
    n.priorVisits += bonus;
    n.priorWins += bonus;
    return true;
  }

  // The cascade inside the tree: the candidates of inner node `node` (expanded, reached
  // on scratch_ with c to move after last, beforeLast) give its children hints, once.
  void addTreeHints(uint32_t node, Color c, Point last, Point beforeLast) {
    nodes_[node].hinted = true;
    const std::vector<Point> hints = treeCandidates_->find(scratch_, c, last, beforeLast);
    int children = 0;
    const Node& n = nodes_[node];
    for (uint32_t i = n.firstChild; i < n.firstChild + n.numChildren; ++i) {
      if (params_.priors && addHint(nodes_[i], hints, params_.treeHintPrior)) ++children;
    }
    treeHintCandidates_.push_back(static_cast<int>(hints.size()));
    treeHintChildren_.push_back(children);
  }

  // The child's value for its mover: RAVE blended with the (prior-seeded) win rate.
  double value(const Node& ch) const {
    if (params_.priors) {
      const double n = ch.visits + ch.priorVisits, w = ch.wins + ch.priorWins;
      const double rn = ch.raveVisits + ch.priorVisits, rw = ch.raveWins + ch.priorWins;
      if (n <= 0) return ch.move == PASS ? PASS_FIRST_VALUE : FIRST_VALUE;
      if (rn <= 0) return w / n;
      const double beta = rn / (rn + n + rn * n / params_.raveEquiv);
      return (1 - beta) * w / n + beta * rw / rn;
    }
    if (ch.visits == 0 && ch.raveVisits == 0)
      return ch.move == PASS ? PASS_FIRST_VALUE : FIRST_VALUE;
    const double q = ch.visits ? ch.wins / ch.visits : 0;
    const double r = ch.raveVisits ? ch.raveWins / ch.raveVisits : q;
    const double beta =
        ch.raveVisits ? std::sqrt(params_.raveK / (3.0 * ch.visits + params_.raveK)) : 0;
    return ch.visits ? (1 - beta) * q + beta * r : r;
  }

  uint32_t select(uint32_t node) {
    const Node& parent = nodes_[node];
    const double logN = std::log(parent.visits + 1.0);
    const double puct = params_.learned.puct * std::sqrt(static_cast<double>(parent.visits));
    double best = -1e9;
    uint32_t bestChild = parent.firstChild;
    for (uint32_t i = parent.firstChild; i < parent.firstChild + parent.numChildren; ++i) {
      const Node& ch = nodes_[i];
      double v = value(ch);
      if (params_.explore > 0) v += params_.explore * std::sqrt(logN / (ch.visits + 1.0));
      if (puct > 0) v += puct * ch.prob / (1.0 + ch.visits);
      // Tiny random tie-break so equal values do not always pick the first.
      v += 1e-6 * static_cast<double>(policy_.rng().below(1024));
      if (v > best) {
        best = v;
        bestChild = i;
      }
    }
    return bestChild;
  }

  void runPlayout(Color c, int passes, Point last) {
    int moves = 0;
    while (passes < 2 && moves < maxPlayoutMoves_) {
      const Point p = policy_.choose(scratch_, c, last);
      if (p == PASS) {
        scratch_.pass(c);
        ++passes;
      } else {
        scratch_.play(p, c);
        if (firstPlayer_[p] == Color::Empty) firstPlayer_[p] = c;
        passes = 0;
      }
      last = p;
      ++moves;
      c = opponent(c);
    }
  }

  void backUp(bool blackWins) {
    for (uint32_t n : path_) {
      Node& node = nodes_[n];
      ++node.visits;
      if ((node.mover == Color::Black) == blackWins) node.wins += 1;
      // All-moves-as-first: a child whose move its mover played first later in this
      // simulation shares the result.
      if (!node.expanded) continue;
      for (uint32_t i = node.firstChild; i < node.firstChild + node.numChildren; ++i) {
        Node& ch = nodes_[i];
        if (ch.move == PASS || firstPlayer_[ch.move] != ch.mover) continue;
        ++ch.raveVisits;
        if ((ch.mover == Color::Black) == blackWins) ch.raveWins += 1;
      }
    }
  }

  const Game& game_;
  const MctsParams& params_;
  PlayoutPolicy policy_;
  Board root_;
  Board scratch_;
  std::vector<Node> nodes_;
  std::vector<uint32_t> path_;
  std::vector<uint64_t> pathHashes_;
  std::vector<Color> firstPlayer_;
  std::vector<float> ownership_;
  std::vector<Point> moves_;
  std::vector<Prior> priors_;                         // expand's scratch: the new children's priors
  std::vector<float> probs_;                          // and their model probabilities
  std::unique_ptr<prior::IncrementalScorer> scorer_;  // null without a learned prior
  Point rootLast_ = NO_POINT;
  Point rootBeforeLast_ = NO_POINT;
  int maxPlayoutMoves_ = 0;
  int innerWidth_ = 0;                // inner nodes' children besides PASS (0: all)
  std::vector<uint8_t> rootAllowed_;  // per point, 1 when in rootMoves (empty: no narrowing)
  std::vector<uint32_t> order_;       // keepWidest's scratch
  std::unique_ptr<NodeCandidates> treeCandidates_;  // null: no tree hints
  std::vector<int> treeHintCandidates_, treeHintChildren_;
  int simulations_ = 0;
  std::mutex mutex_;
};

using Workers = std::vector<std::unique_ptr<Worker>>;

// The search so far, summed over every worker's root (each locked while read). The
// principal variation comes from the first worker's tree.
MctsResult collect(const Workers& workers, const Game& game, bool withOwnership,
                   const MctsParams& params) {
  MctsResult result;
  std::map<Point, MoveStat> stats;
  std::map<Point, double> wins, raveWins, raveVisits;
  if (withOwnership) {
    result.ownership.assign(static_cast<size_t>(game.board().width()) * game.board().height(), 0);
  }
  for (const auto& w : workers) {
    if (!w) continue;
    std::lock_guard<std::mutex> lock(w->mutex());
    result.playouts += w->simulations();
    const Node& root = w->nodes()[0];
    result.reusedVisits += static_cast<int>(root.visits) - w->simulations();
    for (uint32_t i = root.firstChild; i < root.firstChild + root.numChildren; ++i) {
      const Node& ch = w->nodes()[i];
      MoveStat& s = stats[ch.move];
      s.move = ch.move;
      s.visits += static_cast<int>(ch.visits);
      s.priorVisits = ch.priorVisits;  // the same in every thread's tree
      s.priorWins = ch.priorWins;
      s.prob = ch.prob;
      wins[ch.move] += ch.wins;
      raveWins[ch.move] += ch.raveWins;
      raveVisits[ch.move] += ch.raveVisits;
    }
    for (size_t i = 0; i < result.ownership.size(); ++i) result.ownership[i] += w->ownership()[i];
    const auto& hc = w->treeHintCandidates();
    const auto& hk = w->treeHintChildren();
    result.treeHintCandidates.insert(result.treeHintCandidates.end(), hc.begin(), hc.end());
    result.treeHintChildren.insert(result.treeHintChildren.end(), hk.begin(), hk.end());
  }
  if (result.playouts > 0) {
    for (float& o : result.ownership) o /= static_cast<float>(result.playouts);
  }
  double rootVisits = 0;
  for (const auto& [move, s] : stats) rootVisits += s.visits;
  const double weight = choiceWeight(params, rootVisits);
  for (auto& [move, s] : stats) {
    s.winrate = s.visits ? wins[move] / s.visits : 0;
    s.raveWinrate = raveVisits[move] ? raveWins[move] / raveVisits[move] : 0;
    s.choiceKey = s.visits + weight * s.prob;
    result.moves.push_back(s);
  }
  std::sort(result.moves.begin(), result.moves.end(), rootMoveBefore);
  if (!result.moves.empty()) {
    result.move = result.moves.front().move;
    result.winrate = result.moves.front().winrate;
  }
  // Principal variation: the most visited path of the first tree, each step's child
  // chosen in rootMoveBefore's order (equal visits by the model, then the prior...).
  if (workers[0]) {
    std::lock_guard<std::mutex> lock(workers[0]->mutex());
    const auto& nodes = workers[0]->nodes();
    double stepWeight = 0;  // choiceWeight for the children of the current step's node
    auto stat = [&stepWeight](const Node& x) {
      MoveStat m;
      m.move = x.move;
      m.visits = static_cast<int>(x.visits);
      m.priorVisits = x.priorVisits;
      m.priorWins = x.priorWins;
      m.prob = x.prob;
      m.choiceKey = m.visits + stepWeight * m.prob;
      m.raveWinrate = x.raveVisits ? x.raveWins / x.raveVisits : 0;
      return m;
    };
    uint32_t n = 0;
    while (nodes[n].expanded && nodes[n].numChildren > 0) {
      stepWeight = choiceWeight(params, nodes[n].visits);
      uint32_t best = nodes[n].firstChild;
      for (uint32_t i = best; i < nodes[n].firstChild + nodes[n].numChildren; ++i) {
        if (rootMoveBefore(stat(nodes[i]), stat(nodes[best]))) best = i;
      }
      if (nodes[best].visits == 0) break;
      result.pv.push_back(nodes[best].move);
      n = best;
    }
  }
  return result;
}

// Pass only when the game is over for the side to move. After the opponent's pass: pass
// when the count wins both as the board stands and without the stones the playouts'
// ownership calls dead, or when the count loses and no move wins in the search either;
// otherwise play on (capturing dead stones costs nothing under area scoring). Before
// that, a proposed pass gives way to the most visited other move unless that move's
// win rate is clearly lower.
void decidePass(const Game& game, MctsResult& r) {
  if (r.playouts == 0) return;
  const bool black = game.toMove() == Color::Black;
  const MoveStat* pass = nullptr;
  const MoveStat* other = nullptr;
  for (const MoveStat& m : r.moves) {
    if (m.move == PASS) {
      if (!pass) pass = &m;
    } else if (!other) {
      other = &m;
    }
  }
  auto choose = [&](const MoveStat* m) {
    r.move = m ? m->move : PASS;
    r.winrate = m ? m->winrate : r.winrate;
  };
  if (game.consecutivePasses() > 0) {
    const double komi = game.rules().komi;
    const double raw = areaScore(game.board(), komi).margin();
    const double est = areaScore(game.board(), komi, deadStones(game, r.ownership)).margin();
    const bool won = (raw > 0) == black && (est > 0) == black;
    const bool lost = (est > 0) != black && (!other || other->winrate < 0.5);
    if (won || lost || !other) {
      choose(pass);
      r.move = PASS;
    } else if (r.move == PASS) {
      choose(other);
    }
    return;
  }
  if (r.move == PASS && other && (!pass || other->winrate >= pass->winrate - 0.1)) choose(other);
}

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

double choiceWeight(const MctsParams& params, double visits) {
  if (params.choiceFade > 0 && visits > params.choiceFade) {
    return params.choicePrior * params.choiceFade / visits;
  }
  return params.choicePrior;
}

bool rootMoveBefore(const MoveStat& a, const MoveStat& b) {
  if (a.choiceKey != b.choiceKey) return a.choiceKey > b.choiceKey;
  if (a.visits != b.visits) return a.visits > b.visits;
  if (a.prob != b.prob) return a.prob > b.prob;
  const double pa = a.priorVisits > 0 ? a.priorWins / a.priorVisits : 0;
  const double pb = b.priorVisits > 0 ? b.priorWins / b.priorVisits : 0;
  if (pa != pb) return pa > pb;
  if (a.raveWinrate != b.raveWinrate) return a.raveWinrate > b.raveWinrate;
  return a.move < b.move;
}

// ---- Tree reuse ----------------------------------------------------------------------

struct MctsTrees::State {
  std::vector<std::vector<Node>> trees;  // one per thread, root first
  std::vector<Move> moves;               // the searched game's move list
  uint64_t hash = 0;                     // its board hash
  Color toMove = Color::Black;
  double komi = 0;
  KoRule ko = KoRule::Positional;
};

MctsTrees::MctsTrees() = default;
MctsTrees::~MctsTrees() = default;

void MctsTrees::clear() {
  state_.reset();
}

size_t MctsTrees::nodes() const {
  size_t n = 0;
  if (state_) {
    for (const auto& t : state_->trees) n += t.size();
  }
  return n;
}

namespace {

constexpr uint32_t NO_CHILD = UINT32_MAX;

// The child of `node` reached by move m, or NO_CHILD.
uint32_t childFor(const std::vector<Node>& tree, uint32_t node, Move m) {
  const Node& n = tree[node];
  if (!n.expanded) return NO_CHILD;
  for (uint32_t c = n.firstChild; c < n.firstChild + n.numChildren; ++c) {
    if (tree[c].move == m.point && tree[c].mover == m.color) return c;
  }
  return NO_CHILD;
}

// The subtree of `tree` below node `top`, renumbered with top as node 0 (breadth first,
// so every node's children stay contiguous).
std::vector<Node> extractSubtree(const std::vector<Node>& tree, uint32_t top) {
  std::vector<Node> out;
  std::vector<uint32_t> from;  // out[i] copies tree[from[i]]
  out.push_back(tree[top]);
  from.push_back(top);
  for (size_t i = 0; i < out.size(); ++i) {
    const Node& src = tree[from[i]];
    if (!src.expanded) continue;
    out[i].firstChild = static_cast<uint32_t>(out.size());
    for (uint32_t c = src.firstChild; c < src.firstChild + src.numChildren; ++c) {
      out.push_back(tree[c]);
      from.push_back(c);
    }
  }
  return out;
}

// The kept trees' subtrees for game's position (one per thread, maybe empty), or none
// when the game does not continue the last searched position.
std::vector<std::vector<Node>> reusableTrees(const MctsTrees::State& s, const Game& game) {
  const auto& moves = game.moves();
  if (game.rules().komi != s.komi || game.rules().ko != s.ko || moves.size() < s.moves.size() ||
      !std::equal(s.moves.begin(), s.moves.end(), moves.begin())) {
    return {};
  }
  // Same position at the old root: undo the new moves on a copy and compare hashes.
  Game back = game;
  for (size_t i = s.moves.size(); i < moves.size(); ++i) back.undo();
  if (back.board().hash() != s.hash || back.toMove() != s.toMove) return {};
  std::vector<std::vector<Node>> out;
  for (const auto& tree : s.trees) {
    uint32_t node = tree.empty() ? NO_CHILD : 0;
    for (size_t i = s.moves.size(); i < moves.size() && node != NO_CHILD; ++i) {
      node = childFor(tree, node, moves[i]);
    }
    if (node != NO_CHILD && tree[node].mover != opponent(game.toMove())) node = NO_CHILD;
    out.push_back(node == NO_CHILD ? std::vector<Node>{} : extractSubtree(tree, node));
  }
  return out;
}

// Moves the workers' trees into `trees` with the position they were grown from.
void keepTrees(MctsTrees::State& s, Workers& workers, const Game& game) {
  s.trees.clear();
  for (auto& w : workers) s.trees.push_back(w ? w->takeTree() : std::vector<Node>{});
  s.moves = game.moves();
  s.hash = game.board().hash();
  s.toMove = game.toMove();
  s.komi = game.rules().komi;
  s.ko = game.rules().ko;
}

}  // namespace

std::vector<MoveStat> MctsTrees::childStats(const std::vector<Move>& path) const {
  std::map<Point, MoveStat> stats;
  std::map<Point, double> wins;
  for (const auto& tree : state_ ? state_->trees : std::vector<std::vector<Node>>{}) {
    uint32_t node = tree.empty() ? NO_CHILD : 0;
    for (size_t i = 0; i < path.size() && node != NO_CHILD; ++i)
      node = childFor(tree, node, path[i]);
    if (node == NO_CHILD || !tree[node].expanded) continue;
    for (uint32_t c = tree[node].firstChild; c < tree[node].firstChild + tree[node].numChildren;
         ++c) {
      MoveStat& s = stats[tree[c].move];
      s.move = tree[c].move;
      s.visits += static_cast<int>(tree[c].visits);
      wins[s.move] += tree[c].wins;
      s.priorVisits = tree[c].priorVisits;  // the same in every thread's tree
      s.priorWins = tree[c].priorWins;
      s.prob = tree[c].prob;
    }
  }
  std::vector<MoveStat> out;
  for (auto& [move, s] : stats) {
    s.winrate = s.visits ? wins[move] / s.visits : 0;
    out.push_back(s);
  }
  return out;
}

std::string MctsTrees::checkConsistency() const {
  if (!state_) return "";
  for (size_t t = 0; t < state_->trees.size(); ++t) {
    const auto& tree = state_->trees[t];
    for (size_t i = 0; i < tree.size(); ++i) {
      const Node& n = tree[i];
      if (!n.expanded) continue;
      const std::string at = "tree " + std::to_string(t) + " node " + std::to_string(i) + ": ";
      if (n.firstChild <= i || n.firstChild + n.numChildren > tree.size()) {
        return at + "children out of range";
      }
      for (uint32_t c = n.firstChild; c < n.firstChild + n.numChildren; ++c) {
        if (tree[c].mover != opponent(n.mover)) return at + "a child's mover does not alternate";
        if (tree[c].visits > n.visits) return at + "a child has more visits than its parent";
      }
    }
  }
  return "";
}

// ---- Learned prior -------------------------------------------------------------------

std::filesystem::path defaultPriorModelPath() {
  if (const char* dir = std::getenv("FGO_TABLES_DIR"))
    return std::filesystem::path(dir) / "prior.fgt";
  return std::filesystem::path(FGO_SOURCE_DIR) / "tables" / "prior.fgt";
}

std::shared_ptr<const prior::Model> defaultPriorModel() {
  // Loaded once (thread-safe static initialisation); a throw leaves it to the next call.
  static const std::shared_ptr<const prior::Model> model =
      []() -> std::shared_ptr<const prior::Model> {
    const std::filesystem::path path = defaultPriorModelPath();
    if (!std::filesystem::exists(path)) return nullptr;
    return std::make_shared<const prior::Model>(prior::Model::load(path));
  }();
  return model;
}

std::shared_ptr<const prior::Model> searchPriorModel(const MctsParams& params) {
  if (!params.priors || !params.learned.enabled) return nullptr;
  return params.learned.model ? params.learned.model : defaultPriorModel();
}

void nodePriors(Board& board, Color c, Point last, Point beforeLast,
                const std::vector<Point>& moves, bool nearLast, const MctsParams& params,
                prior::IncrementalScorer* scorer, std::vector<Prior>& out,
                std::vector<float>& probs) {
  const LearnedPriorParams& lp = params.learned;
  probs.clear();
  if (!scorer || lp.handPriors) {
    out = computePriors(board, c, last, moves, nearLast);
  } else {
    constexpr float EVEN = 10;  // the even-game prior of computePriors: 10 visits at 50%
    out.assign(moves.size(), Prior{EVEN, EVEN / 2});
  }
  if (!scorer || moves.empty()) return;
  thread_local std::vector<float> all;  // per point, the model's probabilities
  scorer->scores(board, c, last, beforeLast, all);
  double sum = 0, top = 0;
  probs.resize(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    probs[i] = moves[i] < all.size() ? all[moves[i]] : 0.f;
    sum += probs[i];
    top = std::max(top, static_cast<double>(probs[i]));
  }
  if (sum <= 0) {
    std::fill(probs.begin(), probs.end(), 1.f / static_cast<float>(moves.size()));
    return;  // the model sees no legal move here: it cannot tell them apart
  }
  constexpr float EVEN = 10;  // computePriors' even-game prior: 10 visits at 50%
  const bool weigh = lp.handPriors && lp.handExponent > 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    probs[i] = static_cast<float>(probs[i] / sum);
    const double rel = static_cast<double>(probs[i]) / (top / sum);
    if (weigh) {
      const auto f = static_cast<float>(std::pow(rel, lp.handExponent));
      out[i].visits = EVEN + (out[i].visits - EVEN) * f;
      out[i].wins = EVEN / 2 + (out[i].wins - EVEN / 2) * f;
    }
    const auto bonus = static_cast<float>(lp.weight * std::pow(rel, lp.exponent));
    out[i].visits += bonus;
    out[i].wins += bonus;
  }
}

int playoutCap(const MctsParams& params, int points) {
  if (params.maxPlayoutMoves > 0) return params.maxPlayoutMoves;
  return points > HUGE_BOARD_POINTS ? HUGE_BOARD_PLAYOUT_CAP : 3 * points + 20;
}

int innerWidthFor(const MctsParams& params, int points) {
  if (params.innerWidth != 0) return std::max(0, params.innerWidth);
  return points > HUGE_BOARD_POINTS ? HUGE_BOARD_INNER_WIDTH : 0;
}

MctsResult mctsSearch(const Game& game, const MctsParams& params) {
  return mctsSearch(game, params, nullptr);
}

MctsResult mctsSearch(const Game& game, const MctsParams& params, MctsTrees* trees) {
  const auto start = Clock::now();
  if (game.over()) return MctsResult{};
  const int threads = std::max(1, params.threads);
  const std::shared_ptr<const prior::Model> model = searchPriorModel(params);
  std::vector<std::vector<Node>> kept;
  if (trees && trees->state_ && params.rootMoves.empty())
    kept = reusableTrees(*trees->state_, game);
  kept.resize(static_cast<size_t>(threads));
  Workers workers(threads);
  std::atomic<int> done{0};
  std::atomic<bool> halt{false};
  std::atomic<int> ready{0};
  const bool timed = params.seconds > 0;
  const bool open = params.playouts <= 0 && (timed || params.stop || params.progress);
  const int budget = params.playouts > 0 ? params.playouts : (open ? INT32_MAX : 1000);
  const double every = std::max(0.001, params.progressSeconds);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    workers[t] = std::make_unique<Worker>(game, params, model.get(), params.seed * 1000003 + t,
                                          std::move(kept[static_cast<size_t>(t)]));
    Worker& w = *workers[t];
    ready.fetch_add(1);
    // The reporter (thread 0) reads every tree, so it waits until all exist.
    while (t == 0 && ready.load() < omp_get_num_threads()) std::this_thread::yield();
    double nextReport = every;
    while (!halt.load(std::memory_order_relaxed) && done.fetch_add(1) < budget) {
      {
        std::lock_guard<std::mutex> lock(w.mutex());
        w.simulate();
      }
      if (params.stop && params.stop->load(std::memory_order_relaxed)) halt = true;
      if (timed && secondsSince(start) >= params.seconds) {  // every simulation: huge boards
        halt = true;
      }
      if (t == 0 && params.progress && secondsSince(start) >= nextReport) {
        MctsResult snap = collect(workers, game, params.wantOwnership, params);
        snap.seconds = secondsSince(start);
        if (!params.progress(snap)) halt = true;
        nextReport = snap.seconds + every;
      }
    }
  }
  MctsResult result = collect(workers, game, true, params);
  decidePass(game, result);
  if (params.resignBelow > 0 && result.playouts >= 500 && result.winrate < params.resignBelow) {
    result.move = NO_POINT;
  }
  if (trees) {
    if (!trees->state_) trees->state_ = std::make_unique<MctsTrees::State>();
    keepTrees(*trees->state_, workers, game);
  }
  result.seconds = secondsSince(start);
  return result;
}

std::vector<float> playoutOwnership(const Game& game, int playouts, uint64_t seed) {
  const Board& b = game.board();
  std::vector<float> own(static_cast<size_t>(b.width()) * b.height(), 0);
  RandomPlayer player(seed);
  Board root = b;
  root.clearUndo();
  Board scratch = root;
  for (int i = 0; i < playouts; ++i) {
    scratch = root;
    playout(scratch, game.toMove(), player, 3 * b.width() * b.height() + 20, game.rules().komi);
    const Score s = areaScore(scratch, game.rules().komi);
    for (size_t k = 0; k < own.size(); ++k) {
      own[k] += s.owner[k] == Color::Black ? 1.f : s.owner[k] == Color::White ? -1.f : 0.f;
    }
  }
  if (playouts > 0) {
    for (float& o : own) o /= static_cast<float>(playouts);
  }
  return own;
}

std::vector<Point> deadStones(const Game& game, const std::vector<float>& ownership,
                              double threshold) {
  const Board& b = game.board();
  std::vector<Point> dead;
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Color c = b.at(x, y);
      const float o = ownership[static_cast<size_t>(y) * b.width() + x];
      if ((c == Color::Black && o <= -threshold) || (c == Color::White && o >= threshold)) {
        dead.push_back(b.point(x, y));
      }
    }
  }
  return dead;
}

}  // namespace engine
