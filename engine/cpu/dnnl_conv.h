// engine/cpu/dnnl_conv.h — 2-d convolutions on oneDNN (engine/cpu/dnnl_conv.cpp; the contracts
// are engine/kernels/conv.h's). Filled only in builds that found Debian's libdnnl.
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/conv.h"

namespace tsh::cpu {

bool conv2d_takes_kernel(DType dtype);
void conv2d_forward_kernel(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& out,
                           const kernels::Conv2d& g);
void conv2d_backward_data_kernel(const Tensor& grad_out, const Tensor& weight, const Tensor& grad_input,
                                 const kernels::Conv2d& g);
void conv2d_backward_weights_kernel(const Tensor& input, const Tensor& grad_out, const Tensor& grad_weight,
                                    const Tensor& grad_bias, const kernels::Conv2d& g);

}  // namespace tsh::cpu
