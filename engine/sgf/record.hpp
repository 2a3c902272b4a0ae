// Game records: what a game is, independent of its file format, and its replay into an
// engine::Game. SGF (sgf.hpp) and the plain format (plain.hpp) both convert to and from
// GameRecord; replayRecord() turns a record into a Game, reporting odd records.
//
// Reading SGF game information (recordFromSgf):
// - SZ[n] or SZ[w:h], 1..52 (default 19x19 when absent). FF, GM and CA are not required.
// - KM: a plain number. Fox server records store komi x100 as a whole number: a KM that
//   has no decimal point and a magnitude of at least 50 is divided by 100 (KM[650] is
//   6.5); if such a value then ends in .25 or .75 and RU is Chinese, Fox counted it in
//   stones and it is doubled to points (KM[375] RU[Chinese] is 7.5). See
//   /work/shared/data/README.md. KM[0] is kept as 0 (it often means "not recorded").
// - HA[n] with AB stones: the stones are the setup. HA[n] (n >= 2) without AB: when the
//   main line starts with n black moves they are the handicap placement (no warning for
//   "black twice"); otherwise stones go on the standard fixed-handicap points (GTP 2
//   section 4.1.1) and a warning says so (an error when the board has no such points).
// - Moves: B/W with "" or "tt" (boards up to 19x19) for a pass. Setup: AB/AW/AE with
//   compressed point lists, PL for the side to move. Comments: C (decoded Text).
//
// Replay policy for odd records (replayRecord); each case adds a ReplayWarning with the
// 1-based move number (0 for the root), and the record is followed as far as sensible:
// - The same colour twice in a row: the move is played as recorded (engine::Game allows
//   it); no pass is inserted, so Game::moves() matches the record.
// - A move by a colour that repeats a position under positional superko: the game is
//   rebuilt under simple ko (warning) and the replay goes on.
// - Moves after the game ended by passes: the game is rebuilt so that passes never end
//   it (Rules::passesToEnd very large; warning) and the replay goes on.
// - Any other illegal move (occupied point, simple-ko recapture, suicide where the rules
//   forbid it): the replay stops before it; the Game holds the position before that move
//   and the warning counts the moves not replayed.
// - A node with both B and W, or a move with several values: the first is used.
// - Setup (AB/AW/AE) after moves: applied with Game::setup (so Game::moves() restarts
//   there; warning).
// Rules come from RU: Japanese/Korean (territory scoring, simple ko: they have no
// superko), Chinese/AGA (area, positional superko), NZ/Tromp-Taylor (area, suicide
// allowed); unknown or absent RU gives engine::Rules{} (area, positional superko). Komi
// is the record's (0 when absent).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/board/game.hpp"
#include "engine/sgf/sgf.hpp"

namespace engine {

// One step of the main line after the root: an optional move, optional setup changes
// applied before it, and its comment. color Empty means a node without a move.
struct RecordMove {
  Color color = Color::Empty;
  std::optional<XY> at;                     // nullopt: pass (when color is a stone)
  std::vector<std::pair<XY, Color>> setup;  // AB/AW/AE in this node (Empty for AE)
  std::string comment;                      // decoded C text, "" when none
  bool isMove() const { return isStone(color); }
  bool operator==(const RecordMove&) const = default;
};

// A game record (main line only), the common form of SGF and plain-text games.
struct GameRecord {
  BoardSize size;
  std::optional<double> komi;  // points; nullopt when the record gives none
  std::string rules;           // RU as written ("Japanese"), "" when absent
  int handicap = 0;            // HA (0 when absent)
  std::string blackName, whiteName, blackRank, whiteRank;  // PB PW BR WR
  std::string result, date, event, gameName;               // RE DT EV GN
  std::string comment;                                     // root C
  std::vector<std::pair<XY, Color>> setup;                 // root AB/AW/AE (Empty for AE)
  Color toMove = Color::Empty;                             // PL, Empty when not given
  std::vector<RecordMove> moves;                           // the main line after the root

  // Number of entries that are moves (passes included).
  int moveCount() const;
  bool operator==(const GameRecord&) const = default;
};

// A note about an odd record: the move number (1-based; 0 for the root) and what.
struct ReplayWarning {
  int move = 0;
  std::string text;
};

// Reads the game information and main line of a tree. Throws SgfError (with the place)
// for an unreadable SZ, KM or HA and for points off the board; appends notes about
// ignored values to warnings when given.
GameRecord recordFromSgf(const SgfTree& tree, std::vector<ReplayWarning>* warnings = nullptr);
// Builds an FF[4] tree: FF[4] CA[UTF-8] GM[1] AP SZ (SZ[w:h] when not square), KM, RU,
// HA, PB/PW/BR/WR/RE/DT/EV/GN when non-empty, C, AB/AW/AE, PL, then one node per step.
// Throws InputError when the board is above 52x52 (use plain.hpp).
SgfTree recordToSgf(const GameRecord& record);

// Rules named by the record's RU (see the header comment) with the record's komi.
Rules rulesForRecord(const GameRecord& record);

struct ReplayOptions {
  std::optional<Rules> rules;  // override the rules taken from RU (komi too)
  int maxMoves = -1;           // stop after this many moves (-1: all), as GTP loadsgf
};

// A replayed record.
struct Replay {
  Game game;
  std::vector<ReplayWarning> warnings;
  int movesPlayed = 0;    // moves (passes included) played into game
  bool complete = false;  // every move of the main line was played
};

// Replays setup and main line into a Game (see the policy above). Throws InputError
// when the setup leaves a chain without liberties or HA cannot be placed.
Replay replayRecord(const GameRecord& record, const ReplayOptions& options = {});

// The record of a played game: size, komi and rules name of its Rules, the position
// after its last setup (as root setup, with PL) and its moves. Info fields are empty.
GameRecord recordFromGame(const Game& game);

// One call from SGF text to a replayed game: game `index` of the collection.
struct LoadedGame {
  GameRecord record;
  Replay replay;
};
LoadedGame loadSgfGame(std::string_view sgf, const ReplayOptions& options = {}, int index = 0);
// One call from a record to SGF text (recordToSgf + writeSgf).
std::string saveSgfGame(const GameRecord& record);

}  // namespace engine
