// A fixed-size array whose entries start as all-zero bytes, allocated zeroed by the
// system (calloc): on a large table the pages a search never touches cost neither time
// nor memory, where std::vector writes every entry first. For memo tables whose
// all-zero entry means "empty" (solve/dfpn.hpp, solve/benson.hpp).
#pragma once

#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace solve {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "entries must be plain data: they are never constructed or destroyed");

 public:
  // n entries of zero bytes; throws std::bad_alloc when the memory is not there.
  explicit ZeroedArray(size_t n) : n_(n), p_(static_cast<T*>(std::calloc(n, sizeof(T)))) {
    if (!p_) throw std::bad_alloc();
  }
  T& operator[](size_t i) { return p_.get()[i]; }
  const T& operator[](size_t i) const { return p_.get()[i]; }
  size_t size() const { return n_; }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  size_t n_;
  std::unique_ptr<T, Free> p_;
};

}  // namespace solve
