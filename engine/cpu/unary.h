// engine/cpu/unary.h — CPU kernels for the one-operand elementwise ops.
//
// Same contract as binary.h: out and in share one shape in iteration order.
// out's dtype is in's, except bool for the predicates and the real dtype for
// Abs and Angle of complex input (engine/kernels/elementwise.h).
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/elementwise.h"

namespace tsh::cpu {

void unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params);
// The float16/bfloat16/float32/float64 part of unary_kernel (unary_float.cpp).
void float_unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params);

}  // namespace tsh::cpu
