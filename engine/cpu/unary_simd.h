// engine/cpu/unary_simd.h — SLEEF's vectorised transcendentals, grouped as PyTorch groups them.
//
// PyTorch's CPU kernels (AVX2 build) compute exp, log, sin, ... with SLEEF on
// 8-float / 4-double vectors. SLEEF's results are not always the correctly
// rounded ones, and for some functions (cos, sin with a large argument in
// the same vector) a lane's result depends on the other lanes. To give the
// same bits, these helpers run SLEEF on the same lane groups: consecutive
// groups counted from the first element passed, the last partial group padded
// with zeros. Without AVX2+FMA at run time they fall back to SLEEF's scalar
// entry points (same accuracy, lane-independent).
#pragma once

#include <cstdint>

namespace tsh::cpu {

enum class SimdFn : uint8_t {
  Exp, Expm1, Log, Log2, Log10, Log1p,
  Sin, Cos, Tan, Asin, Acos, Atan,
  Sinh, Cosh, Tanh, Erf, Erfc,
  Exp2, Atanh,  // SLEEF in 2.x's vectorised loop (1.13 used libm)
  Lgamma,       // 2.x: every element through SLEEF (its "vml" loop)
  Sigmoid,      // 1 / (1 + exp(0 - x)), exp by SLEEF: PyTorch's vectorised sigmoid, in one pass
};
enum class SimdFn2 : uint8_t { Atan2, Pow };

// out[i] = fn(in[i]) for i < n (contiguous; in == out allowed).
void simd_unary(SimdFn fn, const float* in, float* out, int64_t n);
void simd_unary(SimdFn fn, const double* in, double* out, int64_t n);
// out[i] = fn(a[i], b[i]) for i < n (contiguous; aliasing allowed).
void simd_binary(SimdFn2 fn, const float* a, const float* b, float* out, int64_t n);
void simd_binary(SimdFn2 fn, const double* a, const double* b, double* out, int64_t n);

}  // namespace tsh::cpu
