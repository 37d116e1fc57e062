// engine/cpu/mt19937.cpp — MT19937 with PyTorch's seeding, caching and state layout.
#include "engine/cpu/mt19937.h"

#include <cstring>

#include <cmath>

#include "engine/core/error.h"
#include "engine/core/mersenne_twister.h"

namespace tsh::cpu {

namespace {

// Byte offsets of PyTorch's CPUGeneratorImplState (x86-64 layout, little-endian).
constexpr size_t kOffSeed = 0, kOffLeft = 8, kOffSeeded = 12, kOffNext = 16, kOffWords = 24;
constexpr size_t kOffNormalX = 5016, kOffNormalY = 5024, kOffNormalRho = 5032,
                 kOffNormalValid = 5040, kOffFloatNormal = 5048, kOffFloatValid = 5052;

template <typename T> void put(std::vector<uint8_t>& b, size_t off, T v) {
  std::memcpy(b.data() + off, &v, sizeof(T));
}
template <typename T> T get(const uint8_t* b, size_t off) {
  T v;
  std::memcpy(&v, b + off, sizeof(T));
  return v;
}

}  // namespace

CpuGenerator::CpuGenerator(uint64_t seed) : Generator(Device{}) { set_seed(seed); }

void CpuGenerator::set_seed(uint64_t seed) {
  seed_ = seed;
  mt19937::init_genrand(words_, static_cast<uint32_t>(seed));
  left_ = 1;  // the first draw twists
  next_ = 0;
  seeded_ = true;
  next_double_normal.reset();
  next_float_normal.reset();
}

uint64_t CpuGenerator::seed() {
  uint64_t s = nondeterministic_seed();
  set_seed(s);
  return s;
}

void CpuGenerator::twist() {
  mt19937::twist(words_);
  left_ = kN;
  next_ = 0;
}

uint32_t CpuGenerator::random() {
  if (--left_ == 0) twist();
  return mt19937::temper(words_[next_++]);
}

uint64_t CpuGenerator::random64() {
  uint64_t hi = random();
  uint64_t lo = random();
  return (hi << 32) | lo;
}

std::vector<uint8_t> CpuGenerator::state() const {
  std::vector<uint8_t> b(kStateBytes, 0);  // padding bytes are zero, as PyTorch's are
  put<uint64_t>(b, kOffSeed, seed_);
  put<int32_t>(b, kOffLeft, left_);
  put<int32_t>(b, kOffSeeded, seeded_ ? 1 : 0);
  put<uint64_t>(b, kOffNext, next_);
  for (int j = 0; j < kN; ++j) put<uint64_t>(b, kOffWords + 8 * static_cast<size_t>(j), words_[j]);
  // normal_x and normal_rho are legacy fields PyTorch always writes as 0.
  put<double>(b, kOffNormalY, next_double_normal.value_or(0.0));
  put<int32_t>(b, kOffNormalValid, next_double_normal ? 1 : 0);
  put<float>(b, kOffFloatNormal, next_float_normal.value_or(0.0f));
  b[kOffFloatValid] = next_float_normal ? 1 : 0;
  return b;
}

void CpuGenerator::set_state(const uint8_t* bytes, size_t n) {
  std::optional<double> dnormal;
  std::optional<float> fnormal;
  if (n == kLegacyStateBytes) {
    // The legacy layout kept the Box–Muller inputs; the cached sample is r·sin(2πx).
    if (get<int32_t>(bytes, kOffNormalValid) != 0) {
      double x = get<double>(bytes, kOffNormalX), rho = get<double>(bytes, kOffNormalRho);
      dnormal = rho * std::sin(2.0 * M_PI * x);
    }
  } else if (n == kStateBytes) {
    if (bytes[kOffFloatValid] != 0) fnormal = get<float>(bytes, kOffFloatNormal);
    if (get<int32_t>(bytes, kOffNormalValid) != 0) dnormal = get<double>(bytes, kOffNormalY);
  } else {
    throw RuntimeError("Expected either a CPUGeneratorImplStateLegacy of size " +
                       std::to_string(kLegacyStateBytes) + " or a CPUGeneratorImplState of size " +
                       std::to_string(kStateBytes) +
                       " but found the input RNG state size to be " + std::to_string(n));
  }
  int32_t left = get<int32_t>(bytes, kOffLeft);
  int32_t seeded = get<int32_t>(bytes, kOffSeeded);
  // PyTorch keeps `next` as a 32-bit index: the stored u64 is truncated.
  uint32_t next = static_cast<uint32_t>(get<uint64_t>(bytes, kOffNext));
  TSH_CHECK(seeded != 0 && left > 0 && left <= kN && next <= static_cast<uint32_t>(kN),
            RuntimeError, "Invalid mt19937 state");
  seed_ = get<uint64_t>(bytes, kOffSeed);
  left_ = left;
  seeded_ = true;
  next_ = next;
  for (int j = 0; j < kN; ++j)  // each word was stored widened to 64 bits
    words_[j] = static_cast<uint32_t>(get<uint64_t>(bytes, kOffWords + 8 * static_cast<size_t>(j)));
  next_double_normal = dnormal;
  next_float_normal = fnormal;
}

std::shared_ptr<Generator> make_cpu_generator(Device, uint64_t seed) {
  return std::make_shared<CpuGenerator>(seed);
}

}  // namespace tsh::cpu
