// engine/core/dtype.cpp — dtype names, aliases, sizes and the promotion table.
#include "engine/core/dtype.h"

#include "engine/core/error.h"

namespace tsh {

namespace {

struct DTypeInfo {
  std::string_view name;
  std::string_view legacy;
  const char* typemeta;
};

constexpr DTypeInfo kInfo[kNumDTypes] = {
#define TSH_INFO(e, T, n, l, c) {n, l, c},
    TSH_DTYPES(TSH_INFO)
#undef TSH_INFO
};

// PyTorch's promote_types, read from torch 1.13 pair by pair (tests check it).
constexpr DType b1 = DType::Bool, u1 = DType::UInt8, i1 = DType::Int8, i2 = DType::Int16,
                i4 = DType::Int32, i8 = DType::Int64, f2 = DType::Float16, bf = DType::BFloat16,
                f4 = DType::Float32, f8 = DType::Float64, c4 = DType::Complex64,
                c8 = DType::Complex128, u2 = DType::UInt16, u4 = DType::UInt32,
                u8 = DType::UInt64;
// The table covers the twelve dtypes before the wide unsigned ones.
constexpr int kClassic = 12;
constexpr DType kPromote[kClassic][kClassic] = {
    {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    {u1, u1, i2, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    {i1, i2, i1, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    {i2, i2, i2, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    {i4, i4, i4, i4, i4, i8, f2, bf, f4, f8, c4, c8},
    {i8, i8, i8, i8, i8, i8, f2, bf, f4, f8, c4, c8},
    {f2, f2, f2, f2, f2, f2, f2, f4, f4, f8, c4, c8},
    {bf, bf, bf, bf, bf, bf, f4, bf, f4, f8, c4, c8},
    {f4, f4, f4, f4, f4, f4, f4, f4, f4, f8, c4, c8},
    {f8, f8, f8, f8, f8, f8, f8, f8, f8, f8, c8, c8},
    {c4, c4, c4, c4, c4, c4, c4, c4, c4, c8, c4, c8},
    {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
};

struct Alias {
  std::string_view name;
  DType dtype;
};
// Every attribute of `torch` that names a dtype.
constexpr Alias kAliases[] = {
    {"bool", b1},        {"uint8", u1},      {"int8", i1},         {"int16", i2},
    {"short", i2},       {"int32", i4},      {"int", i4},          {"int64", i8},
    {"long", i8},        {"float16", f2},    {"half", f2},         {"bfloat16", bf},
    {"float32", f4},     {"float", f4},      {"float64", f8},      {"double", f8},
    {"complex64", c4},   {"cfloat", c4},     {"complex128", c8},   {"cdouble", c8},
    {"uint16", u2},      {"uint32", u4},     {"uint64", u8},
};

DType g_default_dtype = DType::Float32;

int category(DType d) {
  if (d == DType::Bool) return 0;
  if (is_integral(d, false)) return 1;
  if (is_floating(d)) return 2;
  return 3;
}

}  // namespace

std::string_view dtype_name(DType d) { return kInfo[static_cast<int>(d)].name; }
std::string dtype_repr(DType d) { return "torch." + std::string(dtype_name(d)); }
std::string_view legacy_type_name(DType d) { return kInfo[static_cast<int>(d)].legacy; }
const char* typemeta_name(DType d) { return kInfo[static_cast<int>(d)].typemeta; }

std::optional<DType> dtype_from_name(std::string_view name) {
  for (const Alias& a : kAliases)
    if (a.name == name) return a.dtype;
  return std::nullopt;
}

DType to_real(DType d) {
  if (d == DType::Complex64) return DType::Float32;
  if (d == DType::Complex128) return DType::Float64;
  return d;
}

DType to_complex(DType d) {
  switch (d) {
    case DType::Float64: return DType::Complex128;
    case DType::Complex64:
    case DType::Complex128: return d;
    default: return DType::Complex64;
  }
}

DType promote_types(DType a, DType b) {
  if (!is_wide_unsigned(a) && !is_wide_unsigned(b))
    return kPromote[static_cast<int>(a)][static_cast<int>(b)];
  // uint16/32/64 meet only themselves and the floating dtypes (PyTorch 2.x).
  if (a == b) return a;
  if (is_floating(a)) return a;
  if (is_floating(b)) return b;
  throw RuntimeError(std::string("Promotion for uint16, uint32, uint64 types is not supported, "
                                 "attempted to promote ") +
                     scalar_type_name(a) + " and " + scalar_type_name(b));
}

bool can_cast(DType from, DType to) { return category(from) <= category(to); }

DType default_dtype() { return g_default_dtype; }

void set_default_dtype(DType d) {
  if (d != DType::Float32 && d != DType::Float64 && d != DType::Float16 && d != DType::BFloat16)
    throw TypeError("only floating-point types are supported as the default type");
  g_default_dtype = d;
}

DType default_complex_dtype() {
  return g_default_dtype == DType::Float64 ? DType::Complex128 : DType::Complex64;
}

const char* scalar_type_name(DType d) {
  switch (d) {
    case DType::Bool: return "Bool";
    case DType::UInt8: return "Byte";
    case DType::Int8: return "Char";
    case DType::Int16: return "Short";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float16: return "Half";
    case DType::BFloat16: return "BFloat16";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
    case DType::Complex64: return "ComplexFloat";
    case DType::Complex128: return "ComplexDouble";
    case DType::UInt16: return "UInt16";
    case DType::UInt32: return "UInt32";
    case DType::UInt64: return "UInt64";
  }
  return "";
}

}  // namespace tsh
