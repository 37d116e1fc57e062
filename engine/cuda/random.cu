// engine/cuda/random.cu — uniform and normal fills from Philox on the GPU.
//
// Element i of a fill takes the Philox block (seed, i, offset) and the
// generator moves to the next offset, so a fill's values depend only on the
// seed, the number of fills before it and i. Uniform floats take 24 random
// bits (53 for double) scaled into [from, to); normals are Box–Muller on two
// uniforms. The values are not PyTorch's CUDA values, which depend on its
// launch geometry (RNG.md, R9); the CPU streams stay bit-exact.
#include "engine/cuda/generator.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/cuda/philox.h"

#include <mutex>
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

template <typename M> TSH_HOST_DEVICE M unit_uniform(const Philox4& r, int which) {
  if constexpr (std::is_same_v<M, double>) {
    const uint64_t bits = (static_cast<uint64_t>(r.v[2 * which]) << 32 | r.v[2 * which + 1]) >> 11;
    return static_cast<double>(bits) * (1.0 / 9007199254740992.0);
  } else {
    return static_cast<float>(r.v[which] >> 8) * (1.0f / 16777216.0f);
  }
}

template <typename T, typename F> void fill_random(const Tensor& self, Generator& gen, F f) {
  auto& g = static_cast<PhiloxGenerator&>(gen);
  uint64_t seed, offset;
  {
    std::lock_guard<std::mutex> lock(g.mutex());
    seed = g.seed_value();
    offset = g.take_offset();
  }
  const Tensor* ts[1] = {&self};
  const Indexer<1> ix = indexer_of<1>(ts);
  T* p = reinterpret_cast<T*>(self.data_ptr());
  for_each_index(self.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
    int64_t off[1];
    ix.offsets(i, off);
    p[off[0]] = f(philox_draw(seed, static_cast<uint64_t>(i), offset));
  });
}

struct Uniform {
  const Tensor& self;
  double from, to;
  Generator& gen;
  template <typename T> void operator()() const {
    using M = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const M lo = static_cast<M>(from), range = static_cast<M>(to - from);
    fill_random<T>(self, gen, [lo, range] TSH_HOST_DEVICE(const Philox4& r) {
      M v = lo + range * unit_uniform<M>(r, 0);
      if (range > M(0) && v >= lo + range) v = lo;  // [from, to): a rounded-up end folds back
      return cast<T>(v);
    });
  }
};

struct Normal {
  const Tensor& self;
  double mean, std;
  Generator& gen;
  template <typename T> void operator()() const {
    using M = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const M mu = static_cast<M>(mean), sigma = static_cast<M>(std);
    fill_random<T>(self, gen, [mu, sigma] TSH_HOST_DEVICE(const Philox4& r) {
      const M u1 = M(1) - unit_uniform<M>(r, 0);  // (0, 1]: log(u1) is finite
      const M u2 = unit_uniform<M>(r, 1);
      const M radius = std::sqrt(M(-2) * std::log(u1));
      return cast<T>(mu + sigma * radius * std::cos(M(6.283185307179586476925) * u2));
    });
  }
};



TSH_HOST_DEVICE inline uint64_t bits64(const Philox4& r) { return static_cast<uint64_t>(r.v[0]) << 32 | r.v[1]; }

// An int64 stored into T with two's-complement wrap for integers, rounded for floats.
template <typename T> TSH_HOST_DEVICE T from_int64(int64_t v) {
  if constexpr (std::is_same_v<T, bool>) return v != 0;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(v);
  else return cast<T>(v);
}

struct FromTo {
  const Tensor& self;
  uint64_t range;
  int64_t base;
  Generator& gen;
  template <typename T> void operator()() const {
    const uint64_t n = range, b = static_cast<uint64_t>(base);
    const bool wide = n >= (uint64_t{1} << 32);
    fill_random<T>(self, gen, [n, b, wide] TSH_HOST_DEVICE(const Philox4& r) {
      const uint64_t draw = wide ? bits64(r) : r.v[0];
      return from_int64<T>(static_cast<int64_t>(draw % n + b));
    });
  }
};

struct FullRange {
  const Tensor& self;
  Generator& gen;
  template <typename T> void operator()() const {
    fill_random<T>(self, gen, [] TSH_HOST_DEVICE(const Philox4& r) { return from_int64<T>(static_cast<int64_t>(bits64(r))); });
  }
};

// random_(): [0, 2^digits] for floats (digits of the mantissa), [0, max] for integers, 0 or 1 for bool.
struct RandomBits {
  const Tensor& self;
  Generator& gen;
  template <typename T> void operator()() const {
    uint64_t m;
    if constexpr (std::is_same_v<T, bool>) m = 2;
    else if constexpr (std::is_same_v<T, int64_t>) m = uint64_t{1} << 63;
    else if constexpr (std::is_same_v<T, double>) m = (uint64_t{1} << 53) + 1;
    else if constexpr (std::is_same_v<T, float>) m = (uint64_t{1} << 24) + 1;
    else if constexpr (std::is_same_v<T, f16>) m = (uint64_t{1} << 11) + 1;
    else if constexpr (std::is_same_v<T, bf16>) m = (uint64_t{1} << 8) + 1;
    else m = static_cast<uint64_t>(std::numeric_limits<T>::max()) + 1;
    fill_random<T>(self, gen, [m] TSH_HOST_DEVICE(const Philox4& r) {
      return from_int64<T>(static_cast<int64_t>(bits64(r) % m));
    });
  }
};

