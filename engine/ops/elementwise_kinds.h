// engine/ops/elementwise_kinds.h — the elementwise operations, as the op layer names them to kernels.
//
// One enum per kernel family. Each kernel (CPU now, CUDA later) implements
// every value of its enum; the op layer (engine/ops/*.cpp) has already
// checked dtypes and shapes and converted the operands, so a kernel only
// switches on the enum and loops.
#pragma once

#include <cstdint>

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
  Floor, Ceil, Round, Trunc, Frac,
  RoundDecimals,             // p0 = decimals
  NanToNum,                  // p0 = nan, p1 = posinf, p2 = neginf replacements
  Angle, Conj, BitwiseNot,
  // bool results
  Signbit, IsNan, IsInf, IsFinite, IsNegInf, IsPosInf, LogicalNot,
};

inline bool unary_writes_bool(UnaryOp op) { return op >= UnaryOp::Signbit; }

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

}  // namespace tsh
