// engine/cpu/reduce_var.cpp — variance on the CPU: PyTorch's Welford loop and its two-pass full reduction.
//
// Per-dim variances (and every var_mean/std_mean) run Welford's update in
// double over each reduced block in PyTorch's order:
//     n += 1; delta = x - mean; mean += delta / n; m2 += delta * (x - mean)
// where PyTorch's AVX2 build fuses the last line into one multiply-add, so
// tsh does too (std::fma). The variance is m2 / max(0, n - correction).
// A full reduction of a float or double tensor instead takes two passes:
// the mean (a cascade sum, computed by the op layer), then the squared
// deviations added in double, unfused, in memory order, one running sum per
// 2-d slab of the tensor's layout, the slab sums added in turn.
#include <cmath>
#include <cstring>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/reduce_kernels.h"
#include "engine/cpu/reduce_layout.h"

namespace tsh::cpu {

namespace {

template <typename T> inline double as_double(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return static_cast<double>(static_cast<std::conditional_t<std::is_same_v<T, double>, double, float>>(v));
}

template <typename T> inline void put(char* p, double v) {
  T t = convert<T>(v);
  std::memcpy(p, &t, sizeof(T));
}

template <typename T>
void welford(const Tensor& out, const Tensor& mean_out, const Tensor& in, double correction,
             bool take_sqrt) {
  ReduceLayout L = make_reduce_layout(out, in);
  // The mean output shares out's geometry, so its address follows out's.
  const bool with_mean = mean_out.defined();
  char* const out_base = out.data_ptr();
  char* const mean_base = with_mean ? mean_out.data_ptr() : nullptr;
  for_each_output(L, out_base, in.data_ptr(), [&](char* o, const char* p) {
    double mean = 0, m2 = 0;
    int64_t n = 0;
    for_each_in_block(L, p, [&](const char* e) {
      const double x = as_double<T>(e);
      ++n;
      const double delta = x - mean;
      mean += delta / static_cast<double>(n);
      m2 = std::fma(delta, x - mean, m2);
    });
    const double nf = static_cast<double>(n);
    const double divisor = nf > correction ? nf - correction : 0.0;
    double v = m2 / divisor;
    if (take_sqrt) v = std::sqrt(v);
    put<T>(o, v);
    if (with_mean) put<T>(mean_base + (o - out_base) / out.itemsize() * mean_out.itemsize(), mean);
  });
}

}  // namespace

void var_kernel(const Tensor& out, const Tensor& mean_out, const Tensor& in, double correction,
                bool take_sqrt) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) welford<T>(out, mean_out, in, correction, take_sqrt);
  });
}

double var_all_kernel(const Tensor& in, double mean, double correction, bool take_sqrt) {
  ReduceLayout L = make_input_layout(in);
  double total = 0;
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T>) {
      // One running sum per 2-d slab (dims 0 and 1), added to the total in turn.
      ReduceLayout outer;
      outer.shape.assign(L.shape.begin() + std::min(2, L.ndim()), L.shape.end());
      outer.in_stride.assign(L.in_stride.begin() + std::min(2, L.ndim()), L.in_stride.end());
      if (outer.shape.empty()) {
        outer.shape = {1};
        outer.in_stride = {0};
      }
      outer.out_stride.assign(outer.shape.size(), 0);
      outer.nreduced = static_cast<int>(outer.shape.size());
      const int64_t n0 = L.size(0), n1 = L.size(1), s0 = L.in(0), s1 = L.in(1);
      const double m = mean;  // a local: the loads below go through char pointers, which may alias
      for_each_in_block(outer, in.data_ptr(), [&](const char* p) {
        double acc = 0;
        for (int64_t j = 0; j < n1; ++j)
          for (int64_t i0 = 0; i0 < n0; i0 += kInterruptGrain) {
            throw_if_interrupted();  // a serial loop: Ctrl-C throws at once
            const int64_t i1 = std::min(n0, i0 + kInterruptGrain);
            const char* row = p + j * s1;
            double a = acc;  // the running sum in a register across the block
            if (s0 == static_cast<int64_t>(sizeof(T))) {
              const T* x = reinterpret_cast<const T*>(row);
              for (int64_t i = i0; i < i1; ++i) {
                const double dx = as_double<T>(reinterpret_cast<const char*>(x + i)) - m;
                a += dx * dx;
              }
            } else {
              for (int64_t i = i0; i < i1; ++i) {
                const double dx = as_double<T>(row + i * s0) - m;
                a += dx * dx;
              }
            }
            acc = a;
          }
        total += acc;
      });
    }
  });
  const double n = static_cast<double>(in.numel());
  const double var = total / std::max(0.0, n - correction);
  return take_sqrt ? std::sqrt(var) : var;
}

void combine_var_parts_kernel(const Tensor& re, const Tensor& im, bool take_sqrt) {
  dispatch(re.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      T* a = re.data<T>();
      const T* b = im.data<T>();
      for (int64_t i = 0, n = re.numel(); i < n; ++i) {
        a[i] = a[i] + b[i];
        if (take_sqrt) a[i] = std::sqrt(a[i]);
      }
    } else if constexpr (is_float_v<T> && !is_complex_v<T>) {
      T* a = re.data<T>();
      const T* b = im.data<T>();
      for (int64_t i = 0, n = re.numel(); i < n; ++i) {
        a[i] = T(static_cast<float>(a[i]) + static_cast<float>(b[i]));
        if (take_sqrt) a[i] = T(std::sqrt(static_cast<float>(a[i])));
      }
    }
  });
}

}  // namespace tsh::cpu
