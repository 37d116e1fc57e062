// engine/ops/compare.h — comparisons, logical ops and closeness tests (bool results).
//
// Operands are compared in their promoted dtype (torch.result_type), so
// `uint8_tensor == -1` compares against 255, as in PyTorch. The in-place
// forms (a.eq_(b), a.logical_and_(b)) write 0/1 in a's own dtype.
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/elementwise_plan.h"
#include "engine/ops/operand.h"

namespace tsh {

Tensor compare(CompareOp op, const Operand& a, const Operand& b, const Dest& dest = {});

inline Tensor eq(const Operand& a, const Operand& b, const Dest& d = {}) { return compare(CompareOp::Eq, a, b, d); }
inline Tensor ne(const Operand& a, const Operand& b, const Dest& d = {}) { return compare(CompareOp::Ne, a, b, d); }
inline Tensor lt(const Operand& a, const Operand& b, const Dest& d = {}) { return compare(CompareOp::Lt, a, b, d); }
inline Tensor le(const Operand& a, const Operand& b, const Dest& d = {}) { return compare(CompareOp::Le, a, b, d); }
inline Tensor gt(const Operand& a, const Operand& b, const Dest& d = {}) { return compare(CompareOp::Gt, a, b, d); }
inline Tensor ge(const Operand& a, const Operand& b, const Dest& d = {}) { return compare(CompareOp::Ge, a, b, d); }
inline Tensor logical_and(const Operand& a, const Operand& b, const Dest& d = {}) {
  return compare(CompareOp::LogicalAnd, a, b, d);
}
inline Tensor logical_or(const Operand& a, const Operand& b, const Dest& d = {}) {
  return compare(CompareOp::LogicalOr, a, b, d);
}
inline Tensor logical_xor(const Operand& a, const Operand& b, const Dest& d = {}) {
  return compare(CompareOp::LogicalXor, a, b, d);
}

// |a - b| <= atol + rtol * |b| elementwise (or both equal, or both NaN with
// equal_nan). a and b must have the same dtype.
Tensor isclose(const Tensor& a, const Tensor& b, double rtol = 1e-05, double atol = 1e-08,
               bool equal_nan = false);
bool allclose(const Tensor& a, const Tensor& b, double rtol = 1e-05, double atol = 1e-08,
              bool equal_nan = false);

// Whether any / every element is nonzero (used for `x in t`, allclose).
bool any_true(const Tensor& t);
bool all_true(const Tensor& t);

}  // namespace tsh
