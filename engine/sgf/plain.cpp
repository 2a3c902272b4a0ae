// The plain-text game format (plain.hpp, docs/GAME_FORMAT.md).
#include "engine/sgf/plain.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace engine {

namespace {

std::string escapeLine(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out += c;
    }
  }
  return out;
}

std::string numberText(double v) {
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, ec == std::errc() ? ptr : buf);
}

void appendPoint(std::string& out, XY xy) {
  out += std::to_string(xy.x);
  out += ',';
  out += std::to_string(xy.y);
}

void writeSetupLines(const std::vector<std::pair<XY, Color>>& setup, std::string& out) {
  static constexpr std::pair<const char*, Color> kinds[] = {
      {"B", Color::Black}, {"W", Color::White}, {"E", Color::Empty}};
  for (const auto& [name, color] : kinds) {
    int onLine = 0;
    for (const auto& [xy, c] : setup) {
      if (c != color) continue;
      if (onLine == 0) (out += "setup ") += name;
      out += ' ';
      appendPoint(out, xy);
      if (++onLine == 32) {
        out += '\n';
        onLine = 0;
      }
    }
    if (onLine > 0) out += '\n';
  }
}

// A line-oriented reader with positions for errors.
class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}

  // Next significant line (skips blank and '#' lines); false at end of input.
  bool next() {
    while (pos_ < s_.size()) {
      const size_t start = pos_;
      size_t end = s_.find('\n', start);
      if (end == std::string_view::npos) end = s_.size();
      pos_ = end + 1;
      ++line_;
      std::string_view l = s_.substr(start, end - start);
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      if (l.empty() || l.front() == '#') continue;
      cur_ = l;
      return true;
    }
    return false;
  }
  std::string_view line() const { return cur_; }
  int lineNumber() const { return line_; }
  [[noreturn]] void fail(const std::string& problem, std::string_view at) const {
    const int col = at.data() >= cur_.data() && at.data() <= cur_.data() + cur_.size()
                        ? static_cast<int>(at.data() - cur_.data()) + 1
                        : 1;
    throw GameTextError(problem, line_, col);
  }

 private:
  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 0;
  std::string_view cur_;
};

std::string unescape(const Reader& r, std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      out += s[i];
      continue;
    }
    if (i + 1 == s.size())
      r.fail("a backslash ends the line: expected \\\\, \\n or \\r", s.substr(i));
    const char e = s[++i];
    if (e == '\\') {
      out += '\\';
    } else if (e == 'n') {
      out += '\n';
    } else if (e == 'r') {
      out += '\r';
    } else {
      r.fail(std::string("unknown escape '\\") + e + "': expected \\\\, \\n or \\r",
             s.substr(i - 1));
    }
  }
  return out;
}

int readInt(const Reader& r, std::string_view s, const char* what) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) {
    r.fail(std::string("expected ") + what + ", found '" + std::string(s) + "'", s);
  }
  return v;
}

XY readPoint(const Reader& r, std::string_view s, BoardSize size) {
  const auto comma = s.find(',');
  if (comma == std::string_view::npos)
    r.fail("expected a point x,y, found '" + std::string(s) + "'", s);
  const XY xy{readInt(r, s.substr(0, comma), "a column number"),
              readInt(r, s.substr(comma + 1), "a row number")};
  if (xy.x < 0 || xy.y < 0 || xy.x >= size.width || xy.y >= size.height) {
    r.fail("point " + std::string(s) + " is off a board of " + size.str(), s);
  }
  return xy;
}

Color readColor(const Reader& r, std::string_view s, bool allowEmpty) {
  if (s == "B") return Color::Black;
  if (s == "W") return Color::White;
  if (allowEmpty && s == "E") return Color::Empty;
  r.fail(std::string("expected B or W") + (allowEmpty ? " or E" : "") + ", found '" +
             std::string(s) + "'",
         s);
}

// Splits "key rest" at the first space.
std::pair<std::string_view, std::string_view> splitKey(std::string_view l) {
  const auto sp = l.find(' ');
  if (sp == std::string_view::npos) return {l, l.substr(l.size())};
  return {l.substr(0, sp), l.substr(sp + 1)};
}

void readSetupLine(const Reader& r, std::string_view rest, BoardSize size,
                   std::vector<std::pair<XY, Color>>& out) {
  auto [colorText, pts] = splitKey(rest);
  const Color c = readColor(r, colorText, true);
  if (pts.empty()) r.fail("expected points after the setup colour", pts);
  while (!pts.empty()) {
    auto [p, more] = splitKey(pts);
    if (!p.empty()) out.push_back({readPoint(r, p, size), c});
    pts = more;
  }
}

}  // namespace

GameTextError::GameTextError(const std::string& problem, int line, int column)
    : InputError("game text line " + std::to_string(line) + ", column " + std::to_string(column) +
                 ": " + problem),
      line_(line),
      column_(column) {}

