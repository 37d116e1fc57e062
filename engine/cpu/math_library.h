// engine/cpu/math_library.h — the BLAS, LAPACK and vector-math library the CPU kernels call, picked at start-up.
//
// PyTorch's x86 wheel computes its products, its factorizations and a dozen
// elementwise functions with Intel MKL (statically linked, 2024.2). tsh loads
// the same MKL at run time when scripts/setup installed it (or TSH_MKL_DIR
// names a folder holding libmkl_rt.so.2), so that those results carry
// PyTorch's bits; without MKL, or with TSH_BLAS=openblas, Debian's OpenBLAS
// (built on OpenMP) and LAPACKE serve, and the elementwise functions stay on
// SLEEF. Both libraries are opened with dlopen(RTLD_LOCAL): MKL's LAPACKE
// would otherwise bind its inner calls to Debian's LAPACKE, and OpenBLAS
// reads its kernel choice when it loads, which lets tsh pick one for CPUs
// OpenBLAS 0.3.21 does not know.
//
// Kernels call through mathlib(): `mathlib().cblas_sgemm(...)` has the
// signature of the C function of that name.
#pragma once

#include <cblas.h>
#include <lapacke.h>

#include <string>

namespace tsh::cpu {

// X-macros of every library function a kernel calls, by the four LAPACK type letters.
#define TSH_BLAS_SDCZ(X) X(cblas_sgemm) X(cblas_dgemm) X(cblas_cgemm) X(cblas_zgemm) \
  X(cblas_strsm) X(cblas_dtrsm) X(cblas_ctrsm) X(cblas_ztrsm) X(cblas_sgemv) X(cblas_dgemv) \
  X(cblas_sdot) X(cblas_ddot) X(cblas_cdotu_sub) X(cblas_zdotu_sub) X(cblas_cdotc_sub) X(cblas_zdotc_sub)
#define TSH_LAPACK_EACH(X, name) X(LAPACKE_s##name) X(LAPACKE_d##name) X(LAPACKE_c##name) X(LAPACKE_z##name)
#define TSH_LAPACK_FUNCTIONS(X)                                                                          \
  TSH_LAPACK_EACH(X, getrf_work) TSH_LAPACK_EACH(X, getrs_work) TSH_LAPACK_EACH(X, potrs_work)         \
  TSH_LAPACK_EACH(X, potri_work) TSH_LAPACK_EACH(X, geqrf) TSH_LAPACK_EACH(X, gesdd)                    \
  TSH_LAPACK_EACH(X, potrf) TSH_LAPACK_EACH(X, geev) TSH_LAPACK_EACH(X, gels) TSH_LAPACK_EACH(X, gelsy) \
  TSH_LAPACK_EACH(X, gelsd) TSH_LAPACK_EACH(X, gelss) TSH_LAPACK_EACH(X, sytrf)                         \
  TSH_LAPACK_EACH(X, sytrs) X(LAPACKE_sorgqr) X(LAPACKE_dorgqr) X(LAPACKE_sormqr) X(LAPACKE_dormqr)     \
  X(LAPACKE_ssyevd) X(LAPACKE_dsyevd) X(LAPACKE_cungqr) X(LAPACKE_zungqr) X(LAPACKE_cunmqr)            \
  X(LAPACKE_zunmqr) X(LAPACKE_cheevd) X(LAPACKE_zheevd) X(LAPACKE_chetrf) X(LAPACKE_zhetrf)           \
  X(LAPACKE_chetrs) X(LAPACKE_zhetrs) X(LAPACKE_set_nancheck)

// The elementwise functions PyTorch's MKL build sends to VML (ATen's vml.h), with VML's names.
enum class VmlFn { Exp, Ln, Log10, Log2, Sqrt, Sin, Cos, Tan, Asin, Acos, Atan, Tanh, Erf, Erfc, ErfInv, Count };

struct MathLibrary {
  bool mkl = false;
  std::string name;    // "Intel oneAPI MKL 2024.2" or "OpenBLAS 0.3.21"
  std::string kernel;  // the code path it runs: "AVX512", "AVX2" (MKL) or OpenBLAS's core ("SkylakeX")
  std::string note;    // why this library, when it is not the one asked for or found first ("" otherwise)
  std::string folder;  // where it was loaded from
  std::string build;   // the library's own description of itself (MKL's version string, OpenBLAS's config)

#define TSH_MATH_MEMBER(fn) decltype(&::fn) fn = nullptr;
  TSH_BLAS_SDCZ(TSH_MATH_MEMBER)
  TSH_LAPACK_FUNCTIONS(TSH_MATH_MEMBER)
#undef TSH_MATH_MEMBER

  // MKL's packed GEMM (MKL only; null under OpenBLAS): one operand laid out once in MKL's own
  // format (cblas_?gemm_pack, into a buffer of cblas_?gemm_pack_get_size bytes), then multiplied
  // many times (cblas_?gemm_compute, that operand's trans CblasPacked = 151): a recurrent layer's
  // weight, used at every step. The enum arguments are CBLAS's ints.
  using PackSize = size_t (*)(int identifier, int m, int n, int k);
  using PackFloat = void (*)(int layout, int identifier, int trans, int m, int n, int k, float alpha, const float* src,
                             int ld, float* dest);
  using PackDouble = void (*)(int layout, int identifier, int trans, int m, int n, int k, double alpha,
                              const double* src, int ld, double* dest);
  using ComputeFloat = void (*)(int layout, int transa, int transb, int m, int n, int k, const float* a, int lda,
                                const float* b, int ldb, float beta, float* c, int ldc);
  using ComputeDouble = void (*)(int layout, int transa, int transb, int m, int n, int k, const double* a, int lda,
                                 const double* b, int ldb, double beta, double* c, int ldc);
  PackSize sgemm_pack_get_size = nullptr, dgemm_pack_get_size = nullptr;
  PackFloat sgemm_pack = nullptr;
  PackDouble dgemm_pack = nullptr;
  ComputeFloat sgemm_compute = nullptr;
  ComputeDouble dgemm_compute = nullptr;

  // VML (MKL only; null under OpenBLAS): r[i] = f(a[i]) for i < n, in the mode of ATen's vml.h.
  using VmlFloat = void (*)(int n, const float* a, float* r, long long mode);
  using VmlDouble = void (*)(int n, const double* a, double* r, long long mode);
  VmlFloat vml_float[static_cast<int>(VmlFn::Count)] = {};
  VmlDouble vml_double[static_cast<int>(VmlFn::Count)] = {};
};

// The library, loaded on first use (thread-safe). Never fails: OpenBLAS is a
// link-time requirement of the build, found by its full path.
const MathLibrary& mathlib();

// VML_HA | VML_FTZDAZ_OFF | VML_ERRMODE_IGNORE (mkl_vml_defines.h): high accuracy, subnormals kept, no errno.
inline constexpr long long kVmlMode = 0x2 | 0x140000 | 0x100;

// r = f(a) elementwise through VML, in pieces VML's int count can take. Only under MKL.
void vml(VmlFn f, const float* a, float* r, int64_t n);
void vml(VmlFn f, const double* a, double* r, int64_t n);

}  // namespace tsh::cpu
