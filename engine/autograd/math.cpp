// engine/autograd/math.cpp — derivatives of elementwise ops (PyTorch's formulas, in its order of
// operations so that gradients agree to the last bit where the forward ops do).
#include <cmath>
#include <complex>

#include "engine/autograd/formula.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduce.h"
#include "engine/ops/special.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh::ag {

namespace {

bool is_one(const Scalar& s) { return !s.is_complex() && s.to_double() == 1.0; }
Tensor lt(const Tensor& a, const Operand& b) { return compare(CompareOp::Lt, a, b); }
Tensor gt(const Tensor& a, const Operand& b) { return compare(CompareOp::Gt, a, b); }
Tensor ge(const Tensor& a, const Operand& b) { return compare(CompareOp::Ge, a, b); }
Tensor le(const Tensor& a, const Operand& b) { return compare(CompareOp::Le, a, b); }
Tensor eq(const Tensor& a, const Operand& b) { return compare(CompareOp::Eq, a, b); }
Tensor zeros_like_t(const Tensor& t) { return zeros(t.sizes(), t.dtype(), t.device()); }

// The gradient for an operand: summed to its shape (it may have been broadcast), none for a number.
// A number's conjugate, as the formulas of complex ops need it.
Scalar conj_scalar(const Scalar& s) { return s.is_complex() ? Scalar(std::conj(s.to_complex())) : s; }

Tensor for_operand(const Operand& o, const Tensor& g) { return o.is_tensor() ? ag::sum_to(g, o.tensor().sizes()) : Tensor(); }

}  // namespace

Tensor conj_if_complex(const Tensor& t) { return is_complex(t.dtype()) ? tsh::conj(t) : t; }

Tensor sum_to(const Tensor& g, const Shape& shape) {
  if (g.sizes() == shape) return g;
  const int64_t lead = g.dim() - static_cast<int64_t>(shape.size());
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < lead; ++d) dims.push_back(d);
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == 1 && g.size(lead + static_cast<int64_t>(i)) != 1) dims.push_back(lead + static_cast<int64_t>(i));
  Tensor r = dims.empty() ? g : ag::sum(g, dims, true);
  if (lead > 0 || r.sizes() != shape) r = ag::view(r, shape);
  return r;
}

Tensor to_dtype(const Tensor& t, DType d) { return ag::to(t, d, std::nullopt, false); }

Tensor detached_clone(const Tensor& t) { return tsh::clone(t); }

Tensor add(const Operand& a, const Operand& b, const Scalar& alpha) {
  Tensor r = tsh::add(a, b, alpha);
  if (autograd::needs_grad_operands(a, b)) {
    auto n = make_node("AddBackward0", {tensor_or_none(a), tensor_or_none(b)},
                       [a, b, alpha](Node&, const TensorList& g) -> TensorList {
                         return {for_operand(a, g[0]), for_operand(b, is_one(alpha) ? g[0] : ag::mul(g[0], conj_scalar(alpha)))};
                       });
    attach(n, r);
  }
  return r;
}

Tensor sub(const Operand& a, const Operand& b, const Scalar& alpha) {
  Tensor r = tsh::sub(a, b, alpha);
  if (autograd::needs_grad_operands(a, b)) {
    auto n = make_node("SubBackward0", {tensor_or_none(a), tensor_or_none(b)},
                       [a, b, alpha](Node&, const TensorList& g) -> TensorList {
                         const Tensor ng = ag::neg(g[0]);
                         return {for_operand(a, g[0]), for_operand(b, is_one(alpha) ? ng : ag::mul(ng, conj_scalar(alpha)))};
                       });
    attach(n, r);
  }
  return r;
}

Tensor rsub(const Operand& a, const Operand& b, const Scalar& alpha) {
  Tensor r = tsh::sub(b, a, alpha);
  if (autograd::needs_grad_operands(a, b)) {
    const char* name = b.is_tensor() ? "RsubBackward0" : "RsubBackward1";
    auto n = make_node(name, {tensor_or_none(a), tensor_or_none(b)}, [a, b, alpha](Node&, const TensorList& g) -> TensorList {
      const Tensor ng = ag::neg(g[0]);
      return {for_operand(a, is_one(alpha) ? ng : ag::mul(ng, alpha)), for_operand(b, g[0])};
    });
    attach(n, r);
  }
  return r;
}

