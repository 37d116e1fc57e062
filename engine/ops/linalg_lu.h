// engine/ops/linalg_lu.h — what the LU factorization and the triangular and Cholesky solves give:
// det, slogdet, logdet, inverse, matrix_power, lu/lu_solve/lu_unpack, triangular_solve,
// cholesky_solve, cholesky_inverse (PyTorch's torch.* forms).
//
// Matrices are the last two dims of float32/float64/complex inputs, batched over the
// others; LAPACK works on column-major copies (engine/kernels/linalg.h).
#pragma once

#include <tuple>
#include <utility>

#include "engine/core/tensor.h"

namespace tsh {

struct LuFactors {
  Tensor lu, pivots, infos;  // pivots: int32, LAPACK's 1-based rows; infos: int32 per matrix
};
// PyTorch's lu_factor_ex (square matrices): no error for singular ones, whose info is > 0.
LuFactors lu_factor(const Tensor& A, const char* op);
// The factorization of any (*, m, n) A whose checks the caller made (pivots: min(m, n) per matrix).
LuFactors lu_factor_checked(const Tensor& A);

Tensor det(const Tensor& A);
std::pair<Tensor, Tensor> slogdet(const Tensor& A);  // (sign, log|det|)
Tensor logdet(const Tensor& A);                      // NaN for a negative determinant
Tensor inverse(const Tensor& A);                     // LinAlgError for a singular matrix
Tensor matrix_power(const Tensor& A, int64_t n);     // n < 0: of the inverse
// X with A X = B from lu_factor's LU and pivots; B has at least 2 dims, batch dims broadcast.
Tensor lu_solve(const Tensor& B, const Tensor& LU, const Tensor& pivots);
// The checked-operand part of the LU solves: X with A X = B (adjoint: A^H X = B), batch dims broadcast,
// X column-major in its last two dims.
Tensor lu_solve_batched(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool adjoint);
// (P, L, U) with A = P L U; an empty tensor for what is not unpacked.
std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots, bool unpack_data,
                                             bool unpack_pivots);
// (X, A clone) with op(A) X = B for triangular A.
std::pair<Tensor, Tensor> triangular_solve(const Tensor& B, const Tensor& A, bool upper, bool transpose,
                                           bool unitriangular);
// X with (L L^H) X = B (upper: (U^H U) X = B) from a Cholesky factor.
Tensor cholesky_solve(const Tensor& B, const Tensor& factor, bool upper);
// (L L^H)^-1 (upper: (U^H U)^-1) from a Cholesky factor.
Tensor cholesky_inverse(const Tensor& factor, bool upper);

}  // namespace tsh
