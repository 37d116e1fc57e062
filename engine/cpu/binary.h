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
#include "engine/kernels/elementwise.h"

namespace tsh::cpu {

void binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                   const BinaryParams& params);
// The float16/bfloat16/float32/float64 part of binary_kernel (binary_float.cpp).
void float_binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                         const BinaryParams& params);

// value: Addcmul/Addcdiv's multiplier.
void ternary_kernel(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                    const Tensor& c, const Scalar& value);

}  // namespace tsh::cpu
