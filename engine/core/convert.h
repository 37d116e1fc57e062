// engine/core/convert.h — converting one element between dtypes, as PyTorch does on x86-64.
//
// Float → integer truncates toward zero. Values out of range and NaN give what
// the x86 conversion instructions give inside PyTorch's kernels, checked
// against torch 1.13: int8/int16/int32 convert through a 32-bit conversion
// (out of range or NaN → INT32_MIN, then keep the low bits: 300. → int8 44);
// uint8 and int64 through a 64-bit one (out of range or NaN → INT64_MIN, then
// the low bits: 300. → uint8 44, 1e10 → 0). Complex → real keeps the real part.
// Double → float16/bfloat16 rounds through float32, as c10 does.
// scalar_to<T>() adds c10's overflow check for Scalar arguments (fill values, bounds).
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "engine/core/dtype.h"
#include "engine/core/error.h"
#include "engine/core/scalar.h"

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
// What x86 compilers emit for double → uint32 and double → uint64 (and what
// PyTorch and NumPy print): a signed truncation below 2**(N-1), above it a
// truncation of v - 2**(N-1) with the top bit flipped back. Out-of-range and NaN
// inputs land where that sequence puts them (NaN: 0 for uint32, 2**63 for uint64).
inline uint32_t x86_trunc_u32(double v) {
  if (v < 2147483648.0) return static_cast<uint32_t>(x86_trunc_i32(v));
  return static_cast<uint32_t>(x86_trunc_i32(v - 2147483648.0)) ^ 0x80000000u;
}
inline uint64_t x86_trunc_u64(double v) {
  if (v >= 9223372036854775808.0)
    return static_cast<uint64_t>(x86_trunc_i64(v - 9223372036854775808.0)) ^ (uint64_t{1} << 63);
  return static_cast<uint64_t>(x86_trunc_i64(v));
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
    if constexpr (std::is_same_v<To, uint64_t>)
      return x86_trunc_u64(d);
    else if constexpr (std::is_same_v<To, uint32_t>)
      return x86_trunc_u32(d);
    else if constexpr (std::is_same_v<To, int64_t> || std::is_same_v<To, uint8_t>)
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

// ---------------------------------------------------------------------------
// Checked conversion of a Scalar argument to an element type, as c10's
// Scalar::to<T>() does for fill values and range bounds: a value outside the
// target's finite range (NaN for integers, an imaginary part for reals)
// throws RuntimeError "value cannot be converted to type uint8_t without
// overflow". Conversion to bool is never checked. Integers may wrap into
// uint8 from below (-1 → 255, down to -255), as PyTorch allows.
namespace tsh {

// PyTorch's C++ spelling of each element type, used in the overflow message.
template <typename T> constexpr const char* cpp_type_name() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<T, int32_t>) return "int";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16";
  else if constexpr (std::is_same_v<T, uint32_t>) return "uint32";
  else if constexpr (std::is_same_v<T, uint64_t>) return "uint64";
  else if constexpr (std::is_same_v<T, Half>) return "at::Half";
  else if constexpr (std::is_same_v<T, BFloat16>) return "at::BFloat16";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, std::complex<float>>) return "c10::complex<float>";
  else return "c10::complex<double>";
}

