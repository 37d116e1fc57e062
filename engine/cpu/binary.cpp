// engine/cpu/binary.cpp — CPU kernels for the arithmetic and bitwise binary ops.
//
// Each op is a scalar function per dtype, run by map2 (flat loops the compiler
// vectorises) or, where PyTorch uses SLEEF (atan2, general pow), by map2_vec
// so that the same elements get the same SIMD results. The formulas are the
// ones PyTorch's CPU kernels compute, step for step where rounding can tell:
// add with alpha is one fused multiply-add, floor division corrects the
// truncated quotient, 16-bit floats compute in float and round once.
#include "engine/cpu/binary.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/binary_loop.h"
#include "engine/cpu/unary_simd.h"

namespace tsh::cpu {

namespace {

template <typename T> constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Wrapping integer arithmetic (two's complement, as PyTorch's kernels give).
template <typename T> T wrap_add(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <typename T> T wrap_mul(T a, T b) {
  using U = std::make_unsigned_t<T>;
  if constexpr (sizeof(T) < sizeof(unsigned))  // avoid int promotion overflowing
    return static_cast<T>(static_cast<unsigned>(static_cast<U>(a)) * static_cast<unsigned>(static_cast<U>(b)));
  else
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
}

// Integer division and remainder that cannot trap (b == 0 was refused; MIN / -1 wraps).
template <typename T> T int_div(T a, T b) {
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return wrap_mul<T>(a, T(-1));
  return static_cast<T>(a / b);
}
template <typename T> T int_rem(T a, T b) {
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return T(0);
  return static_cast<T>(a % b);
}

template <typename T> T int_floor_div(T a, T b) {
  T q = int_div(a, b);
  if constexpr (std::is_signed_v<T>)
    if (int_rem(a, b) != 0 && ((a < 0) != (b < 0))) q = static_cast<T>(q - 1);
  return q;
}
template <typename T> T int_mod(T a, T b) {
  T r = int_rem(a, b);
  if constexpr (std::is_signed_v<T>)
    if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
  return r;
}

// PyTorch's floor division of floats: the truncated quotient of (a - fmod(a, b)),
// corrected toward -inf, rounded to the nearest integer, with a signed zero.
template <typename M> M float_floor_div(M a, M b) {
  if (b == 0) return a / b;
  M mod = std::fmod(a, b);
  M div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= M(1);
  if (div == 0) return std::copysign(M(0), a / b);
  M floordiv = std::floor(div);
  if (div - floordiv > M(0.5)) floordiv += M(1);
  return floordiv;
}
template <typename M> M float_mod(M a, M b) {
  M mod = std::fmod(a, b);
  if (mod != 0 && ((b < 0) != (mod < 0))) mod += b;
  return mod;
}

// base ** exp for integers by squaring; negative exponents give 1, -1 or 0 as in PyTorch.
template <typename T> T int_pow(T base, T exp) {
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

template <typename T> T shift_left(T a, T b) {
  constexpr int64_t bits = sizeof(T) * 8;
  using S = std::make_signed_t<T>;
  if (static_cast<S>(b) < 0 || static_cast<int64_t>(b) >= bits) return 0;
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) << b);
}
template <typename T> T shift_right(T a, T b) {
  constexpr int64_t bits = sizeof(T) * 8;
  using S = std::make_signed_t<T>;
  if (static_cast<S>(b) < 0 || static_cast<int64_t>(b) >= bits) {
    if constexpr (std::is_signed_v<T>) return a < 0 ? T(-1) : T(0);
    else return 0;
  }
  return static_cast<T>(a >> b);
}

// --- floating point (float16, bfloat16, float32, float64) -------------------------------

template <typename T>
void float_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  using M = opmath_t<T>;
  auto R = [](M v) { return static_cast<T>(v); };
  switch (op) {
    case BinaryOp::Add: {
      // alpha is first rounded to the tensor's dtype (bfloat16 0.3 is 0.30078125).
      const M alpha = static_cast<M>(convert<T>(prm.alpha.to_double()));
      if (prm.alpha.to_double() == 1.0)
        map2<T, T, T>(out, a, b, [R](T x, T y) { return R(M(x) + M(y)); });
      else
        map2<T, T, T>(out, a, b, [R, alpha](T x, T y) { return R(std::fma(M(y), alpha, M(x))); });
      return;
    }
    case BinaryOp::Mul:
      if (prm.b_wide) {
        const float w = static_cast<float>(*prm.b_wide);
        map2<T, T, T>(out, a, b, [R, w](T x, T) { return R(M(x) * w); });
      } else {
        map2<T, T, T>(out, a, b, [R](T x, T y) { return R(M(x) * M(y)); });
      }
      return;
    case BinaryOp::Div:
      if (prm.b_wide) {
        const float w = static_cast<float>(*prm.b_wide);
        map2<T, T, T>(out, a, b, [R, w](T x, T) { return R(M(x) / w); });
      } else {
        map2<T, T, T>(out, a, b, [R](T x, T y) { return R(M(x) / M(y)); });
      }
      return;
    case BinaryOp::DivTrunc:
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(std::trunc(M(x) / M(y))); });
      return;
    case BinaryOp::DivFloor:
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(float_floor_div<M>(M(x), M(y))); });
      return;
    case BinaryOp::Remainder:
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(float_mod<M>(M(x), M(y))); });
      return;
    case BinaryOp::Fmod:
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(std::fmod(M(x), M(y))); });
      return;
    case BinaryOp::Hypot:
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(std::hypot(M(x), M(y))); });
      return;
    case BinaryOp::Maximum:
      map2<T, T, T>(out, a, b, [R](T x, T y) {
        M u = M(x), v = M(y);
        if (u != u || v != v) return R(std::numeric_limits<M>::quiet_NaN());
        return R(u < v ? v : u);
      });
      return;
    case BinaryOp::Minimum:
      map2<T, T, T>(out, a, b, [R](T x, T y) {
        M u = M(x), v = M(y);
        if (u != u || v != v) return R(std::numeric_limits<M>::quiet_NaN());
        return R(v < u ? v : u);
      });
      return;
    case BinaryOp::Atan2:
      map2_vec<T>(out, a, b,
                  [](const M* x, const M* y, M* o, int64_t n) { simd_binary(SimdFn2::Atan2, x, y, o, n); },
                  [R](T x, T y) { return R(std::atan2(M(x), M(y))); });
      return;
    case BinaryOp::Pow: {
      if (prm.pow_exponent) {
        // A Python-number exponent: PyTorch's special cases, then pow with the
        // exponent rounded to the tensor's dtype.
        const double e = prm.pow_exponent->to_double();
        if (e == 2.0) {
          map2<T, T, T>(out, a, b, [R](T x, T) { return R(M(x) * M(x)); });
          return;
        }
        if (e == 3.0) {
          map2<T, T, T>(out, a, b, [R](T x, T) { return R(M(x) * M(x) * M(x)); });
          return;
        }
        if (e == -2.0 && !std::is_same_v<T, Half>) {
          map2<T, T, T>(out, a, b, [R](T x, T) { return R(M(1) / (M(x) * M(x))); });
          return;
        }
      }
      if (prm.pow_exponent && (std::is_same_v<T, float> || std::is_same_v<T, double>)) {
        // PyTorch's scalar path raises to the exponent in double, unrounded.
        const double e = prm.pow_exponent->to_double();
        map2_vec<T>(out, a, b,
                    [](const M* x, const M* y, M* o, int64_t n) { simd_binary(SimdFn2::Pow, x, y, o, n); },
                    [R, e](T x, T) { return R(static_cast<M>(std::pow(static_cast<double>(x), e))); });
        return;
      }
      map2_vec<T>(out, a, b,
                  [](const M* x, const M* y, M* o, int64_t n) { simd_binary(SimdFn2::Pow, x, y, o, n); },
                  [R](T x, T y) { return R(std::pow(M(x), M(y))); });
      return;
    }
    default: return;
  }
}

