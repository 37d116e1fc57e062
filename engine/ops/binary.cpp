// engine/ops/binary.cpp — promotion, dtype checks and special cases of the binary ops.
#include "engine/ops/binary.h"

#include <cmath>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/creation.h"
#include "engine/ops/copy.h"
#include "engine/kernels/coverage.h"
#include "engine/ops/host_values.h"
#include "engine/ops/promotion.h"
#include "engine/ops/unary.h"

namespace tsh {

namespace {


struct Spec {
  BinaryOp op;
  bool int_to_float = false; // bool/integer operands compute in the default float dtype
};

// The dtype an op computes in (before checking that the op supports it).
DType promoted(const Spec& s, const Operand& a, const Operand& b) {
  // Two tensors of one dtype promote to it, whatever their dims (the common case, looked at first).
  DType d = a.is_tensor() && b.is_tensor() && a.tensor().dtype() == b.tensor().dtype()
                ? a.tensor().dtype()
                : result_type({a.promotion(), b.promotion()});
  if (s.int_to_float && is_integral(d, true)) d = default_dtype();
  return d;
}

// A single number (Python number or one-element tensor) as the second operand:
// its value in full precision, for the 16-bit float rule of mul and div.
std::optional<double> wide_second(const Operand& b, DType compute) {
  if (compute != DType::Float16 && compute != DType::BFloat16) return std::nullopt;
  if (!b.is_tensor()) return b.scalar().to_double();
  const Tensor& t = b.tensor();
  if (t.numel() != 1 || is_complex(t.dtype())) return std::nullopt;
  if (t.device().is_meta()) return std::nullopt;  // no value; no kernel will run either
  return item(t).to_double();
}

// The case every loop of small tensor arithmetic takes: two CPU tensors of one dtype and shape,
// both dense in row-major order, written into a new tensor or into the first. Nothing is to be
// broadcast, converted or ordered, and the result type is theirs, so no plan is made.
const Tensor* plain_pair(const Spec& s, const Operand& a, const Operand& b, const Dest& dest) {
  if (!a.is_tensor() || !b.is_tensor() || dest.mode == Dest::Mode::Out) return nullptr;
  const Tensor& x = a.tensor();
  const Tensor& y = b.tensor();
  const TensorImpl& xi = *x.impl();
  const TensorImpl& yi = *y.impl();
  if (xi.dtype != yi.dtype || !xi.contiguous || !yi.contiguous || xi.conj || yi.conj || xi.numel == 0 ||
      xi.sizes != yi.sizes || !xi.storage->device.is_cpu() || !yi.storage->device.is_cpu())
    return nullptr;
  if (is_integral(xi.dtype, true) && (s.int_to_float || s.op == BinaryOp::DivTrunc || s.op == BinaryOp::DivFloor ||
                                      s.op == BinaryOp::Remainder || s.op == BinaryOp::Fmod))
    return nullptr;  // a float result, or a zero divisor to look for first: the general path
  if (dest.mode == Dest::Mode::InPlace) {
    if (!dest.tensor.is_same(x)) return nullptr;
    if (!y.is_same(x) && y.storage() == x.storage()) return nullptr;  // overlap: the general path's checks
  }
  return &x;
}

// The other common case: a dense float32 or float64 CPU tensor and then a Python number (t * 2,
// t.add_(eps)), written into a new tensor or into the tensor. The result has the tensor's dtype (a
// number promotes weakly), so the number only needs that dtype: it is made so at once, as the
// general path's conversion would (an int above 2**53 is left to that path), and read at every
// position through strides of 0.
const Tensor* tensor_and_number(const Operand& a, const Operand& b, const Dest& dest) {
  if (!a.is_tensor() || b.is_tensor() || dest.mode == Dest::Mode::Out) return nullptr;
  const Tensor& x = a.tensor();
  const TensorImpl& xi = *x.impl();
  if ((xi.dtype != DType::Float32 && xi.dtype != DType::Float64) || !xi.contiguous || xi.conj || xi.numel == 0 ||
      !xi.storage->device.is_cpu())
    return nullptr;
  const Scalar& n = b.scalar();
  constexpr int64_t kExact = int64_t{1} << 53;
  if (!n.is_float() && !(n.is_int() && !n.is_uint() && n.to_int() > -kExact && n.to_int() < kExact)) return nullptr;
  if (dest.mode == Dest::Mode::InPlace && !dest.tensor.is_same(x)) return nullptr;
  return &x;
}

// The number as a tensor of x's dtype and shape (one element, strides of 0).
Tensor number_like(const Scalar& n, const Tensor& x) {
  Tensor t = empty({}, x.dtype());
  if (x.dtype() == DType::Float32) *t.data<float>() = static_cast<float>(n.to_double());
  else *t.data<double>() = n.to_double();
  return t.as_view(x.sizes(), Shape(x.sizes().size(), 0), 0);
}

// Checks in PyTorch's order: shapes and the cast to the destination (while
// preparing), then `extra` (alpha), then whether the op supports the dtype.
template <typename Extra>
Tensor run(const Spec& s, const Operand& a, const Operand& b, const Dest& dest, BinaryParams params,
           Extra extra) {
  Tensor number;  // the second operand, when it is a Python number made a tensor of x's dtype
  const Tensor* x = plain_pair(s, a, b, dest);
  if (!x && (x = tensor_and_number(a, b, dest))) number = number_like(b.scalar(), *x);
  if (x) {
    const DType d = x->dtype();
    extra(d, params);
    kernels::check_of(s.op).require(x->device(), d);
    const Tensor out = dest.is_new() ? empty(x->sizes(), d, x->device()) : *x;
    kernels::binary.get(x->device())(s.op, out, *x, number.defined() ? number : b.tensor(), params);
    return out;
  }
  const DType d = promoted(s, a, b);
  const Operand* const ins[2] = {&a, &b};
  const DType dts[2] = {d, d};
  Prepared p = prepare_elementwise(ins, dts, dest, d, d);
  extra(d, params);
  kernels::check_of(s.op).require(p.out().device(), d);
  const bool int_division = is_integral(d, false) &&
                            (s.op == BinaryOp::DivTrunc || s.op == BinaryOp::DivFloor ||
                             s.op == BinaryOp::Remainder || s.op == BinaryOp::Fmod);
  if (int_division && p.out().numel() > 0 && !p.out().device().is_meta()) {
    // Refused before anything is written (PyTorch checks inside its loop).
    TSH_CHECK(kernels::all_nonzero.get(p.ins[1].device())(p.ins[1]), RuntimeError, "ZeroDivisionError");
  }
  kernels::binary.get(p.out().device())(s.op, p.out(), p.ins[0], p.ins[1], params);
  return finish_elementwise(p);
}

Tensor run(const Spec& s, const Operand& a, const Operand& b, const Dest& dest, BinaryParams params = {}) {
  return run(s, a, b, dest, params, [](DType, BinaryParams&) {});
}

// PyTorch's alpha checks for add and sub.
void check_alpha(const Scalar& alpha, DType d) {
  TSH_CHECK(!alpha.is_bool() || d == DType::Bool, RuntimeError,
            "Boolean alpha only supported for Boolean results.");
  TSH_CHECK(is_floating(d) || is_complex(d) || alpha.is_int() || alpha.is_bool(), RuntimeError,
            "For integral input tensors, argument alpha must not be a floating point number.");
  TSH_CHECK(is_complex(d) || !alpha.is_complex(), RuntimeError,
            "For non-complex input tensors, argument alpha must not be a complex number.");
  if (alpha.is_uint()) check_scalar_fits(alpha, d);  // 2**63 <= alpha: int64 kernels refuse it
}

Scalar negate(const Scalar& s) {
  switch (s.kind()) {
    case Scalar::Kind::Bool:
    case Scalar::Kind::Int: return Scalar(-s.to_int());
    case Scalar::Kind::Float: return Scalar(-s.to_double());
    case Scalar::Kind::Complex: return Scalar(-s.to_complex());
  }
  return s;
}

constexpr Spec kAdd{BinaryOp::Add};
constexpr Spec kMul{BinaryOp::Mul};
constexpr Spec kDiv{BinaryOp::Div, true};
constexpr Spec kDivTrunc{BinaryOp::DivTrunc};
constexpr Spec kDivFloor{BinaryOp::DivFloor};
constexpr Spec kRemainder{BinaryOp::Remainder};
constexpr Spec kFmod{BinaryOp::Fmod};
constexpr Spec kPow{BinaryOp::Pow};
constexpr Spec kAtan2{BinaryOp::Atan2, true};
constexpr Spec kHypot{BinaryOp::Hypot};
constexpr Spec kMaximum{BinaryOp::Maximum};
constexpr Spec kMinimum{BinaryOp::Minimum};
constexpr Spec kAnd{BinaryOp::BitAnd};
constexpr Spec kOr{BinaryOp::BitOr};
constexpr Spec kXor{BinaryOp::BitXor};
constexpr Spec kShl{BinaryOp::Shl};
constexpr Spec kShr{BinaryOp::Shr};
constexpr Spec kCopySign{BinaryOp::CopySign, true};
constexpr Spec kFmax{BinaryOp::Fmax};
constexpr Spec kFmin{BinaryOp::Fmin};
constexpr Spec kHeaviside{BinaryOp::Heaviside};
constexpr Spec kGcd{BinaryOp::Gcd};
constexpr Spec kLcm{BinaryOp::Lcm};
constexpr Spec kXlogy{BinaryOp::Xlogy, true};
constexpr Spec kLogAddExp{BinaryOp::LogAddExp};
constexpr Spec kLogAddExp2{BinaryOp::LogAddExp2};
constexpr Spec kNextAfter{BinaryOp::NextAfter};

bool is_number_equal(const Operand& o, double v) {
  if (o.is_tensor()) return false;
  const Scalar& s = o.scalar();
  if (s.is_complex()) return s.to_complex() == std::complex<double>(v, 0);
  return s.to_double() == v;
}

// ones / a copy in the result dtype, written where dest says.
Tensor fill_result(const Operand& a, const Operand& b, DType d, const Dest& dest, bool ones) {
  const Operand* const ins[2] = {&a, &b};
  const DType dts[2] = {a.dtype(), b.dtype()};
  Prepared p = prepare_elementwise(ins, dts, dest, d, d);
  if (ones) fill_(p.out(), Scalar(int64_t{1}));
  else copy_(p.out(), p.ins[0]);
  return finish_elementwise(p);
}

}  // namespace


Tensor add(const Operand& a, const Operand& b, const Scalar& alpha, const Dest& dest) {
  BinaryParams prm;
  prm.alpha = alpha;
  return run(kAdd, a, b, dest, prm, [&](DType d, BinaryParams&) { check_alpha(alpha, d); });
}

Tensor sub(const Operand& a, const Operand& b, const Scalar& alpha, const Dest& dest) {
  const bool ab = a.dtype() == DType::Bool, bb = b.dtype() == DType::Bool;
  // NotImplementedError since PyTorch 2.x's later releases (RuntimeError before).
  TSH_CHECK(!(ab && bb), NotImplementedError,
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
            "`logical_xor()` operator instead.");
  TSH_CHECK(!(ab || bb), NotImplementedError,
            "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
            "invert a mask, use the `~` or `logical_not()` operator instead.");
  BinaryParams prm;
  prm.alpha = negate(alpha);
  return run(kAdd, a, b, dest, prm, [&](DType d, BinaryParams&) { check_alpha(alpha, d); });
}

Tensor mul(const Operand& a, const Operand& b, const Dest& dest) {
  return run(kMul, a, b, dest, {}, [&](DType d, BinaryParams& prm) { prm.b_wide = wide_second(b, d); });
}

Rounding parse_rounding(const std::optional<std::string>& mode) {
  if (!mode) return Rounding::None;
  if (*mode == "trunc") return Rounding::Trunc;
  if (*mode == "floor") return Rounding::Floor;
  throw RuntimeError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" +
                     *mode + "'");
}

