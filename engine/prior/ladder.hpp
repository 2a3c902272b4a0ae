// A small ladder reader for the move model's ladder feature. Coulom 2007 ("Computing
// Elo Ratings of Move Patterns in the Game of Go") found the "ladder atari" feature
// among the strongest tactical ones; GNU Go and Fuego read ladders the same basic way:
// the chain in atari extends (or captures a neighbouring attacker chain in atari), and
// the attacker answers every 2-liberty result with an atari on either liberty.
#pragma once

#include "engine/board/board.hpp"

namespace prior {

using engine::Board;
using engine::Point;

// Moves read at most per question; when they run out the chain counts as escaping.
inline constexpr int LADDER_BUDGET = 400;

// True when the chain at p (exactly one liberty, its owner to move) is captured whatever
// it does: every extension at its liberty and every capture of a neighbouring attacker
// chain in atari leaves it with one liberty, or with two and an attacker atari that
// captures it again. Plays and undoes on board (left as it was). budget: moves left.
bool ladderCaptured(Board& board, Point p, int& budget);
// True when the attacker, to move, captures the chain at p (exactly two liberties) by
// an atari on one of its liberties that ladderCaptured then confirms.
bool ladderAttackWorks(Board& board, Point p, int& budget);

// The same two questions read the slow way (the from-scratch twin, for tests): a copy
// of the board for every move and liberties counted by a flood fill of the colours.
// Same move order and budget, so the answers equal the fast ones.
bool ladderCapturedByCopying(const Board& board, Point p, int& budget);
bool ladderAttackWorksByCopying(const Board& board, Point p, int& budget);

}  // namespace prior
