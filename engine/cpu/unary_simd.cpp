// engine/cpu/unary_simd.cpp — SLEEF calls on PyTorch's lane groups (see unary_simd.h).
//
// Only the code between the target pragmas uses AVX2; the choice is made
// once at run time, so the binary still runs on CPUs without AVX2. sleef.h
// declares its AVX2 entry points only when the whole file is built for AVX,
// so the few used here are declared below (they are in libsleef either way).
#include "engine/cpu/unary_simd.h"

#include <sleef.h>

#include <cstring>

#pragma GCC push_options
#pragma GCC target("avx2,fma")
#include <immintrin.h>

#define TSH_SLEEF_AVX2(X)                                                                   \
  X(expf8_u10) X(expm1f8_u10) X(logf8_u10) X(log2f8_u10) X(log10f8_u10) X(log1pf8_u10)      \
  X(sinf8_u10) X(cosf8_u10) X(tanf8_u10) X(asinf8_u10) X(acosf8_u10) X(atanf8_u10)          \
  X(sinhf8_u10) X(coshf8_u10) X(tanhf8_u10) X(erff8_u10) X(erfcf8_u15) X(exp2f8_u10)       \
  X(atanhf8_u10) X(lgammaf8_u10)
#define TSH_SLEEF_AVX2_D(X)                                                                 \
  X(expd4_u10) X(expm1d4_u10) X(logd4_u10) X(log2d4_u10) X(log10d4_u10) X(log1pd4_u10)      \
  X(sind4_u10) X(cosd4_u10) X(tand4_u10) X(asind4_u10) X(acosd4_u10) X(atand4_u10)          \
  X(sinhd4_u10) X(coshd4_u10) X(tanhd4_u10) X(erfd4_u10) X(erfcd4_u15) X(exp2d4_u10)       \
  X(atanhd4_u10) X(lgammad4_u10)
#ifndef __AVX__  // else sleef.h declared them (a build for AVX2 machines only, such as the fuzzer's)
extern "C" {
#define TSH_DECL(f) __m256 Sleef_##f##avx2(__m256);
TSH_SLEEF_AVX2(TSH_DECL)
#undef TSH_DECL
#define TSH_DECL(f) __m256d Sleef_##f##avx2(__m256d);
TSH_SLEEF_AVX2_D(TSH_DECL)
#undef TSH_DECL
__m256 Sleef_atan2f8_u10avx2(__m256, __m256);
__m256 Sleef_powf8_u10avx2(__m256, __m256);
__m256d Sleef_atan2d4_u10avx2(__m256d, __m256d);
__m256d Sleef_powd4_u10avx2(__m256d, __m256d);
}
#endif
#undef TSH_SLEEF_AVX2
#undef TSH_SLEEF_AVX2_D

