// shell/torch/ops_elementwise.cpp — registry entries for elementwise math, comparisons and logic.
//
// Schemas follow PyTorch's: a Tensor overload before its Scalar twin (so a
// 0-d tensor binds as a tensor, as PyTorch's sorted overloads do), an
// in-place `name_` method per op, and `out=` on the function form. In-place
// and out= calls return the very object written into (identity kept).
#include "engine/ops/complex.h"
#include "engine/ops/copy.h"
#include "engine/ops/elementwise.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/elementwise_defs.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

void register_arithmetic(Registry& r) {
  for (const char* n : {"add", "sub", "subtract"}) {
    const bool is_add = std::string(n) == "add";
    using AddSub = Tensor (*)(const Operand&, const Operand&, const Scalar&, const Dest&);
    const AddSub f = is_add ? static_cast<AddSub>(&add) : static_cast<AddSub>(&sub);
    const std::string doc = is_add ? "self + alpha * other, broadcast and type-promoted."
                                   : "self - alpha * other, broadcast and type-promoted (not for bool).";
    const std::string name = n;
    // other may also be a Python number here, as PyTorch allows for add and sub.
    r.def(name + "(Tensor self, Tensor other, *, Scalar alpha=1, Tensor out=None) -> Tensor", kBoth, doc,
          [f](Interpreter&, Bound& a) {
            return result(a, 3, f(operand(a, 0), operand(a, 1), a.scalar(2), out_dest(a, 3)));
          })
        .set_plain(2, [f](std::span<const Value* const> t) {
          return Value::tensor(f(t[0]->as_tensor(), t[1]->as_tensor(), Scalar(int64_t{1}), {}));
        });
    if (name == "subtract")
      r.def(name + "(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", kBoth, doc,
            [f](Interpreter&, Bound& a) { return Value::tensor(f(a.tensor(0), operand(a, 1), a.scalar(2), {})); });
    else  // the deprecated add(input, alpha, other) form: binds, never listed
      r.def(name + "(Tensor self, Scalar alpha, Tensor other, *, Tensor out=None) -> Tensor |deprecated", kBoth, doc,
            [f](Interpreter&, Bound& a) {
              return result(a, 3, f(a.tensor(0), operand(a, 2), a.scalar(1), out_dest(a, 3)));
            });
    r.def(name + "_(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", kMethod, "In-place " + name + "().",
          [f](Interpreter&, Bound& a) {
            f(a.tensor(0), operand(a, 1), a.scalar(2), Dest::inplace(a.tensor(0)));
            return a[0];
          })
        .set_plain(2, [f](std::span<const Value* const> t) {
          f(t[0]->as_tensor(), t[1]->as_tensor(), Scalar(int64_t{1}), Dest::inplace(t[0]->as_tensor()));
          return *t[0];
        });
    if (name == "subtract")
      r.def(name + "_(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", kMethod, "In-place " + name + "().",
            [f](Interpreter&, Bound& a) {
              f(a.tensor(0), operand(a, 1), a.scalar(2), Dest::inplace(a.tensor(0)));
              return a[0];
            });
    else
      r.def(name + "_(Tensor self, Scalar alpha, Tensor other) -> Tensor |deprecated", kMethod,
            "In-place " + name + "().", [f](Interpreter&, Bound& a) {
              f(a.tensor(0), operand(a, 2), a.scalar(1), Dest::inplace(a.tensor(0)));
              return a[0];
            });
  }
  r.def("rsub(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", kFunction,
        "other - alpha * self.", [](Interpreter&, Bound& a) { return Value::tensor(sub(a.tensor(1), a.tensor(0), a.scalar(2))); });
  r.def("rsub(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", kFunction,
        "other - alpha * self.", [](Interpreter&, Bound& a) { return Value::tensor(sub(operand(a, 1), a.tensor(0), a.scalar(2))); });

  const std::string mul_doc = "self * other elementwise, broadcast and type-promoted.";
  def_binary(r, "mul", &mul, mul_doc, Form::NumbersOnly);
  def_binary(r, "multiply", &mul, mul_doc, Form::NumbersScalar);

  // div/divide: rounding_mode is required (None allowed) in the overloads that take it.
  auto div_impl = [](Interpreter&, Bound& a) {
    const size_t rm = a.index_of("rounding_mode"), out = a.index_of("out");
    const Rounding mode = rm == Bound::npos ? Rounding::None : parse_rounding(a.opt_str(rm));
    return result(a, out, div(operand(a, 0), operand(a, 1), mode, out == Bound::npos ? Dest{} : out_dest(a, out)));
  };
  auto div_inplace = [](Interpreter&, Bound& a) {
    const size_t rm = a.index_of("rounding_mode");
    div(a.tensor(0), operand(a, 1), rm == Bound::npos ? Rounding::None : parse_rounding(a.opt_str(rm)),
        Dest::inplace(a.tensor(0)));
    return a[0];
  };
  for (const char* n : {"div", "divide"}) {
    const std::string name = n;
    const std::string doc =
        "self / other. rounding_mode None: true division (integers give the default float dtype); "
        "'trunc' rounds toward zero, 'floor' toward -inf, keeping integer dtypes.";
    r.def(name + "(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth, doc, div_impl);
    r.def(name + "(Tensor self, Tensor other, *, str? rounding_mode, Tensor out=None) -> Tensor", kBoth, doc, div_impl);
    if (name == "divide") r.def(name + "(Tensor self, Scalar other) -> Tensor", kBoth, doc, div_impl);
    r.def(name + "(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor", kBoth, doc, div_impl);
    r.def(name + "_(Tensor self, Tensor other) -> Tensor", kMethod, "In-place " + name + "().", div_inplace);
    r.def(name + "_(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", kMethod, "In-place " + name + "().",
          div_inplace);
    if (name == "divide") r.def(name + "_(Tensor self, Scalar other) -> Tensor", kMethod, "In-place " + name + "().", div_inplace);
    r.def(name + "_(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor", kMethod, "In-place " + name + "().",
          div_inplace);
  }
  def_binary(r, "true_divide",
             [](const Operand& x, const Operand& y, const Dest& d) { return div(x, y, Rounding::None, d); },
             "self / other as true division (integers give the default float dtype).", Form::NumbersScalar);
  def_binary(r, "floor_divide", &floor_divide, "self // other: the quotient rounded toward -inf.", Form::NumbersScalar);
  def_binary(r, "remainder", &remainder, "Python's self % other: the result has the sign of other.", Form::ScalarSelf);
  def_binary(r, "fmod", &fmod, "C's fmod(self, other): the result has the sign of self.", Form::TensorScalar);

  const std::string pow_doc = "self ** exponent elementwise, broadcast and type-promoted.";
  r.def("pow(Tensor self, Tensor exponent, *, Tensor out=None) -> Tensor", kBoth, pow_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, pow(a.tensor(0), a.tensor(1), out_dest(a, 2))); });
  r.def("pow(Scalar self, Tensor exponent, *, Tensor out=None) -> Tensor", kFunction, pow_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, pow(operand(a, 0), a.tensor(1), out_dest(a, 2))); });
  r.def("pow(Tensor self, Scalar exponent, *, Tensor out=None) -> Tensor", kBoth, pow_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, pow(a.tensor(0), operand(a, 1), out_dest(a, 2))); });
  r.def("pow_(Tensor self, Tensor exponent) -> Tensor", kMethod, "In-place pow().",
        [](Interpreter&, Bound& a) { pow(a.tensor(0), a.tensor(1), Dest::inplace(a.tensor(0))); return a[0]; });
  r.def("pow_(Tensor self, Scalar exponent) -> Tensor", kMethod, "In-place pow().",
        [](Interpreter&, Bound& a) { pow(a.tensor(0), operand(a, 1), Dest::inplace(a.tensor(0))); return a[0]; });
  r.def("square(Tensor self, *, Tensor out=None) -> Tensor", kBoth, "self ** 2 (bool gives int64).",
        [](Interpreter&, Bound& a) { return result(a, 1, square(a.tensor(0), out_dest(a, 1))); });
  r.def("square_(Tensor self) -> Tensor", kMethod, "In-place square().",
        [](Interpreter&, Bound& a) { square(a.tensor(0), Dest::inplace(a.tensor(0))); return a[0]; });

  def_binary(r, "atan2", &atan2, "The angle of the point (other, self): atan(self / other) in the right quadrant.",
             Form::TensorOnly, {"arctan2"});
  def_binary(r, "hypot", &hypot, "sqrt(self**2 + other**2) without overflow.", Form::TensorOnly);
  def_binary(r, "maximum", &maximum, "Elementwise maximum; NaN if either is NaN.", Form::TensorOnly, {}, false);
  def_binary(r, "fmax", &fmax, "Elementwise maximum; a NaN loses to a number.", Form::TensorOnly, {}, false);
  def_binary(r, "fmin", &fmin, "Elementwise minimum; a NaN loses to a number.", Form::TensorOnly, {}, false);
  def_binary(r, "copysign", &copysign, "The magnitude of self with the sign of other, in float.", Form::TensorScalar);
  r.def("heaviside(Tensor self, Tensor values, *, Tensor out=None) -> Tensor", kBoth,
        "The step function: 0 where self < 0, values where self == 0, 1 where self > 0.",
        [](Interpreter&, Bound& a) { return result(a, 2, heaviside(a.tensor(0), a.tensor(1), out_dest(a, 2))); });
  r.def("heaviside_(Tensor self, Tensor values) -> Tensor", kMethod, "In-place heaviside().", [](Interpreter&, Bound& a) {
    heaviside(a.tensor(0), a.tensor(1), Dest::inplace(a.tensor(0)));
    return a[0];
  });
  def_binary(r, "gcd", &gcd, "Greatest common divisor of integers.", Form::TensorOnly);
  def_binary(r, "lcm", &lcm, "Least common multiple of integers.", Form::TensorOnly);
  def_binary(r, "minimum", &minimum, "Elementwise minimum; NaN if either is NaN.", Form::TensorOnly, {}, false);
}

