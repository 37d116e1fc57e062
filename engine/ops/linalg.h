// engine/ops/linalg.h — torch.linalg: linear solves.
//
// PyTorch's checks and messages in PyTorch's order; the LAPACK calls are in
// the backend's solve kernel (engine/kernels/linalg.h). A singular matrix raises LinAlgError
// (torch._C._LinAlgError), naming the batch element when A is batched.
#pragma once

#include "engine/core/tensor.h"

namespace tsh {

// X with A @ X = B (left) or X @ A = B (left=false). A is (*, n, n) of a
// floating or complex dtype; B is (*, n, k), or a vector (n) / batch of
// vectors (A's shape without its last dim), of A's dtype. Batch dims
// broadcast. The result has B's broadcast shape, column-major in its last
// two dims when left (as PyTorch lays it out), row-major otherwise.
Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left = true);

// linalg.solve's checks, in PyTorch's order: B as a matrix (a vector gains a last dim), whether it
// was a vector, and the broadcast batch shape.
struct SolveArgs {
  Tensor B2;
  bool vector_case = false;
  Shape batch;
};
SolveArgs check_solve_args(const Tensor& A, const Tensor& B, bool left);

// Contiguous strides, except that the last two dims are column-major when column_major
// (PyTorch's batched_matrix_contiguous_strides: the layout LAPACK works in and PyTorch returns).
Shape matrix_strides(const Shape& sizes, bool column_major);

}  // namespace tsh
