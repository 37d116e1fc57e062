// engine/ops/unary.h — one-operand elementwise math: neg, abs, exp, log, sin, floor, isnan, ...
//
// Math functions of integer or bool tensors compute in the default float
// dtype (torch.exp(int_tensor) is float32); neg, abs, sign, floor, round, ...
// keep the dtype (floor of an integer is a copy). Predicates (isnan, signbit)
// return bool. As for binary.h, `dest` selects a new tensor, in place, or out=.
#pragma once

#include <optional>

#include "engine/core/tensor.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/elementwise_plan.h"

namespace tsh {

// The generic entry: op with PyTorch's dtype rules and checks for that op.
// p0..p2 are the op's numbers (elementwise_kinds.h).
Tensor unary(UnaryOp op, const Tensor& t, const Dest& dest = {}, double p0 = 0, double p1 = 0,
             double p2 = 0);
// Runs op on t converted to `compute` (used where another op reduces to this
// one, e.g. pow(t, 0.5) is sqrt in the promoted dtype). No dtype rules.
Tensor unary_as(UnaryOp op, const Tensor& t, DType compute, const Dest& dest = {});

#define TSH_UNARY(name, Op) \
  inline Tensor name(const Tensor& t, const Dest& dest = {}) { return unary(UnaryOp::Op, t, dest); }
TSH_UNARY(neg, Neg)
TSH_UNARY(abs, Abs)
TSH_UNARY(sign, Sign)
TSH_UNARY(sgn, Sgn)
TSH_UNARY(reciprocal, Reciprocal)
TSH_UNARY(sqrt, Sqrt)
TSH_UNARY(rsqrt, Rsqrt)
TSH_UNARY(exp, Exp)
TSH_UNARY(exp2, Exp2)
TSH_UNARY(expm1, Expm1)
TSH_UNARY(log, Log)
TSH_UNARY(log2, Log2)
TSH_UNARY(log10, Log10)
TSH_UNARY(log1p, Log1p)
TSH_UNARY(sin, Sin)
TSH_UNARY(cos, Cos)
TSH_UNARY(tan, Tan)
TSH_UNARY(asin, Asin)
TSH_UNARY(acos, Acos)
TSH_UNARY(atan, Atan)
TSH_UNARY(sinh, Sinh)
TSH_UNARY(cosh, Cosh)
TSH_UNARY(tanh, Tanh)
TSH_UNARY(asinh, Asinh)
TSH_UNARY(acosh, Acosh)
TSH_UNARY(atanh, Atanh)
TSH_UNARY(sigmoid, Sigmoid)
TSH_UNARY(erf, Erf)
TSH_UNARY(erfc, Erfc)
TSH_UNARY(erfinv, Erfinv)
TSH_UNARY(lgamma, Lgamma)
TSH_UNARY(digamma, Digamma)
TSH_UNARY(i0, I0)
TSH_UNARY(sinc, Sinc)
TSH_UNARY(floor, Floor)
TSH_UNARY(ceil, Ceil)
TSH_UNARY(trunc, Trunc)
TSH_UNARY(frac, Frac)
TSH_UNARY(angle, Angle)
TSH_UNARY(bitwise_not, BitwiseNot)
TSH_UNARY(signbit, Signbit)
TSH_UNARY(isnan, IsNan)
TSH_UNARY(isinf, IsInf)
TSH_UNARY(isfinite, IsFinite)
TSH_UNARY(isneginf, IsNegInf)
TSH_UNARY(isposinf, IsPosInf)
TSH_UNARY(logical_not, LogicalNot)
#undef TSH_UNARY

// round half to even; with decimals, to that many decimal places (may be negative).
Tensor round(const Tensor& t, int64_t decimals = 0, const Dest& dest = {});
// eps: inputs are clamped to [eps, 1 - eps] first; none: log(p / (1 - p)).
Tensor logit(const Tensor& t, std::optional<double> eps = std::nullopt, const Dest& dest = {});
// approximate: "none" (erf form) or "tanh".
Tensor gelu(const Tensor& t, const std::string& approximate = "none", const Dest& dest = {});
// NaN → nan, +inf → posinf, -inf → neginf (defaults: 0, the dtype's max, its lowest).
Tensor nan_to_num(const Tensor& t, std::optional<double> nan = std::nullopt,
                  std::optional<double> posinf = std::nullopt,
                  std::optional<double> neginf = std::nullopt, const Dest& dest = {});

// The real / imaginary part of a complex tensor as a view of the same storage
// (real of a real tensor is the tensor itself; imag of one is an error).
Tensor real(const Tensor& t);
Tensor imag(const Tensor& t);
// Complex conjugate (a copy; a real tensor is returned as is).
Tensor conj(const Tensor& t);  // eager: new memory holding the conjugates (conj_physical)
// PyTorch's lazy conj(): a view of the same storage with the conjugate bit flipped (self for real dtypes).
Tensor conj_view(const Tensor& t);
// A conjugate view materialised (new memory, no bit); any other tensor as it is.
Tensor resolve_conj(const Tensor& t);
// The same geometry over the same storage, without the conjugate bit: the stored values themselves.
Tensor raw_view(const Tensor& t);
// +t: t itself; refused for bool.
Tensor positive(const Tensor& t);

}  // namespace tsh
