// tests/unit/engine/test_convert_simd.cpp — the F16C float16 conversions (engine/cpu/convert_simd.h)
// give the bits of the scalar conversion in engine/core/half.h, for every half and a sweep of floats.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "engine/cpu/convert_simd.h"

using tsh::Half;

TEST_CASE("float16 runs convert as the scalar Half does, both ways", "[convert]") {
  std::vector<Half> halfs(65536 + 5);
  for (uint32_t b = 0; b < 65536; ++b) halfs[b].bits = static_cast<uint16_t>(b);  // every pattern, NaNs too
  std::vector<float> wide(halfs.size());
  tsh::cpu::halfs_to_floats(halfs.data(), wide.data(), 65536 + 5);
  int64_t bad = 0;
  for (uint32_t b = 0; b < 65536; ++b) {
    const float want = static_cast<float>(halfs[b]);
    bad += std::memcmp(&want, &wide[b], 4) != 0;
  }
  CHECK(bad == 0);

  // Floats: a sweep over all exponents with odd mantissas (ties, subnormal results, overflow to
  // inf), the exact halfway points between halfs, and the special values.
  std::vector<float> floats;
  for (uint64_t u = 0; u < (uint64_t{1} << 32); u += 4099) {
    float f;
    const uint32_t bits = static_cast<uint32_t>(u);
    std::memcpy(&f, &bits, 4);
    floats.push_back(f);
  }
  for (uint32_t b = 0; b < 65535; ++b) {
    Half lo, hi;
    lo.bits = static_cast<uint16_t>(b);
    hi.bits = static_cast<uint16_t>(b + 1);
    floats.push_back((static_cast<float>(lo) + static_cast<float>(hi)) / 2);
  }
  for (float f : {0.0f, -0.0f, 65504.0f, 65520.0f, -65520.0f, std::numeric_limits<float>::infinity(),
                  std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN(),
                  std::numeric_limits<float>::denorm_min(), 5.9604645e-08f, 2.9802322e-08f})
    floats.push_back(f);
  std::vector<Half> narrow(floats.size());
  tsh::cpu::floats_to_halfs(floats.data(), narrow.data(), static_cast<int64_t>(floats.size()));
  bad = 0;
  for (size_t i = 0; i < floats.size(); ++i) bad += Half(floats[i]).bits != narrow[i].bits;
  CHECK(bad == 0);
  CHECK(floats.size() > 1'000'000);
}
