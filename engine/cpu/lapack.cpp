// engine/cpu/lapack.cpp — linear solves through LAPACKE (OpenBLAS's LAPACK).
//
// getrf factors A itself with partial pivoting and getrs solves with the
// factors (what gesv does): on the 3x3 system of the seed session this gives
// exactly 1, 2, 3 in float32, as the PyTorch 2.x transcript shows. (PyTorch
// 1.13 factors A^T instead and prints 1.0000, 2.0000, 3.0000.)
#include "engine/cpu/lapack.h"

#include <complex>
#include <vector>

#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>

namespace tsh::cpu {

namespace {

// getrf: LU with partial pivoting in place; info > 0 when a pivot is zero.
lapack_int getrf(lapack_int n, float* a, lapack_int* ipiv) {
  return LAPACKE_sgetrf_work(LAPACK_COL_MAJOR, n, n, a, n, ipiv);
}
lapack_int getrf(lapack_int n, double* a, lapack_int* ipiv) {
  return LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, a, n, ipiv);
}
lapack_int getrf(lapack_int n, std::complex<float>* a, lapack_int* ipiv) {
  return LAPACKE_cgetrf_work(LAPACK_COL_MAJOR, n, n, a, n, ipiv);
}
lapack_int getrf(lapack_int n, std::complex<double>* a, lapack_int* ipiv) {
  return LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, n, n, a, n, ipiv);
}
// getrs: the two triangular solves with the factors of getrf.
void getrs(lapack_int n, lapack_int k, const float* a, const lapack_int* ipiv, float* b) {
  LAPACKE_sgetrs_work(LAPACK_COL_MAJOR, 'N', n, k, a, n, ipiv, b, n);
}
void getrs(lapack_int n, lapack_int k, const double* a, const lapack_int* ipiv, double* b) {
  LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', n, k, a, n, ipiv, b, n);
}
void getrs(lapack_int n, lapack_int k, const std::complex<float>* a, const lapack_int* ipiv,
           std::complex<float>* b) {
  LAPACKE_cgetrs_work(LAPACK_COL_MAJOR, 'N', n, k, a, n, ipiv, b, n);
}
void getrs(lapack_int n, lapack_int k, const std::complex<double>* a, const lapack_int* ipiv,
           std::complex<double>* b) {
  LAPACKE_zgetrs_work(LAPACK_COL_MAJOR, 'N', n, k, a, n, ipiv, b, n);
}

template <typename T> int64_t solve_batches(const Tensor& lu, const Tensor& x) {
  const int64_t n = lu.size(-1), k = x.size(-1);
  const int64_t batches = n == 0 ? 0 : lu.numel() / (n * n);
  std::vector<lapack_int> ipiv(static_cast<size_t>(n));
  T* a = lu.data<T>();
  T* b = x.data<T>();
  for (int64_t i = 0; i < batches; ++i) {
    const lapack_int nn = static_cast<lapack_int>(n);
    // info > 0: a zero pivot, the matrix is singular, whatever B is (even
    // with no columns). NaN is no error: it propagates to the solution, as in
    // PyTorch, hence the _work functions, which skip LAPACKE's NaN screening.
    if (getrf(nn, a + i * n * n, ipiv.data()) > 0) return i;
    if (k > 0) getrs(nn, static_cast<lapack_int>(k), a + i * n * n, ipiv.data(), b + i * n * k);
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
