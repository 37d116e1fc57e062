// engine/kernels/linalg.h — matrix products and solves.
#pragma once

#include <cstdint>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

using ProductFn = void (*)(const Tensor& out, const Tensor& a, const Tensor& b);
// out = beta * out + alpha * (a @ b) in one BLAS gemm (out holds addmm's input, already broadcast;
// beta 0 ignores it): PyTorch's addmm, whose sum BLAS may fuse with the products (a product of
// few columns then rounds once, not twice). Optional: where a backend leaves it empty, addmm
// composes mm and add. Only for the floating and complex dtypes.
using AddmmFn = void (*)(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha);
using DotFn = void (*)(const Tensor& out, const Tensor& a, const Tensor& b, bool conj_a);
// For each batch element i, solves lu[i] @ X = x[i] and overwrites x[i] with X
// (LU with partial pivoting; lu[i] is overwritten by its factors). lu is
// (batches, n, n) and x (batches, n, k), each matrix column-major. Returns the
// first batch element whose matrix is singular, or -1 when every one was solved.
using SolveFn = int64_t (*)(const Tensor& lu, const Tensor& x);

// The factorizations and solves below work on batches of column-major matrices ((batches, n, n)
// and (batches, n, k) with strides (n*n, 1, n), (n*k, 1, n)), overwritten in place.
// LU with partial pivoting of (batches, m, n) matrices: pivots (batches, min(m, n)) int32, LAPACK's
// 1-based rows; infos (batches) int32: 0, or k when U[k-1][k-1] is exactly zero (the factorization
// is still complete).
using LuFactorFn = void (*)(const Tensor& lu, const Tensor& pivots, const Tensor& infos);
// The determinants of square real matrices of at most 4 rows from their lu_factor: det (batches) in
// lu's dtype is the product of U's diagonal taken in order, negated for an odd number of row swaps,
// which is what det() otherwise composes from prod and the pivots, in one pass. Optional: where a
// backend leaves it empty, det() composes it.
using LuDetFn = void (*)(const Tensor& lu, const Tensor& pivots, const Tensor& det);
constexpr int64_t kLuDetMaxRows = 4;
// x := A^-1 x (adjoint: A^-H x) with the factors of a square lu_factor.
using LuSolveFn = void (*)(const Tensor& lu, const Tensor& pivots, const Tensor& x, bool adjoint);
// BLAS trsm on every matrix: x := op(A)^-1 x (left) or x op(A)^-1 (right) for triangular A, x
// column-major and a batch-contiguous with leading dimension its size; op is 'N', 'T' or 'C' of the
// column-major reading of a's memory; unit: A's diagonal taken as ones. a's conjugate bit is not
// applied: the caller says 'C' where it means one.
struct TrsmArgs {
  bool left = true, upper = false, unit = false;
  char op = 'N';
};
using TriangularSolveFn = void (*)(const Tensor& a, const Tensor& x, const TrsmArgs& args);
// x := (L L^H)^-1 x (upper: (U^H U)^-1 x) from the Cholesky factor.
using CholeskySolveFn = void (*)(const Tensor& factor, const Tensor& x, bool upper);
// The inverse of L L^H (U^H U) from its factor, in place: only the factor's triangle is written;
// infos (batches) int32: 0, or k when the factor's diagonal element k is zero (potri's info).
using CholeskyInverseFn = void (*)(const Tensor& factor, const Tensor& infos, bool upper);

// The SVD a = u diag(s) vh (LAPACK gesdd; a overwritten): s (batches, k) of the real dtype; u (batches, m,
// full ? m : k) and vh (batches, full ? n : k, n) column-major. Returns the first batch element that did
// not converge, or -1.
using SvdFn = int64_t (*)(const Tensor& a, const Tensor& s, const Tensor& u, const Tensor& vh, bool full,
                          bool compute_uv);
// Householder QR in place (geqrf: R above the diagonal, the reflectors below; tau (batches, min(m, n))),
// the Q it represents (orgqr: a (batches, m, n) overwritten by its first n columns, from tau's k
// reflectors), and Q (or Q^H) applied to c from the left or the right (ormqr).
using GeqrfFn = void (*)(const Tensor& a, const Tensor& tau);
using OrgqrFn = void (*)(const Tensor& a, const Tensor& tau);
using OrmqrFn = void (*)(const Tensor& a, const Tensor& tau, const Tensor& c, bool left, bool transpose);

// Cholesky in place (potrf) in the `upper` or lower triangle (the other left as it was); infos
// (batches) int32: 0, or k when the leading minor of order k is not positive-definite.
using CholeskyFn = void (*)(const Tensor& a, const Tensor& infos, bool upper);
// Hermitian eigen-decomposition (syevd/heevd) from the upper or lower triangle: w (batches, n) real,
// ascending; a overwritten by the orthonormal eigenvectors (columns) when compute_v.
using EighFn = void (*)(const Tensor& a, const Tensor& w, const Tensor& infos, bool upper, bool compute_v);
// General eigen-decomposition (geev; a destroyed): w (batches, n) complex and, when compute_v, the unit
// right eigenvectors as the columns of v (batches, n, n) complex; infos > 0: the QR iteration failed.
using EigFn = void (*)(const Tensor& a, const Tensor& w, const Tensor& v, const Tensor& infos, bool compute_v);
// min ||A X - B|| by driver 0 gels, 1 gelsy, 2 gelsd, 3 gelss: a (batches, m, n) destroyed; b (batches,
// max(m, n), k) holding B in its first m rows and the solution in its first n on return; rank
// (batches) int64 and s (batches, min(m, n)) real filled where the driver gives them (may be empty).
using LstsqFn = void (*)(const Tensor& a, const Tensor& b, const Tensor& rank, const Tensor& s, int driver,
                         double rcond, const Tensor& infos);
// Bunch–Kaufman LDL^T (LDL^H when hermitian) in place (sytrf/hetrf) with int32 pivots (batches, n),
// and the solve with its factors (sytrs/hetrs), x (batches, n, k) overwritten.
using LdlFactorFn = void (*)(const Tensor& a, const Tensor& pivots, const Tensor& infos, bool hermitian, bool upper);
using LdlSolveFn = void (*)(const Tensor& ld, const Tensor& pivots, const Tensor& x, bool hermitian, bool upper);

extern Kernel<ProductFn> mm;
extern Kernel<AddmmFn> addmm;
extern Kernel<ProductFn> bmm;
extern Kernel<ProductFn> mv;
extern Kernel<DotFn> dot;
extern Kernel<SolveFn> solve;
extern Kernel<LuFactorFn> lu_factor;
extern Kernel<LuDetFn> lu_det;
extern Kernel<LuSolveFn> lu_solve;
extern Kernel<TriangularSolveFn> triangular_solve;
extern Kernel<CholeskySolveFn> cholesky_solve;
extern Kernel<CholeskyInverseFn> cholesky_inverse;
extern Kernel<SvdFn> svd;
extern Kernel<GeqrfFn> geqrf;
extern Kernel<OrgqrFn> orgqr;
extern Kernel<OrmqrFn> ormqr;
extern Kernel<CholeskyFn> cholesky;
extern Kernel<EighFn> eigh;
extern Kernel<EigFn> eig;
extern Kernel<LstsqFn> lstsq;
extern Kernel<LdlFactorFn> ldl_factor;
extern Kernel<LdlSolveFn> ldl_solve;

}  // namespace tsh::kernels
