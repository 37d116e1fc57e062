// shell/numpy/bitgen.cpp — NumPy's bit streams (legacy MT19937, SeedSequence + PCG64) and
// its bounded-integer, shuffle and ziggurat samplers. See bitgen.h.
#include "shell/numpy/bitgen.h"

#include <cmath>

#include "engine/core/mersenne_twister.h"
#include "shell/numpy/ziggurat.h"

namespace tsh::shell::numpy_random {

void Mt19937::seed_int(uint32_t seed) {
  mt19937::init_genrand(key, seed);
  pos = kN;
}

// Matsumoto and Nishimura's init_by_array: the seed words mixed into an init_genrand(19650218) state.
void Mt19937::seed_array(const std::vector<uint32_t>& init) {
  seed_int(19650218u);
  const int len = static_cast<int>(init.size());
  int i = 1, j = 0;
  for (int k = kN > len ? kN : len; k; --k) {
    key[i] = (key[i] ^ ((key[i - 1] ^ (key[i - 1] >> 30)) * 1664525u)) + init[j] + static_cast<uint32_t>(j);
    ++i;
    ++j;
    if (i >= kN) {
      key[0] = key[kN - 1];
      i = 1;
    }
    if (j >= len) j = 0;
  }
  for (int k = kN - 1; k; --k) {
    key[i] = (key[i] ^ ((key[i - 1] ^ (key[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
    ++i;
    if (i >= kN) {
      key[0] = key[kN - 1];
      i = 1;
    }
  }
  key[0] = 0x80000000u;  // a non-zero state whatever the seed
  pos = kN;
}

uint32_t Mt19937::next_uint32() {
  if (pos == kN) {
    mt19937::twist(key);
    pos = 0;
  }
  return mt19937::temper(key[pos++]);
}

double Mt19937::next_double() {
  const uint32_t a = next_uint32() >> 5, b = next_uint32() >> 6;
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

double RandomStateGen::gauss() {
  if (has_gauss) {
    has_gauss = false;
    const double g = cached_gauss;
    cached_gauss = 0;
    return g;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * next_double() - 1.0;
    x2 = 2.0 * next_double() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  const double f = std::sqrt(-2.0 * std::log(r2) / r2);
  cached_gauss = f * x1;
  has_gauss = true;
  return f * x2;
}

// SeedSequence's hash mixing (its constants are part of the stream's definition).
std::vector<uint32_t> seed_sequence_state(const std::vector<uint32_t>& entropy, int n_words) {
  constexpr uint32_t kInitA = 0x43b0d7e5, kMultA = 0x931e8875, kInitB = 0x8b51f9dd, kMultB = 0x58f38ded;
  constexpr uint32_t kMixL = 0xca01f9dd, kMixR = 0x4973f715;
  constexpr int kPool = 4;
  uint32_t hash_const = kInitA;
  auto hashmix = [&hash_const](uint32_t v) {
    v ^= hash_const;
    hash_const *= kMultA;
    v *= hash_const;
    v ^= v >> 16;
    return v;
  };
  auto mix = [](uint32_t x, uint32_t y) {
    uint32_t r = kMixL * x - kMixR * y;
    r ^= r >> 16;
    return r;
  };
  uint32_t pool[kPool];
  for (int i = 0; i < kPool; ++i) pool[i] = hashmix(i < static_cast<int>(entropy.size()) ? entropy[i] : 0);
  for (int src = 0; src < kPool; ++src)
    for (int dst = 0; dst < kPool; ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
  for (size_t src = kPool; src < entropy.size(); ++src)
    for (int dst = 0; dst < kPool; ++dst) pool[dst] = mix(pool[dst], hashmix(entropy[src]));
  std::vector<uint32_t> state(n_words);
  uint32_t h = kInitB;
  for (int i = 0; i < n_words; ++i) {
    uint32_t v = pool[i % kPool];
    v ^= h;
    h *= kMultB;
    v *= h;
    v ^= v >> 16;
    state[i] = v;
  }
  return state;
}

namespace {
constexpr unsigned __int128 kPcgMultiplier =
    (static_cast<unsigned __int128>(0x2360ed051fc65da4ULL) << 64) | 0x4385df649fccf645ULL;
}

Pcg64::Pcg64(const std::vector<uint32_t>& entropy) {
  const std::vector<uint32_t> w = seed_sequence_state(entropy, 8);
  auto word64 = [&w](int k) { return (static_cast<uint64_t>(w[2 * k + 1]) << 32) | w[2 * k]; };
  const unsigned __int128 initstate = (static_cast<unsigned __int128>(word64(0)) << 64) | word64(1);
  const unsigned __int128 initseq = (static_cast<unsigned __int128>(word64(2)) << 64) | word64(3);
  state_ = 0;
  inc_ = (initseq << 1) | 1;
  step();
  state_ += initstate;
  step();
}

void Pcg64::step() { state_ = state_ * kPcgMultiplier + inc_; }

uint64_t Pcg64::next_uint64() {
  step();
  const uint64_t hi = static_cast<uint64_t>(state_ >> 64), lo = static_cast<uint64_t>(state_);
  const unsigned rot = static_cast<unsigned>(state_ >> 122);
  const uint64_t x = hi ^ lo;
  return (x >> rot) | (x << ((64 - rot) & 63));
}

uint32_t Pcg64::next_uint32() {
  if (has_uint32_) {
    has_uint32_ = false;
    return uint32_;
  }
  const uint64_t v = next_uint64();
  has_uint32_ = true;
  uint32_ = static_cast<uint32_t>(v >> 32);
  return static_cast<uint32_t>(v);
}

namespace {

uint64_t mask_for(uint64_t max) {
  uint64_t m = max;
  for (int s : {1, 2, 4, 8, 16, 32}) m |= m >> s;
  return m;
}

// The 32-bit word narrow draws share: 16-bit draws take two from it, 8-bit four, bools 32.
struct Buffer {
  int count = 0;
  uint32_t word = 0;
  uint32_t take(BitGen& g, int bits) {
    if (count == 0) {
      word = g.next_uint32();
      count = 32 / bits - 1;
    } else {
      word >>= bits;
      --count;
    }
    return bits == 32 ? word : word & ((1u << bits) - 1);
  }
};

uint64_t lemire32(BitGen& g, uint32_t rng) {
  const uint64_t excl = static_cast<uint64_t>(rng) + 1;
  uint64_t m = static_cast<uint64_t>(g.next_uint32()) * excl;
  uint32_t left = static_cast<uint32_t>(m);
  if (left < excl) {
    const uint32_t threshold = static_cast<uint32_t>((UINT32_MAX - rng) % excl);
    while (left < threshold) {
      m = static_cast<uint64_t>(g.next_uint32()) * excl;
      left = static_cast<uint32_t>(m);
    }
  }
  return m >> 32;
}

uint64_t lemire64(BitGen& g, uint64_t rng) {
  const uint64_t excl = rng + 1;
  unsigned __int128 m = static_cast<unsigned __int128>(g.next_uint64()) * excl;
  uint64_t left = static_cast<uint64_t>(m);
  if (left < excl) {
    const uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (left < threshold) {
      m = static_cast<unsigned __int128>(g.next_uint64()) * excl;
      left = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

// A narrow (8- or 16-bit) draw in [0, rng] from the shared buffer.
uint64_t narrow(BitGen& g, Buffer& buf, uint32_t rng, int bits, bool masked) {
  const uint32_t full = (1u << bits) - 1;
  if (rng == full) return buf.take(g, bits);
  if (masked) {
    const uint32_t mask = static_cast<uint32_t>(mask_for(rng));
    uint32_t v;
    while ((v = buf.take(g, bits) & mask) > rng) {
    }
    return v;
  }
  const uint32_t excl = rng + 1;
  uint32_t m = buf.take(g, bits) * excl;
  uint32_t left = m & full;
  if (left < excl) {
    const uint32_t threshold = (full - rng) % excl;
    while (left < threshold) {
      m = buf.take(g, bits) * excl;
      left = m & full;
    }
  }
  return m >> bits;
}

}  // namespace

uint64_t random_interval(BitGen& g, uint64_t max) {
  if (max == 0) return 0;
  const uint64_t mask = mask_for(max);
  uint64_t v;
  if (max <= 0xffffffffULL) {
    while ((v = g.next_uint32() & mask) > max) {
    }
  } else {
    while ((v = g.next_uint64() & mask) > max) {
    }
  }
  return v;
}

uint64_t bounded_uint64(BitGen& g, uint64_t off, uint64_t rng, bool masked) {
  if (rng == 0) return off;
  if (rng <= 0xffffffffULL) {
    if (rng == 0xffffffffULL) return off + g.next_uint32();
    if (masked) {
      const uint64_t mask = mask_for(rng);
      uint64_t v;
      while ((v = g.next_uint32() & mask) > rng) {
      }
      return off + v;
    }
    return off + lemire32(g, static_cast<uint32_t>(rng));
  }
  if (rng == UINT64_MAX) return off + g.next_uint64();
  if (masked) {
    const uint64_t mask = mask_for(rng);
    uint64_t v;
    while ((v = g.next_uint64() & mask) > rng) {
    }
    return off + v;
  }
  return off + lemire64(g, rng);
}

std::vector<uint64_t> bounded_fill(BitGen& g, uint64_t off, uint64_t rng, int bits, bool masked, size_t n) {
  std::vector<uint64_t> out(n, off);
  if (rng == 0) return out;
  Buffer buf;
  for (size_t i = 0; i < n; ++i) {
    if (bits == 1) out[i] = off + buf.take(g, 1);  // a bool is one bit, whatever the method
    else if (bits <= 16) out[i] = off + narrow(g, buf, static_cast<uint32_t>(rng), bits, masked);
    else out[i] = bounded_uint64(g, off, rng, masked);
  }
  return out;
}

double ziggurat_normal(BitGen& g) {
  for (;;) {
    uint64_t r = g.next_uint64();
    const int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    const bool negative = r & 1;
    const uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
    double x = static_cast<double>(rabs) * kZigguratW[idx];
    if (negative) x = -x;
    if (rabs < kZigguratK[idx]) return x;  // inside the layer's rectangle: most draws end here
    if (idx == 0) {                        // the tail beyond r, by Marsaglia's exponential method
      for (;;) {
        const double xx = -kZigguratInvR * std::log1p(-g.next_double());
        const double yy = -std::log1p(-g.next_double());
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(kZigguratR + xx) : kZigguratR + xx;
      }
    }
    if ((kZigguratF[idx - 1] - kZigguratF[idx]) * g.next_double() + kZigguratF[idx] < std::exp(-0.5 * x * x)) return x;
  }
}

}  // namespace tsh::shell::numpy_random
