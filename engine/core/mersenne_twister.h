// engine/core/mersenne_twister.h — the MT19937 algorithm itself (Matsumoto and Nishimura):
// init_genrand seeding, the twist and the tempering. Its two users keep their own state
// around it: PyTorch's CPU generator (engine/cpu/mt19937.cpp: 64-bit seeds, cached normals,
// PyTorch's state bytes) and NumPy's legacy RandomState (shell/numpy/bitgen.cpp:
// init_by_array, NumPy's state tuple).
#pragma once

#include <array>
#include <cstdint>

namespace tsh::mt19937 {

constexpr int kN = 624;
using Words = std::array<uint32_t, kN>;

// init_genrand(seed): every word from the one before it.
inline void init_genrand(Words& w, uint32_t seed) {
  w[0] = seed;
  for (int j = 1; j < kN; ++j) w[j] = 1812433253u * (w[j - 1] ^ (w[j - 1] >> 30)) + static_cast<uint32_t>(j);
}

// The next 624 words from the last 624.
inline void twist(Words& w) {
  constexpr int kM = 397;
  constexpr uint32_t kMatrixA = 0x9908b0dfu, kUpper = 0x80000000u, kLower = 0x7fffffffu;
  auto mix = [](uint32_t u, uint32_t v) {
    const uint32_t y = (u & kUpper) | (v & kLower);
    return (y >> 1) ^ ((v & 1u) ? kMatrixA : 0u);
  };
  int k = 0;
  for (; k < kN - kM; ++k) w[k] = w[k + kM] ^ mix(w[k], w[k + 1]);
  for (; k < kN - 1; ++k) w[k] = w[k + kM - kN] ^ mix(w[k], w[k + 1]);
  w[kN - 1] = w[kM - 1] ^ mix(w[kN - 1], w[0]);
}

// One output from one word.
inline uint32_t temper(uint32_t y) {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

}  // namespace tsh::mt19937
