// engine/cpu/rnn_kernels.h — an LSTM's recurrence on the CPU (engine/cpu/rnn_kernels.cpp; the
// contracts are engine/kernels/rnn.h's).
#pragma once

#include "engine/core/tensor.h"

namespace tsh::cpu {

void lstm_cell_kernel(const Tensor& gates, const Tensor& c, const Tensor& h);
void lstm_layer_kernel(const Tensor& projected, const Tensor& w_hh, const Tensor& h0, const Tensor& c,
                       const Tensor& output, bool reverse, bool scratch);

}  // namespace tsh::cpu
