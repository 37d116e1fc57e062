// engine/cpu/equal.cpp — elementwise "all equal" over two same-shape, same-dtype tensors.
#include "engine/cpu/equal.h"

#include <cstring>

#include "engine/core/convert.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

bool equal_kernel(const Tensor& a, const Tensor& b) {
  bool same = true;
  const std::array<const Shape*, 2> strides{&a.strides(), &b.strides()};
  const std::array<int64_t, 2> sizes{a.itemsize(), b.itemsize()};
  dispatch(a.dtype(), [&]<typename T>() {
    // Serial: a shared early-exit flag is simpler than a parallel reduction
    // and the loop stops at the first difference anyway.
    for_each_run<2>(
        a.sizes(), {a.data_ptr(), b.data_ptr()}, strides, sizes,
        [&same](char** p, const int64_t* s, int64_t n) {
          if (!same) return;
          for (int64_t k = 0; k < n; ++k) {
            T x, y;
            std::memcpy(&x, p[0] + k * s[0], sizeof(T));
            std::memcpy(&y, p[1] + k * s[1], sizeof(T));
            bool eq;
            if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
              eq = static_cast<float>(x) == static_cast<float>(y);
            else
              eq = x == y;
            if (!eq) {
              same = false;
              return;
            }
          }
        },
        /*parallel=*/false);
  });
  return same;
}

}  // namespace tsh::cpu
