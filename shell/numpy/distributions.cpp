// shell/numpy/distributions.cpp — NumPy's continuous samplers and the primitives under them
// (uniform, the ziggurats, gamma); the counts are in distributions_discrete.cpp. See distributions.h.
//
// Every floating-point step is written in the order NumPy's C evaluates it, with the same libm
// calls (log vs log1p, exp vs expm1): a draw is only reproducible if each rounding is.
#include "shell/numpy/distributions.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "shell/numpy/ziggurat.h"

namespace tsh::shell::numpy_random {

namespace {

constexpr double kPi = 3.14159265358979323846;

}  // namespace

// ---- the primitives ----------------------------------------------------------------------------

double Source::normal() { return legacy ? static_cast<RandomStateGen&>(g).gauss() : ziggurat_normal(g); }

double Source::exponential() { return legacy ? -std::log(1.0 - g.next_double()) : exponential_zig(g); }

float next_float(BitGen& g) { return static_cast<float>(g.next_uint32() >> 8) * (1.0f / 16777216.0f); }

double exponential_zig(BitGen& g) {
  for (;;) {
    uint64_t r = g.next_uint64() >> 3;
    const int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    const double x = static_cast<double>(r) * kExpW[idx];
    if (r < kExpK[idx]) return x;  // inside the layer's rectangle
    if (idx == 0) return kExpR - std::log1p(-g.next_double());  // the tail is the exponential again, shifted
    if ((kExpF[idx - 1] - kExpF[idx]) * g.next_double() + kExpF[idx] < std::exp(-x)) return x;
  }
}

float standard_exponential_f(BitGen& g) {
  for (;;) {
    uint32_t r = g.next_uint32() >> 1;
    const int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    const float x = static_cast<float>(r) * kExpWf[idx];
    if (r < kExpKf[idx]) return x;
    if (idx == 0) return kExpRf - std::log1p(-next_float(g));
    if ((kExpFf[idx - 1] - kExpFf[idx]) * next_float(g) + kExpFf[idx] < std::exp(-x)) return x;
  }
}

float standard_normal_f(BitGen& g) {
  for (;;) {
    const uint32_t r = g.next_uint32();
    const int idx = static_cast<int>(r & 0xff);
    const bool negative = (r >> 8) & 1;
    const uint32_t rabs = (r >> 9) & 0x7fffff;
    float x = static_cast<float>(rabs) * kZigguratWf[idx];
    if (negative) x = -x;
    if (rabs < kZigguratKf[idx]) return x;
    if (idx == 0) {
      for (;;) {
        const float xx = -kZigguratInvRf * std::log1p(-next_float(g));
        const float yy = -std::log1p(-next_float(g));
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(kZigguratRf + xx) : kZigguratRf + xx;
      }
    }
    // The layer test compares in double, as NumPy's C does (exp of a double argument).
    if ((kZigguratFf[idx - 1] - kZigguratFf[idx]) * next_float(g) + kZigguratFf[idx] < std::exp(-0.5 * x * x)) return x;
  }
}

// ---- gamma and what is built on it -------------------------------------------------------------

// Marsaglia–Tsang for shape >= 1 (a cubed normal, squeezed then exactly accepted); for shape < 1
// the Ahrens–Dieter mixture of a power of U and an exponential tail.
double standard_gamma(Source& s, double shape) {
  if (shape == 1.0) return s.exponential();
  if (shape == 0.0) return 0.0;
  if (shape < 1.0) {
    for (;;) {
      const double u = s.uniform(), v = s.exponential();
      if (u <= 1.0 - shape) {
        const double x = std::pow(u, 1. / shape);
        if (x <= v) return x;
      } else {
        const double y = -std::log((1 - u) / shape);
        const double x = std::pow(1.0 - shape + shape * y, 1. / shape);
        if (x <= v + y) return x;
      }
    }
  }
  const double b = shape - 1. / 3., c = 1. / std::sqrt(9 * b);
  for (;;) {
    double x, v;
    do {
      x = s.normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = s.uniform();
    if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return b * v;
    if (std::log(u) < 0.5 * x * x + b * (1. - v + std::log(v))) return b * v;
  }
}

float standard_gamma_f(BitGen& g, float shape) {
  if (shape == 1.0f) return standard_exponential_f(g);
  if (shape == 0.0f) return 0.0f;
  if (shape < 1.0f) {
    for (;;) {
      const float u = next_float(g), v = standard_exponential_f(g);
      if (u <= 1.0f - shape) {
        const float x = std::pow(u, 1.0f / shape);
        if (x <= v) return x;
      } else {
        const float y = -std::log((1.0f - u) / shape);
        const float x = std::pow(1.0f - shape + shape * y, 1.0f / shape);
        if (x <= v + y) return x;
      }
    }
  }
  const float b = shape - 1.0f / 3.0f, c = 1.0f / std::sqrt(9.0f * b);
  for (;;) {
    float x, v;
    do {
      x = standard_normal_f(g);
      v = 1.0f + c * x;
    } while (v <= 0.0f);
    v = v * v * v;
    const float u = next_float(g);
    if (u < 1.0f - 0.0331f * (x * x) * (x * x)) return b * v;
    if (std::log(u) < 0.5f * x * x + b * (1.0f - v + std::log(v))) return b * v;
  }
}

double beta(Source& s, double a, double b) {
  if (!(a <= 1.0 && b <= 1.0)) {  // written as NumPy tests it, so that NaN takes the gamma route
    const double ga = standard_gamma(s, a), gb = standard_gamma(s, b);
    return ga / (ga + gb);
  }
  if (s.legacy) {
    // Jöhnk's algorithm as RandomState has it: X + Y == 0 falls back to logs.
    for (;;) {
      const double u = s.uniform(), v = s.uniform();
      const double x = std::pow(u, 1.0 / a), y = std::pow(v, 1.0 / b);
      if (x + y <= 1.0) {
        if (x + y > 0) return x / (x + y);
        double log_x = std::log(u) / a, log_y = std::log(v) / b;
        const double log_m = log_x > log_y ? log_x : log_y;
        log_x -= log_m;
        log_y -= log_m;
        return std::exp(log_x - std::log(std::exp(log_x) + std::exp(log_y)));
      }
    }
  }
  // Both parameters below ~1e-103: X and Y underflow every time; the draw is 1 with probability a/(a+b).
  if (a < 3e-103 && b < 3e-103) return (a + b) * s.uniform() < a ? 1.0 : 0.0;
  for (;;) {
    const double u = s.uniform(), v = s.uniform();
    const double x = std::pow(u, 1.0 / a), y = std::pow(v, 1.0 / b), xpy = x + y;
    if (xpy <= 1.0 && u + v > 0.0) {
      if (x > 0 && y > 0) return x / xpy;
      // One power underflowed: the ratio X / (X + Y) from the logs, as a logistic of their difference.
      const double delta = std::log(u) / a - std::log(v) / b;
      if (delta > 0) return std::exp(-std::log1p(std::exp(-delta)));
      return std::exp(delta - std::log1p(std::exp(delta)));
    }
  }
}

double chisquare(Source& s, double df) { return 2.0 * standard_gamma(s, df / 2.0); }

double f(Source& s, double dfnum, double dfden) {
  const double num = chisquare(s, dfnum) * dfden;
  return num / (chisquare(s, dfden) * dfnum);
}

double noncentral_chisquare(Source& s, double df, double nonc) {
  if (!s.legacy && std::isnan(nonc)) return NAN;
  if (nonc == 0) return chisquare(s, df);
  if (1 < df) {
    const double chi2 = chisquare(s, df - 1);
    const double n = s.normal() + std::sqrt(nonc);
    return chi2 + n * n;
  }
  const int64_t i = poisson(s.g, nonc / 2.0);
  const double out = chisquare(s, df + 2 * static_cast<double>(i));
  return std::isnan(nonc) ? NAN : out;  // RandomState checks NaN only after drawing
}

double noncentral_f(Source& s, double dfnum, double dfden, double nonc) {
  const double t = noncentral_chisquare(s, dfnum, nonc) * dfden;
  return t / (chisquare(s, dfden) * dfnum);
}

double standard_t(Source& s, double df) {
  const double num = s.normal();
  const double denom = standard_gamma(s, df / 2);
  return std::sqrt(df / 2) * num / std::sqrt(denom);
}

// ---- transforms of one exponential or uniform --------------------------------------------------

double pareto(Source& s, double a) {
  if (s.legacy) return std::exp(s.exponential() / a) - 1;
  return std::expm1(s.exponential() / a);
}

double weibull(Source& s, double a) {
  if (a == 0.0) return 0.0;
  return std::pow(s.exponential(), 1. / a);
}

double power(Source& s, double a) {
  if (s.legacy) return std::pow(1 - std::exp(-s.exponential()), 1. / a);
  return std::pow(-std::expm1(-s.exponential()), 1. / a);
}

double rayleigh(Source& s, double scale) {
  if (s.legacy) return scale * std::sqrt(-2.0 * std::log1p(-s.uniform()));
  return scale * std::sqrt(2.0 * s.exponential());
}

double laplace(Source& s, double loc, double scale) {
  for (;;) {
    const double u = s.uniform();
    if (u >= 0.5) return loc - scale * std::log(2.0 - u - u);
    if (u > 0.0) return loc + scale * std::log(u + u);
  }
}

double gumbel(Source& s, double loc, double scale) {
  for (;;) {
    const double u = 1.0 - s.uniform();
    if (u < 1.0) return loc - scale * std::log(-std::log(u));
  }
}

double logistic(Source& s, double loc, double scale) {
  for (;;) {
    const double u = s.uniform();
    if (u > 0.0) return loc + scale * std::log(u / (1.0 - u));
  }
}

double triangular(Source& s, double left, double mode, double right) {
  const double base = right - left, leftbase = mode - left, ratio = leftbase / base;
  const double leftprod = leftbase * base, rightprod = (right - mode) * base;
  const double u = s.uniform();
  if (u <= ratio) return left + std::sqrt(u * leftprod);
  return right - std::sqrt((1.0 - u) * rightprod);
}

double wald(Source& s, double mean, double scale) {
  double y = s.normal();
  y = mean * y * y;
  double x;
  if (s.legacy) {
    const double mu_2l = mean / (2 * scale);
    x = mean + mu_2l * (y - std::sqrt(4 * scale * y + y * y));
  } else {
    // The same root, written so that it does not cancel when y is large against scale.
    const double d = scale * 4.0 / y + 1.0;
    x = mean * (1.0 - 2.0 / (std::sqrt(d) + 1.0));
  }
  const double u = s.uniform();
  if (u <= mean / (mean + x)) return x;
  return mean * mean / x;
}

double vonmises(Source& s, double mu, double kappa) {
  if (std::isnan(kappa)) return NAN;
  if (kappa < 1e-8) return kPi * (2 * s.uniform() - 1);  // practically uniform on the circle
  double rs;
  if (kappa < 1e-5) {
    rs = 1. / kappa + kappa;  // the series of the expression below, which cancels for small kappa
  } else if (s.legacy || kappa <= 1e6) {
    const double r = 1 + std::sqrt(1 + 4 * kappa * kappa);
    const double rho = (r - std::sqrt(2 * r)) / (2 * kappa);
    rs = (1 + rho * rho) / (2 * rho);
  } else {
    // Generator, very concentrated: a wrapped normal of variance 1/kappa.
    double result = mu + std::sqrt(1. / kappa) * s.normal();
    if (result < -kPi) result += 2 * kPi;
    if (result > kPi) result -= 2 * kPi;
    return result;
  }
  double w;
  for (;;) {
    const double u = s.uniform();
    const double z = std::cos(kPi * u);
    w = (1 + rs * z) / (rs + z);
    const double y = kappa * (rs - w);
    const double v = s.uniform();
    if (y * (2 - y) - v >= 0 || std::log(y / v) + 1 - y >= 0) break;
  }
  const double u = s.uniform();
  double result = std::acos(w);
  if (u < 0.5) result = -result;
  result += mu;
  const bool neg = result < 0;
  double mod = std::fabs(result);
  mod = std::fmod(mod + kPi, 2 * kPi) - kPi;
  if (neg) mod *= -1;
  return mod;
}

}  // namespace tsh::shell::numpy_random
