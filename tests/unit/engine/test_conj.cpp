// Conjugate views (PyTorch's lazy conj()): the bit travels with views, reads and writes go through
// it, and a kernel handed one unresolved raises instead of reading the stored values as the values.
#include <catch2/catch.hpp>

#include <complex>

#include "engine/core/error.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

using namespace tsh;
using C = std::complex<double>;

TEST_CASE("a conjugate view shares storage, keeps the bit through views, and reads conjugated") {
  const Tensor a = from_scalars({2}, {Scalar(C(1, 2)), Scalar(C(3, -1))}, DType::Complex128);
  const Tensor c = conj_view(a);
  CHECK(c.is_conj());
  CHECK(!a.is_conj());
  CHECK(c.storage() == a.storage());
  CHECK(select(c, 0, 1).is_conj());
  CHECK(host_values<C>(c) == std::vector<C>{C(1, -2), C(3, 1)});
  CHECK(item(select(c, 0, 0)).to_complex() == C(1, -2));
  CHECK(!conj_view(conj_view(a)).is_conj());
  CHECK(host_values<C>(resolve_conj(c)) == std::vector<C>{C(1, -2), C(3, 1)});
  CHECK(host_values<C>(raw_view(c)) == std::vector<C>{C(1, 2), C(3, -1)});
  // A real tensor has no conjugate view: conj_view gives it back.
  const Tensor r = ones({2}, DType::Float32);
  CHECK(conj_view(r).is_same(r));
}

TEST_CASE("writes through a conjugate view land conjugated; kernels refuse it unresolved") {
  Tensor a = from_scalars({2}, {Scalar(C(1, 2)), Scalar(C(3, -1))}, DType::Complex128);
  const Tensor c = conj_view(a);
  copy_(select(c, 0, 0), from_scalars({}, {Scalar(C(5, 5))}, DType::Complex128));
  CHECK(host_values<C>(a) == std::vector<C>{C(5, -5), C(3, -1)});
  Tensor plain = zeros({2}, DType::Complex128);
  copy_(plain, c);  // reading a conj view into ordinary memory gives its values
  CHECK(host_values<C>(plain) == std::vector<C>{C(5, 5), C(3, 1)});
  CHECK_THROWS_WITH(add(c, Operand(1.0)), Catch::Contains("conjugate view reached a kernel"));
  CHECK_THROWS_WITH(view_as_real(c), Catch::Contains("unresolved conjugated tensors"));
}
