// Replaying a GameRecord into an engine::Game, following odd records as far as sensible
// (the policy is in record.hpp).
#include <algorithm>
#include <climits>

#include "engine/sgf/record.hpp"

namespace engine {

namespace {

// The standard fixed-handicap points of GTP 2 (section 4.1.1), or empty when the board
// has none for n stones (not square, smaller than 7x7, or n above the maximum).
std::vector<XY> fixedHandicap(BoardSize size, int n) {
  const int s = size.width;
  if (size.width != size.height || s < 7 || n < 2) return {};
  const int maxStones = (s % 2 == 1 && s >= 9) ? 9 : 4;
  if (n > maxStones) return {};
  const int lo = s >= 13 ? 3 : 2, hi = s - 1 - lo, mid = s / 2;
  std::vector<XY> pts = {{lo, hi}, {hi, lo}, {lo, lo}, {hi, hi}};
  if (n <= 4) {
    pts.resize(static_cast<size_t>(n));
    return pts;
  }
  if (n >= 6) {
    pts.push_back({lo, mid});
    pts.push_back({hi, mid});
  }
  if (n >= 8) {
    pts.push_back({mid, hi});
    pts.push_back({mid, lo});
  }
  if (n % 2 == 1) pts.push_back({mid, mid});
  return pts;
}

std::vector<std::pair<Point, Color>> toPoints(const Board& b,
                                              const std::vector<std::pair<XY, Color>>& setup) {
  std::vector<std::pair<Point, Color>> out;
  out.reserve(setup.size());
  for (const auto& [xy, c] : setup) out.push_back({b.point(xy), c});
  return out;
}

std::string moveText(const RecordMove& m, BoardSize size) {
  return std::string(colorName(m.color)) + " " + (m.at ? vertexName(*m.at, size) : "pass");
}

enum class Relax { None, SimpleKo, EndlessPasses };

// One replay under fixed rules. Sets `need` when a rule must be relaxed to go on.
Replay replayOnce(const GameRecord& rec, const Rules& rules, const ReplayOptions& opt,
                  Relax& need) {
  need = Relax::None;
  Replay out{Game(rec.size, rules), {}, 0, false};
  Game& game = out.game;
  auto warn = [&](int move, std::string text) { out.warnings.push_back({move, std::move(text)}); };

  std::vector<std::pair<XY, Color>> setup = rec.setup;
  const bool hasBlackSetup = std::any_of(setup.begin(), setup.end(),
                                         [](const auto& s) { return s.second == Color::Black; });
  int handicapMoves = 0;  // leading black moves that place the handicap
  if (rec.handicap >= 2 && !hasBlackSetup) {
    int leading = 0;
    for (const RecordMove& m : rec.moves) {
      if (!m.isMove()) continue;
      if (m.color != Color::Black || leading == rec.handicap) break;
      ++leading;
    }
    if (leading == rec.handicap) {
      handicapMoves = leading;
    } else {
      const std::vector<XY> pts = fixedHandicap(rec.size, rec.handicap);
      if (pts.empty()) {
        throw InputError("HA[" + std::to_string(rec.handicap) + "] without stones: a board of " +
                         rec.size.str() + " has no standard handicap points for it");
      }
      for (const XY& p : pts) setup.push_back({p, Color::Black});
      warn(0, "HA[" + std::to_string(rec.handicap) +
                  "] without stones: placed on the standard handicap points");
    }
  }
  if (!setup.empty()) {
    try {
      game.setup(toPoints(game.board(), setup));
    } catch (const InputError& e) {
      throw InputError(std::string("root setup: ") + e.what());
    }
  }
  if (isStone(rec.toMove)) {
    game.setToMove(rec.toMove);
  } else if (rec.handicap >= 2 && handicapMoves == 0) {
    game.setToMove(Color::White);
  }

  const int total = rec.moveCount();
  int number = 0;  // moves reached so far
  Color last = Color::Empty;
  for (const RecordMove& m : rec.moves) {
    if (!m.setup.empty()) {
      if (number > 0)
        warn(number,
             "setup after move " + std::to_string(number) + ": Game::moves() restarts here");
      try {
        game.setup(toPoints(game.board(), m.setup));
      } catch (const InputError& e) {
        throw InputError("setup after move " + std::to_string(number) + ": " + e.what());
      }
    }
    if (!m.isMove()) continue;
    if (opt.maxMoves >= 0 && number >= opt.maxMoves) return out;
    ++number;
    if (m.color == last && number > handicapMoves) {
      warn(number, std::string(colorName(m.color)) + " plays twice in a row (" +
                       moveText(m, rec.size) + "): a pass by " + colorName(opponent(m.color)) +
                       " is missing");
    }
    const Point p = m.at ? game.board().point(*m.at) : PASS;
    const MoveError e = game.play(p, m.color);
    if (e == MoveError::Superko && rules.ko == KoRule::Positional) {
      need = Relax::SimpleKo;
      return out;
    }
    if (e == MoveError::GameOver) {
      need = Relax::EndlessPasses;
      return out;
    }
    if (e != MoveError::None) {
      warn(number, "illegal move " + moveText(m, rec.size) + " (" + moveErrorText(e) +
                       "): replay stops; " + std::to_string(total - number + 1) +
                       " move(s) not replayed");
      return out;
    }
    ++out.movesPlayed;
    last = m.color;
  }
  out.complete = true;
  return out;
}

}  // namespace

Replay replayRecord(const GameRecord& rec, const ReplayOptions& options) {
  Rules rules = options.rules.value_or(rulesForRecord(rec));
  std::vector<ReplayWarning> relaxed;
  for (;;) {
    Relax need = Relax::None;
    Replay r = replayOnce(rec, rules, options, need);
    const int at = r.movesPlayed + 1;
    if (need == Relax::SimpleKo) {
      relaxed.push_back(
          {at, "move " + std::to_string(at) +
                   " repeats an earlier position (superko): replayed under simple ko"});
      rules.ko = KoRule::Simple;
    } else if (need == Relax::EndlessPasses) {
      relaxed.push_back({at, "move " + std::to_string(at) +
                                 " follows the passes that ended the game: replayed with "
                                 "passes not ending the game"});
      rules.passesToEnd = INT_MAX;
    } else {
      r.warnings.insert(r.warnings.end(), relaxed.begin(), relaxed.end());
      std::stable_sort(
          r.warnings.begin(), r.warnings.end(),
          [](const ReplayWarning& a, const ReplayWarning& b) { return a.move < b.move; });
      return r;
    }
  }
}

}  // namespace engine
