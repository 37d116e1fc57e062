// engine/ops/linalg_lu.cpp — det, slogdet, logdet, inverse, matrix_power, the LU helpers and the
// triangular and Cholesky solves: checks in PyTorch's order, then the LAPACK kernels.
#include "engine/ops/linalg_lu.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_util.h"
#include "engine/ops/matmul.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

using namespace linalg_util;

// (-1)^(number of row interchanges) in dtype d, per matrix.
Tensor permutation_sign(const LuFactors& f, DType d) {
  const int64_t n = f.pivots.size(-1);
  const Tensor rows = arange(Scalar(int64_t{1}), Scalar(n + 1), Scalar(int64_t{1}), DType::Int32, f.pivots.device());
  const Tensor swaps = sum(ne(f.pivots, rows), std::vector<int64_t>{-1});
  const Tensor odd = remainder(swaps, Operand(int64_t{2}));
  return to(sub(Operand(int64_t{1}), mul(odd, Operand(int64_t{2}))), d, std::nullopt);
}

// The LinAlgError of the first singular matrix, if any.
void check_invertible(const LuFactors& f, const Tensor& A, const std::string& op) {
  check_infos(f.infos, A.dim() > 2, op, [&op](const std::string& where, int64_t i) {
    throw LinAlgError(op + ": " + where + "The diagonal element " + S(i) +
                      " is zero, the inversion could not be completed because the input matrix is singular.");
  });
}

// The LU factors a determinant is read from. det(A^T) = det(A), and PyTorch factors a contiguous
// real A as A^T (whose column-major layout is A's own): the rounding of its result is that
// factorisation's (det([[1., 2.], [3., 4.]]) is -2.0 that way, -1.9999998 from A's own LU).
LuFactors determinant_factors(const Tensor& A, const char* op) {
  check_square(A, op);
  return lu_factor_checked(A.is_contiguous() && !is_complex(A.dtype()) ? mT(A) : A);
}

}  // namespace

LuFactors lu_factor(const Tensor& A, const char* op) {
  check_square(A, op);
  return lu_factor_checked(A);
}

LuFactors lu_factor_checked(const Tensor& A) {
  const int64_t m = A.size(-2), n = A.size(-1);
  const Shape batch = batch_of(A);
  LuFactors f;
  f.lu = column_major(A, A.sizes());
  Shape piv_shape = batch;
  piv_shape.push_back(std::min(m, n));
  f.pivots = zeros(piv_shape, DType::Int32, A.device());
  f.infos = zeros(batch, DType::Int32, A.device());
  if (computes(f.lu)) kernels::lu_factor.get(A.device())(f.lu, f.pivots, f.infos);
  return f;
}

Tensor det(const Tensor& A) {
  const LuFactors f = determinant_factors(A, "linalg.det");
  // Many small matrices: one pass where the ops below make eight (10^6 2x2 determinants).
  if (!is_complex(A.dtype()) && A.size(-1) <= kernels::kLuDetMaxRows && computes(f.lu) &&
      kernels::lu_det.has(A.device().type)) {
    Tensor out = empty(batch_of(A), A.dtype(), A.device());
    kernels::lu_det.get(A.device())(f.lu, f.pivots, out);
    return out;
  }
  const Tensor diag = diagonal(f.lu, 0, -2, -1);
  return mul(prod(diag, -1), permutation_sign(f, A.dtype()));
}

std::pair<Tensor, Tensor> slogdet(const Tensor& A) {
  const LuFactors f = determinant_factors(A, "linalg.slogdet");
  const Tensor diag = diagonal(f.lu, 0, -2, -1);
  const Tensor sign = mul(prod(sgn(diag), -1), permutation_sign(f, A.dtype()));
  const Tensor logabsdet = sum(log(abs(diag)), std::vector<int64_t>{-1});
  return {sign, logabsdet};
}

Tensor logdet(const Tensor& A) {
  auto [sign, logabsdet] = slogdet(A);
  if (is_complex(A.dtype())) return add(log(sign), logabsdet);
  return where(eq(sign, Operand(-1.0)), Operand(std::numeric_limits<double>::quiet_NaN()), logabsdet);
}

Tensor inverse(const Tensor& A) {
  const LuFactors f = lu_factor(A, "linalg.inv");
  check_invertible(f, A, "linalg.inv");
  // The identity, written in place in LAPACK's column-major layout (not built row-major and copied).
  Tensor x = empty_strided(A.sizes(), matrix_strides(A.sizes(), true), A.dtype(), A.device());
  zero_(x);
  fill_(diagonal(x, 0, -2, -1), Scalar(int64_t{1}));
  if (computes(x)) kernels::lu_solve.get(A.device())(f.lu, f.pivots, x, false);
  return x;
}

