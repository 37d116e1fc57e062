// engine/core/generator.h — the CPU random generator: PyTorch's mt19937 stream, bit for bit.
//
// A Generator is a standard 32-bit Mersenne Twister (MT19937, init_genrand
// seeding) plus the two things PyTorch keeps beside it: the full 64-bit seed
// it was given, and one cached normal sample per precision (Box–Muller makes
// two at a time; the second waits here for the next call). Its state
// serialises to PyTorch's 5056-byte get_rng_state() layout and back.
// Kernels draw from it under its mutex, one element after another.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace tsh {

class Generator {
 public:
  // torch.Generator() starts from this seed (PyTorch's default_rng_seed_val).
  static constexpr uint64_t kDefaultSeed = 67280421310721ULL;
  // Sizes of the byte states set_state() accepts: PyTorch's current and legacy layouts.
  static constexpr size_t kStateBytes = 5056;
  static constexpr size_t kLegacyStateBytes = 5048;

  explicit Generator(uint64_t seed = kDefaultSeed);

  // manual_seed: a fresh engine from the low 32 bits of seed; initial_seed() keeps all 64.
  // Both cached normals are dropped.
  void set_seed(uint64_t seed);
  // Reseeds from /dev/urandom (64 bits) and returns the new seed.
  uint64_t seed();
  uint64_t initial_seed() const { return seed_; }

  // One tempered 32-bit output.
  uint32_t random();
  // Two outputs; the first drawn is the high word.
  uint64_t random64();

  // The cached second Box–Muller sample of the double normal sampler (stored
  // without mean/std applied), and the float one (kept only so states round-trip).
  std::optional<double> next_double_normal;
  std::optional<float> next_float_normal;

  // PyTorch's CPUGeneratorImplState bytes (kStateBytes, little-endian).
  std::vector<uint8_t> state() const;
  // Accepts the current or the legacy layout; throws RuntimeError with
  // PyTorch's messages for a wrong size or an invalid engine state, leaving
  // this generator unchanged.
  void set_state(const uint8_t* bytes, size_t n);

  // Held by kernels while they draw, so concurrent users see whole calls.
  std::mutex& mutex() { return mutex_; }

 private:
  static constexpr int kN = 624;
  void twist();

  uint64_t seed_ = kDefaultSeed;
  int32_t left_ = 1;     // outputs left before the next twist, 1..624
  bool seeded_ = true;
  uint32_t next_ = 0;    // index of the next word to temper, 0..624
  std::array<uint32_t, kN> words_{};
  std::mutex mutex_;
};

// The default CPU generator, seeded nondeterministically at first use (as
// PyTorch's is at process start). torch.manual_seed reseeds it.
Generator& default_generator();
std::shared_ptr<Generator> default_generator_ptr();

// 64 nondeterministic bits (/dev/urandom; the clock if that fails).
uint64_t nondeterministic_seed();

}  // namespace tsh
