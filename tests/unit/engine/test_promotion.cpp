// tests/unit/engine/test_promotion.cpp — torch.result_type, pair by pair, for every priority class.
//
// The tables were read from torch 1.13 (torch.result_type on tensors with a
// dim, 0-d tensors, and Python numbers). Row = first operand's dtype, column
// = second's, in TSH_DTYPES order; "ER" marks complex32 (ComplexHalf), a
// dtype tsh does not have: tsh raises there.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/ops/promotion.h"

using namespace tsh;

namespace {

const char* kCodes[] = {"b1", "u1", "i1", "i2", "i4", "i8", "f2", "bf", "f4", "f8", "c4", "c8"};

std::vector<std::string> split(const std::string& row) {
  std::istringstream in(row);
  std::vector<std::string> out;
  for (std::string w; in >> w;)
    if (w != "|") out.push_back(w);
  return out;
}

std::string code(DType d) { return kCodes[static_cast<int>(d)]; }

std::string result_code(PromotionOperand a, PromotionOperand b) {
  try {
    return code(result_type({a, b}));
  } catch (const RuntimeError&) {
    return "ER";
  }
}

void check_table(const char* const rows[12], Priority pa, Priority pb) {
  for (int i = 0; i < 12; ++i) {
    auto want = split(rows[i]);
    REQUIRE(want.size() == 12);
    for (int j = 0; j < 12; ++j) {
      INFO("row " << kCodes[i] << " column " << kCodes[j]);
      CHECK(result_code({static_cast<DType>(i), pa}, {static_cast<DType>(j), pb}) == want[j]);
    }
  }
}

const char* const kDimDim[12] = {
    "b1 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8", "u1 u1 i2 i2 i4 i8 f2 bf f4 f8 c4 c8",
    "i1 i2 i1 i2 i4 i8 f2 bf f4 f8 c4 c8", "i2 i2 i2 i2 i4 i8 f2 bf f4 f8 c4 c8",
    "i4 i4 i4 i4 i4 i8 f2 bf f4 f8 c4 c8", "i8 i8 i8 i8 i8 i8 f2 bf f4 f8 c4 c8",
    "f2 f2 f2 f2 f2 f2 f2 f4 f4 f8 c4 c8", "bf bf bf bf bf bf f4 bf f4 f8 c4 c8",
    "f4 f4 f4 f4 f4 f4 f4 f4 f4 f8 c4 c8", "f8 f8 f8 f8 f8 f8 f8 f8 f8 f8 c8 c8",
    "c4 c4 c4 c4 c4 c4 c4 c4 c4 c8 c4 c8", "c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8",
};
const char* const kDimZero[12] = {
    "b1 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8", "u1 u1 u1 u1 u1 u1 f2 bf f4 f8 c4 c8",
    "i1 i1 i1 i1 i1 i1 f2 bf f4 f8 c4 c8", "i2 i2 i2 i2 i2 i2 f2 bf f4 f8 c4 c8",
    "i4 i4 i4 i4 i4 i4 f2 bf f4 f8 c4 c8", "i8 i8 i8 i8 i8 i8 f2 bf f4 f8 c4 c8",
    "f2 f2 f2 f2 f2 f2 f2 f2 f2 f2 ER ER", "bf bf bf bf bf bf bf bf bf bf c4 c4",
    "f4 f4 f4 f4 f4 f4 f4 f4 f4 f4 c4 c4", "f8 f8 f8 f8 f8 f8 f8 f8 f8 f8 c8 c8",
    "c4 c4 c4 c4 c4 c4 c4 c4 c4 c4 c4 c4", "c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8",
};
const char* const kZeroDim[12] = {
    "b1 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8", "u1 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8",
    "i1 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8", "i2 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8",
    "i4 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8", "i8 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8",
    "f2 f2 f2 f2 f2 f2 f2 bf f4 f8 c4 c8", "bf bf bf bf bf bf f2 bf f4 f8 c4 c8",
    "f4 f4 f4 f4 f4 f4 f2 bf f4 f8 c4 c8", "f8 f8 f8 f8 f8 f8 f2 bf f4 f8 c4 c8",
    "c4 c4 c4 c4 c4 c4 ER c4 c4 c8 c4 c8", "c8 c8 c8 c8 c8 c8 ER c4 c4 c8 c4 c8",
};

// Tensor (dimensioned | 0-d) with the numbers True, 2, 2.5, 1j.
const char* const kWithNumbers[12] = {
    "b1 i8 f4 c4 | b1 i8 f4 c4", "u1 u1 f4 c4 | u1 u1 f4 c4", "i1 i1 f4 c4 | i1 i1 f4 c4",
    "i2 i2 f4 c4 | i2 i2 f4 c4", "i4 i4 f4 c4 | i4 i4 f4 c4", "i8 i8 f4 c4 | i8 i8 f4 c4",
    "f2 f2 f2 ER | f2 f2 f2 ER", "bf bf bf c4 | bf bf bf c4", "f4 f4 f4 c4 | f4 f4 f4 c4",
    "f8 f8 f8 c8 | f8 f8 f8 c8", "c4 c4 c4 c4 | c4 c4 c4 c4", "c8 c8 c8 c8 | c8 c8 c8 c8",
};
// The same with set_default_dtype(torch.float64), dimensioned tensors only.
const char* const kWithNumbersF64[12] = {
    "b1 i8 f8 c8", "u1 u1 f8 c8", "i1 i1 f8 c8", "i2 i2 f8 c8", "i4 i4 f8 c8", "i8 i8 f8 c8",
    "f2 f2 f2 ER", "bf bf bf c4", "f4 f4 f4 c4", "f8 f8 f8 c8", "c4 c4 c4 c4", "c8 c8 c8 c8",
};

const Scalar kNumbers[4] = {Scalar(true), Scalar(int64_t{2}), Scalar(2.5), Scalar(std::complex<double>(0, 1))};

}  // namespace

