// engine/cpu/range.h — CPU kernels that fill a fresh 1-d tensor with a sequence: arange, linspace, logspace.
//
// The op layer (engine/ops/creation.cpp) has already checked the bounds,
// computed the element count and allocated `out` (contiguous, 1-d, of a dtype
// the kernel supports). The kernels only reproduce PyTorch's arithmetic, so
// that every element is bit-identical to what PyTorch's CPU kernels write.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/creation.h"

namespace tsh::cpu {

// out[i] = start + i * step, in PyTorch's accumulate type and grouping.
void arange_kernel(const Tensor& out, const Scalar& start, const Scalar& step);
// out has `steps` >= 2 elements, evenly spaced from start to end (both included).
void linspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps);
// out[i] = base ** linspace(start, end, steps)[i], with steps >= 2.
void logspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps,
                     double base);

}  // namespace tsh::cpu
