// engine/core/dtype.h — the fifteen element types, declared once.
//
// TSH_DTYPES is the single list: it generates the enum, the names, the item
// sizes and the C++ type of each dtype. Order matters: it is PyTorch's
// promotion order within each category, and the promotion table in dtype.cpp
// is indexed by it. The three wide unsigned types come last, as in PyTorch's
// ScalarType: PyTorch 2.x gives them few ops and refuses to promote them with
// the other integers; NumPy gives them everything.
#pragma once

#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/half.h"

namespace tsh {

// X(Enum, C++ type, name after "torch.", legacy tensor type name,
//   the C++ type name PyTorch's own messages print, e.g. "long int")
#define TSH_DTYPES(X)                                                                \
  X(Bool, bool, "bool", "BoolTensor", "bool")                                        \
  X(UInt8, uint8_t, "uint8", "ByteTensor", "unsigned char")                          \
  X(Int8, int8_t, "int8", "CharTensor", "signed char")                               \
  X(Int16, int16_t, "int16", "ShortTensor", "short int")                             \
  X(Int32, int32_t, "int32", "IntTensor", "int")                                     \
  X(Int64, int64_t, "int64", "LongTensor", "long int")                               \
  X(Float16, Half, "float16", "HalfTensor", "c10::Half")                             \
  X(BFloat16, BFloat16, "bfloat16", "BFloat16Tensor", "c10::BFloat16")               \
  X(Float32, float, "float32", "FloatTensor", "float")                               \
  X(Float64, double, "float64", "DoubleTensor", "double")                            \
  X(Complex64, std::complex<float>, "complex64", "ComplexFloatTensor", "c10::complex<float>") \
  X(Complex128, std::complex<double>, "complex128", "ComplexDoubleTensor", "c10::complex<double>") \
  X(UInt16, uint16_t, "uint16", "UInt16Tensor", "unsigned short")                   \
  X(UInt32, uint32_t, "uint32", "UInt32Tensor", "unsigned int")                     \
  X(UInt64, uint64_t, "uint64", "UInt64Tensor", "long unsigned int")

enum class DType : uint8_t {
#define TSH_ENUM(e, T, n, l, c) e,
  TSH_DTYPES(TSH_ENUM)
#undef TSH_ENUM
};
constexpr int kNumDTypes = 15;

// C++ element type of a dtype: CType<DType::Float32> is float.
template <DType D> struct CTypeOf;
#define TSH_CTYPE(e, T, n, l, c) \
  template <> struct CTypeOf<DType::e> { using type = T; };
TSH_DTYPES(TSH_CTYPE)
#undef TSH_CTYPE
template <DType D> using CType = typename CTypeOf<D>::type;

// The dtype of a C++ element type: dtype_of<float> == DType::Float32.
template <typename T> constexpr DType dtype_of();
#define TSH_DTYPE_OF(e, T, n, l, c) \
  template <> constexpr DType dtype_of<T>() { return DType::e; }
TSH_DTYPES(TSH_DTYPE_OF)
#undef TSH_DTYPE_OF

std::string_view dtype_name(DType d);         // "float32"
std::string dtype_repr(DType d);              // "torch.float32"
std::string_view legacy_type_name(DType d);   // "FloatTensor"
// The C++ type name PyTorch prints in its messages: "long int", "c10::Half".
const char* typemeta_name(DType d);
std::optional<DType> dtype_from_name(std::string_view name);  // "float", "double", "long", "float32", ...
// Bytes per element (inline: every view and kernel asks).
inline int64_t itemsize(DType d) {
  constexpr int64_t kSizes[] = {
#define TSH_SIZE(e, T, n, l, c) static_cast<int64_t>(sizeof(T)),
      TSH_DTYPES(TSH_SIZE)
#undef TSH_SIZE
  };
  return kSizes[static_cast<int>(d)];
}

inline bool is_complex(DType d) { return d == DType::Complex64 || d == DType::Complex128; }
inline bool is_floating(DType d) {
  return d == DType::Float16 || d == DType::BFloat16 || d == DType::Float32 || d == DType::Float64;
}
// uint16, uint32 and uint64: the unsigned types past uint8.
inline bool is_wide_unsigned(DType d) { return d >= DType::UInt16; }
inline bool is_unsigned(DType d) { return d == DType::UInt8 || is_wide_unsigned(d); }
inline bool is_integral(DType d, bool include_bool) {
  return (d <= DType::Int64 || is_wide_unsigned(d)) && (include_bool || d != DType::Bool);
}
// The real dtype of a complex one (complex64 → float32); others unchanged.
DType to_real(DType d);
// The complex dtype matching a floating one (float64 → complex128).
DType to_complex(DType d);

// PyTorch's promote_types: the smallest dtype both convert to safely. PyTorch
// refuses to promote uint16/32/64 with any other integer or complex dtype:
// that is its RuntimeError here.
DType promote_types(DType a, DType b);
// can_cast(from, to): false only when casting down a category (float → int, complex → float, ... → bool).
bool can_cast(DType from, DType to);

// The default floating dtype (float32 unless set_default_dtype changed it).
DType default_dtype();
void set_default_dtype(DType d);  // throws TypeError unless float32 or float64 (or 16-bit floats)
DType default_complex_dtype();

// Calls f.template operator()<T>() with T the C++ type of d.
// Usage: dispatch(d, [&]<typename T>() { ... });
template <typename F>
decltype(auto) dispatch(DType d, F&& f) {
  switch (d) {
#define TSH_CASE(e, T, n, l, c) \
  case DType::e:             \
    return f.template operator()<T>();
    TSH_DTYPES(TSH_CASE)
#undef TSH_CASE
  }
  __builtin_unreachable();
}

// PyTorch's ScalarType name of a dtype ("Float", "Long", "ComplexFloat"), as
// in "\"arange_cpu\" not implemented for 'Bool'".
const char* scalar_type_name(DType d);

}  // namespace tsh
