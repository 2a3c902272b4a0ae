// Helpers of the GTP tests: an engine driven in-process from a script.
#pragma once

#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/gtp/go_engine.hpp"

namespace gtptest {

// A GTP engine with the baseline player, a fixed seed and no log.
inline std::unique_ptr<engine::GoEngine> makeEngine(uint64_t seed = 7,
                                                    engine::BoardSize size = {19, 19}) {
  engine::GoEngineConfig config;
  config.size = size;
  return std::make_unique<engine::GoEngine>(config, std::make_unique<engine::BaselinePlayer>(seed));
}

// Everything the engine writes for a whole script (commands pipelined).
inline std::string run(engine::GoEngine& e, const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  e.run(in, out);
  return out.str();
}

// The answer to one command line, without its framing: "= D4\n\n" gives "D4"; failures
// give "?message".
inline std::string ask(engine::GoEngine& e, const std::string& line) {
  const std::string a = e.processLine(line);
  if (a.size() < 3 || a.substr(a.size() - 2) != "\n\n") return "<bad frame: " + a + ">";
  std::string body = a.substr(1, a.size() - 3);
  if (!body.empty() && body[0] == ' ') body.erase(0, 1);
  return a[0] == '=' ? body : "?" + body;
}

// The whitespace-separated words of a text, as a set (for answers whose order is free).
inline std::set<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::set<std::string> out;
  for (std::string w; in >> w;) out.insert(w);
  return out;
}

// Splits a whole output into answers (each ends with an empty line).
inline std::vector<std::string> answers(const std::string& output) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < output.size()) {
    const size_t end = output.find("\n\n", start);
    if (end == std::string::npos) {
      out.push_back("<unterminated: " + output.substr(start) + ">");
      break;
    }
    out.push_back(output.substr(start, end - start));
    start = end + 2;
  }
  return out;
}

}  // namespace gtptest
