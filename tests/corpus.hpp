#pragma once
// The professional game corpus for the tests that read it. The unit tests must pass
// without it, so a test that needs it skips with a message when the folder is absent.

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fgo_test {

// $FGO_SHARED/data/pro19, else ../shared/data/pro19 beside the source tree (FGO_SOURCE_DIR
// is set by tests/CMakeLists.txt); the folder may not exist.
inline std::filesystem::path pro19Dir() {
  const char* shared = std::getenv("FGO_SHARED");
  return std::filesystem::path(shared ? shared : FGO_SOURCE_DIR "/../shared") / "data" / "pro19";
}

// The files of folder `dir` in name order.
inline std::vector<std::filesystem::path> sortedFiles(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The whole text of a file (empty when it cannot be read).
inline std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace fgo_test

// Inside a TEST_CASE: warn and leave the test when the corpus folder `dir` is absent.
#define FGO_SKIP_WITHOUT_CORPUS(dir)                                                          \
  if (!std::filesystem::is_directory(dir)) {                                                  \
    WARN("skipped: the game corpus " << std::filesystem::path(dir).string() << " is absent"); \
    return;                                                                                   \
  }
