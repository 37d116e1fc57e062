// engine/cpu/range.cpp — arange, linspace and logspace on the CPU, bit-identical to PyTorch.
//
// Floating-point sequences are not exact, so "the same values as PyTorch"
// means reproducing its arithmetic step by step:
//  - arange runs in the accumulate type (double for float/double, float for
//    half/bfloat16, int64 for integers). PyTorch's AVX2 kernel writes pairs of
//    32-byte vectors (8 floats, 4 doubles, 16 halves), each lane
//    `base + lane * step` from a base rounded to the output type, and
//    finishes the last n % (2 * lanes) elements with the scalar
//    `start + i * step`; that kernel is built with FMA, so both forms are
//    fused multiply-adds. (This is PyTorch's single-thread result; its
//    threads split at multiples of 16, which gives the same values.)
//  - linspace (PyTorch 2.x) is scalar and symmetric: the first half counts up
//    from start, the second half counts down from end, also fused.
//  - logspace is pow(base, start + i * step) with step in double, computed
//    without fusion (PyTorch's generic, non-FMA build of that loop).
// Each element depends only on its index, so large outputs split across threads.
#include "engine/cpu/range.h"

#include <cmath>
#include <complex>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

namespace {

constexpr int64_t kGrain = 32768;

// Lanes in one of PyTorch's AVX2 vectors of T (32 bytes).
template <typename T> constexpr int64_t lanes() { return 32 / static_cast<int64_t>(sizeof(T)); }

template <typename T> using Acc = arange_acc_t<T>;

// x rounded on its own: the empty asm makes the value live in memory, so a
// compiler targeting FMA cannot fuse it into the following add (logspace's
// PyTorch build has no FMA).
template <typename F> inline F rounded(F x) {
  __asm__("" : "+m"(x));
  return x;
}

// A double stored into T by a plain C++ assignment, as in PyTorch's scalar
// logspace loop: integers narrower than 64 bits convert through x86's 32-bit
// truncation (so uint8 takes the low byte of INT32_MIN when out of range,
// where the copy kernel's conversion goes through 64 bits).
template <typename T> T narrow_scalar(double v) {
  if constexpr (std::is_integral_v<T> && sizeof(T) < 8 && !std::is_same_v<T, bool>)
    return static_cast<T>(x86_trunc_i32(v));
  else
    return convert<T>(v);
}

// Runs body(i) for i in [0, n), across threads when n is large, polling
// Ctrl-C once per kInterruptGrain elements (each element is independent).
template <typename F> void parallel_range(int64_t n, F&& body) {
  const int64_t chunks = (n + kInterruptGrain - 1) / kInterruptGrain;
  parallel_ranges(chunks, n > kGrain, [&](int64_t c0, int64_t c1) {
    for (int64_t c = c0; c < c1; ++c) {
      if (interrupt_pending()) return;
      const int64_t end = std::min(n, (c + 1) * kInterruptGrain);
      for (int64_t i = c * kInterruptGrain; i < end; ++i) body(i);
    }
  });
  throw_if_interrupted();
}

// ---- arange -----------------------------------------------------------------

template <typename T> void arange_typed(T* out, int64_t n, const Scalar& start, const Scalar& step) {
  using A = Acc<T>;
  const A s = scalar_to<A>(start);
  const A st = scalar_to<A>(step);
  if constexpr (std::is_integral_v<T>) {
    // Integer arithmetic is exact up to wrap-around, which PyTorch also shows.
    const uint64_t us = static_cast<uint64_t>(s), ust = static_cast<uint64_t>(st);
    parallel_range(n, [&](int64_t i) {
      out[i] = static_cast<T>(static_cast<int64_t>(us + ust * static_cast<uint64_t>(i)));
    });
  } else {
    const int64_t vec = lanes<T>();
    const int64_t vectorised = n - n % (2 * vec);
    parallel_range(n, [&](int64_t i) {
      if (i < vectorised) {
        const int64_t lane = i % vec;
        const T base = static_cast<T>(std::fma(st, static_cast<A>(i - lane), s));
        out[i] = static_cast<T>(std::fma(static_cast<A>(lane), st, static_cast<A>(base)));
      } else {
        out[i] = static_cast<T>(std::fma(st, static_cast<A>(i), s));
      }
    });
  }
}

// ---- linspace ---------------------------------------------------------------

// float, double and complex: every operation in T (per component for complex).
template <typename R> R lin_real(R start, R end, R step, int64_t i, int64_t steps) {
  if (i < steps / 2) return std::fma(step, static_cast<R>(i), start);
  return std::fma(-step, static_cast<R>(steps - i - 1), end);
}

template <typename T> void linspace_typed(T* out, const Scalar& start_s, const Scalar& end_s,
                                          int64_t steps) {
  const T start = scalar_to<T>(start_s), end = scalar_to<T>(end_s);
  const int64_t half = steps / 2;
  if constexpr (std::is_integral_v<T>) {
    // The step is a double so that wide integer ranges keep their precision.
    const double step = (static_cast<double>(end) - static_cast<double>(start)) /
                        static_cast<double>(steps - 1);
    parallel_range(steps, [&](int64_t i) {
      out[i] = convert<T>(lin_real<double>(start, end, step, i, steps));
    });
  } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    // c10's 16-bit arithmetic rounds every intermediate result to T.
    auto f = [](T x) { return static_cast<float>(x); };
    auto h = [](int64_t k) { return T(static_cast<float>(k)); };
    const T step = T(f(T(f(end) - f(start))) / f(h(steps - 1)));
    parallel_range(steps, [&](int64_t i) {
      if (i < half)
        out[i] = T(f(start) + f(T(f(step) * f(h(i)))));
      else
        out[i] = T(f(end) - f(T(f(step) * f(h(steps - i - 1)))));
    });
  } else if constexpr (is_complex_v<T>) {
    using R = typename T::value_type;
    const R div = static_cast<R>(steps - 1);
    const R step_re = (end.real() - start.real()) / div;
    const R step_im = (end.imag() - start.imag()) / div;
    parallel_range(steps, [&](int64_t i) {
      out[i] = T(lin_real<R>(start.real(), end.real(), step_re, i, steps),
                 lin_real<R>(start.imag(), end.imag(), step_im, i, steps));
    });
  } else {
    const T step = (end - start) / static_cast<T>(steps - 1);
    parallel_range(steps, [&](int64_t i) { out[i] = lin_real<T>(start, end, step, i, steps); });
  }
}