void register_bitwise(Registry& r) {
  def_binary(r, "bitwise_and", &bitwise_and, "self & other on integer and bool tensors.", Form::ScalarSelf);
  def_binary(r, "bitwise_or", &bitwise_or, "self | other on integer and bool tensors.", Form::ScalarSelf);
  def_binary(r, "bitwise_xor", &bitwise_xor, "self ^ other on integer and bool tensors.", Form::ScalarSelf);
  def_binary(r, "bitwise_left_shift", &bitwise_left_shift, "self << other on integer tensors.", Form::ScalarSelf);
  def_binary(r, "bitwise_right_shift", &bitwise_right_shift, "self >> other on integer tensors.", Form::ScalarSelf);
  def_unary(r, "bitwise_not", UnaryOp::BitwiseNot, "~self on integer and bool tensors.");
}

void register_compare(Registry& r) {
  struct Cmp {
    const char* name;
    const char* alias;
    CompareOp op;
    const char* doc;
  };
  const Cmp cmps[] = {
      {"eq", nullptr, CompareOp::Eq, "self == other elementwise (bool)."},
      {"ne", "not_equal", CompareOp::Ne, "self != other elementwise (bool)."},
      {"lt", "less", CompareOp::Lt, "self < other elementwise (bool)."},
      {"le", "less_equal", CompareOp::Le, "self <= other elementwise (bool)."},
      {"gt", "greater", CompareOp::Gt, "self > other elementwise (bool)."},
      {"ge", "greater_equal", CompareOp::Ge, "self >= other elementwise (bool)."},
  };
  for (const Cmp& c : cmps) {
    std::vector<std::string> names{c.name};
    if (c.alias) names.push_back(c.alias);
    const CompareOp op = c.op;
    for (const std::string& n : names) {
      r.def(n + "(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth, c.doc,
            [op](Interpreter&, Bound& a) { return result(a, 2, compare(op, a.tensor(0), a.tensor(1), out_dest(a, 2))); });
      r.def(n + "(Tensor self, Scalar other, *, Tensor out=None) -> Tensor", kBoth, c.doc,
            [op](Interpreter&, Bound& a) { return result(a, 2, compare(op, a.tensor(0), operand(a, 1), out_dest(a, 2))); });
      r.def(n + "_(Tensor self, Tensor other) -> Tensor", kMethod, "In-place " + n + "(): writes 0/1 in self's dtype.",
            [op](Interpreter&, Bound& a) { compare(op, a.tensor(0), a.tensor(1), Dest::inplace(a.tensor(0))); return a[0]; });
      r.def(n + "_(Tensor self, Scalar other) -> Tensor", kMethod, "In-place " + n + "(): writes 0/1 in self's dtype.",
            [op](Interpreter&, Bound& a) { compare(op, a.tensor(0), operand(a, 1), Dest::inplace(a.tensor(0))); return a[0]; });
    }
  }
  const std::pair<const char*, CompareOp> logical[] = {
      {"logical_and", CompareOp::LogicalAnd}, {"logical_or", CompareOp::LogicalOr}, {"logical_xor", CompareOp::LogicalXor}};
  for (const auto& entry : logical) {  // named, not a structured binding: clang 14 cannot capture one
    const char* n = entry.first;
    const CompareOp op = entry.second;
    const std::string doc = std::string(n) + " of the truth values of self and other (bool).";
    r.def(std::string(n) + "(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth, doc,
          [op](Interpreter&, Bound& a) { return result(a, 2, compare(op, a.tensor(0), a.tensor(1), out_dest(a, 2))); });
    r.def(std::string(n) + "_(Tensor self, Tensor other) -> Tensor", kMethod, "In-place " + std::string(n) + "().",
          [op](Interpreter&, Bound& a) { compare(op, a.tensor(0), a.tensor(1), Dest::inplace(a.tensor(0))); return a[0]; });
  }
  def_unary(r, "logical_not", UnaryOp::LogicalNot, "not self, elementwise (bool).");

  r.def("isclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> Tensor",
        kBoth, "|self - other| <= atol + rtol * |other| elementwise (bool).", [](Interpreter&, Bound& a) {
          return Value::tensor(isclose(a.tensor(0), a.tensor(1), a.f64(2), a.f64(3), a.boolean(4)));
        });
  r.def("allclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> bool",
        kBoth, "True when isclose() holds for every element.", [](Interpreter&, Bound& a) {
          return Value::boolean(allclose(a.tensor(0), a.tensor(1), a.f64(2), a.f64(3), a.boolean(4)));
        });
  for (auto [n, op] : {std::pair{"isnan", UnaryOp::IsNan}, std::pair{"isinf", UnaryOp::IsInf},
                       std::pair{"isfinite", UnaryOp::IsFinite}, std::pair{"isneginf", UnaryOp::IsNegInf},
                       std::pair{"isposinf", UnaryOp::IsPosInf}, std::pair{"signbit", UnaryOp::Signbit}})
    def_unary(r, n, op, std::string(n) + "(self) elementwise (bool).", {}, false);

  r.def("result_type(Tensor tensor, Tensor other) -> ScalarType", kFunction,
        "The dtype an op on these operands computes in (PyTorch's promotion rules).", [](Interpreter&, Bound& a) {
          return Value::dtype(result_type({promotion_operand(a.tensor(0)), promotion_operand(a.tensor(1))}));
        });
  r.def("result_type(Scalar scalar, Tensor tensor) -> ScalarType", kFunction,
        "The dtype an op on these operands computes in.", [](Interpreter&, Bound& a) {
          return Value::dtype(result_type({operand(a, 0).promotion(), promotion_operand(a.tensor(1))}));
        });
  r.def("result_type(Tensor tensor, Scalar other) -> ScalarType", kFunction,
        "The dtype an op on these operands computes in.", [](Interpreter&, Bound& a) {
          return Value::dtype(result_type({promotion_operand(a.tensor(0)), operand(a, 1).promotion()}));
        });
  r.def("result_type(Scalar scalar1, Scalar scalar2) -> ScalarType", kFunction,
        "The dtype an op on these operands computes in.", [](Interpreter&, Bound& a) {
          return Value::dtype(result_type({operand(a, 0).promotion(), operand(a, 1).promotion()}));
        });
}

