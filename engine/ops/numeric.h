// engine/ops/numeric.h — NumPy-style numerics on tensors: diff, trapezoid, cumulative_trapezoid,
// vander, cov, corrcoef.
#pragma once

#include <optional>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// The n-th forward difference along dim (bool: logical xor), with prepend/append joined first.
Tensor diff(const Tensor& self, int64_t n, int64_t dim, const std::optional<Tensor>& prepend,
            const std::optional<Tensor>& append);
// The trapezoid rule along dim with spacing dx, or at the sample points x.
Tensor trapezoid(const Tensor& y, const Scalar& dx, int64_t dim);
Tensor trapezoid(const Tensor& y, const Tensor& x, int64_t dim);
Tensor cumulative_trapezoid(const Tensor& y, const Scalar& dx, int64_t dim);
Tensor cumulative_trapezoid(const Tensor& y, const Tensor& x, int64_t dim);
// The Vandermonde matrix of a 1-d x: columns x^(N-1) .. x^0 (increasing: x^0 .. x^(N-1)).
Tensor vander(const Tensor& x, std::optional<int64_t> N, bool increasing);
// The covariance of the rows (variables) of a 1-d or 2-d tensor of observations, with integer
// frequency weights and/or observation weights; corrcoef: the Pearson correlation coefficients.
Tensor cov(const Tensor& input, int64_t correction, const std::optional<Tensor>& fweights,
           const std::optional<Tensor>& aweights);
Tensor corrcoef(const Tensor& input);

}  // namespace tsh
