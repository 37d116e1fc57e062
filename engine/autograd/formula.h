// engine/autograd/formula.h — what the files of derivative formulas share (internal to engine/autograd).
#pragma once

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/ops/compare.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce.h"

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

// The gradients of a matrix product m1 @ m2 (both 2-d) for the gradient g of the result, computed
// as PyTorch computes them: for an operand stored column-major (a transposed view, such as the
// weight.t() of a Linear layer) the product is taken the other way round and transposed, so the
// gradient comes out in that operand's own layout (no copy to store it) and with PyTorch's sums.
Tensor mm_mat1_grad(const Tensor& g, const Tensor& m1, const Tensor& m2);
Tensor mm_mat2_grad(const Tensor& g, const Tensor& m1, const Tensor& m2);

// Formulas that call engine ops with no derivative of their own refuse a second derivative.
inline void first_order_only(const char* op) {
  if (grad_enabled()) autograd::derivative_not_implemented(op, "for a second derivative (create_graph=True)");
}

// Whether t has a nonzero (a zero) element: formulas that must look at values.
inline bool host_any_nonzero(const Tensor& t) {
  return t.numel() > 0 && item(tsh::any(compare(CompareOp::Ne, t, 0))).to_double() != 0;
}
inline bool host_any_zero(const Tensor& t) { return item(tsh::any(compare(CompareOp::Eq, t, 0))).to_double() != 0; }

}  // namespace tsh::ag
