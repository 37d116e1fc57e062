// engine/cpu/blas.cpp — matrix products on the CPU: OpenBLAS for float, double
// and complex, plain loops for the other dtypes.
//
// Bit-exactness with PyTorch depends on the order of the sums, so these
// kernels make PyTorch's choices: the same column-major view of each operand
// (which one is "transposed", which leading dimension) when calling gemm and
// gemv, the same sequential loop for small batched products (k*m*n < 400),
// and a sequential loop wherever PyTorch does not call BLAS (gemv of
// complex or 16-bit types, or with a zero vector stride). OpenBLAS threads itself; these kernels are called
// from serial code, so there is no OpenMP region for it to oversubscribe.
#include "engine/cpu/blas.h"

#include "engine/cpu/math_library.h"

#include <algorithm>
#include <complex>
#include <type_traits>
#include <vector>

#include "engine/core/convert.h"
#include "engine/core/interrupt.h"
#include "engine/cpu/copy.h"

namespace tsh::cpu {

namespace {

// Products at least this large run where Ctrl-C can abandon them (run_abandonable): about a tenth
// of a second of MKL on 2 cores of an AVX-512 Xeon, a few tenths on OpenBLAS or AVX2. Smaller ones
// stay on this thread: a 2048² product ran 10-15% slower on the worker than here (MKL's and
// OpenBLAS's OpenMP team is then the worker's), and Ctrl-C still stops it when it returns.
constexpr double kAbandonableFlops = 4e10;

template <typename T>
constexpr bool kBlasType = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                           std::is_same_v<T, std::complex<float>> ||
                           std::is_same_v<T, std::complex<double>>;

// What a product accumulates in: float for the 16-bit floats (PyTorch's
// opmath type), unsigned 64-bit for integers (fixed-width integer arithmetic
// wraps, and modular sums do not depend on when the wrap happens), else T.
template <typename T>
using acc_t = std::conditional_t<
    std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float,
    std::conditional_t<std::is_integral_v<T>, uint64_t, T>>;

template <typename T> acc_t<T> widen(T v) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<uint64_t>(static_cast<int64_t>(v));
  else
    return static_cast<acc_t<T>>(v);
}
template <typename T> T narrow(acc_t<T> v) {
  if constexpr (std::is_same_v<T, bool>)
    return v != 0;
  else
    return static_cast<T>(v);  // integers: modular since C++20
}

// A strided matrix: element (i, j) is p[i * s0 + j * s1].
template <typename T> struct Mat {
  const T* p;
  int64_t s0, s1;
  T at(int64_t i, int64_t j) const { return p[i * s0 + j * s1]; }
};

// c (m x n, row-major contiguous) = a @ b, every sum in order over k; `finish` turns each sum
// (in the accumulation type) and the element it replaces into the element written.
template <typename T, typename Finish>
void naive_mm(T* c, Mat<T> a, Mat<T> b, int64_t m, int64_t n, int64_t k, Finish finish) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      acc_t<T> acc{};
      for (int64_t l = 0; l < k; ++l) acc += widen(a.at(i, l)) * widen(b.at(l, j));
      c[i * n + j] = finish(acc, c[i * n + j]);
    }
}
template <typename T> void naive_mm(T* c, Mat<T> a, Mat<T> b, int64_t m, int64_t n, int64_t k) {
  naive_mm<T>(c, a, b, m, n, k, [](acc_t<T> acc, T) { return narrow<T>(acc); });
}

// c = alpha * op(a) op(b) + beta * c, column-major (beta 0: c is not read).
void gemm_call(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
               const float* b, int64_t ldb, float* c, int64_t ldc, float alpha = 1, float beta = 0) {
  mathlib().cblas_sgemm(CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
              static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), alpha, a,
              static_cast<blasint>(lda), b, static_cast<blasint>(ldb), beta, c,
              static_cast<blasint>(ldc));
}
void gemm_call(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const double* a, int64_t lda,
               const double* b, int64_t ldb, double* c, int64_t ldc, double alpha = 1, double beta = 0) {
  mathlib().cblas_dgemm(CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
              static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), alpha, a,
              static_cast<blasint>(lda), b, static_cast<blasint>(ldb), beta, c,
              static_cast<blasint>(ldc));
}
template <typename C>
void gemm_call(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const std::complex<C>* a,
               int64_t lda, const std::complex<C>* b, int64_t ldb, std::complex<C>* c,
               int64_t ldc, std::complex<C> alpha = 1, std::complex<C> beta = 0) {
  const MathLibrary& lib = mathlib();
  auto f = std::is_same_v<C, float> ? lib.cblas_cgemm : lib.cblas_zgemm;
  f(CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
    static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), &alpha, a,
    static_cast<blasint>(lda), b, static_cast<blasint>(ldb), &beta, c, static_cast<blasint>(ldc));
}

