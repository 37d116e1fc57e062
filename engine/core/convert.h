// engine/core/convert.h — converting one element between dtypes, as PyTorch does on x86-64.
//
// Float → integer truncates toward zero. Values out of range and NaN give what
// the x86 conversion instructions give inside PyTorch's kernels, checked
// against torch 1.13: int8/int16/int32 convert through a 32-bit conversion
// (out of range or NaN → INT32_MIN, then keep the low bits: 300. → int8 44);
// uint8 and int64 through a 64-bit one (out of range or NaN → INT64_MIN, then
// the low bits: 300. → uint8 44, 1e10 → 0). Complex → real keeps the real part.
// Double → float16/bfloat16 rounds through float32, as c10 does.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <type_traits>

#include "engine/core/dtype.h"

namespace tsh {

template <typename T> struct is_complex_t : std::false_type {};
template <typename T> struct is_complex_t<std::complex<T>> : std::true_type {};
template <typename T> constexpr bool is_complex_v = is_complex_t<T>::value;

template <typename T>
constexpr bool is_float_v = std::is_floating_point_v<T> || std::is_same_v<T, Half> ||
                            std::is_same_v<T, BFloat16>;

// x86's cvttsd2si with a 32-bit destination.
inline int32_t x86_trunc_i32(double v) {
  if (!(v > -2147483649.0 && v < 2147483648.0)) return INT32_MIN;
  return static_cast<int32_t>(v);
}
// x86's cvttsd2si with a 64-bit destination.
inline int64_t x86_trunc_i64(double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return INT64_MIN;
  return static_cast<int64_t>(v);
}

template <typename To, typename From>
inline To convert(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (is_complex_v<From> && !is_complex_v<To>) {
    if constexpr (std::is_same_v<To, bool>)
      return v.real() != 0 || v.imag() != 0;
    else
      return convert<To>(v.real());
  } else if constexpr (is_complex_v<To>) {
    using R = typename To::value_type;
    if constexpr (is_complex_v<From>)
      return To(static_cast<R>(v.real()), static_cast<R>(v.imag()));
    else
      return To(convert<R>(v), 0);
  } else if constexpr (std::is_same_v<To, bool>) {
    return static_cast<double>(v) != 0;  // NaN != 0, so NaN converts to true
  } else if constexpr (is_float_v<From> && std::is_integral_v<To>) {
    double d = static_cast<double>(static_cast<std::conditional_t<std::is_same_v<From, double>, double, float>>(v));
    if constexpr (std::is_same_v<To, int64_t> || std::is_same_v<To, uint8_t>)
      return static_cast<To>(x86_trunc_i64(d));
    else
      return static_cast<To>(x86_trunc_i32(d));
  } else if constexpr (std::is_same_v<To, Half> || std::is_same_v<To, BFloat16>) {
    return To(static_cast<float>(v));
  } else if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) {
    return static_cast<To>(static_cast<float>(v));
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace tsh
