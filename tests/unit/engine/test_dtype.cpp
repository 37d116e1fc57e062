// tests/unit/engine/test_dtype.cpp — the dtype table: names, sizes, categories, promotion and can_cast.
//
// Expected values were read from torch 1.13 (torch.promote_types,
// torch.can_cast, tensor.type(), element_size()) and pasted here as literals.
#include <catch2/catch.hpp>

#include "engine/core/dtype.h"
#include "engine/core/error.h"

using namespace tsh;

namespace {

constexpr DType b1 = DType::Bool, u1 = DType::UInt8, i1 = DType::Int8, i2 = DType::Int16,
                i4 = DType::Int32, i8 = DType::Int64, f2 = DType::Float16, bf = DType::BFloat16,
                f4 = DType::Float32, f8 = DType::Float64, c4 = DType::Complex64,
                c8 = DType::Complex128, u2 = DType::UInt16, u4 = DType::UInt32, u8 = DType::UInt64;
// The twelve dtypes PyTorch promotes among themselves; the wide unsigned ones are tested apart.
constexpr int kClassic = 12;
constexpr DType kAll[kClassic] = {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c4, c8};
constexpr DType kEvery[kNumDTypes] = {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c4, c8, u2, u4, u8};

// torch.promote_types(row, column).
const DType kExpectedPromote[kClassic][kClassic] = {
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

// torch.can_cast(row, column): false only when going down a category.
const bool kExpectedCanCast[kClassic][kClassic] = {
    {true, true, true, true, true, true, true, true, true, true, true, true},
    {false, true, true, true, true, true, true, true, true, true, true, true},
    {false, true, true, true, true, true, true, true, true, true, true, true},
    {false, true, true, true, true, true, true, true, true, true, true, true},
    {false, true, true, true, true, true, true, true, true, true, true, true},
    {false, true, true, true, true, true, true, true, true, true, true, true},
    {false, false, false, false, false, false, true, true, true, true, true, true},
    {false, false, false, false, false, false, true, true, true, true, true, true},
    {false, false, false, false, false, false, true, true, true, true, true, true},
    {false, false, false, false, false, false, true, true, true, true, true, true},
    {false, false, false, false, false, false, false, false, false, false, true, true},
    {false, false, false, false, false, false, false, false, false, false, true, true},
};

struct NameInfo {
  const char* name;
  int64_t size;
  const char* legacy;  // tensor.type() without "torch."
};
const NameInfo kNames[kNumDTypes] = {
    {"bool", 1, "BoolTensor"},         {"uint8", 1, "ByteTensor"},
    {"int8", 1, "CharTensor"},         {"int16", 2, "ShortTensor"},
    {"int32", 4, "IntTensor"},         {"int64", 8, "LongTensor"},
    {"float16", 2, "HalfTensor"},      {"bfloat16", 2, "BFloat16Tensor"},
    {"float32", 4, "FloatTensor"},     {"float64", 8, "DoubleTensor"},
    {"complex64", 8, "ComplexFloatTensor"}, {"complex128", 16, "ComplexDoubleTensor"},
    {"uint16", 2, "UInt16Tensor"},     {"uint32", 4, "UInt32Tensor"},
    {"uint64", 8, "UInt64Tensor"},
};

}  // namespace

TEST_CASE("promote_types matches torch.promote_types for all 144 pairs", "[dtype]") {
  for (int a = 0; a < kClassic; ++a) {
    for (int b = 0; b < kClassic; ++b) {
      INFO(dtype_name(kAll[a]) << " x " << dtype_name(kAll[b]));
      CHECK(promote_types(kAll[a], kAll[b]) == kExpectedPromote[a][b]);
    }
  }
}

TEST_CASE("promote_types is symmetric and idempotent", "[dtype]") {
  for (DType a : kAll) {
    CHECK(promote_types(a, a) == a);
    for (DType b : kAll) CHECK(promote_types(a, b) == promote_types(b, a));
  }
}

TEST_CASE("mixed-category promotion: the higher category wins, 16-bit floats meet at float32",
          "[dtype]") {
  CHECK(promote_types(DType::UInt8, DType::Int8) == DType::Int16);
  CHECK(promote_types(DType::Int64, DType::Float16) == DType::Float16);
  CHECK(promote_types(DType::Float16, DType::BFloat16) == DType::Float32);
  CHECK(promote_types(DType::Float64, DType::Complex64) == DType::Complex128);
  CHECK(promote_types(DType::Bool, DType::Bool) == DType::Bool);
}

TEST_CASE("can_cast matches torch.can_cast for all 144 pairs", "[dtype]") {
  for (int a = 0; a < kClassic; ++a) {
    for (int b = 0; b < kClassic; ++b) {
      INFO(dtype_name(kAll[a]) << " -> " << dtype_name(kAll[b]));
      CHECK(can_cast(kAll[a], kAll[b]) == kExpectedCanCast[a][b]);
    }
  }
}

TEST_CASE("dtype names, item sizes and legacy tensor type names", "[dtype]") {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType d = kEvery[i];
    CHECK(dtype_name(d) == kNames[i].name);
    CHECK(dtype_repr(d) == std::string("torch.") + kNames[i].name);
    CHECK(itemsize(d) == kNames[i].size);
    CHECK(legacy_type_name(d) == kNames[i].legacy);
    CHECK(dtype_from_name(kNames[i].name) == d);
  }
}

