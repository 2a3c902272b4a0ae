// The controller side of GTP version 2: sends one command at a time to an engine run
// as a child process and reads its response, with a timeout per command.
//
// A response is `=` or `?`, an optional numeric id, optional text, and ends at an
// empty line (GTP 2 spec, section 2.10). Three ways an engine can fail are told apart
// and thrown as GtpFailure: it crashed (its output closed), it hung (no complete
// response before the timeout), or it broke the protocol (a response that does not
// start with = or ?, or an overlong one). After a failure the client is broken: the
// engine may answer late and be out of step, so it must be stopped and restarted.
// A `?` answer is not a failure: it comes back as a GtpResponse with ok == false.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/match/process.hpp"

namespace engine {

enum class GtpFailureKind { Crash, Timeout, Protocol };

// "crash", "timeout", "protocol error".
const char* gtpFailureName(GtpFailureKind kind);

// An engine failed while answering a command; what() says which command and how.
class GtpFailure : public std::runtime_error {
 public:
  GtpFailure(GtpFailureKind kind, const std::string& what)
      : std::runtime_error(what), kind_(kind) {}
  GtpFailureKind kind() const { return kind_; }

 private:
  GtpFailureKind kind_;
};

// One response: ok for `=`, false for `?`; text without the status, id and leading
// blank, lines joined by '\n'.
struct GtpResponse {
  bool ok = false;
  std::string text;
};

class GtpClient {
 public:
  // Starts the engine from a shell-like command line (splitCommandLine). stderrPath as
  // for ChildProcess. Throws ProcessError (cannot start) or InputError (bad quoting).
  explicit GtpClient(const std::string& commandLine, const std::string& stderrPath = "");
  ~GtpClient();

  // Sends one command (no newline inside) and waits up to timeoutSeconds for its
  // response. Throws GtpFailure on crash, timeout or protocol error (and then the
  // client is broken()), or when called on a broken client.
  GtpResponse send(const std::string& command, double timeoutSeconds);
  // True when the engine lists the command (known_command, asked once and cached).
  bool knows(const std::string& command, double timeoutSeconds);

  // Sends quit (when not broken), then stops the process: closes its input, waits up
  // to graceSeconds (0.1 s at most for a broken engine), kills its process group.
  // Returns how it exited.
  std::string stop(double graceSeconds = 1.0);

  bool broken() const { return broken_; }
  const std::string& commandLine() const { return commandLine_; }
  // CPU seconds the engine has used so far (see ChildProcess::cpuSeconds), or -1.
  double cpuSeconds() const { return process_ ? process_->cpuSeconds() : -1; }

 private:
  // Fails with Crash, adding the exit status when the engine exits within 0.5 s.
  [[noreturn]] void crashed(const std::string& command, const std::string& what);
  [[noreturn]] void fail(GtpFailureKind kind, const std::string& command, const std::string& why);
  std::string commandLine_;
  std::unique_ptr<ChildProcess> process_;
  std::unordered_map<std::string, bool> known_;
  bool broken_ = false;
};

}  // namespace engine
