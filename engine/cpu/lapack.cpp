// engine/cpu/lapack.cpp — linear solves through LAPACKE (OpenBLAS's LAPACK).
//
// getrf factors A itself with partial pivoting and getrs solves with the
// factors (what gesv does): on the 3x3 system of the seed session this gives
// exactly 1, 2, 3 in float32, as the PyTorch 2.x transcript shows. (PyTorch
// 1.13 factors A^T instead and prints 1.0000, 2.0000, 3.0000.)
#include "engine/cpu/lapack.h"
#include "engine/cpu/lapack_small.h"

#include <algorithm>
#include <atomic>
#include <complex>
#include <vector>

#include <cblas.h>

#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>
#include "engine/cpu/math_library.h"

namespace tsh::cpu {

namespace {

// getrf: LU with partial pivoting in place (m x n); info > 0 when a pivot is zero. Small real
// matrices skip OpenBLAS's per-call cost (lapack_small.h, which follows OpenBLAS's order of operations;
// MKL's own small-matrix paths round differently, so under MKL every matrix goes to MKL, as in PyTorch).
lapack_int getrf(lapack_int m, lapack_int n, float* a, lapack_int* ipiv) {
  if (!mathlib().mkl && m == n && n <= small_lapack::kMaxLu) return small_lapack::getrf(n, a, ipiv);
  return mathlib().LAPACKE_sgetrf_work(LAPACK_COL_MAJOR, m, n, a, std::max<lapack_int>(1, m), ipiv);
}
lapack_int getrf(lapack_int m, lapack_int n, double* a, lapack_int* ipiv) {
  if (!mathlib().mkl && m == n && n <= small_lapack::kMaxLu) return small_lapack::getrf(n, a, ipiv);
  return mathlib().LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, m, n, a, std::max<lapack_int>(1, m), ipiv);
}
lapack_int getrf(lapack_int m, lapack_int n, std::complex<float>* a, lapack_int* ipiv) {
  return mathlib().LAPACKE_cgetrf_work(LAPACK_COL_MAJOR, m, n, a, std::max<lapack_int>(1, m), ipiv);
}
lapack_int getrf(lapack_int m, lapack_int n, std::complex<double>* a, lapack_int* ipiv) {
  return mathlib().LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, m, n, a, std::max<lapack_int>(1, m), ipiv);
}
lapack_int getrf(lapack_int n, float* a, lapack_int* ipiv) { return getrf(n, n, a, ipiv); }
lapack_int getrf(lapack_int n, double* a, lapack_int* ipiv) { return getrf(n, n, a, ipiv); }
lapack_int getrf(lapack_int n, std::complex<float>* a, lapack_int* ipiv) { return getrf(n, n, a, ipiv); }
lapack_int getrf(lapack_int n, std::complex<double>* a, lapack_int* ipiv) { return getrf(n, n, a, ipiv); }
// getrs: the two triangular solves with the factors of getrf; trans 'C' solves with A^H.
void getrs(lapack_int n, lapack_int k, const float* a, const lapack_int* ipiv, float* b, char trans = 'N') {
  if (!mathlib().mkl && trans == 'N' && small_lapack::solves(n, k)) return small_lapack::getrs(n, k, a, ipiv, b);
  mathlib().LAPACKE_sgetrs_work(LAPACK_COL_MAJOR, trans, n, k, a, n, ipiv, b, n);
}
void getrs(lapack_int n, lapack_int k, const double* a, const lapack_int* ipiv, double* b, char trans = 'N') {
  if (!mathlib().mkl && trans == 'N' && small_lapack::solves(n, k)) return small_lapack::getrs(n, k, a, ipiv, b);
  mathlib().LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, trans, n, k, a, n, ipiv, b, n);
}
void getrs(lapack_int n, lapack_int k, const std::complex<float>* a, const lapack_int* ipiv,
           std::complex<float>* b, char trans = 'N') {
  mathlib().LAPACKE_cgetrs_work(LAPACK_COL_MAJOR, trans, n, k, a, n, ipiv, b, n);
}
void getrs(lapack_int n, lapack_int k, const std::complex<double>* a, const lapack_int* ipiv,
           std::complex<double>* b, char trans = 'N') {
  mathlib().LAPACKE_zgetrs_work(LAPACK_COL_MAJOR, trans, n, k, a, n, ipiv, b, n);
}

