#include "engine/gtp/protocol.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <new>
#include <ostream>
#include <sstream>

#include "engine/board/errors.hpp"
#include "engine/gtp/line_reader.hpp"

namespace engine {

namespace {

// The "? message" text for the exception being handled (called inside a catch block).
std::string currentErrorMessage() {
  try {
    throw;
  } catch (const GtpError& e) {
    return e.what();
  } catch (const InputError& e) {
    return e.what();
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::exception& e) {
    return std::string("internal error: ") + e.what();
  }
}

constexpr const char* SYNTAX_ERROR = "syntax error";

bool isDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char ch : s) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
  }
  return true;
}

}  // namespace

std::string cleanLine(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (char ch : raw) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '#') break;  // a comment runs to the end of the line
    if (ch == '\t') {
      out += ' ';
    } else if (u >= 32 && u != 127) {
      out += ch;  // bytes above 127 are kept: GTP is an 8-bit protocol
    }
  }
  for (char ch : out) {
    if (ch != ' ') return out;
  }
  return "";
}

GtpCommand splitCommand(std::string_view cleaned) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < cleaned.size()) {
    while (i < cleaned.size() && cleaned[i] == ' ') ++i;
    const size_t start = i;
    while (i < cleaned.size() && cleaned[i] != ' ') ++i;
    if (i > start) words.emplace_back(cleaned.substr(start, i - start));
  }
  GtpCommand cmd;
  size_t first = 0;
  if (!words.empty() && isDigits(words[0])) {
    cmd.id = words[0];
    first = 1;
  }
  if (first < words.size()) cmd.name = words[first++];
  cmd.args.assign(words.begin() + static_cast<std::ptrdiff_t>(first), words.end());
  return cmd;
}

bool parseInteger(std::string_view text, long long& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && ptr == text.data() + text.size();
}

bool isIntegerText(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
  return isDigits(text);
}

const std::string& GtpArgs::at(size_t i) const {
  if (i >= args_.size()) throw GtpError(SYNTAX_ERROR);
  return args_[i];
}

void GtpArgs::expectCount(size_t n) const {
  if (args_.size() != n) throw GtpError(SYNTAX_ERROR);
}

void GtpArgs::expectBetween(size_t lo, size_t hi) const {
  if (args_.size() < lo || args_.size() > hi) throw GtpError(SYNTAX_ERROR);
}

long long GtpArgs::integer(size_t i, long long lo, long long hi) const {
  long long v = 0;
  if (!parseInteger(at(i), v) || v < lo || v > hi) throw GtpError(SYNTAX_ERROR);
  return v;
}

double GtpArgs::real(size_t i) const {
  std::string_view s = at(i);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  double v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  // from_chars also accepts "inf" and "nan"; a komi or a time must be a real number.
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v)) {
    throw GtpError(SYNTAX_ERROR);
  }
  return v;
}

std::string GtpArgs::joinedFrom(size_t i) const {
  std::string out;
  for (size_t k = i; k < args_.size(); ++k) {
    if (!out.empty()) out += ' ';
    out += args_[k];
  }
  return out;
}

std::string frameResponse(bool success, const std::string& id, std::string_view text) {
  std::string out(1, success ? '=' : '?');
  out += id;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  if (!text.empty()) {
    out += ' ';
    // Keep the first line even when empty (multi-line answers may start on a new
    // line); drop later empty lines, which would end the answer early.
    size_t start = 0;
    bool firstLine = true;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      const std::string_view line = text.substr(start, end - start);
      if (firstLine || !line.empty()) {
        if (!firstLine) out += '\n';
        out += line;
      }
      firstLine = false;
      start = end + 1;
    }
  }
  out += "\n\n";
  return out;
}

GtpServer::GtpServer(std::ostream* log) : log_(log) {
  add("protocol_version", [](const GtpArgs& a) {
    a.expectCount(0);
    return std::string("2");
  });
  add("known_command", [this](const GtpArgs& a) {
    a.expectCount(1);
    return std::string(has(a.at(0)) ? "true" : "false");
  });
  add("list_commands", [this](const GtpArgs& a) {
    a.expectCount(0);
    std::string out;
    for (const auto& name : order_) out += name + "\n";
    return out;
  });
  add("quit", [this](const GtpArgs&) {
    quit_ = true;
    return std::string();
  });
}

void GtpServer::add(const std::string& name, GtpHandler handler) {
  if (has(name) || !handlers_.emplace(name, std::move(handler)).second) {
    throw std::logic_error("GTP command registered twice: " + name);
  }
  order_.push_back(name);
}

void GtpServer::addStreaming(const std::string& name, GtpStreamHandler handler) {
  if (has(name) || !streaming_.emplace(name, std::move(handler)).second) {
    throw std::logic_error("GTP command registered twice: " + name);
  }
  order_.push_back(name);
}

void GtpStream::begin() {
  if (begun_) return;
  begun_ = true;
  out_ << '=' << id_ << '\n';
  out_.flush();
}

void GtpStream::line(std::string_view text) {
  begin();
  // An empty line would end the answer early.
  if (text.empty()) return;
  out_ << text << '\n';
  out_.flush();
}

std::string GtpServer::executeStreaming(const GtpCommand& command,
                                        const GtpStreamHandler& handler) {
  std::ostringstream buffer;
  std::ostream& sink = liveOut_ ? *liveOut_ : buffer;
  GtpStream stream(sink, command.id, liveInterrupt_);
  std::string message;
  try {
    const std::string tail = handler(GtpArgs(command.args), stream);
    stream.begin();
    std::istringstream lines(tail);
    for (std::string l; std::getline(lines, l);) stream.line(l);
    sink << '\n';
    sink.flush();
    return buffer.str();
  } catch (const std::exception&) {
    message = currentErrorMessage();
  }
  if (log_) *log_ << "gtp: '" << command.name << "' failed: " << message << "\n";
  if (!stream.begun()) return buffer.str() + frameResponse(false, command.id, message);
  sink << '\n';  // too late for "?": end the answer
  sink.flush();
  return buffer.str();
}

std::string GtpServer::execute(const GtpCommand& command) {
  std::string message;
  try {
    if (command.name.empty()) throw GtpError(SYNTAX_ERROR);
    const auto st = streaming_.find(command.name);
    if (st != streaming_.end()) return executeStreaming(command, st->second);
    const auto it = handlers_.find(command.name);
    if (it == handlers_.end()) throw GtpError("unknown command");
    return frameResponse(true, command.id, it->second(GtpArgs(command.args)));
  } catch (const std::exception&) {
    message = currentErrorMessage();
  }
  if (log_) *log_ << "gtp: '" << command.name << "' failed: " << message << "\n";
  return frameResponse(false, command.id, message);
}

std::string GtpServer::processLine(std::string_view raw) {
  const std::string cleaned = cleanLine(raw);
  if (cleaned.empty()) return "";
  return execute(splitCommand(cleaned));
}

void GtpServer::runLive(int inputFd, std::ostream& out) {
  LineReader reader(inputFd);
  liveOut_ = &out;
  liveInterrupt_ = &reader.pending();
  std::string line;
  try {
    while (!quit_ && reader.next(line)) {
      const std::string answer = processLine(line);
      if (answer.empty()) continue;
      out << answer;
      out.flush();
    }
  } catch (...) {
    liveOut_ = nullptr;
    liveInterrupt_ = nullptr;
    throw;
  }
  liveOut_ = nullptr;
  liveInterrupt_ = nullptr;
}

void GtpServer::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    const std::string answer = processLine(line);
    if (answer.empty()) continue;
    out << answer;
    out.flush();
  }
}

}  // namespace engine
