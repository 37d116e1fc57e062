// engine/cpu/lapack_eigen.cpp — the eigen-decompositions (geev, syevd/heevd), Cholesky (potrf),
// least squares (gels, gelsy, gelsd, gelss) and LDL (sytrf/hetrf, sytrs/hetrs) kernels through
// LAPACKE, batch by batch on the column-major copies the op layer made.
#include <cmath>
#include <complex>
#include <vector>

#include "engine/cpu/lapack.h"

#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>
#include "engine/cpu/math_library.h"

namespace tsh::cpu {

namespace {

using I = lapack_int;
using C8 = std::complex<float>;
using C16 = std::complex<double>;
constexpr int kCol = LAPACK_COL_MAJOR;

template <typename F> void lapack_types(DType d, F f) {
  switch (d) {
    case DType::Float32: f.template operator()<float, float>(); return;
    case DType::Float64: f.template operator()<double, double>(); return;
    case DType::Complex64: f.template operator()<C8, float>(); return;
    case DType::Complex128: f.template operator()<C16, double>(); return;
    default: return;  // the op layer admits no other dtype
  }
}

int64_t matrices(const Tensor& t) {
  const int64_t per = t.size(-1) * t.size(-2);
  return per == 0 ? 0 : t.numel() / per;
}

I potrf(char uplo, I n, float* a) { return mathlib().LAPACKE_spotrf(kCol, uplo, n, a, n); }
I potrf(char uplo, I n, double* a) { return mathlib().LAPACKE_dpotrf(kCol, uplo, n, a, n); }
I potrf(char uplo, I n, C8* a) { return mathlib().LAPACKE_cpotrf(kCol, uplo, n, a, n); }
I potrf(char uplo, I n, C16* a) { return mathlib().LAPACKE_zpotrf(kCol, uplo, n, a, n); }

I syevd(char jobz, char uplo, I n, float* a, float* w) { return mathlib().LAPACKE_ssyevd(kCol, jobz, uplo, n, a, n, w); }
I syevd(char jobz, char uplo, I n, double* a, double* w) { return mathlib().LAPACKE_dsyevd(kCol, jobz, uplo, n, a, n, w); }
I syevd(char jobz, char uplo, I n, C8* a, float* w) { return mathlib().LAPACKE_cheevd(kCol, jobz, uplo, n, a, n, w); }
I syevd(char jobz, char uplo, I n, C16* a, double* w) { return mathlib().LAPACKE_zheevd(kCol, jobz, uplo, n, a, n, w); }

// Real geev: eigenvalues as (wr, wi) and conjugate pairs of eigenvectors packed in two real columns.
I geev(char jobvr, I n, float* a, float* wr, float* wi, float* vr) {
  return mathlib().LAPACKE_sgeev(kCol, 'N', jobvr, n, a, n, wr, wi, nullptr, 1, vr, n);
}
I geev(char jobvr, I n, double* a, double* wr, double* wi, double* vr) {
  return mathlib().LAPACKE_dgeev(kCol, 'N', jobvr, n, a, n, wr, wi, nullptr, 1, vr, n);
}
I geev(char jobvr, I n, C8* a, C8* w, C8* vr) { return mathlib().LAPACKE_cgeev(kCol, 'N', jobvr, n, a, n, w, nullptr, 1, vr, n); }
I geev(char jobvr, I n, C16* a, C16* w, C16* vr) {
  return mathlib().LAPACKE_zgeev(kCol, 'N', jobvr, n, a, n, w, nullptr, 1, vr, n);
}

// LAPACKE numbers its arguments from its leading matrix_layout, one more than LAPACK's own: a
// refused argument is reported by LAPACK's number, as PyTorch (which calls LAPACK) reports it.
// (Below -1000 are LAPACKE's own codes, such as its out-of-memory -1010.)
I lapack_numbering(I info) { return info < 0 && info > -1000 ? info + 1 : info; }

// Least squares, b holding max(m, n) rows. driver: 0 gels, 1 gelsy, 2 gelsd, 3 gelss. MKL refuses a
// NaN in a or b (a negative info), where OpenBLAS computes through it.
#define TSH_LSTSQ(T, R, p)                                                                                      \
  I lstsq(int driver, I m, I n, I k, T* a, T* b, I ldb, R* s, R rcond, I* rank) {                               \
    const MathLibrary& lib = mathlib();                                                                         \
    const I lda = std::max<I>(1, m);                                                                            \
    if (driver == 0) return lapack_numbering(lib.LAPACKE_##p##gels(kCol, 'N', m, n, k, a, lda, b, ldb));        \
    if (driver == 1) {                                                                                          \
      std::vector<I> jpvt(static_cast<size_t>(std::max<I>(n, 1)), 0);                                           \
      return lapack_numbering(lib.LAPACKE_##p##gelsy(kCol, m, n, k, a, lda, b, ldb, jpvt.data(), rcond, rank)); \
    }                                                                                                           \
    if (driver == 2) return lapack_numbering(lib.LAPACKE_##p##gelsd(kCol, m, n, k, a, lda, b, ldb, s, rcond, rank)); \
    return lapack_numbering(lib.LAPACKE_##p##gelss(kCol, m, n, k, a, lda, b, ldb, s, rcond, rank));           \
  }
TSH_LSTSQ(float, float, s)
TSH_LSTSQ(double, double, d)
TSH_LSTSQ(C8, float, c)
TSH_LSTSQ(C16, double, z)
#undef TSH_LSTSQ

// Bunch–Kaufman LDL: symmetric (sytrf) or, for complex, Hermitian (hetrf).
I ldl_factor(bool, char uplo, I n, float* a, I* ipiv) { return mathlib().LAPACKE_ssytrf(kCol, uplo, n, a, n, ipiv); }
I ldl_factor(bool, char uplo, I n, double* a, I* ipiv) { return mathlib().LAPACKE_dsytrf(kCol, uplo, n, a, n, ipiv); }
I ldl_factor(bool herm, char uplo, I n, C8* a, I* ipiv) {
  return herm ? mathlib().LAPACKE_chetrf(kCol, uplo, n, a, n, ipiv) : mathlib().LAPACKE_csytrf(kCol, uplo, n, a, n, ipiv);
}
I ldl_factor(bool herm, char uplo, I n, C16* a, I* ipiv) {
  return herm ? mathlib().LAPACKE_zhetrf(kCol, uplo, n, a, n, ipiv) : mathlib().LAPACKE_zsytrf(kCol, uplo, n, a, n, ipiv);
}
I ldl_solve(bool, char uplo, I n, I k, const float* a, const I* ipiv, float* b) {
  return mathlib().LAPACKE_ssytrs(kCol, uplo, n, k, a, n, ipiv, b, n);
}
I ldl_solve(bool, char uplo, I n, I k, const double* a, const I* ipiv, double* b) {
  return mathlib().LAPACKE_dsytrs(kCol, uplo, n, k, a, n, ipiv, b, n);
}
I ldl_solve(bool herm, char uplo, I n, I k, const C8* a, const I* ipiv, C8* b) {
  return herm ? mathlib().LAPACKE_chetrs(kCol, uplo, n, k, a, n, ipiv, b, n) : mathlib().LAPACKE_csytrs(kCol, uplo, n, k, a, n, ipiv, b, n);
}
I ldl_solve(bool herm, char uplo, I n, I k, const C16* a, const I* ipiv, C16* b) {
  return herm ? mathlib().LAPACKE_zhetrs(kCol, uplo, n, k, a, n, ipiv, b, n) : mathlib().LAPACKE_zsytrs(kCol, uplo, n, k, a, n, ipiv, b, n);
}

}  // namespace

void cholesky_kernel(const Tensor& a, const Tensor& infos, bool upper) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t n = a.size(-1), batches = matrices(a);
    T* p = a.data<T>();
    int32_t* info = infos.data<int32_t>();
    for (int64_t i = 0; i < batches; ++i) {
      T* m = p + i * n * n;
      info[i] = static_cast<int32_t>(potrf(upper ? 'U' : 'L', static_cast<I>(n), m));
      // OpenBLAS's potrf goes on past a NaN pivot, where LAPACK (and MKL, under PyTorch) stops and
      // reports it: the minor of order j + 1 is not positive-definite.
      for (int64_t j = 0; info[i] == 0 && j < n; ++j)
        if (std::isnan(std::real(m[j * n + j]))) info[i] = static_cast<int32_t>(j + 1);
    }
  });
}

void eigh_kernel(const Tensor& a, const Tensor& w, const Tensor& infos, bool upper, bool compute_v) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t n = a.size(-1), batches = matrices(a);
    T* p = a.data<T>();
    R* vals = w.data<R>();
    int32_t* info = infos.data<int32_t>();
    for (int64_t i = 0; i < batches; ++i)
      info[i] = static_cast<int32_t>(
          syevd(compute_v ? 'V' : 'N', upper ? 'U' : 'L', static_cast<I>(n), p + i * n * n, vals + i * n));
  });
}

