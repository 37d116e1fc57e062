// engine/ops/complex.cpp — torch.complex and torch.polar: the two parts written through view_as_real.
#include "engine/ops/complex.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

// PyTorch's checks, in its order: both parts float, then the same dtype.
void check_parts(const Tensor& a, const Tensor& b) {
  auto floating = [](DType d) { return d == DType::Float16 || d == DType::Float32 || d == DType::Float64; };
  TSH_CHECK(floating(a.dtype()) && floating(b.dtype()), NotImplementedError,
            std::string("Expected both inputs to be Half, Float or Double tensors but got ") +
                scalar_type_name(a.dtype()) + " and " + scalar_type_name(b.dtype()));
  TSH_CHECK(a.dtype() == b.dtype(), RuntimeError,
            std::string("Expected object of scalar type ") + scalar_type_name(a.dtype()) +
                " but got scalar type " + scalar_type_name(b.dtype()) + " for second argument");
  TSH_CHECK(a.dtype() != DType::Float16, NotImplementedError,
            "complex parts of dtype float16 give complex32 (ComplexHalf), a dtype tsh does not have");
  TSH_CHECK(a.device() == b.device(), RuntimeError,
            "Expected all tensors to be on the same device, but found at least two devices, " + a.device().str() +
                " and " + b.device().str() + "!");
}

}  // namespace

Tensor complex(const Tensor& real, const Tensor& imag) {
  check_parts(real, imag);
  const Shape shape = broadcast_shapes(real.sizes(), imag.sizes());
  Tensor out = zeros(shape, to_complex(real.dtype()), real.device());
  const Tensor pairs = view_as_real(out);
  copy_(select(pairs, -1, 0), real);
  copy_(select(pairs, -1, 1), imag);
  return out;
}

Tensor polar(const Tensor& abs, const Tensor& angle) {
  check_parts(abs, angle);
  return complex(mul(abs, cos(angle)), mul(abs, sin(angle)));
}

}  // namespace tsh
