// engine/cuda/portable.h — element types and strided indexing the CUDA kernels share with their host build.
//
// The kernels in engine/cuda/*.cu are written against this header and
// launch.h only, so that the same source compiles twice: by nvcc for the
// GPU, and by the host compiler with TSH_CUDA_ON_HOST, where launch.h runs
// each "grid" as a plain loop. The host build is what tests the kernels'
// logic on machines without a GPU (tsh_parity --cuda-on-host).
//
// On the device, float16 and bfloat16 are 16-bit patterns converted with
// round-to-nearest-even here (the host's Half and BFloat16 use x86
// instructions nvcc cannot compile); complex numbers are a plain pair.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/core/dtype.h"
#include "engine/kernels/scalar_math.h"  // TSH_HOST_DEVICE and the per-element formulas

#ifdef TSH_CUDA_ON_HOST
#define TSH_KERNELS_NS kernels_on_host
#else
#define TSH_KERNELS_NS kernels_on_device
#endif

namespace tsh::cuda::TSH_KERNELS_NS {

template <typename To, typename From> TSH_HOST_DEVICE inline To bits_as(From f) {
  To t;
  memcpy(&t, &f, sizeof t);
  return t;
}

TSH_HOST_DEVICE inline float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  if (exp == 0x1f) return bits_as<float>(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    const float v = static_cast<float>(mant) * 5.9604644775390625e-8f;  // mant · 2^-24, exact
    return sign ? -v : v;
  }
  return bits_as<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

// Round to nearest even, as the x86 F16C instructions the host uses: NaNs stay quiet NaNs.
TSH_HOST_DEVICE inline uint16_t float_to_half(float f) {
  const uint32_t x = bits_as<uint32_t>(f);
  const uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t mant = x & 0x7fffffu;
  const int32_t exp = static_cast<int32_t>((x >> 23) & 0xffu);
  if (exp == 0xff) return static_cast<uint16_t>(sign | 0x7c00u | (mant ? 0x200u | (mant >> 13) : 0u));
  const int32_t e = exp - 112;  // the half's biased exponent
  if (e >= 0x1f) return static_cast<uint16_t>(sign | 0x7c00u);
  if (e <= 0) {  // a subnormal half, or zero
    if (e < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000u;
    const int shift = 14 - e;
    uint32_t m = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (m & 1u))) ++m;
    return static_cast<uint16_t>(sign | m);
  }
  uint32_t h = sign | (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  const uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // a carry into the exponent is right, up to inf
  return static_cast<uint16_t>(h);
}

TSH_HOST_DEVICE inline float bf16_to_float(uint16_t b) { return bits_as<float>(static_cast<uint32_t>(b) << 16); }
TSH_HOST_DEVICE inline uint16_t float_to_bf16(float f) {
  if (f != f) return 0x7fc0;
  const uint32_t u = bits_as<uint32_t>(f);
  return static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

// The 16-bit floats as stored; arithmetic goes through float.
struct f16 {
  uint16_t bits;
  TSH_HOST_DEVICE f16() : bits(0) {}
  TSH_HOST_DEVICE f16(float f) : bits(float_to_half(f)) {}
  TSH_HOST_DEVICE operator float() const { return half_to_float(bits); }
};
struct bf16 {
  uint16_t bits;
  TSH_HOST_DEVICE bf16() : bits(0) {}
  TSH_HOST_DEVICE bf16(float f) : bits(float_to_bf16(f)) {}
  TSH_HOST_DEVICE operator float() const { return bf16_to_float(bits); }
};

template <typename R> struct cplx {
  R re, im;
  TSH_HOST_DEVICE cplx() : re(0), im(0) {}
  TSH_HOST_DEVICE cplx(R r, R i = R(0)) : re(r), im(i) {}
};
template <typename R> TSH_HOST_DEVICE cplx<R> operator+(cplx<R> a, cplx<R> b) { return {a.re + b.re, a.im + b.im}; }
template <typename R> TSH_HOST_DEVICE cplx<R> operator-(cplx<R> a, cplx<R> b) { return {a.re - b.re, a.im - b.im}; }
template <typename R> TSH_HOST_DEVICE cplx<R> operator-(cplx<R> a) { return {-a.re, -a.im}; }
template <typename R> TSH_HOST_DEVICE cplx<R> operator*(cplx<R> a, cplx<R> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
// Smith's algorithm: no overflow for large denominators.
template <typename R> TSH_HOST_DEVICE cplx<R> operator/(cplx<R> a, cplx<R> b) {
  if (fabs(b.re) >= fabs(b.im)) {
    const R r = b.im / b.re, d = b.re + b.im * r;
    return {(a.re + a.im * r) / d, (a.im - a.re * r) / d};
  }
  const R r = b.re / b.im, d = b.im + b.re * r;
  return {(a.re * r + a.im) / d, (a.im * r - a.re) / d};
}
template <typename R> TSH_HOST_DEVICE bool operator==(cplx<R> a, cplx<R> b) { return a.re == b.re && a.im == b.im; }
template <typename R> TSH_HOST_DEVICE bool operator!=(cplx<R> a, cplx<R> b) { return !(a == b); }

// The device type of each dtype, laid out as the host's.
template <DType D> struct DevTypeOf { using type = CType<D>; };
template <> struct DevTypeOf<DType::Float16> { using type = f16; };
template <> struct DevTypeOf<DType::BFloat16> { using type = bf16; };
template <> struct DevTypeOf<DType::Complex64> { using type = cplx<float>; };
template <> struct DevTypeOf<DType::Complex128> { using type = cplx<double>; };
template <DType D> using DevType = typename DevTypeOf<D>::type;

template <typename T> constexpr bool is_cplx_v = false;
template <typename R> constexpr bool is_cplx_v<cplx<R>> = true;
template <typename T> constexpr bool is_half_v = std::is_same_v<T, f16> || std::is_same_v<T, bf16>;

// The type arithmetic runs in: float for the 16-bit floats, the type itself otherwise.
template <typename T> struct OpMath { using type = T; };
template <> struct OpMath<f16> { using type = float; };
template <> struct OpMath<bf16> { using type = float; };
template <typename T> using opmath_t = typename OpMath<T>::type;

// Conversion between any two element types, as PyTorch's casts: complex to real keeps the real part,
// anything to bool is "!= 0", the 16-bit floats go through float.
template <typename To, typename From> TSH_HOST_DEVICE inline To cast(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (is_cplx_v<From>) {
    if constexpr (is_cplx_v<To>) {
      using R = decltype(To{}.re);
      return To(static_cast<R>(v.re), static_cast<R>(v.im));
    } else if constexpr (std::is_same_v<To, bool>) {
      return v.re != 0 || v.im != 0;
    } else {
      return cast<To>(v.re);
    }
  } else if constexpr (is_half_v<From>) {
    return cast<To>(static_cast<float>(v));
  } else if constexpr (is_cplx_v<To>) {
    using R = decltype(To{}.re);
    return To(cast<R>(v), R(0));
  } else if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (is_half_v<To>) {
    return To(static_cast<float>(v));
  } else {
    return static_cast<To>(v);
  }
}

// Strided addressing of up to kMaxDims dims for N operands (element strides), by value in kernel arguments.
constexpr int kMaxDims = 25;

template <int N> struct Indexer {
  int ndim = 0;
  int64_t sizes[kMaxDims];
  int64_t strides[N][kMaxDims];

  // The N element offsets of the linear index i (row-major over sizes).
  TSH_HOST_DEVICE void offsets(int64_t i, int64_t (&off)[N]) const {
    if (ndim == 1) {  // contiguous operands merge into one dim: no division
      for (int k = 0; k < N; ++k) off[k] = i * strides[k][0];
      return;
    }
    for (int k = 0; k < N; ++k) off[k] = 0;
    for (int d = ndim - 1; d >= 0; --d) {
      const int64_t s = sizes[d];
      const int64_t idx = i % s;
      i /= s;
      for (int k = 0; k < N; ++k) off[k] += idx * strides[k][d];
    }
  }
};

}  // namespace tsh::cuda::TSH_KERNELS_NS