void eig_kernel(const Tensor& a, const Tensor& w, const Tensor& v, const Tensor& infos, bool compute_v) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t n = a.size(-1), batches = matrices(a);
    T* p = a.data<T>();
    std::complex<R>* vals = w.data<std::complex<R>>();
    std::complex<R>* vecs = compute_v ? v.data<std::complex<R>>() : nullptr;
    int32_t* info = infos.data<int32_t>();
    for (int64_t b = 0; b < batches; ++b) {
      T* m = p + b * n * n;
      std::complex<R>* wb = vals + b * n;
      if constexpr (std::is_same_v<T, R>) {
        std::vector<R> wr(static_cast<size_t>(n)), wi(static_cast<size_t>(n)), vr(static_cast<size_t>(compute_v ? n * n : 1));
        info[b] = static_cast<int32_t>(geev(compute_v ? 'V' : 'N', static_cast<I>(n), m, wr.data(), wi.data(), vr.data()));
        for (int64_t j = 0; j < n; ++j) wb[j] = std::complex<R>(wr[j], wi[j]);
        if (!compute_v) continue;
        // A complex pair (wi[j] > 0) keeps its eigenvector's real part in column j and the
        // imaginary part in column j + 1; the second of the pair is the conjugate.
        std::complex<R>* vb = vecs + b * n * n;
        for (int64_t j = 0; j < n; ++j) {
          if (wi[j] == 0) {
            for (int64_t r = 0; r < n; ++r) vb[j * n + r] = std::complex<R>(vr[j * n + r], 0);
          } else if (wi[j] > 0 && j + 1 < n) {
            for (int64_t r = 0; r < n; ++r) {
              vb[j * n + r] = std::complex<R>(vr[j * n + r], vr[(j + 1) * n + r]);
              vb[(j + 1) * n + r] = std::complex<R>(vr[j * n + r], -vr[(j + 1) * n + r]);
            }
            ++j;
          }
        }
      } else {
        std::vector<T> scratch(static_cast<size_t>(compute_v ? 0 : 1));
        T* vb = compute_v ? reinterpret_cast<T*>(vecs + b * n * n) : scratch.data();
        info[b] = static_cast<int32_t>(geev(compute_v ? 'V' : 'N', static_cast<I>(n), m, reinterpret_cast<T*>(wb), vb));
      }
    }
  });
}