Tensor mul(const Operand& a, const Operand& b) {
  Tensor r = tsh::mul(a, b);
  if (autograd::needs_grad_operands(a, b)) {
    auto n = make_node("MulBackward0", {tensor_or_none(a), tensor_or_none(b)}, nullptr);
    const bool ta = a.is_tensor(), tb = b.is_tensor();
    // Each side's gradient needs the other side's value.
    const size_t sa = n->save(ta && tb && autograd::requires_grad(b.tensor()) ? a.tensor() : Tensor());
    const size_t sb = n->save(tb && ta && autograd::requires_grad(a.tensor()) ? b.tensor() : Tensor());
    const Scalar as = ta ? Scalar() : conj_scalar(a.scalar()), bs = tb ? Scalar() : conj_scalar(b.scalar());
    const Shape ash = a.sizes(), bsh = b.sizes();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      Tensor ga, gb;
      if (ta && self.next[0].valid()) ga = ag::sum_to(tb ? ag::mul(g[0], ag::conj_if_complex(self.unpack(sb))) : ag::mul(g[0], bs), ash);
      if (tb && self.next[1].valid()) gb = ag::sum_to(ta ? ag::mul(g[0], ag::conj_if_complex(self.unpack(sa))) : ag::mul(g[0], as), bsh);
      return {ga, gb};
    };
    attach(n, r);
  }
  return r;
}

Tensor div(const Operand& a, const Operand& b) {
  Tensor r = tsh::div(a, b);
  if (autograd::needs_grad_operands(a, b)) {
    auto n = make_node("DivBackward0", {tensor_or_none(a), tensor_or_none(b)}, nullptr);
    const bool ta = a.is_tensor(), tb = b.is_tensor();
    const size_t sa = n->save(ta && tb && autograd::requires_grad(b.tensor()) ? a.tensor() : Tensor());
    const size_t sb = n->save(tb ? b.tensor() : Tensor());
    const Scalar as = ta ? Scalar() : a.scalar(), bs = tb ? Scalar() : conj_scalar(b.scalar());
    const Shape ash = a.sizes(), bsh = b.sizes();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      Tensor ga, gb;
      if (ta && self.next[0].valid()) ga = ag::sum_to(tb ? ag::div(g[0], ag::conj_if_complex(self.unpack(sb))) : ag::div(g[0], bs), ash);
      if (tb && self.next[1].valid()) {
        const Tensor bv = self.unpack(sb);
        const Tensor q = ta ? ag::div(ag::div(self.unpack(sa), bv), bv) : ag::div(ag::div(Operand(as), bv), bv);
        gb = ag::sum_to(ag::mul(ag::neg(g[0]), ag::conj_if_complex(q)), bsh);
      }
      return {ga, gb};
    };
    attach(n, r);
  }
  return r;
}