void register_math(Registry& r) {
  struct U {
    const char* name;
    UnaryOp op;
    const char* doc;
    std::vector<std::string> aliases;
  };
  const U us[] = {
      {"neg", UnaryOp::Neg, "-self (not for bool).", {"negative"}},
      {"abs", UnaryOp::Abs, "|self| (complex: the modulus, a real tensor).", {"absolute"}},
      {"sign", UnaryOp::Sign, "-1, 0 or 1 by the sign of each element.", {}},
      {"sgn", UnaryOp::Sgn, "sign(); for complex z, z / |z|.", {}},
      {"reciprocal", UnaryOp::Reciprocal, "1 / self (integers give the default float dtype).", {}},
      {"sqrt", UnaryOp::Sqrt, "Square root.", {}},
      {"rsqrt", UnaryOp::Rsqrt, "1 / sqrt(self).", {}},
      {"exp", UnaryOp::Exp, "e ** self.", {}},
      {"exp2", UnaryOp::Exp2, "2 ** self.", {}},
      {"expm1", UnaryOp::Expm1, "e ** self - 1, accurate near 0.", {}},
      {"log", UnaryOp::Log, "Natural logarithm.", {}},
      {"log2", UnaryOp::Log2, "Base-2 logarithm.", {}},
      {"log10", UnaryOp::Log10, "Base-10 logarithm.", {}},
      {"log1p", UnaryOp::Log1p, "log(1 + self), accurate near 0.", {}},
      {"sin", UnaryOp::Sin, "Sine (radians).", {}},
      {"cos", UnaryOp::Cos, "Cosine (radians).", {}},
      {"tan", UnaryOp::Tan, "Tangent (radians).", {}},
      {"asin", UnaryOp::Asin, "Inverse sine.", {"arcsin"}},
      {"acos", UnaryOp::Acos, "Inverse cosine.", {"arccos"}},
      {"atan", UnaryOp::Atan, "Inverse tangent.", {"arctan"}},
      {"sinh", UnaryOp::Sinh, "Hyperbolic sine.", {}},
      {"cosh", UnaryOp::Cosh, "Hyperbolic cosine.", {}},
      {"tanh", UnaryOp::Tanh, "Hyperbolic tangent.", {}},
      {"asinh", UnaryOp::Asinh, "Inverse hyperbolic sine.", {"arcsinh"}},
      {"acosh", UnaryOp::Acosh, "Inverse hyperbolic cosine.", {"arccosh"}},
      {"atanh", UnaryOp::Atanh, "Inverse hyperbolic tangent.", {"arctanh"}},
      {"sigmoid", UnaryOp::Sigmoid, "1 / (1 + e ** -self).", {}},
      {"erf", UnaryOp::Erf, "The error function.", {}},
      {"erfc", UnaryOp::Erfc, "1 - erf(self).", {}},
      {"erfinv", UnaryOp::Erfinv, "The inverse error function.", {}},
      {"floor", UnaryOp::Floor, "The largest integer <= self.", {}},
      {"ceil", UnaryOp::Ceil, "The smallest integer >= self.", {}},
      {"trunc", UnaryOp::Trunc, "The integer part (rounds toward zero).", {"fix"}},
      {"frac", UnaryOp::Frac, "self - trunc(self).", {}},
      {"angle", UnaryOp::Angle, "The argument of each element (pi for negative reals, 0 else).", {}},
  };
  for (const U& u : us) def_unary(r, u.name, u.op, u.doc, u.aliases);

  const std::string round_doc = "Rounds half to even; with decimals, to that many decimal places.";
  r.def("round(Tensor self, *, Tensor out=None) -> Tensor", kBoth, round_doc,
        [](Interpreter&, Bound& a) { return result(a, 1, round(a.tensor(0), 0, out_dest(a, 1))); });
  r.def("round(Tensor self, *, int decimals, Tensor out=None) -> Tensor", kBoth, round_doc,
        [](Interpreter&, Bound& a) { return result(a, 2, round(a.tensor(0), a.int64(1), out_dest(a, 2))); });
  r.def("round_(Tensor self) -> Tensor", kMethod, "In-place round().",
        [](Interpreter&, Bound& a) { round(a.tensor(0), 0, Dest::inplace(a.tensor(0))); return a[0]; });
  r.def("round_(Tensor self, *, int decimals) -> Tensor", kMethod, "In-place round().",
        [](Interpreter&, Bound& a) { round(a.tensor(0), a.int64(1), Dest::inplace(a.tensor(0))); return a[0]; });

  r.def("logit(Tensor self, float? eps=None, *, Tensor out=None) -> Tensor", kBoth,
        "log(p / (1 - p)); with eps, p is first clamped to [eps, 1 - eps].",
        [](Interpreter&, Bound& a) { return result(a, 2, logit(a.tensor(0), a.opt_f64(1), out_dest(a, 2))); });
  r.def("logit_(Tensor self, float? eps=None) -> Tensor", kMethod, "In-place logit().",
        [](Interpreter&, Bound& a) { logit(a.tensor(0), a.opt_f64(1), Dest::inplace(a.tensor(0))); return a[0]; });
  r.def("nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None, *, Tensor out=None) -> Tensor",
        kBoth, "Replaces NaN with nan (0), +inf with posinf (the dtype's max), -inf with neginf (its lowest).",
        [](Interpreter&, Bound& a) {
          return result(a, 4, nan_to_num(a.tensor(0), a.opt_f64(1), a.opt_f64(2), a.opt_f64(3), out_dest(a, 4)));
        });
  r.def("nan_to_num_(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor", kMethod,
        "In-place nan_to_num().", [](Interpreter&, Bound& a) {
          nan_to_num(a.tensor(0), a.opt_f64(1), a.opt_f64(2), a.opt_f64(3), Dest::inplace(a.tensor(0)));
          return a[0];
        });
  r.def("relu(Tensor self) -> Tensor", kBoth, "max(self, 0).",
        [](Interpreter&, Bound& a) { return Value::tensor(relu(a.tensor(0))); });
  r.def("relu_(Tensor self) -> Tensor", kBoth, "In-place relu().",
        [](Interpreter&, Bound& a) { relu(a.tensor(0), Dest::inplace(a.tensor(0))); return a[0]; });
  r.def("gelu(Tensor self, *, str approximate=\"none\") -> Tensor", kFunction,
        "x * Phi(x) (approximate='tanh': the tanh approximation), as torch.nn.functional.gelu.",
        [](Interpreter&, Bound& a) { return Value::tensor(gelu(a.tensor(0), a.str(1))); });

  r.def("real(Tensor self) -> Tensor", kFunction, "The real part (a view for complex tensors; self otherwise).",
        [](Interpreter&, Bound& a) {
          Tensor t = real(a.tensor(0));
          return t.is_same(a.tensor(0)) ? a[0] : Value::tensor(t);
        });
  r.def("imag(Tensor self) -> Tensor", kFunction, "The imaginary part of a complex tensor (a view).",
        [](Interpreter&, Bound& a) { return Value::tensor(imag(a.tensor(0))); });
  r.def("conj(Tensor self) -> Tensor", kBoth,
        "The complex conjugate as a lazy view: the same memory with the conjugate bit flipped (self for real "
        "tensors); writes through it land conjugated.",
        [](Interpreter&, Bound& a) {
          Tensor t = conj_view(a.tensor(0));
          return t.is_same(a.tensor(0)) ? a[0] : Value::tensor(t);
        });
  r.def("conj_physical(Tensor self) -> Tensor", kBoth, "The complex conjugate in new memory (self for real tensors).",
        [](Interpreter&, Bound& a) {
          Tensor t = conj(a.tensor(0));
          return t.is_same(a.tensor(0)) ? a[0] : Value::tensor(t);
        });
  r.def("conj_physical_(Tensor self) -> Tensor", kMethod, "In-place conj_physical() (nothing changes for real tensors).",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          if (is_complex(t.dtype())) copy_(t, conj(t));
          return a[0];
        });
  // torch.complex / torch.polar: out= must already have the complex dtype.
  auto complex_out = [](Bound& a, const Tensor& made) {
    if (std::optional<Tensor> out = out_arg(a, 2)) {
      if (out->dtype() != made.dtype())
        throw tsh::Error(std::string("Expected object of scalar type ") + scalar_type_name(made.dtype()) +
                         " but got scalar type " + scalar_type_name(out->dtype()) + " for argument 'out'");
    }
    return out_or_result(a, 2, made);
  };
  r.def("complex(Tensor real, Tensor imag, *, Tensor out=None) -> Tensor", kFunction,
        "real + imag·j from two float32 (complex64) or two float64 (complex128) tensors, broadcast.",
        [complex_out](Interpreter&, Bound& a) { return complex_out(a, complex(a.tensor(0), a.tensor(1))); });
  r.def("polar(Tensor abs, Tensor angle, *, Tensor out=None) -> Tensor", kFunction,
        "abs·(cos(angle) + sin(angle)·j): the complex numbers of the given magnitudes and phases.",
        [complex_out](Interpreter&, Bound& a) { return complex_out(a, polar(a.tensor(0), a.tensor(1))); });
  r.def("positive(Tensor self) -> Tensor", kBoth, "self itself (refused for bool).",
        [](Interpreter&, Bound& a) { positive(a.tensor(0)); return a[0]; });
}

