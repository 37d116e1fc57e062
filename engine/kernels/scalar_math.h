// engine/kernels/scalar_math.h — the per-element formulas of the elementwise kernels, for every backend.
//
// What one element of an op computes, written once: the CPU's loops call
// these, and a CUDA kernel compiled with nvcc calls the same functions on the
// device (TSH_HOST_DEVICE), so both give PyTorch's results. Integer ops wrap
// as two's complement and never trap; float ops follow PyTorch's formulas
// step for step where rounding can tell. C++17, so that nvcc compiles it in
// any dialect (tests/cuda/scalar_math_device.cu checks that it does).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#ifdef __CUDACC__
#define TSH_HOST_DEVICE __host__ __device__
#else
#define TSH_HOST_DEVICE
#endif

namespace tsh::scalar {

template <typename T> constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Wrapping integer arithmetic (two's complement, as PyTorch's kernels give).
template <typename T> TSH_HOST_DEVICE T wrap_add(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <typename T> TSH_HOST_DEVICE T wrap_mul(T a, T b) {
  using U = std::make_unsigned_t<T>;
  if constexpr (sizeof(T) < sizeof(unsigned))  // avoid int promotion overflowing
    return static_cast<T>(static_cast<unsigned>(static_cast<U>(a)) * static_cast<unsigned>(static_cast<U>(b)));
  else
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
}

// Integer division and remainder that cannot trap (b == 0 was refused; MIN / -1 wraps).
template <typename T> TSH_HOST_DEVICE T int_div(T a, T b) {
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return wrap_mul<T>(a, T(-1));
  return static_cast<T>(a / b);
}
template <typename T> TSH_HOST_DEVICE T int_rem(T a, T b) {
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return T(0);
  return static_cast<T>(a % b);
}

template <typename T> TSH_HOST_DEVICE T int_floor_div(T a, T b) {
  T q = int_div(a, b);
  if constexpr (std::is_signed_v<T>)
    if (int_rem(a, b) != 0 && ((a < 0) != (b < 0))) q = static_cast<T>(q - 1);
  return q;
}
template <typename T> TSH_HOST_DEVICE T int_mod(T a, T b) {
  T r = int_rem(a, b);
  if constexpr (std::is_signed_v<T>)
    if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
  return r;
}

// PyTorch's floor division of floats: the truncated quotient of (a - fmod(a, b)),
// corrected toward -inf, rounded to the nearest integer, with a signed zero.
template <typename M> TSH_HOST_DEVICE M float_floor_div(M a, M b) {
  if (b == 0) return a / b;
  M mod = std::fmod(a, b);
  M div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= M(1);
  if (div == 0) return std::copysign(M(0), a / b);
  M floordiv = std::floor(div);
  if (div - floordiv > M(0.5)) floordiv += M(1);
  return floordiv;
}
template <typename M> TSH_HOST_DEVICE M float_mod(M a, M b) {
  M mod = std::fmod(a, b);
  if (mod != 0 && ((b < 0) != (mod < 0))) mod += b;
  return mod;
}

// base ** exp for integers by squaring; negative exponents give 1, -1 or 0 as in PyTorch.
template <typename T> TSH_HOST_DEVICE T int_pow(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (-exp) % 2 ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  while (exp) {
    if (exp & 1) result = wrap_mul(result, base);
    exp = static_cast<T>(exp >> 1);
    base = wrap_mul(base, base);
  }
  return result;
}

template <typename T> TSH_HOST_DEVICE T shift_left(T a, T b) {
  constexpr int64_t bits = sizeof(T) * 8;
  using S = std::make_signed_t<T>;
  if (static_cast<S>(b) < 0 || static_cast<int64_t>(b) >= bits) return 0;
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) << b);
}
template <typename T> TSH_HOST_DEVICE T shift_right(T a, T b) {
  constexpr int64_t bits = sizeof(T) * 8;
  using S = std::make_signed_t<T>;
  if (static_cast<S>(b) < 0 || static_cast<int64_t>(b) >= bits) {
    if constexpr (std::is_signed_v<T>) return a < 0 ? T(-1) : T(0);
    else return 0;
  }
  return static_cast<T>(a >> b);
}

