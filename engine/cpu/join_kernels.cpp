// engine/cpu/join_kernels.cpp — flip and the triangle (tril/triu) kernels.
//
// Both only move or clear bytes, so neither depends on the dtype: zero is the
// all-zero bit pattern for every dtype tsh has.
#include <cstring>
#include <vector>

#include "engine/cpu/join_kernels.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

void flip_kernel(const Tensor& out, const Tensor& src, const std::vector<bool>& flip) {
  // Read src from its last element backwards along flipped dims: a negative
  // stride, which a Tensor cannot hold but the strided loop handles.
  Shape src_strides = src.strides();
  char* src_base = src.data_ptr();
  for (size_t d = 0; d < flip.size(); ++d) {
    if (!flip[d] || src.sizes()[d] == 0) continue;
    src_base += (src.sizes()[d] - 1) * src_strides[d] * src.itemsize();
    src_strides[d] = -src_strides[d];
  }
  const std::array<const Shape*, 2> strides{&out.strides(), &src_strides};
  const int64_t item = out.itemsize();
  for_each_run<2>(out.sizes(), {out.data_ptr(), src_base}, strides, {item, item},
                  [item](char** p, const int64_t* s, int64_t n) {
                    for (int64_t k = 0; k < n; ++k) std::memcpy(p[0] + k * s[0], p[1] + k * s[1], item);
                  });
}

void triangle_kernel(const Tensor& out, const Tensor& src, int64_t k, bool upper) {
  const int64_t nd = out.dim();
  const int64_t rows = out.sizes()[nd - 2], cols = out.sizes()[nd - 1];
  if (out.numel() == 0) return;
  const int64_t item = out.itemsize();
  const bool inplace = out.data_ptr() == src.data_ptr() && out.strides() == src.strides();
  // The batch dims (all but the last two) walked with an odometer.
  const int64_t batch_dims = nd - 2;
  int64_t batches = 1;
  for (int64_t d = 0; d < batch_dims; ++d) batches *= out.sizes()[d];
  std::vector<int64_t> idx(batch_dims, 0);
  for (int64_t b = 0; b < batches; ++b) {
    char* o = out.data_ptr();
    const char* s = src.data_ptr();
    for (int64_t d = 0; d < batch_dims; ++d) {
      o += idx[d] * out.strides()[d] * item;
      s += idx[d] * src.strides()[d] * item;
    }
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) {
        const bool keep = upper ? j - i >= k : j - i <= k;
        char* dst = o + (i * out.strides()[nd - 2] + j * out.strides()[nd - 1]) * item;
        if (!keep)
          std::memset(dst, 0, item);
        else if (!inplace)
          std::memcpy(dst, s + (i * src.strides()[nd - 2] + j * src.strides()[nd - 1]) * item, item);
      }
    }
    for (int64_t d = batch_dims - 1; d >= 0; --d) {
      if (++idx[d] < out.sizes()[d]) break;
      idx[d] = 0;
    }
  }
}

}  // namespace tsh::cpu