// A contiguous copy of t (kept alive by the caller).
Tensor contiguous_copy(const Tensor& t) {
  Tensor c = empty(t.sizes(), t.dtype(), t.device());
  copy_kernel(c, t);
  return c;
}

// One gemm operand: the logical matrix X (rows x cols) as column-major
// storage, transposed or not, with its leading dimension.
template <typename T> struct GemmArg {
  const T* p;
  bool trans;
  int64_t ld;
};

// Chooses how BLAS reads x, the logical rows x cols matrix with strides
// (s0, s1): as column-major storage (s0 == 1), as row-major storage read
// transposed (s1 == 1), or, when neither fits, from a contiguous copy of
// `orig` (the tensor x was taken from, itself or transposed) — PyTorch's rule.
template <typename T>
GemmArg<T> gemm_arg(const T* p, int64_t s0, int64_t s1, int64_t rows, int64_t cols,
                    const Tensor& orig, bool orig_is_transposed, Tensor& keep) {
  if (s0 == 1 && s1 >= std::max<int64_t>(1, rows)) return {p, false, s1};
  if (s1 == 1 && s0 >= std::max<int64_t>(1, cols)) return {p, true, s0};
  keep = contiguous_copy(orig);
  // A row-major copy of orig: x == orig reads it transposed; x == orig^T reads it as is.
  return {keep.data<T>(), !orig_is_transposed, keep.stride(0)};
}

// out = alpha * (a @ b) + beta * out through gemm, with out, a, b 2-d and out row-major contiguous
// (beta 0: out's contents are not read).
template <typename T> void blas_mm(const Tensor& out, const Tensor& a, const Tensor& b, T alpha = T(1), T beta = T(0)) {
  const int64_t m = a.size(0), k = a.size(1), n = b.size(1);
  // out is row-major: BLAS writes it as (out^T) in column-major, out^T = b^T a^T,
  // unless it is also column-major (n == 1), where PyTorch writes out = a b directly.
  const bool trans_c = !(out.stride(0) == 1 && (n == 1 || out.stride(1) >= std::max<int64_t>(1, m)));
  const int64_t M = trans_c ? n : m, N = trans_c ? m : n;
  int64_t ldc = trans_c ? out.stride(0) : out.stride(1);
  Tensor keep_x, keep_y;
  // X (M x K) and Y (K x N) are the logical gemm operands.
  const Tensor& x = trans_c ? b : a;
  const Tensor& y = trans_c ? a : b;
  GemmArg<T> ax = trans_c ? gemm_arg<T>(x.data<T>(), x.stride(1), x.stride(0), M, k, x, true, keep_x)
                          : gemm_arg<T>(x.data<T>(), x.stride(0), x.stride(1), M, k, x, false, keep_x);
  GemmArg<T> ay = trans_c ? gemm_arg<T>(y.data<T>(), y.stride(1), y.stride(0), k, N, y, true, keep_y)
                          : gemm_arg<T>(y.data<T>(), y.stride(0), y.stride(1), k, N, y, false, keep_y);
  // A leading dimension BLAS never steps over (a single column of its column-major storage) may be
  // anything, so give it a valid one; one it does step over keeps the real stride. X (M x K) read
  // transposed is stored K x M: with M == 1 its one column is never stepped. Y (K x N) read as is
  // is stored K x N: with N == 1 likewise. (X as is, or Y transposed, steps over K columns.)
  if (N == 1) ldc = M;
  if (M == 1 && ax.trans) ax.ld = k;
  if (N == 1 && !ay.trans) ay.ld = k;
  const double flops = 2.0 * static_cast<double>(M) * static_cast<double>(N) * static_cast<double>(k);
  if (flops < kAbandonableFlops) {
    gemm_call(ax.trans, ay.trans, M, N, k, ax.p, ax.ld, ay.p, ay.ld, out.data<T>(), ldc, alpha, beta);
    return;
  }
  // A product of a second or more: BLAS cannot stop midway, so it runs where
  // Ctrl-C can abandon it, into a buffer of its own (the operands kept alive
  // with it); `out` is written only once the product is complete.
  auto c = std::make_shared<std::vector<T>>(static_cast<size_t>(M) * static_cast<size_t>(N));
  T* o = out.data<T>();
  if (beta != T(0))
    for (int64_t j = 0; j < N; ++j) std::copy(o + j * ldc, o + j * ldc + M, c->data() + j * M);
  run_abandonable([=, keep = std::vector<Tensor>{a, b, keep_x, keep_y}] {
    gemm_call(ax.trans, ay.trans, M, N, k, ax.p, ax.ld, ay.p, ay.ld, c->data(), M, alpha, beta);
  });
  for (int64_t j = 0; j < N; ++j)
    std::copy(c->data() + j * M, c->data() + (j + 1) * M, o + j * ldc);
}

