#include "engine/shapes/library.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "engine/board/errors.hpp"
#include "engine/board/rng.hpp"

namespace engine {

namespace {

// Roles a header may give to named points, and which kind of cell each must name.
enum class NameKind { OwnStone, OppStone, Empty };

bool isRole(const std::string& key) {
  return key == "join" || key == "via" || key == "move" || key == "eye" || key == "vital";
}

// Cell value and kind of a diagram character; returns false for an unknown character.
bool cellOf(char ch, uint8_t& cell, bool& named) {
  named = false;
  switch (ch) {
    case 'X':
      cell = CELL_BLACK;
      return true;
    case 'O':
      cell = CELL_WHITE;
      return true;
    case '.':
      cell = CELL_EMPTY;
      return true;
    case '?':
      cell = CELL_ANY;
      return true;
    case '#':
      cell = CELL_OFF;
      return true;
    default:
      break;
  }
  named = true;
  if (ch >= 'A' && ch <= 'W' && ch != 'O') return cell = CELL_BLACK, true;
  if (ch >= '1' && ch <= '9') return cell = CELL_WHITE, true;
  if (ch >= 'a' && ch <= 'w' && ch != 'o') return cell = CELL_EMPTY, true;
  named = false;
  return false;
}

struct ParseState {
  const std::string& sourceName;
  std::vector<Shape> shapes;
  // Pending role letters of the shape being read: role -> letters.
  std::vector<std::pair<std::string, std::string>> roles;
  int headerLine = 0;
  std::vector<std::string> rows;
  std::vector<int> rowLines;

