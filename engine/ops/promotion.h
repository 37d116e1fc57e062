// engine/ops/promotion.h — the dtype an elementwise op computes in (torch.result_type).
//
// PyTorch's rule: operands fall in three priority classes — tensors with at
// least one dim, 0-d tensors, and Python numbers ("wrapped numbers"). Within
// a class the dtypes promote with promote_types. Between classes a lower
// class only matters when it is of a higher category (bool < integer <
// floating < complex): `int8_tensor + 1000` stays int8, `int_tensor + 2.5`
// becomes the default float dtype, `float16_tensor + float64_0d` stays
// float16, `float32_tensor + 1j` becomes complex64. A Python float counts
// as the default float dtype and a Python complex as the default complex
// dtype (not double/complex128).
#pragma once

#include <initializer_list>
#include <span>
#include <vector>

#include "engine/core/dtype.h"
#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// How an operand takes part in promotion.
enum class Priority : uint8_t { Dimensioned, ZeroDim, Number };

struct PromotionOperand {
  DType dtype;        // for a number: its natural dtype (bool, int64, default float/complex)
  Priority priority;
};

// The operand view of a tensor (Dimensioned or ZeroDim by its dim) and of a Python number.
PromotionOperand promotion_operand(const Tensor& t);
PromotionOperand promotion_operand(const Scalar& s);

// torch.result_type over any number of operands (at least one).
DType result_type(std::span<const PromotionOperand> operands);
DType result_type(std::initializer_list<PromotionOperand> operands);

// PyTorch's category order: 0 bool, 1 integer, 2 floating, 3 complex.
int dtype_category(DType d);

}  // namespace tsh
