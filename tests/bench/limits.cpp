// tests/bench/limits.cpp — what this machine can do at best, measured beside the benchmark.
//
// scripts/bench compares tsh with PyTorch, and both with the machine: memory
// bandwidth (STREAM's copy and add kernels on all threads, and a plain read),
// and the OpenBLAS/LAPACK calls tsh makes, called straight from C++ with
// nothing around them. Prints `name value` lines: bandwidths in GB/s (10^9
// bytes), times in seconds (the best of several runs).
#include "engine/cpu/math_library.h"
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <typename F> double best_of(int runs, F&& f) {
  double best = 1e30;
  for (int r = 0; r < runs; ++r) {
    const double t0 = now();
    f();
    best = std::min(best, now() - t0);
  }
  return best;
}

void fill(std::vector<float>& v, unsigned seed) {
  srand(seed);
  for (auto& x : v) x = static_cast<float>(rand()) / RAND_MAX;
}

void memory(int64_t n) {
  std::vector<float> a(n), b(n), c(n);
  fill(a, 1);
  fill(b, 2);
  const double bytes = 4.0 * static_cast<double>(n);
  const double copy = best_of(10, [&] {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i) c[i] = a[i];
  });
  const double add = best_of(10, [&] {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
  });
  // A plain read: 16 running sums per thread, so the adds vectorise without reassociation.
  float sink = 0;
  const double read = best_of(10, [&] {
    float total = 0;
#pragma omp parallel reduction(+ : total)
    {
      float s[16] = {};
#pragma omp for schedule(static)
      for (int64_t i = 0; i < n / 16; ++i)
        for (int k = 0; k < 16; ++k) s[k] += a[16 * i + k];
      for (float v : s) total += v;
    }
    sink += total;
  });
  std::printf("stream_copy_gbs %.3f\n", 2 * bytes / copy / 1e9);
  std::printf("stream_add_gbs %.3f\n", 3 * bytes / add / 1e9);
  std::printf("read_gbs %.3f\n", bytes / read / 1e9 + 0 * sink);
}

void gemm(int n) {
  std::vector<float> x(n * n), y(n * n), z(n * n);
  fill(x, 3);
  fill(y, 4);
  const double t = best_of(5, [&] {
    tsh::cpu::mathlib().cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.f, x.data(), n, y.data(), n,
                0.f, z.data(), n);
  });
  std::printf("sgemm_%d_s %.6g\n", n, t);
}

// The LAPACK calls behind solve, inv and eigh, each on a fresh copy of its
// input as any caller that keeps its arguments must, in the library tsh runs
// (engine/cpu/math_library.h: MKL, or OpenBLAS with the kernels tsh chose).
void lapack(int n) {
  const tsh::cpu::MathLibrary& lib = tsh::cpu::mathlib();
  std::vector<float> a(n * n), b(n * n), w(n), work;
  std::vector<lapack_int> piv(n);
  fill(a, 5);
  for (int i = 0; i < n; ++i) a[i * n + i] += n;  // well conditioned
  std::vector<float> sym(a);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j) sym[i * n + j] = sym[j * n + i];
  std::vector<float> rhs(n * n);
  fill(rhs, 6);
  const double sv = best_of(20, [&] {
    work.assign(a.begin(), a.end());
    b.assign(rhs.begin(), rhs.end());
    lib.LAPACKE_sgetrf_work(LAPACK_COL_MAJOR, n, n, work.data(), n, piv.data());  // sgesv's two steps
    lib.LAPACKE_sgetrs_work(LAPACK_COL_MAJOR, 'N', n, n, work.data(), n, piv.data(), b.data(), n);
  });
  const double inv = best_of(20, [&] {
    work.assign(a.begin(), a.end());
    b.assign(static_cast<size_t>(n) * n, 0.f);  // A^-1 solves A X = I, as PyTorch computes it
    for (int i = 0; i < n; ++i) b[static_cast<size_t>(i) * n + i] = 1.f;
    lib.LAPACKE_sgetrf_work(LAPACK_COL_MAJOR, n, n, work.data(), n, piv.data());
    lib.LAPACKE_sgetrs_work(LAPACK_COL_MAJOR, 'N', n, n, work.data(), n, piv.data(), b.data(), n);
  });
  const double eigh = best_of(10, [&] {
    work.assign(sym.begin(), sym.end());
    lib.LAPACKE_ssyevd(LAPACK_COL_MAJOR, 'V', 'L', n, work.data(), n, w.data());
  });
  std::printf("sgesv_%d_s %.6g\nsgetri_%d_s %.6g\nssyevd_%d_s %.6g\n", n, sv, n, inv, n, eigh);
}

}  // namespace

int main() {
  std::printf("threads %d\n", omp_get_max_threads());
  memory(int64_t{1} << 24);
  gemm(2048);
  lapack(500);
  return 0;
}
