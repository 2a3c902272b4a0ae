#include "solve/minimax.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "engine/board/score.hpp"

namespace solve {

namespace {

using engine::Color;

struct NodeLimit {};

struct Reference {
  engine::Game& game;
  uint64_t& nodes;
  uint64_t maxNodes = 0;       // 0: none
  std::vector<uint64_t> line;  // (hash, side) of every position on the line (simple ko)
  std::vector<uint64_t> history = std::vector<uint64_t>(4096, 0);  // cut-offs per point

  uint64_t stateKey() const {
    return game.board().hash() ^ (game.toMove() == Color::White ? 0x9E3779B97F4A7C15ULL : 0);
  }

  // Negamax with alpha-beta, values from the side to move.
  int search(int alpha, int beta) {
    if (++nodes > maxNodes && maxNodes) throw NodeLimit{};
    const Color me = game.toMove();
    const int sign = me == Color::Black ? 1 : -1;
    if (game.over()) {
      return sign * static_cast<int>(engine::areaScore(game.board(), 0).margin());
    }
    const bool cycles = game.rules().ko == engine::KoRule::Simple;
    int best = -1000;
    // Order only (never which moves): pass first after a pass, then points by how often
    // they caused a cut-off (history heuristic), pass last otherwise.
    const bool passFirst = game.consecutivePasses() == 1;
    std::vector<engine::Point> moves;
    if (passFirst) moves.push_back(engine::PASS);
    moves.insert(moves.end(), game.board().emptyPoints().begin(), game.board().emptyPoints().end());
    std::stable_sort(moves.begin() + passFirst, moves.end(),
                     [this](engine::Point a, engine::Point b) {
                       return history[a % history.size()] > history[b % history.size()];
                     });
    if (!passFirst) moves.push_back(engine::PASS);
    for (engine::Point p : moves) {
      if (game.play(p, me) != engine::MoveError::None) continue;
      int v;
      if (cycles && !game.over() && std::find(line.begin(), line.end(), stateKey()) != line.end()) {
        v = 0;
      } else {
        line.push_back(stateKey());
        v = -search(-beta, -std::max(alpha, best));
        line.pop_back();
      }
      game.undo();
      best = std::max(best, v);
      if (best >= beta) {
        if (p != engine::PASS) ++history[p % history.size()];
        break;
      }
    }
    return best;
  }
};

}  // namespace

int referenceValue(engine::Game& game, uint64_t& nodes) {
  Reference r{game, nodes, 0, {}};
  r.line.push_back(r.stateKey());
  // Every value lies in [-n, n], so the window (-n, n) loses nothing: a move worth n
  // (or -n) cannot be beaten.
  const int n = game.board().width() * game.board().height();
  const int v = r.search(-n, n);
  return game.toMove() == Color::Black ? v : -v;
}

bool referenceValueWithin(engine::Game& game, uint64_t maxNodes, int& value, uint64_t& nodes) {
  const size_t moves = game.moves().size();
  Reference r{game, nodes, maxNodes, {}};
  r.line.push_back(r.stateKey());
  const int n = game.board().width() * game.board().height();
  try {
    const int v = r.search(-n, n);
    value = game.toMove() == Color::Black ? v : -v;
    return true;
  } catch (const NodeLimit&) {
    while (game.moves().size() > moves) game.undo();  // back to the caller's position
    return false;
  }
}

}  // namespace solve
