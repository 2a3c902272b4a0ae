// A fixed-size array whose entries start as all-zero bytes, allocated zeroed by the
// system: on a large table the pages a search never touches cost neither time nor
// memory, where std::vector writes every entry first. Arrays of 2 MB and more are
// mapped directly and marked for transparent huge pages (madvise), so a table spread
// over tens of megabytes takes one page fault and one TLB entry per 2 MB instead of per
// 4 KB (docs/SOLVER.md, session 13). For tables whose all-zero entry means "empty"
// (solve/tt.hpp, solve/dfpn.hpp, solve/benson.hpp).
#pragma once

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

namespace solve {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "entries must be plain data: they are never constructed or destroyed");
  static constexpr size_t kHuge = size_t{1} << 21;

 public:
  // n entries of zero bytes; throws std::bad_alloc when the memory is not there.
  explicit ZeroedArray(size_t n) : n_(n), bytes_(n * sizeof(T)) {
    if (n != 0 && bytes_ / n != sizeof(T)) throw std::bad_alloc();
    if (bytes_ >= kHuge) {
      // Over-allocate by one huge page and align the start, so the kernel can back the
      // whole array with 2 MB pages.
      mapped_ = bytes_ + kHuge;
      void* m = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m == MAP_FAILED) throw std::bad_alloc();
      base_ = m;
      const uintptr_t a = (reinterpret_cast<uintptr_t>(m) + kHuge - 1) & ~(kHuge - 1);
      p_ = reinterpret_cast<T*>(a);
      madvise(p_, bytes_, MADV_HUGEPAGE);  // advice only: a refusal changes nothing
    } else {
      p_ = static_cast<T*>(std::calloc(n == 0 ? 1 : n, sizeof(T)));
      if (!p_) throw std::bad_alloc();
    }
  }
  ZeroedArray(ZeroedArray&& o) noexcept
      : n_(std::exchange(o.n_, 0)),
        bytes_(std::exchange(o.bytes_, 0)),
        mapped_(std::exchange(o.mapped_, 0)),
        base_(std::exchange(o.base_, nullptr)),
        p_(std::exchange(o.p_, nullptr)) {}
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ZeroedArray& operator=(ZeroedArray&&) = delete;
  ~ZeroedArray() {
    if (base_) {
      munmap(base_, mapped_);
    } else {
      std::free(p_);
    }
  }
  T& operator[](size_t i) { return p_[i]; }
  const T& operator[](size_t i) const { return p_[i]; }
  size_t size() const { return n_; }
  size_t bytes() const { return bytes_; }

 private:
  size_t n_, bytes_;
  size_t mapped_ = 0;
  void* base_ = nullptr;  // the mapping, when the array is mapped
  T* p_ = nullptr;
};

}  // namespace solve
