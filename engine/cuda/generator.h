// engine/cuda/generator.h — a CUDA device's generator: a seed and a Philox offset, as PyTorch's.
#pragma once

#include <memory>

#include "engine/core/generator.h"

namespace tsh::cuda {

class PhiloxGenerator final : public Generator {
 public:
  PhiloxGenerator(Device device, uint64_t seed) : Generator(device), seed_(seed) {}
  void set_seed(uint64_t seed) override {
    seed_ = seed;
    offset_ = 0;
  }
  uint64_t seed() override {
    set_seed(nondeterministic_seed());
    return seed_;
  }
  uint64_t initial_seed() const override { return seed_; }
  // PyTorch's CUDA state: the seed and the offset, 8 bytes each, little-endian.
  std::vector<uint8_t> state() const override;
  void set_state(const uint8_t* bytes, size_t n) override;

  uint64_t seed_value() const { return seed_; }
  // The offset a fill draws at; the next fill draws at the following one.
  uint64_t take_offset() { return offset_++; }

 private:
  uint64_t seed_;
  uint64_t offset_ = 0;
};

std::shared_ptr<Generator> make_generator(Device device, uint64_t seed);

}  // namespace tsh::cuda
