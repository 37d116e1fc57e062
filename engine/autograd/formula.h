// engine/autograd/formula.h — what the files of derivative formulas share (internal to engine/autograd).
#pragma once

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"

namespace tsh::ag {

using autograd::attach;
using autograd::attach_view;
using autograd::make_node;
using autograd::needs_grad;
using autograd::Node;

// An operand as a node input: the tensor, or undefined for a Python number (no edge, no gradient).
inline Tensor tensor_or_none(const Operand& o) { return o.is_tensor() ? o.tensor() : Tensor(); }

// The conjugate transpose of the last two dims (the transpose for real tensors), recorded.
inline Tensor mH(const Tensor& m) { return conj_if_complex(ag::transpose(m, -2, -1)); }

}  // namespace tsh::ag
