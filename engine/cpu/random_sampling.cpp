// engine/cpu/random_sampling.cpp — randperm and multinomial (RNG.md R7; PyTorch's CPU algorithms).
#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

#include "engine/core/convert.h"
#include "engine/cpu/mt19937.h"
#include "engine/cpu/random.h"
#include "engine/cpu/random_loop.h"
#include "engine/cpu/random_samplers.h"

namespace tsh::cpu {

namespace {

// The accumulation type of a float dtype on CPU (topk compares in it).
template <typename T> using acc_t = std::conditional_t<std::is_same_v<T, BFloat16> || std::is_same_v<T, Half>, float, double>;

// Below this n, randperm swaps forward with 32-bit draws; from it on it
// shuffles inside-out with 64-bit draws (so the modulo bias stays small).
constexpr int64_t kRandpermSmall = 214748364;  // (2^32 - 1) / 20

}  // namespace

void randperm_kernel(const Tensor& out, int64_t n, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T> && !std::is_same_v<T, bool>) {
      char* base = out.data_ptr();
      const int64_t stride = n > 0 ? out.stride(0) * out.itemsize() : 0;
      auto at = [&](int64_t i) { return reinterpret_cast<T*>(base + i * stride); };
      if (n < kRandpermSmall) {
        for (int64_t i = 0; i < n; ++i) *at(i) = convert<T>(i);
        for (int64_t i = 0; i + 1 < n; ++i) {
          const int64_t z = static_cast<int64_t>(gen.random() % static_cast<uint64_t>(n - i));
          std::swap(*at(i), *at(z + i));
        }
      } else {
        for (int64_t i = 0; i < n; ++i) {
          const int64_t z = static_cast<int64_t>(gen.random64() % static_cast<uint64_t>(i + 1));
          *at(i) = *at(z);
          *at(z) = convert<T>(i);
        }
      }
    }
  });
}

void multinomial_with_replacement_kernel(const Tensor& result, const Tensor& probs,
                                         int64_t n_sample, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  const int64_t n_cat = probs.size(-1);
  const int64_t n_dist = probs.dim() > 1 ? probs.size(0) : 1;
  const int64_t ps0 = probs.dim() > 1 ? probs.stride(0) : 0, ps1 = probs.stride(-1);
  const int64_t rs0 = result.dim() > 1 ? result.stride(0) : 0, rs1 = result.stride(-1);
  int64_t* res = result.data<int64_t>();
  dispatch(probs.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) {
      // Cumulative sums in the dtype itself (float for the 16-bit types).
      using S = std::conditional_t<std::is_same_v<T, double>, double, float>;
      const T* p = probs.data<T>();
      std::vector<S> cum(static_cast<size_t>(n_cat));
      for (int64_t i = 0; i < n_dist; ++i) {
        S sum = 0;
        for (int64_t j = 0; j < n_cat; ++j) {
          sum += static_cast<S>(p[i * ps0 + j * ps1]);
          cum[j] = sum;
        }
        for (int64_t j = 0; j < n_cat; ++j) cum[j] /= sum;
        cum[n_cat - 1] = 1;  // the last bucket always closes the interval
        for (int64_t s = 0; s < n_sample; ++s) {
          const double u = uniform01<double>(gen);
          // The first bucket whose cumulative probability is >= u.
          int64_t lo = 0, hi = n_cat;
          while (hi - lo > 0) {
            const int64_t mid = lo + (hi - lo) / 2;
            if (static_cast<double>(cum[mid]) < u) lo = mid + 1;
            else hi = mid;
          }
          res[i * rs0 + s * rs1] = lo;
        }
      }
    }
  });
}

void multinomial_without_replacement_kernel(const Tensor& result, const Tensor& probs,
                                            int64_t n_sample, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  // q ~ Exp(1) in probs' dtype and layout, drawn first; then probs / q per element.
  Tensor q = empty_like(probs, probs.dtype(), probs.device());
  exponential_kernel(q, 1.0, gen);
  const int64_t n_cat = probs.size(-1);
  const int64_t n_dist = probs.dim() > 1 ? probs.size(0) : 1;
  const int64_t ps0 = probs.dim() > 1 ? probs.stride(0) : 0, ps1 = probs.stride(-1);
  const int64_t qs0 = q.dim() > 1 ? q.stride(0) : 0, qs1 = q.stride(-1);
  const int64_t rs0 = result.dim() > 1 ? result.stride(0) : 0, rs1 = result.stride(-1);
  int64_t* res = result.data<int64_t>();
  dispatch(probs.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) {
      using A = acc_t<T>;
      using Elem = std::pair<A, int64_t>;
      const T* p = probs.data<T>();
      const T* qd = q.data<T>();
      // NaN sorts first (largest), as in PyTorch's topk and argmax.
      auto greater = [](const Elem& x, const Elem& y) {
        return (std::isnan(x.first) && !std::isnan(y.first)) || x.first > y.first;
      };
      std::vector<Elem> row(static_cast<size_t>(n_cat));
      for (int64_t i = 0; i < n_dist; ++i) {
        for (int64_t j = 0; j < n_cat; ++j) {
          const T ratio = T(static_cast<sample_acc_t<T>>(p[i * ps0 + j * ps1]) /
                            static_cast<sample_acc_t<T>>(qd[i * qs0 + j * qs1]));
          row[j] = {static_cast<A>(ratio), j};
        }
        if (n_sample == 1) {  // argmax: the first NaN, else the first maximum
          int64_t best = 0;
          for (int64_t j = 1; j < n_cat; ++j)
            if (!std::isnan(row[best].first) && (std::isnan(row[j].first) || row[j].first > row[best].first))
              best = j;
          res[i * rs0] = best;
          continue;
        }
        // topk(largest, sorted) with PyTorch's choice of algorithm, so ties land alike.
        if (n_sample * 64 <= n_cat) {
          std::partial_sort(row.begin(), row.begin() + n_sample, row.end(), greater);
        } else {
          std::nth_element(row.begin(), row.begin() + n_sample - 1, row.end(), greater);
          std::sort(row.begin(), row.begin() + n_sample - 1, greater);
        }
        for (int64_t s = 0; s < n_sample; ++s) res[i * rs0 + s * rs1] = row[s].second;
      }
    }
  });
}

}  // namespace tsh::cpu
