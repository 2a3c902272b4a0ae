// Monte-Carlo tree search with RAVE (Gelly & Silver 2007, "Combining online and offline
// knowledge in UCT"; the all-moves-as-first heuristic of Brügmann 1993), prior knowledge
// in new nodes and heavy playouts (engine/play/policy.hpp: captures, atari escapes, MoGo
// 3x3 patterns, no big self-ataris), and root parallelism over OpenMP threads: each
// thread grows its own tree from the same root, and the root statistics are summed.
// With priors off, policy.heavy false, explore 0.2 and expandAfter 2 it is the earlier
// light-playout search.
//
// Candidates: every legal move, unless narrowed. MctsParams::rootMoves restricts the
// root to a given list (fgo gtp --cascade narrow: the cascade's uploaded areas joined by
// the must-consider tactical moves, engine/gtp/root_candidates.hpp), and
// MctsParams::innerWidth keeps only the best few children of inner nodes by their prior
// (progressive widening frozen at one width, after Coulom 2007 and Chaslot et al. 2008).
// The cascade inside the tree (issue 7): with MctsParams::treeHintVisits N, an inner node
// the search comes back to N times gets candidates from a NodeCandidates (the cascade on
// that node's position, engine/gtp/root_candidates.hpp TreeCandidates) once, and they
// become prior wins of its children the way rootHints are at the root.
//
// Huge boards (issue 7): above 19x19 (361 points) a playout stops after
// HUGE_BOARD_PLAYOUT_CAP moves and inner nodes keep HUGE_BOARD_INNER_WIDTH children
// unless the parameters say otherwise (playoutCap, innerWidthFor), so a simulation costs
// a bounded number of moves plus a few passes over the board (copy, score, one expansion
// every expandAfter visits): genmove time grows about linearly with the points.
//
// Learned prior (MctsParams::learned, on by default): when a node is expanded, the
// Bradley-Terry move model of engine/prior (Coulom 2007, "Computing Elo Ratings of Move
// Patterns in the Game of Go") scores its candidates; move i with probability p_i gets
// weight * (p_i / p_max)^exponent extra virtual visits, all won (the way Pachi and
// Fuego turn pattern probabilities into prior wins), beside the hand-set tactical priors
// of policy.hpp, and optionally a PUCT term puct * p_i * sqrt(N) / (1 + n_i) (Rosin
// 2011; AlphaGo). The model is loaded once per process (defaultPriorModel) and shared
// read-only; each thread has its own prior::IncrementalScorer (the same probabilities
// as prior::Scorer, recomputing only what changed since its last call).
//
// Tree reuse: pass an MctsTrees to mctsSearch and the trees stay there after the search;
// the next search of a position reached from that one by the moves actually played
// starts from their subtree (the rest is dropped), as MoGo, Fuego and Pachi do. The
// reused root's children get a fresh root's priors (no nearness bonus unless
// rootNearPrior, the root hints); their visits and wins are kept.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/play/policy.hpp"

namespace prior {
class Model;
class IncrementalScorer;
}  // namespace prior

