// engine/cpu/reduce_extrema.cpp — max/min values and indices on the CPU.
//
// NaN wins every comparison (it propagates into amax/amin and max()/min(),
// and its first position is the index max/min/argmax/argmin report); among
// equal values the first one wins. Each output is one sequential scan of its
// block; outputs run on several threads.
#include <cstring>
#include <type_traits>

#include "engine/core/convert.h"
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

template <typename T, bool IsMax> void extreme_values(const Tensor& out, const Tensor& in) {
  ReduceLayout L = make_reduce_layout(out, in);
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

void amax_kernel(const Tensor& out, const Tensor& in) { values_dispatch<true>(out, in); }
void amin_kernel(const Tensor& out, const Tensor& in) { values_dispatch<false>(out, in); }

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

}  // namespace tsh::cpu
