// tests/unit/engine/test_hostile.cpp — regressions from the hostile-input QA
// pass in the engine alone (raw view geometry that overflows int64): each
// names the rule the crash or wrong output broke. The session ones are in
// tests/unit/shell/test_hostile.cpp.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "engine/core/error.h"
#include "engine/core/tensor.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return std::string(e.kind()) + ": " + e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("view geometry whose numel or extent overflows int64 is refused", "[hostile][views]") {
  const Tensor one = ones({1}, DType::Float32);
  CHECK(error_of([&] { expand(one, {int64_t{1} << 40, int64_t{1} << 40}); }) ==
        "RuntimeError: numel: integer multiplication overflow");
  const Tensor six = arange(Scalar(int64_t{0}), Scalar(int64_t{6}));
  CHECK(error_of([&] { as_strided(six, {2, 3}, {int64_t{1} << 62, 1}, std::nullopt); }) ==
        "RuntimeError: Storage size calculation overflowed with sizes=[2, 3] and strides=[4611686018427387904, 1]");
  CHECK(error_of([&] { empty({int64_t{1} << 62, int64_t{1} << 62, 0}, DType::Float32); }) ==
        "RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904, 4611686018427387904, 0]");
}

TEST_CASE("a size-1 dim may have any stride: kernels never scale it to bytes", "[hostile][views]") {
  // x[::2**62] keeps PyTorch's stride 2**62; times the itemsize it would overflow.
  const Tensor x = arange(Scalar(0.0), Scalar(10.0));
  const Tensor y = x.as_view({1}, {int64_t{1} << 62}, 0);
  CHECK(y.byte_stride(0) == 0);
  CHECK(x.byte_stride(0) == 4);
  CHECK(sum(y).numel() == 1);
}
