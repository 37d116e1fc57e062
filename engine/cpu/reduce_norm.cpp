// engine/cpu/reduce_norm.cpp — vector norms and the divisions that finish a mean, on the CPU.
//
// Norms follow PyTorch's CPU kernel. The 2-norm of lines along a contiguous
// reduced dim (float, double and bfloat16, output of the input's type) runs in 8
// float / 4 double lanes (bfloat16 reads 16 elements into the 8 lanes), each lane a
// running sum of squares (square, then add: not fused), the lanes added left to right;
// the leftover elements then add in blocks of 4 unfused squares and the last
// (count % 4) fused, then the square root. Every other norm scans each
// block in order with an accumulator of the real type (float for the
// 16-bit floats): p=0 counts non-zeros, p=1 adds |x|, p=2 adds |x|*|x|
// (rounded, then added: not fused) and takes the square root, p=+-inf keeps the largest
// (smallest) |x| with NaN propagating, any other p adds |x|^p and takes
// the 1/p power. |x| of a complex number is its modulus (hypot).
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/isa.h"
#include "engine/cpu/reduce_kernels.h"
#include "engine/cpu/reduce_layout.h"

namespace tsh::cpu {

namespace {

template <typename T> struct RealOf { using type = T; };
template <typename R> struct RealOf<std::complex<R>> { using type = R; };

// The accumulate type of a norm over elements of real type R.
template <typename R> using NormAcc = std::conditional_t<std::is_same_v<R, double>, double, float>;

// An element widened to float (double stays double) before any arithmetic.
template <typename T> using Wide = std::conditional_t<std::is_same_v<T, double>, double, float>;

template <typename T, typename A> inline A abs_of(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (is_complex_v<T>)
    return static_cast<A>(std::abs(v));
  else
    return std::fabs(static_cast<A>(static_cast<Wide<T>>(v)));
}

template <typename A> inline A max_nan(A a, A b) { return (a != a || a > b) ? a : b; }
template <typename A> inline A min_nan(A a, A b) { return (a != a || a < b) ? a : b; }

// The vector-lane 2-norm of one contiguous line of n elements.
template <typename T, typename A> A lane_two_norm(const T* x, int64_t n) {
  constexpr int W = 32 / static_cast<int>(sizeof(A));  // accumulator lanes
  constexpr int E = 32 / static_cast<int>(sizeof(T));  // elements per vector load
  A acc[W] = {};
  int64_t d = 0;
  for (; d < n - n % E; d += E)
    for (int h = 0; h < E / W; ++h)
      for (int l = 0; l < W; ++l) {
        const A v = static_cast<A>(static_cast<Wide<T>>(x[d + h * W + l]));
        acc[l] = acc[l] + v * v;  // PyTorch 2.x: acc_vec += data_vec * data_vec, not fused
      }
  A s = acc[0];
  for (int l = 1; l < W; ++l) s = s + acc[l];
  // The leftover elements: PyTorch's compiler turned this loop into blocks of
  // 4 squares added in order (unfused), then fused multiply-adds for the rest.
  const int64_t blocked = d + (n - d) / 4 * 4;
  for (; d < blocked; ++d) {
    const A v = static_cast<A>(static_cast<Wide<T>>(x[d]));
    s = s + v * v;
  }
  for (; d < n; ++d) {
    const A v = static_cast<A>(static_cast<Wide<T>>(x[d]));
    s = std::fma(v, v, s);
  }
  return std::sqrt(s);
}

template <typename T> void norm_impl(const Tensor& out, const Tensor& in, double p) {
  using R = typename RealOf<T>::type;
  using A = NormAcc<R>;
  ReduceLayout L = make_reduce_layout(out, in);
  auto store = [](char* o, A v) {
    R r = static_cast<R>(v);
    std::memcpy(o, &r, sizeof(R));
  };
  // PyTorch 2.x added double to this vector path (4 lanes); 1.13 took float and bfloat16 only.
  constexpr bool lane_type = std::is_same_v<T, float> || std::is_same_v<T, BFloat16> || std::is_same_v<T, double>;
  if constexpr (lane_type) {
    if (p == 2 && L.nreduced == 1 && L.in(0) == static_cast<int64_t>(sizeof(T))) {
      const int64_t n = L.size(0);
      for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* x) {
        store(o, lane_two_norm<T, A>(reinterpret_cast<const T*>(x), n));
      });
      return;
    }
  }
  if (L.nreduced == 0) {  // nothing to add up: |x| (x != 0 for p = 0), as PyTorch 2.x
    for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* x) {
      const A a = abs_of<T, A>(x);
      store(o, p == 0 ? (a == A(0) ? A(0) : A(1)) : a);
    });
    return;
  }
  const A ap = static_cast<A>(p);
  for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* x) {
    A acc = p == -std::numeric_limits<double>::infinity() ? std::numeric_limits<A>::infinity() : A(0);
    if (p == 0) {
      for_each_in_block(L, x, [&](const char* e) { acc += abs_of<T, A>(e) == A(0) ? A(0) : A(1); });
    } else if (p == 1) {
      for_each_in_block(L, x, [&](const char* e) { acc += abs_of<T, A>(e); });
    } else if (p == 2) {
      for_each_in_block(L, x, [&](const char* e) {
        const A a = abs_of<T, A>(e);
        acc = acc + a * a;
      });
      acc = std::sqrt(acc);
    } else if (std::isinf(p)) {
      const bool largest = p > 0;
      for_each_in_block(L, x, [&](const char* e) {
        const A a = abs_of<T, A>(e);
        acc = largest ? max_nan(acc, a) : min_nan(acc, a);
      });
    } else {
      for_each_in_block(L, x, [&](const char* e) { acc += std::pow(abs_of<T, A>(e), ap); });
      acc = std::pow(acc, A(1) / ap);
    }
    store(o, acc);
  });
}

}  // namespace

