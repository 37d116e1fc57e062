// engine/ops/special.cpp — polygamma, mvlgamma, float_power, ldexp and frexp, built on the elementwise kernels.
#include "engine/ops/special.h"

#include <cmath>
#include <string>

#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduce.h"
#include "engine/ops/promotion.h"
#include "engine/ops/views.h"

namespace tsh {

Tensor polygamma(int64_t n, const Tensor& t, const Dest& dest) {
  TSH_CHECK(n >= 0, RuntimeError, "polygamma(n, x) does not support negative n.");
  if (n == 0) return unary(UnaryOp::Digamma, t, dest);
  if (n == 1) return unary(UnaryOp::Trigamma, t, dest);
  return unary(UnaryOp::Polygamma, t, dest, static_cast<double>(n));
}

Tensor mvlgamma(const Tensor& t, int64_t p) {
  TSH_CHECK(p >= 1, RuntimeError, "p has to be greater than or equal to 1");
  const DType d = is_integral(t.dtype(), true) ? default_dtype() : t.dtype();
  // x - j/2 for j = p-1 .. 0, as a new last dim, then the sum of their log-gammas.
  const Tensor shifts = arange(Scalar(-0.5 * static_cast<double>(p) + 0.5), Scalar(0.5), Scalar(0.5), d, t.device());
  const Tensor args = add(shifts, unsqueeze(t, -1));
  const Tensor total = sum(lgamma(args), std::vector<int64_t>{-1}, false);
  const double constant = static_cast<double>(p * (p - 1)) * std::log(3.14159265358979323846) * 0.25;
  return add(total, Scalar(constant));
}

namespace {
DType float_power_dtype(const Operand& a, const Operand& b) {
  return is_complex(a.dtype()) || is_complex(b.dtype()) ? DType::Complex128 : DType::Float64;
}
Operand widened(const Operand& o, DType d) {
  if (o.is_tensor()) return to(o.tensor(), d, std::nullopt);
  if (d == DType::Complex128) return Scalar(o.scalar().to_complex());
  return Scalar(o.scalar().to_double());
}
}  // namespace

Tensor float_power(const Operand& a, const Operand& b, const Dest& dest) {
  const DType d = float_power_dtype(a, b);
  if (dest.mode == Dest::Mode::InPlace)
    TSH_CHECK(dest.tensor.dtype() == d, RuntimeError,
              std::string("the base given to float_power_ has dtype ") + scalar_type_name(dest.tensor.dtype()) +
                  " but the operation's result requires dtype " + scalar_type_name(d));
  if (dest.mode == Dest::Mode::Out)
    TSH_CHECK(dest.tensor.dtype() == d, RuntimeError,
              std::string("the output given to float_power has dtype ") + scalar_type_name(dest.tensor.dtype()) +
                  " but the operation's result requires dtype " + scalar_type_name(d));
  return pow(widened(a, d), widened(b, d), dest);
}

Tensor ldexp(const Tensor& a, const Tensor& b, const Dest& dest) {
  // 2**b in the promoted dtype of a and b (integers: the default float), then the product.
  DType d = result_type({Operand(a).promotion(), Operand(b).promotion()});
  if (is_integral(d, true)) d = default_dtype();
  if (dest.mode == Dest::Mode::InPlace)
    TSH_CHECK(can_cast(d, a.dtype()), RuntimeError,
              std::string("ldexp can't be cast to the desired output type ") + scalar_type_name(a.dtype()));
  return mul(a, pow(Operand(Scalar(2.0)), to(b, d, std::nullopt)), dest);
}

std::pair<Tensor, Tensor> frexp(const Tensor& t) {
  TSH_CHECK(is_floating(t.dtype()), RuntimeError, "torch.frexp() only supports floating-point dtypes");
  Tensor mantissa = unary(UnaryOp::FrexpMantissa, t);
  Tensor exponent = to(unary(UnaryOp::FrexpExponent, t), DType::Int32, std::nullopt);
  return {mantissa, exponent};
}

}  // namespace tsh
