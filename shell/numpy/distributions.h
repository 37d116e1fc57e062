// shell/numpy/distributions.h — NumPy's samplers of the named distributions, bit for bit, on
// the bit streams of bitgen.h: each takes its parameters as plain numbers (the shell checks and
// broadcasts them, shell/numpy/random_dists.cpp) and returns one draw.
//
// NumPy keeps two families. RandomState (np.random.*) is frozen: the polar Box–Muller gauss,
// -log(1-U) exponentials and the algorithms as they were in NumPy 1.16. Generator (default_rng)
// has the ziggurat normal and exponential and the later fixes (log1p/expm1 forms, the beta and
// zipf rewrites, a ratio-of-uniforms hypergeometric). A Source says which family a draw uses;
// where the two agree one function serves both.
#pragma once

#include <cstdint>
#include <vector>

#include "shell/numpy/bitgen.h"

namespace tsh::shell::numpy_random {

// A bit stream plus the family of algorithms to draw with. `legacy` requires g to be a RandomStateGen.
struct Source {
  BitGen& g;
  bool legacy;
  double uniform() { return g.next_double(); }
  double normal();       // legacy: the cached polar gauss; Generator: the ziggurat
  double exponential();  // legacy: -log(1 - U); Generator: the exponential ziggurat
};

// Generator's float32 draws: a float from the top 24 bits of a 32-bit word, and the float ziggurats.
float next_float(BitGen& g);
float standard_normal_f(BitGen& g);
float standard_exponential_f(BitGen& g);
float standard_gamma_f(BitGen& g, float shape);
double exponential_zig(BitGen& g);

double standard_gamma(Source& s, double shape);
double beta(Source& s, double a, double b);
double chisquare(Source& s, double df);
double f(Source& s, double dfnum, double dfden);
double noncentral_chisquare(Source& s, double df, double nonc);
double noncentral_f(Source& s, double dfnum, double dfden, double nonc);
double standard_t(Source& s, double df);
double pareto(Source& s, double a);
double weibull(Source& s, double a);
double power(Source& s, double a);
double rayleigh(Source& s, double scale);
double wald(Source& s, double mean, double scale);
double vonmises(Source& s, double mu, double kappa);
double laplace(Source& s, double loc, double scale);
double gumbel(Source& s, double loc, double scale);
double logistic(Source& s, double loc, double scale);
double triangular(Source& s, double left, double mode, double right);

int64_t poisson(BitGen& g, double lam);  // one algorithm for both families
int64_t negative_binomial(Source& s, double n, double p);
int64_t binomial(Source& s, double p, int64_t n);
int64_t logseries(Source& s, double p);
int64_t geometric(Source& s, double p);
int64_t zipf(Source& s, double a);
int64_t hypergeometric(Source& s, int64_t good, int64_t bad, int64_t sample);

// n trials over d categories with probabilities p (the last takes what is left): out[0..d).
void multinomial(Source& s, int64_t n, const double* p, int64_t d, int64_t* out);

// Generator.multivariate_hypergeometric: `variates` draws of nsample from colors (summing to
// total) into out[variates * colors.size()], zero-filled by the caller; by counting (a partial
// shuffle of one population array kept across the draws) or by marginals (one hypergeometric
// per color).
void mvhg_count(BitGen& g, int64_t total, const std::vector<int64_t>& colors, int64_t nsample, int64_t variates,
                int64_t* out);
void mvhg_marginals(BitGen& g, int64_t total, const std::vector<int64_t>& colors, int64_t nsample, int64_t variates,
                    int64_t* out);

}  // namespace tsh::shell::numpy_random
