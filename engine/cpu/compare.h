// engine/cpu/compare.h — CPU kernels for comparisons and logical ops (bool results).
//
// Same contract as binary.h: operands share one shape in iteration order,
// a and b are in one dtype (the op's common dtype), out is bool.
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/elementwise.h"

namespace tsh::cpu {

void compare_kernel(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b);
// The float and complex part of compare_kernel (compare_float.cpp).
void float_compare_kernel(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b);

// Whether any / every element of t (any dtype, any layout) is nonzero.
bool any_nonzero(const Tensor& t);
bool all_nonzero(const Tensor& t);

}  // namespace tsh::cpu
