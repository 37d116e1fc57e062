// engine/ops/rnn.h — an LSTM's recurrence without autograd: one step's pointwise half, and a whole
// layer's steps in one call (what nn.LSTM runs when nothing records, instead of a Python loop over
// time). The backend's kernels (engine/kernels/rnn.h) where it has them, else the same values
// composed from products and elementwise ops.
#pragma once

#include <utility>

#include "engine/core/tensor.h"

namespace tsh {

// gates (*, 4H) holding i, f, g, o before their activations, c (*, H) the cell state: (h, c) of the
// step, c' = f·c + i·g, h = o·tanh(c') (i, f, o = sigmoid, g = tanh).
std::pair<Tensor, Tensor> lstm_pointwise(const Tensor& gates, const Tensor& c);

struct LstmLayerResult {
  Tensor output;  // (T, B, H): each step's h
  Tensor h, c;    // (B, H): the last step's
};
// projected (T, B, 4H): the input projections with both biases; h0, c0 (B, H); w_hh (4H, H). The
// steps run from t = 0 (from T - 1 when reverse), each gates = addmm(projected[t], h, w_hhᵀ) then
// the pointwise half. consume: projected is the caller's scratch, which the steps may overwrite.
LstmLayerResult lstm_layer(const Tensor& projected, const Tensor& h0, const Tensor& c0, const Tensor& w_hh,
                           bool reverse, bool consume = false);

}  // namespace tsh
