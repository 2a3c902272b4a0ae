// Our plain-text game format, for boards SGF cannot hold (sides above 52, up to 1001)
// and for any GameRecord. Full specification: docs/GAME_FORMAT.md. In short:
//
//   fractalgo-game 1          magic and version (first line)
//   size 1001x1001            header lines "key value", in any order, each at most once
//   komi 7.5                  (keys: size komi rules handicap black white black-rank
//   rules Chinese              white-rank result date event name comment to-move)
//   setup B 0,0 17,3          root setup: "setup B|W|E x,y ..." (repeatable)
//   moves                     start of the main line
//   B 3,4                     a step: "B x,y", "W pass", or "-" (a node with no move)
//   comment text\nmore        lines after a step belong to it: "comment", "setup"
//   end                       (setup of a step is applied before its move)
//
// Points are "x,y": column and row from 0, counted from the top-left corner (XY).
// Text values run to the end of the line; a backslash escapes: "\\" backslash, "\n"
// line feed, "\r" carriage return. Any other byte is kept as is (not only UTF-8).
// Lines end with "\n" ("\r\n" accepted). Blank lines and lines starting with '#' are
// ignored. Errors are GameTextError with the line and column.
#pragma once

#include <string>
#include <string_view>

#include "engine/sgf/record.hpp"

namespace engine {

// A malformed plain-text game: what() reads "game text line L, column C: <problem>".
class GameTextError : public InputError {
 public:
  GameTextError(const std::string& problem, int line, int column);
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_, column_;
};

// The first line of every plain game file.
inline constexpr std::string_view GAME_TEXT_MAGIC = "fractalgo-game 1";

// Writes a record in the plain format (any board size).
std::string writeGameText(const GameRecord& record);
// Reads a plain-format record. Throws GameTextError with the place of the problem.
GameRecord readGameText(std::string_view text);
// True when the text starts (after white space) with the plain format's magic word.
bool looksLikeGameText(std::string_view text);

// Reads a game file in either format (plain when it starts with the magic, otherwise
// SGF, first game). Warnings from reading SGF values go to warnings when given.
GameRecord readGameRecord(std::string_view bytes, std::vector<ReplayWarning>* warnings = nullptr);

}  // namespace engine
