// engine/ops/linalg_norms.h — torch.linalg's norms and what the SVD gives: vector_norm, matrix_norm,
// norm, svd (full_matrices, V^H), svdvals, cond, matrix_rank, pinv.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/ops/reduce.h"

namespace tsh {

// A matrix norm's order: a number (1, -1, 2, -2, inf, -inf) or "fro" / "nuc".
using NormOrder = std::variant<double, std::string>;

Tensor vector_norm(const Tensor& x, double ord, const OptDims& dims, bool keepdim, std::optional<DType> dtype);
Tensor matrix_norm(const Tensor& A, const NormOrder& ord, std::vector<int64_t> dims, bool keepdim,
                   std::optional<DType> dtype);
// linalg.norm: a vector norm over one dim (or the flattened input when neither ord nor dim is given),
// a matrix norm over two.
Tensor linalg_norm(const Tensor& A, const std::optional<NormOrder>& ord, const OptDims& dims, bool keepdim,
                   std::optional<DType> dtype);
// (U, S, Vh) with A = U diag(S) Vh; full_matrices: square U and Vh.
std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices);
Tensor svdvals(const Tensor& A);
// The condition number in the norm `ord` (None: the 2-norm, as the ratio of singular values).
Tensor cond(const Tensor& A, const std::optional<NormOrder>& ord);
// The number of singular values above max(atol, rtol * the largest); the defaults are PyTorch's.
Tensor matrix_rank(const Tensor& A, std::optional<double> atol, std::optional<double> rtol, bool hermitian);
// The pseudo-inverse, singular values at most max(atol, rtol * the largest) counting as zero.
Tensor linalg_pinv(const Tensor& A, std::optional<double> atol, std::optional<double> rtol, bool hermitian);

}  // namespace tsh
