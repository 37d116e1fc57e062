// engine/kernels/scan.h — cumulative sums, products and extrema along one dim.
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

using CumFn = void (*)(const Tensor& out, const Tensor& in, int64_t dim);
using CumExtremeFn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim,
                              bool is_max);

extern Kernel<CumFn> cumsum;
extern Kernel<CumFn> cumprod;
extern Kernel<CumExtremeFn> cummax;  // cummin too (is_max false)

}  // namespace tsh::kernels
