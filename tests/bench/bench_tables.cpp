// Table file throughput: write (compress + CRC + atomic write with fsync) and read
// (read + CRC + decompress + CRC) of a ~50 MB payload at several zstd levels, plus the
// CRC-64 alone. Payloads: solution-table-like records (sorted 64-bit keys with random
// gaps, a value, a move) and incompressible bytes. Figures: docs/TABLES.md.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <random>

#include "tables/checksum.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace {

constexpr size_t RECORDS = 5'242'880;  // x 10 bytes = 52.4 MB

// Sorted keys with random gaps, values skewed toward small margins, moves 0..25.
const std::vector<uint8_t>& recordPayload() {
  static const std::vector<uint8_t> payload = [] {
    std::mt19937_64 rng(2026);
    tables::PayloadWriter w;
    w.reserve(RECORDS * 10);
    uint64_t key = 0;
    for (size_t i = 0; i < RECORDS; ++i) {
      key += 1 + (rng() >> 30);
      w.u64(key);
      w.i8(static_cast<int8_t>(static_cast<int>(rng() % 9) - 4));
      w.u8(static_cast<uint8_t>(rng() % 26));
    }
    return w.take();
  }();
  return payload;
}

const std::vector<uint8_t>& randomPayload() {
  static const std::vector<uint8_t> payload = [] {
    std::mt19937_64 rng(7);
    std::vector<uint8_t> b(RECORDS * 10);
    for (auto& v : b) v = static_cast<uint8_t>(rng() >> 56);
    return b;
  }();
  return payload;
}

std::filesystem::path benchFile(const char* name) {
  return std::filesystem::temp_directory_path() /
         (std::string("fgo-bench-") + std::to_string(::getpid()) + "-" + name + ".tbl");
}

tables::TableMeta benchMeta() {
  tables::TableMeta m;
  m.kind = tables::TableKind::Solution;
  m.width = m.height = 5;
  m.generatorName = "bench_tables";
  m.generatorVersion = "1";
  m.entryCount = RECORDS;
  return m;
}

const std::vector<uint8_t>& payloadFor(int kind) {
  return kind ? randomPayload() : recordPayload();
}

// Args: zstd level, payload (0 records, 1 random).
void BM_WriteTable(benchmark::State& state) {
  const auto& payload = payloadFor(static_cast<int>(state.range(1)));
  const auto path = benchFile("write");
  tables::WriteOptions o;
  o.level = static_cast<int>(state.range(0));
  uint64_t stored = 0;
  for (auto _ : state) stored = tables::writeTable(path, benchMeta(), payload, o).storedBytes;
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * payload.size()));
  state.counters["ratio"] = double(payload.size()) / double(stored);
  state.counters["MB_stored"] = double(stored) / 1e6;
  std::filesystem::remove(path);
}

void BM_ReadTable(benchmark::State& state) {
  const auto& payload = payloadFor(static_cast<int>(state.range(1)));
  const auto path = benchFile("read");
  tables::WriteOptions o;
  o.level = static_cast<int>(state.range(0));
  tables::writeTable(path, benchMeta(), payload, o);
  for (auto _ : state) {
    const tables::Table t = tables::readTable(path);
    benchmark::DoNotOptimize(t.payload.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * payload.size()));
  std::filesystem::remove(path);
}

void BM_Crc64(benchmark::State& state) {
  const auto& payload = recordPayload();
  for (auto _ : state) benchmark::DoNotOptimize(tables::crc64(payload));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * payload.size()));
}

void levels(benchmark::internal::Benchmark* b) {
  for (int level : {1, 3, 9}) b->Args({level, 0});
  b->Args({1, 1});
  b->Args({3, 1});
}

}  // namespace

BENCHMARK(BM_WriteTable)
    ->Apply(levels)
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_ReadTable)->Apply(levels)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Crc64)->Iterations(5)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
