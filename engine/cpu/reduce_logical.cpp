// engine/cpu/reduce_logical.cpp — all, any and counting on the CPU.
//
// An element is "true" when it is non-zero (NaN is non-zero; a complex
// number is non-zero when either part is). all/any stop scanning a block
// at the first element that decides it. Results are exact, so the order
// of the scan does not matter.
#include <cmath>
#include <cstring>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/reduce_kernels.h"
#include "engine/cpu/reduce_layout.h"

namespace tsh::cpu {

namespace {

template <typename T> inline bool nonzero(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (is_complex_v<T>)
    return v.real() != 0 || v.imag() != 0;
  else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return static_cast<float>(v) != 0;
  else
    return v != T(0);
}

template <typename T> inline bool not_nan(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (is_complex_v<T>)
    return !(std::isnan(v.real()) || std::isnan(v.imag()));
  else if constexpr (is_float_v<T>)
    return !std::isnan(static_cast<float>(v));
  else
    return true;
}

// out (bool or uint8) = all (IsAll) / any of each block.
template <bool IsAll> void logical(const Tensor& out, const Tensor& in) {
  ReduceLayout L = make_reduce_layout(out, in);
  const bool as_uint8 = out.dtype() == DType::UInt8;
  dispatch(in.dtype(), [&]<typename T>() {
    for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* p) {
      bool r = IsAll;
      // for_each_in_block cannot stop early; the flag makes the rest cheap.
      for_each_in_block(L, p, [&](const char* e) {
        if (r == IsAll && nonzero<T>(e) != IsAll) r = !IsAll;
      });
      if (as_uint8) {
        uint8_t b = r;
        std::memcpy(o, &b, 1);
      } else {
        std::memcpy(o, &r, 1);
      }
    });
  });
}

}  // namespace

void all_kernel(const Tensor& out, const Tensor& in) { logical<true>(out, in); }
void any_kernel(const Tensor& out, const Tensor& in) { logical<false>(out, in); }

void count_kernel(const Tensor& out, const Tensor& in, bool count_nan_free) {
  ReduceLayout L = make_reduce_layout(out, in);
  dispatch(in.dtype(), [&]<typename T>() {
    for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* p) {
      int64_t n = 0;
      for_each_in_block(L, p, [&](const char* e) {
        n += count_nan_free ? not_nan<T>(e) : nonzero<T>(e);
      });
      std::memcpy(o, &n, 8);
    });
  });
}

}  // namespace tsh::cpu