// One real number per element from two uniforms u, w in [0, 1) (double): f(u, w).
template <typename F> struct RealDraw {
  const Tensor& self;
  Generator& gen;
  F f;
  template <typename T> void operator()() const {
    if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T>) {
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        const F g = f;
        fill_random<T>(self, gen, [g] TSH_HOST_DEVICE(const Philox4& r) {
          return from_int64<T>(static_cast<int64_t>(g(unit_uniform<double>(r, 0), unit_uniform<double>(r, 1))));
        });
      } else {
        kernels::not_implemented_for("random_cuda", self.dtype());
      }
    } else {
      const F g = f;
      fill_random<T>(self, gen, [g] TSH_HOST_DEVICE(const Philox4& r) {
        return cast<T>(g(unit_uniform<double>(r, 0), unit_uniform<double>(r, 1)));
      });
    }
  }
};
template <typename F> RealDraw<F> real_draw(const Tensor& self, Generator& gen, F f) { return RealDraw<F>{self, gen, f}; }

struct BernoulliTensor {
  const Tensor& self;
  const Tensor& p;
  Generator& gen;
  template <typename T> void operator()() const {
    auto& g = static_cast<PhiloxGenerator&>(gen);
    uint64_t seed, offset;
    {
      std::lock_guard<std::mutex> lock(g.mutex());
      seed = g.seed_value();
      offset = g.take_offset();
    }
    const Tensor probs = p.dtype() == DType::Float64 ? p : [&] {
      Tensor wide = empty(p.sizes(), DType::Float64, p.device());
      copy_kernel(wide, p);
      return wide;
    }();
    const Tensor* ts[2] = {&self, &probs};
    const Indexer<2> ix = indexer_of<2>(ts);
    T* o = reinterpret_cast<T*>(self.data_ptr());
    const double* pp = reinterpret_cast<const double*>(probs.data_ptr());
    for_each_index(self.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
      int64_t off[2];
      ix.offsets(i, off);
      const double u = unit_uniform<double>(philox_draw(seed, static_cast<uint64_t>(i), offset), 0);
      o[off[0]] = from_int64<T>(u < pp[off[1]] ? 1 : 0);
    });
  }
};

}  // namespace

void random_from_to_kernel(const Tensor& self, uint64_t range, int64_t base, Generator& gen) {
  dispatch_real(self.dtype(), "random_from_to_cuda", FromTo{self, range, base, gen});
}
void random_full_range_kernel(const Tensor& self, Generator& gen) {
  dispatch_real(self.dtype(), "random_full_64_bits_range_cuda", FullRange{self, gen});
}
void random_kernel(const Tensor& self, Generator& gen) { dispatch_real(self.dtype(), "random_cuda", RandomBits{self, gen}); }

void bernoulli_scalar_kernel(const Tensor& self, double p, Generator& gen) {
  dispatch_real(self.dtype(), "bernoulli_scalar_cuda",
                real_draw(self, gen, [p] TSH_HOST_DEVICE(double u, double) { return u < p ? 1.0 : 0.0; }));
}
void bernoulli_tensor_kernel(const Tensor& self, const Tensor& p, Generator& gen) {
  dispatch_real(self.dtype(), "bernoulli_tensor_cuda_self_", BernoulliTensor{self, p, gen});
}
void exponential_kernel(const Tensor& self, double lambda, Generator& gen) {
  dispatch_float(self.dtype(), "exponential_cuda",
                 real_draw(self, gen, [lambda] TSH_HOST_DEVICE(double u, double) { return -1.0 / lambda * std::log(1.0 - u); }));
}
void geometric_kernel(const Tensor& self, double p, Generator& gen) {
  dispatch_real(self.dtype(), "geometric_cuda", real_draw(self, gen, [p] TSH_HOST_DEVICE(double u, double) {
                  return std::ceil(std::log(1.0 - u) / std::log(1.0 - p));
                }));
}
void cauchy_kernel(const Tensor& self, double median, double sigma, Generator& gen) {
  dispatch_float(self.dtype(), "cauchy_cuda", real_draw(self, gen, [median, sigma] TSH_HOST_DEVICE(double u, double) {
                   return median + sigma * std::tan(3.14159265358979323846 * (u - 0.5));
                 }));
}
void log_normal_kernel(const Tensor& self, double mean, double std, Generator& gen) {
  dispatch_float(self.dtype(), "log_normal_cuda", real_draw(self, gen, [mean, std] TSH_HOST_DEVICE(double u, double w) {
                   const double radius = std::sqrt(-2.0 * std::log(1.0 - u));
                   return std::exp(mean + std * radius * std::cos(6.283185307179586476925 * w));
                 }));
}

// self = self * factor, then + shift, each step computed in its op-math type and rounded to self's dtype,
// as PyTorch's separate mul_ and add_: done with this backend's copy and binary kernels.
void normal_affine_kernel(const Tensor& self, const Tensor& factor, DType mul_type, const Tensor& shift, DType add_type) {
  auto step = [&](const Tensor& other, DType compute, BinaryOp op) {
    const DType c = compute == DType::Float16 || compute == DType::BFloat16 ? DType::Float32 : compute;
    Tensor a = empty(self.sizes(), c, self.device()), b = empty(self.sizes(), c, self.device());
    copy_kernel(a, self);
    copy_kernel(b, other);
    binary_kernel(op, a, a, b, BinaryParams{});
    copy_kernel(self, a);
  };
  if (factor.defined()) step(factor, mul_type, BinaryOp::Mul);
  if (shift.defined()) step(shift, add_type, BinaryOp::Add);
}

void uniform_kernel(const Tensor& self, double from, double to, Generator& gen) {
  dispatch_float(self.dtype(), "uniform_cuda", Uniform{self, from, to, gen});
}
void normal_kernel(const Tensor& self, double mean, double std, Generator& gen) {
  dispatch_float(self.dtype(), "normal_kernel_cuda", Normal{self, mean, std, gen});
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
