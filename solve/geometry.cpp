#include "solve/geometry.hpp"

#include "engine/board/errors.hpp"

namespace solve {

Geometry::Geometry(int width, int height) : width_(width), height_(height) {
  if (width < 1 || height < 1 || width * height > MAX_POINTS) {
    throw engine::InputError("the solver handles boards of 1 to " + std::to_string(MAX_POINTS) +
                             " points, not " + std::to_string(width) + "x" +
                             std::to_string(height));
  }
  n_ = width * height;
  all_ = (Mask{1} << n_) - 1;
  Mask leftCol = 0, rightCol = 0;
  for (int y = 0; y < height; ++y) {
    leftCol |= Mask{1} << point(0, y);
    rightCol |= Mask{1} << point(width - 1, y);
  }
  notLeft_ = all_ & ~leftCol;
  notRight_ = all_ & ~rightCol;
  for (int p = 0; p < n_; ++p) nbr_[p] = expand(Mask{1} << p) & ~(Mask{1} << p);
  // Symmetry s: bit 0 mirrors x, bit 1 mirrors y, bit 2 transposes (squares only).
  nsym_ = width == height ? 8 : 4;
  table_.resize(nsym_);
  for (int s = 0; s < nsym_; ++s) {
    for (int p = 0; p < n_; ++p) {
      int x0 = x(p), y0 = y(p);
      if (s & 1) x0 = width - 1 - x0;
      if (s & 2) y0 = height - 1 - y0;
      if (s & 4) std::swap(x0, y0);
      perm_[s][p] = static_cast<int8_t>(point(x0, y0));
      inv_[s][point(x0, y0)] = static_cast<int8_t>(p);
    }
    for (int chunk = 0; chunk < 4; ++chunk) {
      for (int byte = 0; byte < 256; ++byte) {
        uint32_t image = 0;
        for (int bit = 0; bit < 8; ++bit) {
          const int p = chunk * 8 + bit;
          if ((byte >> bit & 1) && p < n_) image |= uint32_t{1} << perm_[s][p];
        }
        table_[s][chunk][byte] = image;
      }
    }
  }
  for (int s = 0; s < nsym_; ++s) {
    for (int t = 0; t < nsym_; ++t) {
      bool undoes = true;
      for (int p = 0; p < n_ && undoes; ++p) undoes = perm_[t][perm_[s][p]] == p;
      if (undoes) invSym_[s] = t;
    }
  }
}

std::string Geometry::vertex(int p) const {
  if (p < 0) return "pass";
  return engine::vertexName({x(p), y(p)}, size());
}

}  // namespace solve