// A triangular solve by BLAS's trsm, as PyTorch's is: a zero on the diagonal gives the inf and NaN
// of its divisions. (LAPACK's trtrs refuses such a matrix and leaves B as it was.) Side, triangle
// and op are PyTorch's choice for the operands' layouts, which decides MKL's rounding.
struct Trsm {
  CBLAS_SIDE side;
  CBLAS_UPLO uplo;
  CBLAS_TRANSPOSE op;
  CBLAS_DIAG diag;
  int m, n, lda;
};
void trsm(const Trsm& t, const float* a, float* b) {
  mathlib().cblas_strsm(CblasColMajor, t.side, t.uplo, t.op, t.diag, t.m, t.n, 1.0f, a, t.lda, b, std::max(1, t.m));
}
void trsm(const Trsm& t, const double* a, double* b) {
  mathlib().cblas_dtrsm(CblasColMajor, t.side, t.uplo, t.op, t.diag, t.m, t.n, 1.0, a, t.lda, b, std::max(1, t.m));
}
void trsm(const Trsm& t, const std::complex<float>* a, std::complex<float>* b) {
  const std::complex<float> one(1);
  mathlib().cblas_ctrsm(CblasColMajor, t.side, t.uplo, t.op, t.diag, t.m, t.n, &one, a, t.lda, b, std::max(1, t.m));
}
void trsm(const Trsm& t, const std::complex<double>* a, std::complex<double>* b) {
  const std::complex<double> one(1);
  mathlib().cblas_ztrsm(CblasColMajor, t.side, t.uplo, t.op, t.diag, t.m, t.n, &one, a, t.lda, b, std::max(1, t.m));
}

// potrs, potri for the four dtypes (LAPACKE's s/d/c/z entry points).
#define TSH_LAPACK4(decl, call)                                                           \
  decl(float, s) decl(double, d) decl(std::complex<float>, c) decl(std::complex<double>, z)
#define TSH_POTRS(T, p)                                                                                         \
  void potrs(char uplo, lapack_int n, lapack_int k, const T* a, T* b) {                                         \
    mathlib().LAPACKE_##p##potrs_work(LAPACK_COL_MAJOR, uplo, n, k, a, n, b, n);                                           \
  }
#define TSH_POTRI(T, p) \
  lapack_int potri(char uplo, lapack_int n, T* a) { return mathlib().LAPACKE_##p##potri_work(LAPACK_COL_MAJOR, uplo, n, a, n); }
TSH_LAPACK4(TSH_POTRS, )
TSH_LAPACK4(TSH_POTRI, )
#undef TSH_POTRS
#undef TSH_POTRI
#undef TSH_LAPACK4

// Runs f.template operator()<T>() for the four LAPACK dtypes.
template <typename F> void lapack_dispatch(DType d, F f) {
  switch (d) {
    case DType::Float32: f.template operator()<float>(); return;
    case DType::Float64: f.template operator()<double>(); return;
    case DType::Complex64: f.template operator()<std::complex<float>>(); return;
    case DType::Complex128: f.template operator()<std::complex<double>>(); return;
    default: return;  // the op layer admits no other dtype
  }
}

int64_t batches_of(const Tensor& t) {
  const int64_t m = t.size(-2) * t.size(-1);
  return m == 0 ? 0 : t.numel() / m;
}

template <typename T> int64_t solve_batches(const Tensor& lu, const Tensor& x) {
  const int64_t n = lu.size(-1), k = x.size(-1);
  const int64_t batches = n == 0 ? 0 : lu.numel() / (n * n);
  T* a = lu.data<T>();
  T* b = x.data<T>();
  const double flops = static_cast<double>(batches) * (2.0 / 3.0 * n * n * n + 2.0 * n * n * k);
  return lapack_abandonable<int64_t>(flops, {lu, x}, [=]() -> int64_t {
    // The first singular matrix, or batches when there is none.
    std::atomic<int64_t> first_singular{batches};
    for_each_matrix(batches, n, [&](int64_t i) {
      // Pivots on the stack for the small matrices that come by the million.
      lapack_int small_pivots[64];
      std::vector<lapack_int> big_pivots(static_cast<size_t>(n > 64 ? n : 0));
      lapack_int* ipiv = n > 64 ? big_pivots.data() : small_pivots;
      const lapack_int nn = static_cast<lapack_int>(n);
      // info > 0: a zero pivot, the matrix is singular, whatever B is (even
      // with no columns). NaN is no error: it propagates to the solution, as in
      // PyTorch, hence the _work functions, which skip LAPACKE's NaN screening.
      if (getrf(nn, a + i * n * n, ipiv) > 0) {
        int64_t seen = first_singular.load();
        while (i < seen && !first_singular.compare_exchange_weak(seen, i)) {
        }
        return;
      }
      if (k > 0) getrs(nn, static_cast<lapack_int>(k), a + i * n * n, ipiv, b + i * n * k);
    });
    return first_singular.load() == batches ? -1 : first_singular.load();
  });
}

}  // namespace

