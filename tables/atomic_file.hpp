// Atomic file replacement: write to a temporary file in the target's directory, fsync
// it, rename it over the target, fsync the directory (the POSIX recipe: rename is atomic
// within a file system, and the two fsyncs order data before the name change). Readers
// see either the old file or the complete new one; a crash or kill mid-write leaves the
// old file intact and, at worst, a stray "<name>.<pid>.<n>.tmp" beside it, which nothing
// reads and later writes step around (O_EXCL with the next n).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <vector>

namespace tables {

// Called after each chunk is written: bytes written so far, total bytes.
using ProgressFn = std::function<void(uint64_t written, uint64_t total)>;

// Replaces path by the concatenation of parts, atomically (see above). The new file
// gets mode 0644 minus the umask. Throws TableError (Io) naming the failed step; on
// failure the temporary file is removed and path is untouched.
void writeFileAtomically(const std::filesystem::path& path,
                         std::span<const std::span<const uint8_t>> parts,
                         const ProgressFn& onProgress = {});

// The same recipe for a file written piece by piece (a payload too large to hold twice
// in memory): write() appends, writeAt() overwrites bytes already written (a header whose
// checksums are known only at the end), commit() fsyncs and renames. Destroyed without a
// commit, or after a failed step, it removes its temporary file and leaves path untouched.
// Every failure throws TableError (Io) naming the step.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(const std::filesystem::path& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  void write(std::span<const uint8_t> bytes);
  void writeAt(uint64_t offset, std::span<const uint8_t> bytes);
  void commit();
  uint64_t written() const { return end_; }

 private:
  std::filesystem::path path_, tmp_;
  int fd_ = -1;
  uint64_t end_ = 0;
  bool done_ = false;
};

// The temporary file name the attempt-th try of process pid uses when writing path.
std::filesystem::path temporaryPath(const std::filesystem::path& path, long pid, int attempt);

// Leftover temporary files of writes to path (any process, any attempt), e.g. after a
// crash. Removing them is safe only when no write to path is running.
std::vector<std::filesystem::path> leftoverTemporaries(const std::filesystem::path& path);

}  // namespace tables
