// The SGF reader: an iterative recursive-descent parser over the FF[4] grammar
//   Collection = GameTree { GameTree }     GameTree = "(" Sequence { GameTree } ")"
//   Sequence   = Node { Node }             Node     = ";" { Property }
//   Property   = PropIdent PropValue { PropValue }   PropValue = "[" bytes "]"
// with an explicit stack for variations instead of recursion.
#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/sgf/sgf.hpp"

namespace engine {

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool isUpper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool isLower(char c) {
  return c >= 'a' && c <= 'z';
}

std::string describeByte(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + c + "'";
  static const char* hex = "0123456789abcdef";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  std::vector<SgfTree> collection() {
    std::vector<SgfTree> trees;
    while (skipToGame()) trees.push_back(gameTree());
    if (trees.empty()) fail("no SGF game found: expected \"(;\"", place());
    return trees;
  }

 private:
  [[noreturn]] void fail(const std::string& problem, SgfPlace at) const {
    throw SgfError(problem, at);
  }
  SgfPlace place() const { return {i_, line_, static_cast<int>(i_ - lineStart_) + 1}; }
  bool atEnd() const { return i_ >= s_.size(); }
  // Advances one byte, counting lines.
  void step() {
    if (s_[i_] == '\n') {
      ++line_;
      lineStart_ = i_ + 1;
    }
    ++i_;
  }
  void skipSpace() {
    while (!atEnd() && isSpace(s_[i_])) step();
  }
  std::string unexpected() const {
    return atEnd() ? std::string("end of input") : describeByte(s_[i_]);
  }

  // Moves to the next "(" followed (after white space) by ";". False at end of input.
  bool skipToGame() {
    while (!atEnd()) {
      if (s_[i_] == '(') {
        size_t j = i_ + 1;
        while (j < s_.size() && isSpace(s_[j])) ++j;
        if (j < s_.size() && s_[j] == ';') return true;
      }
      step();
    }
    return false;
  }

  struct Frame {
    int branchFrom;  // node the variation hangs from
    SgfPlace open;   // where its '(' is
  };

  SgfTree gameTree() {
    SgfTree tree;
    std::vector<Frame> stack;
    const SgfPlace open = place();
    step();                 // '('
    int cur = -1;           // last node of the current sequence
    bool afterVar = false;  // a variation closed: only '(' or ')' may follow
    bool needNode = true;   // just after '(': a ';' must follow
    for (;;) {
      skipSpace();
      if (atEnd()) {
        const SgfPlace o = stack.empty() ? open : stack.back().open;
        fail("unexpected end of input: expected ')' to close the game tree opened at line " +
                 std::to_string(o.line) + ", column " + std::to_string(o.column),
             place());
      }
      const char c = s_[i_];
      if (needNode && c != ';') {
        fail("expected ';' after '(', found " + unexpected(), place());
      }
      if (c == ';') {
        if (afterVar) fail("expected '(' or ')' after a variation, found ';'", place());
        step();
        cur = tree.addNode(cur);
        needNode = false;
        properties(tree.node(cur));
      } else if (c == '(') {
        stack.push_back({cur, place()});
        step();
        needNode = true;
        afterVar = false;
      } else if (c == ')') {
        step();
        if (stack.empty()) return tree;
        cur = stack.back().branchFrom;
        stack.pop_back();
        afterVar = true;
      } else {
        fail("expected a property identifier, ';', '(' or ')', found " + unexpected(), place());
      }
    }
  }

  // Reads the properties of one node (up to the next ';', '(' or ')').
  void properties(SgfNode& node) {
    for (;;) {
      skipSpace();
      if (atEnd()) return;  // gameTree reports the missing ')'
      const char c = s_[i_];
      if (c == ';' || c == '(' || c == ')') return;
      if (!isUpper(c) && !isLower(c)) {
        fail("expected a property identifier (letters), ';', '(' or ')', found " + unexpected(),
             place());
      }
      const SgfPlace at = place();
      const size_t start = i_;
      while (!atEnd() && (isUpper(s_[i_]) || isLower(s_[i_]))) ++i_;
      std::string id = identifier(s_.substr(start, i_ - start));
      if (id.size() > 16) fail("property identifier longer than 16 letters", at);
      skipSpace();
      if (atEnd() || s_[i_] != '[') {
        fail("expected '[' after property identifier " + id + ", found " + unexpected(), place());
      }
      SgfProperty* prop = node.find(id);
      if (!prop) {
        node.properties.push_back({std::move(id), {}, at});
        prop = &node.properties.back();
      }
      while (!atEnd() && s_[i_] == '[') {
        prop->values.push_back(value());
        skipSpace();
      }
    }
  }

  // FF[1]-FF[3] long names: keep the upper-case letters ("AddBlack" -> "AB"); an
  // all-lower-case name is upper-cased.
  static std::string identifier(std::string_view raw) {
    std::string id;
    for (char c : raw) {
      if (isUpper(c)) id += c;
    }
    if (id.empty()) {
      for (char c : raw) id += static_cast<char>(c - 'a' + 'A');
    }
    return id;
  }

  // Reads "[...]" and returns the raw bytes between the brackets.
  std::string value() {
    const SgfPlace open = place();
    step();  // '['
    const size_t start = i_;
    while (!atEnd()) {
      const char c = s_[i_];
      if (c == ']') {
        std::string v(s_.substr(start, i_ - start));
        ++i_;
        return v;
      }
      if (c == '\\') {
        step();
        if (atEnd()) break;
      }
      step();
    }
    fail("unclosed '[' (opened at line " + std::to_string(open.line) + ", column " +
             std::to_string(open.column) + "): expected ']' before the end of input",
         place());
  }

  std::string_view s_;
  size_t i_ = 0;
  int line_ = 1;
  size_t lineStart_ = 0;
};

}  // namespace

