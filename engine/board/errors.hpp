// Error types of the engine. Parsers and validators throw InputError (bad outside
// input: a size, a vertex, a diagram); callers at the edges (GTP, CLI) turn it into a
// message. The library never calls exit().
#pragma once

#include <stdexcept>
#include <string>

namespace engine {

// Bad input from outside the program: the message says what and where.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace engine
