// The Go Text Protocol, version 2, without any Go: how a line is cleaned and split, how
// a response is framed, and a table of named handlers. Start reading here; go_engine.hpp
// puts the Go commands on top.
//
// Following the GTP 2 specification (Farnebäck, draft 2, section 2): every input line is
// cleaned (control characters other than HT and LF removed, "#" comments dropped, HT
// turned into a space) and skipped when nothing but spaces remain. A command is
// "[id] name [arguments]"; the answer is "=[id] result" or "?[id] message", ended by an
// empty line. Commands may be pipelined: each line is answered in order, whatever came
// before it. Only GTP goes to the output stream; diagnostics go to an optional log.
//
// Handlers return their result text or throw GtpError("message"); GtpServer::execute is
// the one place where failures (GtpError, InputError, anything else) become "? message".
// The server itself answers the protocol commands that need no Go knowledge:
// protocol_version, known_command, list_commands and quit (after Fuego's GtpEngine).
//
// Streaming commands (the analysis commands of Leela Zero and KataGo) answer "=id" at
// once, then write lines while they work, and end with the empty line. Under runLive()
// a reader thread reads ahead and raises a flag as soon as another command arrives, and
// the streaming command stops then; under run() and processLine() (no live input) it
// runs its own bounded budget. Ordinary commands behave the same in every mode.
#pragma once

#include <atomic>

#include <functional>
#include <iosfwd>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

// A command failed: the message becomes the "? message" answer.
class GtpError : public std::runtime_error {
 public:
  explicit GtpError(const std::string& message) : std::runtime_error(message) {}
};

// Applies the GTP preprocessing to one line (without its LF). Returns "" when the line
// holds nothing but spaces after cleaning and is to be skipped.
std::string cleanLine(std::string_view raw);

// One command after cleaning and splitting.
struct GtpCommand {
  std::string id;  // the identity number as sent (digits only), or "" when none
  std::string name;
  std::vector<std::string> args;
};

// Splits a cleaned, non-empty line into id, command name and arguments.
GtpCommand splitCommand(std::string_view cleaned);

// A handler's view of its arguments, with readers that fail as "syntax error".
class GtpArgs {
 public:
  explicit GtpArgs(const std::vector<std::string>& args) : args_(args) {}

  size_t size() const { return args_.size(); }
  // The i-th argument; "syntax error" when it is missing.
  const std::string& at(size_t i) const;
  // "syntax error" unless there are exactly n arguments.
  void expectCount(size_t n) const;
  // "syntax error" unless lo <= size() <= hi.
  void expectBetween(size_t lo, size_t hi) const;
  // The i-th argument as a whole decimal integer in [lo, hi]; "syntax error" otherwise.
  long long integer(size_t i, long long lo, long long hi) const;
  // The i-th argument as a finite decimal number; "syntax error" otherwise.
  double real(size_t i) const;
  // All arguments from i on, joined by single spaces.
  std::string joinedFrom(size_t i) const;

 private:
  const std::vector<std::string>& args_;
};

// Parses a whole string as a decimal integer (optional sign); false when it is not one
// or does not fit in a long long.
bool parseInteger(std::string_view text, long long& value);
// True when text is an optional sign followed by at least one digit (however many).
bool isIntegerText(std::string_view text);

// A command implementation: returns the result text or throws GtpError.
using GtpHandler = std::function<std::string(const GtpArgs&)>;

// The answer of a streaming command, written as it goes.
class GtpStream {
 public:
  GtpStream(std::ostream& out, std::string id, const std::atomic<bool>* interrupt)
      : out_(out), id_(std::move(id)), interrupt_(interrupt) {}
  // Starts the successful answer ("=id" and a newline) unless already started.
  void begin();
  // Writes one line of the answer (begins it first) and flushes.
  void line(std::string_view text);
  bool begun() const { return begun_; }
  // Raised when new input arrives (live mode only); null without live input.
  const std::atomic<bool>* interrupt() const { return interrupt_; }

 private:
  std::ostream& out_;
  std::string id_;
  const std::atomic<bool>* interrupt_;
  bool begun_ = false;
};

// A streaming command: writes through the GtpStream, returns its last lines (may be
// ""), or throws GtpError before writing anything to fail as "? message".
using GtpStreamHandler = std::function<std::string(const GtpArgs&, GtpStream&)>;

class GtpServer {
 public:
  // Registers the protocol commands (protocol_version, known_command, list_commands,
  // quit). log (may be null) receives one line per failed command.
  explicit GtpServer(std::ostream* log = nullptr);

  // Adds a command; throws std::logic_error when the name is taken.
  void add(const std::string& name, GtpHandler handler);
  // Adds a streaming command (same rules as add).
  void addStreaming(const std::string& name, GtpStreamHandler handler);
  bool has(const std::string& name) const {
    return handlers_.count(name) != 0 || streaming_.count(name) != 0;
  }
  // Command names in the order they were added.
  const std::vector<std::string>& names() const { return order_; }

  // Runs one command and returns its framed answer ("=id result\n\n" or "?id msg\n\n").
  std::string execute(const GtpCommand& command);
  // Cleans, splits and executes one raw input line; "" for a skipped line.
  std::string processLine(std::string_view raw);
  // Answers every line of in on out (flushing after each answer) until end of input
  // or quit.
  void run(std::istream& in, std::ostream& out);
  // The same on a file descriptor read ahead by a thread (line_reader.hpp): streaming
  // commands run until the next line arrives.
  void runLive(int inputFd, std::ostream& out);
  // True once quit has been answered.
  bool quitRequested() const { return quit_; }

  std::ostream* log() const { return log_; }

 private:
  std::string executeStreaming(const GtpCommand& command, const GtpStreamHandler& handler);

  std::map<std::string, GtpHandler, std::less<>> handlers_;
  std::map<std::string, GtpStreamHandler, std::less<>> streaming_;
  std::ostream* liveOut_ = nullptr;                   // runLive's output while it runs
  const std::atomic<bool>* liveInterrupt_ = nullptr;  // its reader's pending flag
  std::vector<std::string> order_;
  std::ostream* log_;
  bool quit_ = false;
};

// Frames a result as GTP: "=id" or "?id", a space and the text when it is not empty,
// then an empty line. Empty lines inside the text are dropped (they would end the
// answer early) and trailing newlines are trimmed.
std::string frameResponse(bool success, const std::string& id, std::string_view text);

}  // namespace engine
