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
    case BinaryOp::Fmax: map2<T, T, T>(out, a, b, [](T x, T y) { return x < y ? y : x; }); return;
    case BinaryOp::Fmin: map2<T, T, T>(out, a, b, [](T x, T y) { return y < x ? y : x; }); return;
    case BinaryOp::Heaviside: map2<T, T, T>(out, a, b, [](T x, T y) { return heaviside(x, y); }); return;
    case BinaryOp::Gcd: map2<T, T, T>(out, a, b, [](T x, T y) { return gcd(x, y); }); return;
    case BinaryOp::Lcm: map2<T, T, T>(out, a, b, [](T x, T y) { return lcm(x, y); }); return;
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
    case BinaryOp::Fmin:
    case BinaryOp::BitAnd: map2<T, T, T>(out, a, b, [](T x, T y) { return x && y; }); return;
    case BinaryOp::Maximum:
    case BinaryOp::Fmax:
    case BinaryOp::BitOr: map2<T, T, T>(out, a, b, [](T x, T y) { return x || y; }); return;
    case BinaryOp::Heaviside: map2<T, T, T>(out, a, b, [](T x, T y) { return x ? true : y; }); return;
    case BinaryOp::BitXor: map2<T, T, T>(out, a, b, [](T x, T y) { return x != y; }); return;
    default: return;
  }
}

// --- complex ------------------------------------------------------------------------------

// Products and quotients as PyTorch 2.x's x86 build computes them. A product has two forms:
// its vectorised loop (whole blocks of contiguous elements, binary_loop.h) rounds all four
// partial products, while the scalar code (strided elements, a run's tail) is compiled with
// FMA contraction, which fuses the first product of each part. The quotient is c10::complex's
// everywhere (scalar_math.h's complex_div).
template <typename C> C cmul(C x, C y) {
  return C(x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real());
}
template <typename C> C cmul_fused(C x, C y) {
  const auto a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  return C(std::fma(a, c, -(b * d)), std::fma(a, d, b * c));
}
template <typename T>
void complex_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  switch (op) {
    case BinaryOp::Add: {
      // Always the full complex product, even for alpha 1: PyTorch's -0 + -0 is then +0.
      const T alpha = convert<T>(prm.alpha.to_complex());
      map2_vec<T>(
          out, a, b,
          [alpha](const T* x, const T* y, T* o, int64_t n) {
            for (int64_t k = 0; k < n; ++k) o[k] = cmul(y[k], alpha) + x[k];
          },
          [alpha](T x, T y) { return x + cmul_fused(alpha, y); });
      return;
    }
    case BinaryOp::Mul:
      map2_vec<T>(
          out, a, b,
          [](const T* x, const T* y, T* o, int64_t n) {
            for (int64_t k = 0; k < n; ++k) o[k] = cmul(x[k], y[k]);
          },
          [](T x, T y) { return cmul_fused(x, y); });
      return;
    case BinaryOp::Div: map2<T, T, T>(out, a, b, [](T x, T y) { return scalar::complex_div(x, y); }); return;
    case BinaryOp::Pow:
      if (prm.pow_exponent && prm.pow_exponent->to_complex() == std::complex<double>(2, 0)) {
        map2_vec<T>(
            out, a, b,
            [](const T* x, const T*, T* o, int64_t n) {
              for (int64_t k = 0; k < n; ++k) o[k] = cmul(x[k], x[k]);
            },
            [](T x, T) { return cmul_fused(x, x); });
        return;
      }
      map2<T, T, T>(out, a, b, [](T x, T y) { return std::pow(x, y); });
      return;
    default: return;
  }
}

// One float32 or float64 element on each side (a loop over a tensor's items, a 0-d accumulator):
// the formula at once, with none of the loop's geometry. The formulas are float_kernel's
// (binary_float.cpp), which an element outside a vector block goes through anyway.
template <typename T>
bool one_element(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  T* o = out.data<T>();
  const T x = *a.data<T>(), y = *b.data<T>();
  switch (op) {
    case BinaryOp::Add: {
      const double alpha = prm.alpha.to_double();
      *o = alpha == 1.0 ? x + y : std::fma(y, static_cast<T>(alpha), x);
      return true;
    }
    case BinaryOp::Mul: *o = x * y; return true;
    case BinaryOp::Div: *o = x / y; return true;
    default: return false;
  }
}

}  // namespace

void binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                   const BinaryParams& params) {
  const DType d = out.dtype();
  if (out.numel() == 1 && a.numel() == 1 && b.numel() == 1 && a.dtype() == d && b.dtype() == d && !params.b_wide &&
      ((d == DType::Float32 && one_element<float>(op, out, a, b, params)) ||
       (d == DType::Float64 && one_element<double>(op, out, a, b, params))))
    return;
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, bool>) bool_kernel(op, out, a, b, params);
    else if constexpr (is_int_v<T>) int_kernel<T>(op, out, a, b, params);
    else if constexpr (is_complex_v<T>) complex_kernel<T>(op, out, a, b, params);
    else float_binary_kernel(op, out, a, b, params);
  });
}

}  // namespace tsh::cpu
