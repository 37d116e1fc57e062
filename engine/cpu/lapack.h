// engine/cpu/lapack.h — CPU kernels for the linear-algebra solvers (LAPACKE).
//
// The op layer (engine/ops/linalg.cpp) has checked shapes and dtypes
// (float32, float64, complex64, complex128) and copied the operands into
// batches of column-major matrices, which LAPACK overwrites in place.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/interrupt.h"
#include "engine/core/tensor.h"
#include "engine/kernels/linalg.h"

namespace tsh::cpu {

// Runs `work` (a loop of LAPACK calls, which cannot stop midway) where
// Ctrl-C can abandon it when it is long — `flops` past a fraction of a
// second. `work` captures by value; `keep` holds the tensors it touches,
// alive until it ends. The op layer gives these kernels fresh operands, so an
// abandoned one writes only memory nobody sees.
template <typename R, typename F>
R lapack_abandonable(double flops, std::vector<Tensor> keep, F work) {
  if (flops < 2e9) return work();
  auto result = std::make_shared<R>();
  run_abandonable([result, keep = std::move(keep), work] { *result = work(); });
  return *result;
}

// Runs body(i) for each matrix i of a batch of `batches` n x n matrices. Many small matrices are
// shared out among OpenMP's threads: inside a parallel region OpenBLAS runs each call on the
// calling thread, where on its own it may open a parallel region per call (getrs of a 2x2 matrix
// on every core), which made 10^6 2x2 inverses take seconds. A big matrix runs alone, on all
// threads. body must not throw.
template <typename F> void for_each_matrix(int64_t batches, int64_t n, F body) {
  constexpr int64_t kSmall = 64;  // below this size a matrix gains nothing from BLAS's own threads
  if (batches >= 16 && n <= kSmall) {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < batches; ++i) body(i);
    return;
  }
  for (int64_t i = 0; i < batches; ++i) body(i);
}

// LAPACK as PyTorch's MKL runs it: LAPACKE's high-level calls stop screening their matrices for NaN.
// The screen returned a negative info without computing anything, which left the outputs unwritten
// (eigvalsh of a NaN matrix printed heap garbage); LAPACK itself computes through NaN as MKL does,
// and where it refuses one (gesdd) its own negative info reaches the op layer's checks.
void start_lapack();

// For each batch element i, solves lu[i] @ X = x[i] and overwrites x[i] with X
// (LAPACK getrf + getrs: LU with partial pivoting, lu[i] is overwritten by its
// factors).
// lu is (batches, n, n) and x (batches, n, k), each matrix column-major
// (strides (n*n, 1, n) and (n*k, 1, n)). Returns the first batch element whose
// matrix is singular, or -1 when every one was solved.
int64_t solve_kernel(const Tensor& lu, const Tensor& x);
// The kernels of engine/kernels/linalg.h (LAPACK getrf, getrs, trtrs, potrs, potri).
void lu_factor_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& infos);
void lu_det_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& det);
void lu_solve_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& x, bool adjoint);
void triangular_solve_kernel(const Tensor& a, const Tensor& x, const kernels::TrsmArgs& args);
void cholesky_solve_kernel(const Tensor& factor, const Tensor& x, bool upper);
void cholesky_inverse_kernel(const Tensor& factor, const Tensor& infos, bool upper);
// engine/cpu/lapack_factor.cpp: gesdd, geqrf, orgqr/ungqr, ormqr/unmqr.
int64_t svd_kernel(const Tensor& a, const Tensor& s, const Tensor& u, const Tensor& vh, bool full, bool compute_uv);
void geqrf_kernel(const Tensor& a, const Tensor& tau);
void orgqr_kernel(const Tensor& a, const Tensor& tau);
void ormqr_kernel(const Tensor& a, const Tensor& tau, const Tensor& c, bool left, bool transpose);

// engine/cpu/lapack_eigen.cpp: potrf, syevd/heevd, geev, gels/gelsy/gelsd/gelss, sytrf/hetrf, sytrs/hetrs.
void cholesky_kernel(const Tensor& a, const Tensor& infos, bool upper);
void eigh_kernel(const Tensor& a, const Tensor& w, const Tensor& infos, bool upper, bool compute_v);
void eig_kernel(const Tensor& a, const Tensor& w, const Tensor& v, const Tensor& infos, bool compute_v);
void lstsq_kernel(const Tensor& a, const Tensor& b, const Tensor& rank, const Tensor& s, int driver, double rcond,
                  const Tensor& infos);
void ldl_factor_kernel(const Tensor& a, const Tensor& pivots, const Tensor& infos, bool hermitian, bool upper);
void ldl_solve_kernel(const Tensor& ld, const Tensor& pivots, const Tensor& x, bool hermitian, bool upper);

}  // namespace tsh::cpu
