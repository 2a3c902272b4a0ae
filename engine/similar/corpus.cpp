// Game folders and their positions (corpus.hpp).
#include "engine/similar/corpus.hpp"

#include <algorithm>
#include <filesystem>

#include "engine/board/errors.hpp"

namespace engine {

uint16_t encodeMove(const Board& board, Point p) {
  if (board.width() * board.height() >= MOVE_NONE)
    throw InputError("board too large for move codes");
  if (p == PASS) return MOVE_PASS;
  return static_cast<uint16_t>(board.y(p) * board.width() + board.x(p));
}

std::optional<XY> decodeMove(uint16_t code, BoardSize size) {
  if (code == MOVE_PASS) return std::nullopt;
  if (code == MOVE_NONE || code >= size.points()) throw InputError("move code off the board");
  return XY{code % size.width, code / size.width};
}

std::string moveText(uint16_t code, BoardSize size) {
  if (code == MOVE_NONE) return "-";
  const auto xy = decodeMove(code, size);
  return xy ? vertexName(*xy, size) : "pass";
}

namespace {

GameInfo infoOf(const std::string& file, const GameRecord& record, int moves) {
  GameInfo info;
  info.id = std::filesystem::path(file).stem().string();
  info.black = record.blackName;
  info.white = record.whiteName;
  info.date = record.date;
  info.result = record.result;
  info.moves = moves;
  return info;
}

// The loaded game rewound to its last setup, and the moves to replay from there.
std::vector<Move> rewind(Game& game) {
  std::vector<Move> moves = game.moves();
  while (game.undo()) {
  }
  return moves;
}

}  // namespace

GameInfo walkGame(const std::string& file, int maxMove,
                  const std::function<void(const GamePosition&)>& visit) {
  LoadedGame loaded = loadSgfGame(readFileBytes(file));
  Game& game = loaded.replay.game;
  const std::vector<Move> moves = rewind(game);
  const GameInfo info = infoOf(file, loaded.record, static_cast<int>(moves.size()));
  for (size_t n = 0; n < moves.size(); ++n) {
    if (maxMove >= 0 && static_cast<int>(n) >= maxMove) break;
    visit(GamePosition{game, static_cast<int>(n), moves[n].color, moves[n].point});
    if (game.play(moves[n]) != MoveError::None) break;  // cannot happen: moves replayed once
  }
  return info;
}

LoadedPosition loadPosition(const std::string& file, int number) {
  LoadedGame loaded = loadSgfGame(readFileBytes(file));
  Game& game = loaded.replay.game;
  const std::vector<Move> moves = rewind(game);
  if (number < 0 || static_cast<size_t>(number) > moves.size()) {
    throw InputError(file + ": the game has " + std::to_string(moves.size()) + " moves, not " +
                     std::to_string(number));
  }
  for (int n = 0; n < number; ++n) game.play(moves[static_cast<size_t>(n)]);
  LoadedPosition out{std::move(game), Color::Black, std::nullopt,
                     infoOf(file, loaded.record, static_cast<int>(moves.size()))};
  if (static_cast<size_t>(number) < moves.size()) {
    out.toMove = moves[static_cast<size_t>(number)].color;
    out.next = moves[static_cast<size_t>(number)].point;
  } else {
    out.toMove = out.game.toMove();
  }
  return out;
}

}  // namespace engine

namespace engine {

std::string jsonQuoteBytes(std::string_view text) {
  std::string out = "\"";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

}  // namespace engine
