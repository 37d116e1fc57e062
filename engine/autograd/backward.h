// engine/autograd/backward.h — running the recorded graph backwards: tensor.backward(),
// torch.autograd.backward and torch.autograd.grad.
#pragma once

#include <optional>
#include <vector>

#include "engine/autograd/node.h"

namespace tsh::autograd {

// The gradients to start from: a given one must match its output's shape; a missing one is
// implicitly 1 for a one-element output (PyTorch's errors otherwise).
TensorList make_root_grads(const TensorList& outputs, const TensorList& grads, bool is_grads_batched = false);

// Accumulates d(outputs)/d(leaves) into the leaves' .grad (only into `inputs`' when given).
void backward(const TensorList& outputs, const TensorList& grads, bool retain_graph, bool create_graph,
              const TensorList& inputs = {});

// d(outputs)/d(inputs), returned instead of accumulated; undefined where an input is unused
// (an error unless allow_unused). materialize_grads turns unused ones into zeros.
TensorList grad(const TensorList& outputs, const TensorList& grads, const TensorList& inputs, bool retain_graph,
                bool create_graph, bool allow_unused, bool materialize_grads = false);

}  // namespace tsh::autograd
