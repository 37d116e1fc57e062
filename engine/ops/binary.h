// engine/ops/binary.h — arithmetic and bitwise ops on two operands (tensor or number).
//
// Every function broadcasts, promotes (torch.result_type), checks the dtype
// the op supports, and writes where `dest` says: a new tensor (default), self
// in place (Dest::inplace(self): identity kept, the result dtype must cast
// safely to self's), or an out= tensor. Errors carry PyTorch's messages.
#pragma once

#include <optional>
#include <string>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/ops/elementwise_plan.h"
#include "engine/ops/operand.h"

namespace tsh {

// a + alpha * b; a - alpha * b. Bool tensors may not be subtracted.
Tensor add(const Operand& a, const Operand& b, const Scalar& alpha = Scalar(int64_t{1}),
           const Dest& dest = {});
Tensor sub(const Operand& a, const Operand& b, const Scalar& alpha = Scalar(int64_t{1}),
           const Dest& dest = {});
inline Tensor add(const Operand& a, const Operand& b, const Dest& dest) {
  return add(a, b, Scalar(int64_t{1}), dest);
}
inline Tensor sub(const Operand& a, const Operand& b, const Dest& dest) {
  return sub(a, b, Scalar(int64_t{1}), dest);
}
Tensor mul(const Operand& a, const Operand& b, const Dest& dest = {});

// Division: true division (integers divide in the default float dtype), or
// rounded toward zero / toward -inf in the operands' dtype. Integer division
// by zero raises RuntimeError "ZeroDivisionError", as PyTorch does.
enum class Rounding : uint8_t { None, Trunc, Floor };
// Parses div's rounding_mode (None, "trunc", "floor"); throws PyTorch's message otherwise.
Rounding parse_rounding(const std::optional<std::string>& mode);
Tensor div(const Operand& a, const Operand& b, Rounding rounding = Rounding::None,
           const Dest& dest = {});
Tensor floor_divide(const Operand& a, const Operand& b, const Dest& dest = {});
// Python's %: the result has the sign of b. fmod: the sign of a (C's fmod).
Tensor remainder(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor fmod(const Operand& a, const Operand& b, const Dest& dest = {});

// a ** b, with PyTorch's rules for a number exponent (x*x for 2, sqrt for
// 0.5, ones for 0, "Integers to negative integer powers are not allowed.").
Tensor pow(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor square(const Tensor& t, const Dest& dest = {});

Tensor atan2(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor hypot(const Operand& a, const Operand& b, const Dest& dest = {});
// NaN-propagating elementwise max / min.
Tensor maximum(const Operand& a, const Operand& b, const Dest& dest = {});
// copysign: |a| with b's sign, in float (integers and bool promote to the default float dtype).
Tensor copysign(const Operand& a, const Operand& b, const Dest& dest = {});
// fmax/fmin: as maximum/minimum, but a NaN loses to a number (C's fmax).
Tensor fmax(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor fmin(const Operand& a, const Operand& b, const Dest& dest = {});
// The step function: 0 where a < 0, b where a == 0, 1 where a > 0; a and b of one dtype.
Tensor heaviside(const Operand& a, const Operand& b, const Dest& dest = {});
// Greatest common divisor and least common multiple of integers.
Tensor gcd(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor lcm(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor minimum(const Operand& a, const Operand& b, const Dest& dest = {});
// a·log(b), 0 where a is 0 (unless b is NaN); integers and bool compute in the default float dtype.
Tensor xlogy(const Operand& a, const Operand& b, const Dest& dest = {});
// log(e^a + e^b) and log2(2^a + 2^b) without overflow; floating dtypes only.
Tensor logaddexp(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor logaddexp2(const Operand& a, const Operand& b, const Dest& dest = {});
// The next representable value after a in the direction of b; floating dtypes only.
Tensor nextafter(const Operand& a, const Operand& b, const Dest& dest = {});

// Integer and bool tensors only (shifts: integers only).
Tensor bitwise_and(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor bitwise_or(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor bitwise_xor(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor bitwise_left_shift(const Operand& a, const Operand& b, const Dest& dest = {});
Tensor bitwise_right_shift(const Operand& a, const Operand& b, const Dest& dest = {});

// In-place shorthands: self op= b (same as passing Dest::inplace(self)).
inline Tensor add_(const Tensor& self, const Operand& b, const Scalar& alpha = Scalar(int64_t{1})) {
  return add(self, b, alpha, Dest::inplace(self));
}
inline Tensor sub_(const Tensor& self, const Operand& b, const Scalar& alpha = Scalar(int64_t{1})) {
  return sub(self, b, alpha, Dest::inplace(self));
}
inline Tensor mul_(const Tensor& self, const Operand& b) { return mul(self, b, Dest::inplace(self)); }
inline Tensor div_(const Tensor& self, const Operand& b, Rounding r = Rounding::None) {
  return div(self, b, r, Dest::inplace(self));
}

}  // namespace tsh
