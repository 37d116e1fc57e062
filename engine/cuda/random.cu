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

template <typename F> void dispatch_float(DType d, const char* name, F&& f) {
  switch (d) {
    case DType::Float16: f.template operator()<f16>(); return;
    case DType::BFloat16: f.template operator()<bf16>(); return;
    case DType::Float32: f.template operator()<float>(); return;
    case DType::Float64: f.template operator()<double>(); return;
    default: kernels::not_implemented_for(name, d);
  }
}

}  // namespace

void uniform_kernel(const Tensor& self, double from, double to, Generator& gen) {
  dispatch_float(self.dtype(), "uniform_cuda", Uniform{self, from, to, gen});
}
void normal_kernel(const Tensor& self, double mean, double std, Generator& gen) {
  dispatch_float(self.dtype(), "normal_kernel_cuda", Normal{self, mean, std, gen});
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
