// engine/cuda/random_sampling.cu — randperm, multinomial and poisson from Philox on the GPU.
//
// randperm is one Fisher–Yates pass on one thread (the swaps depend on each
// other); multinomial with replacement sums each row's probabilities once and
// then draws every sample on its own thread; without replacement each row
// keeps the largest p / E (E exponential), PyTorch's exponential trick;
// poisson draws per element, Knuth's product for small rates and Hörmann's
// PTRS rejection for large ones, each element on its own Philox stream.
#include "engine/cuda/generator.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/cuda/philox.h"
#include "engine/kernels/coverage.h"

#include <mutex>

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

struct Stream {
  uint64_t seed, offset;
};

Stream take(Generator& gen) {
  auto& g = static_cast<PhiloxGenerator&>(gen);
  std::lock_guard<std::mutex> lock(g.mutex());
  return Stream{g.seed_value(), g.take_offset()};
}

TSH_HOST_DEVICE inline uint64_t bits64(const Philox4& r) { return static_cast<uint64_t>(r.v[0]) << 32 | r.v[1]; }
TSH_HOST_DEVICE inline double unit(const Philox4& r, int which) {
  const uint64_t b = (static_cast<uint64_t>(r.v[2 * which]) << 32 | r.v[2 * which + 1]) >> 11;
  return static_cast<double>(b) * (1.0 / 9007199254740992.0);
}
// The round-th block of element i's own stream (several draws per element).
TSH_HOST_DEVICE inline Philox4 block(Stream s, uint64_t i, uint64_t round) {
  return philox_draw(s.seed, i, s.offset ^ (round << 40));
}



struct Randperm {
  const Tensor& out;
  int64_t n;
  Stream s;
  template <typename T> void operator()() const {
    T* o = reinterpret_cast<T*>(out.data_ptr());
    const int64_t stride = n > 0 ? out.stride(0) : 0, count = n;
    const Stream st = s;
    for_each_index(1, [=] TSH_HOST_DEVICE(int64_t) {
      for (int64_t i = 0; i < count; ++i) o[i * stride] = cast<T>(i);
      for (int64_t i = 0; i + 1 < count; ++i) {
        const int64_t z = static_cast<int64_t>(bits64(block(st, static_cast<uint64_t>(i), 0)) %
                                               static_cast<uint64_t>(count - i));
        const T t = o[i * stride];
        o[i * stride] = o[(z + i) * stride];
        o[(z + i) * stride] = t;
      }
    });
  }
};

struct WithReplacement {
  const Tensor& result;
  const Tensor& probs;
  int64_t n_sample;
  Stream s;
  template <typename T> void operator()() const {
    using S = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const int64_t n_cat = probs.size(-1), n_dist = probs.dim() > 1 ? probs.size(0) : 1;
    const int64_t ps0 = probs.dim() > 1 ? probs.stride(0) : 0, ps1 = probs.stride(-1);
    const int64_t rs0 = result.dim() > 1 ? result.stride(0) : 0, rs1 = result.stride(-1);
    Tensor cum_t = empty({n_dist * n_cat}, std::is_same_v<S, double> ? DType::Float64 : DType::Float32, probs.device());
    S* cum = reinterpret_cast<S*>(cum_t.data_ptr());
    const T* p = reinterpret_cast<const T*>(probs.data_ptr());
    int64_t* res = reinterpret_cast<int64_t*>(result.data_ptr());
    for_each_index(n_dist, [=] TSH_HOST_DEVICE(int64_t i) {
      S sum = 0;
      for (int64_t j = 0; j < n_cat; ++j) {
        sum += cast<S>(p[i * ps0 + j * ps1]);
        cum[i * n_cat + j] = sum;
      }
      for (int64_t j = 0; j < n_cat; ++j) cum[i * n_cat + j] /= sum;
      cum[i * n_cat + n_cat - 1] = 1;  // the last bucket always closes the interval
    });
    const int64_t ns = n_sample;
    const Stream st = s;
    for_each_index(n_dist * ns, [=] TSH_HOST_DEVICE(int64_t t) {
      const int64_t i = t / ns, k = t % ns;
      const double u = unit(block(st, static_cast<uint64_t>(t), 0), 0);
      int64_t lo = 0, hi = n_cat;  // the first bucket whose cumulative probability is >= u
      while (hi - lo > 0) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (static_cast<double>(cum[i * n_cat + mid]) < u) lo = mid + 1;
        else hi = mid;
      }
      res[i * rs0 + k * rs1] = lo;
    });
  }
};

