// engine/kernels/elementwise.h — the elementwise kernels: their operations, parameters and slots.
//
// One enum per kernel family. Each backend's kernel implements every value
// of its enum; the op layer (engine/ops/*.cpp) has already checked dtypes
// and shapes, broadcast the operands (stride 0) and converted them to the
// compute dtype, so a kernel only switches on the enum and loops. Every
// tensor passed has the same shape, dims in iteration order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh {

// out = f(a, b) in one dtype (the op's compute dtype).
enum class BinaryOp : uint8_t {
  Add,        // a + alpha * b (sub is add with -alpha)
  Mul, Div,   // true division; integer dtypes never reach it
  DivTrunc, DivFloor,
  Remainder,  // Python's %: the sign of b
  Fmod,       // C's fmod: the sign of a
  Pow, Atan2, Hypot,
  Maximum, Minimum,  // NaN-propagating
  BitAnd, BitOr, BitXor, Shl, Shr,
  CopySign,          // the magnitude of a, the sign of b (floats)
  Fmax, Fmin,        // NaN-ignoring: a NaN loses to a number
  Heaviside,         // 0 for a < 0, b for a == 0, 1 for a > 0 (NaN: 0)
  Gcd, Lcm,          // integers; never negative except gcd's int64 minimum
  Xlogy,             // a·log(b), 0 where a is 0 (b not NaN)
  LogAddExp, LogAddExp2,  // log(e^a + e^b), log2(2^a + 2^b)
  NextAfter,         // the next representable value after a towards b
};

// out (bool) = f(a, b), a and b in one dtype.
enum class CompareOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, LogicalAnd, LogicalOr, LogicalXor };

// out = f(in). Predicates (IsNan ...) write bool; Abs and Angle of a complex
// input write its real dtype; the rest write in's dtype.
enum class UnaryOp : uint8_t {
  Neg, Abs, Sign, Sgn, Reciprocal, Sqrt, Rsqrt,
  Exp, Exp2, Expm1, Log, Log2, Log10, Log1p,
  Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh, Asinh, Acosh, Atanh,
  Sigmoid, Logit,            // Logit: p0 = eps (< 0: none)
  Gelu, GeluTanh,
  Erf, Erfc, Erfinv,
  Lgamma, Digamma, Trigamma,
  Polygamma,                 // p0 = n >= 2
  I0, Sinc,
  FrexpMantissa, FrexpExponent,  // frexp's two parts (the exponent as a float value)
  Floor, Ceil, Round, Trunc, Frac,
  RoundDecimals,             // p0 = decimals
  NanToNum,                  // p0 = nan, p1 = posinf, p2 = neginf replacements
  Angle, Conj, BitwiseNot,
  // bool results
  Signbit, IsNan, IsInf, IsFinite, IsNegInf, IsPosInf, LogicalNot,
};


// Three-operand ops, all in one dtype except Where's condition (bool).
enum class TernaryOp : uint8_t {
  Where,         // out = a ? b : c
  Lerp,          // out = a + w * (b - a), PyTorch's two-sided form; w = c, or value when c is undefined
  Addcmul,       // out = a + value * b * c
  Addcdiv,       // out = a + value * b / c
  Clamp,         // tensor bounds: min(max(a, b), c); a NaN bound gives NaN
  ClampNumbers,  // number bounds: min(max(a, b), c); a NaN bound is ignored
  ClampMin,      // number bound: max(a, b); c unused
  ClampMax,      // number bound: min(a, c); b unused
};

struct BinaryParams {
  Scalar alpha = Scalar(int64_t{1});  // Add: out = a + alpha * b
  // float16/bfloat16 Mul and Div by a single number: PyTorch 2.x reads that
  // number in float, not rounded to the tensor's dtype first.
  std::optional<double> b_wide;
  // Pow with a Python-number exponent: the special cases PyTorch takes
  // (x*x for 2, x*x*x for 3, 1/(x*x) for -2); b holds the same value.
  std::optional<Scalar> pow_exponent;
};

struct UnaryParams {
  double p0 = 0, p1 = 0, p2 = 0;  // per-op numbers, see UnaryOp
};

namespace kernels {

class Check;
// The dtype-coverage check of each op kind (engine/kernels/coverage.h), and its key,
// by which a backend covers it ("binary/0" for BinaryOp::Add, ...).
const Check& check_of(BinaryOp op);
const Check& check_of(UnaryOp op);
const Check& check_of(CompareOp op);
const Check& check_of(TernaryOp op);
std::string coverage_key(BinaryOp op);
std::string coverage_key(UnaryOp op);
std::string coverage_key(CompareOp op);
std::string coverage_key(TernaryOp op);

using BinaryFn = void (*)(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& params);
// value: Addcmul/Addcdiv's multiplier.
using TernaryFn = void (*)(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c,
                           const Scalar& value);
using UnaryFn = void (*)(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params);
using CompareFn = void (*)(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b);
using TruthFn = bool (*)(const Tensor& t);
using EqualFn = bool (*)(const Tensor& a, const Tensor& b);  // same shape and dtype

extern Kernel<BinaryFn> binary;
extern Kernel<TernaryFn> ternary;
extern Kernel<UnaryFn> unary;
extern Kernel<CompareFn> compare;
extern Kernel<TruthFn> any_nonzero;  // whether any element is nonzero
extern Kernel<TruthFn> all_nonzero;  // whether every element is nonzero
extern Kernel<EqualFn> equal;

}  // namespace kernels
}  // namespace tsh
