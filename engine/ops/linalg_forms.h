// engine/ops/linalg_forms.h — torch.linalg's forms of the LU, triangular and QR solvers: the _ex
// variants that report singular matrices in `info` instead of raising, rectangular lu_factor and
// lu, lu_solve with left/adjoint, solve_triangular, qr, householder_product, and the small
// composite functions (vecdot, multi_dot, vander, tensorinv, tensorsolve).
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/ops/linalg_lu.h"

namespace tsh {

// (result, info): linalg.solve without raising; info (int32, batch-shaped) is getrf's per matrix.
// check_errors: raise LinAlgError for a singular matrix, as solve does.
std::pair<Tensor, Tensor> linalg_solve_ex(const Tensor& A, const Tensor& B, bool left, bool check_errors);
// (inverse, info): linalg.inv without raising (a singular matrix gives inf/nan entries).
std::pair<Tensor, Tensor> linalg_inv_ex(const Tensor& A, bool check_errors);
// LU with partial pivoting of (*, m, n) matrices; `op` names the caller in errors ("torch.linalg.lu_factor").
// raise_singular: a zero pivot is an error (lu_factor), else only reported in infos (lu_factor_ex).
LuFactors linalg_lu_factor(const Tensor& A, bool pivot, const std::string& op, bool raise_singular);
// (P, L, U) with A = P L U for any (*, m, n) A.
std::tuple<Tensor, Tensor, Tensor> linalg_lu(const Tensor& A, bool pivot);
// X with A X = B (left=false: X A = B; adjoint: with A^H) from lu_factor's (LU, pivots).
Tensor linalg_lu_solve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint);
// X with A X = B (left=false: X A = B) for triangular A (upper or lower; unitriangular: ones on the diagonal).
Tensor solve_triangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unitriangular);
// (Q, R) for mode "reduced", "complete" or "r" (Q empty).
std::pair<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode);
// The first n columns of the product of the Householder reflectors (A's columns, tau's coefficients).
Tensor householder_product(const Tensor& A, const Tensor& tau);
// sum(conj(x) * y) over dim, broadcasting.
Tensor vecdot(const Tensor& x, const Tensor& y, int64_t dim);
// The product of a chain of matrices (the first and last may be vectors), in the cheapest order.
Tensor multi_dot(const std::vector<Tensor>& tensors);
// The Vandermonde matrix of x's last dim: powers 0 .. N-1 (N defaults to x.size(-1)).
Tensor vander(const Tensor& x, std::optional<int64_t> N);
// The tensor inverse of A over its first `ind` dims, and the X with tensordot(A, X, X.dim()) = B.
Tensor tensorinv(const Tensor& A, int64_t ind);
Tensor tensorsolve(const Tensor& A, const Tensor& B, const std::optional<std::vector<int64_t>>& dims);

}  // namespace tsh