std::string writeGameText(const GameRecord& rec) {
  std::string out(GAME_TEXT_MAGIC);
  out += '\n';
  out += "size " + rec.size.str() + "\n";
  if (rec.komi) out += "komi " + numberText(*rec.komi) + "\n";
  if (rec.handicap) out += "handicap " + std::to_string(rec.handicap) + "\n";
  const std::pair<const char*, const std::string*> texts[] = {{"rules", &rec.rules},
                                                              {"black", &rec.blackName},
                                                              {"white", &rec.whiteName},
                                                              {"black-rank", &rec.blackRank},
                                                              {"white-rank", &rec.whiteRank},
                                                              {"result", &rec.result},
                                                              {"date", &rec.date},
                                                              {"event", &rec.event},
                                                              {"name", &rec.gameName},
                                                              {"comment", &rec.comment}};
  for (const auto& [key, text] : texts) {
    if (!text->empty()) out += std::string(key) + " " + escapeLine(*text) + "\n";
  }
  if (isStone(rec.toMove)) out += std::string("to-move ") + colorName(rec.toMove) + "\n";
  writeSetupLines(rec.setup, out);
  out += "moves\n";
  for (const RecordMove& m : rec.moves) {
    if (m.isMove()) {
      out += colorName(m.color);
      out += ' ';
      if (m.at) {
        appendPoint(out, *m.at);
      } else {
        out += "pass";
      }
      out += '\n';
    } else {
      out += "-\n";
    }
    writeSetupLines(m.setup, out);
    if (!m.comment.empty()) out += "comment " + escapeLine(m.comment) + "\n";
  }
  out += "end\n";
  return out;
}

namespace {

// Reads one header line into rec; returns false when the key is unknown.
bool readHeader(const Reader& r, std::string_view key, std::string_view rest, GameRecord& rec,
                bool& sizeSeen) {
  std::string* text = key == "rules"        ? &rec.rules
                      : key == "black"      ? &rec.blackName
                      : key == "white"      ? &rec.whiteName
                      : key == "black-rank" ? &rec.blackRank
                      : key == "white-rank" ? &rec.whiteRank
                      : key == "result"     ? &rec.result
                      : key == "date"       ? &rec.date
                      : key == "event"      ? &rec.event
                      : key == "name"       ? &rec.gameName
                      : key == "comment"    ? &rec.comment
                                            : nullptr;
  if (text) {
    *text = unescape(r, rest);
  } else if (key == "size") {
    if (sizeSeen) r.fail("size given twice", key);
    if (!rec.setup.empty()) r.fail("size must come before setup", key);
    try {
      rec.size = parseBoardSize(rest);
    } catch (const InputError& e) {
      r.fail(e.what(), rest);
    }
    sizeSeen = true;
  } else if (key == "komi") {
    double v = 0;
    auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
    if (rest.empty() || ec != std::errc() || ptr != rest.data() + rest.size() ||
        !std::isfinite(v)) {
      r.fail("expected a number for komi, found '" + std::string(rest) + "'", rest);
    }
    rec.komi = v;
  } else if (key == "handicap") {
    rec.handicap = readInt(r, rest, "a handicap (whole number)");
    if (rec.handicap < 0) r.fail("handicap must not be negative", rest);
  } else if (key == "to-move") {
    rec.toMove = readColor(r, rest, false);
  } else if (key == "setup") {
    readSetupLine(r, rest, rec.size, rec.setup);
  } else {
    return false;
  }
  return true;
}

}  // namespace

GameRecord readGameText(std::string_view text) {
  Reader r(text);
  if (!r.next() || r.line() != GAME_TEXT_MAGIC) {
    throw GameTextError("expected the first line \"" + std::string(GAME_TEXT_MAGIC) + "\"",
                        r.lineNumber(), 1);
  }
  GameRecord rec;
  bool sizeSeen = false;
  std::vector<std::string_view> seen;
  for (;;) {
    if (!r.next()) r.fail("unexpected end of input: expected \"moves\"", r.line());
    if (r.line() == "moves") break;
    const auto [key, rest] = splitKey(r.line());
    if (key != "setup") {
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
        r.fail("header key '" + std::string(key) + "' given twice", key);
      }
      seen.push_back(key);
    }
    if (!readHeader(r, key, rest, rec, sizeSeen)) {
      r.fail("unknown header key '" + std::string(key) + "'", key);
    }
  }
  for (;;) {
    if (!r.next()) r.fail("unexpected end of input: expected \"end\"", r.line());
    const std::string_view l = r.line();
    if (l == "end") break;
    const auto [key, rest] = splitKey(l);
    if (key == "setup" || key == "comment") {
      if (rec.moves.empty()) r.fail("'" + std::string(key) + "' before the first step", key);
      RecordMove& m = rec.moves.back();
      if (key == "setup") {
        readSetupLine(r, rest, rec.size, m.setup);
      } else {
        m.comment = unescape(r, rest);
      }
      continue;
    }
    RecordMove m;
    if (key != "-") {
      m.color = readColor(r, key, false);
      if (rest != "pass") m.at = readPoint(r, rest, rec.size);
    } else if (!rest.empty()) {
      r.fail("unexpected text after '-'", rest);
    }
    rec.moves.push_back(std::move(m));
  }
  while (r.next()) r.fail("unexpected text after \"end\"", r.line());
  return rec;
}

bool looksLikeGameText(std::string_view text) {
  const auto start = text.find_first_not_of(" \t\r\n");
  return start != std::string_view::npos && text.substr(start).starts_with(GAME_TEXT_MAGIC);
}

GameRecord readGameRecord(std::string_view bytes, std::vector<ReplayWarning>* warnings) {
  if (looksLikeGameText(bytes)) return readGameText(bytes.substr(bytes.find('f')));
  return recordFromSgf(parseSgf(bytes).front(), warnings);
}

}  // namespace engine
