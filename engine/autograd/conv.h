// engine/autograd/conv.h — the direct 2-d convolution (engine/ops/conv.h) with its derivatives.
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/conv.h"

namespace tsh::ag {

// Recorded as ConvolutionBackward0. Its backward runs the direct kernels; under create_graph it is
// composed from recorded ops instead (im2col, products, col2im), so second derivatives follow.
// Padding must be the same on both sides of each dim (the caller pads any asymmetric rest).
Tensor conv2d_direct(const Tensor& input, const Tensor& weight, const Tensor& bias, const kernels::Conv2d& g);

}  // namespace tsh::ag
