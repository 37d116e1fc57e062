// engine/cuda/solver.cpp — the LAPACK-style kernels on the GPU through cuSOLVER (and cuBLAS's trsm).
//
// cuSOLVER is opened with dlopen at first use, like cuBLAS (engine/cuda/blas.cpp),
// and its entry points are declared here by their C signatures: the toolkit
// may ship the library without its headers. Matrices arrive column-major,
// batch by batch ((batches, m, n) with strides (m*n, 1, m)), as the kernel
// contract (engine/kernels/linalg.h) says; each batch element is one call.
// gesvd needs m >= n: a wide matrix is factored as its conjugate transpose
// and the factors swapped back.
#include <cublas_api.h>
#include <dlfcn.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/runtime.h"
#include "engine/cuda/solver.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda {

namespace {

using Handle = void*;  // cusolverDnHandle_t
using Status = int;    // cusolverStatus_t; 0 is success
using Op = cublasOperation_t;
using Fill = cublasFillMode_t;
using Side = cublasSideMode_t;

// Entry points with one name per precision: S, D, C, Z (indexes 0..3).
struct Solver {
  Status (*create)(Handle*) = nullptr;
  Status (*set_stream)(Handle, cudaStream_t) = nullptr;
  Status (*getrf_size[4])(Handle, int, int, void*, int, int*) = {};
  Status (*getrf[4])(Handle, int, int, void*, int, void*, int*, int*) = {};
  Status (*getrs[4])(Handle, Op, int, int, const void*, int, const int*, void*, int, int*) = {};
  Status (*potrs[4])(Handle, Fill, int, int, const void*, int, void*, int, int*) = {};
  Status (*potri_size[4])(Handle, Fill, int, void*, int, int*) = {};
  Status (*potri[4])(Handle, Fill, int, void*, int, void*, int, int*) = {};
  Status (*geqrf_size[4])(Handle, int, int, void*, int, int*) = {};
  Status (*geqrf[4])(Handle, int, int, void*, int, void*, void*, int, int*) = {};
  Status (*orgqr_size[4])(Handle, int, int, int, const void*, int, const void*, int*) = {};
  Status (*orgqr[4])(Handle, int, int, int, void*, int, const void*, void*, int, int*) = {};
  Status (*ormqr_size[4])(Handle, Side, Op, int, int, int, const void*, int, const void*, const void*, int, int*) = {};
  Status (*ormqr[4])(Handle, Side, Op, int, int, int, const void*, int, const void*, void*, int, void*, int, int*) = {};
  Status (*gesvd_size[4])(Handle, int, int, int*) = {};
  Status (*gesvd[4])(Handle, signed char, signed char, int, int, void*, int, void*, void*, int, void*, int, void*, int,
                     void*, int*) = {};
  std::vector<Handle> handles;
};

// cuBLAS's trsm, also by precision.
struct Trsm {
  cublasStatus_t (*create_handle)(cublasHandle_t*) = nullptr;
  cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t) = nullptr;
  cublasStatus_t (*trsm[4])(cublasHandle_t, Side, Fill, Op, cublasDiagType_t, int, int, const void*, const void*, int,
                            void*, int) = {};
  std::vector<cublasHandle_t> handles;
};

void* open_first(std::initializer_list<const char*> names, const char* what) {
  for (const char* n : names)
    if (void* h = dlopen(n, RTLD_NOW | RTLD_LOCAL)) return h;
  throw RuntimeError(std::string("CUDA ") + what + " could not be loaded: " + dlerror());
}

// (Not named bind: a std::string argument would bring std::bind in by argument-dependent lookup,
// and std::bind, a better match for a temporary string, would silently bind nothing.)
template <typename F> void load_symbol(void* lib, F& fn, const std::string& name) {
  fn = reinterpret_cast<F>(dlsym(lib, name.c_str()));
  if (!fn) throw RuntimeError("cuSOLVER lacks " + name);
}

constexpr char kPrefix[4] = {'S', 'D', 'C', 'Z'};

