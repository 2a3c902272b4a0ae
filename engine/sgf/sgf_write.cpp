// The SGF writer and the value codecs (text escapes, points, point lists).
#include <algorithm>

#include "engine/sgf/sgf.hpp"

namespace engine {

namespace {

// Appends one node: ";" and its properties.
void writeNode(const SgfNode& node, std::string& out) {
  out += ';';
  for (const auto& p : node.properties) {
    out += p.id;
    for (const auto& v : p.values) {
      out += '[';
      out += v;
      out += ']';
    }
  }
}

// Writes one tree without recursion: a node with several children writes each child's
// subtree in "(" ")"; a single child continues the sequence.
void writeTree(const SgfTree& tree, std::string& out) {
  if (tree.empty()) return;
  enum Kind : int { OPEN = -1, CLOSE = -2 };
  std::vector<int> todo{CLOSE, 0};  // node indices, or OPEN / CLOSE
  out += '(';
  int onLine = 0;
  while (!todo.empty()) {
    const int item = todo.back();
    todo.pop_back();
    if (item == OPEN || item == CLOSE) {
      out += item == OPEN ? '(' : ')';
      continue;
    }
    const SgfNode& n = tree.node(item);
    writeNode(n, out);
    if (item == 0 || ++onLine == 16) {
      out += '\n';
      onLine = 0;
    }
    if (n.firstChild < 0) continue;
    if (tree.node(n.firstChild).nextSibling < 0) {
      todo.push_back(n.firstChild);
      continue;
    }
    const std::vector<int> kids = tree.children(item);
    for (auto k = kids.rbegin(); k != kids.rend(); ++k) {
      todo.push_back(CLOSE);
      todo.push_back(*k);
      todo.push_back(OPEN);
    }
  }
  out += '\n';
}

// Text decoding shared by sgfText and sgfSimpleText.
std::string decodeText(std::string_view raw, bool simple) {
  std::string out;
  out.reserve(raw.size());
  const char breakChar = simple ? ' ' : '\n';
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    bool escaped = false;
    if (c == '\\' && i + 1 < raw.size()) {
      c = raw[++i];
      escaped = true;
    }
    if (c == '\n' || c == '\r') {
      // One line break: "\r\n", "\n\r", "\n" or "\r".
      if (i + 1 < raw.size() && (raw[i + 1] == '\n' || raw[i + 1] == '\r') && raw[i + 1] != c) ++i;
      if (!escaped) out += breakChar;  // escaped: soft line break, removed
      continue;
    }
    if (c == '\t' || c == '\v' || c == '\f') c = ' ';
    out += c;
  }
  return out;
}

}  // namespace

std::string writeSgf(const std::vector<SgfTree>& trees) {
  std::string out;
  for (const auto& t : trees) writeTree(t, out);
  return out;
}

std::string writeSgf(const SgfTree& tree) {
  std::string out;
  writeTree(tree, out);
  return out;
}

std::string sgfText(std::string_view raw) {
  return decodeText(raw, false);
}
std::string sgfSimpleText(std::string_view raw) {
  return decodeText(raw, true);
}

std::string sgfEscape(std::string_view text, bool composed) {
  std::string out;
  out.reserve(text.size() + 8);
  for (char c : text) {
    if (c == '\\' || c == ']' || (composed && c == ':')) out += '\\';
    out += c;
  }
  return out;
}

char sgfCoordChar(int v) {
  return static_cast<char>(v < 26 ? 'a' + v : 'A' + (v - 26));
}

std::string sgfPoint(std::optional<XY> xy) {
  if (!xy) return "";
  return {sgfCoordChar(xy->x), sgfCoordChar(xy->y)};
}

namespace {

int coordValue(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
  return -1;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\n' || s.front() == '\r' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

XY readPoint(std::string_view raw, BoardSize size, SgfPlace place) {
  const std::string_view t = trim(raw);
  if (t.size() != 2) {
    throw SgfError("expected a point of two letters, found '" + std::string(raw) + "'", place);
  }
  const XY xy{coordValue(t[0]), coordValue(t[1])};
  if (xy.x < 0 || xy.y < 0 || xy.x >= size.width || xy.y >= size.height) {
    throw SgfError("point '" + std::string(t) + "' is off a board of " + size.str(), place);
  }
  return xy;
}

}  // namespace

std::optional<XY> parseSgfMove(std::string_view raw, BoardSize size, SgfPlace place) {
  const std::string_view t = trim(raw);
  if (t.empty()) return std::nullopt;
  if (t == "tt" && size.width <= 19 && size.height <= 19) return std::nullopt;
  return readPoint(t, size, place);
}

void parseSgfPointList(std::string_view raw, BoardSize size, std::vector<XY>& out, SgfPlace place) {
  const auto colon = raw.find(':');
  if (colon == std::string_view::npos) {
    out.push_back(readPoint(raw, size, place));
    return;
  }
  const XY a = readPoint(raw.substr(0, colon), size, place);
  const XY b = readPoint(raw.substr(colon + 1), size, place);
  for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y) {
    for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x) out.push_back({x, y});
  }
}

}  // namespace engine
