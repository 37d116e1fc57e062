// engine/cpu/copy.h — the CPU copy (with conversion) and fill kernels.
//
// Kernels never check arguments: the op layer has already validated shapes,
// broadcast the inputs (stride 0) and allocated the outputs.
#pragma once

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh::cpu {

// dst[i] = convert(src[i]); src has dst's shape (possibly expanded); may differ in dtype.
void copy_kernel(const Tensor& dst, const Tensor& src);
// dst[i] = value converted to dst's dtype.
void fill_kernel(const Tensor& dst, const Scalar& value);

}  // namespace tsh::cpu