  [[noreturn]] void fail(int line, const std::string& what) const {
    throw InputError(sourceName + ":" + std::to_string(line) + ": " + what);
  }
};

int parseInt(const ParseState& st, int line, const std::string& key, const std::string& v, int lo,
             int hi) {
  size_t used = 0;
  int n = 0;
  try {
    n = std::stoi(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != v.size() || n < lo || n > hi) {
    st.fail(line, key + "=" + v + ": expected an integer in " + std::to_string(lo) + ".." +
                      std::to_string(hi));
  }
  return n;
}

void parseHeader(ParseState& st, int line, const std::string& text) {
  std::istringstream in(text);
  std::string word, name, cat;
  in >> word >> name >> cat;
  if (name.empty() || cat.empty()) st.fail(line, "expected 'shape NAME CATEGORY [key=value...]'");
  for (char ch : name) {
    if (!(std::islower(static_cast<unsigned char>(ch)) ||
          std::isdigit(static_cast<unsigned char>(ch)) || ch == '_')) {
      st.fail(line, "shape name '" + name + "': use lower-case letters, digits and '_'");
    }
  }
  for (const Shape& s : st.shapes) {
    if (s.name == name) st.fail(line, "shape '" + name + "' already defined at " + s.source);
  }
  Shape s;
  s.name = name;
  s.source = st.sourceName + ":" + std::to_string(line);
  const char* cats[] = {"scored", "connection", "keypoint", "eye", "joseki"};
  const auto it = std::find(std::begin(cats), std::end(cats), cat);
  if (it == std::end(cats)) {
    st.fail(line, "unknown category '" + cat + "' (scored, connection, keypoint, eye, joseki)");
  }
  s.category = static_cast<ShapeCategory>(it - std::begin(cats));
  bool haveValue = false, haveConfidence = false;
  st.roles.clear();
  while (in >> word) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == word.size()) {
      st.fail(line, "expected key=value, got '" + word + "'");
    }
    const std::string key = word.substr(0, eq), v = word.substr(eq + 1);
    if (key == "value") {
      s.value = parseInt(st, line, key, v, -100, 100);
      haveValue = true;
    } else if (key == "confidence") {
      s.confidence = parseInt(st, line, key, v, 0, 100);
      haveConfidence = true;
    } else if (isRole(key)) {
      std::string letters;
      for (size_t i = 0; i < v.size(); i += 2) {
        if (i + 1 < v.size() && v[i + 1] != ',')
          st.fail(line, key + "=" + v + ": expected letters separated by ','");
        letters += v[i];
      }
      st.roles.emplace_back(key, letters);
    } else {
      st.fail(line, "unknown key '" + key + "' (value, confidence, join, via, move, eye, vital)");
    }
  }
  const bool needsConfidence =
      s.category == ShapeCategory::Connection || s.category == ShapeCategory::Eye;
  if (s.category == ShapeCategory::Scored && (!haveValue || s.value == 0)) {
    st.fail(line, "a scored shape needs value=N (N != 0)");
  }
  if (needsConfidence && !haveConfidence)
    st.fail(line, std::string("a ") + cat + " shape needs confidence=N");
  st.headerLine = line;
  st.shapes.push_back(std::move(s));
}

// Checks the roles a category needs once the diagram's named points are known.
void checkRoles(const ParseState& st, const Shape& s) {
  auto count = [&](const char* role, NameKind kind) {
    int n = 0;
    for (const NamedPoint& p : s.points) {
      if (p.role != role) continue;
      const uint8_t c = s.cells[p.dy * s.width + p.dx];
      const bool ok = kind == NameKind::Empty ? c == CELL_EMPTY : c == CELL_BLACK;
      if (!ok) {
        st.fail(st.headerLine,
                std::string(role) + "=" + p.name + ": '" + p.name + "' must be " +
                    (kind == NameKind::Empty ? "an empty point (a-w)" : "an X stone (A-W)"));
      }
      ++n;
    }
    return n;
  };
  switch (s.category) {
    case ShapeCategory::Connection:
      if (count("join", NameKind::OwnStone) < 2)
        st.fail(st.headerLine, "a connection needs join= with two X stones");
      count("via", NameKind::Empty);
      break;
    case ShapeCategory::Keypoint:
      if (count("move", NameKind::Empty) < 1)
        st.fail(st.headerLine, "a keypoint needs move= naming an empty point");
      break;
    case ShapeCategory::Eye:
      if (count("eye", NameKind::Empty) < 1)
        st.fail(st.headerLine, "an eye shape needs eye= naming empty points");
      count("vital", NameKind::Empty);
      break;
    default:
      break;
  }
}

// True when the diagram has a full off-board row and a full off-board column meeting at a
// corner (joseki shapes must be anchored so).
bool cornerAnchored(const Shape& s) {
  auto fullRow = [&](int y) {
    for (int x = 0; x < s.width; ++x)
      if (s.cells[y * s.width + x] != CELL_OFF) return false;
    return true;
  };
  auto fullCol = [&](int x) {
    for (int y = 0; y < s.height; ++y)
      if (s.cells[y * s.width + x] != CELL_OFF) return false;
    return true;
  };
  return (fullRow(0) || fullRow(s.height - 1)) && (fullCol(0) || fullCol(s.width - 1));
}

// Removes border rows and columns that are all don't-care.
void trim(Shape& s) {
  auto any = [&](int x, int y) { return s.cells[y * s.width + x] == CELL_ANY; };
  int x0 = 0, x1 = s.width - 1, y0 = 0, y1 = s.height - 1;
  auto colAny = [&](int x) {
    for (int y = y0; y <= y1; ++y)
      if (!any(x, y)) return false;
    return true;
  };
  auto rowAny = [&](int y) {
    for (int x = x0; x <= x1; ++x)
      if (!any(x, y)) return false;
    return true;
  };
  while (y0 < y1 && rowAny(y0)) ++y0;
  while (y1 > y0 && rowAny(y1)) --y1;
  while (x0 < x1 && colAny(x0)) ++x0;
  while (x1 > x0 && colAny(x1)) --x1;
  std::vector<uint8_t> cells;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) cells.push_back(s.cells[y * s.width + x]);
  for (NamedPoint& p : s.points) p.dx -= x0, p.dy -= y0;
  s.width = x1 - x0 + 1;
  s.height = y1 - y0 + 1;
  s.cells = std::move(cells);
}

