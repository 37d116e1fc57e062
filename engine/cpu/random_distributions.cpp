// engine/cpu/random_distributions.cpp — exponential_, geometric_, cauchy_, log_normal_, poisson.
//
// Each element is one double sample from 53-bit uniforms (RNG.md R8), then
// cast to the output dtype: the non-MKL PyTorch formulas, with the fusions
// its AVX2 kernels make (cauchy's median + sigma·tan, log_normal's normal).
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

template <typename T> constexpr bool is_real_v = !is_complex_v<T> && !std::is_same_v<T, bool>;

// Fills self with f() cast to its dtype, for every non-complex dtype f's caller allows.
template <typename F> void fill_real(const Tensor& self, CpuGenerator& gen, F&& f) {
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (is_real_v<T>) serial_fill<T>(self, [&] { return convert<T>(f()); });
  });
}

// PyTorch's sample_poisson (after NumPy): transformed rejection (Hörmann's
// PTRS) for rates >= 10, multiplication of uniforms below. Not fused: this
// code is compiled once, for the baseline x86-64 target, in PyTorch.
int64_t sample_poisson(double lambda, CpuGenerator& gen) {
  if (lambda >= 10) {
    const double slam = std::sqrt(lambda);
    const double loglam = std::log(lambda);
    const double b = 0.931 + 2.53 * slam;
    const double a = -0.059 + 0.02483 * b;
    const double invalpha = 1.1239 + 1.1328 / (b - 3.4);
    const double vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
      const double U = uniform01<double>(gen) - 0.5;
      const double V = uniform01<double>(gen);
      const double us = 0.5 - std::fabs(U);
      const int64_t k = static_cast<int64_t>(std::floor((2 * a / us + b) * U + lambda + 0.43));
      if (us >= 0.07 && V <= vr) return k;
      if (k < 0 || (us < 0.013 && V > us)) continue;
      if (std::log(V) + std::log(invalpha) - std::log(a / (us * us) + b) <=
          -lambda + static_cast<double>(k) * loglam - std::lgamma(static_cast<double>(k) + 1))
        return k;
    }
  }
  if (lambda == 0) return 0;
  const double enlam = std::exp(-lambda);
  int64_t x = 0;
  double prod = 1.0;
  for (;;) {
    prod *= uniform01<double>(gen);
    if (prod > enlam) ++x;
    else return x;
  }
}

}  // namespace

void exponential_kernel(const Tensor& self, double lambda, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  fill_real(self, gen, [&] { return -1.0 / lambda * std::log(1.0 - uniform01<double>(gen)); });
}

void geometric_kernel(const Tensor& self, double p, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  fill_real(self, gen, [&] { return std::ceil(std::log(uniform01<double>(gen)) / std::log(1.0 - p)); });
}

void cauchy_kernel(const Tensor& self, double median, double sigma, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  fill_real(self, gen, [&] {
    return std::fma(sigma, std::tan(M_PI * (uniform01<double>(gen) - 0.5)), median);
  });
}

void log_normal_kernel(const Tensor& self, double mean, double std, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  fill_real(self, gen, [&] { return std::exp(normal_sample(gen, mean, std)); });
}

void poisson_kernel(const Tensor& out, const Tensor& rates, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) {
      serial_map<T, T>(out, rates, [&](T rate) {
        return convert<T>(sample_poisson(static_cast<double>(rate), gen));
      });
    }
  });
}

}  // namespace tsh::cpu