Tensor pow(const Operand& a, const Operand& b) {
  Tensor r = tsh::pow(a, b);
  if (!autograd::needs_grad_operands(a, b)) return r;
  if (!b.is_tensor()) {  // x ** number
    auto n = make_node("PowBackward0", {a.tensor()}, nullptr);
    const size_t sx = n->save(a.tensor());
    const Scalar e = b.scalar();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor x = self.unpack(sx);
      if (!e.is_complex() && e.to_double() == 0.0) return {zeros_like_t(x)};
      const Scalar em1 = e.is_complex() || e.is_float() ? Scalar(e.to_double() - 1.0) : Scalar(e.to_int() - 1);
      return {ag::mul(g[0], ag::conj_if_complex(ag::mul(ag::pow(x, em1), e)))};
    };
    attach(n, r);
  } else if (!a.is_tensor()) {  // number ** x
    auto n = make_node("PowBackward2", {b.tensor()}, nullptr);
    const size_t sr = n->save(r, true);
    const Scalar base = a.scalar();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor res = self.unpack(sr);
      if (!base.is_complex() && base.to_double() == 0.0) {
        const Tensor grad = ag::mul(g[0], ag::mul(res, std::log(0.0)));
        return {ag::where(ge(b.tensor(), 0), 0.0, grad)};
      }
      return {ag::mul(g[0], ag::conj_if_complex(ag::mul(res, std::log(base.to_double()))))};
    };
    attach(n, r);
  } else {
    auto n = make_node("PowBackward1", {a.tensor(), b.tensor()}, nullptr);
    const size_t sx = n->save(a.tensor()), se = n->save(b.tensor()), sr = n->save(r, true);
    const Shape ash = a.sizes(), bsh = b.sizes();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor x = self.unpack(sx), e = self.unpack(se);
      Tensor ga, gb;
      if (self.next[0].valid()) {
        const Tensor d = ag::mul(e, ag::pow(x, ag::sub(e, 1)));
        ga = ag::sum_to(ag::where(eq(e, 0.0), 0.0, ag::mul(g[0], ag::conj_if_complex(d))), ash);
      }
      if (self.next[1].valid()) {
        const Tensor d = ag::mul(self.unpack(sr), ag::unary(UnaryOp::Log, x));
        const Tensor mask = logical_and(eq(x, 0), ge(e, 0));
        gb = ag::sum_to(ag::where(mask, 0.0, ag::mul(g[0], ag::conj_if_complex(d))), bsh);
      }
      return {ga, gb};
    };
    attach(n, r);
  }
  return r;
}

namespace {

Tensor extremum(const Tensor& a, const Tensor& b, bool is_max) {
  Tensor r = is_max ? tsh::maximum(a, b) : tsh::minimum(a, b);
  if (needs_grad({a, b})) {
    auto n = make_node(is_max ? "MaximumBackward0" : "MinimumBackward0", {a, b}, nullptr);
    const size_t sa = n->save(a), sb = n->save(b);
    const Shape ash = a.sizes(), bsh = b.sizes();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor av = self.unpack(sa), bv = self.unpack(sb);
      const Tensor tie = eq(av, bv);
      const Tensor half = ag::where(tie, ag::div(g[0], 2), g[0]);
      const Tensor a_loses = is_max ? lt(av, bv) : gt(av, bv);
      const Tensor b_loses = is_max ? gt(av, bv) : lt(av, bv);
      return {ag::sum_to(ag::masked_fill(half, a_loses, 0.0), ash), ag::sum_to(ag::masked_fill(half, b_loses, 0.0), bsh)};
    };
    attach(n, r);
  }
  return r;
}

}  // namespace

Tensor maximum(const Tensor& a, const Tensor& b) { return extremum(a, b, true); }
Tensor minimum(const Tensor& a, const Tensor& b) { return extremum(a, b, false); }

Tensor atan2(const Tensor& a, const Tensor& b) {
  Tensor r = tsh::atan2(a, b);
  if (needs_grad({a, b})) {
    auto n = make_node("Atan2Backward0", {a, b}, nullptr);
    const size_t sa = n->save(a), sb = n->save(b);
    const Shape ash = a.sizes(), bsh = b.sizes();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor av = self.unpack(sa), bv = self.unpack(sb);
      const Tensor recip = ag::unary(UnaryOp::Reciprocal, ag::add(ag::mul(av, av), ag::mul(bv, bv)));
      return {ag::sum_to(ag::mul(ag::mul(g[0], bv), recip), ash), ag::sum_to(ag::mul(ag::mul(g[0], ag::neg(av)), recip), bsh)};
    };
    attach(n, r);
  }
  return r;
}

Tensor where(const Tensor& cond, const Operand& a, const Operand& b) {
  Tensor r = tsh::where(cond, a, b);
  if (autograd::needs_grad_operands(a, b)) {
    auto n = make_node("WhereBackward0", {tensor_or_none(a), tensor_or_none(b)}, nullptr);
    const size_t sc = n->save(cond);
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor c = self.unpack(sc);
      Tensor ga, gb;
      if (a.is_tensor()) ga = ag::sum_to(ag::where(c, g[0], 0.0), a.sizes());
      if (b.is_tensor()) gb = ag::sum_to(ag::where(c, 0.0, g[0]), b.sizes());
      return {ga, gb};
    };
    attach(n, r);
  }
  return r;
}

