// tests/unit/engine/test_lapack_small.cpp — the small-matrix LU and solves (engine/cpu/lapack_small.h)
// give exactly what LAPACK (OpenBLAS's getrf and getrs) gives, pivots and bits, on random matrices,
// singular ones included: their results must not depend on whether a matrix took the short path.
#include <catch2/catch.hpp>

#include <complex>
#include <cstring>
#include <random>
#include <vector>

#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>
#include "engine/cpu/math_library.h"

#include "engine/cpu/lapack_small.h"

namespace {

namespace small = tsh::cpu::small_lapack;

lapack_int lapack_getrf(int n, float* a, lapack_int* p) { return tsh::cpu::mathlib().LAPACKE_sgetrf_work(LAPACK_COL_MAJOR, n, n, a, n, p); }
lapack_int lapack_getrf(int n, double* a, lapack_int* p) { return tsh::cpu::mathlib().LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, a, n, p); }
void lapack_getrs(int n, int k, const float* a, const lapack_int* p, float* x) {
  tsh::cpu::mathlib().LAPACKE_sgetrs_work(LAPACK_COL_MAJOR, 'N', n, k, a, n, p, x, n);
}
void lapack_getrs(int n, int k, const double* a, const lapack_int* p, double* x) {
  tsh::cpu::mathlib().LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', n, k, a, n, p, x, n);
}

template <typename T> void check_against_lapack() {
  std::mt19937 gen(7);
  std::normal_distribution<double> normal;
  for (int n = 1; n <= small::kMaxLu; ++n) {
    for (int k = 1; k <= 2; ++k) {
      for (int trial = 0; trial < 20000; ++trial) {
        std::vector<T> a(static_cast<size_t>(n * n)), x(static_cast<size_t>(n * k));
        for (T& v : a) v = static_cast<T>(normal(gen));
        for (T& v : x) v = static_cast<T>(normal(gen));
        if (trial % 10 == 0) a[0] = 0;                                  // a first pivot to move
        if (trial % 50 == 1) for (int r = 0; r < n; ++r) a[r] = 0;    // a singular matrix
        std::vector<T> a2 = a, x2 = x;
        std::vector<lapack_int> p(static_cast<size_t>(n)), p2(static_cast<size_t>(n));
        const lapack_int info = lapack_getrf(n, a.data(), p.data());
        const lapack_int info2 = small::getrf(n, a2.data(), p2.data());
        REQUIRE(info == info2);
        REQUIRE(p == p2);
        REQUIRE(std::memcmp(a.data(), a2.data(), a.size() * sizeof(T)) == 0);
        if (info != 0 || !small::solves(n, k)) continue;
        lapack_getrs(n, k, a.data(), p.data(), x.data());
        small::getrs(n, k, a2.data(), p2.data(), x2.data());
        REQUIRE(std::memcmp(x.data(), x2.data(), x.size() * sizeof(T)) == 0);
      }
    }
  }
}

}  // namespace

TEST_CASE("small real LU and solves give LAPACK's bits", "[linalg]") {
  // The small kernels follow OpenBLAS (under MKL tsh does not use them): ctest's isa/* runs use OpenBLAS.
  if (tsh::cpu::mathlib().mkl) return;
  check_against_lapack<float>();
  check_against_lapack<double>();
}
