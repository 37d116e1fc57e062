// engine/cuda/generator.cpp — the Philox generator's state bytes.
#include "engine/cuda/generator.h"

#include <cstring>

#include "engine/core/error.h"

namespace tsh::cuda {

std::vector<uint8_t> PhiloxGenerator::state() const {
  std::vector<uint8_t> bytes(16);
  std::memcpy(bytes.data(), &seed_, 8);
  std::memcpy(bytes.data() + 8, &offset_, 8);
  return bytes;
}

void PhiloxGenerator::set_state(const uint8_t* bytes, size_t n) {
  TSH_CHECK(n == 16, RuntimeError, "RNG state is wrong size");
  std::memcpy(&seed_, bytes, 8);
  std::memcpy(&offset_, bytes + 8, 8);
}

std::shared_ptr<Generator> make_generator(Device device, uint64_t seed) {
  return std::make_shared<PhiloxGenerator>(device, seed);
}

}  // namespace tsh::cuda
