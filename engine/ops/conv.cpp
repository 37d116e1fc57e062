// engine/ops/conv.cpp — 2-d convolutions on the backend's direct kernels.
#include "engine/ops/conv.h"

#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"

namespace tsh {

namespace {

int64_t out_size(int64_t size, int64_t k, int64_t d, int64_t before, int64_t after, int64_t s) {
  return (size + before + after - d * (k - 1) - 1) / s + 1;
}

void check(const Tensor& input, const Tensor& weight, const kernels::Conv2d& g) {
  TSH_CHECK(input.dim() == 4 && weight.dim() == 4 && g.groups >= 1 && input.size(1) == weight.size(1) * g.groups &&
                weight.size(0) % g.groups == 0 && input.dtype() == weight.dtype() && input.device() == weight.device(),
            RuntimeError, "conv2d_direct: operands that do not fit (a bug in tsh)");
  TSH_CHECK(kernels::conv2d_takes.has(input.device().type) && kernels::conv2d_takes.get(input.device())(input.dtype()),
            RuntimeError, "conv2d_direct: no direct kernel for this dtype and device (a bug in tsh)");
}

}  // namespace

bool conv2d_direct_takes(const Tensor& input) {
  const DeviceType d = input.device().type;
  return kernels::conv2d_takes.has(d) && kernels::conv2d_forward.has(d) && kernels::conv2d_takes.get(input.device())(input.dtype());
}

Tensor conv2d_direct(const Tensor& input, const Tensor& weight, const Tensor& bias, const kernels::Conv2d& g) {
  check(input, weight, g);
  Shape sizes{input.size(0), weight.size(0), 0, 0};
  for (int d = 0; d < 2; ++d)
    sizes[2 + d] = out_size(input.size(2 + d), weight.size(2 + d), g.dilation[d], g.pad_before[d], g.pad_after[d],
                            g.stride[d]);
  Tensor out = empty(sizes, input.dtype(), input.device());
  if (out.numel() > 0)
    kernels::conv2d_forward.get(input.device())(contiguous(input), contiguous(weight),
                                                bias.defined() ? contiguous(bias) : bias, out, g);
  return out;
}

Tensor conv2d_direct_backward_input(const Tensor& grad_out, const Tensor& weight, const Shape& input_sizes,
                                    const kernels::Conv2d& g) {
  Tensor grad = zeros(input_sizes, grad_out.dtype(), grad_out.device());
  if (grad.numel() > 0 && grad_out.numel() > 0)
    kernels::conv2d_backward_data.get(grad_out.device())(contiguous(grad_out), contiguous(weight), grad, g);
  return grad;
}

std::pair<Tensor, Tensor> conv2d_direct_backward_weight(const Tensor& input, const Tensor& grad_out,
                                                        const Shape& weight_sizes, bool bias,
                                                        const kernels::Conv2d& g) {
  Tensor gw = zeros(weight_sizes, grad_out.dtype(), grad_out.device());
  Tensor gb = bias ? zeros({weight_sizes[0]}, grad_out.dtype(), grad_out.device()) : Tensor();
  if (input.numel() > 0 && grad_out.numel() > 0)
    kernels::conv2d_backward_weights.get(grad_out.device())(contiguous(input), contiguous(grad_out), gw, gb, g);
  return {gw, gb};
}

}  // namespace tsh
