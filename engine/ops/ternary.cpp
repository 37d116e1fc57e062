// engine/ops/ternary.cpp — checks and promotion of where, lerp, addcmul, addcdiv, clamp.
#include "engine/ops/ternary.h"

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/binary.h"
#include "engine/ops/creation.h"
#include "engine/kernels/coverage.h"
#include "engine/ops/promotion.h"
#include "engine/ops/copy.h"
#include "engine/ops/out.h"
#include "engine/core/message.h"

#include <limits>

namespace tsh {

namespace {


// Prepares and runs a ternary kernel over `ins` (2 or 3 operands) in dtypes `dts`.
Tensor run(TernaryOp op, std::span<const Operand> ins, std::span<const DType> dts, DType out,
           const Dest& dest, const Scalar& value = Scalar(int64_t{1})) {
  Prepared p = prepare_elementwise(ins, dts, dest, out, out);
  const Tensor& c = p.ins.size() > 2 ? p.ins[2] : Tensor();
  kernels::ternary.get(p.out().device())(op, p.out(), p.ins[0], p.ins[1], c, value);
  return finish_elementwise(p);
}

void check_not_complex(DType d) {
  TSH_CHECK(!is_complex(d), NotImplementedError, "clamp is not supported for complex types");
}

// In-place clamp_ words its cast error with C++ type names.
void check_clamp_cast(DType compute, const Dest& dest) {
  if (dest.is_new()) return;
  TSH_CHECK(can_cast(compute, dest.tensor.dtype()), RuntimeError,
            std::string("result type ") + scalar_type_name(compute) +
                " can't be cast to the desired output type " + typemeta_name(dest.tensor.dtype()));
}

}  // namespace


Tensor where(const Tensor& cond, const Operand& a, const Operand& b, const Dest& dest) {
  TSH_CHECK(cond.dtype() == DType::Bool || cond.dtype() == DType::UInt8, RuntimeError,
            std::string("where expected condition to be a boolean tensor, but got a tensor with dtype ") +
                scalar_type_name(cond.dtype()));
  const DType d = result_type({a.promotion(), b.promotion()});
  const Operand ins[3] = {cond, a, b};
  const DType dts[3] = {DType::Bool, d, d};
  return run(TernaryOp::Where, ins, dts, d, dest);
}

// lerp's kernels take a tensor weight or a number; each backend covers the two apart.
static const kernels::Check& lerp_check(bool tensor_weight) {
  static const kernels::Check tensor("lerp/tensor"), scalar("lerp/scalar");
  return tensor_weight ? tensor : scalar;
}

Tensor lerp(const Tensor& self, const Tensor& end, const Operand& weight, const Dest& dest) {
  const DType d = self.dtype();
  TSH_CHECK(end.dtype() == d, RuntimeError,
            std::string("expected dtype ") + typemeta_name(d) + " for `end` but got dtype " +
                typemeta_name(end.dtype()));
  if (weight.is_tensor())
    TSH_CHECK(weight.tensor().dtype() == d, RuntimeError,
              std::string("expected dtype ") + typemeta_name(d) + " for `weight` but got dtype " +
                  typemeta_name(weight.tensor().dtype()));
  lerp_check(weight.is_tensor()).require(self.device(), d);
  if (weight.is_tensor()) {
    const Operand ins[3] = {self, end, weight};
    const DType dts[3] = {d, d, d};
    return run(TernaryOp::Lerp, ins, dts, d, dest);
  }
  const Operand ins[2] = {self, end};
  const DType dts[2] = {d, d};
  return run(TernaryOp::Lerp, ins, dts, d, dest, weight.scalar());
}

Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value,
               const Dest& dest) {
  const DType d = result_type({promotion_operand(self), promotion_operand(t1), promotion_operand(t2)});
  kernels::check_of(TernaryOp::Addcmul).require(self.device(), d);
  const Operand ins[3] = {self, t1, t2};
  const DType dts[3] = {d, d, d};
  return run(TernaryOp::Addcmul, ins, dts, d, dest, value);
}

Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value,
               const Dest& dest) {
  TSH_CHECK(!(is_integral(t1.dtype(), true) && is_integral(t2.dtype(), true)), RuntimeError,
            "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
            "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
            "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
            "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
            "addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), "
            "for all dtypes.");
  const DType d = result_type({promotion_operand(self), promotion_operand(t1), promotion_operand(t2)});
  kernels::check_of(TernaryOp::Addcdiv).require(self.device(), d);
  const Operand ins[3] = {self, t1, t2};
  const DType dts[3] = {d, d, d};
  return run(TernaryOp::Addcdiv, ins, dts, d, dest, value);
}

