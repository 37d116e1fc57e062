// engine/ops/operand.h — one input of an elementwise op: a tensor or a Python number.
//
// PyTorch treats `t + 2` and `t + torch.tensor(2)` differently: a Python
// number promotes more weakly than a 0-d tensor (see promotion.h), and some
// kernels read a number at full precision. An Operand keeps which one it is.
// It converts implicitly from a Tensor, a Scalar or a C++ number, so engine
// calls read naturally: add(t, 2), mul(2.5, t), maximum(a, b).
#pragma once

#include <type_traits>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/ops/promotion.h"

namespace tsh {

class Operand {
 public:
  Operand(const Tensor& t) : tensor_(t) {}  // NOLINT: implicit by design
  Operand(const Scalar& s) : scalar_(s), is_tensor_(false) {}
  template <typename N>
    requires std::is_arithmetic_v<N>
  Operand(N v) : scalar_(to_scalar(v)), is_tensor_(false) {}

  bool is_tensor() const { return is_tensor_; }
  const Tensor& tensor() const { return tensor_; }  // only when is_tensor()
  const Scalar& scalar() const { return scalar_; }  // only when !is_tensor()

  PromotionOperand promotion() const {
    return is_tensor_ ? promotion_operand(tensor_) : promotion_operand(scalar_);
  }
  // The dtype the operand has on its own (a number's natural dtype).
  DType dtype() const { return is_tensor_ ? tensor_.dtype() : scalar_.natural_dtype(); }
  // Sizes for broadcasting: a number is 0-d.
  const Shape& sizes() const {
    static const Shape kScalarShape;
    return is_tensor_ ? tensor_.sizes() : kScalarShape;
  }

 private:
  template <typename N> static Scalar to_scalar(N v) {
    if constexpr (std::is_same_v<N, bool>) return Scalar(v);
    else if constexpr (std::is_integral_v<N>) return Scalar(static_cast<int64_t>(v));
    else return Scalar(static_cast<double>(v));
  }

  Tensor tensor_;
  Scalar scalar_;
  bool is_tensor_ = true;
};

}  // namespace tsh
