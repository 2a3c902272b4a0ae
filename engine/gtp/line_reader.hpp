// Input read ahead on a thread, for a GTP loop that must notice new commands while it
// is busy (analysis commands stream until the next command arrives). The reader splits
// a file descriptor into lines and queues them; `pending()` turns true as soon as a
// line (or the end of input) waits, and a search can use it as its stop flag.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace engine {

class LineReader {
 public:
  // Starts reading fd (not closed here) on a thread.
  explicit LineReader(int fd);
  // Stops the thread (it polls, so within about 50 ms) and joins it.
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Waits for the next line (without its '\n'); false at the end of input.
  bool next(std::string& line);
  // True while a line, or the end of input, waits to be taken by next().
  const std::atomic<bool>& pending() const { return pending_; }

 private:
  void readLoop();
  int fd_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> lines_;
  bool ended_ = false;
  std::atomic<bool> pending_{false};
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace engine
