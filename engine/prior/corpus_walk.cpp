// Game walking for training and evaluation (corpus_walk.hpp), over engine::walkGame.
#include "engine/prior/corpus_walk.hpp"

#include "engine/similar/corpus.hpp"

namespace prior {

void walkPositions(const std::string& file, const std::function<void(const PositionView&)>& visit) {
  engine::walkGame(file, -1, [&](const engine::GamePosition& pos) {
    const auto& moves = pos.game.moves();
    const size_t n = moves.size();
    const engine::Point last = n >= 1 ? moves[n - 1].point : engine::NO_POINT;
    const engine::Point before = n >= 2 ? moves[n - 2].point : engine::NO_POINT;
    visit(PositionView{pos.game.board(), pos.toMove, last, before, pos.next});
  });
}

}  // namespace prior