template <typename T> void mm_impl(const Tensor& out, const Tensor& a, const Tensor& b) {
  if constexpr (kBlasType<T>) {
    blas_mm<T>(out, a, b);
  } else {
    naive_mm<T>(out.data<T>(), {a.data<T>(), a.stride(0), a.stride(1)},
                {b.data<T>(), b.stride(0), b.stride(1)}, a.size(0), b.size(1), a.size(1));
  }
}

// y (contiguous) = mat @ vec: gemv for float and double with a positive
// vector stride, otherwise PyTorch's loop (in order over k; complex included).
template <typename T> void mv_impl(T* y, const Tensor& mat, const Tensor& vec) {
  const int64_t m = mat.size(0), k = mat.size(1), incx = vec.stride(0);
  const T* x = vec.data<T>();
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    if (incx > 0) {
      // PyTorch's layout: column-major storage ('n') or row-major storage read transposed ('t').
      Tensor keep;
      const T* a = mat.data<T>();
      bool trans;
      int64_t lda;
      if (mat.stride(0) == 1 && (k == 1 || mat.stride(1) >= std::max<int64_t>(1, m))) {
        trans = false, lda = mat.stride(1);
      } else if (mat.stride(1) == 1 && (m == 1 || mat.stride(0) >= std::max<int64_t>(1, k))) {
        trans = true, lda = mat.stride(0);
      } else {
        keep = contiguous_copy(mat);
        a = keep.data<T>(), trans = true, lda = k;
      }
      // BLAS's view: rows x cols column-major; a single column needs no real stride.
      const int64_t rows = trans ? k : m, cols = trans ? m : k;
      if (cols == 1) lda = rows;
      const auto t = trans ? CblasTrans : CblasNoTrans;
      const auto r = static_cast<blasint>(rows), c = static_cast<blasint>(cols);
      const auto l = static_cast<blasint>(lda), ix = static_cast<blasint>(incx);
      if constexpr (std::is_same_v<T, float>)
        mathlib().cblas_sgemv(CblasColMajor, t, r, c, 1.0f, a, l, x, ix, 0.0f, y, 1);
      else
        mathlib().cblas_dgemv(CblasColMajor, t, r, c, 1.0, a, l, x, ix, 0.0, y, 1);
      return;
    }
  }
  const Mat<T> a{mat.data<T>(), mat.stride(0), mat.stride(1)};
  for (int64_t i = 0; i < m; ++i) {
    acc_t<T> acc{};
    for (int64_t j = 0; j < k; ++j) acc += widen(x[j * incx]) * widen(a.at(i, j));
    y[i] = narrow<T>(acc);
  }
}