void finishShape(ParseState& st) {
  if (st.shapes.empty() || st.headerLine == 0) return;
  Shape& s = st.shapes.back();
  if (st.rows.empty()) st.fail(st.headerLine, "shape '" + s.name + "' has no diagram");
  s.height = static_cast<int>(st.rows.size());
  s.width = static_cast<int>(st.rows[0].size());
  if (s.height > MAX_PATTERN_SIDE || s.width > MAX_PATTERN_SIDE) {
    st.fail(st.headerLine,
            "diagram larger than " + std::to_string(MAX_PATTERN_SIDE) + " points a side");
  }
  std::string seen;
  for (int y = 0; y < s.height; ++y) {
    if (static_cast<int>(st.rows[y].size()) != s.width) {
      st.fail(st.rowLines[y], "row has " + std::to_string(st.rows[y].size()) +
                                  " points, the first row " + std::to_string(s.width));
    }
    for (int x = 0; x < s.width; ++x) {
      const char ch = st.rows[y][x];
      uint8_t cell;
      bool named;
      if (!cellOf(ch, cell, named)) {
        st.fail(st.rowLines[y], std::string("unknown diagram character '") + ch +
                                    "' (X O . ? # or a named point A-W, 1-9, a-w)");
      }
      s.cells.push_back(cell);
      if (!named) continue;
      if (seen.find(ch) != std::string::npos)
        st.fail(st.rowLines[y], std::string("named point '") + ch + "' appears twice");
      seen += ch;
      std::string role;
      for (const auto& [r, letters] : st.roles) {
        if (letters.find(ch) != std::string::npos) role = r;
      }
      if (role.empty())
        st.fail(st.rowLines[y], std::string("named point '") + ch + "' has no role in the header");
      s.points.push_back({ch, role, x, y});
    }
  }
  for (const auto& [r, letters] : st.roles) {
    for (char ch : letters) {
      if (seen.find(ch) == std::string::npos) {
        st.fail(st.headerLine, r + "=" + ch + ": '" + ch + "' is not in the diagram");
      }
    }
  }
  if (std::none_of(s.cells.begin(), s.cells.end(), [](uint8_t c) { return c < CELL_OFF; })) {
    st.fail(st.headerLine, "the diagram needs at least one stone or empty point");
  }
  if (s.category == ShapeCategory::Joseki && !cornerAnchored(s)) {
    st.fail(st.headerLine, "a joseki shape must be corner-anchored: a full '#' row and column");
  }
  checkRoles(st, s);
  trim(s);
  st.headerLine = 0;
  st.rows.clear();
  st.rowLines.clear();
}

std::string strip(std::string_view line) {
  std::string out;
  for (char ch : line) {
    if (ch != ' ' && ch != '\t' && ch != '\r') out += ch;
  }
  return out;
}

// Applies transform t (bit 2 transpose, then bit 0 mirror x, bit 1 mirror y) to a cell of
// a w x h diagram.
void transformCell(int t, int w, int h, int x, int y, int& tx, int& ty) {
  if (t & 4) std::swap(x, y), std::swap(w, h);
  tx = (t & 1) ? w - 1 - x : x;
  ty = (t & 2) ? h - 1 - y : y;
}

uint64_t bitmapHash(const Pattern& p) {
  uint64_t h = splitmix64(static_cast<uint64_t>(p.width) * 131 + static_cast<uint64_t>(p.height));
  for (int r = 0; r < p.height; ++r) h = splitmix64(h ^ (uint64_t{p.value[r]} << 32 | p.mask[r]));
  return h;
}

}  // namespace

const char* categoryName(ShapeCategory c) {
  switch (c) {
    case ShapeCategory::Scored:
      return "scored";
    case ShapeCategory::Connection:
      return "connection";
    case ShapeCategory::Keypoint:
      return "keypoint";
    case ShapeCategory::Eye:
      return "eye";
    case ShapeCategory::Joseki:
      return "joseki";
  }
  return "?";
}

uint8_t Pattern::cell(int dx, int dy) const {
  if (((mask[dy] >> (2 * dx)) & 3) == 0) return CELL_ANY;
  return static_cast<uint8_t>((value[dy] >> (2 * dx)) & 3);
}

bool Pattern::sameBitmap(const Pattern& o) const {
  if (width != o.width || height != o.height) return false;
  for (int r = 0; r < height; ++r) {
    if (value[r] != o.value[r] || mask[r] != o.mask[r]) return false;
  }
  return true;
}

