// engine/cuda/philox.h — Philox4x32-10, the counter-based generator of PyTorch's CUDA random ops.
//
// A pure function of a 64-bit key (the seed) and a 128-bit counter: every
// element of a random fill computes its own numbers from (seed, its index,
// the generator's offset), with no state shared between threads, so the
// values do not depend on how the work is split. Host and device code.
#pragma once

#include <cstdint>

#include "engine/kernels/scalar_math.h"  // TSH_HOST_DEVICE

namespace tsh::cuda {

struct Philox4 {
  uint32_t v[4];
};

TSH_HOST_DEVICE inline void philox_mulhilo(uint32_t a, uint32_t b, uint32_t& hi, uint32_t& lo) {
  const uint64_t p = static_cast<uint64_t>(a) * b;
  hi = static_cast<uint32_t>(p >> 32);
  lo = static_cast<uint32_t>(p);
}

// Ten rounds of Philox4x32 (Salmon et al., SC'11) on counter c with key k.
TSH_HOST_DEVICE inline Philox4 philox4x32_10(Philox4 c, uint32_t k0, uint32_t k1) {
  constexpr uint32_t kMul0 = 0xD2511F53u, kMul1 = 0xCD9E8D57u;
  constexpr uint32_t kWeyl0 = 0x9E3779B9u, kWeyl1 = 0xBB67AE85u;
  for (int round = 0; round < 10; ++round) {
    uint32_t hi0, lo0, hi1, lo1;
    philox_mulhilo(kMul0, c.v[0], hi0, lo0);
    philox_mulhilo(kMul1, c.v[2], hi1, lo1);
    c = Philox4{{hi1 ^ c.v[1] ^ k0, lo1, hi0 ^ c.v[3] ^ k1, lo0}};
    k0 += kWeyl0;
    k1 += kWeyl1;
  }
  return c;
}

// The four 32-bit numbers of element `index` in the draw at `offset` of generator `seed`.
TSH_HOST_DEVICE inline Philox4 philox_draw(uint64_t seed, uint64_t index, uint64_t offset) {
  const Philox4 counter{{static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32),
                         static_cast<uint32_t>(offset), static_cast<uint32_t>(offset >> 32)}};
  return philox4x32_10(counter, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32));
}

}  // namespace tsh::cuda
