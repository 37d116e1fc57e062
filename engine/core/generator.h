// engine/core/generator.h — a random generator of one device, as torch.Generator is.
//
// Each backend brings its own engine (the CPU's is PyTorch's MT19937,
// engine/cpu/mt19937.h; a CUDA one would be Philox) and registers a factory
// for its device type. Ops draw through the generator of the tensor's device:
// the one given with generator=, else that device's default generator. Kernels
// get a Generator& and take their own backend's engine out of it.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/core/device.h"

namespace tsh {

class Generator {
 public:
  // torch.Generator() starts from this seed (PyTorch's default_rng_seed_val), on every device.
  static constexpr uint64_t kDefaultSeed = 67280421310721ULL;

  explicit Generator(Device device) : device_(device) {}
  virtual ~Generator() = default;
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  Device device() const { return device_; }

  // manual_seed: restarts the stream from seed; initial_seed() gives it back.
  virtual void set_seed(uint64_t seed) = 0;
  // Reseeds nondeterministically and returns the new seed.
  virtual uint64_t seed() = 0;
  virtual uint64_t initial_seed() const = 0;
  // get_state()/set_state(): the bytes PyTorch's generator of this device uses.
  // set_state throws RuntimeError with PyTorch's messages, leaving the generator unchanged.
  virtual std::vector<uint8_t> state() const = 0;
  virtual void set_state(const uint8_t* bytes, size_t n) = 0;

  // Held by kernels while they draw, so concurrent users see whole calls.
  std::mutex& mutex() { return mutex_; }

 private:
  Device device_;
  std::mutex mutex_;
};

using GeneratorFactory = std::shared_ptr<Generator> (*)(Device device, uint64_t seed);
// Called by a backend when it starts.
void register_generator(DeviceType type, GeneratorFactory factory);

// torch.Generator(device=...): a new generator seeded with kDefaultSeed. Throws
// RuntimeError with PyTorch's message for a device type without generators.
std::shared_ptr<Generator> make_generator(Device device);

// The default generator of a device, made at first use: the CPU's seeded
// nondeterministically (as PyTorch's is at process start), a GPU's with
// kDefaultSeed (as PyTorch's CUDA generators). torch.manual_seed reseeds them.
Generator& default_generator(Device device = {});
std::shared_ptr<Generator> default_generator_ptr(Device device = {});

// `generator`, or the default one of `device`; PyTorch's error when the given
// generator belongs to another device type.
Generator& generator_for(Generator* generator, Device device);

// 64 nondeterministic bits (/dev/urandom; the clock if that fails).
uint64_t nondeterministic_seed();

}  // namespace tsh