// --- integers -----------------------------------------------------------------------------

template <typename T>
void int_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  switch (op) {
    case BinaryOp::Add: {
      const T alpha = convert<T>(prm.alpha.to_int());
      if (alpha == 1)
        map2<T, T, T>(out, a, b, [](T x, T y) { return wrap_add(x, y); });
      else
        map2<T, T, T>(out, a, b, [alpha](T x, T y) { return wrap_add(x, wrap_mul(alpha, y)); });
      return;
    }
    case BinaryOp::Mul: map2<T, T, T>(out, a, b, [](T x, T y) { return wrap_mul(x, y); }); return;
    case BinaryOp::DivTrunc: map2<T, T, T>(out, a, b, [](T x, T y) { return int_div(x, y); }); return;
    case BinaryOp::DivFloor: map2<T, T, T>(out, a, b, [](T x, T y) { return int_floor_div(x, y); }); return;
    case BinaryOp::Remainder: map2<T, T, T>(out, a, b, [](T x, T y) { return int_mod(x, y); }); return;
    case BinaryOp::Fmod: map2<T, T, T>(out, a, b, [](T x, T y) { return int_rem(x, y); }); return;
    case BinaryOp::Pow: map2<T, T, T>(out, a, b, [](T x, T y) { return int_pow(x, y); }); return;
    case BinaryOp::Maximum: map2<T, T, T>(out, a, b, [](T x, T y) { return x < y ? y : x; }); return;
    case BinaryOp::Minimum: map2<T, T, T>(out, a, b, [](T x, T y) { return y < x ? y : x; }); return;
    case BinaryOp::BitAnd: map2<T, T, T>(out, a, b, [](T x, T y) { return static_cast<T>(x & y); }); return;
    case BinaryOp::BitOr: map2<T, T, T>(out, a, b, [](T x, T y) { return static_cast<T>(x | y); }); return;
    case BinaryOp::BitXor: map2<T, T, T>(out, a, b, [](T x, T y) { return static_cast<T>(x ^ y); }); return;
    case BinaryOp::Shl: map2<T, T, T>(out, a, b, [](T x, T y) { return shift_left(x, y); }); return;
    case BinaryOp::Shr: map2<T, T, T>(out, a, b, [](T x, T y) { return shift_right(x, y); }); return;
    default: return;
  }
}

