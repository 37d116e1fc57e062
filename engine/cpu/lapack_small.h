// engine/cpu/lapack_small.h — LU factorization and solves of real matrices of at most 4 rows,
// without a LAPACK call.
//
// Each OpenBLAS getrf or getrs call costs about 100 ns before any arithmetic (argument checks, a
// buffer from its allocator), which made a batch of 10^6 2x2 inverses four times slower than
// PyTorch's. For the sizes below, these loops do the same arithmetic in the same order as
// OpenBLAS's own code for them, so the bits are the same (checked against LAPACKE on random
// matrices in tests/unit/engine/test_lapack_small.cpp, for OpenBLAS's Haswell and SkylakeX kernels):
//   getrf: OpenBLAS's left-looking getf2 (dot products for U, then the column below the diagonal,
//          the pivot the first of largest magnitude, the column scaled by the pivot's reciprocal);
//   getrs: the row swaps, then the two triangular solves as right-looking column updates, dividing by
//          U's diagonal for one right-hand side (trsv) and multiplying by its reciprocal for more
//          (trsm), which matches OpenBLAS only for n <= 2 and at most 2 right-hand sides.
// Matrices are column-major with leading dimension n; pivots are LAPACK's 1-based rows.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>

namespace tsh::cpu::small_lapack {

constexpr int kMaxLu = 4;

// Whether solve() does what getrs does for n rows and k right-hand sides.
inline bool solves(int64_t n, int64_t k) { return (k == 1 && n <= kMaxLu) || (n <= 2 && k <= 2); }

// LU with partial pivoting in place; returns LAPACK's info (j + 1 for the first zero pivot U[j][j]).
template <typename T, typename I> I getrf(int n, T* a, I* ipiv) {
  I info = 0;
  for (int j = 0; j < n; ++j) {
    T* col = a + j * n;
    for (int i = 0; i < j; ++i) {
      const int p = static_cast<int>(ipiv[i]) - 1;
      if (p != i) std::swap(col[i], col[p]);
    }
    for (int i = 1; i < j; ++i) {  // U's column: col[i] -= L[i][0:i] . col[0:i]
      T dot = 0;
      for (int k = 0; k < i; ++k) dot += a[i + k * n] * col[k];
      col[i] -= dot;
    }
    for (int i = j; i < n; ++i) {  // below: col[i] -= L[i][0:j] . col[0:j]
      T dot = 0;
      for (int k = 0; k < j; ++k) dot += a[i + k * n] * col[k];
      col[i] -= dot;
    }
    int pivot = j;
    for (int i = j + 1; i < n; ++i)
      if (std::fabs(col[i]) > std::fabs(col[pivot])) pivot = i;
    ipiv[j] = static_cast<I>(pivot + 1);
    if (col[pivot] == T(0)) {
      if (info == 0) info = static_cast<I>(j + 1);
      continue;
    }
    if (pivot != j)
      for (int k = 0; k <= j; ++k) std::swap(a[j + k * n], a[pivot + k * n]);
    const T reciprocal = T(1) / col[j];
    for (int i = j + 1; i < n; ++i) col[i] *= reciprocal;
  }
  return info;
}

// x := A^-1 x for k right-hand sides (n x k, leading dimension n) from getrf's factors; only where
// solves(n, k).
template <typename T, typename I> void getrs(int n, int k, const T* lu, const I* ipiv, T* x) {
  for (int c = 0; c < k; ++c) {
    T* b = x + c * n;
    for (int i = 0; i < n; ++i) {
      const int p = static_cast<int>(ipiv[i]) - 1;
      if (p != i) std::swap(b[i], b[p]);
    }
    for (int i = 0; i < n; ++i)  // L y = b, L with a unit diagonal
      for (int r = i + 1; r < n; ++r) b[r] -= b[i] * lu[r + i * n];
    for (int i = n - 1; i >= 0; --i) {  // U x = y
      b[i] = k == 1 ? b[i] / lu[i + i * n] : b[i] * (T(1) / lu[i + i * n]);
      for (int r = 0; r < i; ++r) b[r] -= b[i] * lu[r + i * n];
    }
  }
}

}  // namespace tsh::cpu::small_lapack