Tensor matrix_power(const Tensor& A, int64_t n) {
  TSH_CHECK(A.dim() >= 2, RuntimeError, "linalg.matrix_power: The input tensor A must have at least 2 dimensions.");
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            "linalg.matrix_power: A must be batches of square matrices, but they are " + S(A.size(-2)) + " by " +
                S(A.size(-1)) + " matrices");
  if (n == 0) return contiguous(expand(eye(A.size(-1), std::nullopt, A.dtype(), A.device()), A.sizes()));
  const Tensor a = n < 0 ? inverse(A) : A;
  int64_t k = n < 0 ? -n : n;
  if (k == 1) return clone(a);
  if (k == 2) return matmul(a, a);
  if (k == 3) return matmul(matmul(a, a), a);
  // Binary powers: z runs through a, a², a⁴, ...; the set bits of k multiply into result.
  Tensor z, result;
  while (k > 0) {
    const bool bit = k % 2 == 1;
    k /= 2;
    z = z.impl() ? matmul(z, z) : a;
    if (bit) result = result.impl() ? matmul(result, z) : z;
  }
  return result;
}

Tensor lu_solve(const Tensor& B, const Tensor& LU, const Tensor& pivots) {
  TSH_CHECK(B.dim() >= 2, RuntimeError, "linalg.lu_solve: The input tensor B must have at least 2 dimensions.");
  check_square(LU, "linalg.lu_solve");
  TSH_CHECK(LU.size(-1) == B.size(-2), RuntimeError,
            "linalg.lu_solve: Incompatible shapes of A and B for the equation AX = B (" + S(LU.size(-2)) + "x" +
                S(LU.size(-1)) + " and " + S(B.size(-2)) + "x" + S(B.size(-1)) + ")");
  TSH_CHECK(B.dtype() == LU.dtype(), RuntimeError,
            std::string("linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type ") +
                scalar_type_name(LU.dtype()) + " and B of type " + scalar_type_name(B.dtype()) + " instead");
  TSH_CHECK(pivots.dtype() == DType::Int32, RuntimeError,
            std::string("linalg.lu_solve: pivots should be a Tensor of scalar type Int. Got ") +
                scalar_type_name(pivots.dtype()));
  return lu_solve_batched(LU, pivots, B, false);
}

Tensor lu_solve_batched(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool adjoint) {
  const Shape batch = broadcast_shapes(batch_of(B), batch_of(LU));
  const int64_t n = LU.size(-1), k = B.size(-1);
  const Tensor lu = column_major(LU, with_matrix(batch, n, n));
  Shape piv_shape = batch;
  piv_shape.push_back(n);
  const Tensor piv = contiguous(expand(pivots, piv_shape));
  Tensor x = column_major(B, with_matrix(batch, n, k));
  if (computes(x) && n > 0) kernels::lu_solve.get(B.device())(lu, piv, x, adjoint);
  return x;
}

std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots, bool unpack_data,
                                             bool unpack_pivots) {
  TSH_CHECK(LU.dim() >= 2, RuntimeError,
            "torch.lu_unpack: Expected tensor with 2 or more dimensions. Got size: " + shape_str(LU.sizes()) +
                " instead");
  const int64_t m = LU.size(-2), n = LU.size(-1), k = std::min(m, n);
  Tensor P = empty({0}, LU.dtype(), LU.device()), L = P, U = P;
  if (unpack_data) {
    L = add(tril(narrow(LU, -1, 0, k), -1), eye(m, k, LU.dtype(), LU.device()));
    U = triu(narrow(LU, -2, 0, k));
  }
  if (unpack_pivots) {
    TSH_CHECK(pivots.dtype() == DType::Int32, RuntimeError,
              std::string("torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype. "
                          "Note: this function is intended to be used with the output produced by torch.linalg.lu_factor"));
    // The row interchanges, applied in order to 0..m-1, give the permutation: P[perm[i], i] = 1.
    const Shape batch = batch_of(LU);
    const std::vector<int64_t> piv = int_values(contiguous(pivots));
    int64_t count = 1;
    for (int64_t s : batch) count *= s;
    std::vector<int64_t> ones;
    std::vector<double> flat(static_cast<size_t>(count * m * m), 0.0);
    for (int64_t b = 0; b < count; ++b) {
      std::vector<int64_t> perm(static_cast<size_t>(m));
      for (int64_t i = 0; i < m; ++i) perm[static_cast<size_t>(i)] = i;
      for (int64_t i = 0; i < k; ++i) std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(piv[b * k + i] - 1)]);
      for (int64_t i = 0; i < m; ++i) flat[static_cast<size_t>(b * m * m + perm[static_cast<size_t>(i)] * m + i)] = 1.0;
    }
    P = to(tensor_of<double>(flat, with_matrix(batch, m, m), DType::Float64, LU.device()), LU.dtype(), std::nullopt);
  }
  return {P, L, U};
}

