// engine/core/half.h — the two 16-bit float storage types, float16 and bfloat16.
//
// Both are plain 16-bit patterns in memory. Arithmetic widens to float, as
// PyTorch's CPU kernels do. float16 conversion uses the compiler's _Float16,
// which rounds correctly (round to nearest even). bfloat16 is the top half of
// a float32, rounded to nearest even; every NaN becomes the quiet NaN 0x7FC0.
#pragma once

#include <cstdint>
#include <cstring>
#if defined(__clang__) && __clang_major__ < 15
#include <immintrin.h>
#endif

namespace tsh {

struct Half {
  uint16_t bits = 0;
  Half() = default;
#if defined(__clang__) && __clang_major__ < 15
  // clang 14 (the libFuzzer build, built with -mf16c) has no x86 _Float16; the
  // F16C instructions convert the same way (round to nearest even).
  Half(float f) : bits(_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT)) {}  // NOLINT: implicit
  operator float() const { return _cvtsh_ss(bits); }
#else
  Half(float f) {  // NOLINT: implicit, like a built-in float type
    _Float16 h = static_cast<_Float16>(f);
    std::memcpy(&bits, &h, 2);
  }
  operator float() const {
    _Float16 h;
    std::memcpy(&h, &bits, 2);
    return static_cast<float>(h);
  }
#endif
  // PyTorch converts a double to half through float (double rounding included).
  Half(double d) : Half(static_cast<float>(d)) {}
};

struct BFloat16 {
  uint16_t bits = 0;
  BFloat16() = default;
  BFloat16(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (f != f) {
      bits = 0x7FC0;
    } else {
      uint32_t rounding_bias = 0x7FFF + ((u >> 16) & 1);
      bits = static_cast<uint16_t>((u + rounding_bias) >> 16);
    }
  }
  BFloat16(double d) : BFloat16(static_cast<float>(d)) {}
  operator float() const {
    uint32_t u = static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
};

}  // namespace tsh