Solver& solver() {
  static Solver s;
  static std::once_flag once;
  static std::string failure;
  std::call_once(once, [] {
    try {
      void* lib = open_first({"libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"},
                             "linear algebra needs cuSOLVER, which");
      load_symbol(lib, s.create, "cusolverDnCreate");
      load_symbol(lib, s.set_stream, "cusolverDnSetStream");
      for (int t = 0; t < 4; ++t) {
        const std::string p = std::string("cusolverDn") + kPrefix[t];
        const bool cx = t >= 2;
        load_symbol(lib, s.getrf_size[t], p + "getrf_bufferSize");
        load_symbol(lib, s.getrf[t], p + "getrf");
        load_symbol(lib, s.getrs[t], p + "getrs");
        load_symbol(lib, s.potrs[t], p + "potrs");
        load_symbol(lib, s.potri_size[t], p + "potri_bufferSize");
        load_symbol(lib, s.potri[t], p + "potri");
        load_symbol(lib, s.geqrf_size[t], p + "geqrf_bufferSize");
        load_symbol(lib, s.geqrf[t], p + "geqrf");
        load_symbol(lib, s.orgqr_size[t], p + (cx ? "ungqr_bufferSize" : "orgqr_bufferSize"));
        load_symbol(lib, s.orgqr[t], p + (cx ? "ungqr" : "orgqr"));
        load_symbol(lib, s.ormqr_size[t], p + (cx ? "unmqr_bufferSize" : "ormqr_bufferSize"));
        load_symbol(lib, s.ormqr[t], p + (cx ? "unmqr" : "ormqr"));
        load_symbol(lib, s.gesvd_size[t], p + "gesvd_bufferSize");
        load_symbol(lib, s.gesvd[t], p + "gesvd");
      }
    } catch (const Error& e) {
      failure = e.what();
    }
  });
  if (!failure.empty()) throw RuntimeError(failure);
  return s;
}

Trsm& trsm_lib() {
  static Trsm t;
  static std::once_flag once;
  static std::string failure;
  std::call_once(once, [] {
    try {
      void* lib = open_first({"libcublas.so.13", "libcublas.so.12", "libcublas.so"}, "triangular solves need cuBLAS, which");
      load_symbol(lib, t.create_handle, "cublasCreate_v2");
      load_symbol(lib, t.set_stream, "cublasSetStream_v2");
      for (int k = 0; k < 4; ++k) load_symbol(lib, t.trsm[k], std::string("cublas") + kPrefix[k] + "trsm_v2");
    } catch (const Error& e) {
      failure = e.what();
    }
  });
  if (!failure.empty()) throw RuntimeError(failure);
  return t;
}

void check_solver(Status s, const char* call) {
  if (s != 0)
    throw RuntimeError("cusolver error: CUSOLVER_STATUS_" + std::to_string(s) + ", when calling `" + call + "`");
}

Handle handle() {
  Solver& s = solver();
  const int device = current_device();
  if (s.handles.size() <= static_cast<size_t>(device)) s.handles.resize(static_cast<size_t>(device) + 1);
  Handle& h = s.handles[static_cast<size_t>(device)];
  if (!h) check_solver(s.create(&h), "cusolverDnCreate(handle)");
  check_solver(s.set_stream(h, current_stream(device)), "cusolverDnSetStream");
  return h;
}

int precision(DType d, const char* op) {
  switch (d) {
    case DType::Float32: return 0;
    case DType::Float64: return 1;
    case DType::Complex64: return 2;
    case DType::Complex128: return 3;
    default: kernels::not_implemented_for(op, d);
  }
}

// Device scratch of `bytes` bytes, from the caching allocator.
Tensor scratch(int64_t bytes, Device d) { return empty({std::max<int64_t>(bytes, 1)}, DType::UInt8, d); }

char* at(const Tensor& t, int64_t element) { return t.data_ptr() + element * t.itemsize(); }

int64_t batches_of(const Tensor& t) {
  const int64_t m = t.size(-2) * t.size(-1);
  return m == 0 ? 0 : t.numel() / m;
}

int I(int64_t v) { return static_cast<int>(v); }

// Reads `n` int32 infos back to the host.
std::vector<int32_t> read_infos(const Tensor& infos, int64_t n) {
  std::vector<int32_t> v(static_cast<size_t>(n));
  if (n > 0) read_bytes(v.data(), infos.storage(), infos.storage_offset() * 4, n * 4);
  return v;
}

}  // namespace