namespace engine {

struct MctsResult;

// Candidate moves for inner tree nodes (the cascade inside the search tree, issue 7:
// engine/gtp/root_candidates.hpp TreeCandidates), best first. One per search thread.
class NodeCandidates {
 public:
  virtual ~NodeCandidates() = default;
  // Candidates for toMove on board, best first, legal on the bare board; last / before:
  // the two moves that led there (PASS, or NO_POINT when none).
  virtual std::vector<Point> find(const Board& board, Color toMove, Point last, Point before) = 0;
};
// Makes one NodeCandidates for one search thread.
using NodeCandidatesFactory = std::function<std::unique_ptr<NodeCandidates>()>;

// How the learned move model (engine/prior) seeds new tree nodes.
struct LearnedPriorParams {
  bool enabled = true;  // off: only the hand-set priors of policy.hpp
  // The model; null means defaultPriorModel() (none when that file is missing).
  std::shared_ptr<const prior::Model> model;
  double weight = 30;      // virtual wins of the most probable candidate of a node
  double exponent = 0.5;   // the i-th candidate gets weight * (p_i / p_max)^exponent
  double puct = 0;         // PUCT term puct * p_i * sqrt(N) / (1 + n_i) in selection (0: off)
  bool handPriors = true;  // keep policy.hpp computePriors beside the learned prior
  // Hand priors weighed by the model (0: off, full hand priors): each move's hand-set
  // departure from the even prior is multiplied by (p / p_max)^handExponent, so the
  // tactical bonuses lift the moves the model finds plausible, not the ones it rejects.
  // 1 by default since session 10 (self-play at 1,000 playouts: 60 of 100 on 9x9, 19x19
  // not weaker; docs/STRENGTH.md).
  double handExponent = 1;
};

struct MctsParams {
  int playouts = 5000;      // simulations per move, summed over threads (0: no limit)
  double seconds = 0;       // wall-clock limit per move (0: no limit)
  int threads = 2;          // OpenMP threads, each with its own tree
  double raveK = 1000;      // RAVE schedule without priors: beta = sqrt(k / (3 n + k))
  double raveEquiv = 3500;  // with priors: beta = rn / (rn + n + rn n / raveEquiv)
  double explore = 0;       // UCB exploration constant (priors and RAVE explore enough)
  int expandAfter = 8;      // visits before a leaf gets children
  bool priors = true;       // prior knowledge in new nodes (policy.hpp computePriors)
  // The root's priors include the bonus for nearness to the last move. Off by default:
  // measured weaker (docs/STRENGTH.md, self-play after the search copy kept the last move).
  bool rootNearPrior = false;
  int maxPlayoutMoves = 0;  // a playout stops after this many moves and is scored as it
                            // stands (0: automatic, see playoutCap)
  // Inner (non-root) nodes keep at most this many children besides PASS, those with the
  // most prior wins above an even game (0: automatic, see innerWidthFor; -1: all).
  int innerWidth = 0;
  // When not empty: the root's only candidates (those legal there, plus PASS). A search
  // with rootMoves does not reuse kept trees (their root children were not narrowed).
  std::vector<Point> rootMoves;
  PolicyParams policy;         // playout policy (heavy by default)
  LearnedPriorParams learned;  // the learned move model in new nodes (needs priors)
  // Root moves with an extra prior, best first (e.g. the cascade's uploaded candidates,
  // engine/play/cascade.hpp): the i-th of n gets hintPrior * (1 - i / n) virtual wins.
  std::vector<Point> rootHints;
  double hintPrior = 0;
  // The cascade inside the tree: when an inner (non-root) node is about to be descended
  // through with at least treeHintVisits visits (0: never), treeCandidates (a fresh
  // NodeCandidates per thread) finds its candidates once, and its children get hints
  // like the root's: the i-th of n gets treeHintPrior * (1 - i / n) virtual wins.
  int treeHintVisits = 0;
  NodeCandidatesFactory treeCandidates;
  double treeHintPrior = 30;
  double resignBelow = 0;  // resign when the best win rate is below this (0: never)
  // The root move is chosen, and root moves ranked, by visits + w x the model's
  // probability (MoveStat::prob), where w = choicePrior while the node has at most
  // choiceFade visits and choicePrior x choiceFade / visits beyond (choiceFade 0: never
  // fades): the model counts as w visits spread over the root's moves. At a small budget
  // the search's visits alone rank professional moves below the model alone; at a large
  // one the search should decide (docs/STRENGTH.md, session 11). 0: visits alone.
  // 200 and 100 by default since session 11 (ranking at 100 playouts 35.9% / 60.2% top-1 /
  // top-4 against 34.1% / 59.1%; 54 of 100 in 9x9 self-play at 1,000 playouts).
  double choicePrior = 200;
  double choiceFade = 100;
  uint64_t seed = 1;
  // Called about every progressSeconds (from one thread) with a snapshot of the search so far (root
  // moves, visits, winrates, pv, playouts, seconds; ownership only if wantOwnership); return false
  // to stop the search early.
  std::function<bool(const MctsResult&)> progress;
  double progressSeconds = 0.1;
  bool wantOwnership = false;
  const std::atomic<bool>* stop = nullptr;  // when set and true, the search stops as soon as
                                            // possible and returns its best so far
};

// Boards above this many points are "huge": automatic playout cap and inner width.
constexpr int HUGE_BOARD_POINTS = 361;
// The automatic playout cap on huge boards: a played-out 19x19 playout's length.
constexpr int HUGE_BOARD_PLAYOUT_CAP = 3 * HUGE_BOARD_POINTS + 20;
// The automatic inner-node width on huge boards: a 19x19 node's candidates.
constexpr int HUGE_BOARD_INNER_WIDTH = HUGE_BOARD_POINTS;

// Moves a playout of this search may run on a board of `points` points:
// params.maxPlayoutMoves when set, else 3 x points + 20 (played out) up to 361 points
// and HUGE_BOARD_PLAYOUT_CAP above.
int playoutCap(const MctsParams& params, int points);
// Children an inner node keeps besides PASS (0: all): params.innerWidth when positive,
// all when -1, else all up to 361 points and HUGE_BOARD_INNER_WIDTH above.
int innerWidthFor(const MctsParams& params, int points);

// Statistics of one root move.
struct MoveStat {
  Point move = PASS;
  int visits = 0;
  double winrate = 0;  // for the side to move at the root
  double raveWinrate = 0;
  float priorVisits = 0;  // the prior's virtual visits and wins (the same in every tree)
  float priorWins = 0;
  // The learned model's probability of the move, renormalised over the root's candidates
  // (nodePriors' probs; 0 without a model).
  float prob = 0;
  // What rootMoveBefore compares first: visits + choiceWeight(params, root visits) x prob
  // (0 when not set: then visits decide first).
  double choiceKey = 0;
};

// The order of root moves genmove chooses by (and the analysis output, the principal
// variation and `fgo predict --ranker engine` list them in): the larger choiceKey first
// (visits blended with the model, MctsParams::choicePrior), then most visits; equal
// visits (at a small budget most root moves are unvisited or have one or two visits) by
// the learned model's probability (prob: what the search knows of an untried move, the
// move model alone; docs/STRENGTH.md session 10), then by the prior's mean
// (priorWins / priorVisits: the hand-set and learned priors together, the value the
// search starts a child from; decides when there is no model), then the RAVE win rate,
// then the point. MctsResult::moves is sorted by it.
bool rootMoveBefore(const MoveStat& a, const MoveStat& b);

// The weight w of the model's probability in MoveStat::choiceKey for a node with `visits`
// visits (see MctsParams::choicePrior and choiceFade).
double choiceWeight(const MctsParams& params, double visits);

struct MctsResult {
  Point move = PASS;     // the chosen move (most visits), PASS, or NO_POINT to resign
  double winrate = 0;    // of the chosen move, for the side to move
  int playouts = 0;      // simulations run by this search
  int reusedVisits = 0;  // root visits kept from an earlier search (MctsTrees), all threads
  double seconds = 0;
  std::vector<MoveStat> moves;  // root moves in rootMoveBefore order (most visited first)
  std::vector<Point> pv;        // principal variation from the first thread's tree
  // Per point (row-major), the share of playouts in which Black owned it at the end
  // minus the share for White: +1 always Black, -1 always White.
  std::vector<float> ownership;
  // Per inner node that got tree hints (MctsParams::treeHintVisits), over all threads: the
  // number of candidates found there, and how many of them were children of the node.
  std::vector<int> treeHintCandidates;
  std::vector<int> treeHintChildren;
};

// The search trees of one game kept between searches (tree reuse); one per player.
class MctsTrees {
 public:
  MctsTrees();
  ~MctsTrees();
  MctsTrees(const MctsTrees&) = delete;
  MctsTrees& operator=(const MctsTrees&) = delete;
  // Forgets the kept trees (a new game).
  void clear();
  // Nodes kept over all threads' trees (0 when none).
  size_t nodes() const;
  // Statistics of the children of the node that `path` leads to from the kept root,
  // summed over the threads' trees (priors: one tree's), sorted by move (empty when no
  // tree expanded it).
  std::vector<MoveStat> childStats(const std::vector<Move>& path) const;
  // Problems of the kept trees, "" when none: children in range and after their parent,
  // movers alternating, no child with more visits than its parent.
  std::string checkConsistency() const;

