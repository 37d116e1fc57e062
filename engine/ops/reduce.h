// engine/ops/reduce.h — reductions: sums, means, products, variances, extrema, logical and norms.
//
// Each op reduces over all elements, one dim or a list of dims (negative dims
// wrap; a repeated dim is an error; an absent or empty list means every dim),
// keeps the reduced dims as size 1 when keepdim is true, and takes PyTorch's
// result dtype: integer and bool sums/products are int64, `dtype=` converts
// the input first, means need a floating or complex type. Empty reductions
// give PyTorch's identities (sum 0, prod 1, mean/var nan) or its errors
// (max, amax, argmax, ...). Float results are PyTorch's single-thread digits:
// the kernels add in PyTorch's order (engine/kernels/reduce.h).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh {

// A dims argument: nullopt (or an empty list) reduces every dim.
using OptDims = std::optional<std::vector<int64_t>>;

// Values and the int64 indices where they were found (torch.return_types.max, sort, ...).
struct ValuesIndices {
  Tensor values, indices;
};

// Sums and means.
// The sum of a matrix's diagonal, in sum's dtype (integers to int64); bool is refused, as PyTorch's kernel does.
Tensor trace(const Tensor& t);
Tensor sum(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false,
           std::optional<DType> dtype = std::nullopt);
Tensor nansum(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false,
              std::optional<DType> dtype = std::nullopt);  // NaN counts as 0
Tensor mean(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false,
            std::optional<DType> dtype = std::nullopt);
Tensor nanmean(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false,
               std::optional<DType> dtype = std::nullopt);  // mean of the non-NaN elements
// Product over all elements (dim absent) or one dim.
Tensor prod(const Tensor& t, std::optional<int64_t> dim = std::nullopt, bool keepdim = false,
            std::optional<DType> dtype = std::nullopt);

// Variance and standard deviation with divisor N - correction (1: unbiased).
// Complex inputs give the (real) sum of the variances of the real and imaginary parts.
Tensor var(const Tensor& t, const OptDims& dims = std::nullopt, double correction = 1,
           bool keepdim = false);
Tensor stddev(const Tensor& t, const OptDims& dims = std::nullopt, double correction = 1,
              bool keepdim = false);
// (var or std, mean) in one pass.
std::pair<Tensor, Tensor> var_mean(const Tensor& t, const OptDims& dims = std::nullopt,
                                   double correction = 1, bool keepdim = false);
std::pair<Tensor, Tensor> std_mean(const Tensor& t, const OptDims& dims = std::nullopt,
                                   double correction = 1, bool keepdim = false);

// Extrema. max()/min() of everything are 0-d (NaN wins); with a dim they also
// give the index of the first extreme value (of the first NaN).
Tensor max(const Tensor& t);
Tensor min(const Tensor& t);
ValuesIndices max(const Tensor& t, int64_t dim, bool keepdim = false);
ValuesIndices min(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor amax(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false);
Tensor amin(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false);
// (min, max) over everything or one dim.
std::pair<Tensor, Tensor> aminmax(const Tensor& t, std::optional<int64_t> dim = std::nullopt,
                                  bool keepdim = false);
// Index of the first maximum (minimum) over the flattened tensor or along dim.
Tensor argmax(const Tensor& t, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor argmin(const Tensor& t, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);

// Logical reductions: bool results (uint8 for uint8 inputs, as PyTorch).
Tensor all(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false);
Tensor any(const Tensor& t, const OptDims& dims = std::nullopt, bool keepdim = false);
// Number of non-zero elements (int64).
Tensor count_nonzero(const Tensor& t, const OptDims& dims = std::nullopt);

// Vector p-norm (p may be 0, +-inf or any real); complex inputs give real norms.
Tensor norm(const Tensor& t, double p = 2, const OptDims& dims = std::nullopt,
            bool keepdim = false, std::optional<DType> dtype = std::nullopt);
// norm(a - b, p), a and b broadcast.
Tensor dist(const Tensor& a, const Tensor& b, double p = 2);
// log(sum(exp(t))) computed stably; integer inputs give the default float dtype.
Tensor logsumexp(const Tensor& t, const std::vector<int64_t>& dims, bool keepdim = false);

}  // namespace tsh