void lstsq_kernel(const Tensor& a, const Tensor& b, const Tensor& rank, const Tensor& s, int driver, double rcond,
                  const Tensor& infos) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t m = a.size(-2), n = a.size(-1), rows = b.size(-2), k = b.size(-1);
    const int64_t batches = a.numel() == 0 ? infos.numel() : a.numel() / (m * n);
    const int64_t q = std::min(m, n);
    T* pa = a.data<T>();
    T* pb = b.data<T>();
    int64_t* prank = rank.numel() > 0 ? rank.data<int64_t>() : nullptr;
    R* ps = s.numel() > 0 ? s.data<R>() : nullptr;
    int32_t* info = infos.data<int32_t>();
    std::vector<R> scratch(static_cast<size_t>(std::max<int64_t>(q, 1)));
    for (int64_t i = 0; i < batches; ++i) {
      I r = 0;
      info[i] = static_cast<int32_t>(lstsq(driver, static_cast<I>(m), static_cast<I>(n), static_cast<I>(k),
                                           pa + i * m * n, pb + i * rows * k, static_cast<I>(std::max<int64_t>(rows, 1)),
                                           ps ? ps + i * q : scratch.data(), static_cast<R>(rcond), &r));
      if (prank) prank[i] = r;
    }
  });
}

void ldl_factor_kernel(const Tensor& a, const Tensor& pivots, const Tensor& infos, bool hermitian, bool upper) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t n = a.size(-1), batches = matrices(a);
    for (int64_t i = 0; i < batches; ++i)
      infos.data<int32_t>()[i] = static_cast<int32_t>(ldl_factor(hermitian, upper ? 'U' : 'L', static_cast<I>(n),
                                                                 a.data<T>() + i * n * n, pivots.data<int32_t>() + i * n));
  });
}

void ldl_solve_kernel(const Tensor& ld, const Tensor& pivots, const Tensor& x, bool hermitian, bool upper) {
  lapack_types(ld.dtype(), [&]<typename T, typename R>() {
    const int64_t n = ld.size(-1), k = x.size(-1), batches = matrices(ld);
    if (k == 0) return;
    for (int64_t i = 0; i < batches; ++i)
      ldl_solve(hermitian, upper ? 'U' : 'L', static_cast<I>(n), static_cast<I>(k), ld.data<T>() + i * n * n,
                pivots.data<int32_t>() + i * n, x.data<T>() + i * n * k);
  });
}

}  // namespace tsh::cpu
