// engine/cuda/blas.cpp — matrix products on the GPU through cuBLAS, opened at first use.
//
// cuBLAS is loaded with dlopen the first time a CUDA product runs, so that
// the tsh binary starts on machines without it (and without a GPU). Row-major
// products are computed as their column-major transposes (C^T = B^T A^T):
// operands with unit stride along either dim go in as they are, flagged
// transposed where needed; any other layout is made contiguous first.
// float32 products do not use TF32 unless torch.backends.cuda.matmul.allow_tf32
// is set, as in PyTorch; the 16-bit floats accumulate in float.
#include <cublas_api.h>
#include <dlfcn.h>

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/cuda/backend.h"
#include "engine/cuda/blas.h"
#include "engine/cuda/runtime.h"
#include "engine/kernels/coverage.h"
#include "engine/cuda/kernels.h"

namespace tsh::cuda {

namespace {

struct Cublas {
  decltype(&cublasCreate_v2) create = nullptr;
  decltype(&cublasSetStream_v2) set_stream = nullptr;
  decltype(&cublasSetMathMode) set_math_mode = nullptr;
  decltype(&cublasSetPointerMode_v2) set_pointer_mode = nullptr;
  // Spelled out: C++ sees two overloads of each (cudaDataType_t or cublasComputeType_t compute types).
  using GemmFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                                    const void*, cudaDataType_t, int, const void*, cudaDataType_t, int, const void*,
                                    void*, cudaDataType_t, int, cublasComputeType_t, cublasGemmAlgo_t);
  using GemmBatchedFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                           const void*, const void*, cudaDataType_t, int, long long, const void*,
                                           cudaDataType_t, int, long long, const void*, void*, cudaDataType_t, int,
                                           long long, int, cublasComputeType_t, cublasGemmAlgo_t);
  GemmFn gemm = nullptr;
  GemmBatchedFn gemm_batched = nullptr;
  decltype(&cublasDotEx) dot = nullptr;
  decltype(&cublasDotcEx) dotc = nullptr;
  std::vector<cublasHandle_t> handles;  // per device
};

