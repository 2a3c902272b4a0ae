// The fgo subcommands: each is a thin front end over the libraries, registered by name
// in commands.cpp. A command parses its own options (Boost.Program_options), prints to
// stdout, reports problems by throwing (main prints them and exits non-zero).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace fgo {

struct Command {
  const char* name;
  const char* summary;
  // args[0] is the command name; returns the process exit code.
  int (*run)(const std::vector<std::string>& args);
};

// Every command, in the order `fgo help` lists them.
const std::vector<Command>& commands();

// Thrown for bad command-line usage: main prints the message and exits with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace fgo