void start_lapack() { mathlib().LAPACKE_set_nancheck(0); }

}  // namespace tsh::cpu

// LAPACK's own report of an argument it refuses ("** On entry to SLASCL parameter number 4 had an
// illegal value", printed to stderr by OpenBLAS's xerbla) is silenced: the negative info it returns
// reaches the op layer, which raises PyTorch's error for it.
extern "C" int xerbla_(const char*, const int*, int) { return 0; }

namespace tsh::cpu {

void lu_factor_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& infos) {
  lapack_dispatch(lu.dtype(), [&]<typename T>() {
    const int64_t m = lu.size(-2), n = lu.size(-1), k = std::min(m, n), batches = batches_of(lu);
    T* a = lu.data<T>();
    int32_t* piv = pivots.data<int32_t>();
    int32_t* info = infos.data<int32_t>();
    lapack_abandonable<int>(static_cast<double>(batches) * 2.0 / 3.0 * m * n * k, {lu, pivots, infos}, [=] {
      for_each_matrix(batches, std::max(m, n), [=](int64_t i) {
        info[i] = static_cast<int32_t>(
            getrf(static_cast<lapack_int>(m), static_cast<lapack_int>(n), a + i * m * n, piv + i * k));
      });
      return 0;
    });
  });
}

void lu_det_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& det) {
  auto run = [&]<typename T>() {
    const int64_t n = lu.size(-1), batches = det.numel();
    const T* a = lu.data<T>();
    const int32_t* piv = pivots.data<int32_t>();
    T* out = det.data<T>();
    for_each_matrix(batches, n, [=](int64_t i) {
      T product = 1;
      bool odd = false;
      for (int64_t j = 0; j < n; ++j) {
        product *= a[i * n * n + j * (n + 1)];
        odd ^= piv[i * n + j] != j + 1;
      }
      out[i] = odd ? -product : product;
    });
  };
  if (lu.dtype() == DType::Float32) run.template operator()<float>();
  else if (lu.dtype() == DType::Float64) run.template operator()<double>();
}

void lu_solve_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& x, bool adjoint) {
  lapack_dispatch(lu.dtype(), [&]<typename T>() {
    const int64_t n = lu.size(-1), k = x.size(-1), batches = batches_of(lu);
    if (k == 0) return;
    const T* a = lu.data<T>();
    const int32_t* piv = pivots.data<int32_t>();
    T* b = x.data<T>();
    for_each_matrix(batches, n, [=](int64_t i) {
      getrs(static_cast<lapack_int>(n), static_cast<lapack_int>(k), a + i * n * n, piv + i * n, b + i * n * k,
            adjoint ? 'C' : 'N');
    });
  });
}

void triangular_solve_kernel(const Tensor& a, const Tensor& x, const kernels::TrsmArgs& args) {
  lapack_dispatch(a.dtype(), [&]<typename T>() {
    const int64_t m = x.size(-2), k = x.size(-1), na = a.size(-1), batches = batches_of(x);
    if (m == 0 || k == 0) return;
    const Trsm t{args.left ? CblasLeft : CblasRight, args.upper ? CblasUpper : CblasLower,
                 args.op == 'C' ? CblasConjTrans : args.op == 'T' ? CblasTrans : CblasNoTrans,
                 args.unit ? CblasUnit : CblasNonUnit, static_cast<int>(m), static_cast<int>(k),
                 static_cast<int>(std::max<int64_t>(1, na))};
    const T* pa = a.data<T>();
    T* px = x.data<T>();
    for_each_matrix(batches, na, [=](int64_t i) { trsm(t, pa + i * na * na, px + i * m * k); });
  });
}

void cholesky_solve_kernel(const Tensor& factor, const Tensor& x, bool upper) {
  lapack_dispatch(factor.dtype(), [&]<typename T>() {
    const int64_t n = factor.size(-1), k = x.size(-1), batches = batches_of(factor);
    if (k == 0) return;
    for (int64_t i = 0; i < batches; ++i)
      potrs(upper ? 'U' : 'L', static_cast<lapack_int>(n), static_cast<lapack_int>(k),
            factor.data<T>() + i * n * n, x.data<T>() + i * n * k);
  });
}

void cholesky_inverse_kernel(const Tensor& factor, const Tensor& infos, bool upper) {
  lapack_dispatch(factor.dtype(), [&]<typename T>() {
    const int64_t n = factor.size(-1), batches = batches_of(factor);
    int32_t* info = infos.data<int32_t>();
    for (int64_t i = 0; i < batches; ++i)
      info[i] = static_cast<int32_t>(potri(upper ? 'U' : 'L', static_cast<lapack_int>(n), factor.data<T>() + i * n * n));
  });
}

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