int64_t solve_kernel(const Tensor& lu, const Tensor& x) {
  const int t = precision(lu.dtype(), "linalg_solve_cuda");
  Solver& s = solver();
  const int64_t n = lu.size(-1), k = x.size(-1), batches = n == 0 ? 0 : lu.numel() / (n * n);
  if (batches == 0) return -1;
  Handle h = handle();
  Tensor piv = empty({batches, n}, DType::Int32, lu.device());
  Tensor infos = empty({batches}, DType::Int32, lu.device());
  int lwork = 0;
  check_solver(s.getrf_size[t](h, I(n), I(n), lu.data_ptr(), I(std::max<int64_t>(1, n)), &lwork), "getrf_bufferSize");
  Tensor work = scratch(static_cast<int64_t>(lwork) * lu.itemsize(), lu.device());
  int32_t* pv = reinterpret_cast<int32_t*>(piv.data_ptr());
  int32_t* info = reinterpret_cast<int32_t*>(infos.data_ptr());
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.getrf[t](h, I(n), I(n), at(lu, i * n * n), I(std::max<int64_t>(1, n)), work.data_ptr(), pv + i * n,
                            info + i),
                 "getrf");
  const std::vector<int32_t> host = read_infos(infos, batches);
  for (int64_t i = 0; i < batches; ++i)
    if (host[i] > 0) return i;  // a zero pivot: singular, whatever the right-hand side
  if (k > 0)
    for (int64_t i = 0; i < batches; ++i)
      check_solver(s.getrs[t](h, CUBLAS_OP_N, I(n), I(k), at(lu, i * n * n), I(std::max<int64_t>(1, n)), pv + i * n,
                              at(x, i * n * k), I(std::max<int64_t>(1, n)), info + i),
                   "getrs");
  after_launch();
  return -1;
}

void lu_factor_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& infos) {
  const int t = precision(lu.dtype(), "linalg_lu_factor_ex_cuda");
  Solver& s = solver();
  const int64_t n = lu.size(-1), m = lu.size(-2), batches = batches_of(lu);
  if (batches == 0) return;
  Handle h = handle();
  const int lda = I(std::max<int64_t>(1, m));
  int lwork = 0;
  check_solver(s.getrf_size[t](h, I(m), I(n), lu.data_ptr(), lda, &lwork), "getrf_bufferSize");
  Tensor work = scratch(static_cast<int64_t>(lwork) * lu.itemsize(), lu.device());
  const int64_t kp = std::min(m, n);
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.getrf[t](h, I(m), I(n), at(lu, i * m * n), lda, work.data_ptr(),
                            reinterpret_cast<int32_t*>(pivots.data_ptr()) + i * kp,
                            reinterpret_cast<int32_t*>(infos.data_ptr()) + i),
                 "getrf");
  after_launch();
}

void lu_solve_kernel(const Tensor& lu, const Tensor& pivots, const Tensor& x, bool adjoint) {
  const int t = precision(lu.dtype(), "linalg_lu_solve_cuda");
  Solver& s = solver();
  const int64_t n = lu.size(-1), k = x.size(-1), batches = batches_of(lu);
  if (batches == 0 || k == 0) return;
  Handle h = handle();
  Tensor infos = empty({1}, DType::Int32, lu.device());
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.getrs[t](h, adjoint ? CUBLAS_OP_C : CUBLAS_OP_N, I(n), I(k), at(lu, i * n * n),
                            I(std::max<int64_t>(1, n)), reinterpret_cast<const int32_t*>(pivots.data_ptr()) + i * n,
                            at(x, i * n * k),
                            I(std::max<int64_t>(1, n)), reinterpret_cast<int32_t*>(infos.data_ptr())),
                 "getrs");
  after_launch();
}

void triangular_solve_kernel(const Tensor& a, const Tensor& x, const kernels::TrsmArgs& args) {
  const int t = precision(a.dtype(), "triangular_solve_cuda");
  Trsm& lib = trsm_lib();
  const int64_t m = x.size(-2), k = x.size(-1), na = a.size(-1), batches = batches_of(x);
  if (batches == 0 || m == 0 || k == 0) return;
  const int device = current_device();
  if (lib.handles.size() <= static_cast<size_t>(device)) lib.handles.resize(static_cast<size_t>(device) + 1);
  cublasHandle_t& h = lib.handles[static_cast<size_t>(device)];
  if (!h && lib.create_handle(&h) != CUBLAS_STATUS_SUCCESS) throw RuntimeError("CUDA error: cublasCreate failed");
  lib.set_stream(h, current_stream(device));
  const double one[2] = {1, 0};
  const float one_f[2] = {1, 0};
  const void* alpha = t == 1 || t == 3 ? static_cast<const void*>(one) : one_f;
  const Op op = args.op == 'C' ? CUBLAS_OP_C : args.op == 'T' ? CUBLAS_OP_T : CUBLAS_OP_N;
  for (int64_t i = 0; i < batches; ++i) {
    const cublasStatus_t st =
        lib.trsm[t](h, args.left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT,
                    args.upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER, op,
                    args.unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT, I(m), I(k), alpha, at(a, i * na * na),
                    I(std::max<int64_t>(1, na)), at(x, i * m * k), I(std::max<int64_t>(1, m)));
    if (st != CUBLAS_STATUS_SUCCESS) throw RuntimeError("CUDA error: cublas trsm failed");
  }
  after_launch();
}

