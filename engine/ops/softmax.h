// engine/ops/softmax.h — normalising along a dim: softmax, log_softmax, logcumsumexp, renorm.
#pragma once

#include <optional>

#include "engine/core/tensor.h"

namespace tsh {

// exp(x - max) / Σ exp(x - max) along dim, in dtype when given (else self's, which must be floating).
Tensor softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
// x - max - log Σ exp(x - max) along dim.
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
// log Σ_{j<=i} exp(x_j) along dim, without overflow (each step a logaddexp).
Tensor logcumsumexp(const Tensor& self, int64_t dim);
// x / sqrt(mean(x², over the trailing normalized_shape dims) + eps) · weight; eps defaults to the
// dtype's machine epsilon; 16-bit floats compute in float32.
Tensor rms_norm(const Tensor& input, const Shape& normalized_shape, const std::optional<Tensor>& weight,
                std::optional<double> eps);
// The p-norm over every dim but dim (kept as size 1); dim = -1: over everything (weight norm's helper).
Tensor norm_except_dim(const Tensor& v, double p, int64_t dim);
// Each slice along dim whose p-norm exceeds maxnorm scaled down to norm maxnorm.
Tensor renorm(const Tensor& self, double p, int64_t dim, double maxnorm);

}  // namespace tsh
