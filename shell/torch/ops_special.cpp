// shell/torch/ops_special.cpp — registry entries for the special functions: lgamma, digamma, polygamma,
// mvlgamma, i0, sinc, xlogy, logaddexp(2), nextafter, float_power, ldexp, frexp (engine/ops/special.h).
#include "engine/ops/special.h"

#include "engine/ops/copy.h"
#include "engine/ops/out.h"
#include "shell/python/errors.h"
#include "shell/torch/elementwise_defs.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void register_special_ops(Registry& r) {
  def_unary(r, "lgamma", UnaryOp::Lgamma, "The natural logarithm of |Γ(self)|.");
  def_unary(r, "digamma", UnaryOp::Digamma, "ψ(self), the logarithmic derivative of Γ.");
  def_unary(r, "i0", UnaryOp::I0, "The modified Bessel function of the first kind of order zero.");
  def_unary(r, "sinc", UnaryOp::Sinc, "The normalized sinc function sin(π·self)/(π·self), 1 at 0.");

  r.def("polygamma(int n, Tensor self, *, Tensor out=None) -> Tensor", kFunction,
        "ψ⁽ⁿ⁾(self), the n-th derivative of digamma (n >= 0).",
        [](Interpreter&, Bound& a) { return result(a, 2, polygamma(a.int64(0), a.tensor(1), out_dest(a, 2))); });
  r.def("polygamma(Tensor self, int n) -> Tensor", kMethod, "ψ⁽ⁿ⁾(self), the n-th derivative of digamma (n >= 0).",
        [](Interpreter&, Bound& a) { return Value::tensor(polygamma(a.int64(1), a.tensor(0))); });
  r.def("polygamma_(Tensor self, int n) -> Tensor", kMethod, "In-place polygamma().", [](Interpreter&, Bound& a) {
    polygamma(a.int64(1), a.tensor(0), Dest::inplace(a.tensor(0)));
    return a[0];
  });
  r.def("mvlgamma(Tensor self, int p, *, Tensor out=None) -> Tensor", kBoth,
        "The multivariate log-gamma function of dimension p.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, mvlgamma(a.tensor(0), a.int64(1))); });
  r.def("mvlgamma_(Tensor self, int p) -> Tensor", kMethod, "In-place mvlgamma().", [](Interpreter&, Bound& a) {
    const Tensor& t = a.tensor(0);
    Tensor v = mvlgamma(t, a.int64(1));
    check_can_cast_out(v.dtype(), t, std::string("result type ") + scalar_type_name(v.dtype()));
    copy_(t, v);
    return a[0];
  });

  const std::string xlogy_doc = "self · log(other), 0 where self is 0 (NaN where other is NaN).";
  r.def("xlogy(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth, xlogy_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, xlogy(operand(a, 0), operand(a, 1), out_dest(a, 2))); });
  r.def("xlogy(Scalar self, Tensor other, *, Tensor out=None) -> Tensor", kFunction, xlogy_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, xlogy(operand(a, 0), a.tensor(1), out_dest(a, 2))); });
  r.def("xlogy(Tensor self, Scalar other, *, Tensor out=None) -> Tensor", kBoth, xlogy_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, xlogy(a.tensor(0), operand(a, 1), out_dest(a, 2))); });
  r.def("xlogy_(Tensor self, Tensor other) -> Tensor", kMethod, "In-place xlogy().", [](Interpreter&, Bound& a) {
    xlogy(a.tensor(0), operand(a, 1), Dest::inplace(a.tensor(0)));
    return a[0];
  });
  r.def("xlogy_(Tensor self, Scalar other) -> Tensor", kMethod, "In-place xlogy().", [](Interpreter&, Bound& a) {
    xlogy(a.tensor(0), operand(a, 1), Dest::inplace(a.tensor(0)));
    return a[0];
  });
  def_binary(r, "logaddexp", &logaddexp, "log(e**self + e**other), without overflow.", Form::TensorOnly, {}, false);
  def_binary(r, "logaddexp2", &logaddexp2, "log2(2**self + 2**other), without overflow.", Form::TensorOnly, {}, false);
  def_binary(r, "nextafter", &nextafter, "The next floating-point value after self towards other.", Form::TensorOnly);

  const std::string fp_doc = "self ** exponent computed in float64 (complex128 when either is complex).";
  r.def("float_power(Tensor self, Tensor exponent, *, Tensor out=None) -> Tensor", kBoth, fp_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, float_power(a.tensor(0), a.tensor(1), out_dest(a, 2))); });
  r.def("float_power(Scalar self, Tensor exponent, *, Tensor out=None) -> Tensor", kFunction, fp_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, float_power(operand(a, 0), a.tensor(1), out_dest(a, 2))); });
  r.def("float_power(Tensor self, Scalar exponent, *, Tensor out=None) -> Tensor", kBoth, fp_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, float_power(a.tensor(0), operand(a, 1), out_dest(a, 2))); });
  r.def("float_power_(Tensor self, Tensor exponent) -> Tensor", kMethod, "In-place float_power() (self must be float64).",
        [](Interpreter&, Bound& a) {
          float_power(a.tensor(0), a.tensor(1), Dest::inplace(a.tensor(0)));
          return a[0];
        });
  r.def("float_power_(Tensor self, Scalar exponent) -> Tensor", kMethod, "In-place float_power() (self must be float64).",
        [](Interpreter&, Bound& a) {
          float_power(a.tensor(0), operand(a, 1), Dest::inplace(a.tensor(0)));
          return a[0];
        });
  r.def("ldexp(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth, "self · 2**other.",
        [](Interpreter&, Bound& a) { return result(a, 2, ldexp(a.tensor(0), a.tensor(1), out_dest(a, 2))); });
  r.def("ldexp_(Tensor self, Tensor other) -> Tensor", kMethod, "In-place ldexp().", [](Interpreter&, Bound& a) {
    ldexp(a.tensor(0), a.tensor(1), Dest::inplace(a.tensor(0)));
    return a[0];
  });
  r.def("frexp(Tensor self, *, Tensor[] out=None) -> Tensor", kBoth,
        "(mantissa, exponent): self = mantissa · 2**exponent, |mantissa| in [0.5, 1), exponent int32.",
        [](Interpreter&, Bound& a) {
          auto [m, e] = frexp(a.tensor(0));
          if (a.is_none(1)) return named("frexp", {"mantissa", "exponent"}, {Value::tensor(m), Value::tensor(e)});
          const auto& items = a[1].items();
          if (items.size() != 2) throw TypeError("expected tuple of 2 elements but got " + std::to_string(items.size()));
          const Tensor mo = items[0].as_tensor(), eo = items[1].as_tensor();
          if (mo.dtype() != m.dtype())
            throw RuntimeError(std::string("torch.frexp() expects mantissa to have dtype ") + typemeta_name(m.dtype()) +
                               " but got " + typemeta_name(mo.dtype()));
          if (eo.dtype() != DType::Int32)
            throw RuntimeError(std::string("torch.frexp() expects exponent to have int dtype but got ") +
                               typemeta_name(eo.dtype()));
          write_out(mo, m);
          write_out(eo, e);
          return named("frexp_out", {"mantissa", "exponent"}, {items[0], items[1]});
        });
}

}  // namespace tsh::shell