void register_ternary(Registry& r) {
  const std::string where_doc = "condition ? self : other elementwise, broadcast and type-promoted.";
  r.def("where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None) -> Tensor", kFunction, where_doc,
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, where(a.tensor(0), a.tensor(1), a.tensor(2))); });
  r.def("where(Tensor condition, Scalar self, Tensor other) -> Tensor", kFunction, where_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(where(a.tensor(0), operand(a, 1), a.tensor(2))); });
  r.def("where(Tensor condition, Tensor input, Scalar other) -> Tensor", kFunction, where_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(where(a.tensor(0), a.tensor(1), operand(a, 2))); });
  r.def("where(Tensor condition, Scalar self, Scalar other) -> Tensor", kFunction, where_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(where(a.tensor(0), operand(a, 1), operand(a, 2))); });
  r.def("where(Tensor self, Tensor condition, Tensor other) -> Tensor", kMethod, where_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(where(a.tensor(1), a.tensor(0), a.tensor(2))); });
  r.def("where(Tensor self, Tensor condition, Scalar other) -> Tensor", kMethod, where_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(where(a.tensor(1), a.tensor(0), operand(a, 2))); });

  const std::string lerp_doc = "self + weight * (end - self).";
  r.def("lerp(Tensor self, Tensor end, Tensor weight, *, Tensor out=None) -> Tensor", kBoth, lerp_doc,
        [](Interpreter&, Bound& a) { return result(a, 3, lerp(a.tensor(0), a.tensor(1), a.tensor(2), out_dest(a, 3))); });
  r.def("lerp(Tensor self, Tensor end, Scalar weight, *, Tensor out=None) -> Tensor", kBoth, lerp_doc,
        [](Interpreter&, Bound& a) { return result(a, 3, lerp(a.tensor(0), a.tensor(1), operand(a, 2), out_dest(a, 3))); });
  r.def("lerp_(Tensor self, Tensor end, Tensor weight) -> Tensor", kMethod, "In-place lerp().",
        [](Interpreter&, Bound& a) { lerp(a.tensor(0), a.tensor(1), a.tensor(2), Dest::inplace(a.tensor(0))); return a[0]; });
  r.def("lerp_(Tensor self, Tensor end, Scalar weight) -> Tensor", kMethod, "In-place lerp().",
        [](Interpreter&, Bound& a) { lerp(a.tensor(0), a.tensor(1), operand(a, 2), Dest::inplace(a.tensor(0))); return a[0]; });

  for (const char* n : {"addcmul", "addcdiv"}) {
    const bool is_mul = std::string(n) == "addcmul";
    auto f = is_mul ? &addcmul : &addcdiv;
    const std::string doc = is_mul ? "self + value * tensor1 * tensor2." : "self + value * tensor1 / tensor2.";
    r.def(std::string(n) + "(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None) -> Tensor",
          kBoth, doc, [f](Interpreter&, Bound& a) {
            return result(a, 4, f(a.tensor(0), a.tensor(1), a.tensor(2), a.scalar(3), out_dest(a, 4)));
          });
    r.def(std::string(n) + "(Tensor self, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None) -> Tensor |deprecated",
          kBoth, doc, [f](Interpreter&, Bound& a) {
            return result(a, 4, f(a.tensor(0), a.tensor(2), a.tensor(3), a.scalar(1), out_dest(a, 4)));
          });
    r.def(std::string(n) + "_(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor", kMethod,
          std::string("In-place ") + n + "().", [f](Interpreter&, Bound& a) {
            f(a.tensor(0), a.tensor(1), a.tensor(2), a.scalar(3), Dest::inplace(a.tensor(0)));
            return a[0];
          });
    r.def(std::string(n) + "_(Tensor self, Scalar value, Tensor tensor1, Tensor tensor2) -> Tensor |deprecated", kMethod,
          std::string("In-place ") + n + "().", [f](Interpreter&, Bound& a) {
            f(a.tensor(0), a.tensor(2), a.tensor(3), a.scalar(1), Dest::inplace(a.tensor(0)));
            return a[0];
          });
  }

  for (const char* n : {"clamp", "clip"}) {
    const std::string doc = "Clamps self into [min, max] (either may be None, not both).";
    r.def(std::string(n) + "(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor out=None) -> Tensor", kBoth, doc,
          [](Interpreter&, Bound& a) {
            return result(a, 3, clamp(a.tensor(0), opt_operand(a, 1), opt_operand(a, 2), out_dest(a, 3)));
          });
    r.def(std::string(n) + "(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor out=None) -> Tensor", kBoth, doc,
          [](Interpreter&, Bound& a) {
            return result(a, 3, clamp(a.tensor(0), opt_operand(a, 1), opt_operand(a, 2), out_dest(a, 3)));
          });
    r.def(std::string(n) + "_(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor", kMethod,
          std::string("In-place ") + n + "().", [](Interpreter&, Bound& a) {
            clamp(a.tensor(0), opt_operand(a, 1), opt_operand(a, 2), Dest::inplace(a.tensor(0)));
            return a[0];
          });
    r.def(std::string(n) + "_(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor", kMethod,
          std::string("In-place ") + n + "().", [](Interpreter&, Bound& a) {
            clamp(a.tensor(0), opt_operand(a, 1), opt_operand(a, 2), Dest::inplace(a.tensor(0)));
            return a[0];
          });
  }
  for (const auto& entry : {std::pair{"clamp_min", true}, std::pair{"clamp_max", false}}) {
    const char* n = entry.first;
    const bool is_min = entry.second;
    const std::string doc = is_min ? "max(self, min)." : "min(self, max).";
    const std::string arg = is_min ? "min" : "max";
    for (const char* type : {"Tensor", "Scalar"}) {
      r.def(std::string(n) + "(Tensor self, " + type + " " + arg + ", *, Tensor out=None) -> Tensor", kBoth, doc,
            [is_min](Interpreter&, Bound& a) {
              const Dest d = out_dest(a, 2);
              Tensor t = is_min ? clamp_min(a.tensor(0), operand(a, 1), d) : clamp_max(a.tensor(0), operand(a, 1), d);
              return result(a, 2, t);
            });
      r.def(std::string(n) + "_(Tensor self, " + type + " " + arg + ") -> Tensor", kMethod,
            std::string("In-place ") + n + "().", [is_min](Interpreter&, Bound& a) {
              const Dest d = Dest::inplace(a.tensor(0));
              is_min ? clamp_min(a.tensor(0), operand(a, 1), d) : clamp_max(a.tensor(0), operand(a, 1), d);
              return a[0];
            });
    }
  }
}

}  // namespace

