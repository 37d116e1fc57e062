// engine/cpu/unary_float.cpp — the one-operand elementwise ops on float16, bfloat16, float32, float64.
//
// (The other dtypes are in unary.cpp: the two compile in parallel.)
//
// Three families of floating-point functions, by how PyTorch's CPU build
// computes them (measured against torch, see tests/golden/elementwise_math.txt):
//  * always SLEEF, in 8-float / 4-double lane groups from the start of each
//    run: exp expm1 log log2 log10 log1p sin cos tan asin acos atan tanh erf erfc lgamma;
//  * SLEEF for whole blocks of a contiguous run, libm for the tail and for
//    strided runs (PyTorch's vectorised loop): sinh cosh sigmoid logit gelu, and
//    exp2 atanh (2.x; they were libm-only in 1.13);
//  * libm everywhere: asinh acosh.
// Complex inputs use std::complex's functions.
// Under MKL (engine/cpu/math_library.h) float and double take PyTorch 2.x's
// MKL-build route instead for the functions ATen's vml.h sends to VML: exp log
// log2 log10 sqrt sin cos tan asin acos atan tanh erf erfc erfinv, on every
// element, contiguous or not (tests/mathbits checks each against PyTorch).
#include "engine/cpu/unary.h"
#include "engine/cpu/isa.h"

#include "engine/core/dtype.h"

#include <cmath>
#include <limits>
#include <numbers>

#include "engine/core/convert.h"
#include "engine/cpu/binary_loop.h"
#include "engine/cpu/math_library.h"
#include "engine/cpu/unary_simd.h"
#include "engine/kernels/scalar_math.h"
#include "engine/kernels/special_math.h"

