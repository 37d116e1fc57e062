// engine/cuda/dispatch.h — from a runtime dtype to a kernel's device element type, for the CUDA kernels.
//
// A kernel is a function object with `template <typename T> void operator()()`
// (nvcc does not allow device lambdas inside generic lambdas). Each entry
// point instantiates it only for the dtype families it names, so nvcc
// compiles no code a kernel cannot run; any other dtype raises PyTorch's
// "\"<kernel>\" not implemented for '<Type>'".
#pragma once

#include "engine/core/scalar.h"
#include "engine/cuda/portable.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace family {
constexpr unsigned kBool = 1, kInt = 2, kFloat = 4, kComplex = 8;
}  // namespace family

template <unsigned Families, typename F> void dispatch(DType d, const char* name, F&& f) {
  using namespace family;
  switch (d) {
    case DType::Bool:
      if constexpr ((Families & kBool) != 0) return f.template operator()<bool>();
      break;
    case DType::UInt8:
      if constexpr ((Families & kInt) != 0) return f.template operator()<uint8_t>();
      break;
    case DType::Int8:
      if constexpr ((Families & kInt) != 0) return f.template operator()<int8_t>();
      break;
    case DType::Int16:
      if constexpr ((Families & kInt) != 0) return f.template operator()<int16_t>();
      break;
    case DType::Int32:
      if constexpr ((Families & kInt) != 0) return f.template operator()<int32_t>();
      break;
    case DType::Int64:
      if constexpr ((Families & kInt) != 0) return f.template operator()<int64_t>();
      break;
    case DType::Float16:
      if constexpr ((Families & kFloat) != 0) return f.template operator()<f16>();
      break;
    case DType::BFloat16:
      if constexpr ((Families & kFloat) != 0) return f.template operator()<bf16>();
      break;
    case DType::Float32:
      if constexpr ((Families & kFloat) != 0) return f.template operator()<float>();
      break;
    case DType::Float64:
      if constexpr ((Families & kFloat) != 0) return f.template operator()<double>();
      break;
    case DType::Complex64:
      if constexpr ((Families & kComplex) != 0) return f.template operator()<cplx<float>>();
      break;
    case DType::Complex128:
      if constexpr ((Families & kComplex) != 0) return f.template operator()<cplx<double>>();
      break;    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64: break;  // PyTorch's CUDA kernels take no wide unsigned dtype either
  }
  kernels::not_implemented_for(name, d);
}

// Every dtype.
template <typename F> void dispatch_all(DType d, F&& f) {
  using namespace family;
  dispatch<kBool | kInt | kFloat | kComplex>(d, "", static_cast<F&&>(f));
}
// Everything but complex (what can be ordered).
template <typename F> void dispatch_real(DType d, const char* name, F&& f) {
  using namespace family;
  dispatch<kBool | kInt | kFloat>(d, name, static_cast<F&&>(f));
}
// Integers and floats.
template <typename F> void dispatch_numeric(DType d, const char* name, F&& f) {
  using namespace family;
  dispatch<kInt | kFloat>(d, name, static_cast<F&&>(f));
}
// The four floating dtypes.
template <typename F> void dispatch_float(DType d, const char* name, F&& f) {
  dispatch<family::kFloat>(d, name, static_cast<F&&>(f));
}

// Calls f.template operator()<W>() with W an element carrier of `size` bytes (kernels that only move elements).
template <typename F> void dispatch_size(int64_t size, F&& f) {
  switch (size) {
    case 1: f.template operator()<uint8_t>(); return;
    case 2: f.template operator()<uint16_t>(); return;
    case 4: f.template operator()<uint32_t>(); return;
    case 8: f.template operator()<uint64_t>(); return;
    default: f.template operator()<cplx<double>>(); return;
  }
}

// A Python number as element type T, as the CPU's fills convert it: an integer
// goes straight to T (one rounding), a float or complex through double.
template <typename T> T scalar_value(const Scalar& v) {
  if constexpr (is_cplx_v<T>) {
    using R = decltype(T{}.re);
    const std::complex<double> c = v.to_complex();
    return T(static_cast<R>(c.real()), static_cast<R>(c.imag()));
  } else if constexpr (std::is_same_v<T, bool>) {
    return v.to_bool();
  } else if constexpr (std::is_integral_v<T>) {
    return v.is_float() || v.is_complex() ? static_cast<T>(v.to_double()) : static_cast<T>(v.to_int());
  } else if (v.is_int() && !v.is_uint()) {
    return cast<T>(v.to_int());
  } else {
    return cast<T>(v.to_double());
  }
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