struct WithoutReplacement {
  const Tensor& result;
  const Tensor& probs;
  int64_t n_sample;
  Stream s;
  template <typename T> void operator()() const {
    using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const int64_t n_cat = probs.size(-1), n_dist = probs.dim() > 1 ? probs.size(0) : 1;
    const int64_t ps0 = probs.dim() > 1 ? probs.stride(0) : 0, ps1 = probs.stride(-1);
    const int64_t rs0 = result.dim() > 1 ? result.stride(0) : 0, rs1 = result.stride(-1);
    Tensor keys_t = empty({n_dist * n_cat}, std::is_same_v<A, double> ? DType::Float64 : DType::Float32, probs.device());
    A* keys = reinterpret_cast<A*>(keys_t.data_ptr());
    const T* p = reinterpret_cast<const T*>(probs.data_ptr());
    int64_t* res = reinterpret_cast<int64_t*>(result.data_ptr());
    const int64_t ns = n_sample;
    const Stream st = s;
    for_each_index(n_dist, [=] TSH_HOST_DEVICE(int64_t i) {
      A* row = keys + i * n_cat;
      for (int64_t j = 0; j < n_cat; ++j) {
        const double e = -std::log(1.0 - unit(block(st, static_cast<uint64_t>(i * n_cat + j), 0), 0));
        row[j] = static_cast<A>(cast<A>(p[i * ps0 + j * ps1]) / static_cast<A>(e));
      }
      // The ns largest keys, largest first (NaN first, then the lower index among ties).
      for (int64_t k = 0; k < ns; ++k) {
        int64_t best = -1;
        for (int64_t j = 0; j < n_cat; ++j) {
          const A v = row[j];
          if (v == -std::numeric_limits<A>::infinity() && best >= 0) continue;
          if (best < 0) {
            best = j;
            continue;
          }
          const A b = row[best];
          if (!(b != b) && ((v != v) || v > b)) best = j;
        }
        res[i * rs0 + k * rs1] = best;
        row[best] = -std::numeric_limits<A>::infinity();  // taken
      }
    });
  }
};

TSH_HOST_DEVICE inline double poisson_sample(double lam, Stream st, uint64_t i) {
  if (!(lam > 0)) return 0;
  uint64_t round = 0;
  Philox4 r = block(st, i, round);
  int which = 0;
  auto next = [&]() {
    if (which == 2) {
      r = block(st, i, ++round);
      which = 0;
    }
    return unit(r, which++);
  };
  if (lam < 10) {  // Knuth: multiply uniforms until the product falls below e^-lam
    const double limit = std::exp(-lam);
    double prod = 1;
    int64_t k = 0;
    while (true) {
      prod *= next();
      if (prod <= limit) return static_cast<double>(k);
      ++k;
    }
  }
  const double slam = std::sqrt(lam), loglam = std::log(lam);
  const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
  while (true) {  // Hörmann's transformed rejection with squeeze (PTRS)
    const double u = next() - 0.5, v = next();
    const double us = 0.5 - std::fabs(u);
    const double k = std::floor((2 * a / us + b) * u + lam + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (std::log(v) + std::log(invalpha) - std::log(a / (us * us) + b) <= -lam + k * loglam - std::lgamma(k + 1))
      return k;
  }
}

struct Poisson {
  const Tensor& out;
  const Tensor& rates;
  Stream s;
  template <typename T> void operator()() const {
    const Tensor* ts[2] = {&out, &rates};
    const Indexer<2> ix = indexer_of<2>(ts);
    T* o = reinterpret_cast<T*>(out.data_ptr());
    const T* r = reinterpret_cast<const T*>(rates.data_ptr());
    const Stream st = s;
    for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
      int64_t off[2];
      ix.offsets(i, off);
      o[off[0]] = cast<T>(poisson_sample(cast<double>(r[off[1]]), st, static_cast<uint64_t>(i)));
    });
  }
};

}  // namespace

void randperm_kernel(const Tensor& out, int64_t n, Generator& gen) {
  dispatch_numeric(out.dtype(), "randperm_cuda", Randperm{out, n, take(gen)});
}
void multinomial_with_replacement_kernel(const Tensor& result, const Tensor& probs, int64_t n_sample, Generator& gen) {
  dispatch_float(probs.dtype(), "multinomial_cuda", WithReplacement{result, probs, n_sample, take(gen)});
}
void multinomial_without_replacement_kernel(const Tensor& result, const Tensor& probs, int64_t n_sample,
                                            Generator& gen) {
  dispatch_float(probs.dtype(), "multinomial_cuda", WithoutReplacement{result, probs, n_sample, take(gen)});
}
void poisson_kernel(const Tensor& out, const Tensor& rates, Generator& gen) {
  dispatch_float(out.dtype(), "poisson_cuda", Poisson{out, rates, take(gen)});
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
