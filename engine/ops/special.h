// engine/ops/special.h — the special functions that are more than one kernel: polygamma, mvlgamma,
// float_power, ldexp, frexp.
#pragma once

#include <utility>

#include "engine/ops/elementwise.h"

namespace tsh {

// ψ⁽ⁿ⁾(x): digamma for n = 0, trigamma for 1, (-1)^(n+1) n! ζ(n+1, x) beyond; n >= 0.
Tensor polygamma(int64_t n, const Tensor& t, const Dest& dest = {});
// The multivariate log-gamma of dimension p >= 1: Σ_{j<p} lgamma(x - j/2) + p(p-1)/4 · log π.
Tensor mvlgamma(const Tensor& t, int64_t p);
// a ** b in float64 (complex128 when either is complex).
Tensor float_power(const Operand& a, const Operand& b, const Dest& dest = {});
// a · 2**b.
Tensor ldexp(const Tensor& a, const Tensor& b, const Dest& dest = {});
// (mantissa, exponent) with a = mantissa · 2**exponent, |mantissa| in [0.5, 1); exponent int32.
std::pair<Tensor, Tensor> frexp(const Tensor& t);

}  // namespace tsh