// deg2rad / rad2deg: a multiplication by PyTorch's double constant (pi/180,
// 180/pi), promoting bool and integers to the default float dtype; complex refused.
void register_angle_units(Registry& r) {
  struct Unit {
    const char* name;
    double factor;
  };
  for (const Unit u : {Unit{"deg2rad", 0.017453292519943295769236907684886}, Unit{"rad2deg", 57.295779513082320876798154814105}}) {
    const std::string n = u.name;
    auto check = [n](const Tensor& t) {
      if (is_complex(t.dtype())) throw NotImplementedError(n + " is not supported for complex tensors.");
    };
    const double f = u.factor;
    r.def(n + "(Tensor self, *, Tensor out=None) -> Tensor", kBoth, n + "(self): degrees to radians, or back.",
          [check, f](Interpreter&, Bound& a) {
            check(a.tensor(0));
            return result(a, 1, mul(a.tensor(0), Scalar(f), out_dest(a, 1)));
          });
    r.def(n + "_(Tensor self) -> Tensor", kMethod, "In-place " + n + "().", [check, f](Interpreter&, Bound& a) {
      check(a.tensor(0));
      mul(a.tensor(0), Scalar(f), Dest::inplace(a.tensor(0)));
      return a[0];
    });
  }
}

void register_elementwise_ops(Registry& r) {
  register_angle_units(r);
  register_arithmetic(r);
  register_bitwise(r);
  register_compare(r);
  register_math(r);
  register_ternary(r);
}

}  // namespace tsh::shell
