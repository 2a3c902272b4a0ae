// Canonical 3x3 codes: the orthogonal part (12 bits) and the diagonal part (8 bits) of a
// code move independently under a symmetry, so each symmetry is two small lookup tables,
// and the class of every raw code is tabulated once (4 MB) on first use.
#include "engine/prior/pattern3.hpp"

#include <array>
#include <memory>
#include <mutex>
#include <vector>

namespace prior {
namespace {

struct Offset {
  int dx, dy;
};
constexpr std::array<Offset, 4> ORTH = {{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}};
constexpr std::array<Offset, 4> DIAG = {{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}};

Offset apply(int s, Offset o) {
  if (s & 1) o.dx = -o.dx;
  if (s & 2) o.dy = -o.dy;
  if (s & 4) std::swap(o.dx, o.dy);
  return o;
}

// Index of o in cells (o must be one of them).
int indexOf(const std::array<Offset, 4>& cells, Offset o) {
  for (int i = 0; i < 4; ++i) {
    if (cells[i].dx == o.dx && cells[i].dy == o.dy) return i;
  }
  return -1;
}

struct Tables {
  std::array<std::array<uint16_t, 4096>, 8> orth;  // symmetry -> 12-bit orthogonal part
  std::array<std::array<uint8_t, 256>, 8> diag;    // symmetry -> 8-bit diagonal part
  std::vector<uint32_t> idOf;                      // raw code -> dense class id
  std::vector<uint32_t> canonical;                 // dense id -> smallest raw code
};

uint32_t transformWith(const Tables& t, uint32_t code, int s) {
  return t.orth[s][code & 0xFFF] | static_cast<uint32_t>(t.diag[s][code >> 12]) << 12;
}

void buildPermutations(Tables& t) {
  for (int s = 0; s < 8; ++s) {
    std::array<int, 4> orthTo{}, diagTo{};
    for (int i = 0; i < 4; ++i) {
      orthTo[i] = indexOf(ORTH, apply(s, ORTH[i]));
      diagTo[i] = indexOf(DIAG, apply(s, DIAG[i]));
    }
    for (uint32_t c = 0; c < 4096; ++c) {
      uint32_t out = 0;
      for (int i = 0; i < 4; ++i) out |= (c >> (3 * i) & 7) << (3 * orthTo[i]);
      t.orth[s][c] = static_cast<uint16_t>(out);
    }
    for (uint32_t c = 0; c < 256; ++c) {
      uint32_t out = 0;
      for (int i = 0; i < 4; ++i) out |= (c >> (2 * i) & 3) << (2 * diagTo[i]);
      t.diag[s][c] = static_cast<uint8_t>(out);
    }
  }
}

const Tables& tables() {
  static std::once_flag once;
  static std::unique_ptr<Tables> t;
  std::call_once(once, [] {
    t = std::make_unique<Tables>();
    buildPermutations(*t);
    t->idOf.assign(PATTERN3_CODES, 0);
    // Codes in increasing order: a class is first met at its smallest member.
    for (uint32_t code = 0; code < PATTERN3_CODES; ++code) {
      uint32_t least = code;
      for (int s = 1; s < 8; ++s) least = std::min(least, transformWith(*t, code, s));
      if (least == code) {
        t->idOf[code] = static_cast<uint32_t>(t->canonical.size());
        t->canonical.push_back(code);
      } else {
        t->idOf[code] = t->idOf[least];
      }
    }
  });
  return *t;
}

}  // namespace

uint32_t pattern3Count() {
  return static_cast<uint32_t>(tables().canonical.size());
}
uint32_t pattern3Id(uint32_t code) {
  return tables().idOf[code & (PATTERN3_CODES - 1)];
}
uint32_t pattern3Canonical(uint32_t id) {
  return tables().canonical.at(id);
}
uint32_t pattern3Transform(uint32_t code, int s) {
  return transformWith(tables(), code, s & 7);
}

uint32_t pattern3SwapColors(uint32_t code) {
  uint32_t out = 0;
  for (int i = 0; i < 4; ++i) {
    uint32_t v = code >> (3 * i) & 7;
    if (v >= 2) v = v >= 5 ? v - 3 : v + 3;
    out |= v << (3 * i);
  }
  for (int i = 0; i < 4; ++i) {
    uint32_t v = code >> (12 + 2 * i) & 3;
    if (v == 1 || v == 2) v = 3 - v;
    out |= v << (12 + 2 * i);
  }
  return out;
}

}  // namespace prior
