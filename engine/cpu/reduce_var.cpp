// engine/cpu/reduce_var.cpp — variance on the CPU: PyTorch's Welford loop and its two-pass full reduction.
//
// Per-dim variances (and every var_mean/std_mean) run Welford's update in
// double over each reduced block in PyTorch's order:
//     n += 1; delta = x - mean; mean += delta / n; m2 += delta * (x - mean)
// with the last line a multiply and an add, not fused, as PyTorch 2.x computes
// it (1.13's build fused it). The variance is m2 / max(0, n - correction).
// A full reduction of a float or double tensor instead takes two passes:
// the mean (a cascade sum, computed by the op layer), then the squared
// deviations added in double, unfused, in memory order, one running sum per
// 2-d slab of the tensor's layout, the slab sums added in turn.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <type_traits>

#include <omp.h>

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

// One Welford update with the n-th element x (n counted from 1), in PyTorch 2.x's operations.
inline void welford_step(double x, double n, double& mean, double& m2) {
  const double delta = x - mean;
  mean += delta / n;
  m2 = m2 + delta * (x - mean);
}

// Welford over the columns of a 2-d layout whose outputs are contiguous in the input (m.var(0)):
// rows are read in turn and each updates kCols column states side by side, so the columns' update
// chains (a division each) overlap instead of waiting on one another, and every row is read once as
// a contiguous run. Each column still sees its elements in order: the same bits.
template <typename T>
void welford_columns(const ReduceLayout& L, const char* in, char* out, int64_t out_item, char* mean_out,
                     int64_t mean_item, double correction, bool take_sqrt) {
  constexpr int64_t kCols = 64;
  const int64_t rows = L.size(0), cols = L.size(1), row_stride = L.in(0), out_stride = L.out(1);
  const double nf = static_cast<double>(rows);
  const double divisor = nf > correction ? nf - correction : 0.0;
  const int64_t blocks = (cols + kCols - 1) / kCols;
  std::atomic<bool> stopped{false};
#pragma omp parallel for schedule(static) if (rows * cols >= 65536 && !omp_in_parallel())
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t c0 = b * kCols, nc = std::min(kCols, cols - c0);
    double mean[kCols] = {}, m2[kCols] = {};
    for (int64_t i = 0; i < rows; ++i) {
      if ((i & 1023) == 1023 && interrupt_pending()) {
        stopped = true;
        break;
      }
      const char* row = in + i * row_stride + c0 * static_cast<int64_t>(sizeof(T));
      const double n = static_cast<double>(i + 1);
      for (int64_t c = 0; c < nc; ++c) {
        welford_step(as_double<T>(row + c * static_cast<int64_t>(sizeof(T))), n, mean[c], m2[c]);
      }
    }
    for (int64_t c = 0; c < nc; ++c) {
      double v = m2[c] / divisor;
      if (take_sqrt) v = std::sqrt(v);
      put<T>(out + (c0 + c) * out_stride, v);
      if (mean_out) put<T>(mean_out + (c0 + c) * out_stride / out_item * mean_item, mean[c]);
    }
  }
  if (stopped) throw_if_interrupted();
}

template <typename T>
void welford(const Tensor& out, const Tensor& mean_out, const Tensor& in, double correction,
             bool take_sqrt) {
  ReduceLayout L = make_reduce_layout(out, in);
  if (L.ndim() == 2 && L.nreduced == 1 && L.in(1) == static_cast<int64_t>(sizeof(T)) && L.size(1) >= 8) {
    welford_columns<T>(L, in.data_ptr(), out.data_ptr(), out.itemsize(),
                       mean_out.defined() ? mean_out.data_ptr() : nullptr,
                       mean_out.defined() ? mean_out.itemsize() : 0, correction, take_sqrt);
    return;
  }
  // The mean output shares out's geometry, so its address follows out's.
  const bool with_mean = mean_out.defined();
  char* const out_base = out.data_ptr();
  char* const mean_base = with_mean ? mean_out.data_ptr() : nullptr;
  for_each_output(L, out_base, in.data_ptr(), [&](char* o, const char* p) {
    double mean = 0, m2 = 0;
    int64_t n = 0;
    for_each_in_block(L, p, [&](const char* e) {
      ++n;
      welford_step(as_double<T>(e), static_cast<double>(n), mean, m2);
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
