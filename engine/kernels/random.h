// engine/kernels/random.h — the random fills, each drawing from a generator of the tensor's device.
#pragma once

#include <cstdint>

#include "engine/core/generator.h"
#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

using UniformFn = void (*)(const Tensor& self, double from, double to, Generator& gen);
using NormalFn = void (*)(const Tensor& self, double mean, double std, Generator& gen);
// self = self * factor + shift, rounding after the product to mul_type and after the sum to add_type.
using AffineFn = void (*)(const Tensor& self, const Tensor& factor, DType mul_type, const Tensor& shift,
                          DType add_type);
using FromToFn = void (*)(const Tensor& self, uint64_t range, int64_t base, Generator& gen);
using SelfFn = void (*)(const Tensor& self, Generator& gen);
using ScalarParamFn = void (*)(const Tensor& self, double p, Generator& gen);
using TensorParamFn = void (*)(const Tensor& self, const Tensor& p, Generator& gen);
using PermFn = void (*)(const Tensor& out, int64_t n, Generator& gen);
using MultinomialFn = void (*)(const Tensor& result, const Tensor& probs, int64_t n_sample, Generator& gen);

extern Kernel<UniformFn> uniform;
extern Kernel<NormalFn> normal;
extern Kernel<AffineFn> normal_affine;
extern Kernel<FromToFn> random_from_to;
extern Kernel<SelfFn> random_full_range;
extern Kernel<SelfFn> random;
extern Kernel<ScalarParamFn> bernoulli_scalar;
extern Kernel<TensorParamFn> bernoulli_tensor;
extern Kernel<ScalarParamFn> exponential;
extern Kernel<ScalarParamFn> geometric;
extern Kernel<UniformFn> cauchy;
extern Kernel<NormalFn> log_normal;
extern Kernel<TensorParamFn> poisson;
extern Kernel<PermFn> randperm;
extern Kernel<MultinomialFn> multinomial_with_replacement;
extern Kernel<MultinomialFn> multinomial_without_replacement;

}  // namespace tsh::kernels
