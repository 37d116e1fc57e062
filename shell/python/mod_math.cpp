// shell/python/mod_math.cpp — Python's math module, as CPython 3.11 computes
// it: the same libm calls (glibc's, as CPython's build uses) behind the same
// special-value and error rules ("math domain error" where an IEEE operation
// is invalid or divides by zero, "math range error" where it overflows), and
// CPython's own algorithms where it has them: gamma and lgamma (Lanczos),
// fsum (Shewchuk's exact partials), hypot and dist (scaled, compensated
// sums with a corrected square root), the log of ints past float's range,
// remainder and the argument rules of each function. Integer functions
// (factorial, comb, perm, gcd, lcm, isqrt) are exact at any size (GMP).
#include <cerrno>
#include <cfloat>
#include <climits>
#include <cmath>
#include <memory>

#include "engine/core/interrupt.h"
#include "shell/interp.h"
#include "shell/python/bigint.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

using grammar::Op;
using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

constexpr double kPi = 3.141592653589793238462643383279502884197;
constexpr double kLogPi = 1.144729885849400174143427351353058711647;

Value flt(double x) { return Value::floating(x); }

// ---------------------------------------------------------------- argument checks

// A function of one argument (METH_O): math.sqrt() takes exactly one argument.
const Value& one_arg(const std::string& name, const Args& a, const Kwargs& kw) {
  if (!kw.empty()) throw TypeError("math." + name + "() takes no keyword arguments");
  if (a.size() != 1)
    throw TypeError("math." + name + "() takes exactly one argument (" + std::to_string(a.size()) + " given)");
  return a[0];
}

// Positional arguments only, between lo and hi of them: "fmod expected 2 arguments, got 1".
void positional(const std::string& name, const Args& a, const Kwargs& kw, size_t lo, size_t hi) {
  if (!kw.empty()) throw TypeError("math." + name + "() takes no keyword arguments");
  if (a.size() >= lo && a.size() <= hi) return;
  const bool few = a.size() < lo;
  const size_t n = few ? lo : hi;
  throw TypeError(name + " expected " + (lo == hi ? "" : few ? "at least " : "at most ") + std::to_string(n) +
                  " argument" + (n == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
}

// ---------------------------------------------------------------- errors

// CPython's errno protocol: a libm-style function reports EDOM or ERANGE.
thread_local int g_errno = 0;

// is_error: EDOM is a ValueError; ERANGE an OverflowError unless the result
// is small (an underflow, which Python ignores).
void raise_if_error(double r) {
  if (g_errno == EDOM) throw ValueError("math domain error");
  if (g_errno == ERANGE && std::fabs(r) >= 1.5) throw OverflowError("math range error");
}

// math_1: a NaN from a non-NaN is a domain error; an infinity from a finite x
// is a range error where the function can overflow, else a domain error.
double math_1(double x, double (*f)(double), bool can_overflow) {
  const double r = f(x);
  if (std::isnan(r) && !std::isnan(x)) throw ValueError("math domain error");
  if (std::isinf(r) && std::isfinite(x)) {
    if (can_overflow) throw OverflowError("math range error");
    throw ValueError("math domain error");
  }
  return r;
}

// math_2: the same for two arguments; an infinity from finite ones is an overflow.
double math_2(double x, double y, double (*f)(double, double)) {
  const double r = f(x, y);
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) throw ValueError("math domain error");
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) throw OverflowError("math range error");
  return r;
}

// ---------------------------------------------------------------- CPython's own functions

// sin(pi * x), exact at integers (for the reflection formula); finite x only.
double sinpi(double x) {
  const double y = std::fmod(std::fabs(x), 2.0);
  const int n = static_cast<int>(std::round(2.0 * y));
  double r;
  switch (n) {
    case 0: r = std::sin(kPi * y); break;
    case 1: r = std::cos(kPi * (y - 0.5)); break;
    case 2: r = std::sin(kPi * (1.0 - y)); break;  // not -sin(pi*(y-1)): +0.0 at y == 1
    case 3: r = -std::cos(kPi * (y - 1.5)); break;
    default: r = std::sin(kPi * (y - 2.0)); break;
  }
  return std::copysign(1.0, x) * r;
}

