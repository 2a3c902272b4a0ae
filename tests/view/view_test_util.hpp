// Checkers of the view tests: a small JSON reader (structure only) and an XML tag
// balance check, both written for these tests.
#pragma once

#include <cctype>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace viewtest {

// A parsed JSON value: kind plus children (object members keep their keys).
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  std::string text;  // string contents or number text
  std::vector<Json> items;
  std::map<std::string, Json> members;

  const Json& operator[](const std::string& k) const {
    auto it = members.find(k);
    if (it == members.end()) throw std::runtime_error("no member " + k);
    return it->second;
  }
  bool has(const std::string& k) const { return members.count(k) != 0; }
};

class JsonReader {
 public:
  explicit JsonReader(const std::string& s) : s_(s) {}
  // The whole text as one value; throws std::runtime_error on any syntax error.
  Json document() {
    Json v = value();
    space();
    if (i_ != s_.size()) fail("text after the value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("JSON byte " + std::to_string(i_) + ": " + what);
  }
  void space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  void expect(char c) {
    space();
    if (i_ >= s_.size() || s_[i_] != c) fail(std::string("expected ") + c);
    ++i_;
  }
  std::string str() {
    expect('"');
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c == '\\') {
        if (i_ >= s_.size()) fail("bad escape");
        const char e = s_[i_++];
        if (e == 'u') {
          if (i_ + 4 > s_.size()) fail("bad \\u escape");
          i_ += 4;
          out += '?';
        } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
          fail("bad escape");
        } else {
          out += e == 'n' ? '\n' : e;
        }
      } else {
        out += c;
      }
    }
  }
  Json value() {
    space();
    if (i_ >= s_.size()) fail("missing value");
    Json v;
    const char c = s_[i_];
    if (c == '{') {
      v.kind = Json::Object;
      ++i_;
      space();
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, v;
      do {
        std::string k = str();
        expect(':');
        if (v.members.count(k)) fail("duplicate key " + k);
        v.members[k] = value();
        space();
      } while (i_ < s_.size() && s_[i_] == ',' && ++i_);
      expect('}');
    } else if (c == '[') {
      v.kind = Json::Array;
      ++i_;
      space();
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, v;
      do {
        v.items.push_back(value());
        space();
      } while (i_ < s_.size() && s_[i_] == ',' && ++i_);
      expect(']');
    } else if (c == '"') {
      v.kind = Json::String;
      v.text = str();
    } else if (s_.compare(i_, 4, "null") == 0) {
      i_ += 4;
    } else if (s_.compare(i_, 4, "true") == 0 || s_.compare(i_, 5, "false") == 0) {
      v.kind = Json::Bool;
      i_ += s_[i_] == 't' ? 4 : 5;
    } else {
      const size_t start = i_;
      if (s_[i_] == '-') ++i_;
      while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) ||
                                std::string(".eE+-").find(s_[i_]) != std::string::npos)) {
        ++i_;
      }
      if (i_ == start || !std::isdigit(static_cast<unsigned char>(s_[i_ - 1]))) fail("bad value");
      v.kind = Json::Number;
      v.text = s_.substr(start, i_ - start);
    }
    return v;
  }
  const std::string& s_;
  size_t i_ = 0;
};

// "" when every element of the XML text is closed in order (declaration, comments and
// self-closing tags allowed), otherwise what is wrong. Also counts elements by name.
inline std::string xmlBalance(const std::string& xml,
                              std::map<std::string, int>* counts = nullptr) {
  std::vector<std::string> open;
  size_t i = 0;
  int roots = 0;
  while ((i = xml.find('<', i)) != std::string::npos) {
    const size_t end = xml.find('>', i);
    if (end == std::string::npos) return "unterminated tag at " + std::to_string(i);
    std::string tag = xml.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.empty()) return "empty tag";
    if (tag[0] == '?' || tag[0] == '!') continue;
    if (tag[0] == '/') {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name) return "unexpected </" + name + ">";
      open.pop_back();
      continue;
    }
    const bool self = tag.back() == '/';
    const std::string name = tag.substr(0, tag.find_first_of(" \t\n/"));
    if (counts) ++(*counts)[name];
    if (open.empty()) ++roots;
    if (!self) open.push_back(name);
  }
  if (!open.empty()) return "unclosed <" + open.back() + ">";
  if (roots != 1) return "expected one root element, found " + std::to_string(roots);
  return "";
}

}  // namespace viewtest
