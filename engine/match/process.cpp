#include "engine/match/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "engine/board/errors.hpp"

extern char** environ;

namespace engine {

std::vector<std::string> splitCommandLine(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (inWord) words.push_back(std::move(word));
      word.clear();
      inWord = false;
    } else if (c == '\'') {
      const size_t end = line.find('\'', i + 1);
      if (end == std::string_view::npos) {
        throw InputError("command line: unterminated ' starting at character " + std::to_string(i));
      }
      word.append(line.substr(i + 1, end - i - 1));
      i = end;
      inWord = true;
    } else if (c == '"') {
      size_t j = i + 1;
      for (; j < line.size() && line[j] != '"'; ++j) {
        if (line[j] == '\\' && j + 1 < line.size() && std::strchr("\"\\$`", line[j + 1])) ++j;
        word.push_back(line[j]);
      }
      if (j >= line.size()) {
        throw InputError("command line: unterminated \" starting at character " +
                         std::to_string(i));
      }
      i = j;
      inWord = true;
    } else if (c == '\\') {
      if (i + 1 < line.size()) word.push_back(line[++i]);
      inWord = true;
    } else {
      word.push_back(c);
      inWord = true;
    }
  }
  if (inWord) words.push_back(std::move(word));
  if (words.empty()) throw InputError("command line: empty command");
  return words;
}

namespace {

bool isExecutable(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string describeStatus(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
  return "ended with wait status " + std::to_string(status);
}

// Closes both ends of the pipes made so far when starting fails.
void closeAll(std::initializer_list<int> fds) {
  for (int fd : fds) {
    if (fd >= 0) ::close(fd);
  }
}

}  // namespace

std::string findExecutable(const std::string& name) {
  if (name.find('/') != std::string::npos) return isExecutable(name) ? name : "";
  std::string dirs = std::getenv("PATH") ? std::getenv("PATH") : "";
  dirs += ":/usr/games";
  std::stringstream in(dirs);
  std::string dir;
  while (std::getline(in, dir, ':')) {
    if (dir.empty()) continue;
    const std::string path = dir + "/" + name;
    if (isExecutable(path)) return path;
  }
  return "";
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::string& stderrPath) {
  if (argv.empty()) throw ProcessError("no program to start");
  const std::string program = findExecutable(argv[0]);
  if (program.empty()) throw ProcessError("cannot start '" + argv[0] + "': program not found");
  int toChild[2], fromChild[2];
  if (::pipe2(toChild, O_CLOEXEC) != 0) throw ProcessError(std::string("pipe: ") + strerror(errno));
  if (::pipe2(fromChild, O_CLOEXEC) != 0) {
    closeAll({toChild[0], toChild[1]});
    throw ProcessError(std::string("pipe: ") + strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
  posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
  if (!stderrPath.empty()) {
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                     0644);
  }
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int rc = posix_spawn(&pid_, program.c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  closeAll({toChild[0], fromChild[1]});
  if (rc != 0) {
    closeAll({toChild[1], fromChild[0]});
    pid_ = -1;
    throw ProcessError("cannot start '" + program + "': " + strerror(rc));
  }
  in_ = toChild[1];
  out_ = fromChild[0];
  ::fcntl(out_, F_SETFL, ::fcntl(out_, F_GETFL) | O_NONBLOCK);
}

ChildProcess::~ChildProcess() {
  stop(0.5);
}

bool ChildProcess::write(std::string_view text) {
  if (in_ < 0) return false;
  // Block SIGPIPE for this thread while writing; consume it if the write raised it.
  sigset_t pipeSet, old;
  sigemptyset(&pipeSet);
  sigaddset(&pipeSet, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSet, &old);
  bool ok = true;
  while (!text.empty()) {
    const ssize_t n = ::write(in_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    text.remove_prefix(static_cast<size_t>(n));
  }
  if (!ok && errno == EPIPE) {
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE)) {
      const timespec zero{0, 0};
      sigtimedwait(&pipeSet, nullptr, &zero);
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

ChildProcess::ReadStatus ChildProcess::readLine(std::string& line, Clock::time_point deadline,
                                                size_t maxLineBytes) {
  for (;;) {
    const size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return ReadStatus::Line;
    }
    if (buffer_.size() > maxLineBytes) return ReadStatus::TooLong;
    if (eof_ || out_ < 0) return ReadStatus::Eof;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return ReadStatus::Timeout;
    pollfd pfd{out_, POLLIN, 0};
    const int rc =
        ::poll(&pfd, 1, static_cast<int>(std::min<long long>(left.count() + 1, 1 << 30)));
    if (rc < 0 && errno != EINTR) return ReadStatus::Eof;
    if (rc <= 0) continue;
    char chunk[4096];
    const ssize_t n = ::read(out_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      eof_ = true;
    }
  }
}

std::optional<std::string> ChildProcess::exitStatus() {
  if (exit_ || pid_ < 0) return exit_;
  // WNOWAIT leaves the child a zombie: its process id, hence its process group id,
  // cannot be reused before stop() kills the group and reaps it.
  siginfo_t info;
  std::memset(&info, 0, sizeof info);
  if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    exit_ = "lost (" + std::string(strerror(errno)) + ")";
  } else if (info.si_pid == pid_) {
    if (info.si_code == CLD_EXITED) {
      exit_ = "exit status " + std::to_string(info.si_status);
    } else {
      exit_ = "killed by signal " + std::to_string(info.si_status) + " (" +
              strsignal(info.si_status) + ")";
    }
  }
  return exit_;
}

std::optional<std::string> ChildProcess::waitExit(double seconds) {
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    if (auto s = exitStatus()) return s;
    if (Clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void ChildProcess::closeInput() {
  if (in_ >= 0) ::close(in_);
  in_ = -1;
}

std::string ChildProcess::stop(double graceSeconds) {
  if (pid_ < 0) return exit_.value_or("not started");
  closeInput();
  const auto status = waitExit(graceSeconds);
  // Kill the whole group (the leader if it still runs, and anything it left behind),
  // then reap the leader.
  ::kill(-pid_, SIGKILL);
  int raw = 0;
  while (::waitpid(pid_, &raw, 0) < 0 && errno == EINTR) {
  }
  exit_ = status ? *status : describeStatus(raw);
  if (out_ >= 0) ::close(out_);
  out_ = -1;
  pid_ = -1;
  return *exit_;
}

double ChildProcess::cpuSeconds() const {
  if (pid_ < 0 || exit_) return -1;
  std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
  std::string text;
  if (!std::getline(in, text)) return -1;
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const size_t close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string f;
  double ticks = 0;
  // State is field 3; utime, stime, cutime, cstime are fields 14..17.
  for (int field = 3; field <= 17 && fields >> f; ++field) {
    if (field >= 14) ticks += std::strtod(f.c_str(), nullptr);
  }
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

}  // namespace engine
