// libFuzzer target: arbitrary bytes as a GTP session (command parser and Go engine).
// Every line must get a well-framed answer and the board must stay consistent.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "engine/gtp/go_engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  engine::GoEngineConfig config;
  config.size = {9, 9};
  engine::GoEngine e(config, std::make_unique<engine::BaselinePlayer>(1));
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  while (start < input.size() && !e.server().quitRequested()) {
    size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string answer = e.processLine(input.substr(start, end - start));
    start = end + 1;
    if (answer.empty()) continue;
    const bool framed = answer.size() >= 3 && (answer[0] == '=' || answer[0] == '?') &&
                        answer.find("\n\n") == answer.size() - 2;
    if (!framed) std::abort();
  }
  if (!e.game().board().checkConsistency().empty()) std::abort();
  return 0;
}
