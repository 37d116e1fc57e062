// engine/ops/rnn.cpp — an LSTM's recurrence: checks, then the kernels or the composed path.
#include "engine/ops/rnn.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/rnn.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/join.h"
#include "engine/ops/products.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

bool kernel_dtype(DType d) { return d == DType::Float32 || d == DType::Float64; }

// The pointwise half from elementwise ops: i and f (adjacent) through one sigmoid, o through
// another, g through tanh.
std::pair<Tensor, Tensor> composed_pointwise(const Tensor& gates, const Tensor& c, int64_t H) {
  const Tensor in_forget = unary(UnaryOp::Sigmoid, narrow(gates, -1, 0, 2 * H));
  const Tensor i = narrow(in_forget, -1, 0, H), f = narrow(in_forget, -1, H, H);
  const Tensor o = unary(UnaryOp::Sigmoid, narrow(gates, -1, 3 * H, H));
  const Tensor g = unary(UnaryOp::Tanh, narrow(gates, -1, 2 * H, H));
  const Tensor next_c = add(mul(f, c), mul(i, g));
  return {mul(o, unary(UnaryOp::Tanh, next_c)), next_c};
}

}  // namespace

std::pair<Tensor, Tensor> lstm_pointwise(const Tensor& gates, const Tensor& c) {
  TSH_CHECK(gates.dim() >= 1 && gates.size(-1) % 4 == 0, RuntimeError,
            "lstm_pointwise: the gates' last dim must hold the four gates");
  const int64_t H = gates.size(-1) / 4;
  Shape state = gates.sizes();
  state.back() = H;
  TSH_CHECK(c.sizes() == state, RuntimeError,
            "lstm_pointwise: the cell state must be " + shape_str(state) + ", not " + shape_str(c.sizes()));
  const Device dev = gates.device();
  // The kernel runs each row's gates as the unary kernels run a contiguous row (SLEEF blocks, a
  // scalar tail); gates strided along their last dim take the composed path, whose sigmoid is then
  // all scalar.
  if (!kernels::lstm_cell.has(dev.type) || !kernel_dtype(gates.dtype()) || c.dtype() != gates.dtype() ||
      c.device() != dev || (gates.stride(-1) != 1 && H > 0))
    return composed_pointwise(gates, c, H);
  Tensor scratch = clone(contiguous(gates));  // the kernel overwrites its gates
  Tensor next_c = clone(contiguous(c));
  Tensor h = empty(state, gates.dtype(), dev);
  if (h.numel() > 0) kernels::lstm_cell.get(dev)(scratch, next_c, h);
  return {h, next_c};
}

LstmLayerResult lstm_layer(const Tensor& projected, const Tensor& h0, const Tensor& c0, const Tensor& w_hh,
                           bool reverse, bool consume) {
  TSH_CHECK(projected.dim() == 3 && projected.size(2) % 4 == 0, RuntimeError,
            "lstm_layer: the projected input must be (T, B, 4H)");
  const int64_t T = projected.size(0), B = projected.size(1), H = projected.size(2) / 4;
  const Shape state{B, H};
  TSH_CHECK(h0.sizes() == state && c0.sizes() == state, RuntimeError, "lstm_layer: the states must be (B, H)");
  TSH_CHECK(w_hh.sizes() == (Shape{4 * H, H}), RuntimeError, "lstm_layer: the recurrent weight must be (4H, H)");
  const Device dev = projected.device();
  const DType d = projected.dtype();
  for (const Tensor* t : {&h0, &c0, &w_hh})
    TSH_CHECK(t->dtype() == d && t->device() == dev, RuntimeError,
              "lstm_layer: every operand must have the input's dtype and device");
  if (T == 0) return {empty({0, B, H}, d, dev), clone(h0), clone(c0)};
  if (kernels::lstm_layer.has(dev.type) && kernel_dtype(d) && B > 0 && H > 0) {
    Tensor c = clone(contiguous(c0));
    Tensor output = empty({T, B, H}, d, dev);
    const Tensor x = contiguous(projected);
    kernels::lstm_layer.get(dev)(x, contiguous(w_hh), contiguous(h0), c, output, reverse,
                                 consume || !x.is_same(projected));  // a copy made here is scratch too
    return {output, select(output, 0, reverse ? 0 : T - 1), c};
  }
  std::vector<Tensor> steps(static_cast<size_t>(T));
  Tensor h = h0, c = c0;
  const Tensor w = tsh::t(w_hh);
  for (int64_t s = 0; s < T; ++s) {
    const int64_t t = reverse ? T - 1 - s : s;
    std::tie(h, c) = lstm_pointwise(addmm(select(projected, 0, t), h, w, Scalar(int64_t{1}), Scalar(int64_t{1})), c);
    steps[static_cast<size_t>(t)] = h;
  }
  return {stack(steps, 0), h, c};
}

}  // namespace tsh
