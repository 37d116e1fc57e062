// engine/cpu/index_gather.cpp — moving elements through precomputed offsets (gather and scatter).
//
// Gathers and plain scatters only move bytes, so they dispatch on the item
// size, not the dtype: one instantiation serves float32, int32 and friends.
// Accumulating scatters do arithmetic and dispatch on the dtype.
#include <cstring>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/index_kernels.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

namespace {

// An element seen as raw bytes of its size.
template <int N> struct Bytes {
  unsigned char b[N];
};

// Calls f.template operator()<W>() with W a trivially copyable type of `size` bytes.
template <typename F>
void dispatch_size(int64_t size, F&& f) {
  switch (size) {
    case 1: f.template operator()<Bytes<1>>(); return;
    case 2: f.template operator()<Bytes<2>>(); return;
    case 4: f.template operator()<Bytes<4>>(); return;
    case 8: f.template operator()<Bytes<8>>(); return;
    default: f.template operator()<Bytes<16>>(); return;
  }
}

template <typename T> T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T> void store(char* p, const T& v) { std::memcpy(p, &v, sizeof(T)); }

// a + b * alpha and a * b in T, with PyTorch's results: integers wrap, bool
// adds as "or", 16-bit floats compute in float and round once.
template <typename T> T add_scaled(T a, T b, T alpha) {
  if constexpr (std::is_same_v<T, bool>) {
    return a || (b && alpha);
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b) * static_cast<U>(alpha));
  } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    return T(static_cast<float>(a) + static_cast<float>(b) * static_cast<float>(alpha));
  } else {
    return a + b * alpha;
  }
}
template <typename T> T multiply(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    return a && b;
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    return T(static_cast<float>(a) * static_cast<float>(b));
  } else {
    return a * b;
  }
}

// One scatter step: d (op)= v.
template <typename T> T combine(ScatterMode mode, T d, T v, T alpha) {
  switch (mode) {
    case ScatterMode::Add: return add_scaled(d, v, alpha);
    case ScatterMode::Multiply: return multiply(d, v);
    case ScatterMode::Max:
    case ScatterMode::Min:
      if constexpr (is_complex_v<T>) {
        return d;  // refused by the op layer
      } else {
        using M = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;
        const M x = static_cast<M>(d), y = static_cast<M>(v);
        if (y != y) return v;  // a NaN wins, and stays
        if (mode == ScatterMode::Max) return x < y ? v : d;
        return y < x ? v : d;
      }
    case ScatterMode::Assign: return v;
  }
  return v;
}

}  // namespace

void gather_kernel(const Tensor& out, const Tensor& src, const Tensor& offsets) {
  const std::array<const Shape*, 3> strides{&out.strides(), &src.strides(), &offsets.strides()};
  const std::array<int64_t, 3> sizes{out.itemsize(), src.itemsize(), 8};
  const std::array<char*, 3> base{out.data_ptr(), src.data_ptr(), offsets.data_ptr()};
  dispatch_size(out.itemsize(), [&]<typename W>() {
    for_each_run<3>(out.sizes(), base, strides, sizes, [](char** p, const int64_t* s, int64_t n) {
      for (int64_t k = 0; k < n; ++k) {
        const int64_t off = load<int64_t>(p[2] + k * s[2]);
        store(p[0] + k * s[0], load<W>(p[1] + k * s[1] + off * static_cast<int64_t>(sizeof(W))));
      }
    });
  });
}

void scatter_kernel(const Tensor& dst, const Tensor& src, const Tensor& offsets, ScatterMode mode,
                    const Scalar& alpha) {
  const std::array<const Shape*, 3> strides{&dst.strides(), &src.strides(), &offsets.strides()};
  const std::array<int64_t, 3> sizes{dst.itemsize(), src.itemsize(), 8};
  const std::array<char*, 3> base{dst.data_ptr(), src.data_ptr(), offsets.data_ptr()};
  // Serial: several offsets may name one element, and their order must be fixed.
  constexpr bool kParallel = false;
  if (mode == ScatterMode::Assign) {
    dispatch_size(dst.itemsize(), [&]<typename W>() {
      for_each_run<3>(dst.sizes(), base, strides, sizes, [](char** p, const int64_t* s, int64_t n) {
        for (int64_t k = 0; k < n; ++k) {
          const int64_t off = load<int64_t>(p[2] + k * s[2]);
          store(p[0] + k * s[0] + off * static_cast<int64_t>(sizeof(W)), load<W>(p[1] + k * s[1]));
        }
      }, kParallel);
    });
    return;
  }
  dispatch(dst.dtype(), [&]<typename T>() {
    const T a = mode == ScatterMode::Add ? scalar_to<T>(alpha) : T();
    for_each_run<3>(dst.sizes(), base, strides, sizes, [&](char** p, const int64_t* s, int64_t n) {
      for (int64_t k = 0; k < n; ++k) {
        const int64_t off = load<int64_t>(p[2] + k * s[2]);
        char* d = p[0] + k * s[0] + off * static_cast<int64_t>(sizeof(T));
        const T v = load<T>(p[1] + k * s[1]);
        store(d, combine(mode, load<T>(d), v, a));
      }
    }, kParallel);
  });
}

}  // namespace tsh::cpu
