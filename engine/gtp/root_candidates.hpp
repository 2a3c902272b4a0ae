// The cascade inside the search (issue 7): which moves the root of a genmove search
// considers, or favours.
//
// Reading guide: RootCandidateFinder::find runs the reduction cascade
// (engine/play/cascade.hpp: reduce the position down the schedule, advise on the smallest
// board, upload the moves back as areas, with the time-dilation memory of the last few
// runs) and joins its candidates with the moves no player may overlook
// (engine/play/policy.hpp mustConsiderMoves: captures, atari escapes and ko captures,
// both liberties of two-liberty chains), the liberties of the groups the territory
// layer's safety calls unsettled (engine/territory), and optionally the learned move
// model's top few (engine/prior). MctsPlayer (mcts_player.hpp) turns the result into
// MctsParams::rootHints (CascadeUse::Hints) or MctsParams::rootMoves (CascadeUse::Narrow).
// TreeCandidates runs the same code at inner tree nodes (MctsParams::treeHintVisits).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/play/cascade.hpp"
#include "engine/play/mcts.hpp"

namespace prior {
class Model;
}

namespace engine {

// How genmove uses the cascade.
enum class CascadeUse {
  Off,     // every legal move, no cascade (the default)
  Hints,   // the cascade's candidates get extra prior wins at the root
  Narrow,  // the root considers only the candidates (cascade + must-consider + model top)
};

// "off", "hints" or "narrow"; throws InputError for anything else.
CascadeUse parseCascadeUse(const std::string& name);
// The name parseCascadeUse reads.
const char* cascadeUseName(CascadeUse use);

// The cascade's parameters for search: standard schedule, the time-dilation memory
// (last-move areas, the areas of the last 3 runs: the best measured in docs/CASCADE.md),
// otherwise the cascade's defaults.
CascadeParams searchCascadeParams();

struct RootCandidateParams {
  CascadeUse use = CascadeUse::Off;
  CascadeParams cascade = searchCascadeParams();  // komi is set from the game
  bool tactics = true;                            // Narrow: mustConsiderMoves join
  bool unsettled = true;  // Narrow: liberties of unsettled groups (at most 4 liberties) join
  int modelTop = 0;       // Narrow: the learned model's top N join (0: none)
  double hintPrior = 30;  // Hints: virtual wins of the first candidate (MctsParams::hintPrior)
  // The cascade inside the tree (MctsParams::treeHintVisits; 0: off): an inner node with
  // this many visits gets the candidates of TreeCandidates as hints of treeHintPrior.
  int treeVisits = 0;
  double treeHintPrior = 30;
};

// The candidates of one position, each list best first where it has an order.
struct RootCandidates {
  std::vector<Point> cascade;    // the cascade's uploaded candidates
  std::vector<Point> tactical;   // mustConsiderMoves
  std::vector<Point> unsettled;  // liberties of unsettled groups
  std::vector<Point> model;      // the learned model's top moves
  std::vector<Point> all;        // the union, in the order above, no repeats
  double seconds = 0;            // wall time of find
  bool cascadeFailed = false;    // the cascade threw (e.g. no schedule for this size)
};

// Finds root candidates position after position of one game (the cascade's memory
// belongs to the game: newGame() between games).
class RootCandidateFinder {
 public:
  // model: the learned move model for modelTop (may be null: no model moves).
  RootCandidateFinder(RootCandidateParams params, std::shared_ptr<const prior::Model> model);
  ~RootCandidateFinder();
  // Candidates for the side to move of game's position (komi from its rules).
  RootCandidates find(const Game& game);
  // The same for a bare position (no history: legal on the board, superko not checked),
  // toMove to play after the moves ctx.last, ctx.before. Both finds share this code.
  RootCandidates find(const Board& board, Color toMove, double komi, const RankContext& ctx);
  // The cascade's memory of earlier positions (time dilation), empty before any find.
  upload::AreaMemory memory() const;
  // Replaces the cascade's memory (for a board of `size` and this komi).
  void setMemory(const upload::AreaMemory& memory, BoardSize size, double komi);
  // Forgets the cascade's memory of earlier positions.
  void newGame();
  const RootCandidateParams& params() const { return params_; }

 private:
  RootCandidateParams params_;
  std::shared_ptr<const prior::Model> model_;
  // Makes cascade_ for this board size and komi unless it is already that one.
  void prepare(BoardSize size, double komi);
  std::unique_ptr<Cascade> cascade_;
  double cascadeKomi_ = 0;
  BoardSize cascadeSize_{0, 0};
};

// The cascade inside the search tree (issue 7): the candidates of an inner node's position
// are the cascade's uploaded candidates joined by the moves no player may overlook
// (mustConsiderMoves), found by a RootCandidateFinder's code with the memory of the
// game's cascade as it stood at the root (every node starts from that snapshot, so its
// candidates depend only on its position and last two moves) and advice seeded by position.
class TreeCandidates : public NodeCandidates {
 public:
  // params: the root's (its cascade settings, tactics); memory: the root finder's memory.
  TreeCandidates(const RootCandidateParams& params, std::shared_ptr<const prior::Model> model,
                 double komi, BoardSize size, upload::AreaMemory memory);
  std::vector<Point> find(const Board& board, Color toMove, Point last, Point before) override;
  // The parameters the tree's finder uses: params' cascade (advice by position), its
  // tactics, no unsettled liberties, no model moves.
  static RootCandidateParams treeParams(const RootCandidateParams& params);

 private:
  RootCandidateFinder finder_;
  double komi_;
  BoardSize size_;
  upload::AreaMemory memory_;
};

// A factory of TreeCandidates for MctsParams::treeCandidates: each thread's gets a copy of
// finder's memory now.
NodeCandidatesFactory treeCandidatesFactory(const RootCandidateFinder& finder,
                                            std::shared_ptr<const prior::Model> model, double komi,
                                            BoardSize size);

}  // namespace engine
