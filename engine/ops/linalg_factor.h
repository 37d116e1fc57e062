// engine/ops/linalg_factor.h — the SVD and QR families and the matrix exponential (PyTorch's torch.* forms):
// svd, pinverse, nuclear_norm, geqrf, orgqr, ormqr, matrix_exp.
#pragma once

#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh {

// (U, S, V) with A = U diag(S) V^H; some: the reduced factors; compute_uv=false: U and V are zero (m x m, n x n).
std::tuple<Tensor, Tensor, Tensor> svd(const Tensor& A, bool some, bool compute_uv);
// The Moore–Penrose pseudo-inverse: singular values at most rcond · the largest count as zero.
Tensor pinverse(const Tensor& A, double rcond);
// The sum of the singular values over the matrix dims dims (default the last two).
Tensor nuclear_norm(const Tensor& A, std::optional<std::pair<int64_t, int64_t>> dims, bool keepdim);
// LAPACK's Householder QR: (a, tau) with R on and above a's diagonal and the reflectors below.
std::pair<Tensor, Tensor> geqrf(const Tensor& A);
// The Q of geqrf's reflectors (its first n columns for an m x n input).
Tensor orgqr(const Tensor& A, const Tensor& tau);
// Q @ C, C @ Q, or with Q^H (transpose), for the Q of geqrf's reflectors.
Tensor ormqr(const Tensor& A, const Tensor& tau, const Tensor& C, bool left, bool transpose);
// e^A of each square matrix (scaling and squaring of a Taylor polynomial).
Tensor matrix_exp(const Tensor& A);

}  // namespace tsh