namespace tsh::cpu {

namespace {

using namespace tsh::scalar;  // the per-element formulas (engine/kernels/scalar_math.h)


// run(x, y, n) on every element, in runs from the start of each contiguous run (so SLEEF's lane
// groups stay where PyTorch's are): contiguous runs of the opmath type in place, others through a
// buffer whose chunks are a multiple of the lane count.
template <typename T, typename Run>
void on_every_element(const Tensor& out, const Tensor& in, Run run) {
  using M = opmath_t<T>;
  elementwise_loop<2>({&out, &in}, [run](char** p, const int64_t* s, int64_t n) {
    if constexpr (std::is_same_v<T, M>) {
      if (s[0] == sizeof(T) && s[1] == sizeof(T)) {
        run(reinterpret_cast<const M*>(p[1]), reinterpret_cast<M*>(p[0]), n);
        return;
      }
    }
    constexpr int64_t kChunk = 1024;
    M buf[kChunk];
    for (int64_t k0 = 0; k0 < n; k0 += kChunk) {
      const int64_t m = std::min(kChunk, n - k0);
      for (int64_t j = 0; j < m; ++j) buf[j] = static_cast<M>(elem<T>(p[1], k0 + j, s[1]));
      run(buf, buf, m);
      for (int64_t j = 0; j < m; ++j) elem<T>(p[0], k0 + j, s[0]) = static_cast<T>(buf[j]);
    }
  });
}

// SLEEF on every element, grouped from the start of each run.
template <typename T>
void sleef_all(SimdFn fn, const Tensor& out, const Tensor& in) {
  using M = opmath_t<T>;
  on_every_element<T>(out, in, [fn](const M* x, M* y, int64_t n) { simd_unary(fn, x, y, n); });
}

// MKL's VML on every element. False (nothing done) unless MKL serves and T is float or double.
template <typename T>
bool vml_all(VmlFn fn, const Tensor& out, const Tensor& in) {
  if constexpr (!std::is_same_v<T, float> && !std::is_same_v<T, double>) {
    return false;
  } else {
    if (!mathlib().mkl) return false;
    on_every_element<T>(out, in, [fn](const T* x, T* y, int64_t n) { vml(fn, x, y, n); });
    return true;
  }
}

// The functions PyTorch's MKL build sends to VML and its other builds to SLEEF.
template <typename T>
void vml_or_sleef(VmlFn vml_fn, SimdFn sleef_fn, const Tensor& out, const Tensor& in) {
  if (!vml_all<T>(vml_fn, out, in)) sleef_all<T>(sleef_fn, out, in);
}

// PyTorch's vectorised loop: SLEEF (via `vec`) on whole blocks, `f` elsewhere.
template <typename T, typename Vec, typename F>
void sleef_blocks(const Tensor& out, const Tensor& in, Vec vec, F f) {
  map1_vec<T>(out, in, vec, [f](T x) { return static_cast<T>(f(static_cast<opmath_t<T>>(x))); });
}

template <typename T, typename F>
void apply(const Tensor& out, const Tensor& in, F f) {
  using M = opmath_t<T>;
  map1<T, T>(out, in, [f](T x) { return static_cast<T>(f(static_cast<M>(x))); });
}

template <typename T>
void float_unary(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& prm) {
  using M = opmath_t<T>;
  constexpr M kInf = std::numeric_limits<M>::infinity();
  switch (op) {
    case UnaryOp::Neg: apply<T>(out, in, [](M x) { return -x; }); return;
    case UnaryOp::Abs: apply<T>(out, in, [](M x) { return std::abs(x); }); return;
    case UnaryOp::Sign:
    case UnaryOp::Sgn: apply<T>(out, in, [](M x) { return sgn(x); }); return;
    case UnaryOp::Reciprocal: apply<T>(out, in, [](M x) { return M(1) / x; }); return;
    case UnaryOp::Sqrt:
      if (vml_all<T>(VmlFn::Sqrt, out, in)) return;
      apply<T>(out, in, [](M x) { return std::sqrt(x); });
      return;
    case UnaryOp::Rsqrt: apply<T>(out, in, [](M x) { return M(1) / std::sqrt(x); }); return;
    case UnaryOp::Exp: vml_or_sleef<T>(VmlFn::Exp, SimdFn::Exp, out, in); return;
    case UnaryOp::Expm1: sleef_all<T>(SimdFn::Expm1, out, in); return;
    case UnaryOp::Log: vml_or_sleef<T>(VmlFn::Ln, SimdFn::Log, out, in); return;
    case UnaryOp::Log2: vml_or_sleef<T>(VmlFn::Log2, SimdFn::Log2, out, in); return;
    case UnaryOp::Log10: vml_or_sleef<T>(VmlFn::Log10, SimdFn::Log10, out, in); return;
    case UnaryOp::Log1p: sleef_all<T>(SimdFn::Log1p, out, in); return;
    case UnaryOp::Sin: vml_or_sleef<T>(VmlFn::Sin, SimdFn::Sin, out, in); return;
    case UnaryOp::Cos: vml_or_sleef<T>(VmlFn::Cos, SimdFn::Cos, out, in); return;
    case UnaryOp::Tan: vml_or_sleef<T>(VmlFn::Tan, SimdFn::Tan, out, in); return;
    case UnaryOp::Asin: vml_or_sleef<T>(VmlFn::Asin, SimdFn::Asin, out, in); return;
    case UnaryOp::Acos: vml_or_sleef<T>(VmlFn::Acos, SimdFn::Acos, out, in); return;
    case UnaryOp::Atan: vml_or_sleef<T>(VmlFn::Atan, SimdFn::Atan, out, in); return;
    case UnaryOp::Tanh: vml_or_sleef<T>(VmlFn::Tanh, SimdFn::Tanh, out, in); return;
    case UnaryOp::Erf: vml_or_sleef<T>(VmlFn::Erf, SimdFn::Erf, out, in); return;
    case UnaryOp::Erfc: vml_or_sleef<T>(VmlFn::Erfc, SimdFn::Erfc, out, in); return;
    case UnaryOp::Sinh:
      sleef_blocks<T>(out, in, [](const M* x, M* o, int64_t n) { simd_unary(SimdFn::Sinh, x, o, n); },
                      [](M x) { return std::sinh(x); });
      return;
    case UnaryOp::Cosh:
      sleef_blocks<T>(out, in, [](const M* x, M* o, int64_t n) { simd_unary(SimdFn::Cosh, x, o, n); },
                      [](M x) { return std::cosh(x); });
      return;
    case UnaryOp::Sigmoid:
      sleef_blocks<T>(
          out, in,
          [](const M* x, M* o, int64_t n) { simd_unary(SimdFn::Sigmoid, x, o, n); },
          [](M x) { return sigmoid(x); });
      return;
    case UnaryOp::Logit: {
      // eps < 0: no clamping; else inputs are clamped to [eps, 1 - eps].
      const M eps = static_cast<M>(prm.p0);
      const bool clamp = prm.p0 >= 0;
      const M lo = eps, hi = M(1) - eps;
      sleef_blocks<T>(
          out, in,
          [clamp, lo, hi](const M* x, M* o, int64_t n) {
            for (int64_t j = 0; j < n; ++j) {
              const M v = logit_clamp(x[j], clamp, lo, hi);
              o[j] = v / (M(1) - v);
            }
            simd_unary(SimdFn::Log, o, o, n);
          },
          [clamp, lo, hi](M x) { return logit(x, clamp, lo, hi); });
      return;
    }
    case UnaryOp::Gelu:
      sleef_blocks<T>(
          out, in,
          [](const M* x, M* o, int64_t n) {
            for (int64_t j = 0; j < n; ++j) o[j] = x[j] * static_cast<M>(kSqrtHalf);
            simd_unary(SimdFn::Erf, o, o, n);
            for (int64_t j = 0; j < n; ++j) o[j] = x[j] * M(0.5) * (M(1) + o[j]);
          },
          [](M x) { return gelu(x); });
      return;
    case UnaryOp::GeluTanh: {
      constexpr M beta = static_cast<M>(kGeluBeta);
      constexpr M kappa = static_cast<M>(0.044715);
      sleef_blocks<T>(
          out, in,
          [](const M* x, M* o, int64_t n) {
            for (int64_t j = 0; j < n; ++j) o[j] = beta * std::fma(kappa, x[j] * x[j] * x[j], x[j]);
            simd_unary(SimdFn::Tanh, o, o, n);
            for (int64_t j = 0; j < n; ++j) o[j] = M(0.5) * x[j] * (M(1) + o[j]);
          },
          [](M x) { return gelu_tanh(x); });
      return;
    }
    case UnaryOp::Exp2:
      sleef_blocks<T>(out, in, [](const M* x, M* o, int64_t n) { simd_unary(SimdFn::Exp2, x, o, n); },
                      [](M x) { return std::exp2(x); });
      return;
    case UnaryOp::Asinh: apply<T>(out, in, [](M x) { return std::asinh(x); }); return;
    case UnaryOp::Acosh: apply<T>(out, in, [](M x) { return std::acosh(x); }); return;
    case UnaryOp::Atanh:
      sleef_blocks<T>(out, in, [](const M* x, M* o, int64_t n) { simd_unary(SimdFn::Atanh, x, o, n); },
                      [](M x) { return std::atanh(x); });
      return;
    case UnaryOp::Erfinv:
      if (vml_all<T>(VmlFn::ErfInv, out, in)) return;
      apply<T>(out, in, [](M x) { return erfinv<M>(x); });
      return;
    case UnaryOp::Lgamma: sleef_all<T>(SimdFn::Lgamma, out, in); return;
    case UnaryOp::Digamma: apply<T>(out, in, [](M x) { return digamma<M>(x); }); return;
    case UnaryOp::Trigamma: apply<T>(out, in, [](M x) { return trigamma<M>(x); }); return;
    case UnaryOp::Polygamma: {
      const int n = static_cast<int>(prm.p0);
      apply<T>(out, in, [n](M x) { return polygamma<M>(x, n); });
      return;
    }
    case UnaryOp::I0: apply<T>(out, in, [](M x) { return bessel_i0<M>(x); }); return;
    case UnaryOp::Sinc: apply<T>(out, in, [](M x) { return sinc<M>(x); }); return;
    case UnaryOp::FrexpMantissa: apply<T>(out, in, [](M x) { int e; return std::frexp(x, &e); }); return;
    case UnaryOp::FrexpExponent:
      // glibc leaves the exponent of inf and NaN at 0, as PyTorch prints it.
      apply<T>(out, in, [](M x) { int e = 0; std::frexp(x, &e); return std::isfinite(x) ? M(e) : M(0); });
      return;
    case UnaryOp::Floor: apply<T>(out, in, [](M x) { return std::floor(x); }); return;
    case UnaryOp::Ceil: apply<T>(out, in, [](M x) { return std::ceil(x); }); return;
    case UnaryOp::Round: apply<T>(out, in, [](M x) { return std::nearbyint(x); }); return;
    case UnaryOp::Trunc: apply<T>(out, in, [](M x) { return std::trunc(x); }); return;
    case UnaryOp::Frac: apply<T>(out, in, [](M x) { return x - std::trunc(x); }); return;
    case UnaryOp::RoundDecimals: {
      const int64_t dec = static_cast<int64_t>(prm.p0);
      const bool neg = dec < 0;
      const M scale = static_cast<M>(std::pow(10.0, static_cast<double>(neg ? -dec : dec)));
      if (neg)
        apply<T>(out, in, [scale](M x) { return std::nearbyint(x / scale) * scale; });
      else
        apply<T>(out, in, [scale](M x) { return std::nearbyint(x * scale) / scale; });
      return;
    }
    case UnaryOp::NanToNum: {
      const T nan = convert<T>(prm.p0), pos = convert<T>(prm.p1), neg = convert<T>(prm.p2);
      map1<T, T>(out, in, [nan, pos, neg](T v) {
        const M x = static_cast<M>(v);
        return x != x ? nan : x == kInf ? pos : x == -kInf ? neg : v;
      });
      return;
    }
    case UnaryOp::Angle:
      apply<T>(out, in, [](M x) { return x != x ? x : x < M(0) ? std::numbers::pi_v<M> : M(0); });
      return;
    case UnaryOp::Conj: apply<T>(out, in, [](M x) { return x; }); return;
    case UnaryOp::Signbit:
      // The sign bit of a 16-bit float read directly (converting first trips GCC 12).
      map1<bool, T>(out, in, [](T x) {
        if constexpr (is_half_v<T>) return (x.bits & 0x8000) != 0;
        else return std::signbit(x);
      });
      return;
    case UnaryOp::IsNan: map1<bool, T>(out, in, [](T x) { return static_cast<M>(x) != static_cast<M>(x); }); return;
    case UnaryOp::IsInf: map1<bool, T>(out, in, [](T x) { return std::isinf(static_cast<M>(x)); }); return;
    case UnaryOp::IsFinite: map1<bool, T>(out, in, [](T x) { return std::isfinite(static_cast<M>(x)); }); return;
    case UnaryOp::IsNegInf: map1<bool, T>(out, in, [](T x) { return static_cast<M>(x) == -kInf; }); return;
    case UnaryOp::IsPosInf: map1<bool, T>(out, in, [](T x) { return static_cast<M>(x) == kInf; }); return;
    case UnaryOp::LogicalNot: map1<bool, T>(out, in, [](T x) { return static_cast<M>(x) == M(0); }); return;
    default: return;
  }
}

}  // namespace

void TSH_ISA_ENTRY(float_unary_kernel)(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) float_unary<T>(op, out, in, params);
  });
}

TSH_ISA_DISPATCH(float_unary_kernel, (UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params),
                 (op, out, in, params))

}  // namespace tsh::cpu
