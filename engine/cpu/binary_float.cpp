// engine/cpu/binary_float.cpp — the arithmetic binary ops on float16, bfloat16, float32, float64.
//
// (The other dtypes are in binary.cpp: the two compile in parallel.)
//
// Each op is a scalar function per dtype, run by map2 (flat loops the compiler
// vectorises) or, where PyTorch uses SLEEF (atan2, general pow), by map2_vec
// so that the same elements get the same SIMD results. The formulas are the
// ones PyTorch's CPU kernels compute, step for step where rounding can tell:
// add with alpha is one fused multiply-add, floor division corrects the
// truncated quotient, 16-bit floats compute in float and round once.
#include "engine/cpu/binary.h"
#include "engine/cpu/isa.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/binary_loop.h"
#include "engine/cpu/unary_simd.h"
#include "engine/kernels/scalar_math.h"
#include "engine/kernels/special_math.h"

namespace tsh::cpu {

namespace {

using namespace tsh::scalar;  // the per-element formulas (engine/kernels/scalar_math.h)

// --- floating point (float16, bfloat16, float32, float64) -------------------------------

// nextafter on the bits of a 16-bit float: one step of the encoding towards y.
template <typename H> H next_after16(H x, H y) {
  const float fx = x, fy = y;
  if (fx != fx || fy != fy) return H(std::numeric_limits<float>::quiet_NaN());
  if (fx == fy) return y;
  H r;
  if (fx == 0.0f) r.bits = static_cast<uint16_t>((std::signbit(fy) ? 0x8000 : 0) | 1);
  else r.bits = static_cast<uint16_t>(((fx < fy) == (fx > 0.0f)) ? x.bits + 1 : x.bits - 1);
  return r;
}

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
    case BinaryOp::Fmax: map2<T, T, T>(out, a, b, [R](T x, T y) { return R(std::fmax(M(x), M(y))); }); return;
    case BinaryOp::Fmin: map2<T, T, T>(out, a, b, [R](T x, T y) { return R(std::fmin(M(x), M(y))); }); return;
    case BinaryOp::CopySign:
      map2<T, T, T>(out, a, b, [R](T x, T y) { return R(std::copysign(M(x), M(y))); });
      return;
    case BinaryOp::Heaviside: map2<T, T, T>(out, a, b, [R](T x, T y) { return R(heaviside(M(x), M(y))); }); return;
    case BinaryOp::Xlogy: map2<T, T, T>(out, a, b, [R](T x, T y) { return R(xlogy(M(x), M(y))); }); return;
    case BinaryOp::LogAddExp:
    case BinaryOp::LogAddExp2: {
      // m + log1p(e^-|a-b|) (base 2: m + log1p(2^-|a-b|) / ln 2), a where both are the same infinity;
      // SLEEF on PyTorch's vector blocks, libm elsewhere.
      const bool two = op == BinaryOp::LogAddExp2;
      const M inv_ln2 = static_cast<M>(1.0 / 0.693147180559945309417232121458176568);
      map2_vec<T>(
          out, a, b,
          [two, inv_ln2](const M* x, const M* y, M* o, int64_t n) {
            for (int64_t j = 0; j < n; ++j) o[j] = -std::abs(x[j] - y[j]);
            simd_unary(two ? SimdFn::Exp2 : SimdFn::Exp, o, o, n);
            simd_unary(SimdFn::Log1p, o, o, n);
            for (int64_t j = 0; j < n; ++j) {
              const M u = x[j], v = y[j];
              const M m = (u != u || v != v) ? std::numeric_limits<M>::quiet_NaN() : std::max(u, v);
              o[j] = (u == v && std::isinf(u)) ? u : m + (two ? o[j] * inv_ln2 : o[j]);
            }
          },
          [R, two, inv_ln2](T tx, T ty) {
            const M x = M(tx), y = M(ty);
            if (std::isinf(x) && x == y) return R(x);
            const M m = std::max(x, y);
            if (two) return R(m + std::log1p(std::exp2(-std::abs(x - y))) * inv_ln2);
            return R(m + std::log1p(std::exp(-std::abs(x - y))));
          });
      return;
    }
    case BinaryOp::NextAfter:
      if constexpr (is_half_v<T>) map2<T, T, T>(out, a, b, [](T x, T y) { return next_after16(x, y); });
      else map2<T, T, T>(out, a, b, [](T x, T y) { return std::nextafter(x, y); });
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

}  // namespace

void TSH_ISA_ENTRY(float_binary_kernel)(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                                        const BinaryParams& params) {
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) float_kernel<T>(op, out, a, b, params);
  });
}

TSH_ISA_DISPATCH(float_binary_kernel,
                 (BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& params),
                 (op, out, a, b, params))

}  // namespace tsh::cpu
