// SGF (Smart Game Format, FF[1]-FF[4]) syntax: a collection of game trees whose nodes
// hold properties with raw byte values. Start reading here.
//
//   sgf.hpp     this file: the tree (SgfTree/SgfNode/SgfProperty), parseSgf, writeSgf,
//               SgfError, and the value codecs (points, point lists, text escapes).
//   record.hpp  what a game is: GameRecord (size, komi, rules, players, setup, main line)
//               from and to an SgfTree, replay into engine::Game with warnings for odd
//               records, loadSgfGame / saveSgfGame one-call helpers.
//   plain.hpp   our own plain-text game format for boards SGF cannot hold (above 52x52);
//               specified in docs/GAME_FORMAT.md.
//
// Reader policy (lenient about real-world files, strict about structure):
// - Bytes before the first "(;" and between games are skipped (mail headers, BOMs).
// - Property values are kept exactly as written between '[' and ']' (escapes included,
//   any charset): decode them with sgfText / sgfSimpleText / parseSgfPoint.
// - FF[1]-FF[3] long lowercase names ("AddBlack", "bLack") keep only their upper-case
//   letters ("AB", "L"); an identifier without upper-case letters is upper-cased.
// - A property repeated in one node is merged: its values are appended (AP twice).
// - The parser is iterative: deeply nested variations cannot exhaust the stack, and the
//   tree is a flat vector of nodes linked by index, so destroying it never recurses.
// - Errors are SgfError with the byte offset, line and column and what was expected.
// The grammar follows the FF[4] specification (https://www.red-bean.com/sgf/sgf4.html).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/coord.hpp"
#include "engine/board/errors.hpp"

namespace engine {

// Where something is in the input: byte offset from 0, line and column from 1 (columns
// count bytes; lines are counted at '\n').
struct SgfPlace {
  size_t offset = 0;
  int line = 1;
  int column = 1;
};

// A malformed SGF input (syntax, or a value that cannot be read). what() reads
// "SGF line L, column C (byte O): <problem>".
class SgfError : public InputError {
 public:
  SgfError(const std::string& problem, SgfPlace place);
  size_t offset() const { return place_.offset; }
  int line() const { return place_.line; }
  int column() const { return place_.column; }
  SgfPlace place() const { return place_; }
  // The problem without the place prefix.
  const std::string& problem() const { return problem_; }

 private:
  std::string problem_;
  SgfPlace place_;
};

// One property: identifier (upper-case letters) and its raw values.
struct SgfProperty {
  std::string id;
  std::vector<std::string> values;  // bytes between '[' and ']', escapes kept
  SgfPlace place;                   // where the identifier starts (default for built trees)
};

// A node: properties plus links (indices into its SgfTree; -1 when absent).
struct SgfNode {
  int parent = -1;
  int firstChild = -1;  // the main line continues through the first child
  int lastChild = -1;
  int nextSibling = -1;
  std::vector<SgfProperty> properties;

  // The property with this identifier, or nullptr.
  const SgfProperty* find(std::string_view id) const;
  SgfProperty* find(std::string_view id);
  bool has(std::string_view id) const { return find(id) != nullptr; }
  // The first raw value of a property, or nullopt when the property is absent.
  std::optional<std::string_view> value(std::string_view id) const;
  // Appends raw values to property id, creating it when absent (as the reader merges).
  void add(std::string_view id, std::vector<std::string> rawValues);
  // Replaces (or creates) property id with these raw values.
  void set(std::string_view id, std::vector<std::string> rawValues);
  // Removes property id; false when it was absent.
  bool remove(std::string_view id);
};

// One game tree: node 0 is the root. Nodes live in one vector and link by index.
class SgfTree {
 public:
  // Number of nodes (0 for an empty tree).
  int size() const { return static_cast<int>(nodes_.size()); }
  bool empty() const { return nodes_.empty(); }
  const SgfNode& node(int i) const { return nodes_[static_cast<size_t>(i)]; }
  SgfNode& node(int i) { return nodes_[static_cast<size_t>(i)]; }
  const SgfNode& root() const { return nodes_.front(); }
  SgfNode& root() { return nodes_.front(); }
  // Adds a node as the last child of parent (parent -1 creates the root of an empty
  // tree) and returns its index. Throws std::logic_error for a second root.
  int addNode(int parent);
  // The children of node i, first (main line) first.
  std::vector<int> children(int i) const;
  // Indices of the main line: the root, its first child, that node's first child, ...
  std::vector<int> mainLine() const;

 private:
  std::vector<SgfNode> nodes_;
};

// Reads every game tree of an SGF collection. Throws SgfError for malformed input and
// when no game tree ("(;") is found at all.
std::vector<SgfTree> parseSgf(std::string_view bytes);

// Writes trees as an SGF collection. Values are written as stored (raw), so a tree
// read by parseSgf is written back byte-identical in its values. Iterative (no deep
// recursion). Each game ends with a newline.
std::string writeSgf(const std::vector<SgfTree>& trees);
std::string writeSgf(const SgfTree& tree);

// Reads a whole file into a string. Throws InputError when it cannot be read.
std::string readFileBytes(const std::string& path);

// The .sgf files under dir (recursively), sorted by path. Throws InputError when dir is
// not a directory or cannot be listed.
std::vector<std::string> listSgfFiles(const std::string& dir);
// Writes bytes to a file (replacing it). Throws InputError when it cannot be written.
void writeFileBytes(const std::string& path, std::string_view bytes);

// ---- Value codecs -------------------------------------------------------------------

// Largest board side SGF points can address (a-z, A-Z).
inline constexpr int SGF_MAX_SIDE = 52;

// Decodes an SGF Text value: "\x" becomes "x", a backslash before a line break removes
// both (soft line break), other whitespace than line breaks becomes a space. Line breaks
// are kept (as '\n'; "\r\n", "\n\r" and "\r" all count as one). Bytes pass through.
std::string sgfText(std::string_view raw);
// Decodes a SimpleText value: as sgfText, then every line break becomes a space.
std::string sgfSimpleText(std::string_view raw);
// Escapes text for a Text/SimpleText value: '\' and ']' get a backslash (and ':' when
// composed is set, for one side of a compose value such as LB).
std::string sgfEscape(std::string_view text, bool composed = false);

// The SGF letter for a coordinate 0..51 ('a'..'z', 'A'..'Z').
char sgfCoordChar(int v);
// Encodes a point of a board of this size ("dd"); nullopt gives a pass ("" — SGF FF[4]).
std::string sgfPoint(std::optional<XY> xy);

// Reads a move value on a board of this size: nullopt for a pass ("" always; "tt" on
// boards up to 19x19). Throws SgfError at `place` for anything else that is not a point
// of the board.
std::optional<XY> parseSgfMove(std::string_view raw, BoardSize size, SgfPlace place = {});
// Reads one point or a compressed rectangle "aa:cc" (corners in either order) and
// appends its points. Throws SgfError at `place` when a point is off the board.
void parseSgfPointList(std::string_view raw, BoardSize size, std::vector<XY>& out,
                       SgfPlace place = {});

}  // namespace engine
