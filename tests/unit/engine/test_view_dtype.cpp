// tests/unit/engine/test_view_dtype.cpp — view_dtype: the same bytes read as another dtype.
//
// Expected sizes, strides, offsets and messages are PyTorch's (t.view(dtype)).
#include <catch2/catch.hpp>

#include <cstring>

#include "engine/core/error.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

Tensor int8s(const Shape& sizes) { return zeros(sizes, DType::Int8); }

std::string error_of(const Tensor& t, DType d) {
  try {
    view_dtype(t, d);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("same element size: new dtype, same geometry and bytes", "[views][view_dtype]") {
  Tensor t = transpose(zeros({2, 3}, DType::Float32), 0, 1);
  Tensor v = view_dtype(t, DType::Int32);
  CHECK(v.dtype() == DType::Int32);
  CHECK(v.sizes() == t.sizes());
  CHECK(v.strides() == t.strides());
  CHECK(v.storage() == t.storage());
  Tensor one = full({1}, Scalar(1.0), DType::Float32);
  CHECK(*view_dtype(one, DType::Int32).data<int32_t>() == 1065353216);
}

TEST_CASE("a smaller element grows the last dim and scales the other strides", "[views][view_dtype]") {
  Tensor t = zeros({3, 4}, DType::Int32);
  Tensor v = view_dtype(t, DType::Int16);
  CHECK(v.sizes() == Shape{3, 8});
  CHECK(v.strides() == Shape{8, 1});
  Tensor e = expand(zeros({1, 4}, DType::Int32), {3, 4});
  CHECK(view_dtype(e, DType::Int16).strides() == Shape{0, 1});
  CHECK(error_of(transpose(t, 0, 1), DType::Int16) ==
        "self.stride(-1) must be 1 to view Int as Short (different element sizes), but got 4");
  CHECK(error_of(zeros({}, DType::Float32), DType::Int16) ==
        "self.dim() cannot be 0 to view Float as Short (different element sizes)");
}

TEST_CASE("a larger element shrinks the last dim; size, offset and strides must divide", "[views][view_dtype]") {
  Tensor v = view_dtype(zeros({3, 4}, DType::Int16), DType::Int64);
  CHECK(v.sizes() == Shape{3, 1});
  CHECK(v.strides() == Shape{1, 1});
  Tensor s = slice(zeros({8}, DType::Int16), 0, 4, 8);
  CHECK(view_dtype(s, DType::Int64).storage_offset() == 1);
  CHECK(error_of(zeros({2, 3}, DType::Float32), DType::Float64) ==
        "self.size(-1) must be divisible by 2 to view Float as Double (different element sizes), but got 3");
  CHECK(error_of(slice(int8s({4}), 0, 1, 3), DType::Int16) ==
        "self.storage_offset() must be divisible by 2 to view Char as Short (different element sizes), but got 1");
  CHECK(error_of(slice(int8s({4}), 0, std::nullopt, std::nullopt, 2), DType::Int16) ==
        "self.stride(-1) must be 1 to view Char as Short (different element sizes), but got 2");
  CHECK(error_of(slice(int8s({3, 9}), 1, 2, 6), DType::Int16) ==
        "self.stride(0) must be divisible by 2 to view Char as Short (different element sizes), but got 9");
  // The size check comes before the stride check, as in PyTorch.
  CHECK(error_of(transpose(zeros({3, 4}, DType::Int16), 0, 1), DType::Int32) ==
        "self.size(-1) must be divisible by 2 to view Short as Int (different element sizes), but got 3");
}
