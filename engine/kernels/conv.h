// engine/kernels/conv.h — direct 2-d convolutions: forward, and the two halves of backward.
//
// Optional kernels: a backend without them (or a dtype they do not take) gets the convolution
// torch.nn.functional composes from im2col and one matrix product (functional_conv.py).
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

// One convolution's geometry per spatial dim (0: rows, 1: columns): stride, zeros padded before
// and after, dilation; and the number of groups.
struct Conv2d {
  int64_t stride[2], pad_before[2], pad_after[2], dilation[2], groups;
};

// Whether the kernels take this dtype (the backend's own list: float32 on the CPU's oneDNN).
using Conv2dTakesFn = bool (*)(DType dtype);
// out (N, O, oh, ow) := input (N, C, H, W) convolved with weight (O, C/groups, kh, kw), plus bias
// (O) when defined. All contiguous.
using Conv2dForwardFn = void (*)(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& out,
                                 const Conv2d& g);
// grad_input (N, C, H, W) := the gradient of the input, from grad_out (N, O, oh, ow) and weight.
using Conv2dBackwardDataFn = void (*)(const Tensor& grad_out, const Tensor& weight, const Tensor& grad_input,
                                      const Conv2d& g);
// grad_weight (O, C/groups, kh, kw) and grad_bias (O; undefined: not wanted) from input and grad_out.
using Conv2dBackwardWeightsFn = void (*)(const Tensor& input, const Tensor& grad_out, const Tensor& grad_weight,
                                         const Tensor& grad_bias, const Conv2d& g);

extern Kernel<Conv2dTakesFn> conv2d_takes;
extern Kernel<Conv2dForwardFn> conv2d_forward;
extern Kernel<Conv2dBackwardDataFn> conv2d_backward_data;
extern Kernel<Conv2dBackwardWeightsFn> conv2d_backward_weights;

}  // namespace tsh::kernels
