// engine/ops/out.h — writing a finished result into an out= tensor, as PyTorch's out variants do.
//
// Ops that are not elementwise (reductions, cat/stack, matrix products,
// factories) compute their result as usual and then hand it to an out= tensor:
// out is resized to the result's shape (resize_: a new shape gets contiguous
// strides and more storage when needed; the same shape keeps out's own
// layout), then the values are copied in, converted to out's dtype. The dtype
// rules differ per op, so each op checks them before calling write_out.
#pragma once

#include "engine/core/tensor.h"

namespace tsh {

// resize_ for out=: a no-op when out already has `shape`.
void resize_out(const Tensor& out, const Shape& shape);

// PyTorch's "Expected out tensor to have dtype double, but got float instead".
void check_out_dtype(const Tensor& out, DType expected);

// Resizes out to result's shape and copies result into it. Returns out.
const Tensor& write_out(const Tensor& out, const Tensor& result);

}  // namespace tsh