template <typename T>
T dot_impl(int64_t n, const T* a, int64_t inca, const T* b, int64_t incb, bool conj_a) {
  if (n == 1) inca = incb = 1;
  const auto nn = static_cast<blasint>(n);
  const auto ia = static_cast<blasint>(inca), ib = static_cast<blasint>(incb);
  if constexpr (std::is_same_v<T, float>) {
    return mathlib().cblas_sdot(nn, a, ia, b, ib);
  } else if constexpr (std::is_same_v<T, double>) {
    return mathlib().cblas_ddot(nn, a, ia, b, ib);
  } else if constexpr (std::is_same_v<T, std::complex<float>>) {
    T r;
    (conj_a ? mathlib().cblas_cdotc_sub : mathlib().cblas_cdotu_sub)(nn, a, ia, b, ib, &r);
    return r;
  } else if constexpr (std::is_same_v<T, std::complex<double>>) {
    T r;
    (conj_a ? mathlib().cblas_zdotc_sub : mathlib().cblas_zdotu_sub)(nn, a, ia, b, ib, &r);
    return r;
  } else {
    acc_t<T> acc{};
    for (int64_t i = 0; i < n; ++i) acc += widen(a[i * inca]) * widen(b[i * incb]);
    (void)conj_a;  // a real dot has nothing to conjugate
    return narrow<T>(acc);
  }
}

}  // namespace

void mm_kernel(const Tensor& out, const Tensor& a, const Tensor& b) {
  dispatch(out.dtype(), [&]<typename T>() { mm_impl<T>(out, a, b); });
}

void addmm_kernel(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha) {
  dispatch(out.dtype(), [&]<typename T>() {
    if constexpr (kBlasType<T>) {
      if constexpr (is_complex_v<T>) blas_mm<T>(out, a, b, T(alpha.to_complex()), T(beta.to_complex()));
      else blas_mm<T>(out, a, b, static_cast<T>(alpha.to_double()), static_cast<T>(beta.to_double()));
    } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
      // PyTorch's loop for the 16-bit floats: each sum in float, combined with the input in float,
      // rounded once.
      const float al = static_cast<float>(alpha.to_double()), be = static_cast<float>(beta.to_double());
      naive_mm<T>(out.data<T>(), {a.data<T>(), a.stride(0), a.stride(1)}, {b.data<T>(), b.stride(0), b.stride(1)},
                  a.size(0), b.size(1), a.size(1), [al, be](float acc, T old) {
                    return static_cast<T>(be == 0.0f ? al * acc : be * static_cast<float>(old) + al * acc);
                  });
    } else {
      throw RuntimeError("addmm_kernel: not a floating dtype (a bug in tsh)");
    }
  });
}

void bmm_kernel(const Tensor& out, const Tensor& a, const Tensor& b) {
  const int64_t batches = a.size(0), m = a.size(1), k = a.size(2), n = b.size(2);
  dispatch(out.dtype(), [&]<typename T>() {
    T* c = out.data<T>();
    if (k * m * n < 400) {
      // PyTorch's small-product loop: in order over k, in the accumulation type.
      for (int64_t i = 0; i < batches; ++i)
        naive_mm<T>(c + i * m * n, {a.data<T>() + i * a.stride(0), a.stride(1), a.stride(2)},
                    {b.data<T>() + i * b.stride(0), b.stride(1), b.stride(2)}, m, n, k);
      return;
    }
    // Otherwise one gemm per batch element, laid out as mm lays them out.
    for (int64_t i = 0; i < batches; ++i) {
      Tensor oi = out.as_view({m, n}, {out.stride(1), out.stride(2)}, out.storage_offset() + i * out.stride(0));
      Tensor ai = a.as_view({m, k}, {a.stride(1), a.stride(2)}, a.storage_offset() + i * a.stride(0));
      Tensor bi = b.as_view({k, n}, {b.stride(1), b.stride(2)}, b.storage_offset() + i * b.stride(0));
      mm_impl<T>(oi, ai, bi);
    }
  });
}

void mv_kernel(const Tensor& out, const Tensor& mat, const Tensor& vec) {
  dispatch(out.dtype(), [&]<typename T>() { mv_impl<T>(out.data<T>(), mat, vec); });
}

void dot_kernel(const Tensor& out, const Tensor& a, const Tensor& b, bool conj_a) {
  dispatch(out.dtype(), [&]<typename T>() {
    *out.data<T>() = dot_impl<T>(a.numel(), a.data<T>(), a.dim() ? a.stride(0) : 1, b.data<T>(),
                                 b.dim() ? b.stride(0) : 1, conj_a);
  });
}

}  // namespace tsh::cpu
