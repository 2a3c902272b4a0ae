// The game-record commands of the GTP engine: loadsgf and printsgf (engine/sgf).
#include "engine/gtp/go_engine.hpp"
#include "engine/sgf/record.hpp"

namespace engine {

void GoEngine::registerSgfCommands() {
  server_.add("loadsgf", [this](const GtpArgs& a) { return cmdLoadSgf(a); });
  server_.add("printsgf", [this](const GtpArgs& a) { return cmdPrintSgf(a); });
}

std::string GoEngine::cmdLoadSgf(const GtpArgs& a) {
  a.expectBetween(1, 2);
  // GTP 2: with move_number n, the position before move n (moves 1..n-1 played).
  const long long moveNumber = a.size() == 2 ? a.integer(1, 1, 1LL << 30) : 0;
  GameRecord record;
  Replay replay;
  try {
    const std::vector<SgfTree> trees = parseSgf(readFileBytes(a.at(0)));
    std::vector<ReplayWarning> warnings;
    record = recordFromSgf(trees.front(), &warnings);
    Rules rules = gtpRules(game_.rules());  // ours, with the record's komi
    if (record.komi) rules.komi = *record.komi;
    ReplayOptions options;
    options.rules = rules;
    options.maxMoves = moveNumber > 0 ? static_cast<int>(moveNumber - 1) : -1;
    replay = replayRecord(record, options);
    for (const auto& w : warnings) log("loadsgf: root: " + w.text);
    for (const auto& w : replay.warnings) {
      log("loadsgf: move " + std::to_string(w.move) + ": " + w.text);
    }
  } catch (const InputError& e) {
    log("loadsgf " + a.at(0) + ": " + e.what());
    throw GtpError("cannot load file");
  }
  game_ = std::move(replay.game);
  setupHandicap_.clear();
  startedEmpty_ = record.setup.empty();
  if (record.handicap >= 2 && !record.setup.empty()) {
    for (const auto& [xy, c] : record.setup) {
      if (c == Color::Black) setupHandicap_.push_back(game_.board().point(xy));
    }
  }
  player_->newGame();
  log("loadsgf " + a.at(0) + ": " + std::to_string(replay.movesPlayed) + " moves, " +
      colorName(game_.toMove()) + " to move");
  return "";  // GTP 2 answers nothing (GNU Go adds the colour to move)
}

std::string GoEngine::cmdPrintSgf(const GtpArgs& a) {
  a.expectBetween(0, 1);
  GameRecord record = recordFromGame(game_);
  const std::vector<Point> handicap = handicapStones();
  if (!handicap.empty()) {
    record.handicap = static_cast<int>(handicap.size());
    if (setupHandicap_.empty()) {
      // Handicap sent as black moves: written as HA with AB setup, White to move.
      for (Point p : handicap) record.setup.emplace_back(game_.board().xy(p), Color::Black);
      size_t skipped = 0;
      while (skipped < handicap.size() && !record.moves.empty()) {
        if (record.moves.front().isMove()) ++skipped;
        record.moves.erase(record.moves.begin());
      }
      record.toMove = Color::White;
    }
  }
  const std::string sgf = saveSgfGame(record);  // InputError above 52x52
  if (a.size() == 1) {
    writeFileBytes(a.at(0), sgf);
    return "";
  }
  return sgf;
}

}  // namespace engine