void TSH_ISA_ENTRY(norm_kernel)(const Tensor& out, const Tensor& in, double p) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T> || is_complex_v<T>) norm_impl<T>(out, in, p);
  });
}

TSH_ISA_DISPATCH(norm_kernel, (const Tensor& out, const Tensor& in, double p), (out, in, p))

#ifndef TSH_ISA_VARIANT  // the divisions are built once

void divide_by_count_kernel(const Tensor& out, int64_t n) {
  dispatch(out.dtype(), [&]<typename T>() {
    T* x = out.data<T>();
    const int64_t m = out.numel();
    if constexpr (is_complex_v<T>) {
      // c10's complex division by c = n + 0i: (a*c + b*0) / (c*c), (b*c - a*0) / (c*c).
      using R = typename T::value_type;
      const R c = static_cast<R>(n), cc = c * c;
      for (int64_t i = 0; i < m; ++i) {
        const R a = x[i].real(), b = x[i].imag();
        x[i] = T((a * c + b * R(0)) / cc, (b * c - a * R(0)) / cc);
      }
    } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T d = static_cast<T>(n);
      for (int64_t i = 0; i < m; ++i) x[i] = x[i] / d;
    } else if constexpr (is_float_v<T>) {
      const float d = static_cast<float>(T(static_cast<float>(n)));
      for (int64_t i = 0; i < m; ++i) x[i] = T(static_cast<float>(x[i]) / d);
    }
  });
}

void divide_by_counts_kernel(const Tensor& out, const Tensor& counts) {
  const int64_t* c = counts.data<int64_t>();
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) {
      T* x = out.data<T>();
      const int64_t m = out.numel();
      for (int64_t i = 0; i < m; ++i) {
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
          x[i] = x[i] / static_cast<T>(c[i]);
        else  // the count is rounded to the 16-bit type first, then both divide as float
          x[i] = T(static_cast<float>(x[i]) / static_cast<float>(convert<T>(c[i])));
      }
    }
  });
}

#endif

}  // namespace tsh::cpu
