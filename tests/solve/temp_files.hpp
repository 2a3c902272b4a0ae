// Scratch directories and whole-file reads for the table tests of this folder.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace solve_test {

// A fresh, empty directory fgo_<topic>_<name>_<pid> under the system's temporary
// directory, so that test processes running at once never share one.
inline std::filesystem::path tempDir(const std::string& topic, const std::string& name) {
  const std::filesystem::path d = std::filesystem::temp_directory_path() /
                                  ("fgo_" + topic + "_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

// A file's bytes, for comparing two tables byte for byte ("" when it cannot be read).
inline std::string fileBytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace solve_test
