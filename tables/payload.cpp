// Payload encoding: little-endian integers, LEB128 varints (as in DWARF and protocol
// buffers, with zigzag for signed values), length-prefixed strings.
#include "tables/payload.hpp"

#include <algorithm>
#include <cstring>

#include "tables/errors.hpp"

namespace tables {

void PayloadWriter::varint(uint64_t v) {
  while (v >= 0x80) {
    bytes_.push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  bytes_.push_back(static_cast<uint8_t>(v));
}

void PayloadWriter::string(std::string_view s) {
  varint(s.size());
  bytes_.insert(bytes_.end(), s.begin(), s.end());
}

namespace {
constexpr size_t WINDOW_BYTES = size_t{4} << 20;  // bytes pulled at a time
}  // namespace

PayloadReader::PayloadReader(Pull pull, std::string source)
    : source_(std::move(source)), pull_(std::move(pull)) {}

bool PayloadReader::fill(size_t n) {
  if (!pull_ || ended_) return remaining() >= n;
  // Keep the unread tail, at the front of a window large enough for n bytes.
  const size_t keep = remaining();
  if (keep > 0 && pos_ > 0) std::memmove(buffer_.data(), buffer_.data() + pos_, keep);
  base_ += pos_;
  pos_ = 0;
  if (buffer_.size() < std::max(n, WINDOW_BYTES)) buffer_.resize(std::max(n, WINDOW_BYTES));
  size_t have = keep;
  while (have < n) {
    const size_t got = pull_(buffer_.data() + have, buffer_.size() - have);
    if (got == 0) {
      ended_ = true;
      break;
    }
    have += got;
  }
  bytes_ = std::span<const uint8_t>(buffer_.data(), have);
  return have >= n;
}

void PayloadReader::fail(const std::string& what) const {
  failAt(offset(), what);
}

void PayloadReader::failAt(uint64_t at, const std::string& what) const {
  std::string where = what + " at payload offset " + std::to_string(at);
  if (!pull_) where += " of " + std::to_string(bytes_.size());
  throw TableError(TableErrorCode::PayloadFormat, source_, where);
}

uint64_t PayloadReader::getLE(int n, const char* type) {
  if (!has(static_cast<size_t>(n))) {
    fail(std::string("payload ends reading a ") + type);
  }
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= uint64_t{bytes_[pos_ + i]} << (8 * i);
  pos_ += n;
  return v;
}

uint64_t PayloadReader::varint() {
  uint64_t v = 0;
  const uint64_t start = offset();
  for (int shift = 0;; shift += 7) {
    if (!has(1)) fail("payload ends inside a varint");
    const uint8_t b = bytes_[pos_];
    // The tenth byte may carry only the top bit of a 64-bit value.
    if (shift == 63 && b > 1) failAt(start, "varint overflows 64 bits");
    ++pos_;
    v |= uint64_t{b & 0x7fu} << shift;
    if ((b & 0x80) == 0) {
      // A final zero group after other groups is an overlong encoding.
      if (b == 0 && shift > 0) failAt(start, "overlong varint");
      return v;
    }
  }
}

std::span<const uint8_t> PayloadReader::bytes(size_t n) {
  if (!has(n)) {
    fail("payload ends reading " + std::to_string(n) + " bytes");
  }
  const auto out = bytes_.subspan(pos_, n);
  pos_ += n;
  return out;
}

std::string PayloadReader::string(size_t maxLength) {
  const uint64_t start = offset();
  const uint64_t n = varint();
  if (n > maxLength) {
    failAt(start, "string of " + std::to_string(n) + " bytes exceeds the limit of " +
                      std::to_string(maxLength));
  }
  const auto b = bytes(static_cast<size_t>(n));
  return std::string(b.begin(), b.end());
}

void PayloadReader::expectEnd() {
  if (!atEnd()) {
    fail(std::to_string(remaining()) + (pull_ ? " or more" : "") +
         " unread bytes after the last entry");
  }
}

}  // namespace tables