Tensor div(const Operand& a, const Operand& b, Rounding rounding, const Dest& dest) {
  if (rounding == Rounding::Trunc) return run(kDivTrunc, a, b, dest);
  if (rounding == Rounding::Floor) return run(kDivFloor, a, b, dest);
  return run(kDiv, a, b, dest, {}, [&](DType d, BinaryParams& prm) { prm.b_wide = wide_second(b, d); });
}

Tensor floor_divide(const Operand& a, const Operand& b, const Dest& dest) { return run(kDivFloor, a, b, dest); }
Tensor remainder(const Operand& a, const Operand& b, const Dest& dest) { return run(kRemainder, a, b, dest); }
Tensor fmod(const Operand& a, const Operand& b, const Dest& dest) { return run(kFmod, a, b, dest); }

Tensor pow(const Operand& a, const Operand& b, const Dest& dest) {
  const DType d = promoted(kPow, a, b);
  if (a.is_tensor() && !b.is_tensor()) {
    const Scalar& e = b.scalar();
    TSH_CHECK(!(is_integral(a.dtype(), true) && (e.is_int() || e.is_bool()) && e.to_int() < 0),
              RuntimeError, "Integers to negative integer powers are not allowed.");
    // A number exponent: the result must cast to out's / self's dtype (PyTorch 2.x's rule).
    if (!dest.is_new())
      TSH_CHECK(can_cast(d, dest.tensor.dtype()), RuntimeError,
                std::string("result type ") + scalar_type_name(d) + " can't be cast to the desired output type " +
                    scalar_type_name(dest.tensor.dtype()));
    kernels::check_of(BinaryOp::Pow).require(a.tensor().device(), d);
    if (is_number_equal(b, 0.0)) return fill_result(a, b, d, dest, /*ones=*/true);
    if (is_number_equal(b, 1.0)) return fill_result(a, b, d, dest, /*ones=*/false);
    // sqrt / rsqrt / reciprocal, as PyTorch dispatches them (not for float16).
    if ((is_floating(d) && d != DType::Float16) || is_complex(d)) {
      std::optional<UnaryOp> u;
      if (is_number_equal(b, 0.5)) u = UnaryOp::Sqrt;
      if (is_number_equal(b, -0.5)) u = UnaryOp::Rsqrt;
      if (is_number_equal(b, -1.0)) u = UnaryOp::Reciprocal;
      if (u) return unary_as(*u, a.tensor(), d, dest);
    }
    BinaryParams prm;
    prm.pow_exponent = e;
    return run(kPow, a, b, dest, prm);
  }
  if (!a.is_tensor() && is_number_equal(a, 1.0)) return fill_result(a, b, d, dest, /*ones=*/true);
  return run(kPow, a, b, dest);
}

