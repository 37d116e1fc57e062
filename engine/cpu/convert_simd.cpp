// engine/cpu/convert_simd.cpp — see convert_simd.h. Only the functions marked
// TSH_F16C use the instructions; the choice is made once at run time.
#include "engine/cpu/convert_simd.h"

#include <cpuid.h>
#include <immintrin.h>

#include <cstring>

namespace tsh::cpu {

namespace {

#define TSH_F16C __attribute__((target("avx,f16c")))

// F16C is CPUID leaf 1, ECX bit 29 (read directly: clang 14 has no "f16c" for
// __builtin_cpu_supports); its YMM registers need AVX's OS support, which "avx" checks.
bool has_f16c() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool yes = [] {
    __builtin_cpu_init();
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __builtin_cpu_supports("avx") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 29)) != 0;
  }();
  return yes;
#else
  return false;
#endif
}

TSH_F16C void to_halfs_f16c(const float* in, Half* out, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(in + i), _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), h);
  }
  for (; i < n; ++i) out[i] = Half(in[i]);
}

TSH_F16C void to_floats_f16c(const Half* in, float* out, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(out + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i))));
  for (; i < n; ++i) out[i] = static_cast<float>(in[i]);
}

#undef TSH_F16C

}  // namespace

void floats_to_halfs(const float* in, Half* out, int64_t n) {
  if (has_f16c()) return to_halfs_f16c(in, out, n);
  for (int64_t i = 0; i < n; ++i) out[i] = Half(in[i]);
}

void halfs_to_floats(const Half* in, float* out, int64_t n) {
  if (has_f16c()) return to_floats_f16c(in, out, n);
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>(in[i]);
}

}  // namespace tsh::cpu
