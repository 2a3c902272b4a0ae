// Test helpers for tables/: a scratch directory removed on exit, file byte access,
// and a standard small table to corrupt.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "tables/checksum.hpp"
#include "tables/table_file.hpp"

namespace tables_test {

// A fresh directory under the system temporary directory, removed with its contents.
class ScratchDir {
 public:
  ScratchDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("fgo-tables-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::vector<uint8_t> readBytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// Writes a fresh file (removing any old one first: rewriting a file in place through
// truncation makes ext4 flush it on close, which made these tests slow).
inline void writeBytes(const std::filesystem::path& p, const std::vector<uint8_t>& b) {
  std::filesystem::remove(p);
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

// A payload that compresses somewhat: table-like records with a seeded generator.
inline std::vector<uint8_t> samplePayload(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> b(n);
  for (size_t i = 0; i < n; ++i)
    b[i] = (i % 4 == 0) ? static_cast<uint8_t>(rng()) : static_cast<uint8_t>(i / 4 % 7);
  return b;
}

// Incompressible bytes (xorshift64, Marsaglia 2003), cheap to make.
inline std::vector<uint8_t> randomBytes(size_t n, uint64_t seed) {
  std::vector<uint8_t> b(n);
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 88172645463325252ull;
  for (auto& v : b) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    v = static_cast<uint8_t>(x >> 24);
  }
  return b;
}

// Writes the n-byte little-endian value v at b[at].
inline void setLE(std::vector<uint8_t>& b, size_t at, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// Re-seals a hand-edited header with a correct header checksum.
inline void reseal(std::vector<uint8_t>& b) {
  setLE(b, 248, tables::crc64(std::span<const uint8_t>(b).first(248)), 8);
}

// A table file's bytes with payload byte `at` xor-ed with `mask` and the stored checksum
// and header resealed to match: damage only zstd or the content checksum can catch.
inline std::vector<uint8_t> damagedBehindChecksum(std::vector<uint8_t> b, size_t at, uint8_t mask) {
  b[at] ^= mask;
  setLE(b, 64, tables::crc64(std::span<const uint8_t>(b).subspan(tables::HEADER_BYTES)), 8);
  reseal(b);
  return b;
}

// Header fields of a typical 5x5 solution table.
inline tables::TableMeta sampleMeta() {
  tables::TableMeta m;
  m.kind = tables::TableKind::Solution;
  m.kindVersion = 1;
  m.width = 5;
  m.height = 5;
  m.rules = tables::TableRules{};
  m.generatorName = "test_tables";
  m.generatorVersion = "0.1.0";
  m.note = "unit test";
  m.entryCount = 123;
  return m;
}

}  // namespace tables_test
