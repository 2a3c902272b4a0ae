// Payload encoding: little-endian integers, LEB128 varints (as in DWARF and protocol
// buffers, with zigzag for signed values), length-prefixed strings.
#include "tables/payload.hpp"

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

void PayloadReader::fail(const std::string& what) const {
  throw TableError(
      TableErrorCode::PayloadFormat, source_,
      what + " at payload offset " + std::to_string(pos_) + " of " + std::to_string(bytes_.size()));
}

uint64_t PayloadReader::getLE(int n, const char* type) {
  if (remaining() < static_cast<size_t>(n)) {
    fail(std::string("payload ends reading a ") + type);
  }
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= uint64_t{bytes_[pos_ + i]} << (8 * i);
  pos_ += n;
  return v;
}

uint64_t PayloadReader::varint() {
  uint64_t v = 0;
  const size_t start = pos_;
  for (int shift = 0;; shift += 7) {
    if (atEnd()) fail("payload ends inside a varint");
    const uint8_t b = bytes_[pos_];
    // The tenth byte may carry only the top bit of a 64-bit value.
    if (shift == 63 && b > 1) {
      pos_ = start;
      fail("varint overflows 64 bits");
    }
    ++pos_;
    v |= uint64_t{b & 0x7fu} << shift;
    if ((b & 0x80) == 0) {
      // A final zero group after other groups is an overlong encoding.
      if (b == 0 && shift > 0) {
        pos_ = start;
        fail("overlong varint");
      }
      return v;
    }
  }
}

std::span<const uint8_t> PayloadReader::bytes(size_t n) {
  if (remaining() < n) {
    fail("payload ends reading " + std::to_string(n) + " bytes");
  }
  const auto out = bytes_.subspan(pos_, n);
  pos_ += n;
  return out;
}

std::string PayloadReader::string(size_t maxLength) {
  const size_t start = pos_;
  const uint64_t n = varint();
  if (n > maxLength) {
    pos_ = start;
    fail("string of " + std::to_string(n) + " bytes exceeds the limit of " +
         std::to_string(maxLength));
  }
  const auto b = bytes(static_cast<size_t>(n));
  return std::string(b.begin(), b.end());
}

void PayloadReader::expectEnd() const {
  if (!atEnd()) fail(std::to_string(remaining()) + " unread bytes after the last entry");
}

}  // namespace tables
