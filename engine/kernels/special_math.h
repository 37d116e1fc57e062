// engine/kernels/special_math.h — the special functions of torch.special, per element, for every backend.
//
// digamma, trigamma, polygamma (through the Hurwitz zeta function), the
// modified Bessel function I0 and sinc, in the forms PyTorch computes them
// (Cephes' series and Chebyshev expansions, whose coefficients are the
// published ones), so that results agree to the bit. M is the type an element
// is computed in: float for the 16-bit floats and float32, double for float64.
// C++17 and host/device, as scalar_math.h.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>

#include "engine/kernels/scalar_math.h"

namespace tsh::scalar {

inline constexpr double kPi = 3.14159265358979323846;

// Horner's rule over coefficients c[0] (highest power) .. c[n].
template <typename M> TSH_HOST_DEVICE M horner(M x, const M* c, int n) {
  M r = 0;
  for (int i = 0; i <= n; ++i) r = r * x + c[i];
  return r;
}

// Clenshaw's recurrence for a Chebyshev series at x/2 (Cephes' chbevl). PyTorch's x86 build fuses
// x * b1 - b2 into one FMA (its compiler contracts a * b + c in the AVX2 and AVX-512 kernels): the
// same rounding here, on every CPU.
template <typename M> TSH_HOST_DEVICE M chebyshev(M x, const M* c, int n) {
  M b0 = c[0], b1 = 0, b2 = 0;
  for (int i = 1; i < n; ++i) {
    b2 = b1;
    b1 = b0;
    b0 = std::fma(x, b1, -b2) + c[i];
  }
  return M(0.5) * (b0 - b2);
}

// ψ(x): the recurrence ψ(x) = ψ(x+1) - 1/x up to 10, then the asymptotic series in 1/x²;
// reflection for x < 0 with the fractional part (tan(π·r) is more accurate than tan(π·x)).
template <typename M> TSH_HOST_DEVICE M digamma(M x) {
  if (x == M(0)) return std::copysign(std::numeric_limits<M>::infinity(), -x);
  if (x < M(0)) {
    if (x == std::trunc(x)) return std::numeric_limits<M>::quiet_NaN();
    double whole;
    const double r = std::modf(static_cast<double>(x), &whole);
    const M reflect = static_cast<M>(kPi / std::tan(kPi * r));
    return digamma<M>(M(1) - x) - reflect;
  }
  M result = 0;
  while (x < M(10)) {
    result -= M(1) / x;
    x += M(1);
  }
  const M psi_10 = static_cast<M>(2.25175258906672110764);
  if (x == M(10)) return result + psi_10;
  const M a[] = {M(8.33333333333333333333E-2), M(-2.10927960927960927961E-2), M(7.57575757575757575758E-3),
                 M(-4.16666666666666666667E-3), M(3.96825396825396825397E-3), M(-8.33333333333333333333E-3),
                 M(8.33333333333333333333E-2)};
  M tail = 0;
  if (x < M(1.0e17)) {
    const M z = M(1) / (x * x);
    tail = z * horner(z, a, 6);
  }
  return result + std::log(x) - (M(0.5) / x) - tail;
}

// ψ'(x): reflection below 1/2, six steps of the recurrence, then the asymptotic series.
template <typename M> TSH_HOST_DEVICE M trigamma(M x) {
  const M pi = static_cast<M>(kPi);
  M sign = 1, result = 0;
  if (x < M(0.5)) {
    sign = -1;
    const M s = std::sin(pi * x);
    result -= (pi * pi) / (s * s);
    x = M(1) - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += M(1) / (x * x);
    x += M(1);
  }
  const M ixx = M(1) / (x * x);
  result += (M(1) + M(1) / (M(2) * x) + ixx * (M(1) / M(6) - ixx * (M(1) / M(30) - ixx * (M(1) / M(42))))) / x;
  return sign * result;
}

// The Hurwitz zeta function ζ(x, q) = Σ (q+k)^-x, by Euler–Maclaurin summation (Cephes' zeta).
// PyTorch's CPU kernel sums in double, but takes the first term q^-x in the input's own type M.
template <typename M> TSH_HOST_DEVICE double hurwitz_zeta(M x_in, M q_in) {
  const double machep = 1.11022302462515654042E-16;
  // (2k)! / B_2k, the Euler–Maclaurin denominators.
  const double a[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
                      -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
                      1.8152105401943546773e17, -7.1661652561756670113e18};
  const double x = x_in, q = q_in;
  if (x == 1.0) return std::numeric_limits<double>::infinity();
  if (x < 1.0) return std::numeric_limits<double>::quiet_NaN();
  if (q <= 0.0) {
    if (q == std::floor(q)) return std::numeric_limits<double>::infinity();
    if (x != std::floor(x)) return std::numeric_limits<double>::quiet_NaN();
  }
  double s = static_cast<double>(std::pow(q_in, -x_in)), w = q, b = 0;
  int i = 0;
  while (i < 9 || w <= 9.0) {
    i += 1;
    w += 1.0;
    b = std::pow(w, -x);
    s += b;
    if (-machep * s < b && b < machep * s) return s;
  }
  s += b * w / (x - 1.0);
  s -= 0.5 * b;
  double fact = 1.0, k = 0.0;
  for (i = 0; i < 12; ++i) {
    fact *= x + k;
    b /= w;
    const double t = fact * b / a[i];
    s += t;
    if (std::fabs(t / s) < machep) return s;
    k += 1.0;
    fact *= x + k;
    b /= w;
    k += 1.0;
  }
  return s;
}

// ψ⁽ⁿ⁾(x) for n >= 2: (-1)^(n+1) · n! · ζ(n+1, x).
template <typename M> TSH_HOST_DEVICE M polygamma(M x, int n) {
  const M sign = (n % 2) ? M(1) : M(-1);
  const M zeta = static_cast<M>(hurwitz_zeta<M>(static_cast<M>(n + 1), x));
  return sign * std::exp(std::lgamma(static_cast<M>(n) + M(1))) * zeta;
}

// I0(x): exp(x) times a Chebyshev series in x/2 - 2 on [0, 8], in 32/x - 2 (over √x) beyond.
template <typename M> TSH_HOST_DEVICE M bessel_i0(M x) {
  x = std::abs(x);
  if (x <= M(8)) {
    const M a[] = {
        M(-4.41534164647933937950E-18), M(3.33079451882223809783E-17), M(-2.43127984654795469359E-16),
        M(1.71539128555513303061E-15),  M(-1.16853328779934516808E-14), M(7.67618549860493561688E-14),
        M(-4.85644678311192946090E-13), M(2.95505266312963983461E-12), M(-1.72682629144155570723E-11),
        M(9.67580903537323691224E-11),  M(-5.18979560163526290666E-10), M(2.65982372468238665035E-9),
        M(-1.30002500998624804212E-8),  M(6.04699502254191894932E-8),  M(-2.67079385394061173391E-7),
        M(1.11738753912010371815E-6),   M(-4.41673835845875056359E-6), M(1.64484480707288970893E-5),
        M(-5.75419501008210370398E-5),  M(1.88502885095841655729E-4),  M(-5.76375574538582365885E-4),
        M(1.63947561694133579842E-3),   M(-4.32430999505057594430E-3), M(1.05464603945949983183E-2),
        M(-2.37374148058994688156E-2),  M(4.93052842396707084878E-2),  M(-9.49010970480476444210E-2),
        M(1.71620901522208775349E-1),   M(-3.04682672343198398683E-1), M(6.76795274409476084995E-1)};
    return std::exp(x) * chebyshev(x / M(2) - M(2), a, 30);
  }
  const M b[] = {
      M(-7.23318048787475395456E-18), M(-4.83050448594418207126E-18), M(4.46562142029675999901E-17),
      M(3.46122286769746109310E-17),  M(-2.82762398051658348494E-16), M(-3.42548561967721913462E-16),
      M(1.77256013305652638360E-15),  M(3.81168066935262242075E-15),  M(-9.55484669882830764870E-15),
      M(-4.15056934728722208663E-14), M(1.54008621752140982691E-14),  M(3.85277838274214270114E-13),
      M(7.18012445138366623367E-13),  M(-1.79417853150680611778E-12), M(-1.32158118404477131188E-11),
      M(-3.14991652796324136454E-11), M(1.18891471078464383424E-11),  M(4.94060238822496958910E-10),
      M(3.39623202570838634515E-9),   M(2.26666899049817806459E-8),   M(2.04891858946906374183E-7),
      M(2.89137052083475648297E-6),   M(6.88975834691682398426E-5),   M(3.36911647825569408990E-3),
      M(8.04490411014108831608E-1)};
  return std::exp(x) * chebyshev(M(32) / x - M(2), b, 25) / std::sqrt(x);
}

// sin(πx)/(πx), 1 at 0 (real or complex M).
template <typename M> TSH_HOST_DEVICE M sinc(M x) {
  if (x == M(0)) return M(1);
  using R = decltype(std::abs(x));
  const M product = static_cast<R>(kPi) * x;
  return std::sin(product) / product;
}

// x·log(y), 0 where x is 0 (unless y is NaN).
template <typename M> TSH_HOST_DEVICE M xlogy(M x, M y) {
  if (y != y) return std::numeric_limits<M>::quiet_NaN();
  if (x == M(0)) return M(0);
  return x * std::log(y);
}

}  // namespace tsh::scalar
