// engine/cpu/random_uniform.cpp — uniform_, random_ and bernoulli_ kernels (RNG.md R4, R6, R8).
#include <mutex>

#include "engine/core/convert.h"
#include "engine/cpu/mt19937.h"
#include "engine/cpu/random.h"
#include "engine/cpu/random_loop.h"
#include "engine/cpu/random_samplers.h"

// Bit-exactness needs every multiply-add to be fused exactly where PyTorch's
// kernels fuse it (explicit std::fma here) and nowhere else, whatever -march.
#pragma GCC optimize("fp-contract=off")

namespace tsh::cpu {

namespace {

template <typename T> constexpr bool is_real_float_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, Half> ||
    std::is_same_v<T, BFloat16>;

// The integer-valued types whose random_ may use 64-bit draws.
template <typename T> constexpr bool wide_random_v =
    std::is_same_v<T, int64_t> || std::is_same_v<T, double> || std::is_same_v<T, float> ||
    std::is_same_v<T, BFloat16>;

// An int64 result stored as T, the way static_cast<T>(int64_t) does.
template <typename T> T from_int64(int64_t v) {
  if constexpr (std::is_same_v<T, bool>) return v != 0;
  else return convert<T>(v);
}

}  // namespace

void uniform_kernel(const Tensor& self, double from, double to, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (is_real_float_v<T>) {
      const T lo = static_cast<T>(from), hi = static_cast<T>(to);
      if (from == 0 && to == 1) {  // u * 1 + 0 == u exactly: skip the fma
        serial_fill<T>(self, [&] { return static_cast<T>(uniform01<T>(gen)); });
      } else {
        serial_fill<T>(self, [&] { return static_cast<T>(uniform_real<T>(gen, lo, hi)); });
      }
    }
  });
}

void random_from_to_kernel(const Tensor& self, uint64_t range, int64_t base, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) {
      const bool wide = wide_random_v<T> && range >= (uint64_t{1} << 32);
      serial_fill<T>(self, [&] {
        uint64_t draw = wide ? gen.random64() : gen.random();
        return from_int64<T>(static_cast<int64_t>(draw % range + static_cast<uint64_t>(base)));
      });
    }
  });
}

void random_full_range_kernel(const Tensor& self, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (wide_random_v<T>)
      serial_fill<T>(self, [&] { return from_int64<T>(static_cast<int64_t>(gen.random64())); });
  });
}

void random_kernel(const Tensor& self, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, bool>) {
      serial_fill<T>(self, [&] { return (gen.random() & 1) != 0; });
    } else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double>) {
      // [0, 2^63) for int64; [0, 2^53] for double.
      const uint64_t m = std::is_same_v<T, int64_t> ? uint64_t{1} << 63 : (uint64_t{1} << 53) + 1;
      serial_fill<T>(self, [&] { return convert<T>(static_cast<int64_t>(gen.random64() % m)); });
    } else if constexpr (is_real_float_v<T>) {
      const uint64_t m = (uint64_t{1} << mantissa_digits<T>()) + 1;
      serial_fill<T>(self, [&] { return convert<T>(static_cast<int64_t>(gen.random() % m)); });
    } else if constexpr (std::is_integral_v<T>) {
      const uint64_t m = static_cast<uint64_t>(std::numeric_limits<T>::max()) + 1;
      serial_fill<T>(self, [&] { return static_cast<T>(gen.random() % m); });
    }
  });
}

void bernoulli_scalar_kernel(const Tensor& self, double p, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>)
      serial_fill<T>(self, [&] { return convert<T>(uniform01<double>(gen) < p ? 1.0 : 0.0); });
  });
}

void bernoulli_tensor_kernel(const Tensor& self, const Tensor& p, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) {
      dispatch(p.dtype(), [&]<typename P>() {
        if constexpr (std::is_same_v<P, double>) {
          serial_map<T, P>(self, p, [&](P pv) {
            return convert<T>(uniform01<double>(gen) < pv ? 1.0 : 0.0);
          });
        } else if constexpr (is_real_float_v<P>) {
          // Any other p is compared in float against a 24-bit uniform.
          serial_map<T, P>(self, p, [&](P pv) {
            return convert<T>(uniform01<float>(gen) < static_cast<float>(pv) ? 1.0f : 0.0f);
          });
        }
      });
    }
  });
}

}  // namespace tsh::cpu