std::vector<Pattern> expandShape(const Shape& s, uint32_t shapeIndex) {
  std::vector<Pattern> out;
  for (int swap = 0; swap < 2; ++swap) {
    for (int t = 0; t < 8; ++t) {
      Pattern p;
      p.shape = shapeIndex;
      p.transform = static_cast<uint8_t>(t);
      p.owner = swap ? Color::White : Color::Black;
      p.width = (t & 4) ? s.height : s.width;
      p.height = (t & 4) ? s.width : s.height;
      for (int y = 0; y < s.height; ++y) {
        for (int x = 0; x < s.width; ++x) {
          uint8_t c = s.cells[y * s.width + x];
          if (c == CELL_ANY) continue;
          if (swap && (c == CELL_BLACK || c == CELL_WHITE))
            c = c == CELL_BLACK ? CELL_WHITE : CELL_BLACK;
          int tx, ty;
          transformCell(t, s.width, s.height, x, y, tx, ty);
          p.value[ty] |= uint32_t{c} << (2 * tx);
          p.mask[ty] |= uint32_t{3} << (2 * tx);
        }
      }
      for (NamedPoint np : s.points) {
        transformCell(t, s.width, s.height, np.dx, np.dy, np.dx, np.dy);
        p.points.push_back(np);
      }
      const bool dup =
          std::any_of(out.begin(), out.end(), [&](const Pattern& q) { return q.sameBitmap(p); });
      if (!dup) out.push_back(std::move(p));
    }
  }
  return out;
}

std::string patternToString(const Pattern& p) {
  std::string out;
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const uint8_t c = p.cell(x, y);
      out += c == CELL_ANY ? '?' : c == CELL_OFF ? '#' : colorChar(static_cast<Color>(c));
      out += x + 1 < p.width ? " " : "\n";
    }
  }
  return out;
}

void ShapeLibrary::expand() {
  patterns_.clear();
  maxSide_ = 0;
  std::unordered_multimap<uint64_t, size_t> byHash;
  for (uint32_t i = 0; i < shapes_.size(); ++i) {
    for (Pattern& p : expandShape(shapes_[i], i)) {
      const uint64_t h = bitmapHash(p);
      const auto [b, e] = byHash.equal_range(h);
      for (auto it = b; it != e; ++it) {
        const Pattern& q = patterns_[it->second];
        if (q.sameBitmap(p)) {
          throw InputError(shapes_[i].source + ": shape '" + shapes_[i].name +
                           "' has a variant identical to shape '" + shapes_[q.shape].name + "' (" +
                           shapes_[q.shape].source + ")");
        }
      }
      byHash.emplace(h, patterns_.size());
      maxSide_ = std::max({maxSide_, p.width, p.height});
      patterns_.push_back(std::move(p));
    }
  }
}

ShapeLibrary ShapeLibrary::parse(std::string_view text, const std::string& sourceName) {
  ParseState st{sourceName, {}, {}, 0, {}, {}};
  int line = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    const std::string s = strip(raw);
    if (!s.empty() && s[0] == ';') continue;
    if (s.empty()) {
      finishShape(st);
      continue;
    }
    if (s.rfind("shape", 0) == 0 && raw.find_first_not_of(" \t") != std::string_view::npos &&
        raw.substr(raw.find_first_not_of(" \t")).rfind("shape ", 0) == 0) {
      finishShape(st);
      parseHeader(st, line, std::string(raw));
      continue;
    }
    if (st.headerLine == 0)
      st.fail(line, "diagram row outside a shape (start with 'shape NAME CATEGORY')");
    st.rows.push_back(s);
    st.rowLines.push_back(line);
  }
  finishShape(st);
  return fromShapes(std::move(st.shapes));
}

ShapeLibrary ShapeLibrary::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open shape library");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path);
}

ShapeLibrary ShapeLibrary::fromShapes(std::vector<Shape> shapes) {
  ShapeLibrary lib;
  lib.shapes_ = std::move(shapes);
  lib.expand();
  return lib;
}

}  // namespace engine
