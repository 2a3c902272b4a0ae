// Atomic replacement of a file by write-temporary, fsync, rename, fsync-directory.
#include "tables/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "tables/errors.hpp"

namespace tables {

namespace {

constexpr size_t CHUNK_BYTES = size_t{4} << 20;  // write and report progress per 4 MiB
constexpr int MAX_ATTEMPTS = 1000;               // temporary names tried before giving up

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& step, int err) {
  throw TableError(TableErrorCode::Io, path.string(), step + ": " + std::strerror(err));
}

// Closes a descriptor once, on scope exit unless released.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Writes all of bytes to fd, retrying short writes and EINTR.
void writeAll(int fd, const uint8_t* p, size_t n, const std::filesystem::path& tmp) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail(tmp, "write", errno);
    }
    p += w;
    n -= static_cast<size_t>(w);
  }
}

// Creates a fresh temporary file next to path (O_EXCL); returns its fd and sets tmp.
int createTemporary(const std::filesystem::path& path, std::filesystem::path& tmp) {
  const long pid = static_cast<long>(::getpid());
  for (int attempt = 0; attempt < MAX_ATTEMPTS; ++attempt) {
    tmp = temporaryPath(path, pid, attempt);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) return fd;
    if (errno != EEXIST && errno != EINTR) fail(tmp, "create temporary file", errno);
  }
  throw TableError(TableErrorCode::Io, path.string(),
                   "no free temporary file name after " + std::to_string(MAX_ATTEMPTS) +
                       " tries (leftover *.tmp files?)");
}

// Flushes the directory holding path, so the rename itself is durable.
void syncDirectory(const std::filesystem::path& path) {
  std::filesystem::path dir = path.parent_path();
  if (dir.empty()) dir = ".";
  Fd d{::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  if (d.fd < 0) fail(dir, "open directory for fsync", errno);
  if (::fsync(d.fd) != 0) fail(dir, "fsync directory", errno);
}

}  // namespace

std::filesystem::path temporaryPath(const std::filesystem::path& path, long pid, int attempt) {
  // Appended piece by piece: "." + string + ... trips a GCC 12 -Wrestrict false positive.
  std::string suffix = ".";
  suffix += std::to_string(pid);
  suffix += '.';
  suffix += std::to_string(attempt);
  suffix += ".tmp";
  std::filesystem::path tmp = path;
  tmp += suffix;
  return tmp;
}

std::vector<std::filesystem::path> leftoverTemporaries(const std::filesystem::path& path) {
  std::vector<std::filesystem::path> found;
  std::filesystem::path dir = path.parent_path();
  if (dir.empty()) dir = ".";
  const std::string prefix = path.filename().string() + ".";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() <= prefix.size() + 4 || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - 4, 4, ".tmp") != 0) {
      continue;
    }
    // The middle must be "<digits>.<digits>".
    const std::string mid = name.substr(prefix.size(), name.size() - prefix.size() - 4);
    const size_t dot = mid.find('.');
    const bool digits = dot != std::string::npos && dot > 0 && dot + 1 < mid.size() &&
                        mid.find_first_not_of("0123456789.") == std::string::npos &&
                        mid.find('.', dot + 1) == std::string::npos;
    if (digits) found.push_back(entry.path());
  }
  return found;
}

AtomicFileWriter::AtomicFileWriter(const std::filesystem::path& path) : path_(path) {
  fd_ = createTemporary(path, tmp_);
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!done_) ::unlink(tmp_.c_str());
}

void AtomicFileWriter::write(std::span<const uint8_t> bytes) {
  if (done_ || fd_ < 0) fail(tmp_, "write after commit", EBADF);
  writeAll(fd_, bytes.data(), bytes.size(), tmp_);
  end_ += bytes.size();
}

void AtomicFileWriter::writeAt(uint64_t offset, std::span<const uint8_t> bytes) {
  if (done_ || fd_ < 0) fail(tmp_, "write after commit", EBADF);
  if (offset > end_ || bytes.size() > end_ - offset) fail(tmp_, "write past the end", EINVAL);
  const uint8_t* p = bytes.data();
  size_t n = bytes.size();
  auto at = static_cast<off_t>(offset);
  while (n > 0) {
    const ssize_t w = ::pwrite(fd_, p, n, at);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail(tmp_, "pwrite", errno);
    }
    p += w;
    at += w;
    n -= static_cast<size_t>(w);
  }
}

void AtomicFileWriter::commit() {
  if (done_ || fd_ < 0) fail(tmp_, "commit twice", EBADF);
  if (::fsync(fd_) != 0) fail(tmp_, "fsync", errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(tmp_, "close", errno);
  if (::rename(tmp_.c_str(), path_.c_str()) != 0) fail(path_, "rename " + tmp_.string(), errno);
  done_ = true;
  syncDirectory(path_);
}

void writeFileAtomically(const std::filesystem::path& path,
                         std::span<const std::span<const uint8_t>> parts,
                         const ProgressFn& onProgress) {
  uint64_t total = 0;
  for (const auto& part : parts) total += part.size();
  AtomicFileWriter f(path);
  for (const auto& part : parts) {
    for (size_t at = 0; at < part.size(); at += CHUNK_BYTES) {
      const size_t n = std::min(CHUNK_BYTES, part.size() - at);
      f.write(part.subspan(at, n));
      if (onProgress) onProgress(f.written(), total);
    }
  }
  f.commit();
}

}  // namespace tables
