// engine/ops/conv.h — 2-d convolutions on the backend's direct kernels (engine/kernels/conv.h):
// what F.conv1d/conv2d run when the backend has them for the dtype (functional_conv.py composes
// im2col and a product otherwise). Shapes and arguments are checked by the caller, with PyTorch's
// messages; these assert only what the kernels need.
#pragma once

#include <utility>

#include "engine/core/tensor.h"
#include "engine/kernels/conv.h"

namespace tsh {

// Whether input's backend convolves its dtype directly.
bool conv2d_direct_takes(const Tensor& input);
// input (N, C, H, W), weight (O, C/groups, kh, kw), bias (O) or undefined → (N, O, oh, ow).
Tensor conv2d_direct(const Tensor& input, const Tensor& weight, const Tensor& bias, const kernels::Conv2d& g);
// The gradients: of the input (its sizes given), and of the weight and bias (bias: wanted or not).
Tensor conv2d_direct_backward_input(const Tensor& grad_out, const Tensor& weight, const Shape& input_sizes,
                                    const kernels::Conv2d& g);
std::pair<Tensor, Tensor> conv2d_direct_backward_weight(const Tensor& input, const Tensor& grad_out,
                                                        const Shape& weight_sizes, bool bias,
                                                        const kernels::Conv2d& g);

}  // namespace tsh
