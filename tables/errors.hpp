// The one error type of tables/: every refusal (unreadable, corrupted, truncated,
// mismatched file, bad payload, failed write) is a TableError naming the file and what
// is wrong, with a code tests and callers can switch on.
#pragma once

#include <stdexcept>
#include <string>

namespace tables {

// What went wrong, coarsely; the message gives the details.
enum class TableErrorCode {
  Io,               // the operating system refused (open, read, write, fsync, rename)
  Empty,            // the file has no bytes at all
  BadMagic,         // not a fractalgo table file
  BadVersion,       // a format version this build does not read
  Truncated,        // shorter than the header says
  TrailingData,     // longer than the header says
  HeaderChecksum,   // header bytes do not match their checksum
  BadField,         // a header field holds an invalid value
  TooLarge,         // a size exceeds the caller's limit
  Mismatch,         // a valid table, but not the kind/size/rules the caller expected
  PayloadChecksum,  // stored (compressed) payload does not match its checksum
  Decompression,    // the zstd frame is malformed or has the wrong size
  ContentChecksum,  // the decompressed payload does not match its checksum
  PayloadFormat,    // decoding entries ran past the end or met an invalid value
  BadArgument,      // the caller asked to write something the format cannot hold
};

// Short name of a code ("header-checksum", ...), for messages and tests.
const char* errorCodeName(TableErrorCode code);

// A refused table file: what() reads "table <file>: <detail>".
class TableError : public std::runtime_error {
 public:
  TableError(TableErrorCode code, const std::string& file, const std::string& detail)
      : std::runtime_error("table " + file + ": " + detail),
        code_(code),
        file_(file),
        detail_(detail) {}

  TableErrorCode code() const { return code_; }
  const std::string& file() const { return file_; }
  const std::string& detail() const { return detail_; }

 private:
  TableErrorCode code_;
  std::string file_;
  std::string detail_;
};

}  // namespace tables