namespace tsh::cpu {

namespace {

#define TSH_AVX2 __attribute__((target("avx2,fma")))

TSH_AVX2 __m256 apply8(SimdFn fn, __m256 x) {
  switch (fn) {
    case SimdFn::Exp: return Sleef_expf8_u10avx2(x);
    case SimdFn::Expm1: return Sleef_expm1f8_u10avx2(x);
    case SimdFn::Log: return Sleef_logf8_u10avx2(x);
    case SimdFn::Log2: return Sleef_log2f8_u10avx2(x);
    case SimdFn::Log10: return Sleef_log10f8_u10avx2(x);
    case SimdFn::Log1p: return Sleef_log1pf8_u10avx2(x);
    case SimdFn::Sin: return Sleef_sinf8_u10avx2(x);
    case SimdFn::Cos: return Sleef_cosf8_u10avx2(x);
    case SimdFn::Tan: return Sleef_tanf8_u10avx2(x);
    case SimdFn::Asin: return Sleef_asinf8_u10avx2(x);
    case SimdFn::Acos: return Sleef_acosf8_u10avx2(x);
    case SimdFn::Atan: return Sleef_atanf8_u10avx2(x);
    case SimdFn::Sinh: return Sleef_sinhf8_u10avx2(x);
    case SimdFn::Cosh: return Sleef_coshf8_u10avx2(x);
    case SimdFn::Tanh: return Sleef_tanhf8_u10avx2(x);
    case SimdFn::Erf: return Sleef_erff8_u10avx2(x);
    case SimdFn::Erfc: return Sleef_erfcf8_u15avx2(x);
    case SimdFn::Exp2: return Sleef_exp2f8_u10avx2(x);
    case SimdFn::Atanh: return Sleef_atanhf8_u10avx2(x);
    case SimdFn::Lgamma: return Sleef_lgammaf8_u10avx2(x);
    case SimdFn::Sigmoid: {
      const __m256 one = _mm256_set1_ps(1.0f);
      return _mm256_div_ps(one, _mm256_add_ps(one, Sleef_expf8_u10avx2(_mm256_sub_ps(_mm256_setzero_ps(), x))));
    }
  }
  return x;
}

TSH_AVX2 __m256d apply4(SimdFn fn, __m256d x) {
  switch (fn) {
    case SimdFn::Exp: return Sleef_expd4_u10avx2(x);
    case SimdFn::Expm1: return Sleef_expm1d4_u10avx2(x);
    case SimdFn::Log: return Sleef_logd4_u10avx2(x);
    case SimdFn::Log2: return Sleef_log2d4_u10avx2(x);
    case SimdFn::Log10: return Sleef_log10d4_u10avx2(x);
    case SimdFn::Log1p: return Sleef_log1pd4_u10avx2(x);
    case SimdFn::Sin: return Sleef_sind4_u10avx2(x);
    case SimdFn::Cos: return Sleef_cosd4_u10avx2(x);
    case SimdFn::Tan: return Sleef_tand4_u10avx2(x);
    case SimdFn::Asin: return Sleef_asind4_u10avx2(x);
    case SimdFn::Acos: return Sleef_acosd4_u10avx2(x);
    case SimdFn::Atan: return Sleef_atand4_u10avx2(x);
    case SimdFn::Sinh: return Sleef_sinhd4_u10avx2(x);
    case SimdFn::Cosh: return Sleef_coshd4_u10avx2(x);
    case SimdFn::Tanh: return Sleef_tanhd4_u10avx2(x);
    case SimdFn::Erf: return Sleef_erfd4_u10avx2(x);
    case SimdFn::Erfc: return Sleef_erfcd4_u15avx2(x);
    case SimdFn::Exp2: return Sleef_exp2d4_u10avx2(x);
    case SimdFn::Atanh: return Sleef_atanhd4_u10avx2(x);
    case SimdFn::Lgamma: return Sleef_lgammad4_u10avx2(x);
    case SimdFn::Sigmoid: {
      const __m256d one = _mm256_set1_pd(1.0);
      return _mm256_div_pd(one, _mm256_add_pd(one, Sleef_expd4_u10avx2(_mm256_sub_pd(_mm256_setzero_pd(), x))));
    }
  }
  return x;
}

TSH_AVX2 __m256 apply8(SimdFn2 fn, __m256 a, __m256 b) {
  return fn == SimdFn2::Atan2 ? Sleef_atan2f8_u10avx2(a, b) : Sleef_powf8_u10avx2(a, b);
}

TSH_AVX2 __m256d apply4(SimdFn2 fn, __m256d a, __m256d b) {
  return fn == SimdFn2::Atan2 ? Sleef_atan2d4_u10avx2(a, b) : Sleef_powd4_u10avx2(a, b);
}

// Full groups straight from memory; the last partial group through a zero-padded buffer.
TSH_AVX2 void map_f32(SimdFn fn, const float* in, float* out, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, apply8(fn, _mm256_loadu_ps(in + i)));
  if (i < n) {
    alignas(32) float buf[8] = {};
    std::memcpy(buf, in + i, (n - i) * sizeof(float));
    _mm256_store_ps(buf, apply8(fn, _mm256_load_ps(buf)));
    std::memcpy(out + i, buf, (n - i) * sizeof(float));
  }
}

TSH_AVX2 void map_f64(SimdFn fn, const double* in, double* out, int64_t n) {
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) _mm256_storeu_pd(out + i, apply4(fn, _mm256_loadu_pd(in + i)));
  if (i < n) {
    alignas(32) double buf[4] = {};
    std::memcpy(buf, in + i, (n - i) * sizeof(double));
    _mm256_store_pd(buf, apply4(fn, _mm256_load_pd(buf)));
    std::memcpy(out + i, buf, (n - i) * sizeof(double));
  }
}

TSH_AVX2 void map2_f32(SimdFn2 fn, const float* a, const float* b, float* out, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(out + i, apply8(fn, _mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i)));
  if (i < n) {
    alignas(32) float x[8] = {}, y[8] = {};
    std::memcpy(x, a + i, (n - i) * sizeof(float));
    std::memcpy(y, b + i, (n - i) * sizeof(float));
    _mm256_store_ps(x, apply8(fn, _mm256_load_ps(x), _mm256_load_ps(y)));
    std::memcpy(out + i, x, (n - i) * sizeof(float));
  }
}

TSH_AVX2 void map2_f64(SimdFn2 fn, const double* a, const double* b, double* out, int64_t n) {
  int64_t i = 0;
  for (; i + 4 <= n; i += 4)
    _mm256_storeu_pd(out + i, apply4(fn, _mm256_loadu_pd(a + i), _mm256_loadu_pd(b + i)));
  if (i < n) {
    alignas(32) double x[4] = {}, y[4] = {};
    std::memcpy(x, a + i, (n - i) * sizeof(double));
    std::memcpy(y, b + i, (n - i) * sizeof(double));
    _mm256_store_pd(x, apply4(fn, _mm256_load_pd(x), _mm256_load_pd(y)));
    std::memcpy(out + i, x, (n - i) * sizeof(double));
  }
}

