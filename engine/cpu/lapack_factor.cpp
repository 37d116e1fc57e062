// engine/cpu/lapack_factor.cpp — the SVD (gesdd, PyTorch's default CPU driver) and the Householder QR
// kernels (geqrf, orgqr/ungqr, ormqr/unmqr) through LAPACKE, batch by batch.
#include <complex>

#include "engine/cpu/lapack.h"

#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>
#include "engine/cpu/math_library.h"

namespace tsh::cpu {

namespace {

using I = lapack_int;
constexpr int kCol = LAPACK_COL_MAJOR;

I gesdd(char job, I m, I n, float* a, float* s, float* u, I ldu, float* vt, I ldvt) {
  return mathlib().LAPACKE_sgesdd(kCol, job, m, n, a, m, s, u, ldu, vt, ldvt);
}
I gesdd(char job, I m, I n, double* a, double* s, double* u, I ldu, double* vt, I ldvt) {
  return mathlib().LAPACKE_dgesdd(kCol, job, m, n, a, m, s, u, ldu, vt, ldvt);
}
I gesdd(char job, I m, I n, std::complex<float>* a, float* s, std::complex<float>* u, I ldu, std::complex<float>* vt,
        I ldvt) {
  return mathlib().LAPACKE_cgesdd(kCol, job, m, n, a, m, s, u, ldu, vt, ldvt);
}
I gesdd(char job, I m, I n, std::complex<double>* a, double* s, std::complex<double>* u, I ldu,
        std::complex<double>* vt, I ldvt) {
  return mathlib().LAPACKE_zgesdd(kCol, job, m, n, a, m, s, u, ldu, vt, ldvt);
}

I geqrf(I m, I n, float* a, float* tau) { return mathlib().LAPACKE_sgeqrf(kCol, m, n, a, m, tau); }
I geqrf(I m, I n, double* a, double* tau) { return mathlib().LAPACKE_dgeqrf(kCol, m, n, a, m, tau); }
I geqrf(I m, I n, std::complex<float>* a, std::complex<float>* tau) { return mathlib().LAPACKE_cgeqrf(kCol, m, n, a, m, tau); }
I geqrf(I m, I n, std::complex<double>* a, std::complex<double>* tau) { return mathlib().LAPACKE_zgeqrf(kCol, m, n, a, m, tau); }

I orgqr(I m, I n, I k, float* a, const float* tau) { return mathlib().LAPACKE_sorgqr(kCol, m, n, k, a, m, tau); }
I orgqr(I m, I n, I k, double* a, const double* tau) { return mathlib().LAPACKE_dorgqr(kCol, m, n, k, a, m, tau); }
I orgqr(I m, I n, I k, std::complex<float>* a, const std::complex<float>* tau) {
  return mathlib().LAPACKE_cungqr(kCol, m, n, k, a, m, tau);
}
I orgqr(I m, I n, I k, std::complex<double>* a, const std::complex<double>* tau) {
  return mathlib().LAPACKE_zungqr(kCol, m, n, k, a, m, tau);
}

// trans: 'N', or the transpose ('T' real, 'C' complex).
I ormqr(char side, bool trans, I m, I n, I k, const float* a, I lda, const float* tau, float* c) {
  return mathlib().LAPACKE_sormqr(kCol, side, trans ? 'T' : 'N', m, n, k, a, lda, tau, c, m);
}
I ormqr(char side, bool trans, I m, I n, I k, const double* a, I lda, const double* tau, double* c) {
  return mathlib().LAPACKE_dormqr(kCol, side, trans ? 'T' : 'N', m, n, k, a, lda, tau, c, m);
}
I ormqr(char side, bool trans, I m, I n, I k, const std::complex<float>* a, I lda, const std::complex<float>* tau,
        std::complex<float>* c) {
  return mathlib().LAPACKE_cunmqr(kCol, side, trans ? 'C' : 'N', m, n, k, a, lda, tau, c, m);
}
I ormqr(char side, bool trans, I m, I n, I k, const std::complex<double>* a, I lda, const std::complex<double>* tau,
        std::complex<double>* c) {
  return mathlib().LAPACKE_zunmqr(kCol, side, trans ? 'C' : 'N', m, n, k, a, lda, tau, c, m);
}

template <typename F> void lapack_types(DType d, F f) {
  switch (d) {
    case DType::Float32: f.template operator()<float, float>(); return;
    case DType::Float64: f.template operator()<double, double>(); return;
    case DType::Complex64: f.template operator()<std::complex<float>, float>(); return;
    case DType::Complex128: f.template operator()<std::complex<double>, double>(); return;
    default: return;  // the op layer admits no other dtype
  }
}

int64_t count(const Tensor& t, int64_t matrix) { return matrix == 0 ? 0 : t.numel() / matrix; }

}  // namespace

int64_t svd_kernel(const Tensor& a, const Tensor& s, const Tensor& u, const Tensor& vh, bool full, bool compute_uv) {
  int64_t failed = -1;
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t m = a.size(-2), n = a.size(-1), k = std::min(m, n);
    const int64_t batches = count(a, m * n);
    const char job = !compute_uv ? 'N' : full ? 'A' : 'S';
    const int64_t ucols = full ? m : k, vrows = full ? n : k;
    T* ap = a.data<T>();
    R* sp = s.data<R>();
    T* u0 = compute_uv ? u.data<T>() : nullptr;
    T* v0 = compute_uv ? vh.data<T>() : nullptr;
    const double flops = static_cast<double>(batches) * 14.0 * m * n * k;
    failed = lapack_abandonable<int64_t>(flops, {a, s, u, vh}, [=]() -> int64_t {
      for (int64_t i = 0; i < batches; ++i) {
        T* up = u0 ? u0 + i * m * ucols : nullptr;
        T* vp = v0 ? v0 + i * vrows * n : nullptr;
        const I info = gesdd(job, static_cast<I>(m), static_cast<I>(n), ap + i * m * n, sp + i * k, up,
                             static_cast<I>(std::max<int64_t>(1, m)), vp, static_cast<I>(std::max<int64_t>(1, vrows)));
        if (info != 0) return i;
      }
      return -1;
    });
  });
  return failed;
}

