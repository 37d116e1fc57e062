// engine/cpu/scan.cpp — cumsum, cumprod, cummax and cummin on the CPU.
#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/dim_lines.h"
#include "engine/cpu/scan_kernels.h"

namespace tsh::cpu {

namespace {

// PyTorch's CPU accumulate type (at::acc_type<T, /*is_cuda=*/false>).
template <typename T> struct ScanAcc { using type = T; };
template <> struct ScanAcc<float> { using type = double; };
template <> struct ScanAcc<Half> { using type = float; };
template <> struct ScanAcc<BFloat16> { using type = float; };
template <> struct ScanAcc<std::complex<float>> { using type = std::complex<double>; };
template <> struct ScanAcc<bool> { using type = bool; };
template <> struct ScanAcc<uint8_t> { using type = int64_t; };
template <> struct ScanAcc<int8_t> { using type = int64_t; };
template <> struct ScanAcc<int16_t> { using type = int64_t; };
template <> struct ScanAcc<int32_t> { using type = int64_t; };

template <typename A> inline A mul(A a, A b) {
  if constexpr (is_complex_v<A>) {
    using R = typename A::value_type;
    const R ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    // PyTorch's AVX2 build fuses the first product of each part.
    return A(std::fma(ar, br, -(ai * bi)), std::fma(ar, bi, ai * br));
  } else if constexpr (std::is_same_v<A, bool>) {
    return a && b;
  } else if constexpr (std::is_integral_v<A>) {
    return static_cast<A>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));  // wraps
  } else {
    return a * b;
  }
}

template <typename A> inline A add(A a, A b) {
  if constexpr (std::is_integral_v<A> && !std::is_same_v<A, bool>)
    return static_cast<A>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));  // wraps
  else
    return a + b;
}

template <typename T, bool IsSum> void cum(const Tensor& out, const Tensor& in, int64_t dim) {
  using A = typename ScanAcc<T>::type;
  const int64_t n = in.size(dim);
  const int64_t so = out.byte_stride(dim);
  const int64_t si = in.byte_stride(dim);
  for_each_line<2>({&out, &in}, dim, n, [&](std::array<char*, 2> p) {
    A acc = IsSum ? A(0) : A(1);
    for (int64_t i0 = 0; i0 < n; i0 += kInterruptGrain) {
      if (interrupt_pending()) return;  // for_each_line throws
      for (int64_t i = i0, i1 = std::min(n, i0 + kInterruptGrain); i < i1; ++i) {
        T x;
        std::memcpy(&x, p[1] + i * si, sizeof(T));
        A xa;
        if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
          xa = static_cast<float>(x);
        else
          xa = static_cast<A>(x);
        acc = IsSum ? add(acc, xa) : mul(acc, xa);
        T r = convert<T>(acc);
        std::memcpy(p[0] + i * so, &r, sizeof(T));
      }
    }
  });
}

template <typename T> inline bool nan_(T v) {
  if constexpr (is_float_v<T>)
    return static_cast<float>(v) != static_cast<float>(v);
  else
    return false;
}

template <typename T, bool IsMax>
void cum_extreme(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim) {
  using C = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;
  const int64_t n = in.size(dim);
  const int64_t sv = values.byte_stride(dim);
  const int64_t sx = indices.byte_stride(dim);
  const int64_t si = in.byte_stride(dim);
  for_each_line<3>({&values, &indices, &in}, dim, n, [&](std::array<char*, 3> p) {
    T best;
    std::memcpy(&best, p[2], sizeof(T));
    int64_t at = 0;
    for (int64_t i0 = 0; i0 < n; i0 += kInterruptGrain) {
      if (interrupt_pending()) return;  // for_each_line throws
      for (int64_t i = i0, i1 = std::min(n, i0 + kInterruptGrain); i < i1; ++i) {
        T x;
        std::memcpy(&x, p[2] + i * si, sizeof(T));
        const C cx = static_cast<C>(x), cb = static_cast<C>(best);
        if (nan_(x) || (!nan_(best) && (IsMax ? cx >= cb : cx <= cb))) {
          best = x;
          at = i;
        }
        std::memcpy(p[0] + i * sv, &best, sizeof(T));
        std::memcpy(p[1] + i * sx, &at, 8);
      }
    }
  });
}

}  // namespace

void cumsum_kernel(const Tensor& out, const Tensor& in, int64_t dim) {
  dispatch(in.dtype(), [&]<typename T>() { cum<T, true>(out, in, dim); });
}

void cumprod_kernel(const Tensor& out, const Tensor& in, int64_t dim) {
  dispatch(in.dtype(), [&]<typename T>() { cum<T, false>(out, in, dim); });
}

void cummax_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim,
                   bool is_max) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) {
      if (is_max)
        cum_extreme<T, true>(values, indices, in, dim);
      else
        cum_extreme<T, false>(values, indices, in, dim);
    }
  });
}

}  // namespace tsh::cpu
