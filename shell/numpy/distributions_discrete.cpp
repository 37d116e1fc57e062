// shell/numpy/distributions_discrete.cpp — NumPy's samplers of counts (Poisson, binomial,
// hypergeometric, ...) and of vectors of counts (multinomial, multivariate hypergeometric),
// bit for bit; see distributions.h. Each floating-point step is NumPy's, in NumPy's order.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "shell/numpy/distributions.h"

namespace tsh::shell::numpy_random {

namespace {

// INT64_MAX as a double (2^63): draws at or above it do not fit the int64 result.
constexpr double kInt64MaxAsDouble = 9223372036854775807.0;

// log Γ(x) by the Stirling series NumPy uses for Poisson and the legacy hypergeometric: shift x
// up to 7, sum the series in 1/x0², then step back down.
double loggam(double x) {
  static constexpr double a[10] = {8.333333333333333e-02,  -2.777777777777778e-03, 7.936507936507937e-04,
                                   -5.952380952380952e-04, 8.417508417508418e-04,  -1.917526917526918e-03,
                                   6.410256410256410e-03,  -2.955065359477124e-02, 1.796443723688307e-01,
                                   -1.39243221690590e+00};
  if (x == 1.0 || x == 2.0) return 0.0;
  const int64_t n = x < 7.0 ? static_cast<int64_t>(7 - x) : 0;
  double x0 = x + static_cast<double>(n);
  const double x2 = (1.0 / x0) * (1.0 / x0);
  double gl0 = a[9];
  for (int k = 8; k >= 0; --k) gl0 = gl0 * x2 + a[k];
  double gl = gl0 / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * std::log(x0) - x0;
  if (x < 7.0)
    for (int64_t k = 1; k <= n; ++k) {
      gl -= std::log(x0 - 1.0);
      x0 -= 1.0;
    }
  return gl;
}

// log(k!) from a table up to 125, then Stirling to the 1/k³ term (Generator's hypergeometric).
double logfactorial(int64_t k) {
  static constexpr double table[126] = {
      0, 0, 0.69314718055994529, 1.791759469228055, 3.1780538303479458, 4.7874917427820458,
      6.5792512120101012, 8.5251613610654147, 10.604602902745251, 12.801827480081469, 15.104412573075516,
      17.502307845873887, 19.987214495661885, 22.552163853123425, 25.19122118273868, 27.89927138384089,
      30.671860106080672, 33.505073450136891, 36.395445208033053, 39.339884187199495, 42.335616460753485,
      45.380138898476908, 48.471181351835227, 51.606675567764377, 54.784729398112319, 58.003605222980518,
      61.261701761002001, 64.557538627006338, 67.88974313718154, 71.257038967168015, 74.658236348830158,
      78.092223553315307, 81.557959456115043, 85.054467017581516, 88.580827542197682, 92.136175603687093,
      95.719694542143202, 99.330612454787428, 102.96819861451381, 106.63176026064346, 110.32063971475739,
      114.03421178146171, 117.77188139974507, 121.53308151543864, 125.3172711493569, 129.12393363912722,
      132.95257503561632, 136.80272263732635, 140.67392364823425, 144.5657439463449, 148.47776695177302,
      152.40959258449735, 156.3608363030788, 160.3311282166309, 164.32011226319517, 168.32744544842765,
      172.35279713916279, 176.39584840699735, 180.45629141754378, 184.53382886144948, 188.6281734236716,
      192.7390472878449, 196.86618167289001, 201.00931639928152, 205.1681994826412, 209.34258675253685,
      213.53224149456327, 217.73693411395422, 221.95644181913033, 226.1905483237276, 230.43904356577696,
      234.70172344281826, 238.97838956183432, 243.26884900298271, 247.57291409618688, 251.89040220972319,
      256.22113555000954, 260.56494097186322, 264.92164979855278, 269.29109765101981, 273.67312428569369,
      278.06757344036612, 282.4742926876304, 286.89313329542699, 291.32395009427029, 295.76660135076065,
      300.22094864701415, 304.68685676566872, 309.1641935801469, 313.65282994987905, 318.1526396202093,
      322.66349912672615, 327.1852877037752, 331.71788719692847, 336.26118197919845, 340.81505887079902,
      345.37940706226686, 349.95411804077025, 354.53908551944079, 359.1342053695754, 363.73937555556347,
      368.35449607240474, 372.97946888568902, 377.61419787391867, 382.25858877306001, 386.91254912321756,
      391.57598821732961, 396.24881705179155, 400.93094827891576, 405.6222961611449, 410.32277652693733,
      415.03230672824964, 419.75080559954472, 424.47819341825709, 429.21439186665157, 433.95932399501481,
      438.71291418612117, 443.47508812091894, 448.24577274538461, 453.02489623849613, 457.81238798127816,
      462.60817852687489, 467.4121995716082, 472.22438392698058, 477.04466549258564, 481.87297922988796};
  if (k < 126) return table[k];
  const double kd = static_cast<double>(k);
  return (kd + 0.5) * std::log(kd) - kd + (0.9189385332046728 + (1.0 / kd) * (1 / 12.0 - 1 / (360.0 * kd * kd)));
}

}  // namespace

namespace {

int64_t poisson_mult(BitGen& g, double lam) {
  const double enlam = std::exp(-lam);
  int64_t x = 0;
  double prod = 1.0;
  for (;;) {
    prod *= g.next_double();
    if (prod > enlam) ++x;
    else return x;
  }
}

// Hörmann's transformed rejection (PTRS), for lam >= 10.
int64_t poisson_ptrs(BitGen& g, double lam) {
  const double slam = std::sqrt(lam), loglam = std::log(lam);
  const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const double u = g.next_double() - 0.5, v = g.next_double();
    const double us = 0.5 - std::fabs(u);
    const int64_t k = static_cast<int64_t>(std::floor((2 * a / us + b) * u + lam + 0.43));
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (std::log(v) + std::log(invalpha) - std::log(a / (us * us) + b) <=
        -lam + static_cast<double>(k) * loglam - loggam(static_cast<double>(k) + 1))
      return k;
  }
}

// Kachitvichyanukul and Schmeiser's BTPE for n·p > 30 (p <= 0.5 here): a triangle, two
// parallelograms and two exponential tails over the mode, with squeezes before the exact test.
int64_t binomial_btpe(BitGen& g, int64_t n, double p) {
  const double nd = static_cast<double>(n);
  const double r = std::min(p, 1.0 - p), q = 1.0 - r, fm = nd * r + r;
  const int64_t m = static_cast<int64_t>(std::floor(fm));
  const double md = static_cast<double>(m);
  const double p1 = std::floor(2.195 * std::sqrt(nd * r * q) - 4.6 * q) + 0.5;
  const double xm = md + 0.5, xl = xm - p1, xr = xm + p1, c = 0.134 + 20.5 / (15.3 + md);
  double a = (fm - xl) / (fm - xl * r);
  const double laml = a * (1.0 + a / 2.0);
  a = (xr - fm) / (xr * q);
  const double lamr = a * (1.0 + a / 2.0);
  const double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
  int64_t y;
  for (;;) {
    const double nrq = nd * r * q;
    const double u = g.next_double() * p4;
    double v = g.next_double();
    if (u <= p1) {  // the triangle: accepted outright
      y = static_cast<int64_t>(std::floor(xm - p1 * v + u));
      break;
    }
    if (u <= p2) {
      const double x = xl + (u - p1) / c;
      v = v * c + 1.0 - std::fabs(md - x + 0.5) / p1;
      if (v > 1.0) continue;
      y = static_cast<int64_t>(std::floor(x));
    } else if (u <= p3) {
      y = static_cast<int64_t>(std::floor(xl + std::log(v) / laml));
      if (y < 0 || v == 0.0) continue;
      v = v * (u - p2) * laml;
    } else {
      y = static_cast<int64_t>(std::floor(xr - std::log(v) / lamr));
      if (y > n || v == 0.0) continue;
      v = v * (u - p3) * lamr;
    }
    const int64_t k = std::llabs(y - m);
    if (!(k > 20 && static_cast<double>(k) < nrq / 2.0 - 1)) {
      // Near the mode: the exact ratio f(y)/f(m) by recursion.
      const double s = r / q, aa = s * (nd + 1);
      double ff = 1.0;
      if (m < y)
        for (int64_t i = m + 1; i <= y; ++i) ff *= (aa / static_cast<double>(i) - s);
      else if (m > y)
        for (int64_t i = y + 1; i <= m; ++i) ff /= (aa / static_cast<double>(i) - s);
      if (v > ff) continue;
      break;
    }
    const double kd = static_cast<double>(k);
    const double rho = (kd / nrq) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    const double t = static_cast<double>(-k * k) / (2 * nrq);
    const double big_a = std::log(v);
    if (big_a < t - rho) break;
    if (big_a > t + rho) continue;
    const double x1 = static_cast<double>(y + 1), f1 = static_cast<double>(m + 1), z = static_cast<double>(n + 1 - m),
                 w = static_cast<double>(n - y + 1);
    const double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
    auto stirling = [](double v2, double v1) {
      return (13680. - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v1 / 166320.;
    };
    if (big_a > xm * std::log(f1 / x1) + (static_cast<double>(n - m) + 0.5) * std::log(z / w) +
                    static_cast<double>(y - m) * std::log(w * r / (x1 * q)) + stirling(f2, f1) + stirling(z2, z) +
                    stirling(x2, x1) + stirling(w2, w))
      continue;
    break;
  }
  if (p > 0.5) y = n - y;
  return y;
}

// Inversion from 0 up, restarting past a bound ten deviations out (n·p <= 30).
int64_t binomial_inversion(BitGen& g, int64_t n, double p, bool legacy) {
  const double nd = static_cast<double>(n);
  const double q = 1.0 - p;
  const double qn = legacy ? std::exp(nd * std::log(q)) : std::exp(nd * std::log1p(-p));
  const double np = nd * p;
  const int64_t bound = static_cast<int64_t>(std::min(nd, np + 10.0 * std::sqrt(np * q + 1)));
  int64_t x = 0;
  double px = qn, u = g.next_double();
  while (u > px) {
    ++x;
    if (x > bound) {
      x = 0;
      px = qn;
      u = g.next_double();
    } else {
      u -= px;
      px = (static_cast<double>(n - x + 1) * p * px) / (static_cast<double>(x) * q);
    }
  }
  return x;
}

}  // namespace

int64_t poisson(BitGen& g, double lam) {
  if (lam >= 10) return poisson_ptrs(g, lam);
  if (lam == 0) return 0;
  return poisson_mult(g, lam);
}

int64_t negative_binomial(Source& s, double n, double p) {
  const double y = standard_gamma(s, n) * ((1 - p) / p);
  return poisson(s.g, y);
}

int64_t binomial(Source& s, double p, int64_t n) {
  if (!s.legacy && (n == 0 || p == 0.0)) return 0;  // Generator draws nothing here; RandomState does
  const double nd = static_cast<double>(n);
  if (p <= 0.5) {
    if (p * nd <= 30.0) return binomial_inversion(s.g, n, p, s.legacy);
    return binomial_btpe(s.g, n, p);
  }
  const double q = 1.0 - p;
  if (q * nd <= 30.0) return n - binomial_inversion(s.g, n, q, s.legacy);
  return n - binomial_btpe(s.g, n, q);
}

int64_t logseries(Source& s, double p) {
  const double r = s.legacy ? std::log(1.0 - p) : std::log1p(-p);
  for (;;) {
    const double v = s.uniform();
    if (v >= p) return 1;
    const double u = s.uniform();
    const double q = s.legacy ? 1.0 - std::exp(r * u) : -std::expm1(r * u);
    if (v <= q * q) {
      const int64_t result = static_cast<int64_t>(std::floor(1 + std::log(v) / std::log(q)));
      if (result < 1 || v == 0.0) continue;
      return result;
    }
    if (v >= q) return 1;
    return 2;
  }
}

int64_t geometric(Source& s, double p) {
  if (p >= 0.333333333333333333333333) {
    // Search: add up the probabilities until they pass U.
    int64_t x = 1;
    double sum = p, prod = p;
    const double q = 1.0 - p, u = s.uniform();
    while (u > sum) {
      prod *= q;
      sum += prod;
      ++x;
    }
    return x;
  }
  if (s.legacy) return static_cast<int64_t>(std::ceil(std::log1p(-s.uniform()) / std::log(1.0 - p)));
  const double z = std::ceil(-s.exponential() / std::log1p(-p));
  if (z >= kInt64MaxAsDouble) return INT64_MAX;  // Generator caps instead of wrapping negative
  return static_cast<int64_t>(z);
}

int64_t zipf(Source& s, double a) {
  if (s.legacy) {
    const double am1 = a - 1.0, b = std::pow(2.0, am1);
    for (;;) {
      const double u = 1.0 - s.uniform(), v = s.uniform();
      const double x = std::floor(std::pow(u, -1.0 / am1));
      if (x > kInt64MaxAsDouble || x < 1.0) continue;
      const double t = std::pow(1.0 + 1.0 / x, am1);
      if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return static_cast<int64_t>(x);
    }
  }
  if (a >= 1025) return 1;  // 2^(a-1) would overflow; anything but 1 has probability below 3e-309
  const double am1 = a - 1.0, b = std::pow(2.0, am1);
  // U is drawn from (umin, 1]: below umin X would exceed INT64_MAX and be rejected anyway.
  const double umin = std::pow(kInt64MaxAsDouble, -am1);
  for (;;) {
    const double u01 = s.uniform();
    const double u = umin * u01 + (1 - u01);
    const double v = s.uniform();
    const double x = std::floor(std::pow(u, -1.0 / am1));
    if (x > kInt64MaxAsDouble || x < 1.0) continue;
    const double t = std::pow(1.0 + 1.0 / x, am1);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return static_cast<int64_t>(x);
  }
}

// ---- hypergeometric ----------------------------------------------------------------------------

namespace {

constexpr double kD1 = 1.7155277699214135;  // 2·sqrt(2/e)
constexpr double kD2 = 0.8989161620588988;  // 3 - 2·sqrt(3/e)

// Generator, small samples: draw the sample one item at a time (or its complement).
int64_t hypergeometric_sample(BitGen& g, int64_t good, int64_t bad, int64_t sample) {
  const int64_t total = good + bad;
  int64_t computed = sample > total / 2 ? total - sample : sample;
  int64_t remaining_total = total, remaining_good = good;
  while (computed > 0 && remaining_good > 0 && remaining_total > remaining_good) {
    --remaining_total;
    if (static_cast<int64_t>(random_interval(g, static_cast<uint64_t>(remaining_total))) < remaining_good)
      --remaining_good;
    --computed;
  }
  if (remaining_total == remaining_good) remaining_good -= computed;  // only good ones are left
  return sample > total / 2 ? remaining_good : good - remaining_good;
}

// Generator, larger samples: Stadlober's ratio of uniforms (HRUA) with exact log-factorials.
int64_t hypergeometric_hrua(BitGen& g, int64_t good, int64_t bad, int64_t sample) {
  const int64_t popsize = good + bad, computed = std::min(sample, popsize - sample);
  const int64_t mingb = std::min(good, bad), maxgb = std::max(good, bad);
  const double p = static_cast<double>(mingb) / static_cast<double>(popsize);
  const double q = static_cast<double>(maxgb) / static_cast<double>(popsize);
  const double mu = static_cast<double>(computed) * p, a = mu + 0.5;
  const double var = static_cast<double>(popsize - computed) * static_cast<double>(computed) * p * q /
                     static_cast<double>(popsize - 1);
  const double c = std::sqrt(var + 0.5), h = kD1 * c + kD2;
  const int64_t m = static_cast<int64_t>(std::floor(static_cast<double>(computed + 1) * static_cast<double>(mingb + 1) /
                                                    static_cast<double>(popsize + 2)));
  const double gm = logfactorial(m) + logfactorial(mingb - m) + logfactorial(computed - m) +
                    logfactorial(maxgb - computed + m);
  const double b = std::min(static_cast<double>(std::min(computed, mingb) + 1), std::floor(a + 16 * c));
  int64_t k;
  for (;;) {
    const double u = g.next_double(), v = g.next_double();
    const double x = a + h * (v - 0.5) / u;
    if (x < 0.0 || x >= b) continue;
    k = static_cast<int64_t>(std::floor(x));
    const double gp = logfactorial(k) + logfactorial(mingb - k) + logfactorial(computed - k) +
                      logfactorial(maxgb - computed + k);
    const double t = gm - gp;
    if (u * (4.0 - u) - 3.0 <= t) break;
    if (u * (u - t) >= 1) continue;
    if (2.0 * std::log(u) <= t) break;
  }
  if (good > bad) k = computed - k;
  if (computed < sample) k = good - k;
  return k;
}

// RandomState, sample <= 10: the urn drawn item by item.
int64_t legacy_hypergeometric_hyp(BitGen& g, int64_t good, int64_t bad, int64_t sample) {
  const int64_t d1 = bad + good - sample;
  const double d2 = static_cast<double>(std::min(bad, good));
  double y = d2;
  int64_t k = sample;
  while (y > 0.0) {
    const double u = g.next_double();
    y -= static_cast<double>(static_cast<int64_t>(std::floor(u + y / static_cast<double>(d1 + k))));
    --k;
    if (k == 0) break;
  }
  int64_t z = static_cast<int64_t>(d2 - y);
  if (good > bad) z = sample - z;
  return z;
}

// RandomState, sample > 10: HRUA with log-gamma in place of the log-factorial table.
int64_t legacy_hypergeometric_hrua(BitGen& g, int64_t good, int64_t bad, int64_t sample) {
  const int64_t mingb = std::min(good, bad), popsize = good + bad, maxgb = std::max(good, bad);
  const int64_t m = std::min(sample, popsize - sample);
  const double d4 = static_cast<double>(mingb) / static_cast<double>(popsize), d5 = 1.0 - d4;
  const double d6 = static_cast<double>(m) * d4 + 0.5;
  const double d7 = std::sqrt(static_cast<double>(popsize - m) * static_cast<double>(sample) * d4 * d5 /
                                  static_cast<double>(popsize - 1) +
                              0.5);
  const double d8 = kD1 * d7 + kD2;
  const int64_t d9 = static_cast<int64_t>(
      std::floor(static_cast<double>(m + 1) * static_cast<double>(mingb + 1) / static_cast<double>(popsize + 2)));
  auto lg = [](int64_t v) { return loggam(static_cast<double>(v)); };
  const double d10 = lg(d9 + 1) + lg(mingb - d9 + 1) + lg(m - d9 + 1) + lg(maxgb - m + d9 + 1);
  const double d11 = std::min(static_cast<double>(std::min(m, mingb)) + 1.0, std::floor(d6 + 16 * d7));
  int64_t z;
  for (;;) {
    const double x = g.next_double(), y = g.next_double();
    const double w = d6 + d8 * (y - 0.5) / x;
    if (w < 0.0 || w >= d11) continue;
    z = static_cast<int64_t>(std::floor(w));
    const double t = d10 - (lg(z + 1) + lg(mingb - z + 1) + lg(m - z + 1) + lg(maxgb - m + z + 1));
    if (x * (4.0 - x) - 3.0 <= t) break;
    if (x * (x - t) >= 1) continue;
    if (2.0 * std::log(x) <= t) break;
  }
  if (good > bad) z = m - z;
  if (m < sample) z = good - z;
  return z;
}

}  // namespace

int64_t hypergeometric(Source& s, int64_t good, int64_t bad, int64_t sample) {
  if (s.legacy) {
    if (sample > 10) return legacy_hypergeometric_hrua(s.g, good, bad, sample);
    if (sample > 0) return legacy_hypergeometric_hyp(s.g, good, bad, sample);
    return 0;
  }
  if (sample >= 10 && sample <= good + bad - 10) return hypergeometric_hrua(s.g, good, bad, sample);
  return hypergeometric_sample(s.g, good, bad, sample);
}

void multinomial(Source& s, int64_t n, const double* p, int64_t d, int64_t* out) {
  double remaining_p = 1.0;
  int64_t dn = n;
  for (int64_t j = 0; j < d; ++j) out[j] = 0;
  for (int64_t j = 0; j < d - 1; ++j) {
    out[j] = binomial(s, p[j] / remaining_p, dn);
    dn -= out[j];
    if (dn <= 0) break;
    remaining_p -= p[j];
  }
  if (dn > 0) out[d - 1] = dn;
}

void mvhg_count(BitGen& g, int64_t total, const std::vector<int64_t>& colors, int64_t nsample, int64_t variates,
                int64_t* out) {
  if (total == 0 || nsample == 0 || variates == 0) return;
  std::vector<size_t> choices;  // color index of each item; shuffled in place, never reset
  choices.reserve(static_cast<size_t>(total));
  for (size_t i = 0; i < colors.size(); ++i)
    for (int64_t j = 0; j < colors[i]; ++j) choices.push_back(i);
  const bool more_than_half = nsample > total / 2;
  if (more_than_half) nsample = total - nsample;
  const size_t nc = colors.size();
  for (int64_t v = 0; v < variates; ++v) {
    int64_t* row = out + v * static_cast<int64_t>(nc);
    for (int64_t j = 0; j < nsample; ++j) {
      const size_t k = static_cast<size_t>(j) + random_interval(g, static_cast<uint64_t>(total - j - 1));
      std::swap(choices[k], choices[static_cast<size_t>(j)]);
    }
    for (int64_t j = 0; j < nsample; ++j) row[choices[static_cast<size_t>(j)]] += 1;
    if (more_than_half)
      for (size_t k = 0; k < nc; ++k) row[k] = colors[k] - row[k];
  }
}

void mvhg_marginals(BitGen& g, int64_t total, const std::vector<int64_t>& colors, int64_t nsample, int64_t variates,
                    int64_t* out) {
  if (total == 0 || nsample == 0 || variates == 0) return;
  const bool more_than_half = nsample > total / 2;
  if (more_than_half) nsample = total - nsample;
  const size_t nc = colors.size();
  Source s{g, false};
  for (int64_t v = 0; v < variates; ++v) {
    int64_t* row = out + v * static_cast<int64_t>(nc);
    int64_t to_sample = nsample, remaining = total;
    for (size_t j = 0; to_sample > 0 && j + 1 < nc; ++j) {
      remaining -= colors[j];
      row[j] = hypergeometric(s, colors[j], remaining, to_sample);
      to_sample -= row[j];
    }
    if (to_sample > 0) row[nc - 1] = to_sample;
    if (more_than_half)
      for (size_t k = 0; k < nc; ++k) row[k] = colors[k] - row[k];
  }
}

}  // namespace tsh::shell::numpy_random
