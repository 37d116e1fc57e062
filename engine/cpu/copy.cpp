// engine/cpu/copy.cpp — elementwise copy with dtype conversion, and fill.
#include "engine/cpu/copy.h"

#include <cstring>

#include "engine/core/convert.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

void copy_kernel(const Tensor& dst, const Tensor& src) {
  // src has already been expanded to dst's shape (stride 0 where broadcast).
  const std::array<const Shape*, 2> strides{&dst.strides(), &src.strides()};
  const std::array<int64_t, 2> sizes{dst.itemsize(), src.itemsize()};
  std::array<char*, 2> base{dst.data_ptr(), src.data_ptr()};
  dispatch(dst.dtype(), [&]<typename To>() {
    dispatch(src.dtype(), [&]<typename From>() {
      for_each_run<2>(dst.sizes(), base, strides, sizes,
                      [](char** p, const int64_t* s, int64_t n) {
                        char* out = p[0];
                        const char* in = p[1];
                        if constexpr (std::is_same_v<To, From>) {
                          if (s[0] == sizeof(To) && s[1] == sizeof(From)) {
                            std::memcpy(out, in, n * sizeof(To));
                            return;
                          }
                        }
                        if (s[0] == sizeof(To) && s[1] == sizeof(From)) {
                          To* o = reinterpret_cast<To*>(out);
                          const From* i = reinterpret_cast<const From*>(in);
                          for (int64_t k = 0; k < n; ++k) o[k] = convert<To>(i[k]);
                          return;
                        }
                        for (int64_t k = 0; k < n; ++k) {
                          From v;
                          std::memcpy(&v, in + k * s[1], sizeof(From));
                          To r = convert<To>(v);
                          std::memcpy(out + k * s[0], &r, sizeof(To));
                        }
                      });
    });
  });
}

void fill_kernel(const Tensor& dst, const Scalar& value) {
  const std::array<const Shape*, 1> strides{&dst.strides()};
  const std::array<int64_t, 1> sizes{dst.itemsize()};
  dispatch(dst.dtype(), [&]<typename T>() {
    T v;
    if constexpr (is_complex_v<T>)
      v = convert<T>(value.to_complex());
    else if constexpr (std::is_same_v<T, bool>)
      v = value.to_bool();
    else if constexpr (std::is_integral_v<T>)
      v = value.is_float() || value.is_complex() ? convert<T>(value.to_double())
                                                 : static_cast<T>(value.to_int());
    else if (value.is_float() || value.is_complex() || value.is_uint())  // uint: its true value
      v = convert<T>(value.to_double());
    else  // an integer converts straight to T (one rounding), as c10 does
      v = convert<T>(value.to_int());
    for_each_run<1>(dst.sizes(), {dst.data_ptr()}, strides, sizes,
                    [v](char** p, const int64_t* s, int64_t n) {
                      if (s[0] == sizeof(T)) {
                        T* o = reinterpret_cast<T*>(p[0]);
                        for (int64_t k = 0; k < n; ++k) o[k] = v;
                      } else {
                        for (int64_t k = 0; k < n; ++k)
                          std::memcpy(p[0] + k * s[0], &v, sizeof(T));
                      }
                    });
  });
}

}  // namespace tsh::cpu