  struct State;  // defined in mcts.cpp

 private:
  friend MctsResult mctsSearch(const Game&, const MctsParams&, MctsTrees*);
  std::unique_ptr<State> state_;
};

// Path of the default move model: $FGO_TABLES_DIR/prior.fgt, else the source tree's
// tables/prior.fgt.
std::filesystem::path defaultPriorModelPath();
// The default move model, loaded on first use and shared for the rest of the process;
// null when its file does not exist. Throws tables::TableError for a damaged file.
std::shared_ptr<const prior::Model> defaultPriorModel();
// The model a search with these parameters uses (null: no learned prior).
std::shared_ptr<const prior::Model> searchPriorModel(const MctsParams& params);

// The priors the search gives c's candidate `moves` at a node reached by the moves
// last, beforeLast (PASS or NO_POINT when none): computePriors (with the nearness bonus
// when nearLast) unless learned.handPriors is off (weighed by the model when
// learned.handExponent > 0), plus the learned prior's virtual wins when scorer is not null. probs
// gets each move's model probability renormalised over `moves` (empty without a scorer). `moves`
// are legal for c.
void nodePriors(Board& board, Color c, Point last, Point beforeLast,
                const std::vector<Point>& moves, bool nearLast, const MctsParams& params,
                prior::IncrementalScorer* scorer, std::vector<Prior>& out,
                std::vector<float>& probs);

// Searches the game's position for the side to move. The game is not changed.
MctsResult mctsSearch(const Game& game, const MctsParams& params);
// The same, reusing `trees` (may be null): when the game's position follows the last
// search's position by some moves of the game's move list (same komi, rules and
// thread count), each thread starts from its subtree of those moves. Afterwards the
// trees of this search are kept in `trees`.
MctsResult mctsSearch(const Game& game, const MctsParams& params, MctsTrees* trees);

// Ownership estimate by `playouts` light playouts from the position (+1 Black, -1 White
// per point, row-major), for dead-stone estimates when scoring.
std::vector<float> playoutOwnership(const Game& game, int playouts, uint64_t seed);

// Stones whose point the opponent owns in at least `threshold` of the playouts: the
// dead-stone estimate used for final_score and final_status_list.
std::vector<Point> deadStones(const Game& game, const std::vector<float>& ownership,
                              double threshold = 0.5);

}  // namespace engine
