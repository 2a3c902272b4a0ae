// GameRecord <-> SgfTree, and the helpers around them. The replay lives in replay.cpp.
#include <algorithm>
#include <charconv>
#include <cmath>

#include "engine/sgf/record.hpp"

namespace engine {

namespace {

std::string_view trimmed(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

std::optional<int> wholeNumber(std::string_view s) {
  s = trimmed(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string lowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// SZ[n] or SZ[w:h], each side 1..52.
BoardSize readSize(const SgfProperty& p) {
  const std::string_view raw = p.values.empty() ? std::string_view() : p.values.front();
  const auto colon = raw.find(':');
  const auto w = wholeNumber(raw.substr(0, colon));
  const auto h = colon == std::string_view::npos ? w : wholeNumber(raw.substr(colon + 1));
  if (!w || !h) {
    throw SgfError(
        "expected SZ[n] or SZ[w:h] with whole numbers, found SZ[" + std::string(raw) + "]",
        p.place);
  }
  if (*w < 1 || *h < 1 || *w > SGF_MAX_SIDE || *h > SGF_MAX_SIDE) {
    throw SgfError("board size SZ[" + std::string(raw) + "] is outside 1..52 (larger boards use " +
                       "the plain game format)",
                   p.place);
  }
  return {*w, *h};
}

// KM with the Fox x100 convention (see record.hpp). nullopt when unreadable.
std::optional<double> readKomi(std::string_view raw, std::string_view rules) {
  const std::string_view t = trimmed(raw);
  std::string_view num = t;
  if (!num.empty() && num.front() == '+') num.remove_prefix(1);
  double v = 0;
  auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), v);
  if (num.empty() || ec != std::errc() || ptr != num.data() + num.size() || !std::isfinite(v)) {
    return std::nullopt;
  }
  const std::string_view digits = !num.empty() && num.front() == '-' ? num.substr(1) : num;
  const bool digitsOnly = digits.find_first_not_of("0123456789") == std::string_view::npos;
  const bool fox = digitsOnly && std::fabs(v) >= 50;
  if (fox) {
    v /= 100;
    const double quarters = std::fabs(v) * 4;
    const std::string ru = lowerAscii(trimmed(rules));
    if ((ru == "chinese" || ru == "cn") && std::fmod(quarters, 2.0) == 1.0) v *= 2;
  }
  return v;
}

// Most setup points one record may expand to (compressed lists make "AB[aa:ZZ]" 2,704
// points in 9 bytes): a bound on memory for hostile input, far above real records.
constexpr size_t MAX_SETUP_POINTS = size_t{1} << 22;

void readSetup(const SgfNode& node, BoardSize size, std::vector<std::pair<XY, Color>>& out,
               size_t& total) {
  static constexpr std::pair<const char*, Color> kinds[] = {
      {"AB", Color::Black}, {"AW", Color::White}, {"AE", Color::Empty}};
  std::vector<XY> pts;
  for (const auto& [id, color] : kinds) {
    const SgfProperty* p = node.find(id);
    if (!p) continue;
    pts.clear();
    for (const auto& v : p->values) parseSgfPointList(v, size, pts, p->place);
    total += pts.size();
    if (total > MAX_SETUP_POINTS) {
      throw SgfError("more than " + std::to_string(MAX_SETUP_POINTS) + " setup points in one game",
                     p->place);
    }
    for (const XY& xy : pts) out.push_back({xy, color});
  }
}

std::string simpleText(const SgfNode& node, std::string_view id) {
  const auto v = node.value(id);
  return v ? sgfSimpleText(*v) : std::string();
}

// Reads the move of a node into m (B before W). Notes oddities in warnings.
void readMove(const SgfNode& node, BoardSize size, RecordMove& m, int moveNumber,
              std::vector<ReplayWarning>* warnings) {
  const SgfProperty* b = node.find("B");
  const SgfProperty* w = node.find("W");
  const SgfProperty* p = b ? b : w;
  if (!p) return;
  auto warn = [&](const std::string& text) {
    if (warnings) warnings->push_back({moveNumber, text});
  };
  if (b && w)
    warn("node holds both B and W: W[" + (w->values.empty() ? "" : w->values[0]) + "] ignored");
  if (p->values.size() > 1)
    warn(p->id + " has " + std::to_string(p->values.size()) + " values: the first is used");
  m.color = p == b ? Color::Black : Color::White;
  m.at = parseSgfMove(p->values.empty() ? std::string_view() : p->values.front(), size, p->place);
}

void readRootInfo(const SgfNode& root, GameRecord& rec, std::vector<ReplayWarning>* warnings,
                  size_t& setupTotal) {
  auto warn = [&](const std::string& text) {
    if (warnings) warnings->push_back({0, text});
  };
  if (const auto gm = root.value("GM")) {
    const auto g = wholeNumber(*gm);
    if (g && *g != 1) {
      throw SgfError("GM[" + std::string(*gm) + "] is not a game of Go (GM[1])",
                     root.find("GM")->place);
    }
  }
  if (const SgfProperty* sz = root.find("SZ")) rec.size = readSize(*sz);
  rec.rules = simpleText(root, "RU");
  if (const auto km = root.value("KM")) {
    rec.komi = readKomi(*km, rec.rules);
    if (!rec.komi) warn("KM[" + std::string(*km) + "] is not a number: komi ignored");
  }
  if (const auto ha = root.value("HA")) {
    const auto h = wholeNumber(*ha);
    if (!h || *h < 0 || *h > rec.size.points()) {
      warn("HA[" + std::string(*ha) + "] is not a handicap for this board: ignored");
    } else {
      rec.handicap = *h;
    }
  }
  rec.blackName = simpleText(root, "PB");
  rec.whiteName = simpleText(root, "PW");
  rec.blackRank = simpleText(root, "BR");
  rec.whiteRank = simpleText(root, "WR");
  rec.result = simpleText(root, "RE");
  rec.date = simpleText(root, "DT");
  rec.event = simpleText(root, "EV");
  rec.gameName = simpleText(root, "GN");
  if (const auto c = root.value("C")) rec.comment = sgfText(*c);
  if (const auto pl = root.value("PL")) {
    const std::string v = lowerAscii(trimmed(*pl));
    if (v == "b" || v == "black" || v == "1") {
      rec.toMove = Color::Black;
    } else if (v == "w" || v == "white" || v == "2") {
      rec.toMove = Color::White;
    } else {
      warn("PL[" + std::string(*pl) + "] is not B or W: ignored");
    }
  }
  readSetup(root, rec.size, rec.setup, setupTotal);
}

std::string komiText(double k) {
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, k);
  std::string s(buf, ec == std::errc() ? ptr : buf);
  // A whole number of 50 or more would read back as Fox hundredths: add ".0".
  if (s.find_first_of(".e") == std::string::npos && std::fabs(k) >= 50) s += ".0";
  return s;
}

void writeSetup(const std::vector<std::pair<XY, Color>>& setup, SgfNode& node) {
  static constexpr std::pair<const char*, Color> kinds[] = {
      {"AB", Color::Black}, {"AW", Color::White}, {"AE", Color::Empty}};
  for (const auto& [id, color] : kinds) {
    std::vector<std::string> vals;
    for (const auto& [xy, c] : setup) {
      if (c == color) vals.push_back(sgfPoint(xy));
    }
    if (!vals.empty()) node.set(id, std::move(vals));
  }
}

}  // namespace

int GameRecord::moveCount() const {
  int n = 0;
  for (const auto& m : moves) n += m.isMove() ? 1 : 0;
  return n;
}

GameRecord recordFromSgf(const SgfTree& tree, std::vector<ReplayWarning>* warnings) {
  GameRecord rec;
  if (tree.empty()) return rec;
  size_t setupTotal = 0;
  readRootInfo(tree.root(), rec, warnings, setupTotal);
  const std::vector<int> line = tree.mainLine();
  int moveNumber = 0;
  for (size_t k = 0; k < line.size(); ++k) {
    const SgfNode& node = tree.node(line[k]);
    RecordMove m;
    if (k > 0) {
      readSetup(node, rec.size, m.setup, setupTotal);
      if (const auto c = node.value("C")) m.comment = sgfText(*c);
      if (node.has("PL") && warnings) {
        warnings->push_back({moveNumber, "PL after the root is ignored"});
      }
    }
    readMove(node, rec.size, m, moveNumber + 1, warnings);
    if (m.isMove()) ++moveNumber;
    if (m.isMove() || !m.setup.empty() || !m.comment.empty()) rec.moves.push_back(std::move(m));
  }
  return rec;
}

SgfTree recordToSgf(const GameRecord& rec) {
  if (rec.size.width > SGF_MAX_SIDE || rec.size.height > SGF_MAX_SIDE) {
    throw InputError("board " + rec.size.str() +
                     " is above 52x52: SGF cannot hold it; write the plain game format "
                     "(docs/GAME_FORMAT.md)");
  }
  SgfTree tree;
  SgfNode& root = tree.node(tree.addNode(-1));
  root.set("FF", {"4"});
  root.set("CA", {"UTF-8"});
  root.set("GM", {"1"});
  root.set("AP", {"fractalgo:0.1"});
  const BoardSize s = rec.size;
  root.set("SZ", {s.width == s.height ? std::to_string(s.width)
                                      : std::to_string(s.width) + ":" + std::to_string(s.height)});
  if (rec.komi) root.set("KM", {komiText(*rec.komi)});
  const std::pair<const char*, const std::string*> texts[] = {
      {"RU", &rec.rules},     {"PB", &rec.blackName}, {"PW", &rec.whiteName},
      {"BR", &rec.blackRank}, {"WR", &rec.whiteRank}, {"RE", &rec.result},
      {"DT", &rec.date},      {"EV", &rec.event},     {"GN", &rec.gameName}};
  if (rec.handicap > 0) root.set("HA", {std::to_string(rec.handicap)});
  for (const auto& [id, text] : texts) {
    if (!text->empty()) root.set(id, {sgfEscape(*text)});
  }
  if (!rec.comment.empty()) root.set("C", {sgfEscape(rec.comment)});
  writeSetup(rec.setup, root);
  if (isStone(rec.toMove)) root.set("PL", {colorName(rec.toMove)});
  int parent = 0;
  for (const RecordMove& m : rec.moves) {
    const int index = tree.addNode(parent);
    SgfNode& node = tree.node(index);
    writeSetup(m.setup, node);
    if (m.isMove()) node.set(colorName(m.color), {sgfPoint(m.at)});
    if (!m.comment.empty()) node.set("C", {sgfEscape(m.comment)});
    parent = index;
  }
  return tree;
}

Rules rulesForRecord(const GameRecord& rec) {
  const std::string ru = lowerAscii(trimmed(rec.rules));
  Rules r;
  if (ru == "japanese" || ru == "jp" || ru == "korean" || ru == "kr" || ru == "territory") {
    r.scoring = ScoringRule::Territory;
    r.ko = KoRule::Simple;
  } else if (ru == "nz" || ru == "new zealand" || ru == "tromp-taylor" || ru == "tromp taylor" ||
             ru == "tt") {
    r.suicideAllowed = true;
  }
  r.komi = rec.komi.value_or(0.0);
  return r;
}

GameRecord recordFromGame(const Game& game) {
  GameRecord rec;
  const Rules& r = game.rules();
  rec.size = game.board().size();
  rec.komi = r.komi;
  rec.rules = r.scoring == ScoringRule::Territory ? "Japanese"
              : r.suicideAllowed                  ? "Tromp-Taylor"
                                                  : "Chinese";
  Game start = game;
  while (start.undo()) {
  }
  const Board& b = start.board();
  for (Color c : {Color::Black, Color::White}) {
    for (int y = 0; y < b.height(); ++y) {
      for (int x = 0; x < b.width(); ++x) {
        if (b.at(x, y) == c) rec.setup.push_back({{x, y}, c});
      }
    }
  }
  const Color first = start.toMove();
  if (!rec.setup.empty() || first != Color::Black) rec.toMove = first;
  for (const Move& m : game.moves()) {
    RecordMove rm;
    rm.color = m.color;
    if (m.point != PASS) rm.at = b.xy(m.point);
    rec.moves.push_back(std::move(rm));
  }
  return rec;
}

LoadedGame loadSgfGame(std::string_view sgf, const ReplayOptions& options, int index) {
  const std::vector<SgfTree> trees = parseSgf(sgf);
  if (index < 0 || index >= static_cast<int>(trees.size())) {
    throw InputError("the SGF collection has " + std::to_string(trees.size()) +
                     " game(s): no game number " + std::to_string(index + 1));
  }
  std::vector<ReplayWarning> notes;
  GameRecord rec = recordFromSgf(trees[static_cast<size_t>(index)], &notes);
  Replay replay = replayRecord(rec, options);
  notes.insert(notes.end(), replay.warnings.begin(), replay.warnings.end());
  std::stable_sort(notes.begin(), notes.end(),
                   [](const ReplayWarning& a, const ReplayWarning& b) { return a.move < b.move; });
  replay.warnings = std::move(notes);
  return {std::move(rec), std::move(replay)};
}

std::string saveSgfGame(const GameRecord& record) {
  return writeSgf(recordToSgf(record));
}

}  // namespace engine
