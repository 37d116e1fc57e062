// engine/ops/unary.cpp — dtype rules and checks of the one-operand ops, then the kernel.
#include "engine/ops/unary.h"

#include <limits>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/kernels/coverage.h"

namespace tsh {

namespace {


// How each op treats dtypes.
enum class Result : uint8_t {
  Same,      // the input's dtype
  Float,     // bool/integers compute in the default float dtype
  Bool,      // a predicate
  RealSame,  // the input's dtype, complex → its real dtype (abs)
  RealFloat, // as Float, complex → its real dtype (angle)
};

struct Rule {
  Result result;
};

Rule rule(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return {Result::Same};
    case UnaryOp::Abs: return {Result::RealSame};
    case UnaryOp::Sign: return {Result::Same};
    case UnaryOp::Sgn: return {Result::Same};
    case UnaryOp::Reciprocal: return {Result::Float};
    case UnaryOp::Sqrt: return {Result::Float};
    case UnaryOp::Rsqrt: return {Result::Float};
    case UnaryOp::Exp: return {Result::Float};
    case UnaryOp::Exp2: return {Result::Float};
    case UnaryOp::Expm1: return {Result::Float};
    case UnaryOp::Log: return {Result::Float};
    case UnaryOp::Log2: return {Result::Float};
    case UnaryOp::Log10: return {Result::Float};
    case UnaryOp::Log1p: return {Result::Float};
    case UnaryOp::Sin: return {Result::Float};
    case UnaryOp::Cos: return {Result::Float};
    case UnaryOp::Tan: return {Result::Float};
    case UnaryOp::Asin: return {Result::Float};
    case UnaryOp::Acos: return {Result::Float};
    case UnaryOp::Atan: return {Result::Float};
    case UnaryOp::Sinh: return {Result::Float};
    case UnaryOp::Cosh: return {Result::Float};
    case UnaryOp::Tanh: return {Result::Float};
    case UnaryOp::Asinh: return {Result::Float};
    case UnaryOp::Acosh: return {Result::Float};
    case UnaryOp::Atanh: return {Result::Float};
    case UnaryOp::Sigmoid: return {Result::Float};
    case UnaryOp::Logit: return {Result::Float};
    case UnaryOp::Gelu:
    case UnaryOp::GeluTanh: return {Result::Same};
    case UnaryOp::Erf: return {Result::Float};
    case UnaryOp::Erfc: return {Result::Float};
    case UnaryOp::Erfinv: return {Result::Float};
    case UnaryOp::Lgamma:
    case UnaryOp::Digamma:
    case UnaryOp::Trigamma:
    case UnaryOp::Polygamma:
    case UnaryOp::I0:
    case UnaryOp::Sinc: return {Result::Float};
    case UnaryOp::FrexpMantissa:
    case UnaryOp::FrexpExponent: return {Result::Same};
    case UnaryOp::Floor: return {Result::Same};
    case UnaryOp::Ceil: return {Result::Same};
    case UnaryOp::Round: return {Result::Same};
    case UnaryOp::Trunc: return {Result::Same};
    case UnaryOp::Frac: return {Result::Same};
    case UnaryOp::RoundDecimals: return {Result::Same};
    case UnaryOp::NanToNum: return {Result::Same};
    case UnaryOp::Angle: return {Result::RealFloat};
    case UnaryOp::Conj: return {Result::Same};
    case UnaryOp::BitwiseNot: return {Result::Same};
    case UnaryOp::Signbit: return {Result::Bool};
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsFinite:
    case UnaryOp::LogicalNot: return {Result::Bool};
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf: return {Result::Bool};
  }
  return {Result::Same};
}

// PyTorch's own wording where an op refuses a dtype with a sentence.
void check_special(UnaryOp op, DType d) {
  const bool c = is_complex(d);
  switch (op) {
    case UnaryOp::Neg:
      TSH_CHECK(d != DType::Bool, NotImplementedError,
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
                "invert a mask, use the `~` or `logical_not()` operator instead.");
      break;
    case UnaryOp::Sign:
      TSH_CHECK(!c, NotImplementedError,
                "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use "
                "torch.sgn instead.");
      break;
    case UnaryOp::Signbit:
      TSH_CHECK(!c, NotImplementedError, "signbit is not implemented for complex tensors.");
      break;
    case UnaryOp::IsNegInf:
      TSH_CHECK(!c, TypeError, "isneginf does not support complex inputs.");
      break;
    case UnaryOp::IsPosInf:
      TSH_CHECK(!c, TypeError, "isposinf does not support complex inputs.");
      break;
    case UnaryOp::Floor:
      TSH_CHECK(!c, NotImplementedError, "floor is not supported for complex inputs");
      break;
    case UnaryOp::Ceil:
      TSH_CHECK(!c, NotImplementedError, "ceil is not supported for complex inputs");
      break;
    case UnaryOp::Trunc:
      TSH_CHECK(!c, NotImplementedError, "trunc is not supported for complex inputs");
      break;
    default: break;
  }
}

// The dtype support check comes after preparing, as in PyTorch: an in-place
// call's cast error wins over the kernel's "not implemented".
Tensor run(UnaryOp op, const Tensor& t, DType compute, DType out_dtype, const Dest& dest,
           const UnaryParams& prm, bool check = false) {
  const Operand ins[1] = {t};
  const DType dts[1] = {compute};
  Prepared p = prepare_elementwise(ins, dts, dest, out_dtype, out_dtype);
  if (check) kernels::check_of(op).require(p.out().device(), compute);
  kernels::unary.get(p.out().device())(op, p.out(), p.ins[0], prm);
  return finish_elementwise(p);
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& t, const Dest& dest, double p0, double p1, double p2) {
  const Rule r = rule(op);
  check_special(op, t.dtype());
  DType compute = t.dtype();
  if ((r.result == Result::Float || r.result == Result::RealFloat) && is_integral(compute, true))
    compute = default_dtype();
  DType out = compute;
  if (r.result == Result::Bool) out = DType::Bool;
  if ((r.result == Result::RealSame || r.result == Result::RealFloat) && is_complex(compute))
    out = to_real(compute);
  return run(op, t, compute, out, dest, UnaryParams{p0, p1, p2}, /*check=*/true);
}

Tensor unary_as(UnaryOp op, const Tensor& t, DType compute, const Dest& dest) {
  return run(op, t, compute, compute, dest, {});
}

Tensor round(const Tensor& t, int64_t decimals, const Dest& dest) {
  if (decimals == 0) return unary(UnaryOp::Round, t, dest);
  return unary(UnaryOp::RoundDecimals, t, dest, static_cast<double>(decimals));
}

Tensor logit(const Tensor& t, std::optional<double> eps, const Dest& dest) {
  return unary(UnaryOp::Logit, t, dest, eps ? *eps : -1.0);
}

Tensor gelu(const Tensor& t, const std::string& approximate, const Dest& dest) {
  if (approximate == "none") return unary(UnaryOp::Gelu, t, dest);
  if (approximate == "tanh") return unary(UnaryOp::GeluTanh, t, dest);
  throw RuntimeError("approximate argument must be either none or tanh.");
}

Tensor nan_to_num(const Tensor& t, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf, const Dest& dest) {
  TSH_CHECK(!is_complex(t.dtype()), RuntimeError,
            std::string("\"nan_to_num\" not implemented for '") + scalar_type_name(t.dtype()) + "'");
  double hi = 0, lo = 0;
  dispatch(t.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, Half>) {
      hi = 65504.0;
    } else if constexpr (std::is_same_v<T, BFloat16>) {
      hi = 3.3895313892515355e38;
    } else if constexpr (!is_complex_v<T>) {
      hi = static_cast<double>(std::numeric_limits<T>::max());
      lo = static_cast<double>(std::numeric_limits<T>::lowest());
    }
  });
  if (is_floating(t.dtype()) && (t.dtype() == DType::Float16 || t.dtype() == DType::BFloat16)) lo = -hi;
  return unary(UnaryOp::NanToNum, t, dest, nan.value_or(0.0), posinf.value_or(hi), neginf.value_or(lo));
}

