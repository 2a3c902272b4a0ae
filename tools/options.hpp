// Shared helpers for parsing a subcommand's options with Boost.Program_options.
#pragma once

#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/command.hpp"

namespace fgo {

namespace po = boost::program_options;

// Parses args (args[0] is the command name) against desc and positional. Returns false
// when --help was given (the help text is printed). Throws UsageError on bad options.
inline bool parseOptions(const std::vector<std::string>& args, const std::string& usage,
                         po::options_description& desc, po::variables_map& vm,
                         const po::positional_options_description* positional = nullptr) {
  desc.add_options()("help,h", "show this help");
  try {
    std::vector<std::string> rest(args.begin() + 1, args.end());
    po::command_line_parser parser(rest);
    parser.options(desc);
    if (positional) parser.positional(*positional);
    po::store(parser.run(), vm);
    if (vm.count("help")) {
      std::cout << "usage: " << usage << "\n\n" << desc << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see: fgo " + args[0] + " --help)");
  }
  return true;
}

// A board diagram given on the command line (fgo solve --position, fgo tables build
// --root): the contents of a file when `arg` names one, otherwise the argument itself with
// '/' accepted as a row separator.
inline std::string diagramText(const std::string& arg) {
  // A diagram such as "../.." is also a directory's path: only a regular file is read.
  std::error_code ec;
  std::ifstream in;
  if (std::filesystem::is_regular_file(arg, ec)) in.open(arg);
  if (in.is_open()) {
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::string text = arg;
  std::replace(text.begin(), text.end(), '/', '\n');
  return text;
}

}  // namespace fgo
