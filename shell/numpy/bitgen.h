// shell/numpy/bitgen.h — NumPy's random bit streams and the integer and normal
// samplers built on them, bit for bit: the legacy MT19937 of RandomState and the PCG64 of
// default_rng(seed), seeded through NumPy's SeedSequence.
//
// The samplers follow NumPy's rules exactly: bounded integers by masked rejection (RandomState)
// or Lemire's multiply-shift (Generator), narrow dtypes drawn from a 32-bit word kept between
// draws of one call, shuffles by random_interval, and Generator's normal by the ziggurat.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>


namespace tsh::shell::numpy_random {

class BitGen {
 public:
  virtual ~BitGen() = default;
  virtual uint32_t next_uint32() = 0;
  virtual uint64_t next_uint64() = 0;
  virtual double next_double() = 0;
};

// NumPy's MT19937: 624 words and the index of the next one to temper (624: twist first). A
// 64-bit draw is two 32-bit ones, high word first; a double takes 27 + 26 bits.
class Mt19937 final : public BitGen {
 public:
  static constexpr int kN = 624;
  explicit Mt19937(uint32_t seed) { seed_int(seed); }
  void seed_int(uint32_t seed);                      // init_genrand: np.random.seed(int)
  void seed_array(const std::vector<uint32_t>& key);  // init_by_array: np.random.seed([..])
  uint32_t next_uint32() override;
  uint64_t next_uint64() override {
    const uint64_t hi = next_uint32();
    return (hi << 32) | next_uint32();
  }
  double next_double() override;
  std::array<uint32_t, kN> key{};
  int pos = kN;  // 0..624
};

// RandomState's stream: its bit generator (an Mt19937 unless set_bit_generator put another in)
// and the second gauss of the last polar pair, kept for the next normal draw.
class RandomStateGen final : public BitGen {
 public:
  explicit RandomStateGen(std::shared_ptr<BitGen> bg) : bg(std::move(bg)) {}
  uint32_t next_uint32() override { return bg->next_uint32(); }
  uint64_t next_uint64() override { return bg->next_uint64(); }
  double next_double() override { return bg->next_double(); }
  // The polar Box–Muller pair, the second kept for the next call (RandomState's legacy_gauss).
  double gauss();
  std::shared_ptr<BitGen> bg;
  bool has_gauss = false;
  double cached_gauss = 0;
};

// PCG64 (XSL-RR, 128-bit LCG). A 32-bit draw is half of a 64-bit one, the low half first, the
// high half kept for the next 32-bit draw.
class Pcg64 final : public BitGen {
 public:
  // default_rng(seed): the state and increment from SeedSequence(seed) (entropy: seed's 32-bit words).
  explicit Pcg64(const std::vector<uint32_t>& entropy);
  uint32_t next_uint32() override;
  uint64_t next_uint64() override;
  double next_double() override { return static_cast<double>(next_uint64() >> 11) * (1.0 / 9007199254740992.0); }
  // PCG64.state: the LCG state and increment, and the high half a 32-bit draw left behind.
  unsigned __int128 state_ = 0, inc_ = 0;
  bool has_uint32_ = false;
  uint32_t uint32_ = 0;

 private:
  void step();
};

// SeedSequence(entropy).generate_state(n_words) as 32-bit words (pool of 4).
std::vector<uint32_t> seed_sequence_state(const std::vector<uint32_t>& entropy, int n_words);

// A uniform integer in [0, max] by masked rejection (shuffles use it everywhere).
uint64_t random_interval(BitGen& g, uint64_t max);
// One integer in [off, off + rng] (random_bounded_uint64): masked (RandomState) or Lemire (Generator).
uint64_t bounded_uint64(BitGen& g, uint64_t off, uint64_t rng, bool masked);

// n integers in [off, off + rng] as a fill of an array of the given width (64, 32, 16, 8 bits, or 1
// for bool), returned as unsigned offsets-added values; narrow widths share one 32-bit buffer per fill.
std::vector<uint64_t> bounded_fill(BitGen& g, uint64_t off, uint64_t rng, int bits, bool masked, size_t n);

// Generator.standard_normal: NumPy's 256-layer ziggurat on 64-bit draws.
double ziggurat_normal(BitGen& g);

}  // namespace tsh::shell::numpy_random