Tensor real(const Tensor& t) {
  if (!is_complex(t.dtype())) return t;
  Shape strides = t.strides();
  for (int64_t& s : strides) s *= 2;
  return Tensor::make(t.storage(), t.sizes(), strides, t.storage_offset() * 2, to_real(t.dtype()));
}

Tensor imag(const Tensor& t) {
  TSH_CHECK(is_complex(t.dtype()), RuntimeError,
            "imag is not implemented for tensors with non-complex dtypes.");
  // A conjugate view's imaginary parts are the negated stored ones (PyTorch's negative view): a copy.
  if (t.is_conj()) return neg(imag(raw_view(t)));
  Shape strides = t.strides();
  for (int64_t& s : strides) s *= 2;
  return Tensor::make(t.storage(), t.sizes(), strides, t.storage_offset() * 2 + 1, to_real(t.dtype()));
}

Tensor conj(const Tensor& t) {
  if (!is_complex(t.dtype())) return t;
  if (t.is_conj()) return clone(raw_view(t));  // the conjugate of a conjugate view: its storage's values
  return unary(UnaryOp::Conj, t);
}

Tensor raw_view(const Tensor& t) {
  Tensor v = t.as_view(t.sizes(), t.strides(), t.storage_offset());
  v.impl()->conj = false;
  return v;
}

Tensor conj_view(const Tensor& t) {
  if (!is_complex(t.dtype())) return t;
  Tensor v = t.as_view(t.sizes(), t.strides(), t.storage_offset());
  v.impl()->conj = !t.is_conj();
  return v;
}

Tensor resolve_conj(const Tensor& t) { return t.is_conj() ? unary(UnaryOp::Conj, raw_view(t)) : t; }

Tensor positive(const Tensor& t) {
  TSH_CHECK(t.dtype() != DType::Bool, RuntimeError,
            "The `+` operator, on a bool tensor is not supported.");
  return t;
}

}  // namespace tsh