// ---- logspace ---------------------------------------------------------------

// c10::complex division as PyTorch 2.x writes it (NumPy's scaled algorithm),
// unfused: dividing by (k + 0i) multiplies by a rounded 1/k. (torch 1.13 used
// (a*c + b*d) / (c*c + d*d) instead, so its complex logspace differs in the last bit.)
template <typename R>
std::complex<R> c10_divide(std::complex<R> num, std::complex<R> den) {
  const R a = num.real(), b = num.imag(), c = den.real(), d = den.imag();
  const R abs_c = std::abs(c), abs_d = std::abs(d);
  if (abs_c >= abs_d) {
    if (abs_c == R(0) && abs_d == R(0)) return {a / abs_c, b / abs_d};
    const R rat = d / c;
    const R scl = R(1.0) / (c + rounded(d * rat));
    return {rounded(a + rounded(b * rat)) * scl, rounded(b - rounded(a * rat)) * scl};
  }
  const R rat = c / d;
  const R scl = R(1.0) / (d + rounded(c * rat));
  return {rounded(rounded(a * rat) + b) * scl, rounded(rounded(b * rat) - a) * scl};
}

// c10::complex multiplication by (k + 0i), unfused: (a*k - b*0, a*0 + b*k).
template <typename R> std::complex<R> c10_times(std::complex<R> z, R k) {
  return {rounded(z.real() * k) - rounded(z.imag() * R(0)),
          rounded(z.real() * R(0)) + rounded(z.imag() * k)};
}

template <typename T> void logspace_typed(T* out, const Scalar& start_s, const Scalar& end_s,
                                          int64_t steps, double base) {
  const T start = scalar_to<T>(start_s), end = scalar_to<T>(end_s);
  const int64_t half = steps / 2;
  if constexpr (is_complex_v<T>) {
    using R = typename T::value_type;
    const T b(static_cast<R>(base), R(0));
    const T step = c10_divide<R>(end - start, T(static_cast<R>(steps - 1), R(0)));
    parallel_range(steps, [&](int64_t i) {
      const T e = i < half ? start + c10_times<R>(step, static_cast<R>(i))
                           : end - c10_times<R>(step, static_cast<R>(steps - i - 1));
      out[i] = std::pow(b, e);
    });
  } else {
    // end - start is computed in T (integer promotion, or a rounded 16-bit float).
    double diff;
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
      diff = static_cast<float>(T(static_cast<float>(end) - static_cast<float>(start)));
    else if constexpr (std::is_same_v<T, int64_t>)
      diff = static_cast<double>(static_cast<int64_t>(static_cast<uint64_t>(end) -
                                                      static_cast<uint64_t>(start)));
    else if constexpr (std::is_same_v<T, int32_t>)
      diff = static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(end) -
                                                      static_cast<uint32_t>(start)));
    else
      diff = static_cast<double>(end - start);
    const double step = diff / static_cast<double>(steps - 1);
    const double s = static_cast<double>(static_cast<Acc<T>>(start));
    const double e = static_cast<double>(static_cast<Acc<T>>(end));
    parallel_range(steps, [&](int64_t i) {
      const double x = i < half ? s + rounded(step * static_cast<double>(i))
                                : e - rounded(step * static_cast<double>(steps - i - 1));
      out[i] = narrow_scalar<T>(std::pow(base, x));
    });
  }
}

}  // namespace

void arange_kernel(const Tensor& out, const Scalar& start, const Scalar& step) {
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T> && !std::is_same_v<T, bool>)
      arange_typed<T>(out.data<T>(), out.numel(), start, step);
  });
}

void linspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps) {
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, bool>) linspace_typed<T>(out.data<T>(), start, end, steps);
  });
}

void logspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps,
                     double base) {
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, bool>)
      logspace_typed<T>(out.data<T>(), start, end, steps, base);
  });
}

}  // namespace tsh::cpu