TEST_CASE("every torch attribute that names one of our dtypes resolves", "[dtype]") {
  const std::pair<const char*, DType> aliases[] = {
      {"bfloat16", bf}, {"bool", b1},   {"cdouble", c8}, {"cfloat", c4},   {"complex128", c8},
      {"complex64", c4}, {"double", f8}, {"float", f4},   {"float16", f2},  {"float32", f4},
      {"float64", f8},  {"half", f2},   {"int", i4},     {"int16", i2},    {"int32", i4},
      {"int64", i8},    {"int8", i1},   {"long", i8},    {"short", i2},    {"uint8", u1},
      {"uint16", u2},   {"uint32", u4}, {"uint64", u8}};
  for (const auto& [name, d] : aliases) {
    INFO(name);
    CHECK(dtype_from_name(name) == d);
  }
  CHECK_FALSE(dtype_from_name("float128").has_value());
  CHECK_FALSE(dtype_from_name("Float").has_value());
}

TEST_CASE("uint16/32/64 promote only with themselves and the floats, as PyTorch 2.x", "[dtype]") {
  // torch.promote_types and torch.can_cast of PyTorch 2.15, pair by pair.
  for (DType u : {u2, u4, u8}) {
    INFO(dtype_name(u));
    for (DType other : kEvery) {
      INFO(dtype_name(other));
      if (other == u || is_floating(other)) {
        const DType want = other == u ? u : other;
        CHECK(promote_types(u, other) == want);
        CHECK(promote_types(other, u) == want);
      } else {
        CHECK_THROWS_WITH(promote_types(u, other),
                          std::string("Promotion for uint16, uint32, uint64 types is not supported, attempted to "
                                      "promote ") + scalar_type_name(u) + " and " + scalar_type_name(other));
      }
      CHECK(can_cast(u, other) == (other != b1));
      CHECK(can_cast(other, u) == (!is_floating(other) && !is_complex(other)));
    }
    CHECK(is_integral(u, false));
    CHECK(is_unsigned(u));
    CHECK(is_wide_unsigned(u));
  }
  CHECK(is_unsigned(u1));
  CHECK_FALSE(is_wide_unsigned(u1));
  CHECK_FALSE(is_unsigned(i8));
}

TEST_CASE("dtype categories", "[dtype]") {
  for (DType d : kEvery) {
    INFO(dtype_name(d));
    int kinds = (d == DType::Bool) + is_integral(d, false) + is_floating(d) + is_complex(d);
    CHECK(kinds == 1);  // every dtype is in exactly one category
    CHECK(is_integral(d, true) == (d == DType::Bool || is_integral(d, false)));
  }
  CHECK(to_real(DType::Complex64) == DType::Float32);
  CHECK(to_real(DType::Complex128) == DType::Float64);
  CHECK(to_real(DType::Int8) == DType::Int8);
  CHECK(to_complex(DType::Float64) == DType::Complex128);
  CHECK(to_complex(DType::Float32) == DType::Complex64);
}

TEST_CASE("the default dtype decides the default complex dtype", "[dtype]") {
  REQUIRE(default_dtype() == DType::Float32);
  CHECK(default_complex_dtype() == DType::Complex64);
  set_default_dtype(DType::Float64);
  CHECK(default_dtype() == DType::Float64);
  CHECK(default_complex_dtype() == DType::Complex128);
  set_default_dtype(DType::Float32);
  CHECK(default_complex_dtype() == DType::Complex64);
  // torch.set_default_dtype(torch.int32)
  CHECK_THROWS_MATCHES(set_default_dtype(DType::Int32), TypeError,
                       Catch::Message("only floating-point types are supported as the default type"));
  CHECK_THROWS_AS(set_default_dtype(DType::Complex64), TypeError);
  CHECK(default_dtype() == DType::Float32);
}
