// engine/cpu/binary.h — CPU kernels for the two- and three-operand elementwise ops.
//
// Every tensor passed here has the same shape with dims in iteration order
// (the op layer's Prepared), and the inputs are already in the dtype the
// kernel computes in (out's dtype; Where's condition is bool). Kernels never
// check arguments: integer division by zero, for one, was refused before.
#pragma once

#include <optional>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/ops/elementwise_kinds.h"

namespace tsh::cpu {

struct BinaryParams {
  Scalar alpha = Scalar(int64_t{1});  // Add: out = a + alpha * b
  // float16/bfloat16 Mul and Div by a single number: PyTorch 2.x reads that
  // number in float, not rounded to the tensor's dtype first.
  std::optional<double> b_wide;
  // Pow with a Python-number exponent: the special cases PyTorch takes
  // (x*x for 2, x*x*x for 3, 1/(x*x) for -2); b holds the same value.
  std::optional<Scalar> pow_exponent;
};

void binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                   const BinaryParams& params);

// value: Addcmul/Addcdiv's multiplier.
void ternary_kernel(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                    const Tensor& c, const Scalar& value);

}  // namespace tsh::cpu
