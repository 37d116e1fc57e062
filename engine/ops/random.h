// engine/ops/random.h — random sampling ops: in-place samplers, random factories, distributions.
//
// Every op takes an optional generator; nullptr means the default CPU
// generator (default_generator()). Results reproduce PyTorch 2.x's CPU
// streams bit for bit (spec: RNG.md): same draws, same element order, same
// arithmetic. Arguments are checked in PyTorch's order with its messages
// before anything is drawn or written; an empty tensor draws nothing.
// Complex tensors sample their real and imaginary parts as a real view.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/core/device.h"
#include "engine/core/generator.h"
#include "engine/core/tensor.h"

namespace tsh {

// ---- in place (each returns self) ----
// Uniform on [from, to); floating and complex dtypes.
const Tensor& uniform_(const Tensor& self, double from = 0, double to = 1, Generator* gen = nullptr);
// Normal(mean, std); floating and complex (each part gets std/√2).
const Tensor& normal_(const Tensor& self, double mean = 0, double std = 1, Generator* gen = nullptr);
// Integers: [0, max] for integer dtypes, [0, 2^mantissa] for floats, {False, True} for bool.
const Tensor& random_(const Tensor& self, Generator* gen = nullptr);
// Integers in [from, to), or [from, dtype max] when to is empty (every int64 when from is INT64_MIN).
const Tensor& random_(const Tensor& self, int64_t from, std::optional<int64_t> to,
                      Generator* gen = nullptr);
// 1 with probability p (a number in [0, 1], or a tensor broadcast to self's shape).
const Tensor& bernoulli_(const Tensor& self, double p = 0.5, Generator* gen = nullptr);
const Tensor& bernoulli_(const Tensor& self, const Tensor& p, Generator* gen = nullptr);
const Tensor& exponential_(const Tensor& self, double lambd = 1, Generator* gen = nullptr);
const Tensor& geometric_(const Tensor& self, double p, Generator* gen = nullptr);
const Tensor& cauchy_(const Tensor& self, double median = 0, double sigma = 1, Generator* gen = nullptr);
const Tensor& log_normal_(const Tensor& self, double mean = 1, double std = 2, Generator* gen = nullptr);

// ---- factories ----
// dtype defaults: the default float dtype for rand/randn/normal, int64 for randint/randperm.
Tensor rand(const Shape& size, std::optional<DType> dtype = std::nullopt, Device device = {},
            Generator* gen = nullptr);
Tensor randn(const Shape& size, std::optional<DType> dtype = std::nullopt, Device device = {},
             Generator* gen = nullptr);
Tensor randint(int64_t low, int64_t high, const Shape& size, std::optional<DType> dtype = std::nullopt,
               Device device = {}, Generator* gen = nullptr);
Tensor randperm(int64_t n, std::optional<DType> dtype = std::nullopt, Device device = {},
                Generator* gen = nullptr);
// Shaped like t with t's stride order; dtype and device default to t's.
Tensor rand_like(const Tensor& t, std::optional<DType> dtype = std::nullopt,
                 std::optional<Device> device = std::nullopt, Generator* gen = nullptr);
Tensor randn_like(const Tensor& t, std::optional<DType> dtype = std::nullopt,
                  std::optional<Device> device = std::nullopt, Generator* gen = nullptr);
Tensor randint_like(const Tensor& t, int64_t low, int64_t high, std::optional<DType> dtype = std::nullopt,
                    std::optional<Device> device = std::nullopt, Generator* gen = nullptr);

// ---- distributions ----
// A new contiguous tensor of p's dtype: 1 where a uniform draw falls below p.
Tensor bernoulli(const Tensor& p, Generator* gen = nullptr);
// A new contiguous tensor like self, each element 1 with probability p.
Tensor bernoulli(const Tensor& self, double p, Generator* gen = nullptr);
// Category indices (int64) drawn from the rows of probs (1-d or 2-d, weights need not sum to 1).
Tensor multinomial(const Tensor& probs, int64_t num_samples, bool replacement = false,
                   Generator* gen = nullptr);
// normal(mean, std): a normal sample times std plus mean, broadcast; the dtype
// is mean's (std's when mean is a number).
Tensor normal(const Tensor& mean, const Tensor& std, Generator* gen = nullptr);
Tensor normal(const Tensor& mean, double std = 1, Generator* gen = nullptr);
Tensor normal(double mean, const Tensor& std, Generator* gen = nullptr);
Tensor normal(double mean, double std, const Shape& size, std::optional<DType> dtype = std::nullopt,
              Device device = {}, Generator* gen = nullptr);
// Poisson counts with the given rates, in rates' dtype.
Tensor poisson(const Tensor& rates, Generator* gen = nullptr);

}  // namespace tsh
