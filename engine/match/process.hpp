// A child process spoken to over pipes: the transport under the GTP client
// (gtp_client.hpp). POSIX only (posix_spawn, poll, waitpid, /proc for CPU time).
//
// The child runs in its own process group, so that stop() can kill everything it
// started (a shell script's `sleep`, say) and no stray process keeps a pipe open.
// Writing to a child that has exited never raises SIGPIPE in the caller: the signal is
// blocked around each write and a pending one is consumed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

// The program could not be started (no such file, not executable, fork failed...).
class ProcessError : public std::runtime_error {
 public:
  explicit ProcessError(const std::string& what) : std::runtime_error(what) {}
};

// Splits a command line as a POSIX shell would for simple quoting: blanks separate
// words, '...' is literal, "..." keeps blanks and honours \" \\ \$ \`, a backslash
// outside quotes escapes the next character. No variables, globs or redirections.
// Throws InputError for an unterminated quote or an empty command.
std::vector<std::string> splitCommandLine(std::string_view line);

// Finds an executable by name: in $PATH, then in /usr/games (where Debian puts gnugo).
// Returns "" when it is nowhere.
std::string findExecutable(const std::string& name);

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts argv[0] (searched in $PATH when it has no '/') with its stdin and stdout on
  // pipes. stderr goes to stderrPath (appended; "" leaves it inherited). Throws
  // ProcessError when the program cannot be started.
  explicit ChildProcess(const std::vector<std::string>& argv, const std::string& stderrPath = "");
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }

  // Writes all of text. False when the child no longer reads its input (it exited or
  // closed stdin); never raises SIGPIPE.
  bool write(std::string_view text);

  enum class ReadStatus { Line, Eof, Timeout, TooLong };
  // Reads one line into `line` (without the '\n'; a trailing '\r' is removed), waiting
  // until the deadline. Eof: the child closed its output. TooLong: no newline within
  // maxLineBytes bytes.
  ReadStatus readLine(std::string& line, Clock::time_point deadline, size_t maxLineBytes = 1 << 20);

  // When the child has exited (reaped here), how it ended: "exit status 1", "killed by
  // signal 9 (Killed)". std::nullopt while it runs.
  std::optional<std::string> exitStatus();
  // Waits up to `seconds` for the child to exit; returns its exit description or
  // std::nullopt if it is still running.
  std::optional<std::string> waitExit(double seconds);

  // Closes the child's stdin, waits up to graceSeconds for it to exit, then kills its
  // process group (SIGKILL) and reaps it. Idempotent. Returns the exit description.
  std::string stop(double graceSeconds);

  // User + system CPU seconds of the child (and its reaped children) from
  // /proc/<pid>/stat; -1 when unavailable (exited, or no /proc).
  double cpuSeconds() const;

 private:
  void closeInput();
  pid_t pid_ = -1;
  int in_ = -1;   // our end of the child's stdin
  int out_ = -1;  // our end of the child's stdout
  std::string buffer_;
  bool eof_ = false;
  std::optional<std::string> exit_;
};

}  // namespace engine