std::pair<Tensor, Tensor> triangular_solve(const Tensor& B, const Tensor& A, bool upper, bool transpose,
                                           bool unitriangular) {
  TSH_CHECK(B.dim() >= 2, RuntimeError,
            "torch.triangular_solve: Expected b to have at least 2 dimensions, but it has " + S(B.dim()) +
                " dimensions instead");
  TSH_CHECK(A.dim() >= 2, RuntimeError,
            "torch.triangular_solve: Expected A to have at least 2 dimensions, but it has " + S(A.dim()) +
                " dimensions instead");
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            "A must be batches of square matrices, but they are " + S(A.size(-2)) + " by " + S(A.size(-1)) +
                " matrices");
  TSH_CHECK(A.size(-1) == B.size(-2), RuntimeError,
            "Incompatible matrix sizes for triangular_solve: each A matrix is " + S(A.size(-2)) + " by " +
                S(A.size(-1)) + " but each b matrix is " + S(B.size(-2)) + " by " + S(B.size(-1)));
  TSH_CHECK(A.dtype() == B.dtype(), RuntimeError,
            std::string("Expected b and A to have the same dtype, but found b of type ") +
                scalar_type_name(B.dtype()) + " and A of type " + scalar_type_name(A.dtype()) + " instead.");
  TSH_CHECK(is_floating(A.dtype()) || is_complex(A.dtype()), NotImplementedError,
            std::string("\"triangular_solve_cpu\" not implemented for '") + scalar_type_name(A.dtype()) + "'");
  const Shape batch = broadcast_shapes(batch_of(B), batch_of(A));
  const int64_t n = A.size(-1), k = B.size(-1);
  const Tensor a = column_major(A, with_matrix(batch, n, n));
  Tensor x = column_major(B, with_matrix(batch, n, k));
  if (computes(x) && n > 0) kernels::triangular_solve.get(B.device())(a, x, {true, upper, unitriangular, transpose ? 'T' : 'N'});
  return {x, a};
}

Tensor cholesky_solve(const Tensor& B, const Tensor& factor, bool upper) {
  TSH_CHECK(B.dim() >= 2, RuntimeError,
            "b should have at least 2 dimensions, but has " + S(B.dim()) + " dimensions instead");
  TSH_CHECK(factor.dim() >= 2, RuntimeError,
            "u should have at least 2 dimensions, but has " + S(factor.dim()) + " dimensions instead");
  TSH_CHECK(factor.size(-1) == factor.size(-2), RuntimeError,
            "A must be batches of square matrices, but they are " + S(factor.size(-2)) + " by " +
                S(factor.size(-1)) + " matrices");
  TSH_CHECK(factor.size(-1) == B.size(-2), RuntimeError,
            "Incompatible matrix sizes for cholesky_solve: each A matrix is " + S(factor.size(-2)) + " by " +
                S(factor.size(-1)) + " but each b matrix is " + S(B.size(-2)) + " by " + S(B.size(-1)));
  TSH_CHECK(B.dtype() == factor.dtype(), RuntimeError,
            std::string("Expected b and A to have the same dtype, but found b of type ") +
                scalar_type_name(B.dtype()) + " and A of type " + scalar_type_name(factor.dtype()) + " instead.");
  TSH_CHECK(is_floating(B.dtype()) || is_complex(B.dtype()), NotImplementedError,
            std::string("\"cholesky_solve_cpu\" not implemented for '") + scalar_type_name(B.dtype()) + "'");
  const Shape batch = broadcast_shapes(batch_of(B), batch_of(factor));
  const int64_t n = factor.size(-1), k = B.size(-1);
  const Tensor f = column_major(factor, with_matrix(batch, n, n));
  Tensor x = column_major(B, with_matrix(batch, n, k));
  if (computes(x) && n > 0) kernels::cholesky_solve.get(B.device())(f, x, upper);
  return x;
}

Tensor cholesky_inverse(const Tensor& factor, bool upper) {
  check_square(factor, "cholesky_inverse", true);
  Tensor inv = column_major(factor, factor.sizes());
  Tensor infos = zeros(batch_of(factor), DType::Int32, factor.device());
  if (computes(inv)) kernels::cholesky_inverse.get(factor.device())(inv, infos, upper);
  check_infos(infos, factor.dim() > 2, "cholesky_inverse", [](const std::string& where, int64_t i) {
    throw LinAlgError("cholesky_inverse: " + where + "The diagonal element " + S(i) +
                      " is zero, the inversion could not be completed because the input matrix is singular.");
  });
  // potri fills one triangle; the other is its conjugate transpose.
  const Tensor half = upper ? triu(inv) : tril(inv);
  const Tensor other = upper ? triu(inv, 1) : tril(inv, -1);
  Tensor full = add(half, mT(is_complex(inv.dtype()) ? conj(other) : other));
  return column_major(full, full.sizes());
}

}  // namespace tsh
