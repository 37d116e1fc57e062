// engine/cpu/unary.cpp — CPU kernels for the one-operand elementwise ops.
//
// Three families of floating-point functions, by how PyTorch's CPU build
// computes them (measured against torch, see tests/golden/elementwise_math.txt):
//  * always SLEEF, in 8-float / 4-double lane groups from the start of each
//    run: exp expm1 log log2 log10 log1p sin cos tan asin acos atan tanh erf erfc;
//  * SLEEF for whole blocks of a contiguous run, libm for the tail and for
//    strided runs (PyTorch's vectorised loop): sinh cosh sigmoid logit gelu, and
//    exp2 atanh (2.x; they were libm-only in 1.13);
//  * libm everywhere: asinh acosh.
// Complex inputs use std::complex's functions. The float dtypes are in
// unary_float.cpp, compiled in parallel with this file.
#include "engine/cpu/unary.h"

#include <cmath>
#include <limits>
#include <numbers>

#include "engine/core/convert.h"
#include "engine/cpu/binary_loop.h"
#include "engine/cpu/unary_simd.h"
#include "engine/kernels/scalar_math.h"
#include "engine/kernels/special_math.h"

namespace tsh::cpu {

namespace {

using namespace tsh::scalar;  // the per-element formulas (engine/kernels/scalar_math.h)

template <typename T>
void int_unary(UnaryOp op, const Tensor& out, const Tensor& in) {
  using U = std::make_unsigned_t<T>;
  switch (op) {
    case UnaryOp::Neg: map1<T, T>(out, in, [](T x) { return static_cast<T>(U(0) - static_cast<U>(x)); }); return;
    case UnaryOp::Abs:
      map1<T, T>(out, in, [](T x) {
        if constexpr (std::is_signed_v<T>) return x < 0 ? static_cast<T>(U(0) - static_cast<U>(x)) : x;
        else return x;
      });
      return;
    case UnaryOp::Sign:
    case UnaryOp::Sgn: map1<T, T>(out, in, [](T x) { return static_cast<T>((T(0) < x) - (x < T(0))); }); return;
    case UnaryOp::BitwiseNot: map1<T, T>(out, in, [](T x) { return static_cast<T>(~x); }); return;
    case UnaryOp::Signbit: map1<bool, T>(out, in, [](T x) { return x < T(0); }); return;
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf: map1<bool, T>(out, in, [](T) { return false; }); return;
    case UnaryOp::IsFinite: map1<bool, T>(out, in, [](T) { return true; }); return;
    case UnaryOp::LogicalNot: map1<bool, T>(out, in, [](T x) { return x == T(0); }); return;
    default:  // floor, ceil, round, trunc, nan_to_num, conj of an integer: the value itself
      map1<T, T>(out, in, [](T x) { return x; });
      return;
  }
}

void bool_unary(UnaryOp op, const Tensor& out, const Tensor& in) {
  switch (op) {
    case UnaryOp::BitwiseNot:
    case UnaryOp::LogicalNot: map1<bool, bool>(out, in, [](bool x) { return !x; }); return;
    case UnaryOp::Signbit:
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf: map1<bool, bool>(out, in, [](bool) { return false; }); return;
    case UnaryOp::IsFinite: map1<bool, bool>(out, in, [](bool) { return true; }); return;
    default: map1<bool, bool>(out, in, [](bool x) { return x; }); return;  // sign, sgn, conj, nan_to_num
  }
}

// The argument of complex numbers as PyTorch's vectorised loop computes it:
// SLEEF atan2 on blocks of two vectors (8 complex64 / 4 complex128) of a
// contiguous run, std::arg elsewhere.
template <typename C>
void complex_angle(const Tensor& out, const Tensor& in) {
  using R = typename C::value_type;
  constexpr int64_t B = sizeof(R) == 4 ? 8 : 4;
  elementwise_loop<2>({&out, &in}, [](char** p, const int64_t* s, int64_t n) {
    int64_t k = 0;
    if (s[0] == sizeof(R) && (s[1] == sizeof(C) || s[1] == 0)) {
      R re[B], im[B], o[B];
      for (; k + B <= n; k += B) {
        for (int64_t j = 0; j < B; ++j) {
          const C z = elem<C>(p[1], k + j, s[1]);
          re[j] = z.real();
          im[j] = z.imag();
        }
        simd_binary(SimdFn2::Atan2, im, re, o, B);
        for (int64_t j = 0; j < B; ++j) elem<R>(p[0], k + j, s[0]) = o[j];
      }
    }
    for (; k < n; ++k) elem<R>(p[0], k, s[0]) = std::arg(elem<C>(p[1], k, s[1]));
  });
}

template <typename C>
void complex_unary(UnaryOp op, const Tensor& out, const Tensor& in) {
  using R = typename C::value_type;
  auto f = [&](auto fn) { map1<C, C>(out, in, fn); };
  switch (op) {
    // Neg and Sigmoid: PyTorch's vectorised and scalar paths differ in the sign of zero parts
    // (0 - z against -z), so blocks follow the former. Quotients are c10::complex's everywhere.
    case UnaryOp::Neg:
      map1_vec<C>(out, in, [](const C* x, C* o, int64_t n) { for (int64_t j = 0; j < n; ++j) o[j] = C(0) - x[j]; },
                  [](C z) { return -z; });
      return;
    case UnaryOp::Abs: map1<R, C>(out, in, [](C z) { return std::abs(z); }); return;
    case UnaryOp::Angle: complex_angle<C>(out, in); return;
    case UnaryOp::Sgn:
      // Blocks divide each part by |z|; the scalar code divides z by the complex |z| + 0i.
      map1_vec<C>(out, in,
                  [](const C* x, C* o, int64_t n) {
                    for (int64_t j = 0; j < n; ++j) {
                      const R r = std::abs(x[j]);
                      o[j] = r == R(0) ? C(0, 0) : C(x[j].real() / r, x[j].imag() / r);
                    }
                  },
                  [](C z) {
                    const R r = std::abs(z);
                    return r == R(0) ? C(0, 0) : complex_div(z, C(r, 0));
                  });
      return;
    case UnaryOp::Reciprocal:
      f([](C z) { return complex_div(C(1), z); });
      return;
    case UnaryOp::Sqrt: f([](C z) { return std::sqrt(z); }); return;
    case UnaryOp::Rsqrt: f([](C z) { return C(1) / std::sqrt(z); }); return;
    case UnaryOp::Exp: f([](C z) { return std::exp(z); }); return;
    case UnaryOp::Log: f([](C z) { return std::log(z); }); return;
    case UnaryOp::Log2: f([](C z) { return std::log(z) / std::log(R(2)); }); return;
    case UnaryOp::Log10: f([](C z) { return std::log10(z); }); return;
    case UnaryOp::Sin: f([](C z) { return std::sin(z); }); return;
    case UnaryOp::Cos: f([](C z) { return std::cos(z); }); return;
    case UnaryOp::Tan: f([](C z) { return std::tan(z); }); return;
    case UnaryOp::Asin: f([](C z) { return std::asin(z); }); return;
    case UnaryOp::Acos: f([](C z) { return std::acos(z); }); return;
    case UnaryOp::Atan: f([](C z) { return std::atan(z); }); return;
    case UnaryOp::Sinh: f([](C z) { return std::sinh(z); }); return;
    case UnaryOp::Cosh: f([](C z) { return std::cosh(z); }); return;
    case UnaryOp::Tanh: f([](C z) { return std::tanh(z); }); return;
    case UnaryOp::Asinh: f([](C z) { return std::asinh(z); }); return;
    case UnaryOp::Acosh: f([](C z) { return std::acosh(z); }); return;
    case UnaryOp::Atanh: f([](C z) { return std::atanh(z); }); return;
    case UnaryOp::Sigmoid:
      map1_vec<C>(out, in,
                  [](const C* x, C* o, int64_t n) {
                    for (int64_t j = 0; j < n; ++j) o[j] = complex_div(C(1), C(1) + std::exp(C(0) - x[j]));
                  },
                  [](C z) { return complex_div(C(1), C(1) + std::exp(-z)); });
      return;
    case UnaryOp::Conj: f([](C z) { return std::conj(z); }); return;
    case UnaryOp::Sinc: f([](C z) { return scalar::sinc<C>(z); }); return;
    case UnaryOp::IsNan:
      map1<bool, C>(out, in, [](C z) { return z.real() != z.real() || z.imag() != z.imag(); });
      return;
    case UnaryOp::IsInf:
      map1<bool, C>(out, in, [](C z) { return std::isinf(z.real()) || std::isinf(z.imag()); });
      return;
    case UnaryOp::IsFinite:
      map1<bool, C>(out, in, [](C z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); });
      return;
    case UnaryOp::LogicalNot:
      map1<bool, C>(out, in, [](C z) { return z.real() == R(0) && z.imag() == R(0); });
      return;
    default: return;
  }
}

}  // namespace

void unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, bool>) bool_unary(op, out, in);
    else if constexpr (is_int_v<T>) int_unary<T>(op, out, in);
    else if constexpr (is_complex_v<T>) complex_unary<T>(op, out, in);
    else float_unary_kernel(op, out, in, params);
  });
}

}  // namespace tsh::cpu
