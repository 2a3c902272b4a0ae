// fgo: the fractalgo command line. `fgo help` lists the subcommands.
#include <exception>
#include <iostream>

#include "tools/command.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    if (args.size() >= 2) {
      args = {args[1], "--help"};
    } else {
      std::cout << "usage: fgo <command> [options]   (fgo <command> --help for details)\n\n";
      for (const auto& c : fgo::commands()) std::cout << "  " << c.name << "\t" << c.summary << "\n";
      return 0;
    }
  }
  for (const auto& c : fgo::commands()) {
    if (args[0] != c.name) continue;
    try {
      return c.run(args);
    } catch (const fgo::UsageError& e) {
      std::cerr << "fgo " << c.name << ": " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "fgo " << c.name << ": error: " << e.what() << "\n";
      return 1;
    }
  }
  std::cerr << "fgo: unknown command '" << args[0] << "' (see: fgo help)\n";
  return 2;
}