SgfError::SgfError(const std::string& problem, SgfPlace place)
    : InputError("SGF line " + std::to_string(place.line) + ", column " +
                 std::to_string(place.column) + " (byte " + std::to_string(place.offset) +
                 "): " + problem),
      problem_(problem),
      place_(place) {}

const SgfProperty* SgfNode::find(std::string_view id) const {
  for (const auto& p : properties) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

SgfProperty* SgfNode::find(std::string_view id) {
  for (auto& p : properties) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

std::optional<std::string_view> SgfNode::value(std::string_view id) const {
  const SgfProperty* p = find(id);
  if (!p || p->values.empty()) return std::nullopt;
  return std::string_view(p->values.front());
}

void SgfNode::add(std::string_view id, std::vector<std::string> rawValues) {
  SgfProperty* p = find(id);
  if (!p) {
    properties.push_back({std::string(id), std::move(rawValues), {}});
    return;
  }
  for (auto& v : rawValues) p->values.push_back(std::move(v));
}

void SgfNode::set(std::string_view id, std::vector<std::string> rawValues) {
  if (SgfProperty* p = find(id)) {
    p->values = std::move(rawValues);
  } else {
    properties.push_back({std::string(id), std::move(rawValues), {}});
  }
}

bool SgfNode::remove(std::string_view id) {
  auto it = std::find_if(properties.begin(), properties.end(),
                         [&](const SgfProperty& p) { return p.id == id; });
  if (it == properties.end()) return false;
  properties.erase(it);
  return true;
}

int SgfTree::addNode(int parent) {
  if (parent < 0 && !nodes_.empty()) throw std::logic_error("SgfTree already has a root");
  const int index = size();
  nodes_.emplace_back();
  nodes_.back().parent = parent;
  if (parent >= 0) {
    SgfNode& p = node(parent);
    if (p.lastChild >= 0) {
      node(p.lastChild).nextSibling = index;
    } else {
      p.firstChild = index;
    }
    p.lastChild = index;
  }
  return index;
}

std::vector<int> SgfTree::children(int i) const {
  std::vector<int> out;
  for (int c = node(i).firstChild; c >= 0; c = node(c).nextSibling) out.push_back(c);
  return out;
}

std::vector<int> SgfTree::mainLine() const {
  std::vector<int> out;
  for (int i = empty() ? -1 : 0; i >= 0; i = node(i).firstChild) out.push_back(i);
  return out;
}

std::vector<SgfTree> parseSgf(std::string_view bytes) {
  return Parser(bytes).collection();
}

std::string readFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open '" + path + "' for reading");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw InputError("cannot read '" + path + "'");
  return std::move(ss).str();
}

void writeFileBytes(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError("cannot open '" + path + "' for writing");
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw InputError("cannot write '" + path + "'");
}

}  // namespace engine
