// engine/ops/linalg_util.h — what the linear-algebra ops share: batch shapes, PyTorch's square-matrix
// and dtype checks, and the column-major copies LAPACK overwrites.
#pragma once

#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/tensor.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg.h"
#include "engine/ops/views.h"

namespace tsh::linalg_util {

inline std::string S(int64_t v) { return std::to_string(v); }

inline Shape batch_of(const Tensor& t) { return Shape(t.sizes().begin(), t.sizes().end() - 2); }

inline Shape with_matrix(Shape batch, int64_t rows, int64_t cols) {
  batch.push_back(rows);
  batch.push_back(cols);
  return batch;
}

// "op: Expected a floating point or complex tensor as input. Got Long" (NotImplementedError, as PyTorch).
inline void check_floating(const Tensor& A, const std::string& op) {
  TSH_CHECK(is_floating(A.dtype()) || is_complex(A.dtype()), NotImplementedError,
            op + ": Expected a floating point or complex tensor as input. Got " + scalar_type_name(A.dtype()));
}

// At least 2 dims ("The input tensor A must have at least 2 dimensions.").
inline void check_matrix(const Tensor& A, const std::string& op, const char* name = "A") {
  TSH_CHECK(A.dim() >= 2, RuntimeError,
            op + ": The input tensor " + name + " must have at least 2 dimensions.");
}

// PyTorch's checks on A: at least 2 dims, square, then a floating or complex dtype (dtype first when asked),
// and no half precision (LAPACK has none).
inline void check_square(const Tensor& A, const std::string& op, bool dtype_first = false) {
  if (dtype_first) check_floating(A, op);
  check_matrix(A, op);
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            op + ": A must be batches of square matrices, but they are " + S(A.size(-2)) + " by " + S(A.size(-1)) +
                " matrices");
  if (!dtype_first) check_floating(A, op);
  TSH_CHECK(A.dtype() != DType::Float16 && A.dtype() != DType::BFloat16, NotImplementedError,
            std::string("\"lu_cpu\" not implemented for '") + scalar_type_name(A.dtype()) + "'");
}

// A column-major copy of t broadcast to shape, for LAPACK to overwrite.
inline Tensor column_major(const Tensor& t, const Shape& shape) {
  Tensor out = empty_strided(shape, matrix_strides(shape, true), t.dtype(), t.device());
  copy_(out, expand(t, shape));
  return out;
}

// Whether a kernel has anything to compute (not empty, not on the meta device).
inline bool computes(const Tensor& t) { return t.numel() > 0 && !t.device().is_meta(); }

// LAPACK's info per matrix, checked in batch order. A negative info is an argument LAPACK refused
// and computed nothing for: PyTorch's internal error, never the unwritten output. A positive one
// is what the function reports: words(where, info) throws it, where is "(Batch element i): ".
template <typename Words>
void check_infos(const Tensor& infos, bool batched, const std::string& op, Words words) {
  if (!computes(infos)) return;
  const std::vector<int64_t> v = int_values(contiguous(infos));
  for (size_t i = 0; i < v.size(); ++i) {
    TSH_CHECK(v[i] >= 0, RuntimeError,
              op + ": Argument " + S(-v[i]) +
                  " has illegal value. Most certainly there is a bug in the implementation calling the backend "
                  "library.");
    if (v[i] > 0) words(batched ? "(Batch element " + S(static_cast<int64_t>(i)) + "): " : "", v[i]);
  }
}

// The real dtype of a complex one (float32 for complex64), else the dtype itself.
inline DType real_dtype(DType d) {
  return d == DType::Complex64 ? DType::Float32 : d == DType::Complex128 ? DType::Float64 : d;
}

}  // namespace tsh::linalg_util
