// engine/ops/compare.cpp — promotion and checks of comparisons; isclose as PyTorch composes it.
#include "engine/ops/compare.h"

#include <sstream>

#include "engine/core/error.h"
#include "engine/core/message.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/promotion.h"
#include "engine/ops/unary.h"

namespace tsh {

namespace {



}  // namespace

Tensor compare(CompareOp op, const Operand& a, const Operand& b, const Dest& dest) {
  const DType d = result_type({a.promotion(), b.promotion()});
  kernels::check_of(op).require(a.is_tensor() ? a.tensor().device() : b.is_tensor() ? b.tensor().device() : Device{}, d);
  const Operand* const ins[2] = {&a, &b};
  const DType dts[2] = {d, d};
  Prepared p = prepare_elementwise(ins, dts, dest, DType::Bool, DType::Bool);
  kernels::compare.get(p.out().device())(op, p.out(), p.ins[0], p.ins[1]);
  return finish_elementwise(p);
}

Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  TSH_CHECK(a.dtype() == b.dtype(), RuntimeError,
            std::string(scalar_type_name(a.dtype())) + " did not match " + scalar_type_name(b.dtype()));
  TSH_CHECK(!(is_complex(a.dtype()) && equal_nan), RuntimeError,
            "isclose with equal_nan=True is not supported for complex inputs.");
  TSH_CHECK(rtol >= 0, RuntimeError, "rtol must be greater than or equal to zero, but got " + stream_str(rtol));
  TSH_CHECK(atol >= 0, RuntimeError, "atol must be greater than or equal to zero, but got " + stream_str(atol));
  Tensor close = eq(a, b);
  if (equal_nan && (is_floating(a.dtype()) || is_complex(a.dtype())))
    logical_or(close, logical_and(isnan(a), isnan(b)), Dest::inplace(close));
  if (rtol == 0 && atol == 0) return close;
  // The same steps as PyTorch: allowed = atol + |rtol * b|, actual = |a - b|.
  const Tensor ca = a.dtype() == DType::Bool ? to(a, default_dtype(), std::nullopt) : a;
  const Tensor cb = b.dtype() == DType::Bool ? to(b, default_dtype(), std::nullopt) : b;
  Tensor allowed = add(abs(mul(cb, Operand(rtol))), Operand(atol));
  Tensor actual = abs(sub(ca, cb));
  logical_or(close, logical_and(isfinite(actual), le(actual, allowed)), Dest::inplace(close));
  return close;
}

bool allclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  return all_true(isclose(a, b, rtol, atol, equal_nan));
}

// A meta tensor has no truth value (PyTorch reaches it through item()).
bool any_true(const Tensor& t) {
  TSH_CHECK(!t.device().is_meta(), RuntimeError, "Tensor.item() cannot be called on meta tensors");
  return kernels::any_nonzero.get(t.device())(t);
}
bool all_true(const Tensor& t) {
  TSH_CHECK(!t.device().is_meta(), RuntimeError, "Tensor.item() cannot be called on meta tensors");
  return kernels::all_nonzero.get(t.device())(t);
}

}  // namespace tsh
