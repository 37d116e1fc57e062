// engine/ops/promotion.cpp — torch.result_type: promotion within and across priority classes.
#include "engine/ops/promotion.h"

#include <optional>

#include "engine/core/error.h"

namespace tsh {

namespace {

using Slot = std::optional<DType>;

void fold(Slot& slot, DType d) { slot = slot ? promote_types(*slot, d) : d; }

// The complex dtype with a floating dtype's precision (bfloat16 gives complex64,
// as in PyTorch). PyTorch's float16 gives complex32, a dtype tsh does not have.
DType complex_of(DType floating) {
  if (floating == DType::Float64) return DType::Complex128;
  if (floating == DType::Float16)
    throw RuntimeError("promoting Half with a complex operand gives ComplexHalf (torch.complex32), "
                       "which tsh does not support");
  return DType::Complex64;
}

// Merges a higher-priority class with a lower one: the lower class only counts
// when it reaches a higher category than the higher class.
Slot merge(Slot higher, Slot lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  const int hc = dtype_category(*higher), lc = dtype_category(*lower);
  if (hc == 3) return higher;
  if (lc == 3) return hc == 2 ? complex_of(*higher) : *lower;
  if (hc == 2) return higher;
  // bool is below every integer; a floating lower class lifts an integer one.
  if (hc == 0 || lc == 2) return promote_types(*higher, *lower);
  return higher;
}

}  // namespace

int dtype_category(DType d) {
  if (d == DType::Bool) return 0;
  if (is_integral(d, false)) return 1;
  if (is_floating(d)) return 2;
  return 3;
}

PromotionOperand promotion_operand(const Tensor& t) {
  return {t.dtype(), t.dim() == 0 ? Priority::ZeroDim : Priority::Dimensioned};
}

PromotionOperand promotion_operand(const Scalar& s) { return {s.natural_dtype(), Priority::Number}; }

DType result_type(std::span<const PromotionOperand> operands) {
  Slot dim, zero, number;
  for (const PromotionOperand& op : operands) {
    switch (op.priority) {
      case Priority::Dimensioned: fold(dim, op.dtype); break;
      case Priority::ZeroDim: fold(zero, op.dtype); break;
      case Priority::Number: fold(number, op.dtype); break;
    }
  }
  Slot r = merge(dim, merge(zero, number));
  return r.value_or(DType::Float32);
}

DType result_type(std::initializer_list<PromotionOperand> operands) {
  return result_type(std::span<const PromotionOperand>(operands.begin(), operands.size()));
}

}  // namespace tsh