Tensor clamp(const Tensor& self, const std::optional<Operand>& min_in, const std::optional<Operand>& max_in,
             const Dest& dest) {
  std::optional<Operand> min = min_in, max = max_in;
  TSH_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
  const DType d0 = self.dtype();
  if (is_integral(d0, false) && (!min || (!min->is_tensor() && !min->scalar().is_float() && !min->scalar().is_complex())) &&
      (!max || (!max->is_tensor() && !max->scalar().is_float() && !max->scalar().is_complex()))) {
    // PyTorch 2.x on integers: a bound past the far end of the range is an error, one past the near end
    // bounds nothing.
    const auto [lo, hi] = dispatch(d0, [&]<typename T>() -> std::pair<int64_t, int64_t> {
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        return {static_cast<int64_t>(std::numeric_limits<T>::lowest()), static_cast<int64_t>(std::numeric_limits<T>::max())};
      else return {0, 0};
    });
    // Compared exactly: a Python int in [2**63, 2**64) (is_uint) is above every int64.
    auto above = [hi = hi](const Scalar& s) { return s.is_uint() || s.to_int() > hi; };
    auto below = [lo = lo](const Scalar& s) { return !s.is_uint() && s.to_int() < lo; };
    auto out_of_range = [&](const char* which, double v) {
      throw RuntimeError(std::string("Clamp ") + which + " value " + stream_str(v) +
                         " is outside the representable range of " + scalar_type_name(d0));
    };
    if (min && above(min->scalar())) out_of_range("min", min->scalar().to_double());
    if (max && below(max->scalar())) out_of_range("max", max->scalar().to_double());
    if (min && below(min->scalar())) min.reset();
    if (max && above(max->scalar())) max.reset();
    if (!min && !max) {  // nothing to bound: self's values
      if (dest.mode == Dest::Mode::InPlace) return self;
      if (dest.mode == Dest::Mode::Out) return write_out(dest.tensor, self);
      return to(self, d0, std::nullopt, true);
    }
  }
  std::vector<PromotionOperand> prom{promotion_operand(self)};
  if (min) prom.push_back(min->promotion());
  if (max) prom.push_back(max->promotion());
  check_not_complex(self.dtype());
  for (const PromotionOperand& p : prom) check_not_complex(p.dtype);
  const DType d = result_type(prom);
  check_clamp_cast(d, dest);
  const bool tensors = (min && min->is_tensor()) || (max && max->is_tensor());
  if (tensors) {
    kernels::check_of(TernaryOp::Clamp).require(self.device(), d);
    if (!max) return maximum(self, *min, dest);
    if (!min) return minimum(self, *max, dest);
    const Operand ins[3] = {self, *min, *max};
    const DType dts[3] = {d, d, d};
    return run(TernaryOp::Clamp, ins, dts, d, dest);
  }
  kernels::check_of(min && max ? TernaryOp::ClampNumbers : min ? TernaryOp::ClampMin : TernaryOp::ClampMax)
      .require(self.device(), d);
  if (min) check_scalar_fits(min->scalar(), d);
  if (max) check_scalar_fits(max->scalar(), d);
  // A missing bound is filled with self (the kernel ignores that slot).
  const Operand ins[3] = {self, min ? *min : Operand(self), max ? *max : Operand(self)};
  const DType dts[3] = {d, d, d};
  const TernaryOp op = min && max ? TernaryOp::ClampNumbers : min ? TernaryOp::ClampMin : TernaryOp::ClampMax;
  return run(op, ins, dts, d, dest);
}

Tensor clamp_min(const Tensor& self, const Operand& min, const Dest& dest) {
  return clamp(self, min, std::nullopt, dest);
}

Tensor clamp_max(const Tensor& self, const Operand& max, const Dest& dest) {
  return clamp(self, std::nullopt, max, dest);
}

Tensor relu(const Tensor& t, const Dest& dest) {
  TSH_CHECK(t.dtype() != DType::Bool, NotImplementedError, "Boolean inputs not supported for relu");
  return clamp_min(t, Operand(int64_t{0}), dest);
}

}  // namespace tsh
