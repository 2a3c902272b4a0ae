#include "engine/gtp/line_reader.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace engine {

namespace {

// A single line longer than this is cut (GTP lines are short; this bounds memory).
constexpr size_t MAX_LINE_BYTES = 1 << 20;

}  // namespace

LineReader::LineReader(int fd) : fd_(fd), thread_([this] { readLoop(); }) {}

LineReader::~LineReader() {
  stopping_ = true;
  thread_.join();
}

void LineReader::readLoop() {
  std::string partial;
  char buffer[4096];
  bool eof = false;
  while (!stopping_ && !eof) {
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, 50);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;
    ssize_t n = ready < 0 ? -1 : ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      eof = true;
      n = 0;
    }
    std::deque<std::string> got;
    for (ssize_t i = 0; i < n; ++i) {
      if (buffer[i] == '\n') {
        got.push_back(std::move(partial));
        partial.clear();
      } else if (partial.size() < MAX_LINE_BYTES) {
        partial += buffer[i];
      }
    }
    if (eof && !partial.empty()) got.push_back(std::move(partial));
    if (got.empty() && !eof) continue;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto& line : got) lines_.push_back(std::move(line));
      ended_ = ended_ || eof;
      pending_ = true;
    }
    ready_.notify_one();
  }
  std::lock_guard<std::mutex> lock(mutex_);
  ended_ = true;
  pending_ = true;
  ready_.notify_one();
}

bool LineReader::next(std::string& line) {
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock, [this] { return !lines_.empty() || ended_; });
  if (lines_.empty()) return false;
  line = std::move(lines_.front());
  lines_.pop_front();
  pending_ = !lines_.empty() || ended_;
  return true;
}

}  // namespace engine
