// engine/ops/linalg_eigen.h — torch.linalg's eigen-decompositions, Cholesky, least squares and LDL,
// and what is built on them (matrix_sqrth, polar): PyTorch's checks, results and errors over the
// LAPACK kernels of engine/kernels/linalg.h.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "engine/core/tensor.h"

namespace tsh {

// (eigenvalues ascending, eigenvectors) of Hermitian matrices from the uplo ("L" or "U") triangle;
// compute_v=false leaves the eigenvectors undefined (eigvalsh).
std::pair<Tensor, Tensor> linalg_eigh(const Tensor& A, const std::string& uplo, bool compute_v);
// (eigenvalues, eigenvectors) of general square matrices, both complex.
std::pair<Tensor, Tensor> linalg_eig(const Tensor& A, bool compute_v);
// (L, info): the Cholesky factor (upper: U with A = U^H U); info > 0 names the first leading minor
// that is not positive-definite (raised as LinAlgError when check_errors).
std::pair<Tensor, Tensor> linalg_cholesky_ex(const Tensor& A, bool upper, bool check_errors, const std::string& op);

struct LstsqResult {
  Tensor solution, residuals, rank, singular_values;
};
// min ||A X - B|| by LAPACK's gels, gelsy (the default), gelsd or gelss.
LstsqResult linalg_lstsq(const Tensor& A, const Tensor& B, std::optional<double> rcond,
                         const std::optional<std::string>& driver);

// (LD, pivots, info): Bunch–Kaufman LDL^T (LDL^H when hermitian) of symmetric matrices.
std::tuple<Tensor, Tensor, Tensor> linalg_ldl_factor_ex(const Tensor& A, bool hermitian, bool check_errors,
                                                        const std::string& op);
Tensor linalg_ldl_solve(const Tensor& LD, const Tensor& pivots, const Tensor& B, bool hermitian);

// The principal square root of symmetric (Hermitian) positive-definite matrices, by eigh.
Tensor matrix_sqrth(const Tensor& A);
// (U, H) with A = U H, U with orthonormal columns and H positive-semidefinite (m >= n), by the SVD.
std::pair<Tensor, Tensor> polar(const Tensor& A);

}  // namespace tsh