// The Lanczos approximation CPython uses (N = 13, g = 6.024680040776729583740234375,
// Boost's parameters), as a rational function.
constexpr double kLanczosG = 6.024680040776729583740234375;
constexpr double kLanczosGMinusHalf = 5.524680040776729583740234375;
constexpr double kLanczosNum[13] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408,
};
// x * (x + 1) * ... * (x + 11)
constexpr double kLanczosDen[13] = {0.0,       39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0, 13339535.0,
                                    2637558.0, 357423.0,   32670.0,     1925.0,      66.0,        1.0};

double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  if (x < 5.0) {
    for (int i = 12; i >= 0; --i) {
      num = num * x + kLanczosNum[i];
      den = den * x + kLanczosDen[i];
    }
  } else {  // in 1/x, which cannot overflow
    for (int i = 0; i < 13; ++i) {
      num = num / x + kLanczosNum[i];
      den = den / x + kLanczosDen[i];
    }
  }
  return num / den;
}

double tgamma_py(double x) {
  if (!std::isfinite(x)) {
    if (std::isnan(x) || x > 0.0) return x;
    g_errno = EDOM;
    return NAN;
  }
  if (x == 0.0) {
    g_errno = EDOM;
    return std::copysign(HUGE_VAL, x);
  }
  if (x == std::floor(x)) {
    if (x < 0.0) {
      g_errno = EDOM;
      return NAN;
    }
    if (x <= 23) {  // (n - 1)!, exactly
      double f = 1.0;
      for (int i = 2; i < static_cast<int>(x); ++i) f *= i;
      return f;
    }
  }
  const double absx = std::fabs(x);
  if (absx < 1e-20) {  // gamma(x) ~ 1/x
    const double r = 1.0 / x;
    if (std::isinf(r)) g_errno = ERANGE;
    return r;
  }
  if (absx > 200.0) {  // overflows, or underflows to +-0 for negative x
    if (x < 0.0) return 0.0 / sinpi(x);
    g_errno = ERANGE;
    return HUGE_VAL;
  }
  const double y = absx + kLanczosGMinusHalf;
  // The rounding error of y, for a correction factor (1 + e*g/y).
  double z;
  if (absx > kLanczosGMinusHalf) {
    const volatile double q = y - absx;
    z = q - kLanczosGMinusHalf;
  } else {
    const volatile double q = y - kLanczosGMinusHalf;
    z = q - absx;
  }
  z = z * kLanczosG / y;
  double r;
  if (x < 0.0) {
    r = -kPi / sinpi(absx) / absx * std::exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= std::pow(y, absx - 0.5);
    } else {
      const double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczos_sum(absx) / std::exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= std::pow(y, absx - 0.5);
    } else {
      const double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (std::isinf(r)) g_errno = ERANGE;
  return r;
}

double lgamma_py(double x) {
  if (!std::isfinite(x)) return std::isnan(x) ? x : HUGE_VAL;
  if (x == std::floor(x) && x <= 2.0) {
    if (x <= 0.0) {
      g_errno = EDOM;
      return HUGE_VAL;
    }
    return 0.0;  // lgamma(1) = lgamma(2) = 0
  }
  const double absx = std::fabs(x);
  if (absx < 1e-20) return -std::log(absx);
  double r = std::log(lanczos_sum(absx)) - kLanczosG;
  r += (absx - 0.5) * (std::log(absx + kLanczosG - 0.5) - 1);
  if (x < 0.0) r = kLogPi - std::log(std::fabs(sinpi(absx))) - std::log(absx) - r;  // reflection
  if (std::isinf(r)) g_errno = ERANGE;
  return r;
}

double atan2_py(double y, double x) {
  if (std::isnan(x) || std::isnan(y)) return NAN;
  if (std::isinf(y)) {
    if (std::isinf(x)) return std::copysign(std::copysign(1., x) == 1. ? 0.25 * kPi : 0.75 * kPi, y);
    return std::copysign(0.5 * kPi, y);
  }
  if (std::isinf(x) || y == 0.) return std::copysign(std::copysign(1., x) == 1. ? 0. : kPi, y);
  return std::atan2(y, x);
}

// IEEE 754 remainder: x - n*y for the nearest n, ties to even; always exact.
double remainder_py(double x, double y) {
  if (std::isfinite(x) && std::isfinite(y)) {
    if (y == 0.0) return NAN;
    const double absx = std::fabs(x), absy = std::fabs(y);
    const double m = std::fmod(absx, absy);
    // m against half of absy, through its complement (exact where it matters).
    const double c = absy - m;
    double r;
    if (m < c) r = m;
    else if (m > c) r = -c;
    else r = m - 2.0 * std::fmod(0.5 * (absx - m), absy);  // a tie: toward the even multiple
    return std::copysign(1.0, x) * r;
  }
  if (std::isnan(x)) return x;
  if (std::isnan(y)) return y;
  if (std::isinf(x)) return NAN;
  return x;  // y infinite
}

double log_py(double x) {
  if (std::isfinite(x)) {
    if (x > 0.0) return std::log(x);
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (std::isnan(x) || x > 0.0) return x;
  return NAN;
}
double log2_py(double x) {
  if (std::isfinite(x)) {
    if (x > 0.0) return std::log2(x);
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (std::isnan(x) || x > 0.0) return x;
  return NAN;
}
double log10_py(double x) {
  if (std::isfinite(x)) {
    if (x > 0.0) return std::log10(x);
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (std::isnan(x) || x > 0.0) return x;
  return NAN;
}

// _PyLong_Frexp: |n| ~ m * 2**e with 0.5 <= m < 1, m rounded to nearest (ties to even).
double frexp_int(const Value& n, int64_t& e) {
  Mpz z = to_mpz(n);
  mpz_abs(z.get(), z.get());
  const int64_t bits = static_cast<int64_t>(mpz_sizeinbase(z.get(), 2));
  const int64_t shift = bits - 60;
  // The top 60 bits, the lowest one set when any bit below them is (a sticky
  // bit, enough to round to 53 bits correctly).
  Mpz top;
  mpz_tdiv_q_2exp(top.get(), z.get(), static_cast<mp_bitcnt_t>(shift));
  uint64_t t = mpz_get_ui(top.get());
  if (mpz_scan1(z.get(), 0) < static_cast<mp_bitcnt_t>(shift)) t |= 1;
  int e2 = 0;
  const double m = std::frexp(static_cast<double>(t), &e2);
  e = shift + e2;
  return m;
}

// loghelper: an int is its own case (any size; zero and negatives a domain
// error); anything else goes through math_1.
double log_helper(const Value& v, double (*f)(double)) {
  if (v.is_intlike()) {
    if (is_big(v) ? mpz_sgn(to_mpz(v).get()) <= 0 : v.as_int() <= 0) throw ValueError("math domain error");
    if (!is_big(v) || int_bit_length(v) < DBL_MAX_EXP) return f(v.as_float());
    // Past float's range (after rounding), log(m * 2**e) = log(m) + e * log(2).
    int64_t e = 0;
    const double m = frexp_int(v, e);
    if (e <= DBL_MAX_EXP) return f(std::ldexp(m, static_cast<int>(e)));
    return f(m) + f(2.0) * static_cast<double>(e);
  }
  return math_1(real_arg(v), f, false);
}

// ---------------------------------------------------------------- vector norms

// CPython's vector_norm: sqrt(sum(x*x)) for finite |x| <= max, scaled by a
// power of two, squares split exactly (Veltkamp-Dekker), summed with
// compensation, and the square root corrected by one Newton step.
double vector_norm(std::vector<double>& vec, double max, bool found_nan) {
  const size_t n = vec.size();
  if (std::isinf(max)) return max;
  if (found_nan) return NAN;
  if (max == 0.0 || n <= 1) return max;
  constexpr double T27 = 134217729.0;  // 2**27 + 1
  double csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
  int max_e = 0;
  std::frexp(max, &max_e);
  if (max_e >= -1023) {
    const double scale = std::ldexp(1.0, -max_e);
    for (double x : vec) {
      x *= scale;
      const double t = x * T27;
      const double hi = t - (t - x), lo = x - hi;
      double sq = hi * hi, old = csum;
      csum += sq;
      frac1 += (old - csum) + sq;
      sq = 2.0 * hi * lo;
      old = csum;
      csum += sq;
      frac2 += (old - csum) + sq;
      frac3 += lo * lo;
    }
    const double h = std::sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    const double t = h * T27;
    const double hi = t - (t - h), lo = h - hi;
    double x = -hi * hi, old = csum;
    csum += x;
    frac1 += (old - csum) + x;
    x = -2.0 * hi * lo;
    old = csum;
    csum += x;
    frac2 += (old - csum) + x;
    x = -lo * lo;
    old = csum;
    csum += x;
    frac3 += (old - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
  }
  // Subnormal max: 2**-max_e would overflow, so divide by max instead.
  for (double x : vec) {
    x /= max;
    x = x * x;
    const double old = csum;
    csum += x;
    frac1 += (old - csum) + x;
  }
  return max * std::sqrt(csum - 1.0 + frac1);
}

// ---------------------------------------------------------------- integers

Mpz index_mpz(const Value& v) { return to_mpz(index_arg(v)); }

Value factorial(const Value& arg) {
  const Mpz n = index_mpz(arg);
  if (mpz_sgn(n.get()) < 0) throw ValueError("factorial() not defined for negative values");
  if (!mpz_fits_slong_p(n.get())) throw OverflowError("factorial() argument should not exceed 9223372036854775807");
  const unsigned long m = mpz_get_ui(n.get());
  auto r = std::make_shared<Mpz>();
  if (m < 100000) {
    mpz_fac_ui(r->get(), m);
  } else {  // seconds of GMP: where Ctrl-C can abandon it
    run_abandonable([r, m] { mpz_fac_ui(r->get(), m); });
  }
  return from_mpz(*r);
}

// n * (n - 1) * ... * (n - k + 1), halves multiplied together (balanced sizes).
Mpz falling(const Mpz& n, uint64_t k) {
  Mpz r(1);
  if (k <= 16) {
    Mpz f = n;
    for (uint64_t i = 0; i < k; ++i) {
      mpz_mul(r.get(), r.get(), f.get());
      mpz_sub_ui(f.get(), f.get(), 1);
    }
    return r;
  }
  const uint64_t j = k / 2;
  Mpz rest = n;
  mpz_sub_ui(rest.get(), rest.get(), j);
  Mpz a = falling(n, j), b = falling(rest, k - j);
  mpz_mul(r.get(), a.get(), b.get());
  return r;
}

void check_non_negative(const Mpz& n, const Mpz& k) {
  if (mpz_sgn(n.get()) < 0) throw ValueError("n must be a non-negative integer");
  if (mpz_sgn(k.get()) < 0) throw ValueError("k must be a non-negative integer");
}

bool fits_llong(const Mpz& z) { return mpz_sizeinbase(z.get(), 2) <= 63; }

Value comb(const Value& nv, const Value& kv) {
  const Mpz n = index_mpz(nv);
  Mpz k = index_mpz(kv);
  check_non_negative(n, k);
  if (mpz_cmp(k.get(), n.get()) > 0) return Value::integer(0);
  Mpz rest;
  mpz_sub(rest.get(), n.get(), k.get());
  if (mpz_cmp(rest.get(), k.get()) < 0) k = rest;  // k = min(k, n - k)
  if (!fits_llong(k)) throw OverflowError("min(n - k, k) must not exceed 9223372036854775807");
  const unsigned long kk = mpz_get_ui(k.get());
  auto r = std::make_shared<Mpz>();
  if (kk < 100000) {
    mpz_bin_ui(r->get(), n.get(), kk);
  } else {  // seconds of GMP: where Ctrl-C can abandon it
    run_abandonable([r, n, kk] { mpz_bin_ui(r->get(), n.get(), kk); });
  }
  return from_mpz(*r);
}

Value perm(const Value& nv, const Value& kv) {
  const Mpz n = index_mpz(nv), k = index_mpz(kv);
  check_non_negative(n, k);
  if (mpz_cmp(n.get(), k.get()) < 0) return Value::integer(0);
  if (!fits_llong(k)) throw OverflowError("k must not exceed 9223372036854775807");
  const unsigned long kk = mpz_get_ui(k.get());
  if (kk < 100000) return from_mpz(falling(n, kk));
  auto r = std::make_shared<Mpz>();
  run_abandonable([r, n, kk] { *r = falling(n, kk); });  // seconds of GMP: Ctrl-C abandons it
  return from_mpz(*r);
}

// ---------------------------------------------------------------- fsum

// Shewchuk's algorithm as CPython's math.fsum runs it: exact partial sums,
// non-overlapping and increasing, added from the top and rounded half-even
// across them at the end.
Value fsum(Interpreter& in, const Value& seq) {
  const Value it = make_iterator(in, seq);
  std::vector<double> p;
  double special_sum = 0.0, inf_sum = 0.0;
  Value item;
  while (iter_next(in, it, item)) {
    check_interrupt();
    double x = real_arg(item);
    const double xsave = x;
    size_t i = 0;
    for (size_t j = 0; j < p.size(); ++j) {
      double y = p[j];
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      const volatile double hi = x + y;
      const volatile double yr = hi - x;
      const double lo = y - yr;
      if (lo != 0.0) p[i++] = lo;
      x = hi;
    }
    p.resize(i);
    if (x != 0.0) {
      if (!std::isfinite(x)) {
        // From an infinity or NaN summand, or an overflow of finite ones.
        if (std::isfinite(xsave)) throw OverflowError("intermediate overflow in fsum");
        if (std::isinf(xsave)) inf_sum += xsave;
        special_sum += xsave;
        p.clear();
      } else {
        p.push_back(x);
      }
    }
  }
  if (special_sum != 0.0) {
    if (std::isnan(inf_sum)) throw ValueError("-inf + inf in fsum");
    return flt(special_sum);
  }
  double hi = 0.0;
  size_t n = p.size();
  if (n > 0) {
    hi = p[--n];
    double lo = 0.0;
    while (n > 0) {  // from the top, until the sum is inexact
      const double x = hi, y = p[--n];
      const volatile double h = x + y;
      hi = h;
      const volatile double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    // Half-even rounding across partials: the next partial's sign breaks a tie.
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      const double y = lo * 2.0;
      const volatile double x = hi + y;
      const volatile double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return flt(hi);
}

// ---------------------------------------------------------------- the module's functions

// floor and ceil: a float rounds to an int of any size; an int is itself
// (int.__floor__); anything else through __float__.
Value round_to_int(const Value& v, double (*f)(double)) {
  if (v.is(Kind::Int)) return v;
  if (v.is(Kind::Bool)) return Value::integer(v.as_int());
  return int_from_double(f(real_arg(v)));
}

double pow_py(double x, double y) {
  double r;
  g_errno = 0;
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isnan(x)) {
      r = y == 0. ? 1. : x;  // nan**0 = 1
    } else if (std::isnan(y)) {
      r = x == 1. ? 1. : y;  // 1**nan = 1
    } else if (std::isinf(x)) {
      const bool odd_y = std::isfinite(y) && std::fmod(std::fabs(y), 2.0) == 1.0;
      if (y > 0.) r = odd_y ? x : std::fabs(x);
      else if (y == 0.) r = 1.;
      else r = odd_y ? std::copysign(0., x) : 0.;
    } else {  // y infinite
      if (std::fabs(x) == 1.0) r = 1.;
      else if (y > 0. && std::fabs(x) > 1.0) r = y;
      else if (y < 0. && std::fabs(x) < 1.0) r = -y;
      else r = 0.;
    }
  } else {
    r = std::pow(x, y);
    if (std::isnan(r)) g_errno = EDOM;                       // negative ** non-integer
    else if (std::isinf(r)) g_errno = x == 0. ? EDOM : ERANGE;  // 0 ** negative, or overflow
  }
  raise_if_error(r);
  return r;
}

double ldexp_py(double x, const Value& i) {
  if (!i.is_intlike()) throw TypeError("Expected an int as second argument to ldexp.");
  // An exponent past a C long is clamped to it.
  const Int e = is_big(i) ? (int_compare(i, Value::integer(0)) < 0 ? Int(LONG_MIN) : Int(LONG_MAX))
                          : std::clamp<Int>(i.as_int(), LONG_MIN, LONG_MAX);
  if (x == 0. || !std::isfinite(x)) return x;
  if (e > INT_MAX) throw OverflowError("math range error");
  if (e < INT_MIN) return std::copysign(0., x);
  const double r = std::ldexp(x, static_cast<int>(e));
  if (std::isinf(r)) throw OverflowError("math range error");
  return r;
}

bool isclose(double a, double b, double rel_tol, double abs_tol) {
  if (rel_tol < 0.0 || abs_tol < 0.0) throw ValueError("tolerances must be non-negative");
  if (a == b) return true;  // also two infinities of one sign
  if (std::isinf(a) || std::isinf(b)) return false;
  const double diff = std::fabs(b - a);
  return diff <= std::fabs(rel_tol * b) || diff <= std::fabs(rel_tol * a) || diff <= abs_tol;
}

double ulp(double x) {
  if (std::isnan(x)) return x;
  x = std::fabs(x);
  if (std::isinf(x)) return x;
  const double x2 = std::nextafter(x, INFINITY);
  if (std::isinf(x2)) return x - std::nextafter(x, -INFINITY);  // the largest float
  return x2 - x;
}

}  // namespace

void install_math(Interpreter&, Value& m) {
  auto& attrs = m.as<ModuleObj>()->attrs;
  attrs["pi"] = flt(kPi);
  attrs["e"] = flt(2.718281828459045235360287471352662498);
  attrs["tau"] = flt(6.283185307179586476925286766559005768);
  attrs["inf"] = flt(INFINITY);
  attrs["nan"] = flt(NAN);

  auto def = [&](const std::string& name, Fn fn) { def_function(m, name, std::move(fn)); };
  // One float in, one float out, through math_1.
  auto unary = [&](const std::string& name, double (*f)(double), bool can_overflow) {
    def(name, [name, f, can_overflow](Interpreter&, Args& a, Kwargs& kw) {
      return flt(math_1(real_arg(one_arg(name, a, kw)), f, can_overflow));
    });
  };
  // A function that reports its own errors (math_1a).
  auto unary_errno = [&](const std::string& name, double (*f)(double)) {
    def(name, [name, f](Interpreter&, Args& a, Kwargs& kw) {
      const double x = real_arg(one_arg(name, a, kw));
      g_errno = 0;
      const double r = f(x);
      raise_if_error(r);
      return flt(r);
    });
  };
  auto binary = [&](const std::string& name, double (*f)(double, double)) {
    def(name, [name, f](Interpreter&, Args& a, Kwargs& kw) {
      positional(name, a, kw, 2, 2);
      const double x = real_arg(a[0]), y = real_arg(a[1]);
      return flt(math_2(x, y, f));
    });
  };
  // Functions of a float that cannot fail.
  auto plain = [&](const std::string& name, Value (*f)(double)) {
    def(name, [name, f](Interpreter&, Args& a, Kwargs& kw) { return f(real_arg(one_arg(name, a, kw))); });
  };

  unary("acos", [](double x) { return std::acos(x); }, false);
  unary("acosh", [](double x) { return std::acosh(x); }, false);
  unary("asin", [](double x) { return std::asin(x); }, false);
  unary("asinh", [](double x) { return std::asinh(x); }, false);
  unary("atan", [](double x) { return std::atan(x); }, false);
  unary("atanh", [](double x) { return std::atanh(x); }, false);
  unary("cbrt", [](double x) { return std::cbrt(x); }, false);
  unary("cos", [](double x) { return std::cos(x); }, false);
  unary("cosh", [](double x) { return std::cosh(x); }, true);
  unary("exp", [](double x) { return std::exp(x); }, true);
  unary("exp2", [](double x) { return std::exp2(x); }, true);
  unary("expm1", [](double x) { return std::expm1(x); }, true);
  unary("fabs", [](double x) { return std::fabs(x); }, false);
  unary("log1p", [](double x) { return x == 0.0 ? x : std::log1p(x); }, false);
  unary("sin", [](double x) { return std::sin(x); }, false);
  unary("sinh", [](double x) { return std::sinh(x); }, true);
  unary("sqrt", [](double x) { return std::sqrt(x); }, false);
  unary("tan", [](double x) { return std::tan(x); }, false);
  unary("tanh", [](double x) { return std::tanh(x); }, false);
  unary_errno("erf", [](double x) { return std::erf(x); });
  unary_errno("erfc", [](double x) { return std::erfc(x); });
  unary_errno("gamma", tgamma_py);
  unary_errno("lgamma", lgamma_py);
  binary("atan2", atan2_py);
  binary("copysign", [](double x, double y) { return std::copysign(x, y); });
  binary("remainder", remainder_py);

  plain("degrees", [](double x) { return flt(x * (180.0 / kPi)); });
  plain("radians", [](double x) { return flt(x * (kPi / 180.0)); });
  plain("isfinite", [](double x) { return Value::boolean(std::isfinite(x)); });
  plain("isinf", [](double x) { return Value::boolean(std::isinf(x)); });
  plain("isnan", [](double x) { return Value::boolean(std::isnan(x)); });
  plain("ulp", [](double x) { return flt(ulp(x)); });
  plain("frexp", [](double x) {
    int e = 0;
    if (!std::isnan(x) && !std::isinf(x) && x != 0) x = std::frexp(x, &e);
    return Value::tuple({flt(x), Value::integer(e)});
  });
  plain("modf", [](double x) {
    if (std::isinf(x)) return Value::tuple({flt(std::copysign(0., x)), flt(x)});
    if (std::isnan(x)) return Value::tuple({flt(x), flt(x)});
    double whole = 0;
    const double frac = std::modf(x, &whole);
    return Value::tuple({flt(frac), flt(whole)});
  });

  def("ceil", [](Interpreter&, Args& a, Kwargs& kw) {
    return round_to_int(one_arg("ceil", a, kw), [](double x) { return std::ceil(x); });
  });
  def("floor", [](Interpreter&, Args& a, Kwargs& kw) {
    return round_to_int(one_arg("floor", a, kw), [](double x) { return std::floor(x); });
  });
  def("trunc", [](Interpreter&, Args& a, Kwargs& kw) {
    const Value& x = one_arg("trunc", a, kw);
    if (x.is(Kind::Float)) return int_from_double(x.as_float());
    if (x.is(Kind::Int)) return x;
    if (x.is(Kind::Bool)) return Value::integer(x.as_int());
    throw TypeError("type " + type_name(x) + " doesn't define __trunc__ method");
  });

  def("fmod", [](Interpreter&, Args& a, Kwargs& kw) {
    positional("fmod", a, kw, 2, 2);
    const double x = real_arg(a[0]), y = real_arg(a[1]);
    if (std::isinf(y) && std::isfinite(x)) return flt(x);
    const double r = std::fmod(x, y);
    if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) throw ValueError("math domain error");
    return flt(r);
  });
  def("pow", [](Interpreter&, Args& a, Kwargs& kw) {
    positional("pow", a, kw, 2, 2);
    const double x = real_arg(a[0]), y = real_arg(a[1]);
    return flt(pow_py(x, y));
  });
  def("ldexp", [](Interpreter&, Args& a, Kwargs& kw) {
    positional("ldexp", a, kw, 2, 2);
    return flt(ldexp_py(real_arg(a[0]), a[1]));
  });
  def("nextafter", [](Interpreter&, Args& a, Kwargs& kw) {
    positional("nextafter", a, kw, 2, 2);
    const double x = real_arg(a[0]), y = real_arg(a[1]);
    return flt(std::nextafter(x, y));
  });
  def("isclose", [](Interpreter&, Args& a, Kwargs& kw) {
    auto v = bind_c_params("isclose", a, kw, {"a", "b", "rel_tol", "abs_tol"}, 2, 0, 2);
    const double x = real_arg(*v[0]), y = real_arg(*v[1]);
    const double rel_tol = v[2] ? real_arg(*v[2]) : 1e-09, abs_tol = v[3] ? real_arg(*v[3]) : 0.0;
    return Value::boolean(isclose(x, y, rel_tol, abs_tol));
  });

  // The logarithms: ints of any size exactly, floats through libm.
  def("log", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("log() takes no keyword arguments");
    if (a.empty() || a.size() > 2) throw TypeError("math.log requires 1 to 2 arguments");
    const double num = log_helper(a[0], log_py);
    if (a.size() == 1) return flt(num);
    const double den = log_helper(a[1], log_py);
    if (den == 0.0) throw PyError("ZeroDivisionError", "float division by zero");
    return flt(num / den);
  });
  def("log2", [](Interpreter&, Args& a, Kwargs& kw) { return flt(log_helper(one_arg("log2", a, kw), log2_py)); });
  def("log10", [](Interpreter&, Args& a, Kwargs& kw) { return flt(log_helper(one_arg("log10", a, kw), log10_py)); });

  def("hypot", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("math.hypot() takes no keyword arguments");
    std::vector<double> coords;
    double max = 0.0;
    bool found_nan = false;
    for (const Value& v : a) {
      const double x = std::fabs(real_arg(v));
      coords.push_back(x);
      found_nan |= std::isnan(x);
      if (x > max) max = x;
    }
    return flt(vector_norm(coords, max, found_nan));
  });
  def("dist", [](Interpreter& in, Args& a, Kwargs& kw) {
    positional("dist", a, kw, 2, 2);
    const std::vector<Value> p = in.iterate(a[0]), q = in.iterate(a[1]);
    if (p.size() != q.size()) throw ValueError("both points must have the same number of dimensions");
    std::vector<double> diffs;
    double max = 0.0;
    bool found_nan = false;
    for (size_t i = 0; i < p.size(); ++i) {
      const double px = real_arg(p[i]), qx = real_arg(q[i]);
      const double x = std::fabs(px - qx);
      diffs.push_back(x);
      found_nan |= std::isnan(x);
      if (x > max) max = x;
    }
    return flt(vector_norm(diffs, max, found_nan));
  });
  def("fsum", [](Interpreter& in, Args& a, Kwargs& kw) { return fsum(in, one_arg("fsum", a, kw)); });
  def("prod", [](Interpreter& in, Args& a, Kwargs& kw) {
    auto v = bind_c_params("prod", a, kw, {"iterable", "start"}, 1, 1, 1);
    Value result = v[1] ? *v[1] : Value::integer(1);
    const Value it = make_iterator(in, *v[0]);
    Value item;
    while (iter_next(in, it, item)) {
      check_interrupt();
      result = in.binary(Op::Mul, result, item, false);
    }
    return result;
  });

  // Integers, exact at any size.
  def("factorial", [](Interpreter&, Args& a, Kwargs& kw) { return factorial(one_arg("factorial", a, kw)); });
  def("isqrt", [](Interpreter&, Args& a, Kwargs& kw) {
    Mpz n = index_mpz(one_arg("isqrt", a, kw));
    if (mpz_sgn(n.get()) < 0) throw ValueError("isqrt() argument must be nonnegative");
    mpz_sqrt(n.get(), n.get());
    return from_mpz(n);
  });
  def("comb", [](Interpreter&, Args& a, Kwargs& kw) {
    positional("comb", a, kw, 2, 2);
    return comb(a[0], a[1]);
  });
  def("perm", [](Interpreter&, Args& a, Kwargs& kw) {
    positional("perm", a, kw, 1, 2);
    if (a.size() == 1 || a[1].is_none()) return factorial(a[0]);
    return perm(a[0], a[1]);
  });
  def("gcd", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("math.gcd() takes no keyword arguments");
    Mpz r;
    for (const Value& v : a) {
      const Mpz x = index_mpz(v);
      mpz_gcd(r.get(), r.get(), x.get());
    }
    return from_mpz(r);
  });
  def("lcm", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("math.lcm() takes no keyword arguments");
    Mpz r(1);
    for (const Value& v : a) {
      const Mpz x = index_mpz(v);
      mpz_lcm(r.get(), r.get(), x.get());
    }
    return from_mpz(r);
  });
}

}  // namespace tsh::shell