void cholesky_solve_kernel(const Tensor& factor, const Tensor& x, bool upper) {
  const int t = precision(factor.dtype(), "cholesky_solve_cuda");
  Solver& s = solver();
  const int64_t n = factor.size(-1), k = x.size(-1), batches = batches_of(factor);
  if (batches == 0 || k == 0) return;
  Handle h = handle();
  Tensor infos = empty({1}, DType::Int32, factor.device());
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.potrs[t](h, upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER, I(n), I(k),
                            at(factor, i * n * n), I(std::max<int64_t>(1, n)), at(x, i * n * k),
                            I(std::max<int64_t>(1, n)), reinterpret_cast<int32_t*>(infos.data_ptr())),
                 "potrs");
  after_launch();
}

void cholesky_inverse_kernel(const Tensor& factor, const Tensor& infos, bool upper) {
  const int t = precision(factor.dtype(), "cholesky_inverse_cuda");
  Solver& s = solver();
  const int64_t n = factor.size(-1), batches = batches_of(factor);
  if (batches == 0) return;
  Handle h = handle();
  const Fill fill = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  int lwork = 0;
  check_solver(s.potri_size[t](h, fill, I(n), factor.data_ptr(), I(std::max<int64_t>(1, n)), &lwork),
               "potri_bufferSize");
  Tensor work = scratch(static_cast<int64_t>(lwork) * factor.itemsize(), factor.device());
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.potri[t](h, fill, I(n), at(factor, i * n * n), I(std::max<int64_t>(1, n)), work.data_ptr(), lwork,
                            reinterpret_cast<int32_t*>(infos.data_ptr()) + i),
                 "potri");
  after_launch();
}

void geqrf_kernel(const Tensor& a, const Tensor& tau) {
  const int t = precision(a.dtype(), "geqrf_cuda");
  Solver& s = solver();
  const int64_t m = a.size(-2), n = a.size(-1), k = std::min(m, n), batches = batches_of(a);
  if (batches == 0) return;
  Handle h = handle();
  const int lda = I(std::max<int64_t>(1, m));
  int lwork = 0;
  check_solver(s.geqrf_size[t](h, I(m), I(n), a.data_ptr(), lda, &lwork), "geqrf_bufferSize");
  Tensor work = scratch(static_cast<int64_t>(lwork) * a.itemsize(), a.device());
  Tensor infos = empty({1}, DType::Int32, a.device());
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.geqrf[t](h, I(m), I(n), at(a, i * m * n), lda, at(tau, i * k), work.data_ptr(), lwork,
                            reinterpret_cast<int32_t*>(infos.data_ptr())),
                 "geqrf");
  after_launch();
}

void orgqr_kernel(const Tensor& a, const Tensor& tau) {
  const int t = precision(a.dtype(), "orgqr_cuda");
  Solver& s = solver();
  const int64_t m = a.size(-2), n = a.size(-1), k = tau.size(-1), batches = batches_of(a);
  if (batches == 0) return;
  Handle h = handle();
  const int lda = I(std::max<int64_t>(1, m));
  int lwork = 0;
  check_solver(s.orgqr_size[t](h, I(m), I(n), I(k), a.data_ptr(), lda, tau.data_ptr(), &lwork), "orgqr_bufferSize");
  Tensor work = scratch(static_cast<int64_t>(lwork) * a.itemsize(), a.device());
  Tensor infos = empty({1}, DType::Int32, a.device());
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.orgqr[t](h, I(m), I(n), I(k), at(a, i * m * n), lda, at(tau, i * k), work.data_ptr(), lwork,
                            reinterpret_cast<int32_t*>(infos.data_ptr())),
                 "orgqr");
  after_launch();
}

