// engine/cpu/random.h — the CPU sampling kernels the random ops dispatch to.
//
// Kernels never check arguments: engine/ops/random.cpp has validated dtypes,
// bounds, shapes and overlap, and passes only tensors these kernels support
// (real floating outputs for the continuous samplers; complex outputs arrive
// already viewed as real). Each kernel holds the generator's mutex while it
// draws and visits elements one by one in memory order (random_loop.h).
#pragma once

#include <cstdint>

#include "engine/core/generator.h"
#include "engine/core/tensor.h"

namespace tsh::cpu {

// random_samplers.h applied element-wise: uniform_ on a floating tensor.
void uniform_kernel(const Tensor& self, double from, double to, Generator& gen);
// normal_ on a floating tensor, by PyTorch's three paths (RNG.md R5).
void normal_kernel(const Tensor& self, double mean, double std, Generator& gen);
// self = self * factor, then self = self + shift (each rounded to self's dtype,
// computed in `mul_type` / `add_type`); factor/shift have self's shape, may be
// expanded, and either may be undefined (skipped).
void normal_affine_kernel(const Tensor& self, const Tensor& factor, DType mul_type,
                          const Tensor& shift, DType add_type);

// random_(from, to): (draw % range) + base, with random64 for ranges >= 2^32 on
// int64/float/double/bfloat16.
void random_from_to_kernel(const Tensor& self, uint64_t range, int64_t base, Generator& gen);
// random_(int64 min, None): every int64 value (int64/float/double/bfloat16 only).
void random_full_range_kernel(const Tensor& self, Generator& gen);
// random_() with no bounds: [0, max] for integers, [0, 2^digits] for floats, {0,1} for bool.
void random_kernel(const Tensor& self, Generator& gen);

// bernoulli_(p): a 53-bit uniform < p per element.
void bernoulli_scalar_kernel(const Tensor& self, double p, Generator& gen);
// bernoulli_(p_tensor): p expanded to self's shape; float-precision uniforms
// unless p is float64. p values are in [0, 1] (checked by the op).
void bernoulli_tensor_kernel(const Tensor& self, const Tensor& p, Generator& gen);

void exponential_kernel(const Tensor& self, double lambda, Generator& gen);
void geometric_kernel(const Tensor& self, double p, Generator& gen);
void cauchy_kernel(const Tensor& self, double median, double sigma, Generator& gen);
void log_normal_kernel(const Tensor& self, double mean, double std, Generator& gen);
// out[i] ~ Poisson(rates[i]); rates has out's shape and dtype, all >= 0.
void poisson_kernel(const Tensor& out, const Tensor& rates, Generator& gen);

// out (1-d, n elements, any real dtype that holds n-1) = a random permutation of 0..n-1.
void randperm_kernel(const Tensor& out, int64_t n, Generator& gen);
// result (int64, [n_dist,] n_sample) = draws with replacement from the rows of
// probs (1-d or 2-d, floating, validated: finite, >= 0, positive row sums).
void multinomial_with_replacement_kernel(const Tensor& result, const Tensor& probs,
                                         int64_t n_sample, Generator& gen);
// result = the indices of the n_sample largest probs[i] / q[i] per row, q ~ Exp(1)
// drawn into a tensor shaped like probs (the Gumbel-top-k trick); probs validated.
void multinomial_without_replacement_kernel(const Tensor& result, const Tensor& probs,
                                            int64_t n_sample, Generator& gen);

}  // namespace tsh::cpu
