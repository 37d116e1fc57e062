// engine/kernels/window.h — sliding 2-d windows over (N, C, H, W) planes: im2col, col2im and max
// pooling, the convolution and pooling layers' inner loops.
//
// Optional kernels: where a backend leaves a slot empty, the op (engine/ops/window.cpp) composes
// the same result from views, copies and reductions.
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

// One window geometry, per spatial dim (0: rows, 1: columns): window size, dilation, zero padding
// on each side, stride, and the number of window positions it gives.
struct Window2d {
  int64_t kernel[2], dilation[2], padding[2], stride[2], out[2];
};

// cols (N, C·kh·kw, oh·ow) := every window of input (N, C, H, W), padding read as zeros. input is
// contiguous; cols' last dim too (its first two dims may have any strides); its rows run over
// (c, i, j), its columns over window positions.
using Im2colFn = void (*)(const Tensor& input, const Tensor& cols, const Window2d& w);
// out (N, C, H, W), zeroed, += each column of cols added back where im2col read it (overlaps add,
// padding drops). out contiguous; cols as im2col writes it.
using Col2imFn = void (*)(const Tensor& cols, const Tensor& out, const Window2d& w);
// values and indices (N, C, oh, ow) := each window's maximum of input (N, C, H, W) and its flat
// index in the H·W plane (NaN wins; padding never does). All contiguous; a floating dtype.
using MaxPool2dFn = void (*)(const Tensor& input, const Tensor& values, const Tensor& indices, const Window2d& w);
// grad_input (N, C, H, W), zeroed, += grad_output (N, C, oh, ow) at the indices max_pool2d gave.
using MaxPool2dBackwardFn = void (*)(const Tensor& grad_output, const Tensor& indices, const Tensor& grad_input);

extern Kernel<Im2colFn> im2col;
extern Kernel<Col2imFn> col2im;
extern Kernel<MaxPool2dFn> max_pool2d;
extern Kernel<MaxPool2dBackwardFn> max_pool2d_backward;

}  // namespace tsh::kernels
