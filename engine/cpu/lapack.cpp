// engine/cpu/lapack.cpp — linear solves through LAPACKE (OpenBLAS's LAPACK).
//
// gesv factors with partial pivoting and solves in one call, the plain
// LAPACK path: on the 3x3 system of the seed session it gives exactly
// 1, 2, 3 in float32, as the PyTorch 2.x transcript shows.
#include "engine/cpu/lapack.h"

#include <complex>
#include <vector>

#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>

namespace tsh::cpu {

namespace {

lapack_int gesv(lapack_int n, lapack_int k, float* a, lapack_int* ipiv, float* b) {
  return LAPACKE_sgesv(LAPACK_COL_MAJOR, n, k, a, n, ipiv, b, n);
}
lapack_int gesv(lapack_int n, lapack_int k, double* a, lapack_int* ipiv, double* b) {
  return LAPACKE_dgesv(LAPACK_COL_MAJOR, n, k, a, n, ipiv, b, n);
}
lapack_int gesv(lapack_int n, lapack_int k, std::complex<float>* a, lapack_int* ipiv,
                std::complex<float>* b) {
  return LAPACKE_cgesv(LAPACK_COL_MAJOR, n, k, a, n, ipiv, b, n);
}
lapack_int gesv(lapack_int n, lapack_int k, std::complex<double>* a, lapack_int* ipiv,
                std::complex<double>* b) {
  return LAPACKE_zgesv(LAPACK_COL_MAJOR, n, k, a, n, ipiv, b, n);
}

template <typename T> int64_t solve_batches(const Tensor& lu, const Tensor& x) {
  const int64_t n = lu.size(-1), k = x.size(-1);
  const int64_t batches = n == 0 ? 0 : lu.numel() / (n * n);
  std::vector<lapack_int> ipiv(static_cast<size_t>(n));
  T* a = lu.data<T>();
  T* b = x.data<T>();
  for (int64_t i = 0; i < batches; ++i) {
    const lapack_int info = gesv(static_cast<lapack_int>(n), static_cast<lapack_int>(k),
                                 a + i * n * n, ipiv.data(), b + i * n * k);
    // info > 0: a zero pivot, the matrix is singular (info < 0 would be a bad argument).
    if (info != 0) return i;
  }
  return -1;
}

}  // namespace

int64_t solve_kernel(const Tensor& lu, const Tensor& x) {
  switch (lu.dtype()) {
    case DType::Float32: return solve_batches<float>(lu, x);
    case DType::Float64: return solve_batches<double>(lu, x);
    case DType::Complex64: return solve_batches<std::complex<float>>(lu, x);
    case DType::Complex128: return solve_batches<std::complex<double>>(lu, x);
    default: break;
  }
  return -1;  // the op layer admits no other dtype
}

}  // namespace tsh::cpu
