// engine/ops/window.h — sliding 2-d windows: im2col (F.unfold), col2im (F.fold) and max pooling
// with indices, the building blocks of torch.nn's convolutions and pooling layers.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "engine/core/tensor.h"

namespace tsh {

using Pair = std::array<int64_t, 2>;

// (N, C, H, W) or (C, H, W) → (N, C·kh·kw, L) or (C·kh·kw, L): each column one window, padding
// read as zeros (torch._C._nn.im2col, PyTorch's checks and messages). rows_outer lays a batch's
// columns out in memory as (C·kh·kw, N, L) (same sizes, strides (L, N·L, 1)), so that
// cols.transpose(0, 1) is one (C·kh·kw, N·L) matrix: a convolution's one product for the batch.
Tensor im2col(const Tensor& input, Pair kernel, Pair dilation, Pair padding, Pair stride, bool rows_outer = false);
// The adjoint: (N, C·kh·kw, L) or (C·kh·kw, L) summed back into (N, C, H, W) or (C, H, W) with
// output_size (H, W); overlapping windows add (torch._C._nn.col2im).
Tensor col2im(const Tensor& cols, Pair output_size, Pair kernel, Pair dilation, Pair padding, Pair stride);

// Max pooling of a floating (N, C, H, W) input over windows already checked by the caller (out: the
// number of window positions per dim): each window's maximum and its flat index in its H·W plane.
std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input, Pair kernel, Pair stride, Pair padding,
                                                  Pair dilation, Pair out);
// The gradient of max pooling: grad_output added at the indices into zeros of input_sizes.
Tensor max_pool2d_backward(const Tensor& grad_output, const Shape& input_sizes, const Tensor& indices);

}  // namespace tsh
