// engine/cpu/mt19937.h — the CPU generator: PyTorch's mt19937 stream, bit for bit.
//
// A standard 32-bit Mersenne Twister (MT19937, init_genrand seeding) plus the
// two things PyTorch keeps beside it: the full 64-bit seed it was given, and
// one cached normal sample per precision (Box–Muller makes two at a time; the
// second waits here for the next call). Its state serialises to PyTorch's
// 5056-byte get_rng_state() layout and back. Kernels draw from it under its
// mutex, one element after another.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/generator.h"

namespace tsh::cpu {

class CpuGenerator final : public Generator {
 public:
  // Sizes of the byte states set_state() accepts: PyTorch's current and legacy layouts.
  static constexpr size_t kStateBytes = 5056;
  static constexpr size_t kLegacyStateBytes = 5048;

  explicit CpuGenerator(uint64_t seed = kDefaultSeed);

  // A fresh engine from the low 32 bits of seed; initial_seed() keeps all 64. Both cached normals are dropped.
  void set_seed(uint64_t seed) override;
  uint64_t seed() override;  // from /dev/urandom (64 bits)
  uint64_t initial_seed() const override { return seed_; }
  // PyTorch's CPUGeneratorImplState bytes (kStateBytes, little-endian); set_state
  // also takes the legacy layout.
  std::vector<uint8_t> state() const override;
  void set_state(const uint8_t* bytes, size_t n) override;

  // One tempered 32-bit output.
  uint32_t random();
  // Two outputs; the first drawn is the high word.
  uint64_t random64();

  // The cached second Box–Muller sample of the double normal sampler (stored
  // without mean/std applied), and the float one (kept only so states round-trip).
  std::optional<double> next_double_normal;
  std::optional<float> next_float_normal;

 private:
  static constexpr int kN = 624;
  void twist();

  uint64_t seed_ = kDefaultSeed;
  int32_t left_ = 1;     // outputs left before the next twist, 1..624
  bool seeded_ = true;
  uint32_t next_ = 0;    // index of the next word to temper, 0..624
  std::array<uint32_t, kN> words_{};
};

// The CPU engine of a generator the op layer matched to a CPU tensor.
inline CpuGenerator& as_cpu(Generator& g) { return static_cast<CpuGenerator&>(g); }

// The factory the CPU backend registers (engine/core/generator.h).
std::shared_ptr<Generator> make_cpu_generator(Device device, uint64_t seed);

}  // namespace tsh::cpu
