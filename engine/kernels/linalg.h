// engine/kernels/linalg.h — matrix products and solves.
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

using ProductFn = void (*)(const Tensor& out, const Tensor& a, const Tensor& b);
using DotFn = void (*)(const Tensor& out, const Tensor& a, const Tensor& b, bool conj_a);
// For each batch element i, solves lu[i] @ X = x[i] and overwrites x[i] with X
// (LU with partial pivoting; lu[i] is overwritten by its factors). lu is
// (batches, n, n) and x (batches, n, k), each matrix column-major. Returns the
// first batch element whose matrix is singular, or -1 when every one was solved.
using SolveFn = int64_t (*)(const Tensor& lu, const Tensor& x);

extern Kernel<ProductFn> mm;
extern Kernel<ProductFn> bmm;
extern Kernel<ProductFn> mv;
extern Kernel<DotFn> dot;
extern Kernel<SolveFn> solve;

}  // namespace tsh::kernels
