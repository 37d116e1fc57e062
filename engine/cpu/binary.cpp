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
#include "engine/kernels/scalar_math.h"

namespace tsh::cpu {

namespace {

using namespace tsh::scalar;  // the per-element formulas (engine/kernels/scalar_math.h)

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
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(nan_max(M(x), M(y))); });
      return;
    case BinaryOp::Minimum:
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(nan_min(M(x), M(y))); });
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