void geqrf_kernel(const Tensor& a, const Tensor& tau) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t m = a.size(-2), n = a.size(-1), k = std::min(m, n);
    const int64_t batches = count(a, m * n);
    T* ap = a.data<T>();
    T* tp = tau.data<T>();
    lapack_abandonable<int>(static_cast<double>(batches) * 4.0 * m * n * k, {a, tau}, [=] {
      for (int64_t i = 0; i < batches; ++i) geqrf(static_cast<I>(m), static_cast<I>(n), ap + i * m * n, tp + i * k);
      return 0;
    });
  });
}

void orgqr_kernel(const Tensor& a, const Tensor& tau) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t m = a.size(-2), n = a.size(-1), k = tau.size(-1);
    const int64_t batches = count(a, m * n);
    for (int64_t i = 0; i < batches; ++i)
      orgqr(static_cast<I>(m), static_cast<I>(n), static_cast<I>(k), a.data<T>() + i * m * n, tau.data<T>() + i * k);
  });
}

void ormqr_kernel(const Tensor& a, const Tensor& tau, const Tensor& c, bool left, bool transpose) {
  lapack_types(a.dtype(), [&]<typename T, typename R>() {
    const int64_t am = a.size(-2), an = a.size(-1), k = tau.size(-1);
    const int64_t m = c.size(-2), n = c.size(-1);
    const int64_t batches = count(c, m * n);
    for (int64_t i = 0; i < batches; ++i)
      ormqr(left ? 'L' : 'R', transpose, static_cast<I>(m), static_cast<I>(n), static_cast<I>(k),
            a.data<T>() + i * am * an, static_cast<I>(std::max<int64_t>(1, am)), tau.data<T>() + i * k,
            c.data<T>() + i * m * n);
  });
}

}  // namespace tsh::cpu
