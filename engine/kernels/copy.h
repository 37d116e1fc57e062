// engine/kernels/copy.h — elementwise copy with conversion, and fill.
#pragma once

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

// dst[i] = convert(src[i]); src has dst's shape (possibly expanded), on dst's device; dtypes may differ.
using CopyFn = void (*)(const Tensor& dst, const Tensor& src);
// dst[i] = value converted to dst's dtype.
using FillFn = void (*)(const Tensor& dst, const Scalar& value);

extern Kernel<CopyFn> copy;
extern Kernel<FillFn> fill;

}  // namespace tsh::kernels
