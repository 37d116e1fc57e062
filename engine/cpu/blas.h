// engine/cpu/blas.h — CPU kernels for matrix products: mm, bmm, mv, dot.
//
// The op layer (engine/ops/matmul.cpp) has checked shapes and dtypes and
// allocated a fresh contiguous output; the kernels only compute. float,
// double and the complex types go through OpenBLAS with the same operand
// layout PyTorch chooses (so the sums run in the same order and the bits
// match); the other dtypes use plain loops that accumulate the way PyTorch's
// fallbacks do (integers wrap, float16/bfloat16 accumulate in float).
#pragma once

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh::cpu {

// out (m x n, contiguous) = a (m x k) @ b (k x n); any strides; m, n, k >= 1.
void mm_kernel(const Tensor& out, const Tensor& a, const Tensor& b);
void addmm_kernel(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha);
// out (B x m x n, contiguous) = a[i] @ b[i] for each i; any strides; every size >= 1.
void bmm_kernel(const Tensor& out, const Tensor& a, const Tensor& b);
// out (m, contiguous) = mat (m x k) @ vec (k); any strides; m, k >= 1.
void mv_kernel(const Tensor& out, const Tensor& mat, const Tensor& vec);
// out (0-d) = sum over i of a[i] * b[i], with a[i] conjugated when conj_a; any length.
void dot_kernel(const Tensor& out, const Tensor& a, const Tensor& b, bool conj_a);

}  // namespace tsh::cpu
