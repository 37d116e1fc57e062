// engine/cpu/reduce_extrema.cpp — max/min values and indices on the CPU.
//
// NaN wins every comparison (it propagates into amax/amin and max()/min(),
// and its first position is the index max/min/argmax/argmin report); among
// equal values the first one wins. Each output is one sequential scan of its
// block; outputs run on several threads.
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include <omp.h>

#include "engine/core/convert.h"
#include "engine/cpu/isa.h"
#include "engine/cpu/loop.h"
#include "engine/cpu/reduce_kernels.h"
#include "engine/cpu/reduce_layout.h"

namespace tsh::cpu {

namespace {

template <typename T> inline T ld(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// Compared as float for the 16-bit floats, natively otherwise.
template <typename T> using Cmp = std::conditional_t<is_float_v<T> && sizeof(T) == 2, float, T>;

template <typename C> inline bool isnan_(C v) {
  if constexpr (std::is_floating_point_v<C>)
    return v != v;
  else
    return false;
}

// True when b replaces the running extreme a (IsMax: b > a), NaN taking over and staying.
template <bool IsMax, typename C> inline bool better(C b, C a) {
  if (isnan_(a)) return false;
  if (isnan_(b)) return true;
  return IsMax ? b > a : b < a;
}

// The max (min) of one contiguous run of float or double, exactly as the sequential scan below
// finds it, but a 32-byte vector of lanes at a time and in chunks across threads. Lanes find the
// extreme value and whether there is a NaN; values that compare equal differ at most as +0 and
// -0, so when the extreme is zero (or a NaN is present) a second, sequential pass returns the
// first zero (first NaN), which is what the scan keeps.
template <typename T, bool IsMax> T extreme_of_run(const T* x, int64_t n) {
  typedef T V __attribute__((vector_size(32)));
  typedef decltype(V{} != V{}) M;  // lane masks
  constexpr int64_t W = 32 / sizeof(T), kChunk = int64_t{1} << 16;
  const int64_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<T> best(static_cast<size_t>(chunks));
  std::vector<char> has_nan(static_cast<size_t>(chunks));
  auto pick = [](T a, T b) { return IsMax ? (b > a ? b : a) : (b < a ? b : a); };
#pragma omp parallel for schedule(static) if (n >= 4 * kChunk && !omp_in_parallel())
  for (int64_t c = 0; c < chunks; ++c) {
    if (interrupt_pending()) continue;  // Ctrl-C: the rest is skipped, and the caller throws below
    const int64_t b = c * kChunk, e = std::min(n, b + kChunk);
    T m = x[b];
    bool nan = false;
    int64_t i = b;
    if (e - b >= W) {
      V acc;
      std::memcpy(&acc, x + b, 32);
      M nans = acc != acc;
      for (i = b + W; i + W <= e; i += W) {
        V v;
        std::memcpy(&v, x + i, 32);
        nans |= v != v;
        acc = IsMax ? (v > acc ? v : acc) : (v < acc ? v : acc);
      }
      for (int l = 0; l < W; ++l) {
        m = pick(m, acc[l]);
        nan = nan || nans[l] != 0;
      }
    }
    for (; i < e; ++i) {
      nan = nan || x[i] != x[i];
      m = pick(m, x[i]);
    }
    best[c] = m;
    has_nan[c] = nan;
  }
  throw_if_interrupted();
  bool nan = false;
  T m = best[0];
  for (int64_t c = 0; c < chunks; ++c) {
    nan = nan || has_nan[c];
    m = pick(m, best[c]);
  }
  if (nan || m == T(0))
    for (int64_t i = 0; i < n; ++i)
      if (nan ? x[i] != x[i] : x[i] == T(0)) return x[i];
  return m;
}

template <typename T, bool IsMax> void extreme_values(const Tensor& out, const Tensor& in) {
  ReduceLayout L = make_reduce_layout(out, in);
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    // One output over a whole contiguous tensor: its block is scanned in memory order.
    if (L.outputs() == 1 && in.is_contiguous() && in.numel() >= 64) {
      const T m = extreme_of_run<T, IsMax>(reinterpret_cast<const T*>(in.data_ptr()), in.numel());
      std::memcpy(out.data_ptr(), &m, sizeof(T));
      return;
    }
  }
  for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* p) {
    T best = ld<T>(p);
    for_each_in_block(L, p, [&](const char* e) {
      T v = ld<T>(e);
      if (better<IsMax>(static_cast<Cmp<T>>(v), static_cast<Cmp<T>>(best))) best = v;
    });
    std::memcpy(o, &best, sizeof(T));
  });
}

// values/indices along the single reduced dim (or none: index 0).
template <typename T, bool IsMax>
void extreme_with_index(const Tensor& values, const Tensor& indices, const Tensor& in) {
  ReduceLayout L = make_reduce_layout(values, in);
  char* const vbase = values.data_ptr();
  char* const ibase = indices.data_ptr();
  // indices shares values' element geometry, with 8-byte elements.
  for_each_output(L, vbase, in.data_ptr(), [&](char* o, const char* p) {
    T best = ld<T>(p);
    int64_t at = 0, k = 0;
    for_each_in_block(L, p, [&](const char* e) {
      T v = ld<T>(e);
      if (better<IsMax>(static_cast<Cmp<T>>(v), static_cast<Cmp<T>>(best))) {
        best = v;
        at = k;
      }
      ++k;
    });
    std::memcpy(o, &best, sizeof(T));
    std::memcpy(ibase + (o - vbase) / static_cast<int64_t>(sizeof(T)) * 8, &at, 8);
  });
}

template <typename T, bool IsMax> void arg_extreme(const Tensor& out, const Tensor& in) {
  ReduceLayout L = make_reduce_layout(out, in);
  for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* p) {
    T best = ld<T>(p);
    int64_t at = 0, k = 0;
    for_each_in_block(L, p, [&](const char* e) {
      T v = ld<T>(e);
      if (better<IsMax>(static_cast<Cmp<T>>(v), static_cast<Cmp<T>>(best))) {
        best = v;
        at = k;
      }
      ++k;
    });
    std::memcpy(o, &at, 8);
  });
}

template <bool IsMax> void values_dispatch(const Tensor& out, const Tensor& in) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) extreme_values<T, IsMax>(out, in);
  });
}

}  // namespace

void TSH_ISA_ENTRY(amax_kernel)(const Tensor& out, const Tensor& in) { values_dispatch<true>(out, in); }
void TSH_ISA_ENTRY(amin_kernel)(const Tensor& out, const Tensor& in) { values_dispatch<false>(out, in); }
TSH_ISA_DISPATCH(amax_kernel, (const Tensor& out, const Tensor& in), (out, in))
TSH_ISA_DISPATCH(amin_kernel, (const Tensor& out, const Tensor& in), (out, in))

#ifndef TSH_ISA_VARIANT  // the kernels with indices are built once

void max_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) extreme_with_index<T, true>(values, indices, in);
  });
}

void min_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) extreme_with_index<T, false>(values, indices, in);
  });
}

void argmax_kernel(const Tensor& out, const Tensor& in) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) arg_extreme<T, true>(out, in);
  });
}

void argmin_kernel(const Tensor& out, const Tensor& in) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) arg_extreme<T, false>(out, in);
  });
}

#endif

}  // namespace tsh::cpu
