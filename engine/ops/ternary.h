// engine/ops/ternary.h — where, lerp, addcmul, addcdiv and clamp.
//
// Same conventions as binary.h: operands broadcast together, promote with
// torch.result_type (where: its two value operands; the condition must be
// bool), and `dest` selects a new tensor, in place or out=.
#pragma once

#include <optional>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/ops/elementwise_plan.h"
#include "engine/ops/operand.h"

namespace tsh {

// cond ? a : b elementwise.
Tensor where(const Tensor& cond, const Operand& a, const Operand& b, const Dest& dest = {});
// self + weight * (end - self); end (and a tensor weight) must share self's dtype.
Tensor lerp(const Tensor& self, const Tensor& end, const Operand& weight, const Dest& dest = {});
// self + value * t1 * t2;  self + value * t1 / t2 (refused for two integer tensors).
Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2,
               const Scalar& value = Scalar(int64_t{1}), const Dest& dest = {});
Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2,
               const Scalar& value = Scalar(int64_t{1}), const Dest& dest = {});
// Clamps into [min, max]; either bound may be missing (not both). Bounds are
// numbers or tensors (broadcast); a NaN tensor bound gives NaN.
Tensor clamp(const Tensor& self, const std::optional<Operand>& min, const std::optional<Operand>& max,
             const Dest& dest = {});
Tensor clamp_min(const Tensor& self, const Operand& min, const Dest& dest = {});
Tensor clamp_max(const Tensor& self, const Operand& max, const Dest& dest = {});
// max(t, 0); refused for bool and complex.
Tensor relu(const Tensor& t, const Dest& dest = {});


}  // namespace tsh
