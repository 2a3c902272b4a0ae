// Run-time advice for the reduction cascade: the best moves of a small position (at most
// 32 points, e.g. the 5x5 board at the bottom of the cascade) with exact values when the
// solver settles them within a budget of nodes or time, otherwise the best proven bounds,
// and a flag saying which. Reading guide: this header only; the search is solver.hpp.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/board/color.hpp"
#include "engine/board/coord.hpp"
#include "solve/solver.hpp"
#include "solve/table_build.hpp"

namespace solve {

// How much advise() may spend, and under which rules.
struct AdviseBudget {
  uint64_t maxNodes = 0;    // node limit per search thread (0: none)
  double maxSeconds = 0.1;  // wall-clock limit for the whole call (0: none)
  Rules rules;              // komi is added to every value reported
  int threads = 1;          // OpenMP threads
  int ttLog2 = 16;          // transposition table of 2^ttLog2 entries (40 bytes each; clearing
                            // 2^18 of them took a few ms, a large part of a 10 ms budget)
  // Earlier board positions of the game (same size as the position), oldest first, for
  // positional superko; empty when the history is unknown or irrelevant.
  std::vector<engine::Board> history;
  // A complete solution table of this board size and these rules (komi aside), consulted
  // first when the history is empty and no ko binds; a table of every state (a ranked
  // simple-forced table, SolutionTable::holdsStates) with simple-forced rules answers any
  // position, ko or history, every move with its own value or bounds; nullptr: none.
  const SolutionTable* table = nullptr;
};

// Where the advice comes from.
enum class AdviceKind : uint8_t {
  Exact,    // the position's value was solved within the budget
  Table,    // the value and optimal moves were read from a solution table (other moves:
            // bounds only, 'worse than the value'; a table of every state gives each move
            // its own value or bounds)
  Bounded,  // the budget ran out, or a table of every state says a ko cycle leaves the
            // position open: values are proven bounds only
};

// One move with its value for the game (Black minus White plus komi) or bounds on it.
struct AdvisedMove {
  engine::Point point = engine::PASS;  // a point of the given board, or engine::PASS
  double lower = 0, upper = 0;
  bool exact() const { return lower == upper; }
};

struct Advice {
  AdviceKind kind = AdviceKind::Bounded;
  double lower = 0, upper = 0;     // bounds on the position's value (equal when exact)
  std::vector<AdvisedMove> moves;  // every legal move incl. pass, best first for toMove
  uint64_t nodes = 0;
  double seconds = 0;
  bool exact() const { return kind != AdviceKind::Bounded; }
};

// Advice for `toMove` in `position` (at most 32 points; its simple-ko point is honoured
// when it binds toMove). With an exact result, moves.front() is optimal and every move
// whose bounds reach the value is optimal too. Throws engine::InputError for boards of
// more than 32 points, histories or a table of another size.
Advice advise(const engine::Board& position, engine::Color toMove, const AdviseBudget& budget);

}  // namespace solve
