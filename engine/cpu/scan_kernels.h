// engine/cpu/scan_kernels.h — CPU kernels for the cumulative ops (cumsum, cumprod, cummax, cummin).
//
// out and in have the same shape and dtype (the op layer converted the
// input); dim is wrapped and the tensors have at least one dim and no
// empty dim. Each line along dim is one sequential scan.
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"

namespace tsh::cpu {

// Running sum / product along dim, accumulated in PyTorch's CPU accumulate
// type (double for float and double, float for the 16-bit floats, int64 for
// integers, complex<double> for complex) and rounded at every store.
void cumsum_kernel(const Tensor& out, const Tensor& in, int64_t dim);
void cumprod_kernel(const Tensor& out, const Tensor& in, int64_t dim);
// Running maximum/minimum and the index where it was found: ties move the
// index forward (the last equal element), a NaN takes over and every later
// NaN moves the index to itself.
void cummax_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim,
                   bool is_max);

}  // namespace tsh::cpu