namespace detail {
// The finite range of a real element type, as doubles.
template <typename R> constexpr double range_lowest() {
  if constexpr (std::is_same_v<R, Half>) return -65504.0;
  else if constexpr (std::is_same_v<R, BFloat16>) return -3.3895313892515355e38;
  else return static_cast<double>(std::numeric_limits<R>::lowest());
}
template <typename R> constexpr double range_max() {
  if constexpr (std::is_same_v<R, Half>) return 65504.0;
  else if constexpr (std::is_same_v<R, BFloat16>) return 3.3895313892515355e38;
  else return static_cast<double>(std::numeric_limits<R>::max());
}
template <typename T> struct real_of { using type = T; };
template <typename T> struct real_of<std::complex<T>> { using type = T; };

// c10::overflows for a double source.
template <typename R> bool double_overflows(double f) {
  if constexpr (is_float_v<R>) {
    if (std::isinf(f) || std::isnan(f)) return false;
  } else {
    if (std::isnan(f)) return true;
  }
  return f < range_lowest<R>() || f > range_max<R>();
}
// c10::overflows for a uint64 source (Scalar::from_uint64, always >= 2**63).
template <typename R> bool uint_overflows(uint64_t f) {
  if constexpr (std::is_integral_v<R>) {
    return f > static_cast<uint64_t>(std::numeric_limits<R>::max());
  } else {
    using F = std::conditional_t<std::is_same_v<R, double>, double, float>;
    return static_cast<F>(f) > static_cast<F>(range_max<R>());
  }
}
// c10::overflows for an int64 source.
template <typename R> bool int_overflows(int64_t f) {
  if constexpr (std::is_integral_v<R> && std::is_unsigned_v<R> && !std::is_same_v<R, bool>) {
    // Negative values may wrap (two's complement), down to -max (-255 for uint8).
    constexpr uint64_t kMax = std::numeric_limits<R>::max();
    return (f > 0 && static_cast<uint64_t>(f) > kMax) || (f < 0 && -static_cast<uint64_t>(f) > kMax);
  } else if constexpr (std::is_integral_v<R>) {
    return f < static_cast<int64_t>(std::numeric_limits<R>::lowest()) ||
           f > static_cast<int64_t>(std::numeric_limits<R>::max());
  } else {
    // Compared in the float type, as C++'s usual conversions do.
    using F = std::conditional_t<std::is_same_v<R, double>, double, float>;
    return static_cast<F>(f) < static_cast<F>(range_lowest<R>()) ||
           static_cast<F>(f) > static_cast<F>(range_max<R>());
  }
}
}  // namespace detail

template <typename To> bool scalar_overflows(const Scalar& s) {
  using R = typename detail::real_of<To>::type;
  if constexpr (std::is_same_v<To, bool>) {
    return false;
  } else {
    switch (s.kind()) {
      case Scalar::Kind::Bool: return false;
      case Scalar::Kind::Int:
        return s.is_uint() ? detail::uint_overflows<R>(static_cast<uint64_t>(s.to_int()))
                           : detail::int_overflows<R>(s.to_int());
      case Scalar::Kind::Float: return detail::double_overflows<R>(s.to_double());
      case Scalar::Kind::Complex: {
        std::complex<double> z = s.to_complex();
        if (!is_complex_v<To> && z.imag() != 0) return true;
        return detail::double_overflows<R>(z.real()) || detail::double_overflows<R>(z.imag());
      }
    }
    return false;
  }
}

// s converted to To, or RuntimeError when it does not fit (c10's Scalar::to<To>()).
template <typename To> To scalar_to(const Scalar& s) {
  if (scalar_overflows<To>(s))
    throw RuntimeError(std::string("value cannot be converted to type ") + cpp_type_name<To>() +
                       " without overflow");
  if constexpr (std::is_same_v<To, bool>) {
    return s.to_bool();
  } else if constexpr (is_complex_v<To>) {
    return convert<To>(s.to_complex());
  } else {
    switch (s.kind()) {
      case Scalar::Kind::Bool:
      case Scalar::Kind::Int:
        if constexpr (std::is_integral_v<To>)  // modulo 2^N from the bits, which a uint64 Scalar keeps too
          return static_cast<To>(static_cast<uint64_t>(s.to_int()));
        else
          return s.is_uint() ? convert<To>(s.to_double()) : convert<To>(s.to_int());
      case Scalar::Kind::Float: return convert<To>(s.to_double());
      case Scalar::Kind::Complex: return convert<To>(s.to_complex().real());
    }
    return To();
  }
}

// Throws as scalar_to would when s does not fit dtype d.
inline void check_scalar_fits(const Scalar& s, DType d) {
  dispatch(d, [&]<typename T>() { (void)scalar_to<T>(s); });
}

}  // namespace tsh