TEST_CASE("result_type: two dimensioned tensors promote with promote_types", "[promotion]") {
  check_table(kDimDim, Priority::Dimensioned, Priority::Dimensioned);
}

TEST_CASE("result_type: a 0-d tensor counts only when of a higher category", "[promotion]") {
  check_table(kDimZero, Priority::Dimensioned, Priority::ZeroDim);
  check_table(kZeroDim, Priority::ZeroDim, Priority::Dimensioned);
}

TEST_CASE("result_type: two 0-d tensors promote like dimensioned ones", "[promotion]") {
  check_table(kDimDim, Priority::ZeroDim, Priority::ZeroDim);
}

TEST_CASE("result_type: Python numbers take the default dtypes and never widen a category", "[promotion]") {
  for (int i = 0; i < 12; ++i) {
    auto want = split(kWithNumbers[i]);
    for (int k = 0; k < 4; ++k) {
      INFO("dtype " << kCodes[i] << " number " << k);
      CHECK(result_code({static_cast<DType>(i), Priority::Dimensioned}, promotion_operand(kNumbers[k])) == want[k]);
      CHECK(result_code({static_cast<DType>(i), Priority::ZeroDim}, promotion_operand(kNumbers[k])) == want[4 + k]);
    }
  }
  // number with number: True, 2, 2.5, 1j against each other
  const std::string want = "b1 i8 f4 c4 i8 i8 f4 c4 f4 f4 f4 c4 c4 c4 c4 c4";
  std::string got;
  for (const Scalar& x : kNumbers)
    for (const Scalar& y : kNumbers)
      got += (got.empty() ? "" : " ") + code(result_type({promotion_operand(x), promotion_operand(y)}));
  CHECK(got == want);
}

TEST_CASE("result_type: numbers follow set_default_dtype", "[promotion]") {
  set_default_dtype(DType::Float64);
  for (int i = 0; i < 12; ++i) {
    auto want = split(kWithNumbersF64[i]);
    for (int k = 0; k < 4; ++k) {
      INFO("dtype " << kCodes[i] << " number " << k);
      CHECK(result_code({static_cast<DType>(i), Priority::Dimensioned}, promotion_operand(kNumbers[k])) == want[k]);
    }
  }
  set_default_dtype(DType::Float32);
}

TEST_CASE("result_type: three classes at once", "[promotion]") {
  // int8 tensor, 0-d int64 and a Python float: the float lifts to the default float dtype.
  CHECK(result_type({{DType::Int8, Priority::Dimensioned}, {DType::Int64, Priority::ZeroDim},
                     promotion_operand(Scalar(2.5))}) == DType::Float32);
  // float16 tensor, 0-d float64, Python int: stays float16.
  CHECK(result_type({{DType::Float16, Priority::Dimensioned}, {DType::Float64, Priority::ZeroDim},
                     promotion_operand(Scalar(int64_t{1}))}) == DType::Float16);
  // bool tensor, 0-d uint8 (integer category above bool): uint8.
  CHECK(result_type({{DType::Bool, Priority::Dimensioned}, {DType::UInt8, Priority::ZeroDim}}) == DType::UInt8);
  CHECK(dtype_category(DType::Bool) == 0);
  CHECK(dtype_category(DType::UInt8) == 1);
  CHECK(dtype_category(DType::BFloat16) == 2);
  CHECK(dtype_category(DType::Complex128) == 3);
}