void ormqr_kernel(const Tensor& a, const Tensor& tau, const Tensor& c, bool left, bool transpose) {
  const int t = precision(a.dtype(), "ormqr_cuda");
  Solver& s = solver();
  const int64_t am = a.size(-2), an = a.size(-1), k = tau.size(-1);
  const int64_t m = c.size(-2), n = c.size(-1), batches = batches_of(c);
  if (batches == 0) return;
  Handle h = handle();
  const Side side = left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
  const Op op = !transpose ? CUBLAS_OP_N : t >= 2 ? CUBLAS_OP_C : CUBLAS_OP_T;
  const int lda = I(std::max<int64_t>(1, am)), ldc = I(std::max<int64_t>(1, m));
  int lwork = 0;
  check_solver(s.ormqr_size[t](h, side, op, I(m), I(n), I(k), a.data_ptr(), lda, tau.data_ptr(), c.data_ptr(), ldc,
                               &lwork),
               "ormqr_bufferSize");
  Tensor work = scratch(static_cast<int64_t>(lwork) * a.itemsize(), a.device());
  Tensor infos = empty({1}, DType::Int32, a.device());
  for (int64_t i = 0; i < batches; ++i)
    check_solver(s.ormqr[t](h, side, op, I(m), I(n), I(k), at(a, i * am * an), lda, at(tau, i * k), at(c, i * m * n),
                            ldc, work.data_ptr(), lwork, reinterpret_cast<int32_t*>(infos.data_ptr())),
                 "ormqr");
  after_launch();
}

namespace {

// dst (batches, cols, rows) column-major := the conjugate transpose of src (batches, rows, cols) column-major.
void conj_transpose_into(const Tensor& dst, const Tensor& src) {
  const int64_t b = src.dim() > 2 ? batches_of(src) : 1, rows = src.size(-2), cols = src.size(-1);
  const Tensor s = src.as_view({b, cols, rows}, {rows * cols, rows, 1}, src.storage_offset());
  const Tensor d = dst.as_view({b, cols, rows}, {rows * cols, 1, cols}, dst.storage_offset());
  kernels_on_device::copy_kernel(d, s);
  if (is_complex(src.dtype())) kernels_on_device::unary_kernel(UnaryOp::Conj, d, d, UnaryParams{});
}

}  // namespace

int64_t svd_kernel(const Tensor& a, const Tensor& s, const Tensor& u, const Tensor& vh, bool full, bool compute_uv) {
  const int t = precision(a.dtype(), "linalg_svd_cuda");
  Solver& lib = solver();
  const int64_t m = a.size(-2), n = a.size(-1), k = std::min(m, n), batches = batches_of(a);
  if (batches == 0) return -1;
  // gesvd wants m >= n: a wide matrix goes in as its conjugate transpose, whose u and vh are ours swapped.
  const bool wide = m < n;
  const int64_t rm = wide ? n : m, rn = wide ? m : n;
  Tensor in = a;
  if (wide) {
    in = empty_strided({batches, rm, rn}, {rm * rn, 1, rm}, a.dtype(), a.device());
    conj_transpose_into(in, a.as_view({batches, m, n}, {m * n, 1, m}, a.storage_offset()));
  }
  const int64_t ucols = full ? rm : k, vrows = full ? rn : k;
  Tensor ru, rvh;
  if (compute_uv) {
    ru = wide ? empty_strided({batches, rm, ucols}, {rm * ucols, 1, rm}, a.dtype(), a.device()) : u;
    rvh = wide ? empty_strided({batches, vrows, rn}, {vrows * rn, 1, vrows}, a.dtype(), a.device()) : vh;
  }
  Handle h = handle();
  int lwork = 0;
  check_solver(lib.gesvd_size[t](h, I(rm), I(rn), &lwork), "gesvd_bufferSize");
  Tensor work = scratch(static_cast<int64_t>(lwork) * a.itemsize(), a.device());
  Tensor infos = empty({batches}, DType::Int32, a.device());
  const signed char job = !compute_uv ? 'N' : full ? 'A' : 'S';
  for (int64_t i = 0; i < batches; ++i)
    check_solver(lib.gesvd[t](h, job, job, I(rm), I(rn), at(in, i * rm * rn), I(std::max<int64_t>(1, rm)),
                              at(s, i * k), compute_uv ? at(ru, i * rm * ucols) : nullptr, I(std::max<int64_t>(1, rm)),
                              compute_uv ? at(rvh, i * vrows * rn) : nullptr, I(std::max<int64_t>(1, vrows)),
                              work.data_ptr(), lwork, nullptr, reinterpret_cast<int32_t*>(infos.data_ptr()) + i),
                 "gesvd");
  if (wide && compute_uv) {
    conj_transpose_into(u, rvh);  // u (m x ...) = (V'^H)^H
    conj_transpose_into(vh, ru);  // vh (... x n) = U'^H
  }
  after_launch();
  const std::vector<int32_t> host = read_infos(infos, batches);
  for (int64_t i = 0; i < batches; ++i)
    if (host[i] != 0) return i;
  return -1;
}

}  // namespace tsh::cuda
