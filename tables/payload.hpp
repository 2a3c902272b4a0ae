// Payload encoding for table kinds: PayloadWriter appends little-endian integers, LEB128
// varints and byte strings to a growing buffer; PayloadReader reads them back in the
// same order with a bounds check on every read, throwing TableError (PayloadFormat)
// naming the source file and the offset where decoding failed.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tables {

// Builds a payload byte by byte. All integers are little-endian.
class PayloadWriter {
 public:
  void u8(uint8_t v) { bytes_.push_back(v); }
  void u16(uint16_t v) { putLE(v, 2); }
  void u32(uint32_t v) { putLE(v, 4); }
  void u64(uint64_t v) { putLE(v, 8); }
  // Signed integers as their two's complement bit patterns.
  void i8(int8_t v) { u8(static_cast<uint8_t>(v)); }
  void i16(int16_t v) { u16(static_cast<uint16_t>(v)); }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  // Unsigned LEB128: 7 bits a byte, low group first, high bit set on all but the last.
  void varint(uint64_t v);
  // The bytes varint(v) writes: one per started group of 7 bits (1 for 0).
  static int varintSize(uint64_t v) { return v < 0x80 ? 1 : 1 + varintSize(v >> 7); }
  // Signed LEB128 after zigzag mapping (0,-1,1,-2,... -> 0,1,2,3,...).
  void svarint(int64_t v) {
    varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
  }
  // Raw bytes, no length prefix.
  void bytes(std::span<const uint8_t> b) { bytes_.insert(bytes_.end(), b.begin(), b.end()); }
  // A varint length followed by the bytes of s.
  void string(std::string_view s);

  size_t size() const { return bytes_.size(); }
  const std::vector<uint8_t>& data() const { return bytes_; }
  // Moves the buffer out; the writer is empty afterwards.
  std::vector<uint8_t> take() { return std::move(bytes_); }
  // Reserves room for n more bytes.
  void reserve(size_t n) { bytes_.reserve(bytes_.size() + n); }
  // Empties the buffer, keeping its capacity (a payload written out in pieces).
  void clear() { bytes_.clear(); }

 private:
  void putLE(uint64_t v, int n) {
    for (int i = 0; i < n; ++i) bytes_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  std::vector<uint8_t> bytes_;
};

// Reads a payload written by PayloadWriter. Reads past the end, overlong or
// overflowing varints and too-long strings throw TableError (PayloadFormat).
class PayloadReader {
 public:
  // Pulls payload bytes: copies up to n of them to p and returns how many, 0 at the end
  // (TableStreamReader::read).
  using Pull = std::function<size_t(uint8_t* p, size_t n)>;

  // Reads bytes; source names the file (or other origin) in error messages.
  PayloadReader(std::span<const uint8_t> bytes, std::string source)
      : bytes_(bytes), source_(std::move(source)) {}
  // Reads a payload that arrives in pieces from pull, holding only a window of it (a few
  // MiB) in memory. Offsets in errors still count from the payload's start; remaining()
  // counts only the bytes held so far.
  PayloadReader(Pull pull, std::string source);

  uint8_t u8() { return static_cast<uint8_t>(getLE(1, "u8")); }
  uint16_t u16() { return static_cast<uint16_t>(getLE(2, "u16")); }
  uint32_t u32() { return static_cast<uint32_t>(getLE(4, "u32")); }
  uint64_t u64() { return getLE(8, "u64"); }
  int8_t i8() { return static_cast<int8_t>(u8()); }
  int16_t i16() { return static_cast<int16_t>(u16()); }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  int64_t i64() { return static_cast<int64_t>(u64()); }
  uint64_t varint();
  int64_t svarint() {
    const uint64_t z = varint();
    return static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1);
  }
  // The next n bytes (a view into the payload).
  std::span<const uint8_t> bytes(size_t n);
  // A string written by PayloadWriter::string, at most maxLength bytes long.
  std::string string(size_t maxLength = 1 << 20);

  size_t offset() const { return static_cast<size_t>(base_) + pos_; }
  size_t remaining() const { return bytes_.size() - pos_; }
  bool atEnd() { return pos_ == bytes_.size() && !fill(1); }
  // Throws TableError (PayloadFormat) unless every byte was read.
  void expectEnd();
  // Throws TableError (PayloadFormat) with "<what> at payload offset <offset>".
  [[noreturn]] void fail(const std::string& what) const;

 private:
  uint64_t getLE(int n, const char* type);
  [[noreturn]] void failAt(uint64_t at, const std::string& what) const;
  // At least n bytes held from pos_ on, pulling more when reading in pieces; false when
  // the payload ends first.
  bool has(size_t n) { return remaining() >= n || fill(n); }
  bool fill(size_t n);
  std::span<const uint8_t> bytes_;
  std::string source_;
  size_t pos_ = 0;
  // Reading in pieces: the window buffer_[0, bytes_.size()) starts at payload offset base_.
  Pull pull_;
  std::vector<uint8_t> buffer_;
  uint64_t base_ = 0;
  bool ended_ = false;
};

}  // namespace tables
