// CRC-64/XZ (the CRC of the xz file format; ECMA-182 polynomial, reflected, initial
// value and final xor all ones), computed with slicing-by-8 (Kounavis & Berry, "A
// Systematic Approach to Building High Performance Software-based CRC Generators",
// 2005). Check value: crc64("123456789") == 0x995DC9BBDF1939FA.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace tables {

// Running CRC-64/XZ: feed bytes with update(), read the CRC of everything fed so far
// with value() (update may continue afterwards).
class Crc64 {
 public:
  // Adds bytes to the running CRC.
  void update(std::span<const uint8_t> bytes);
  // The CRC-64/XZ of all bytes fed so far.
  uint64_t value() const { return ~state_; }

 private:
  uint64_t state_ = ~uint64_t{0};
};

// CRC-64/XZ of a byte range in one call.
uint64_t crc64(std::span<const uint8_t> bytes);
// CRC-64/XZ of the bytes of a string (for tests and check values).
uint64_t crc64(std::string_view text);

}  // namespace tables
