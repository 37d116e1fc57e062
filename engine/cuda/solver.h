// engine/cuda/solver.h — the linear-algebra kernels on the GPU (engine/cuda/solver.cpp, cuSOLVER).
#pragma once

#include "engine/core/tensor.h"
#include "engine/kernels/linalg.h"

namespace tsh::cuda {

int64_t solve_kernel(const Tensor& lu, const Tensor& x);
void lu_factor_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& infos);
void lu_solve_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& x, bool adjoint);
void triangular_solve_kernel(const Tensor& a, const Tensor& x, const kernels::TrsmArgs& args);
void cholesky_solve_kernel(const Tensor& factor, const Tensor& x, bool upper);
void cholesky_inverse_kernel(const Tensor& factor, const Tensor& infos, bool upper);
int64_t svd_kernel(const Tensor& a, const Tensor& s, const Tensor& u, const Tensor& vh, bool full, bool compute_uv);
void geqrf_kernel(const Tensor& a, const Tensor& tau);
void orgqr_kernel(const Tensor& a, const Tensor& tau);
void ormqr_kernel(const Tensor& a, const Tensor& tau, const Tensor& c, bool left, bool transpose);

}  // namespace tsh::cuda
