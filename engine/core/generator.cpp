// engine/core/generator.cpp — generator factories per device type, and the default generators.
#include "engine/core/generator.h"

#include <chrono>
#include <fstream>
#include <string>

#include "engine/core/error.h"

namespace tsh {

namespace {

GeneratorFactory g_factories[kDeviceTypes] = {};

GeneratorFactory factory_for(Device device) {
  start_backends();
  GeneratorFactory f = g_factories[static_cast<size_t>(device.type)];
  if (!f) {
    if (device.is_meta()) throw RuntimeError("META device type not an accelerator.");
    throw RuntimeError("Device type " + std::string(backend_name(device.type)) +
                       " is not supported for torch.Generator() api.");
  }
  return f;
}

}  // namespace

void register_generator(DeviceType type, GeneratorFactory factory) {
  g_factories[static_cast<size_t>(type)] = factory;
}

std::shared_ptr<Generator> make_generator(Device device) {
  return factory_for(device)(device, Generator::kDefaultSeed);
}

std::shared_ptr<Generator> default_generator_ptr(Device device) {
  // One per device type (CUDA devices would each want their own: an index table then).
  static std::shared_ptr<Generator> defaults[kDeviceTypes];
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<Generator>& g = defaults[static_cast<size_t>(device.type)];
  // PyTorch seeds the CPU's default generator nondeterministically and a GPU's with
  // its default_rng_seed_val, so torch.cuda.initial_seed() is 67280421310721 until seeded.
  if (!g) g = factory_for(device)(device, device.is_cpu() ? nondeterministic_seed() : Generator::kDefaultSeed);
  return g;
}

Generator& default_generator(Device device) { return *default_generator_ptr(device); }

Generator& generator_for(Generator* generator, Device device) {
  // Meta kernels draw nothing: any generator will do, and none is made.
  if (device.is_meta()) return generator ? *generator : default_generator();
  if (!generator) return default_generator(device);
  TSH_CHECK(generator->device().type == device.type, RuntimeError,
            "Expected a '" + Device{device.type}.str() +
                "' device type for generator but found '" + Device{generator->device().type}.str() + "'");
  return *generator;
}

uint64_t nondeterministic_seed() {
  uint64_t s = 0;
  std::ifstream urandom("/dev/urandom", std::ios::binary);
  if (urandom.read(reinterpret_cast<char*>(&s), sizeof(s))) return s;
  return static_cast<uint64_t>(std::chrono::high_resolution_clock::now().time_since_epoch().count());
}

}  // namespace tsh