#undef TSH_AVX2

}  // namespace
}  // namespace tsh::cpu
#pragma GCC pop_options

namespace tsh::cpu {

namespace {

bool have_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}

// SLEEF's scalar entry points, for CPUs without AVX2.
float scalar(SimdFn fn, float x) {
  switch (fn) {
    case SimdFn::Exp: return Sleef_expf_u10(x);
    case SimdFn::Expm1: return Sleef_expm1f_u10(x);
    case SimdFn::Log: return Sleef_logf_u10(x);
    case SimdFn::Log2: return Sleef_log2f_u10(x);
    case SimdFn::Log10: return Sleef_log10f_u10(x);
    case SimdFn::Log1p: return Sleef_log1pf_u10(x);
    case SimdFn::Sin: return Sleef_sinf_u10(x);
    case SimdFn::Cos: return Sleef_cosf_u10(x);
    case SimdFn::Tan: return Sleef_tanf_u10(x);
    case SimdFn::Asin: return Sleef_asinf_u10(x);
    case SimdFn::Acos: return Sleef_acosf_u10(x);
    case SimdFn::Atan: return Sleef_atanf_u10(x);
    case SimdFn::Sinh: return Sleef_sinhf_u10(x);
    case SimdFn::Cosh: return Sleef_coshf_u10(x);
    case SimdFn::Tanh: return Sleef_tanhf_u10(x);
    case SimdFn::Erf: return Sleef_erff_u10(x);
    case SimdFn::Erfc: return Sleef_erfcf_u15(x);
    case SimdFn::Exp2: return Sleef_exp2f_u10(x);
    case SimdFn::Atanh: return Sleef_atanhf_u10(x);
    case SimdFn::Lgamma: return Sleef_lgammaf_u10(x);
    case SimdFn::Sigmoid: return 1.0f / (1.0f + Sleef_expf_u10(0.0f - x));
  }
  return x;
}

double scalar(SimdFn fn, double x) {
  switch (fn) {
    case SimdFn::Exp: return Sleef_exp_u10(x);
    case SimdFn::Expm1: return Sleef_expm1_u10(x);
    case SimdFn::Log: return Sleef_log_u10(x);
    case SimdFn::Log2: return Sleef_log2_u10(x);
    case SimdFn::Log10: return Sleef_log10_u10(x);
    case SimdFn::Log1p: return Sleef_log1p_u10(x);
    case SimdFn::Sin: return Sleef_sin_u10(x);
    case SimdFn::Cos: return Sleef_cos_u10(x);
    case SimdFn::Tan: return Sleef_tan_u10(x);
    case SimdFn::Asin: return Sleef_asin_u10(x);
    case SimdFn::Acos: return Sleef_acos_u10(x);
    case SimdFn::Atan: return Sleef_atan_u10(x);
    case SimdFn::Sinh: return Sleef_sinh_u10(x);
    case SimdFn::Cosh: return Sleef_cosh_u10(x);
    case SimdFn::Tanh: return Sleef_tanh_u10(x);
    case SimdFn::Erf: return Sleef_erf_u10(x);
    case SimdFn::Erfc: return Sleef_erfc_u15(x);
    case SimdFn::Exp2: return Sleef_exp2_u10(x);
    case SimdFn::Atanh: return Sleef_atanh_u10(x);
    case SimdFn::Lgamma: return Sleef_lgamma_u10(x);
    case SimdFn::Sigmoid: return 1.0 / (1.0 + Sleef_exp_u10(0.0 - x));
  }
  return x;
}

float scalar(SimdFn2 fn, float a, float b) {
  return fn == SimdFn2::Atan2 ? Sleef_atan2f_u10(a, b) : Sleef_powf_u10(a, b);
}
double scalar(SimdFn2 fn, double a, double b) {
  return fn == SimdFn2::Atan2 ? Sleef_atan2_u10(a, b) : Sleef_pow_u10(a, b);
}

}  // namespace

void simd_unary(SimdFn fn, const float* in, float* out, int64_t n) {
  if (have_avx2()) return map_f32(fn, in, out, n);
  for (int64_t i = 0; i < n; ++i) out[i] = scalar(fn, in[i]);
}

void simd_unary(SimdFn fn, const double* in, double* out, int64_t n) {
  if (have_avx2()) return map_f64(fn, in, out, n);
  for (int64_t i = 0; i < n; ++i) out[i] = scalar(fn, in[i]);
}

void simd_binary(SimdFn2 fn, const float* a, const float* b, float* out, int64_t n) {
  if (have_avx2()) return map2_f32(fn, a, b, out, n);
  for (int64_t i = 0; i < n; ++i) out[i] = scalar(fn, a[i], b[i]);
}

void simd_binary(SimdFn2 fn, const double* a, const double* b, double* out, int64_t n) {
  if (have_avx2()) return map2_f64(fn, a, b, out, n);
  for (int64_t i = 0; i < n; ++i) out[i] = scalar(fn, a[i], b[i]);
}

}  // namespace tsh::cpu