Tensor square(const Tensor& t, const Dest& dest) { return pow(t, Operand(int64_t{2}), dest); }

Tensor atan2(const Operand& a, const Operand& b, const Dest& dest) { return run(kAtan2, a, b, dest); }
Tensor hypot(const Operand& a, const Operand& b, const Dest& dest) { return run(kHypot, a, b, dest); }

Tensor copysign(const Operand& a, const Operand& b, const Dest& dest) { return run(kCopySign, a, b, dest); }
Tensor gcd(const Operand& a, const Operand& b, const Dest& dest) { return run(kGcd, a, b, dest); }
Tensor lcm(const Operand& a, const Operand& b, const Dest& dest) { return run(kLcm, a, b, dest); }

namespace {
// The extrema have no order on complex numbers: PyTorch's TypeError.
Tensor extremum(const Spec& s, const char* name, const Operand& a, const Operand& b, const Dest& dest) {
  TSH_CHECK(!is_complex(a.dtype()) && !is_complex(b.dtype()), TypeError,
            std::string(name) + " not implemented for complex tensors.");
  return run(s, a, b, dest);
}
}  // namespace

Tensor maximum(const Operand& a, const Operand& b, const Dest& dest) { return extremum(kMaximum, "maximum", a, b, dest); }
Tensor minimum(const Operand& a, const Operand& b, const Dest& dest) { return extremum(kMinimum, "minimum", a, b, dest); }
Tensor fmax(const Operand& a, const Operand& b, const Dest& dest) { return extremum(kFmax, "fmax", a, b, dest); }
Tensor fmin(const Operand& a, const Operand& b, const Dest& dest) { return extremum(kFmin, "fmin", a, b, dest); }

