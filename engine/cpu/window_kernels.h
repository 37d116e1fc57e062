// engine/cpu/window_kernels.h — im2col, col2im and 2-d max pooling on the CPU
// (engine/cpu/window_kernels.cpp; the contracts are engine/kernels/window.h's).
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/window.h"

namespace tsh::cpu {

void im2col_kernel(const Tensor& input, const Tensor& cols, const kernels::Window2d& w);
void col2im_kernel(const Tensor& cols, const Tensor& out, const kernels::Window2d& w);
void max_pool2d_kernel(const Tensor& input, const Tensor& values, const Tensor& indices, const kernels::Window2d& w);
void max_pool2d_backward_kernel(const Tensor& grad_output, const Tensor& indices, const Tensor& grad_input);

}  // namespace tsh::cpu