Tensor clamp(const Tensor& x, const std::optional<Operand>& lo, const std::optional<Operand>& hi) {
  Tensor r = tsh::clamp(x, lo, hi);
  const bool tensor_bounds = (lo && lo->is_tensor()) || (hi && hi->is_tensor());
  const Tensor tlo = lo && lo->is_tensor() ? lo->tensor() : Tensor(), thi = hi && hi->is_tensor() ? hi->tensor() : Tensor();
  if (!needs_grad({x, tlo, thi})) return r;
  auto n = make_node(tensor_bounds ? "ClampBackward0" : "ClampBackward1", {x, tlo, thi}, nullptr);
  const size_t sx = n->save(x), slo = n->save(tlo), shi = n->save(thi);
  const std::optional<Scalar> nlo = lo && !lo->is_tensor() ? std::optional<Scalar>(lo->scalar()) : std::nullopt;
  const std::optional<Scalar> nhi = hi && !hi->is_tensor() ? std::optional<Scalar>(hi->scalar()) : std::nullopt;
  n->backward = [=](Node& self, const TensorList& g) -> TensorList {
    // Strictly inside the bounds the gradient passes; at a number bound it stops (PyTorch's rule);
    // at a tensor bound it is shared half and half between x and that bound.
    const Tensor xv = self.unpack(sx);
    const Tensor lov = tlo.defined() ? self.unpack(slo) : Tensor(), hiv = thi.defined() ? self.unpack(shi) : Tensor();
    Tensor inside = full(xv.sizes(), Scalar(true), DType::Bool, xv.device());
    if (lov.defined()) inside = logical_and(inside, gt(xv, lov));
    else if (nlo) inside = logical_and(inside, gt(xv, *nlo));
    if (hiv.defined()) inside = logical_and(inside, lt(xv, hiv));
    else if (nhi) inside = logical_and(inside, lt(xv, *nhi));
    Tensor gx = ag::where(inside, g[0], 0.0);
    const Tensor half = ag::mul(g[0], 0.5);
    TensorList out = {gx, Tensor(), Tensor()};
    if (lov.defined()) {
      out[0] = ag::add(out[0], ag::where(eq(xv, lov), half, 0.0));
      out[1] = sum_to(ag::add(ag::where(lt(xv, lov), g[0], 0.0), ag::where(eq(xv, lov), half, 0.0)), lov.sizes());
    }
    if (hiv.defined()) {
      out[0] = ag::add(out[0], ag::where(eq(xv, hiv), half, 0.0));
      out[2] = sum_to(ag::add(ag::where(gt(xv, hiv), g[0], 0.0), ag::where(eq(xv, hiv), half, 0.0)), hiv.sizes());
    }
    return out;
  };
  attach(n, r);
  return r;
}

Tensor lerp(const Tensor& a, const Tensor& b, const Operand& w) {
  Tensor r = tsh::lerp(a, b, w);
  const Tensor tw = tensor_or_none(w);
  if (!needs_grad({a, b, tw})) return r;
  auto n = make_node(w.is_tensor() ? "LerpBackward1" : "LerpBackward0", {a, b, tw}, nullptr);
  const size_t sa = n->save(a), sb = n->save(b), sw = n->save(tw);
  const Shape ash = a.sizes(), bsh = b.sizes();
  const Scalar ws = w.is_tensor() ? Scalar() : w.scalar();
  n->backward = [=](Node& self, const TensorList& g) -> TensorList {
    const Operand wv = tw.defined() ? Operand(self.unpack(sw)) : Operand(ws);
    TensorList out = {ag::sum_to(ag::mul(g[0], ag::rsub(wv, 1)), ash), ag::sum_to(ag::mul(g[0], wv), bsh), Tensor()};
    if (tw.defined()) out[2] = ag::sum_to(ag::mul(g[0], ag::sub(self.unpack(sb), self.unpack(sa))), tw.sizes());
    return out;
  };
  attach(n, r);
  return r;
}

Tensor neg(const Tensor& x) {
  Tensor r = tsh::neg(x);
  if (needs_grad({x})) attach(make_node("NegBackward0", {x}, [](Node&, const TensorList& g) -> TensorList { return {ag::neg(g[0])}; }), r);
  return r;
}

