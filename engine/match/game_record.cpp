#include "engine/match/game_record.hpp"

#include <ctime>

#include "engine/board/board.hpp"

namespace engine {

namespace {
std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
  return buf;
}

// SGF RU value for our rule names.
std::string sgfRulesName(const std::string& rules) {
  if (rules == "chinese") return "Chinese";
  if (rules == "japanese") return "Japanese";
  if (rules == "tromp-taylor") return "Tromp-Taylor";
  return rules;
}
}  // namespace

GameRecord matchGameRecord(const GameResult& game, const std::string& rulesName) {
  GameRecord rec;
  rec.size = game.size;
  rec.komi = game.komi;
  rec.rules = sgfRulesName(rulesName);
  rec.blackName = game.blackName;
  rec.whiteName = game.whiteName;
  if (game.decided) rec.result = game.result;
  rec.date = today();
  rec.gameName = "game " + std::to_string(game.index);
  rec.comment = "ended by " + std::string(endReasonName(game.reason));
  if (!game.error.empty()) rec.comment += "\n" + game.error;
  if (game.resultSelf != "?") rec.comment += "\nown scorer (all stones alive): " + game.resultSelf;
  if (game.resultReferee != "?") rec.comment += "\nreferee: " + game.resultReferee;
  // Point numbers depend on the board width only: decode them with a board of this size.
  const Board board(game.size);
  for (const Move& m : game.moves) {
    RecordMove rm;
    rm.color = m.color;
    if (m.point != PASS) rm.at = board.xy(m.point);
    rec.moves.push_back(std::move(rm));
  }
  return rec;
}

std::string matchGameSgf(const GameResult& game, const std::string& rulesName) {
  return saveSgfGame(matchGameRecord(game, rulesName));
}

}  // namespace engine
