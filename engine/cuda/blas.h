// engine/cuda/blas.h — matrix products through cuBLAS (engine/cuda/blas.cpp).
#pragma once

#include "engine/core/tensor.h"

namespace tsh::cuda {

void mm_kernel(const Tensor& out, const Tensor& a, const Tensor& b);
void bmm_kernel(const Tensor& out, const Tensor& a, const Tensor& b);
void mv_kernel(const Tensor& out, const Tensor& mat, const Tensor& vec);
void dot_kernel(const Tensor& out, const Tensor& a, const Tensor& b, bool conj_a);

}  // namespace tsh::cuda