// erfinv: a rational first guess (central region |y| <= 0.7, else in
// sqrt(-log((1-|y|)/2))), refined by two Newton steps on erf; the
// coefficients are the classic ones PyTorch uses.
template <typename M> TSH_HOST_DEVICE M erfinv(M y) {
  constexpr M a[4] = {M(0.886226899), M(-1.645349621), M(0.914624893), M(-0.140543331)};
  constexpr M b[4] = {M(-2.118377725), M(1.442710462), M(-0.329097515), M(0.012229801)};
  constexpr M c[4] = {M(-1.970840454), M(-1.624906493), M(3.429567803), M(1.641345311)};
  constexpr M d[2] = {M(3.543889200), M(1.637067800)};
  const M ay = std::abs(y);
  if (ay > M(1)) return std::numeric_limits<M>::quiet_NaN();
  if (ay == M(1)) return std::copysign(std::numeric_limits<M>::infinity(), y);
  M x;
  if (ay <= M(0.7)) {
    const M z = y * y;
    const M num = std::fma(std::fma(std::fma(a[3], z, a[2]), z, a[1]), z, a[0]);
    const M den = std::fma(std::fma(std::fma(std::fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, M(1));
    x = y * num / den;
  } else {
    const M z = std::sqrt(-std::log((M(1) - ay) / M(2)));
    const M num = std::fma(std::fma(std::fma(c[3], z, c[2]), z, c[1]), z, c[0]);
    const M den = std::fma(std::fma(d[1], z, d[0]), z, M(1));
    x = std::copysign(num / den, y);
  }
  const M k = static_cast<M>(1.12837916709551257390);  // 2 / sqrt(pi), as the double 2.0 / std::sqrt(pi) rounds
  x = x - (std::erf(x) - y) / (k * std::exp(-x * x));
  x = x - (std::erf(x) - y) / (k * std::exp(-x * x));
  return x;
}

// c10::complex's quotient as PyTorch 2.x's x86 build computes it, in its scalar and its
// vectorised loops alike: scaled by the divisor's larger part, as NumPy's (so that c*c + d*d
// cannot overflow), and compiled with FMA contraction, whose fused steps std::fma makes here.
template <typename C> TSH_HOST_DEVICE C complex_div(C x, C y) {
  using R = typename C::value_type;
  const R a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  const R abs_c = std::abs(c), abs_d = std::abs(d);
  if (abs_c >= abs_d) {
    if (abs_c == R(0) && abs_d == R(0)) return C(a / abs_c, b / abs_d);  // a complex inf or nan
    const R rat = d / c;
    const R scl = R(1) / std::fma(d, rat, c);
    return C(std::fma(b, rat, a) * scl, std::fma(-a, rat, b) * scl);
  }
  const R rat = c / d;
  const R scl = R(1) / std::fma(c, rat, d);
  return C(std::fma(a, rat, b) * scl, std::fma(b, rat, -a) * scl);
}


// The one-operand float formulas (in the op's math type M: float for the
// 16-bit floats). The CPU runs SLEEF on whole vector blocks and these on the
// rest, as PyTorch's vectorised loops do.
template <typename M> TSH_HOST_DEVICE M sgn(M x) { return M((M(0) < x) - (x < M(0))); }
template <typename M> TSH_HOST_DEVICE M sigmoid(M x) { return M(1) / (M(1) + std::exp(-x)); }
// logit with the input clamped to [lo, hi] when `clamp` (torch.logit's eps).
template <typename M> TSH_HOST_DEVICE M logit_clamp(M x, bool clamp, M lo, M hi) {
  return clamp ? (x < lo ? lo : (x > hi ? hi : x)) : x;
}
template <typename M> TSH_HOST_DEVICE M logit(M x, bool clamp, M lo, M hi) {
  const M v = logit_clamp(x, clamp, lo, hi);
  return v == M(1) ? std::numeric_limits<M>::infinity() : std::log(v / (M(1) - v));
}
// sqrt(1/2), and GELU's tanh-approximation factor sqrt(2/pi), as the doubles
// std::numbers gives (literals, so that the header stays C++17).
inline constexpr double kSqrtHalf = 1.41421356237309504880 / 2;
inline constexpr double kGeluBeta = 1.41421356237309504880 * (2 * 0.56418958354775628695) * 0.5;
template <typename M> TSH_HOST_DEVICE M gelu(M x) {
  return x * M(0.5) * (M(1) + std::erf(x * static_cast<M>(kSqrtHalf)));
}
template <typename M> TSH_HOST_DEVICE M gelu_tanh(M x) {
  const M inner = static_cast<M>(kGeluBeta) * std::fma(static_cast<M>(0.044715), x * x * x, x);
  return static_cast<M>(0.5 * x * (M(1) + std::tanh(inner)));  // PyTorch's scalar path multiplies by the double 0.5
}

// gcd and lcm as PyTorch computes them (Euclid on absolute values; the
// absolute value of the minimum integer wraps to itself, as there).
template <typename T> TSH_HOST_DEVICE T wrap_abs(T a) {
  if constexpr (std::is_signed_v<T>) {
    using U = std::make_unsigned_t<T>;
    if (a < 0) return static_cast<T>(U(0) - static_cast<U>(a));
  }
  return a;
}
template <typename T> TSH_HOST_DEVICE T gcd(T a, T b) {
  a = wrap_abs(a);
  b = wrap_abs(b);
  while (a != 0) {
    const T c = a;
    a = int_rem(b, a);
    b = c;
  }
  return b;
}
template <typename T> TSH_HOST_DEVICE T lcm(T a, T b) {
  const T g = gcd(a, b);
  return g == 0 ? T(0) : wrap_abs(wrap_mul(int_div(a, g), b));
}
template <typename M> TSH_HOST_DEVICE M heaviside(M a, M b) { return a == M(0) ? b : M(a > M(0)); }

// NaN-propagating maximum and minimum (torch.maximum / minimum of floats).
template <typename M> TSH_HOST_DEVICE M nan_max(M u, M v) {
  if (u != u || v != v) return std::numeric_limits<M>::quiet_NaN();
  return u < v ? v : u;
}
template <typename M> TSH_HOST_DEVICE M nan_min(M u, M v) {
  if (u != u || v != v) return std::numeric_limits<M>::quiet_NaN();
  return v < u ? v : u;
}

}  // namespace tsh::scalar