Tensor heaviside(const Operand& a, const Operand& b, const Dest& dest) {
  TSH_CHECK(!is_complex(a.dtype()) && !is_complex(b.dtype()), NotImplementedError,
            "heaviside is not yet implemented for complex tensors.");
  TSH_CHECK(a.dtype() == b.dtype(), RuntimeError, "heaviside is not yet implemented for tensors with different dtypes.");
  return run(kHeaviside, a, b, dest);
}

Tensor xlogy(const Operand& a, const Operand& b, const Dest& dest) { return run(kXlogy, a, b, dest); }
Tensor logaddexp(const Operand& a, const Operand& b, const Dest& dest) {
  // PyTorch 2.x has a complex logaddexp; tsh does not yet.
  TSH_CHECK(!is_complex(a.dtype()) && !is_complex(b.dtype()), NotImplementedError,
            "logaddexp of complex tensors is not implemented in tsh");
  return run(kLogAddExp, a, b, dest);
}
Tensor logaddexp2(const Operand& a, const Operand& b, const Dest& dest) { return run(kLogAddExp2, a, b, dest); }
Tensor nextafter(const Operand& a, const Operand& b, const Dest& dest) { return run(kNextAfter, a, b, dest); }

Tensor bitwise_and(const Operand& a, const Operand& b, const Dest& dest) { return run(kAnd, a, b, dest); }
Tensor bitwise_or(const Operand& a, const Operand& b, const Dest& dest) { return run(kOr, a, b, dest); }
Tensor bitwise_xor(const Operand& a, const Operand& b, const Dest& dest) { return run(kXor, a, b, dest); }
Tensor bitwise_left_shift(const Operand& a, const Operand& b, const Dest& dest) { return run(kShl, a, b, dest); }
Tensor bitwise_right_shift(const Operand& a, const Operand& b, const Dest& dest) { return run(kShr, a, b, dest); }

}  // namespace tsh