void bool_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  using T = bool;
  switch (op) {
    case BinaryOp::Add: {
      const bool alpha = prm.alpha.to_bool();
      map2<T, T, T>(out, a, b, [alpha](T x, T y) { return x || (alpha && y); });
      return;
    }
    case BinaryOp::Mul:
    case BinaryOp::Minimum:
    case BinaryOp::BitAnd: map2<T, T, T>(out, a, b, [](T x, T y) { return x && y; }); return;
    case BinaryOp::Maximum:
    case BinaryOp::BitOr: map2<T, T, T>(out, a, b, [](T x, T y) { return x || y; }); return;
    case BinaryOp::BitXor: map2<T, T, T>(out, a, b, [](T x, T y) { return x != y; }); return;
    default: return;
  }
}

// --- complex ------------------------------------------------------------------------------

// Products and quotients written out, as c10::complex computes them (the
// quotient with the textbook formula, as torch 1.13's scalar path does).
template <typename C> C cmul(C x, C y) {
  return C(x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real());
}
template <typename C> C cdiv(C x, C y) {
  using R = typename C::value_type;
  const R a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  const R den = c * c + d * d;
  return C((a * c + b * d) / den, (b * c - a * d) / den);
}

template <typename T>
void complex_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  switch (op) {
    case BinaryOp::Add: {
      // Always the full complex product, even for alpha 1: PyTorch's -0 + -0 is then +0.
      const T alpha = convert<T>(prm.alpha.to_complex());
      map2<T, T, T>(out, a, b, [alpha](T x, T y) { return x + cmul(y, alpha); });
      return;
    }
    case BinaryOp::Mul: map2<T, T, T>(out, a, b, [](T x, T y) { return cmul(x, y); }); return;
    case BinaryOp::Div: map2<T, T, T>(out, a, b, [](T x, T y) { return cdiv(x, y); }); return;
    case BinaryOp::Pow:
      if (prm.pow_exponent && prm.pow_exponent->to_complex() == std::complex<double>(2, 0)) {
        map2<T, T, T>(out, a, b, [](T x, T) { return cmul(x, x); });
        return;
      }
      map2<T, T, T>(out, a, b, [](T x, T y) { return std::pow(x, y); });
      return;
    default: return;
  }
}

}  // namespace

void binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                   const BinaryParams& params) {
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, bool>) bool_kernel(op, out, a, b, params);
    else if constexpr (is_int_v<T>) int_kernel<T>(op, out, a, b, params);
    else if constexpr (is_complex_v<T>) complex_kernel<T>(op, out, a, b, params);
    else float_kernel<T>(op, out, a, b, params);
  });
}

}  // namespace tsh::cpu
