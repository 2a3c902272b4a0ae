// Listing the game records of a folder.
#include <algorithm>
#include <filesystem>

#include "engine/sgf/sgf.hpp"

namespace engine {

std::vector<std::string> listSgfFiles(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError("no such directory: " + dir);
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".sgf")
      files.push_back(it->path().string());
  }
  if (ec) throw InputError("cannot list " + dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace engine
