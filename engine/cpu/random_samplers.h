// engine/cpu/random_samplers.h — one sample at a time from a Generator, in PyTorch's exact arithmetic.
//
// These are the per-element rules every CPU sampling kernel shares (RNG.md R4,
// R5 path C, R8). Where PyTorch's AVX2 kernels fuse `a*b + c` into one
// rounding, these call std::fma, so results are bit-identical to what an
// x86-64 AVX2/AVX-512 PyTorch gives, on any machine.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "engine/core/generator.h"
#include "engine/cpu/mt19937.h"
#include "engine/core/half.h"

namespace tsh::cpu {

// The type a sample of T is computed in: double for double, float otherwise.
template <typename T>
using sample_acc_t = std::conditional_t<std::is_same_v<T, double>, double, float>;

// Mantissa digits (std::numeric_limits<T>::digits, including the implicit bit).
template <typename T> constexpr int mantissa_digits() {
  if constexpr (std::is_same_v<T, double>) return 53;
  else if constexpr (std::is_same_v<T, float>) return 24;
  else if constexpr (std::is_same_v<T, Half>) return 11;
  else return 8;  // BFloat16
}

// A uniform value in [0, 1) on T's grid: the low `digits` bits of one draw
// (two draws, random64, for double) times 2^-digits.
template <typename T> inline sample_acc_t<T> uniform01(CpuGenerator& g) {
  constexpr int d = mantissa_digits<T>();
  if constexpr (std::is_same_v<T, double>) {
    return static_cast<double>(g.random64() & ((uint64_t{1} << d) - 1)) * (1.0 / (uint64_t{1} << d));
  } else {
    return static_cast<float>(g.random() & ((uint32_t{1} << d) - 1)) * (1.0f / (uint32_t{1} << d));
  }
}

// uniform_(from, to) for one element: u * (to - from) + from, fused, with
// to - from rounded to T first (the bounds are already T values).
template <typename T> inline sample_acc_t<T> uniform_real(CpuGenerator& g, T from, T to) {
  using A = sample_acc_t<T>;
  const A range = static_cast<A>(T(static_cast<A>(to) - static_cast<A>(from)));
  return std::fma(uniform01<T>(g), range, static_cast<A>(from));
}

// A standard normal by double Box–Muller (path C): draws u1 (angle) then u2
// (radius) and caches the sine half in the generator, which persists across
// calls; a cached value is returned first. 2.x's rule: log1p(-u2).
inline double standard_normal(CpuGenerator& g) {
  if (g.next_double_normal) {
    double z = *g.next_double_normal;
    g.next_double_normal.reset();
    return z;
  }
  const double u1 = uniform01<double>(g);
  const double u2 = uniform01<double>(g);
  const double r = std::sqrt(-2.0 * std::log1p(-u2));
  const double theta = 2.0 * M_PI * u1;
  g.next_double_normal = r * std::sin(theta);
  return r * std::cos(theta);
}

// normal(mean, std) for one element: the fused z * std + mean.
inline double normal_sample(CpuGenerator& g, double mean, double std) {
  return std::fma(standard_normal(g), std, mean);
}

}  // namespace tsh::cpu
