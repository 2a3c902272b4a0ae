// A played match game as a game record (engine/sgf/record.hpp), for its SGF file.
#pragma once

#include <string>

#include "engine/match/match.hpp"
#include "engine/sgf/record.hpp"

namespace engine {

// The record of a match game: size, komi, rules name, players (engine labels), result
// (RE, omitted when unknown), game name "game N", moves, and a root comment saying how
// the game ended and what went wrong (forfeits, referee problems).
GameRecord matchGameRecord(const GameResult& game, const std::string& rulesName);

// The game as FF[4] SGF text (boards up to 52x52; throws InputError above).
std::string matchGameSgf(const GameResult& game, const std::string& rulesName);

}  // namespace engine
