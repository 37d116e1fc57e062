// engine/autograd/conv.cpp — the derivatives of the direct 2-d convolution.
//
// The gradient of the input is the transposed convolution of the output's gradient; the weight's,
// the correlation of the input with it; the bias's, its sum. The direct kernels compute them; when
// the gradient itself records (create_graph), the same formulas are composed from differentiable
// ops: im2col (the input's windows), a product per group, col2im (the windows summed back).
#include "engine/autograd/conv.h"

#include "engine/autograd/formula.h"
#include "engine/core/grad_mode.h"
#include "engine/ops/conv.h"

namespace tsh::ag {

namespace {

// The three gradients as recorded ops (create_graph).
TensorList composed_gradients(const Tensor& x, const Tensor& w, bool bias, const Tensor& g_out,
                              const kernels::Conv2d& g) {
  const int64_t n = x.size(0), groups = g.groups, out_ch = w.size(0), per_group = w.size(1) * w.size(2) * w.size(3);
  const int64_t length = g_out.size(2) * g_out.size(3);
  const Pair kernel{w.size(2), w.size(3)}, dilation{g.dilation[0], g.dilation[1]};
  const Pair padding{g.pad_before[0], g.pad_before[1]}, stride{g.stride[0], g.stride[1]};
  const Tensor cols = ag::reshape(ag::im2col(x, kernel, dilation, padding, stride), {n, groups, per_group, length});
  const Tensor grads = ag::reshape(g_out, {n, groups, out_ch / groups, length});
  const Tensor w3 = ag::reshape(w, {groups, out_ch / groups, per_group});
  // weight: Σ over the batch of grad (O/g x L) @ colsᵀ (L x C/g·k), per group
  const Tensor gw = ag::sum(ag::matmul(grads, ag::transpose(cols, 2, 3)), std::vector<int64_t>{0});
  // input: the columns' gradient wᵀ @ grad, summed back into the image
  const Tensor gcols = ag::matmul(ag::transpose(w3, 1, 2), grads);
  const Tensor gx = ag::col2im(ag::reshape(gcols, {n, groups * per_group, length}), {x.size(2), x.size(3)}, kernel,
                               dilation, padding, stride);
  TensorList out{gx, ag::reshape(gw, w.sizes())};
  out.push_back(bias ? ag::sum(g_out, std::vector<int64_t>{0, 2, 3}) : Tensor());
  return out;
}

}  // namespace

Tensor conv2d_direct(const Tensor& input, const Tensor& weight, const Tensor& bias, const kernels::Conv2d& g) {
  Tensor r = tsh::conv2d_direct(input, weight, bias, g);
  TensorList inputs{input, weight};
  if (bias.defined()) inputs.push_back(bias);
  if (needs_grad(inputs)) {
    const bool with_bias = bias.defined();
    auto n = make_node("ConvolutionBackward0", inputs, nullptr);
    const size_t sx = n->save(input), sw = n->save(weight);
    n->backward = [g, with_bias, sx, sw](Node& self, const TensorList& grads) -> TensorList {
      const Tensor x = self.unpack(sx), w = self.unpack(sw);
      if (grad_enabled()) return composed_gradients(x, w, with_bias, grads[0], g);
      TensorList out(with_bias ? 3 : 2);
      if (self.next[0].valid()) out[0] = tsh::conv2d_direct_backward_input(grads[0], w, x.sizes(), g);
      if (self.next[1].valid() || (with_bias && self.next[2].valid())) {
        auto [gw, gb] = tsh::conv2d_direct_backward_weight(x, grads[0], w.sizes(), with_bias, g);
        out[1] = gw;
        if (with_bias) out[2] = gb;
      }
      return out;
    };
    attach(n, r);
  }
  return r;
}

}  // namespace tsh::ag
