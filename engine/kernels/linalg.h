// engine/kernels/linalg.h — matrix products and solves.
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

using ProductFn = void (*)(const Tensor& out, const Tensor& a, const Tensor& b);
using DotFn = void (*)(const Tensor& out, const Tensor& a, const Tensor& b, bool conj_a);
// For each batch element i, solves lu[i] @ X = x[i] and overwrites x[i] with X
// (LU with partial pivoting; lu[i] is overwritten by its factors). lu is
// (batches, n, n) and x (batches, n, k), each matrix column-major. Returns the
// first batch element whose matrix is singular, or -1 when every one was solved.
using SolveFn = int64_t (*)(const Tensor& lu, const Tensor& x);

// The factorizations and solves below work on batches of column-major matrices ((batches, n, n)
// and (batches, n, k) with strides (n*n, 1, n), (n*k, 1, n)), overwritten in place.
// LU with partial pivoting: pivots (batches, n) int32, LAPACK's 1-based rows; infos (batches) int32:
// 0, or k when U[k-1][k-1] is exactly zero (the factorization is still complete).
using LuFactorFn = void (*)(const Tensor& lu, const Tensor& pivots, const Tensor& infos);
// x := A^-1 x with the factors of lu_factor.
using LuSolveFn = void (*)(const Tensor& lu, const Tensor& pivots, const Tensor& x);
// x := op(A)^-1 x for triangular A (op: transpose when asked); unit: A's diagonal taken as ones.
using TriangularSolveFn = void (*)(const Tensor& a, const Tensor& x, bool upper, bool transpose, bool unit);
// x := (L L^H)^-1 x (upper: (U^H U)^-1 x) from the Cholesky factor.
using CholeskySolveFn = void (*)(const Tensor& factor, const Tensor& x, bool upper);
// The inverse of L L^H (U^H U) from its factor, in place: only the factor's triangle is written.
using CholeskyInverseFn = void (*)(const Tensor& factor, bool upper);

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

extern Kernel<ProductFn> mm;
extern Kernel<ProductFn> bmm;
extern Kernel<ProductFn> mv;
extern Kernel<DotFn> dot;
extern Kernel<SolveFn> solve;
extern Kernel<LuFactorFn> lu_factor;
extern Kernel<LuSolveFn> lu_solve;
extern Kernel<TriangularSolveFn> triangular_solve;
extern Kernel<CholeskySolveFn> cholesky_solve;
extern Kernel<CholeskyInverseFn> cholesky_inverse;
extern Kernel<SvdFn> svd;
extern Kernel<GeqrfFn> geqrf;
extern Kernel<OrgqrFn> orgqr;
extern Kernel<OrmqrFn> ormqr;

}  // namespace tsh::kernels
