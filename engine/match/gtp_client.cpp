#include "engine/match/gtp_client.hpp"

#include <algorithm>
#include <cctype>

namespace engine {

namespace {
// Caps on what an engine may send for one response, so a runaway engine cannot eat
// the controller's memory.
constexpr size_t MAX_LINE_BYTES = 1 << 20;
constexpr size_t MAX_RESPONSE_LINES = 100000;

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text.substr(0, 80)) {
    out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  }
  return out + (text.size() > 80 ? "...'" : "'");
}
}  // namespace

const char* gtpFailureName(GtpFailureKind kind) {
  switch (kind) {
    case GtpFailureKind::Crash:
      return "crash";
    case GtpFailureKind::Timeout:
      return "timeout";
    default:
      return "protocol error";
  }
}

GtpClient::GtpClient(const std::string& commandLine, const std::string& stderrPath)
    : commandLine_(commandLine),
      process_(std::make_unique<ChildProcess>(splitCommandLine(commandLine), stderrPath)) {}

GtpClient::~GtpClient() {
  stop(0.5);
}

void GtpClient::fail(GtpFailureKind kind, const std::string& command, const std::string& why) {
  broken_ = true;
  throw GtpFailure(kind, std::string(gtpFailureName(kind)) + " on '" + command + "': " + why);
}

void GtpClient::crashed(const std::string& command, const std::string& what) {
  const auto status = process_->waitExit(0.5);
  fail(GtpFailureKind::Crash, command, what + (status ? " (" + *status + ")" : ""));
}

GtpResponse GtpClient::send(const std::string& command, double timeoutSeconds) {
  if (broken_ || !process_) fail(GtpFailureKind::Crash, command, "engine is not running");
  const auto deadline =
      ChildProcess::Clock::now() + std::chrono::duration_cast<ChildProcess::Clock::duration>(
                                       std::chrono::duration<double>(timeoutSeconds));
  if (!process_->write(command + "\n")) crashed(command, "engine no longer reads its input");
  GtpResponse response;
  bool started = false;
  std::string line;
  for (size_t lines = 0;; ++lines) {
    if (lines > MAX_RESPONSE_LINES) fail(GtpFailureKind::Protocol, command, "response too long");
    switch (process_->readLine(line, deadline, MAX_LINE_BYTES)) {
      case ChildProcess::ReadStatus::Eof:
        crashed(command, started ? "output closed inside a response" : "output closed");
      case ChildProcess::ReadStatus::Timeout:
        fail(GtpFailureKind::Timeout, command,
             "no complete response within " + std::to_string(timeoutSeconds) + " s");
      case ChildProcess::ReadStatus::TooLong:
        fail(GtpFailureKind::Protocol, command, "response line too long");
      case ChildProcess::ReadStatus::Line:
        break;
    }
    if (!started) {
      if (line.empty()) continue;  // tolerate blank lines between responses
      if (line[0] != '=' && line[0] != '?') {
        fail(GtpFailureKind::Protocol, command,
             "response " + quoted(line) + " does not start with = or ?");
      }
      response.ok = line[0] == '=';
      size_t i = 1;
      while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
      if (i < line.size() && line[i] != ' ' && line[i] != '\t') {
        fail(GtpFailureKind::Protocol, command, "malformed response " + quoted(line));
      }
      if (i < line.size()) ++i;
      response.text = line.substr(i);
      started = true;
    } else if (line.empty()) {
      return response;
    } else {
      response.text += "\n" + line;
    }
  }
}

bool GtpClient::knows(const std::string& command, double timeoutSeconds) {
  const auto it = known_.find(command);
  if (it != known_.end()) return it->second;
  const GtpResponse r = send("known_command " + command, timeoutSeconds);
  const bool yes = r.ok && r.text == "true";
  known_[command] = yes;
  return yes;
}

std::string GtpClient::stop(double graceSeconds) {
  if (!process_) return "not running";
  // A broken engine (crashed, hung, out of step) gets no quit and little grace.
  if (broken_) graceSeconds = std::min(graceSeconds, 0.1);
  if (!broken_) {
    try {
      send("quit", graceSeconds);
    } catch (const GtpFailure&) {
      // Quitting an engine that misbehaves: stop() below kills it.
    }
  }
  broken_ = true;
  const std::string status = process_->stop(graceSeconds);
  process_.reset();
  return status;
}

}  // namespace engine
