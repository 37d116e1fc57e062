// engine/kernels/index.h — gathers and scatters by element offsets, masks, flips and triangles.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh {

// Max/Min keep a NaN once it arrives (scatter_reduce's amax/amin); not for complex dtypes.
enum class ScatterMode : uint8_t { Assign, Add, Multiply, Max, Min };

namespace kernels {

// out[i] = src's element at offsets[i] (int64 element offsets from src's first element).
using GatherFn = void (*)(const Tensor& out, const Tensor& src, const Tensor& offsets);
// dst's element at offsets[i] (op)= src[i]; Add scales by alpha.
using ScatterFn = void (*)(const Tensor& dst, const Tensor& src, const Tensor& offsets, ScatterMode mode,
                           const Scalar& alpha);
using MaskedFillFn = void (*)(const Tensor& dst, const Tensor& mask, const Scalar& value);
using CountNonzeroFn = int64_t (*)(const Tensor& t);
using NonzeroFn = void (*)(const Tensor& t, const Tensor& out);  // out: (count, dim) int64
using FlipFn = void (*)(const Tensor& out, const Tensor& src, const std::vector<bool>& flip);
using TriangleFn = void (*)(const Tensor& out, const Tensor& src, int64_t k, bool upper);

extern Kernel<GatherFn> gather;
extern Kernel<ScatterFn> scatter;
extern Kernel<MaskedFillFn> masked_fill;
extern Kernel<CountNonzeroFn> count_nonzero;
extern Kernel<NonzeroFn> nonzero;
extern Kernel<FlipFn> flip;
extern Kernel<TriangleFn> triangle;

}  // namespace kernels
}  // namespace tsh