Cublas& library() {
  static Cublas lib;
  static std::once_flag once;
  static std::string failure;
  std::call_once(once, [] {
    void* h = nullptr;
    for (const char* name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so"})
      if ((h = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
    if (!h) {
      failure = std::string("CUDA matrix products need cuBLAS, which could not be loaded: ") + dlerror();
      return;
    }
    auto sym = [h](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(h, name));
      if (!fn) failure = std::string("cuBLAS lacks ") + name;
    };
    sym(lib.create, "cublasCreate_v2");
    sym(lib.set_stream, "cublasSetStream_v2");
    sym(lib.set_math_mode, "cublasSetMathMode");
    sym(lib.set_pointer_mode, "cublasSetPointerMode_v2");
    sym(lib.gemm, "cublasGemmEx");
    sym(lib.gemm_batched, "cublasGemmStridedBatchedEx");
    sym(lib.dot, "cublasDotEx");
    sym(lib.dotc, "cublasDotcEx");
  });
  if (!failure.empty()) throw RuntimeError(failure);
  return lib;
}

void check_blas(cublasStatus_t s, const char* call) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw RuntimeError("CUDA error: CUBLAS_STATUS_" + std::to_string(static_cast<int>(s)) + " when calling `" + call +
                       "`");
}

// The device's handle, on the current stream, with the math mode torch.backends asks for.
cublasHandle_t handle() {
  Cublas& lib = library();
  const int device = current_device();
  if (lib.handles.size() <= static_cast<size_t>(device)) lib.handles.resize(static_cast<size_t>(device) + 1);
  cublasHandle_t& h = lib.handles[static_cast<size_t>(device)];
  if (!h) check_blas(lib.create(&h), "cublasCreate(handle)");
  check_blas(lib.set_stream(h, current_stream(device)), "cublasSetStream");
  check_blas(lib.set_math_mode(h, tf32_allowed() ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH),
             "cublasSetMathMode");
  return h;
}

struct Types {
  cudaDataType_t data;
  cublasComputeType_t compute;
};

Types types_of(DType d, const char* op) {
  switch (d) {
    case DType::Float16: return {CUDA_R_16F, CUBLAS_COMPUTE_32F};
    case DType::BFloat16: return {CUDA_R_16BF, CUBLAS_COMPUTE_32F};
    case DType::Float32: return {CUDA_R_32F, CUBLAS_COMPUTE_32F};
    case DType::Float64: return {CUDA_R_64F, CUBLAS_COMPUTE_64F};
    case DType::Complex64: return {CUDA_C_32F, CUBLAS_COMPUTE_32F};
    case DType::Complex128: return {CUDA_C_64F, CUBLAS_COMPUTE_64F};
    default: kernels::not_implemented_for(op, d);
  }
}

// alpha = 1 and beta = 0 in the compute type (a complex pair holds both parts).
struct Coefficients {
  double one[2] = {1, 0}, zero[2] = {0, 0};
  float one_f[2] = {1, 0}, zero_f[2] = {0, 0};
  const void* alpha(cublasComputeType_t c) const { return c == CUBLAS_COMPUTE_64F ? static_cast<const void*>(one) : one_f; }
  const void* beta(cublasComputeType_t c) const { return c == CUBLAS_COMPUTE_64F ? static_cast<const void*>(zero) : zero_f; }
};

// How a (rows x cols) matrix with strides (s0, s1) goes into cuBLAS: as its
// column-major transpose (row-major storage), as itself (column-major), or not at all.
struct Operand {
  const void* data;
  int64_t ld;
  bool col_major;  // true: stored column-major, so its row-major use needs a transpose flag
};

std::optional<Operand> as_operand(const Tensor& t, int64_t rows, int64_t cols, int64_t s0, int64_t s1) {
  const int64_t e0 = rows == 1 ? cols : s0, e1 = cols == 1 ? 1 : s1;
  if (e1 == 1 && e0 >= std::max<int64_t>(1, cols)) return Operand{t.data_ptr(), e0, false};
  const int64_t c0 = rows == 1 ? 1 : s0, c1 = cols == 1 ? rows : s1;
  if (c0 == 1 && c1 >= std::max<int64_t>(1, rows)) return Operand{t.data_ptr(), c1, true};
  return std::nullopt;
}

// A contiguous copy made by this backend's own copy kernel (a backend does not call the op layer).
Tensor dense_copy(const Tensor& t) {
  Tensor c = empty(t.sizes(), t.dtype(), t.device());
  kernels_on_device::copy_kernel(c, t);
  return c;
}

// out (batches, m, n) contiguous = a (batches, m, k) @ b (batches, k, n); 2-d tensors are one batch.
void gemm(const Tensor& out, Tensor a, Tensor b, const char* op) {
  const bool batched = out.dim() == 3;
  const int64_t batches = batched ? out.size(0) : 1;
  const int64_t m = out.size(batched ? 1 : 0), n = out.size(batched ? 2 : 1), k = a.size(batched ? 2 : 1);
  const Types ty = types_of(out.dtype(), op);
  const int d0 = batched ? 1 : 0;
  auto oa = as_operand(a, m, k, a.stride(d0), a.stride(d0 + 1));
  if (!oa) {
    a = dense_copy(a);
    oa = as_operand(a, m, k, a.stride(d0), a.stride(d0 + 1));
  }
  auto ob = as_operand(b, k, n, b.stride(d0), b.stride(d0 + 1));
  if (!ob) {
    b = dense_copy(b);
    ob = as_operand(b, k, n, b.stride(d0), b.stride(d0 + 1));
  }
  const Coefficients c;
  Cublas& lib = library();
  cublasHandle_t h = handle();
  // C^T (n x m) = B^T (n x k) · A^T (k x m), all column-major.
  const cublasOperation_t tb = ob->col_major ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t ta = oa->col_major ? CUBLAS_OP_T : CUBLAS_OP_N;
  const auto I = [](int64_t v) { return static_cast<int>(v); };
  if (!batched) {
    check_blas(lib.gemm(h, tb, ta, I(n), I(m), I(k), c.alpha(ty.compute), ob->data, ty.data, I(ob->ld), oa->data,
                        ty.data, I(oa->ld), c.beta(ty.compute), out.data_ptr(), ty.data, I(n), ty.compute,
                        CUBLAS_GEMM_DEFAULT),
               "cublasGemmEx");
  } else {
    check_blas(lib.gemm_batched(h, tb, ta, I(n), I(m), I(k), c.alpha(ty.compute), ob->data, ty.data, I(ob->ld),
                                b.stride(0), oa->data, ty.data, I(oa->ld), a.stride(0), c.beta(ty.compute),
                                out.data_ptr(), ty.data, I(n), m * n, I(batches), ty.compute, CUBLAS_GEMM_DEFAULT),
               "cublasGemmStridedBatchedEx");
  }
  after_launch();
}

}  // namespace

void mm_kernel(const Tensor& out, const Tensor& a, const Tensor& b) { gemm(out, a, b, "addmm_cuda"); }

void bmm_kernel(const Tensor& out, const Tensor& a, const Tensor& b) { gemm(out, a, b, "bmm_cuda"); }

// out (m) = mat (m x k) @ vec (k): a product with one column.
void mv_kernel(const Tensor& out, const Tensor& mat, const Tensor& vec) {
  const int64_t m = mat.size(0), k = mat.size(1);
  gemm(out.as_view({m, 1}, {1, 1}, out.storage_offset()), mat, vec.as_view({k, 1}, {vec.stride(0), 1}, vec.storage_offset()),
       "addmv_cuda");
}

void dot_kernel(const Tensor& out, const Tensor& a, const Tensor& b, bool conj_a) {
  const Types ty = types_of(out.dtype(), "dot_cuda");
  Cublas& lib = library();
  cublasHandle_t h = handle();
  const int64_t n = a.numel();
  const int inca = n == 1 ? 1 : static_cast<int>(a.stride(0)), incb = n == 1 ? 1 : static_cast<int>(b.stride(0));
  const cudaDataType_t exec = ty.compute == CUBLAS_COMPUTE_64F ? (ty.data == CUDA_C_64F ? CUDA_C_64F : CUDA_R_64F)
                                                               : (ty.data == CUDA_C_32F ? CUDA_C_32F : CUDA_R_32F);
  check_blas(lib.set_pointer_mode(h, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
  const cublasStatus_t s = (conj_a ? lib.dotc : lib.dot)(h, static_cast<int>(n), a.data_ptr(), ty.data, inca,
                                                         b.data_ptr(), ty.data, incb, out.data_ptr(), ty.data, exec);
  check_blas(lib.set_pointer_mode(h, CUBLAS_POINTER_MODE_HOST), "cublasSetPointerMode");
  check_blas(s, conj_a ? "cublasDotcEx" : "cublasDotEx");
  after_launch();
}

}  // namespace tsh::cuda