Tensor relu(const Tensor& x) {
  Tensor r = tsh::relu(x);
  if (needs_grad({x})) {
    auto n = make_node("ReluBackward0", {x}, nullptr);
    attach(n, r);
    const size_t sr = n->save(r, true);
    n->backward = [sr](Node& self, const TensorList& g) -> TensorList {
      return {ag::where(le(self.unpack(sr), 0), 0.0, g[0])};
    };
  }
  return r;
}

Tensor square(const Tensor& x) { return ag::pow(x, Scalar(int64_t{2})); }

Tensor nan_to_num(const Tensor& x, std::optional<double> nan, std::optional<double> posinf, std::optional<double> neginf) {
  Tensor r = tsh::nan_to_num(x, nan, posinf, neginf);
  if (needs_grad({x})) {
    auto n = make_node("NanToNumBackward0", {x}, nullptr);
    const size_t sx = n->save(x);
    n->backward = [sx](Node& self, const TensorList& g) -> TensorList {
      return {ag::where(isfinite(self.unpack(sx)), g[0], 0.0)};
    };
    attach(n, r);
  }
  return r;
}

namespace {

struct UnaryRule {
  const char* node;
  bool saves_input, saves_result;
  // The gradient from the incoming one, x and the result (either undefined when not saved).
  Tensor (*grad)(const Tensor& g, const Tensor& x, const Tensor& r);
};

Tensor u(UnaryOp op, const Tensor& t) { return ag::unary(op, t); }
Tensor cj(const Tensor& t) { return ag::conj_if_complex(t); }
const double kTwoOverSqrtPi = 2.0 / std::sqrt(M_PI);

const UnaryRule* unary_rule(UnaryOp op) {
  using O = UnaryOp;
  static const UnaryRule zero{"", false, false, [](const Tensor& g, const Tensor&, const Tensor&) { return zeros_like_t(g); }};
  static const std::vector<std::pair<O, UnaryRule>> rules = {
      {O::Neg, {"NegBackward0", false, false, [](const Tensor& g, const Tensor&, const Tensor&) { return ag::neg(g); }}},
      {O::Abs, {"AbsBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, u(O::Sgn, x)); }}},
      {O::Reciprocal, {"ReciprocalBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(ag::neg(g), cj(ag::mul(r, r))); }}},
      {O::Sqrt, {"SqrtBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::div(g, ag::mul(cj(r), 2)); }}},
      {O::Rsqrt, {"RsqrtBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(ag::mul(g, -0.5), cj(ag::pow(r, 3))); }}},
      {O::Exp, {"ExpBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(g, cj(r)); }}},
      {O::Exp2, {"Exp2Backward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(ag::mul(g, cj(r)), M_LN2); }}},
      {O::Expm1, {"Expm1Backward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(g, ag::add(cj(r), 1)); }}},
      {O::Log, {"LogBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::div(g, cj(x)); }}},
      {O::Log2, {"Log2Backward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::div(g, ag::mul(cj(x), M_LN2)); }}},
      {O::Log10, {"Log10Backward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::div(g, ag::mul(cj(x), M_LN10)); }}},
      {O::Log1p, {"Log1PBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::div(g, cj(ag::add(x, 1))); }}},
      {O::Sin, {"SinBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(u(O::Cos, x))); }}},
      {O::Cos, {"CosBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(ag::neg(u(O::Sin, x)))); }}},
      {O::Tan, {"TanBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(g, cj(ag::add(ag::pow(r, 2), 1))); }}},
      {O::Asin, {"AsinBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(u(O::Rsqrt, ag::add(ag::mul(ag::neg(x), x), 1)))); }}},
      {O::Acos, {"AcosBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(ag::neg(u(O::Rsqrt, ag::add(ag::mul(ag::neg(x), x), 1))))); }}},
      {O::Atan, {"AtanBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::div(g, cj(ag::add(ag::mul(x, x), 1))); }}},
      {O::Sinh, {"SinhBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(u(O::Cosh, x))); }}},
      {O::Cosh, {"CoshBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(u(O::Sinh, x))); }}},
      // 1 - r² rounded once, as PyTorch's compiled tanh_backward contracts it (an addcmul, whose
      // float kernel is one fma).
      {O::Tanh, {"TanhBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) {
         const Tensor one = ones_like(r);
         return ag::mul(g, cj(ag::addc(false, one, r, r, Scalar(-1.0), addcmul(one, r, r, Scalar(-1.0)))));
       }}},
      {O::Asinh, {"AsinhBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(u(O::Rsqrt, ag::add(ag::pow(x, 2), 1)))); }}},
      {O::Acosh, {"AcoshBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(u(O::Rsqrt, ag::sub(ag::pow(x, 2), 1)))); }}},
      {O::Atanh, {"AtanhBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, cj(u(O::Reciprocal, ag::rsub(ag::pow(x, 2), 1)))); }}},
      {O::Sigmoid, {"SigmoidBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(ag::mul(g, ag::rsub(r, 1)), r); }}},
      {O::Erf, {"ErfBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(ag::mul(u(O::Exp, ag::neg(ag::pow(x, 2))), kTwoOverSqrtPi), g); }}},
      {O::Erfc, {"ErfcBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(ag::mul(u(O::Exp, ag::neg(ag::pow(x, 2))), -kTwoOverSqrtPi), g); }}},
      {O::Erfinv, {"ErfinvBackward0", false, true, [](const Tensor& g, const Tensor&, const Tensor& r) { return ag::mul(ag::mul(u(O::Exp, ag::pow(r, 2)), 0.5 * std::sqrt(M_PI)), g); }}},
      {O::Lgamma, {"LgammaBackward0", true, false, [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, u(O::Digamma, x)); }}},
      {O::Frac, {"FracBackward0", false, false, [](const Tensor& g, const Tensor&, const Tensor&) { return g; }}},
      {O::Sign, {"SignBackward0", false, false, zero.grad}},
      {O::Sgn, {"SgnBackward0", false, false, zero.grad}},  // real inputs only: see unary()
      {O::Floor, {"FloorBackward0", false, false, zero.grad}},
      {O::Ceil, {"CeilBackward0", false, false, zero.grad}},
      {O::Round, {"RoundBackward0", false, false, zero.grad}},
      {O::Trunc, {"TruncBackward0", false, false, zero.grad}},
  };
  for (const auto& [o, rule] : rules)
    if (o == op) return &rule;
  return nullptr;
}

}  // namespace

bool has_unary_derivative(UnaryOp op) { return unary_rule(op) != nullptr; }

Tensor unary(UnaryOp op, const Tensor& x) {
  Tensor r = tsh::unary(op, x);
  if (!needs_grad({x})) return r;
  const UnaryRule* rule = unary_rule(op);
  // The shell asks has_unary_derivative first and names the op in its error.
  if (!rule) autograd::derivative_not_implemented("this op");
  if (op == UnaryOp::Sgn && is_complex(x.dtype())) {
    // sgn(z) = z / |z|: (g - re(g conj(sgn)) sgn) / |z|, zero where z is.
    auto n = make_node("SgnBackward0", {x}, nullptr);
    attach(n, r);
    const size_t sx = n->save(x), sr = n->save(r, true);
    n->backward = [sx, sr](Node& self, const TensorList& g) -> TensorList {
      const Tensor xv = self.unpack(sx), sv = self.unpack(sr);
      const Tensor a = ag::unary(UnaryOp::Abs, xv);
      const Tensor along = ag::mul(ag::complex_part(ag::mul(g[0], ag::conj_physical(sv)), false), sv);
      return {ag::where(compare(CompareOp::Eq, a, 0), 0.0, ag::div(ag::sub(g[0], along), a))};
    };
    return r;
  }
  auto n = make_node(rule->node, {x}, nullptr);
  attach(n, r);
  const size_t sx = rule->saves_input ? n->save(x) : 0;
  const size_t sr = rule->saves_result ? n->save(r, true) : 0;
  const UnaryRule* rr = rule;
  n->backward = [rr, sx, sr](Node& self, const TensorList& g) -> TensorList {
    const Tensor xv = rr->saves_input ? self.unpack(sx) : Tensor();
    const Tensor rv = rr->saves_result ? self.unpack(sr) : Tensor();
    return {rr->grad(g[0], xv, rv)};
  };
  return r;
}

}  // namespace tsh::ag
