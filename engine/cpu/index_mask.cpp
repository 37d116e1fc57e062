// engine/cpu/index_mask.cpp — masks: filling where a mask is set, and finding nonzero elements.
#include <cstring>
#include <vector>

#include "engine/core/convert.h"
#include "engine/cpu/index_kernels.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

namespace {

// PyTorch's "nonzero" is `value != 0`: NaN counts, -0.0 does not.
template <typename T> bool is_nonzero(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (is_complex_v<T>)
    return v.real() != 0 || v.imag() != 0;
  else if constexpr (std::is_same_v<T, bool>)
    return v;
  else
    return static_cast<double>(v) != 0;  // NaN != 0 holds
}

}  // namespace

void masked_fill_kernel(const Tensor& dst, const Tensor& mask, const Scalar& value) {
  const std::array<const Shape*, 2> strides{&dst.strides(), &mask.strides()};
  const std::array<int64_t, 2> sizes{dst.itemsize(), mask.itemsize()};
  dispatch(dst.dtype(), [&]<typename T>() {
    const T v = scalar_to<T>(value);
    for_each_run<2>(dst.sizes(), {dst.data_ptr(), mask.data_ptr()}, strides, sizes,
                    [v](char** p, const int64_t* s, int64_t n) {
                      for (int64_t k = 0; k < n; ++k)  // bool and uint8 masks: any nonzero byte
                        if (p[1][k * s[1]] != 0) std::memcpy(p[0] + k * s[0], &v, sizeof(T));
                    });
  });
}

int64_t count_nonzero_kernel(const Tensor& t) {
  int64_t count = 0;
  const std::array<const Shape*, 1> strides{&t.strides()};
  dispatch(t.dtype(), [&]<typename T>() {
    for_each_run<1>(t.sizes(), {t.data_ptr()}, strides, {t.itemsize()},
                    [&count](char** p, const int64_t* s, int64_t n) {
                      for (int64_t k = 0; k < n; ++k) count += is_nonzero<T>(p[0] + k * s[0]);
                    }, /*parallel=*/false);
  });
  return count;
}

void nonzero_kernel(const Tensor& t, const Tensor& out) {
  const int64_t nd = t.dim(), numel = t.numel();
  if (numel == 0) return;
  int64_t* row = out.data<int64_t>();
  if (nd == 0) return;  // a nonzero 0-d tensor has one row with no columns
  const int64_t row_stride = out.stride(0), col_stride = out.stride(1);
  const int64_t inner = t.sizes()[nd - 1], inner_step = t.byte_stride(nd - 1);
  dispatch(t.dtype(), [&]<typename T>() {
    // Row-major order (the order the multi-indices must come out in): an
    // odometer over the outer dims, a tight loop along the last one.
    std::vector<int64_t> idx(nd, 0);
    const char* base = t.data_ptr();
    for (int64_t outer = numel / inner; outer > 0; --outer) {
      const char* p = base;
      for (int64_t j = 0; j < inner; ++j, p += inner_step) {
        if (!is_nonzero<T>(p)) continue;
        for (int64_t d = 0; d + 1 < nd; ++d) row[d * col_stride] = idx[d];
        row[(nd - 1) * col_stride] = j;
        row += row_stride;
      }
      for (int64_t d = nd - 2; d >= 0; --d) {
        base += t.byte_stride(d);
        if (++idx[d] < t.sizes()[d]) break;
        base -= t.byte_stride(d) * t.sizes()[d];
        idx[d] = 0;
      }
    }
  });
}

}  // namespace tsh::cpu
