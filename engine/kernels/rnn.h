// engine/kernels/rnn.h — an LSTM's recurrence: the pointwise half of one step, and a whole layer's
// steps (each one product with the recurrent weight, then the pointwise half).
//
// Optional kernels: where a backend leaves a slot empty, the op (engine/ops/rnn.cpp) composes the
// same result from products and elementwise ops.
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

// One step, on B rows of H: gates (B, 4H) hold i, f, g, o before their activations, c (B, H) the
// cell state. c := f·c + i·g with i, f, o = sigmoid and g = tanh, h := o·tanh(c). gates is a
// scratch (overwritten); all contiguous; float or double.
using LstmCellFn = void (*)(const Tensor& gates, const Tensor& c, const Tensor& h);
// A layer over T steps: projected (T, B, 4H) holds each step's input projection with both biases,
// w_hh (4H, H) the recurrent weight; h0 (B, H) the first hidden state; c (B, H) the cell state,
// updated in place. Step t (or T-1-t when reverse) computes gates = projected[t] + h_prev @ w_hhᵀ
// as addmm does, then the cell; output[t] (T, B, H) := its h. All contiguous; float or double.
// scratch: projected may be overwritten (each step's gates are then made in place).
using LstmLayerFn = void (*)(const Tensor& projected, const Tensor& w_hh, const Tensor& h0, const Tensor& c,
                             const Tensor& output, bool reverse, bool scratch);

extern Kernel<LstmCellFn> lstm_cell;
extern Kernel<LstmLayerFn> lstm_layer;

}  // namespace tsh::kernels
